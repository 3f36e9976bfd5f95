//! Checker programs, in the two protocols people write them in (ARCHITECTURE.md, "Problems"):
//! - testlib: `checker INPUT OUTPUT ANSWER`; exit 0 AC, 1 WA, 2 PE, 3 FAIL (a judge error), 4 PE (output
//!   in a wrong format), 7 points (WA, the points in the message), 8 WA (output ended early); its stderr is
//!   the message.
//! - Kattis: `validator INPUT ANSWER FEEDBACK_DIR [args] < OUTPUT`; exit 42 AC, 43 WA, anything else a
//!   judge error; `FEEDBACK_DIR/judgemessage.txt` (and `teammessage.txt`) is the message.
//!
//! A checker runs in the sandbox under its own limits, so a checker that crashes, loops or floods is a
//! judge error (JE) for that test, never a hung judge.

use std::ffi::OsString;
use std::fs;
use std::path::Path;

use anyhow::{Context, Result};

use super::{CheckFiles, CheckResult, Checker, Judgement};
use crate::grade::judge_run;
use crate::lang::Executable;
use crate::model::{Invocation, Limits, Protocol, RunOutcome, Verdict};
use crate::sandbox;
use crate::sandbox::Bind;

/// How much of a checker's message is kept.
pub const MESSAGE_BYTES: usize = 2048;
/// How much of a feedback file is read (the folder is the checker's: its files may be anything).
const FEEDBACK_BYTES: u64 = 1 << 20;

/// A compiled checker program with its protocol and extra arguments.
#[derive(Debug, Clone)]
pub struct ProgramChecker {
    pub executable: Executable,
    pub protocol: Protocol,
    pub args: Vec<String>,
    pub limits: Limits,
}

impl ProgramChecker {
    /// The limits of a checker: 10 s of CPU, 1 GiB, 1 MiB of output.
    pub fn default_limits() -> Limits {
        Limits {
            cpu_ms: 10_000,
            wall_ms: 31_000,
            memory_kb: 1 << 20,
            output_bytes: 1 << 20,
        }
    }
}

impl Checker for ProgramChecker {
    fn check(&self, files: &CheckFiles) -> Result<CheckResult> {
        let feedback = files.scratch.join("feedback");
        empty_folder(&feedback)?;
        let path = |p: &Path| p.as_os_str().to_owned();
        let (mut args, stdin): (Vec<OsString>, &Path) = match self.protocol {
            Protocol::Testlib => (
                vec![path(files.input), path(files.output), path(files.answer)],
                Path::new("/dev/null"),
            ),
            Protocol::Kattis => (
                vec![
                    path(files.input),
                    path(files.answer),
                    feedback_arg(&feedback),
                ],
                files.output,
            ),
        };
        args.extend(self.args.iter().map(OsString::from));
        // It reads its files and writes its feedback, and nothing else of the machine's.
        let command = Invocation {
            binds: binds(&[files.input, files.output, files.answer], &[&feedback]),
            ..self
                .executable
                .invocation(self.limits.memory_kb / 1024, &args)
        };
        let stdout = files.scratch.join("checker.out");
        let outcome = sandbox::run(&command, stdin, &stdout, &self.limits)?;
        Ok(self.judge(&outcome, &feedback))
    }
}

impl ProgramChecker {
    fn judge(&self, outcome: &RunOutcome, feedback: &Path) -> CheckResult {
        let stderr = String::from_utf8_lossy(&outcome.stderr_tail).into_owned();
        let run = judge_run("checker", outcome, &self.limits);
        let feedback_message = || {
            ["judgemessage.txt", "teammessage.txt"]
                .iter()
                .filter_map(|name| sandbox::read_written(&feedback.join(name), FEEDBACK_BYTES))
                .map(|bytes| String::from_utf8_lossy(&bytes).trim_end().to_string())
                .filter(|text| !text.is_empty())
                .collect::<Vec<_>>()
                .join("\n")
        };
        let broke_limit = matches!(run.verdict, Verdict::TLE | Verdict::MLE | Verdict::OLE)
            || matches!(outcome.exit, crate::model::Exit::Signal(_));
        let (judgement, message) = if broke_limit {
            let why = run.detail.unwrap_or_else(|| outcome.exit.to_string());
            (
                Judgement::JudgeError,
                format!("the checker failed: {why}\n{stderr}"),
            )
        } else {
            let code = match outcome.exit {
                crate::model::Exit::Code(code) => code,
                crate::model::Exit::Signal(_) => -1,
            };
            match self.protocol {
                Protocol::Testlib => (testlib_judgement(code), stderr),
                Protocol::Kattis => {
                    let judgement = match code {
                        42 => Judgement::Accepted,
                        43 => Judgement::Wrong,
                        _ => Judgement::JudgeError,
                    };
                    let mut message = feedback_message();
                    if message.is_empty() {
                        message = stderr;
                    }
                    (judgement, message)
                }
            }
        };
        let message = undefined_code(self.protocol, outcome, judgement, message);
        // A Kattis validator may score the output (`score.txt`); whether the problem allows it is the
        // scoring's decision (`grade::score`), but a score that is not a number is the validator's fault.
        let (judgement, message, score) = match self.protocol {
            Protocol::Kattis if judgement != Judgement::JudgeError => match score_file(feedback) {
                Ok(score) => (judgement, message, score),
                Err(why) => (Judgement::JudgeError, why, None),
            },
            _ => (judgement, message, None),
        };
        CheckResult {
            judgement,
            first_difference: first_line(&message),
            diff: None,
            message: Some(truncate(&message)).filter(|m| !m.is_empty()),
            score,
        }
    }
}

