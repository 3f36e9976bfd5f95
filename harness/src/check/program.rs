//! Checker programs, in the two protocols people write them in (ARCHITECTURE.md, "Problems"): `testlib`
//! and `kattis`, each one module, which the interactive grader uses too.
//!
//! A checker runs in the sandbox under its own limits, so a checker that crashes, loops or floods is a
//! judge error (JE) for that test, never a hung judge.

use std::ffi::OsString;
use std::fs;
use std::path::Path;

use anyhow::{Context, Result};

use super::{cms, kattis, testlib, CheckFiles, CheckResult, Checker, Judgement};
use crate::lang::Executable;
use crate::model::{judge_run, Exit, Invocation, Limits, Protocol, RunOutcome, Verdict};
use crate::sandbox::{Bind, Sandbox};

/// How much of a checker's message is kept.
pub const MESSAGE_BYTES: usize = 2048;

/// A compiled checker program with its protocol and extra arguments.
#[derive(Debug, Clone)]
pub struct ProgramChecker {
    pub executable: Executable,
    pub protocol: Protocol,
    pub args: Vec<String>,
    pub limits: Limits,
    /// The sandbox of the run that built it.
    pub sandbox: std::sync::Arc<Sandbox>,
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
        empty_folder(&files.scratch.join("feedback"))?;
        self.check_again(files)
    }

    fn check_again(&self, files: &CheckFiles) -> Result<CheckResult> {
        let feedback = files.scratch.join("feedback");
        fs::create_dir_all(&feedback)
            .with_context(|| format!("cannot create {}", feedback.display()))?;
        let (mut args, stdin): (Vec<OsString>, &Path) = match self.protocol {
            Protocol::Testlib => (
                testlib::checker_args(files.input, files.output, files.answer),
                Path::new("/dev/null"),
            ),
            Protocol::Kattis => (
                kattis::args(files.input, files.answer, &feedback),
                files.output,
            ),
            Protocol::Cms => (
                cms::args(files.input, files.answer, files.output),
                Path::new("/dev/null"),
            ),
        };
        args.extend(files.args.unwrap_or(&self.args).iter().map(OsString::from));
        // It reads its files and writes its feedback, and nothing else of the machine's.
        let command = Invocation {
            binds: binds(&[files.input, files.output, files.answer], &[&feedback]),
            ..self
                .executable
                .invocation(self.limits.memory_kb / 1024, &args)
        };
        let stdout = files.scratch.join("checker.out");
        let outcome = self.sandbox.run(&command, stdin, &stdout, &self.limits)?;
        Ok(self.judge(&outcome, &feedback, &stdout))
    }
}

impl ProgramChecker {
    fn judge(&self, outcome: &RunOutcome, feedback: &Path, stdout: &Path) -> CheckResult {
        let message = message(self.protocol, outcome, feedback);
        let (judgement, message) = match said(self.protocol, outcome, &self.limits) {
            Ok(judgement) => (judgement, message),
            Err(why) => (
                Judgement::JudgeError,
                format!("the checker failed: {why}\n{message}"),
            ),
        };
        // A Kattis validator may score the output (`score.txt`); whether the problem allows it is the
        // scoring's decision (`grade::score`), but a score that is not a number is the validator's fault.
        let (judgement, message, score, score_multiplier) = match self.protocol {
            Protocol::Kattis if judgement != Judgement::JudgeError => {
                match (
                    kattis::score_file(feedback),
                    kattis::score_multiplier_file(feedback),
                ) {
                    (Ok(score), Ok(multiplier)) => (judgement, message, score, multiplier),
                    (Err(why), _) | (_, Err(why)) => (Judgement::JudgeError, why, None, None),
                }
            }
            // A CMS checker's outcome is on its stdout: a fraction of the test's points.
            Protocol::Cms if judgement != Judgement::JudgeError => match cms::outcome(stdout) {
                Ok((judgement, outcome)) => {
                    (judgement, cms::message(&message), Some(outcome), None)
                }
                Err(why) => (
                    Judgement::JudgeError,
                    format!("the checker failed: {why}\n{message}"),
                    None,
                    None,
                ),
            },
            _ => (judgement, message, None, None),
        };
        CheckResult {
            judgement,
            first_difference: first_line(&message),
            diff: None,
            message: Some(truncate(&message)).filter(|m| !m.is_empty()),
            score,
            score_multiplier,
        }
    }
}

