//! The testlib protocol (Codeforces, Polygon), for checkers and interactors alike: `checker INPUT OUTPUT
//! ANSWER`, `interactor INPUT TRANSCRIPT` (what it writes there is then judged by the problem's checker as
//! the output); exit 0 AC, 1 WA, 2 PE, 3 FAIL (a judge error), 4 PE (output in a wrong format), 7 points
//! (WA, the points in the message), 8 WA (output ended early); stderr is the message.

use std::ffi::OsString;
use std::path::Path;

use super::Judgement;

/// A checker's arguments; its stdin is empty.
pub fn checker_args(input: &Path, output: &Path, answer: &Path) -> Vec<OsString> {
    [input, output, answer]
        .map(|p| p.as_os_str().to_owned())
        .to_vec()
}

/// An interactor's arguments: the test's input, and the transcript it writes for the checker.
pub fn interactor_args(input: &Path, transcript: &Path) -> Vec<OsString> {
    [input, transcript]
        .map(|p| p.as_os_str().to_owned())
        .to_vec()
}

/// The exit code that accepts.
pub const ACCEPTED: i32 = 0;

/// What an exit code says; the error says why it is a judge error (FAIL, or a code testlib does not define).
pub fn said(code: i32) -> Result<Judgement, String> {
    match code {
        ACCEPTED => Ok(Judgement::Accepted),
        1 | 7 | 8 => Ok(Judgement::Wrong),
        2 | 4 => Ok(Judgement::Presentation),
        3 => Err("it said FAIL (exit code 3)".to_string()),
        _ => Err(format!(
            "exit code {code}, which the testlib protocol does not define (0 AC, 1 WA, 2 PE, 3 FAIL, 4 PE, 7 points, 8 WA)"
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn testlib_codes() {
        let table = [
            (0, Some(Judgement::Accepted)),
            (1, Some(Judgement::Wrong)),
            (2, Some(Judgement::Presentation)),
            (3, None),
            (4, Some(Judgement::Presentation)),
            (5, None),
            (7, Some(Judgement::Wrong)),
            (8, Some(Judgement::Wrong)),
            (42, None),
        ];
        for (code, want) in table {
            assert_eq!(said(code).ok(), want, "exit {code}");
        }
        assert!(said(3).unwrap_err().contains("said FAIL"));
    }
}
