//! The standard grader: stdin from the `.in` file, stdout to a file, the run judged against the limits, and
//! an accepted run's output judged by the problem's checker.

use std::fs;
use std::os::unix::fs::PermissionsExt;
use std::path::Path;

use anyhow::{Context, Result};

use super::{judge_run, Grader};
use crate::check::{CheckFiles, Checker, Judgement};
use crate::grade::scratch::Scratch;
use crate::lang::Executable;
use crate::model::{Invocation, Limits, NamedFiles, TestCase, TestResult, Verdict};
use crate::sandbox::protocol::Bind;
use crate::sandbox::{RunOutcome, RunRequest, Sandbox};

pub struct Standard<'a> {
    pub sandbox: &'a Sandbox,
    pub limits: Limits,
    pub checker: &'a dyn Checker,
    /// The files the program reads and writes by name, where not stdin and stdout.
    pub files: NamedFiles,
}

impl Grader for Standard<'_> {
    fn grade(&self, test: &TestCase, exe: &Executable, scratch: &Scratch) -> Result<TestResult> {
        let stdout = scratch.stdout_file();
        if self.files.any() {
            return self.grade_with_files(test, exe, scratch, &stdout);
        }
        let outcome = self
            .sandbox
            .run_request(&self.request(test, exe, &stdout))?;
        self.judge(test, &outcome, &stdout, scratch)
    }
}

impl Standard<'_> {
    /// The run of a test: `exe` contained, stdin from the test's input, stdout into `stdout`.
    pub fn request(&self, test: &TestCase, exe: &Executable, stdout: &Path) -> RunRequest {
        let command = Invocation {
            isolate: true,
            ..exe.invocation(self.limits.memory_kb / 1024, &[])
        };
        Sandbox::request(&command, &test.input, stdout, &self.limits)
    }

    /// A test of a program that reads and writes named files: run in a working folder of its own (a
    /// fresh one per test, writable, bound into its sandbox) holding the input under its name (and on
    /// stdin too); its output is the file it leaves under the output's name (none: empty), else stdout.
    fn grade_with_files(
        &self,
        test: &TestCase,
        exe: &Executable,
        scratch: &Scratch,
        stdout: &Path,
    ) -> Result<TestResult> {
        let work = scratch.file("files");
        let _ = fs::remove_dir_all(&work);
        fs::create_dir_all(&work).with_context(|| format!("cannot create {}", work.display()))?;
        // The program may run as another user, who writes its output here.
        fs::set_permissions(&work, fs::Permissions::from_mode(0o777))
            .with_context(|| format!("cannot open {} to the program", work.display()))?;
        if let Some(name) = &self.files.input {
            let to = work.join(name);
            fs::copy(&test.input, &to).with_context(|| {
                format!("cannot copy {} to {}", test.input.display(), to.display())
            })?;
        }
        let mut request = self.request(test, exe, stdout);
        request.binds.push(Bind::writable(&work));
        request.cwd = Some(work.clone());
        let outcome = self.sandbox.run_request(&request)?;
        let output = match &self.files.output {
            None => stdout.to_path_buf(),
            Some(name) => {
                let written = work.join(name);
                let output = scratch.file("output");
                match written.is_file() {
                    true => fs::rename(&written, &output),
                    false => fs::write(&output, b""),
                }
                .with_context(|| format!("cannot keep {}", written.display()))?;
                output
            }
        };
        let result = self.judge(test, &outcome, &output, scratch);
        let _ = fs::remove_dir_all(&work);
        result
    }

    /// A test's result from how its run ended, its output in `stdout`: the limits, then the checker.
    pub fn judge(
        &self,
        test: &TestCase,
        outcome: &RunOutcome,
        stdout: &Path,
        scratch: &Scratch,
    ) -> Result<TestResult> {
        self.judge_pass(test, outcome, stdout, scratch, true)
    }

    /// `judge`, for a pass of a multi-pass test: after the first, the checker finds its feedback folder
    /// as it left it (`Checker::check_again`).
    pub fn judge_pass(
        &self,
        test: &TestCase,
        outcome: &RunOutcome,
        stdout: &Path,
        scratch: &Scratch,
        first: bool,
    ) -> Result<TestResult> {
        let mut result = judge_run(&test.name, outcome, &self.limits);
        if result.verdict == Verdict::AC {
            let scratch_dir = scratch.worker_dir()?;
            let files = CheckFiles {
                input: &test.input,
                answer: &test.expected,
                output: stdout,
                scratch: &scratch_dir,
                args: test.checker_args.as_deref(),
            };
            let checked = match first {
                true => self.checker.check(&files)?,
                false => self.checker.check_again(&files)?,
            };
            result.verdict = final_verdict(result.verdict, checked.judgement);
            result.first_difference = checked.first_difference;
            result.diff = checked.diff;
            result.validator_score = checked.score;
            result.score_multiplier = checked.score_multiplier;
            if checked.message.is_some() && result.verdict != Verdict::AC {
                result.checker_message = checked.message;
                result.input_head = input_head(&test.input);
            }
        }
        if result.verdict != Verdict::AC && !outcome.stderr_tail.is_empty() {
            result.stderr_tail = Some(String::from_utf8_lossy(&outcome.stderr_tail).into_owned());
        }
        result.near_limit = result.verdict == Verdict::AC && self.limits.near_limit(result.cpu_ms);
        Ok(result)
    }
}

/// Lines of the input shown beside a checker's message, and characters per line.
const INPUT_HEAD_LINES: usize = 5;
const INPUT_HEAD_WIDTH: usize = 100;

/// The first lines of an input, shortened, with invisible characters made visible.
pub fn input_head(input: &std::path::Path) -> Option<String> {
    use std::io::Read as _;
    let mut head = Vec::new();
    std::fs::File::open(input)
        .ok()?
        .take((INPUT_HEAD_LINES * INPUT_HEAD_WIDTH * 4) as u64)
        .read_to_end(&mut head)
        .ok()?;
    let lines: Vec<String> = head
        .split(|&b| b == b'\n')
        .take(INPUT_HEAD_LINES)
        .map(|line| {
            let shown = crate::check::visible(line);
            match shown.chars().count() > INPUT_HEAD_WIDTH {
                true => shown.chars().take(INPUT_HEAD_WIDTH).collect::<String>() + "…",
                false => shown,
            }
        })
        .collect();
    Some(lines.join("\n").trim_end().to_string())
}

/// A run that broke a limit keeps its verdict: a TLE run's output is never compared (ARCHITECTURE.md, "Verdicts").
pub fn final_verdict(run: Verdict, checked: Judgement) -> Verdict {
    match run {
        Verdict::AC => checked.verdict(),
        broken => broken,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_broken_limit_outranks_every_judgement() {
        for run in [Verdict::TLE, Verdict::MLE, Verdict::OLE, Verdict::RE] {
            for judgement in [
                Judgement::Accepted,
                Judgement::Presentation,
                Judgement::Wrong,
            ] {
                assert_eq!(final_verdict(run, judgement), run);
                assert!(run < judgement.verdict());
            }
        }
        assert_eq!(final_verdict(Verdict::AC, Judgement::Wrong), Verdict::WA);
        assert_eq!(
            final_verdict(Verdict::AC, Judgement::Presentation),
            Verdict::PE
        );
        assert!(Verdict::WA < Verdict::PE && Verdict::PE < Verdict::AC);
        assert!(Verdict::CE < Verdict::TLE);
    }
}
