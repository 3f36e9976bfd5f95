//! Checkers decide whether a program's output answers a test. Every checker works on files (the input, the
//! expected answer, the program's output, a feedback folder), as checker programs do; the built-in ones
//! (`builtin`) compare bytes. A checker protocol is one more file here (`testlib`, `kattis`, `cms`), used by
//! checker programs (`program`) and interactors (`grade::interactive`) alike.

pub mod builtin;
pub mod cms;
pub mod diff;
pub mod kattis;
pub mod program;
mod stream;
pub mod testlib;

use std::path::Path;

use anyhow::Result;
use serde::Serialize;

pub use builtin::compare;
pub use diff::visible;

/// What a checker decided.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum Judgement {
    #[serde(rename = "AC")]
    Accepted,
    #[serde(rename = "PE")]
    Presentation,
    #[serde(rename = "WA")]
    Wrong,
    /// The checker itself failed: the problem is broken, not the submission.
    #[serde(rename = "JE")]
    JudgeError,
}

impl Judgement {
    pub fn verdict(self) -> crate::model::Verdict {
        use crate::model::Verdict;
        match self {
            Judgement::Accepted => Verdict::AC,
            Judgement::Presentation => Verdict::PE,
            Judgement::Wrong => Verdict::WA,
            Judgement::JudgeError => Verdict::JE,
        }
    }
}

/// A checker's full answer: the judgement and, when not accepted, where the outputs first differ.
#[derive(Debug, Clone, PartialEq)]
pub struct CheckResult {
    pub judgement: Judgement,
    pub first_difference: Option<String>,
    pub diff: Option<String>,
    /// What a checker program said (its first 2 KiB), or why it failed.
    pub message: Option<String>,
    /// The score a Kattis validator wrote in its feedback folder (`score.txt`).
    pub score: Option<f64>,
    /// The fraction of the test's maximum score a Kattis validator wrote (`score_multiplier.txt`).
    pub score_multiplier: Option<f64>,
}

/// The files a checker looks at.
#[derive(Debug, Clone, Copy)]
pub struct CheckFiles<'a> {
    pub input: &'a Path,
    /// The expected output (`.out`).
    pub answer: &'a Path,
    /// What the program printed.
    pub output: &'a Path,
    /// A folder of the current worker for the checker's own files (its feedback folder, its stdout).
    pub scratch: &'a Path,
    /// The test's own arguments for the checker, in place of its own (`TestCase::checker_args`).
    pub args: Option<&'a [String]>,
}

/// Decides one test from its files. Errors are setup problems (a file that cannot be read), not verdicts.
pub trait Checker: Send + Sync {
    fn check(&self, files: &CheckFiles) -> Result<CheckResult>;

    /// A later pass of a multi-pass test: as `check`, the feedback folder left as the last pass left it
    /// (the validator appends to its messages; `scratch/feedback`). The built-ins keep no feedback.
    fn check_again(&self, files: &CheckFiles) -> Result<CheckResult> {
        self.check(files)
    }
}
