//! The standard grader: stdin from the `.in` file, stdout to a file, the run judged against the limits, and
//! an accepted run's output judged by the problem's checker.

use anyhow::Result;

use super::{judge_run, Grader};
use crate::check::{CheckFiles, Checker, Judgement};
use crate::lang::Binary;
use crate::model::{Limits, TestCase, TestResult, Verdict};
use crate::sandbox::{self, Scratch};

pub struct Standard<'a> {
    pub limits: Limits,
    pub checker: &'a dyn Checker,
}

impl Grader for Standard<'_> {
    fn grade(&self, test: &TestCase, program: &Binary, scratch: &Scratch) -> Result<TestResult> {
        let stdout = scratch.stdout_file();
        let outcome = sandbox::run(&program.path, &[], &test.input, &stdout, &self.limits)?;
        let mut result = judge_run(&test.name, &outcome, &self.limits);
        if result.verdict == Verdict::AC {
            let files = CheckFiles {
                input: &test.input,
                answer: &test.expected,
                output: &stdout,
            };
            let checked = self.checker.check(&files)?;
            result.verdict = final_verdict(result.verdict, checked.judgement);
            result.first_difference = checked.first_difference;
            result.diff = checked.diff;
        }
        if result.verdict != Verdict::AC && !outcome.stderr_tail.is_empty() {
            result.stderr_tail = Some(String::from_utf8_lossy(&outcome.stderr_tail).into_owned());
        }
        result.near_limit = result.verdict == Verdict::AC && self.limits.near_limit(result.cpu_ms);
        Ok(result)
    }
}

/// A run that broke a limit keeps its verdict: a TLE run's output is never compared (DESIGN §4).
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
