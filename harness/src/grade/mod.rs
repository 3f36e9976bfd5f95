//! Graders turn one test into a result: run the program, judge how the run ended, and ask the checker about
//! the output. The standard grader (file in, file out, checker) is `standard`; `interactive`, `passes`
//! (multi-pass, either way) and `answers` (output-only: answer files, nothing run) are the other kinds of
//! problem; another kind of problem is another grader here.

pub mod answers;
pub mod custom_grader;
pub mod domjudge;
pub mod interactive;
pub mod passes;
pub mod score;
pub mod scratch;
pub mod standard;

use anyhow::Result;

pub use crate::model::run_verdict::{self, judge_run};
pub use answers::Answers;
pub use interactive::Interactive;
pub use passes::{MultiPass, OnePass};
pub use standard::Standard;

use crate::grade::scratch::Scratch;
use crate::lang::Executable;
use crate::model::{TestCase, TestResult};

/// Grades one test of a problem with a compiled program. Errors are setup problems, never verdicts.
pub trait Grader: Send + Sync {
    fn grade(&self, test: &TestCase, program: &Executable, scratch: &Scratch)
        -> Result<TestResult>;
}
