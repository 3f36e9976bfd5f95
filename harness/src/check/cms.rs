//! CMS's checker protocol (the "comparator" of its Batch tasks, `check/checker` or `cor/correttore` of
//! an italian_yaml task, `checker/` of a TPS one): `checker INPUT ANSWER OUTPUT`, its stdin empty; it
//! exits 0 and writes the outcome, a number (from 0 to 1 but for GroupThreshold's tasks), as the first
//! line of its stdout, and the message for the contestant as the first line of its stderr. Anything
//! else (another exit code, no number) is a judge error (`cms/grading/steps/trusted.py`).

use std::ffi::OsString;
use std::path::Path;

use super::Judgement;

/// How much of its stdout is read.
const STDOUT_BYTES: u64 = 64 << 10;

/// A checker's arguments: the input, the expected output, the contestant's output.
pub fn args(input: &Path, answer: &Path, output: &Path) -> Vec<OsString> {
    [input, answer, output]
        .map(|p| p.as_os_str().to_owned())
        .to_vec()
}

/// The exit code of a checker that said something.
pub const ACCEPTED: i32 = 0;

/// What an exit code says: 0 that the outcome is on stdout, anything else a judge error.
pub fn said(code: i32) -> Result<Judgement, String> {
    match code {
        ACCEPTED => Ok(Judgement::Accepted),
        _ => Err(format!(
            "exit code {code}: a CMS checker exits 0 and writes its outcome on stdout"
        )),
    }
}

/// The outcome on the first line of the checker's stdout (the file `stdout`), and what it says: accepted
/// at 1 or more, else a wrong answer (a partial one above 0: its score says how much).
pub fn outcome(stdout: &Path) -> Result<(Judgement, f64), String> {
    let bytes = crate::sandbox::read_written(stdout, STDOUT_BYTES).unwrap_or_default();
    let text = String::from_utf8_lossy(&bytes);
    let first = text.lines().next().unwrap_or("").trim();
    match first.parse::<f64>() {
        Ok(outcome) if outcome.is_finite() => {
            let judgement = match outcome >= 1.0 {
                true => Judgement::Accepted,
                false => Judgement::Wrong,
            };
            Ok((judgement, outcome))
        }
        _ => Err(format!(
            "the first line of its stdout is not a number (the outcome): `{}`",
            super::program::truncate(first)
        )),
    }
}

/// The message: the first line of its stderr. CMS's `translate:` messages are said in words.
pub fn message(stderr: &str) -> String {
    let first = stderr.lines().next().unwrap_or("").trim();
    match first {
        "translate:success" => "Output is correct".to_string(),
        "translate:wrong" => "Output isn't correct".to_string(),
        "translate:partial" => "Output is partially correct".to_string(),
        other => other.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn outcomes_are_read_from_the_first_line() {
        let dir = std::env::temp_dir().join(format!("harness-cms-outcome-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("out");
        let read = |text: &str| {
            std::fs::write(&file, text).unwrap();
            outcome(&file)
        };
        assert_eq!(read("1.0\n"), Ok((Judgement::Accepted, 1.0)));
        assert_eq!(read("0.25\nignored\n"), Ok((Judgement::Wrong, 0.25)));
        assert_eq!(read("0\n"), Ok((Judgement::Wrong, 0.0)));
        assert!(read("").unwrap_err().contains("not a number"));
        assert!(read("ok\n").unwrap_err().contains("`ok`"));
        std::fs::remove_dir_all(&dir).unwrap();
        assert_eq!(
            message("translate:partial\nmore"),
            "Output is partially correct"
        );
        assert_eq!(message("wrong at line 3\n"), "wrong at line 3");
        assert!(said(1).unwrap_err().contains("exit code 1"));
    }
}