/// The score in `FEEDBACK_DIR/score.txt`, when there is one; `Err` when it is not a number.
fn score_file(feedback: &Path) -> std::result::Result<Option<f64>, String> {
    let Some(bytes) = sandbox::read_written(&feedback.join("score.txt"), FEEDBACK_BYTES) else {
        return Ok(None);
    };
    let text = String::from_utf8_lossy(&bytes);
    match text.trim().parse::<f64>() {
        Ok(score) if score.is_finite() => Ok(Some(score)),
        _ => Err(format!(
            "the validator's score.txt is not a number: `{}`",
            truncate(text.trim())
        )),
    }
}

/// The feedback folder as the Kattis protocol passes it: with a final `/`, since validators build their
/// file names by appending to it.
/// What a problem's or package's program run on a test's files sees of them: the folders of the files it
/// reads (read-only: a folder's binding outlives the file, which the judge replaces at each test, so the
/// program's prepared namespace serves every test) and the folders it writes into.
pub fn binds(read: &[&Path], write: &[&Path]) -> Vec<Bind> {
    let mut binds: Vec<Bind> = Vec::new();
    for file in read {
        let Some(folder) = std::path::absolute(file)
            .ok()
            .and_then(|f| Some(f.parent()?.to_path_buf()))
        else {
            continue;
        };
        if !binds.iter().any(|b| b.to == folder) {
            binds.push(Bind::read_only(folder));
        }
    }
    for folder in write {
        let folder = std::path::absolute(folder).unwrap_or_else(|_| folder.to_path_buf());
        binds.retain(|b| b.to != folder);
        binds.push(Bind::writable(folder));
    }
    binds
}

/// `folder`, made if need be and emptied: the same folder test after test (a program's prepared namespace
/// binds that very folder), with nothing of the last test's in it.
pub fn empty_folder(folder: &Path) -> Result<()> {
    // A program that could write beside it may have put a link or a file in its place: never followed.
    if fs::symlink_metadata(folder).is_ok_and(|m| !m.is_dir()) {
        fs::remove_file(folder).with_context(|| format!("cannot remove {}", folder.display()))?;
    }
    fs::create_dir_all(folder).with_context(|| format!("cannot create {}", folder.display()))?;
    for entry in
        fs::read_dir(folder).with_context(|| format!("cannot list {}", folder.display()))?
    {
        let path = entry
            .with_context(|| format!("cannot list {}", folder.display()))?
            .path();
        let removed = match fs::symlink_metadata(&path).map(|m| m.is_dir()) {
            Ok(true) => fs::remove_dir_all(&path),
            _ => fs::remove_file(&path),
        };
        removed.with_context(|| format!("cannot remove {}", path.display()))?;
    }
    Ok(())
}

pub fn feedback_arg(feedback: &Path) -> OsString {
    let mut arg = feedback.as_os_str().to_owned();
    arg.push("/");
    arg
}

/// The testlib exit codes.
fn testlib_judgement(code: i32) -> Judgement {
    match code {
        0 => Judgement::Accepted,
        1 | 7 | 8 => Judgement::Wrong,
        2 | 4 => Judgement::Presentation,
        _ => Judgement::JudgeError,
    }
}

/// A judge error from an exit code the protocol does not define says so.
fn undefined_code(
    protocol: Protocol,
    outcome: &RunOutcome,
    judgement: Judgement,
    message: String,
) -> String {
    let crate::model::Exit::Code(code) = outcome.exit else {
        return message;
    };
    let why = match (protocol, code) {
        (Protocol::Testlib, 3) => "the checker said FAIL (exit code 3)".to_string(),
        (Protocol::Testlib, _) => format!(
            "the checker exited with code {code}, which the testlib protocol does not define (0 AC, 1 WA, 2 PE, 3 FAIL, 4 PE, 7 points, 8 WA)"
        ),
        (Protocol::Kattis, _) => format!(
            "the checker exited with code {code}, which the Kattis protocol does not define (42 AC, 43 WA)"
        ),
    };
    match judgement {
        Judgement::JudgeError => format!("{why}\n{message}"),
        _ => message,
    }
}

fn first_line(message: &str) -> Option<String> {
    let line = message.lines().find(|l| !l.trim().is_empty())?;
    Some(format!(
        "checker: {}",
        line.chars().take(200).collect::<String>()
    ))
}

/// The first `MESSAGE_BYTES` of a message, cut at a character boundary.
fn truncate(message: &str) -> String {
    let message = message.trim();
    if message.len() <= MESSAGE_BYTES {
        return message.to_string();
    }
    let mut end = MESSAGE_BYTES;
    while !message.is_char_boundary(end) {
        end -= 1;
    }
    format!("{} …", &message[..end])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn testlib_codes() {
        let table = [
            (0, Judgement::Accepted),
            (1, Judgement::Wrong),
            (2, Judgement::Presentation),
            (3, Judgement::JudgeError),
            (4, Judgement::Presentation),
            (5, Judgement::JudgeError),
            (7, Judgement::Wrong),
            (8, Judgement::Wrong),
            (42, Judgement::JudgeError),
        ];
        for (code, want) in table {
            assert_eq!(testlib_judgement(code), want, "exit {code}");
        }
    }

    #[test]
    fn messages_are_cut_at_2_kib() {
        let long = "é".repeat(3000);
        let cut = truncate(&long);
        assert!(cut.len() <= MESSAGE_BYTES + 4, "{}", cut.len());
        assert!(cut.ends_with('…'));
    }
}
