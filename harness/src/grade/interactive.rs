//! The interactive grader: the solution and the interactor run with stdin and stdout crossed (the launcher
//! relays and records both directions), each under its own limits. The verdict follows problemtools:
//!
//! | first that holds | verdict |
//! |---|---|
//! | the interactor failed (crashed, broke its limits, exited with a code its protocol does not define) | JE |
//! | the interactor rejected the solution before the solution ended (then stopped at once) | WA (PE for testlib's 2 and 4) |
//! | the solution used too much CPU time, or did not end in time (a deadlock burns no CPU) | TLE |
//! | the solution crashed or used too much memory | RE / MLE |
//! | otherwise | the interactor's verdict (testlib: then the problem's checker on the transcript) |

use std::ffi::OsString;
use std::fs;
use std::path::Path;

use anyhow::Result;

use super::{judge_run, Grader};
use crate::check::program::binds;
use crate::check::program::{self, ProgramChecker};
use crate::check::{kattis, testlib, CheckFiles, Checker, Judgement};
use crate::grade::scratch::Scratch;
use crate::lang::Executable;
use crate::model::{Limits, Protocol, RunOutcome, TestCase, TestResult, Verdict};
use crate::sandbox::{InteractRequest, Interaction, Sandbox, Side};

/// Bytes of each direction kept at the start and at the end of a transcript.
pub const TRANSCRIPT_BYTES: usize = 64 * 1024;

pub struct Interactive<'a> {
    pub sandbox: &'a Sandbox,
    /// The solution's limits.
    pub limits: Limits,
    pub interactor: &'a ProgramChecker,
    /// For the testlib protocol: judges the transcript the interactor wrote against the answer.
    pub checker: Option<&'a dyn Checker>,
    /// The solution's closed output reaches the interactor only when it ends
    /// (`InteractRequest::hold_solution_eof`).
    pub hold_solution_eof: bool,
}

impl Grader for Interactive<'_> {
    fn grade(&self, test: &TestCase, exe: &Executable, scratch: &Scratch) -> Result<TestResult> {
        let mut result = self.grade_pass(test, exe, scratch, true)?;
        if result.verdict == Verdict::AC {
            result.transcript = None;
        }
        Ok(result)
    }
}

impl Interactive<'_> {
    /// One interaction, its transcript kept whatever the verdict; after the first pass of a multi-pass
    /// test, the feedback folder is left as the last pass left it (`nextpass.in` taken out).
    pub fn grade_pass(
        &self,
        test: &TestCase,
        exe: &Executable,
        scratch: &Scratch,
        first: bool,
    ) -> Result<TestResult> {
        let dir = scratch.worker_dir()?;
        let feedback = dir.join("feedback");
        match first {
            true => crate::check::program::empty_folder(&feedback)?,
            false => fs::create_dir_all(&feedback)?,
        }
        // A testlib interactor writes its transcript into a folder of its own.
        let own = dir.join("interactor");
        crate::check::program::empty_folder(&own)?;
        let transcript_file = own.join("transcript.txt");
        let mut args: Vec<OsString> = match self.interactor.protocol {
            Protocol::Kattis => kattis::args(&test.input, &test.expected, &feedback),
            // No format makes a CMS interactor (its managers are not one): as testlib's.
            Protocol::Testlib | Protocol::Cms => {
                testlib::interactor_args(&test.input, &transcript_file)
            }
        };
        let own_args = test
            .checker_args
            .as_deref()
            .unwrap_or(&self.interactor.args);
        args.extend(own_args.iter().map(OsString::from));
        // The interactor reads the test's files and writes its feedback (and, testlib, its transcript).
        let binds = match self.interactor.protocol {
            Protocol::Kattis => binds(&[&test.input, &test.expected], &[&feedback]),
            Protocol::Testlib | Protocol::Cms => binds(&[&test.input], &[&own]),
        };
        let side = |command: crate::model::Invocation, limits: Limits, binds: Vec<_>| Side {
            program: command.program,
            args: command.args,
            unlimited_address_space: command.unlimited_address_space,
            limits,
            isolate: command.isolate,
            binds,
            cwd: None,
        };
        let interactor_limits = self.interactor.limits;
        let request = InteractRequest {
            solution: side(
                exe.invocation(self.limits.memory_kb / 1024, &[]),
                self.limits,
                Vec::new(),
            ),
            interactor: side(
                self.interactor
                    .executable
                    .invocation(interactor_limits.memory_kb / 1024, &args),
                interactor_limits,
                binds,
            ),
            transcript_bytes: TRANSCRIPT_BYTES,
            // Rejected (or failed) first, the solution's verdict is the interactor's: no grace to wait.
            interactor_accepts: Some(match self.interactor.protocol {
                Protocol::Kattis => kattis::ACCEPTED,
                Protocol::Testlib | Protocol::Cms => testlib::ACCEPTED,
            }),
            hold_solution_eof: self.hold_solution_eof,
        };
        let interaction = self.sandbox.interact(&request)?;
        // The checker reads the transcript by its path: a regular file, or none (never a link the
        // interactor left there).
        if fs::symlink_metadata(&transcript_file).is_ok_and(|m| !m.is_file()) {
            crate::check::program::empty_folder(&own)?;
        }
        let mut result = self.judge(test, &interaction, &feedback, &transcript_file, &dir)?;
        result.transcript = Some(interaction.transcript);
        if result.verdict != Verdict::AC && !interaction.solution.stderr_tail.is_empty() {
            let tail = String::from_utf8_lossy(&interaction.solution.stderr_tail);
            result.stderr_tail = Some(tail.into_owned());
        }
        result.near_limit = result.verdict == Verdict::AC && self.limits.near_limit(result.cpu_ms);
        Ok(result)
    }
}

