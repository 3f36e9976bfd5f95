//! The Kattis protocol (problemtools, DOMjudge), for output validators and interactors alike: `program
//! INPUT ANSWER FEEDBACK_DIR [args]`, the output on stdin (an interactor's stdin and stdout are the
//! solution's output and input); exit 42 AC, 43 WA, anything else a judge error;
//! `FEEDBACK_DIR/judgemessage.txt` (and `teammessage.txt`) is the message, `score.txt` a score.

use std::ffi::OsString;
use std::fs;
use std::path::Path;

use super::Judgement;

/// How much of a feedback file is read (the folder is the program's: its files may be anything, links and
/// FIFOs included, and are read only as regular files).
const FEEDBACK_BYTES: u64 = 1 << 20;

/// The arguments before the problem's own.
pub fn args(input: &Path, answer: &Path, feedback: &Path) -> Vec<OsString> {
    let path = |p: &Path| p.as_os_str().to_owned();
    vec![path(input), path(answer), feedback_arg(feedback)]
}

/// The feedback folder as the protocol passes it: with a final `/`, since validators build their file
/// names by appending to it.
pub fn feedback_arg(feedback: &Path) -> OsString {
    let mut arg = feedback.as_os_str().to_owned();
    arg.push("/");
    arg
}

/// The exit code that accepts.
pub const ACCEPTED: i32 = 42;

/// What an exit code says; the error says why it is a judge error.
pub fn said(code: i32) -> Result<Judgement, String> {
    match code {
        ACCEPTED => Ok(Judgement::Accepted),
        43 => Ok(Judgement::Wrong),
        _ => Err(format!(
            "exit code {code}, which the Kattis protocol does not define (42 AC, 43 WA)"
        )),
    }
}

/// The feedback folder's messages, `judgemessage.txt` then `teammessage.txt`, the empty ones left out.
pub fn message(feedback: &Path) -> String {
    ["judgemessage.txt", "teammessage.txt"]
        .iter()
        .filter_map(|name| crate::sandbox::read_written(&feedback.join(name), FEEDBACK_BYTES))
        .map(|bytes| String::from_utf8_lossy(&bytes).trim_end().to_string())
        .filter(|text| !text.is_empty())
        .collect::<Vec<_>>()
        .join("\n")
}

/// The score in `FEEDBACK_DIR/score.txt`, when there is one; `Err` when it is not a number.
pub fn score_file(feedback: &Path) -> std::result::Result<Option<f64>, String> {
    number_file(feedback, "score.txt")
}

/// 2025-09's other way to score, `FEEDBACK_DIR/score_multiplier.txt`: a fraction of the test's maximum
/// score, from 0 to 1 (whether the test has a maximum is the scoring's to judge); `Err` when it is not
/// such a number, or when `score.txt` is there too.
pub fn score_multiplier_file(feedback: &Path) -> std::result::Result<Option<f64>, String> {
    let Some(multiplier) = number_file(feedback, "score_multiplier.txt")? else {
        return Ok(None);
    };
    if fs::symlink_metadata(feedback.join("score.txt")).is_ok() {
        return Err(
            "the validator wrote both score.txt and score_multiplier.txt; write one".into(),
        );
    }
    match (0.0..=1.0).contains(&multiplier) {
        true => Ok(Some(multiplier)),
        false => Err(format!(
            "the validator's score_multiplier.txt says {multiplier}, outside 0 to 1"
        )),
    }
}

fn number_file(feedback: &Path, name: &str) -> std::result::Result<Option<f64>, String> {
    let Some(bytes) = crate::sandbox::read_written(&feedback.join(name), FEEDBACK_BYTES) else {
        return Ok(None);
    };
    let text = String::from_utf8_lossy(&bytes);
    match text.trim().parse::<f64>() {
        Ok(score) if score.is_finite() => Ok(Some(score)),
        _ => Err(format!(
            "the validator's {name} is not a number: `{}`",
            super::program::truncate(text.trim())
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn score_files() {
        let dir = std::env::temp_dir().join(format!("harness-score-files-{}", std::process::id()));
        fs::create_dir_all(&dir).unwrap();
        assert_eq!(score_file(&dir), Ok(None));
        fs::write(dir.join("score.txt"), "12.5\n").unwrap();
        assert_eq!(score_file(&dir), Ok(Some(12.5)));
        fs::write(dir.join("score.txt"), "lots\n").unwrap();
        assert!(score_file(&dir).unwrap_err().contains("not a number"));
        fs::write(dir.join("score_multiplier.txt"), "0.5\n").unwrap();
        assert!(score_multiplier_file(&dir).unwrap_err().contains("both"));
        fs::remove_file(dir.join("score.txt")).unwrap();
        assert_eq!(score_multiplier_file(&dir), Ok(Some(0.5)));
        fs::write(dir.join("score_multiplier.txt"), "1.5\n").unwrap();
        assert!(score_multiplier_file(&dir)
            .unwrap_err()
            .contains("outside 0 to 1"));
        fs::remove_dir_all(&dir).unwrap();
    }
}
