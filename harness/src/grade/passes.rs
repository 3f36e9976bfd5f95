//! The multi-pass grader (Kattis 2025-09 `multi-pass`, batch or interactive): the program runs on the
//! test's input; while the output validator accepts and leaves a `nextpass.in` in its feedback folder, the
//! program runs again on that file, at most the problem's number of passes (`validation_passes`). Each pass
//! is a run of its own in the sandbox under the test's limits (`Standard` or `Interactive`); the feedback
//! folder is kept from pass to pass, `nextpass.in` taken out of it. As BAPCtools does, the validator of a
//! pass gets that pass's input as its input file. By the specification a judge error: a `nextpass.in` with
//! a rejecting exit, or a request for more passes than allowed.

use std::fs;
use std::path::Path;

use anyhow::{Context, Result};

use super::standard::input_head;
use super::{Grader, Interactive, Standard};
use crate::grade::scratch::Scratch;
use crate::lang::Executable;
use crate::model::{Limits, Pass, TestCase, TestResult, Verdict};

/// The file a validator writes to ask for another pass.
pub const NEXT_PASS: &str = "nextpass.in";

/// How one pass runs.
pub enum OnePass<'a> {
    Batch(Standard<'a>),
    Interactive(Interactive<'a>),
}

pub struct MultiPass<'a> {
    pub pass: OnePass<'a>,
    /// The most passes, the first included.
    pub most: u32,
}

impl Grader for MultiPass<'_> {
    fn grade(&self, test: &TestCase, exe: &Executable, scratch: &Scratch) -> Result<TestResult> {
        let feedback = scratch.worker_dir()?.join("feedback");
        // The next pass's input in a folder of its own: the validator or interactor that reads it is bound
        // that folder, not the worker's other files.
        let folder = scratch.file("pass");
        crate::check::program::empty_folder(&folder)?;
        let next_input = folder.join("next.in");
        let mut passes: Vec<Pass> = Vec::new();
        let mut this = test.clone();
        for number in 1..=self.most {
            let first = number == 1;
            let (mut result, output_head) = match &self.pass {
                OnePass::Batch(standard) => {
                    let stdout = scratch.stdout_file();
                    let request = standard.request(&this, exe, &stdout);
                    let outcome = standard.sandbox.run_request(&request)?;
                    let result = standard.judge_pass(&this, &outcome, &stdout, scratch, first)?;
                    (result, input_head(&stdout))
                }
                OnePass::Interactive(interactive) => {
                    (interactive.grade_pass(&this, exe, scratch, first)?, None)
                }
            };
            let shown_input = input_head(&this.input);
            let asked = take_next_pass(&feedback, &next_input)?;
            let again = match (result.verdict, asked) {
                (_, Some(Err(why))) => judge_error(&mut result, why),
                (Verdict::AC, Some(Ok(()))) if number == self.most => judge_error(
                    &mut result,
                    format!(
                        "the validator asked for pass {} ({NEXT_PASS}), but the problem allows {} (limits.validation_passes)",
                        number + 1,
                        self.most
                    ),
                ),
                (Verdict::AC, Some(Ok(()))) => true,
                (Verdict::WA | Verdict::PE, Some(Ok(()))) => judge_error(
                    &mut result,
                    format!("the validator wrote {NEXT_PASS} but rejected pass {number} (only an accepting exit may ask for another pass)"),
                ),
                _ => false,
            };
            passes.push(Pass {
                verdict: result.verdict,
                cpu_ms: result.cpu_ms,
                wall_ms: result.wall_ms,
                peak_kib: result.peak_kib,
                input_head: shown_input,
                output_head,
                transcript: match result.verdict {
                    Verdict::AC => result.transcript.take(),
                    _ => result.transcript.clone(),
                },
                feedback: Some(crate::check::kattis::message(&feedback)).filter(|m| !m.is_empty()),
                detail: result
                    .detail
                    .clone()
                    .filter(|_| result.verdict == Verdict::JE),
            });
            if !again {
                return Ok(self.merged(result, passes));
            }
            this.input = next_input.clone();
        }
        unreachable!("the last pass never asks for another")
    }
}

impl MultiPass<'_> {
    fn limits(&self) -> Limits {
        match &self.pass {
            OnePass::Batch(standard) => standard.limits,
            OnePass::Interactive(interactive) => interactive.limits,
        }
    }

    /// The test's result: its last pass's, with the most CPU time, wall time and memory of any pass.
    fn merged(&self, mut result: TestResult, passes: Vec<Pass>) -> TestResult {
        for pass in &passes {
            result.cpu_ms = result.cpu_ms.max(pass.cpu_ms);
            result.wall_ms = result.wall_ms.max(pass.wall_ms);
            result.peak_kib = result.peak_kib.max(pass.peak_kib);
        }
        result.near_limit =
            result.verdict == Verdict::AC && self.limits().near_limit(result.cpu_ms);
        // A validator appends to its messages pass after pass: what the last pass failed on is what it added.
        if let [.., before, last] = passes.as_slice() {
            let added = match (&before.feedback, &last.feedback) {
                (Some(before), Some(last)) => last.strip_prefix(before.as_str()),
                (None, Some(last)) => Some(last.as_str()),
                _ => None,
            };
            let line = added.and_then(|text| text.lines().find(|l| !l.trim().is_empty()));
            if result.verdict != Verdict::AC && result.first_difference.is_some() {
                let line = line.map(|l| l.chars().take(200).collect::<String>());
                result.first_difference = line.map(|line| format!("validator: {line}"));
            }
        }
        if passes.len() > 1 && result.verdict != Verdict::AC {
            let last = format!("pass {} of {}", passes.len(), self.most);
            result.detail = Some(match result.detail.take() {
                Some(detail) => format!("{detail} ({last})"),
                None => last,
            });
        }
        result.passes = Some(passes);
        result
    }
}

/// The result turned into a judge error for this reason; the pass is the last.
fn judge_error(result: &mut TestResult, why: String) -> bool {
    result.verdict = Verdict::JE;
    result.detail = Some(why);
    false
}

/// Takes `nextpass.in` out of the feedback folder into `next_input`: `None` when the validator wrote none,
/// an error (a judge error) when it is not a regular file.
fn take_next_pass(
    feedback: &Path,
    next_input: &Path,
) -> Result<Option<std::result::Result<(), String>>> {
    let file = feedback.join(NEXT_PASS);
    let Ok(metadata) = fs::symlink_metadata(&file) else {
        return Ok(None);
    };
    if !metadata.is_file() {
        let removed = match metadata.is_dir() {
            true => fs::remove_dir_all(&file),
            false => fs::remove_file(&file),
        };
        removed.with_context(|| format!("cannot remove {}", file.display()))?;
        return Ok(Some(Err(format!(
            "the validator's {NEXT_PASS} is not a regular file"
        ))));
    }
    fs::rename(&file, next_input)
        .with_context(|| format!("cannot move {} to {}", file.display(), next_input.display()))?;
    Ok(Some(Ok(())))
}