/// What the interactor decided.
enum Said {
    Accepted,
    /// Still running when the interaction's time ran out.
    Undecided,
    Rejected(Verdict),
    Failed(String),
}

impl Interactive<'_> {
    fn judge(
        &self,
        test: &TestCase,
        interaction: &Interaction,
        feedback: &Path,
        transcript_file: &Path,
        scratch_dir: &Path,
    ) -> Result<TestResult> {
        let mut result = judge_run(&test.name, &interaction.solution, &self.limits);
        if interaction.solution.judge_error.is_some() {
            // The judge lost the run: neither side's doing.
            return Ok(result);
        }
        let said = self.interactor_said(&interaction.interactor);
        let message = program::message(self.interactor.protocol, &interaction.interactor, feedback);
        let message = program::truncate(&message);
        let run_verdict = result.verdict;
        result.verdict = match &said {
            Said::Failed(why) => {
                result.detail = Some(format!("the interactor failed: {why}"));
                Verdict::JE
            }
            Said::Rejected(verdict) if interaction.interactor_first => *verdict,
            _ if run_verdict != Verdict::AC => run_verdict,
            Said::Rejected(verdict) => *verdict,
            Said::Accepted => Verdict::AC,
            Said::Undecided => {
                result.detail = Some("the interactor did not end in time".to_string());
                Verdict::JE
            }
        };
        // A Kattis interactor may score the interaction, as an output validator does (`score.txt`).
        if let (Protocol::Kattis, Said::Accepted | Said::Rejected(_)) =
            (self.interactor.protocol, &said)
        {
            let scores = (
                crate::check::kattis::score_file(feedback),
                crate::check::kattis::score_multiplier_file(feedback),
            );
            match scores {
                (Ok(score), Ok(multiplier)) => {
                    result.validator_score = score;
                    result.score_multiplier = multiplier;
                }
                (Err(why), _) | (_, Err(why)) => {
                    result.verdict = Verdict::JE;
                    result.detail = Some(why.replace("validator", "interactor"));
                }
            }
        }
        if result.verdict == Verdict::AC {
            if let (Protocol::Testlib, Some(checker)) = (self.interactor.protocol, self.checker) {
                let files = CheckFiles {
                    input: &test.input,
                    answer: &test.expected,
                    output: transcript_file,
                    scratch: scratch_dir,
                    args: None,
                };
                let checked = checker.check(&files)?;
                result.verdict = checked.judgement.verdict();
                result.first_difference = checked.first_difference;
                result.checker_message = checked.message;
            }
        }
        if result.verdict != Verdict::AC && result.checker_message.is_none() && !message.is_empty()
        {
            let first: String = message
                .lines()
                .next()
                .unwrap_or("")
                .chars()
                .take(200)
                .collect();
            result.first_difference = Some(format!("interactor: {first}"));
            result.checker_message = Some(message);
        }
        Ok(result)
    }

    fn interactor_said(&self, outcome: &RunOutcome) -> Said {
        if outcome.wall_killed {
            // Killed when the whole interaction ran out of time: it did not get to decide.
            return Said::Undecided;
        }
        match program::said(self.interactor.protocol, outcome, &self.interactor.limits) {
            Ok(Judgement::Accepted) => Said::Accepted,
            Ok(judgement) => Said::Rejected(judgement.verdict()),
            Err(why) => Said::Failed(why),
        }
    }
}