/// What a problem's or package's program run on a test's files sees of them: the folders of the files it
/// reads (read-only: a folder's binding outlives the file, which the judge replaces at each test, so the
/// program's prepared namespace serves every test) and the folders it writes into. A file that is a link
/// (a package's tests shared between groups) is read through it: the folder of the file it leads to is
/// bound too. The loader keeps a package's links inside it (`package::links`), so that folder is the
/// package's.
pub fn binds(read: &[&Path], write: &[&Path]) -> Vec<Bind> {
    let mut binds: Vec<Bind> = Vec::new();
    for file in read {
        let Ok(file) = std::path::absolute(file) else {
            continue;
        };
        for path in crate::lang::links::hops(file) {
            let Some(folder) = path.parent().map(Path::to_path_buf) else {
                continue;
            };
            if !binds.iter().any(|b| b.to == folder) {
                binds.push(Bind::read_only(folder));
            }
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

/// What a checker or interactor program said by its protocol; the error says why it is a judge error: it
/// broke its limits, was killed by a signal, said FAIL, or exited with a code its protocol does not
/// define.
pub fn said(
    protocol: Protocol,
    outcome: &RunOutcome,
    limits: &Limits,
) -> std::result::Result<Judgement, String> {
    let run = judge_run("checker", outcome, limits);
    if matches!(run.verdict, Verdict::TLE | Verdict::MLE | Verdict::OLE) {
        return Err(run.detail.unwrap_or_default());
    }
    match (outcome.exit, protocol) {
        (Exit::Signal(_), _) => Err(outcome.exit.to_string()),
        (Exit::Code(code), Protocol::Testlib) => testlib::said(code),
        (Exit::Code(code), Protocol::Kattis) => kattis::said(code),
        (Exit::Code(code), Protocol::Cms) => cms::said(code),
    }
}

/// What a checker or interactor program says about the output: the feedback folder's messages (Kattis),
/// else its stderr.
pub fn message(protocol: Protocol, outcome: &RunOutcome, feedback: &Path) -> String {
    let feedback = match protocol {
        Protocol::Kattis => kattis::message(feedback),
        Protocol::Testlib | Protocol::Cms => String::new(),
    };
    match feedback.is_empty() {
        true => String::from_utf8_lossy(&outcome.stderr_tail).into_owned(),
        false => feedback,
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
pub fn truncate(message: &str) -> String {
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

    /// Checkers and interactors read an exit code by the same protocol module: testlib's 8 (the output
    /// ended early) is a wrong answer from either, never a judge error.
    #[test]
    fn checkers_and_interactors_read_exit_codes_by_their_protocol() {
        let exited = |code| RunOutcome {
            exit: Exit::Code(code),
            judge_error: None,
            ..RunOutcome::lost(String::new())
        };
        let limits = ProgramChecker::default_limits();
        let said = |protocol, code| said(protocol, &exited(code), &limits);
        assert_eq!(said(Protocol::Testlib, 8), Ok(Judgement::Wrong));
        assert_eq!(said(Protocol::Testlib, 4), Ok(Judgement::Presentation));
        assert!(said(Protocol::Testlib, 3)
            .unwrap_err()
            .contains("said FAIL"));
        assert_eq!(said(Protocol::Kattis, 43), Ok(Judgement::Wrong));
        assert!(said(Protocol::Kattis, 0)
            .unwrap_err()
            .contains("42 AC, 43 WA"));
        let killed = RunOutcome::lost(String::new());
        assert!(super::said(Protocol::Kattis, &killed, &limits).is_err());
    }

    #[test]
    fn messages_are_cut_at_2_kib() {
        let long = "é".repeat(3000);
        let cut = truncate(&long);
        assert!(cut.len() <= MESSAGE_BYTES + 4, "{}", cut.len());
        assert!(cut.ends_with('…'));
    }
}
