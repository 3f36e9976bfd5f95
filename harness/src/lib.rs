//! harness: a judge for single-file competitive-programming solutions.
//!
//! The pipeline, one module each: `problem` (discover) -> `compile` -> `run` -> `check` -> `judge` (plan,
//! run in parallel, collect) -> `report`. The problem-setter commands are `gen`, `stress` and `scaffold`
//! (`harness new`); `submit` proves each solution file can be pasted into a judge as it is.

pub mod check;
pub mod cli;
pub mod compile;
pub mod gen;
pub mod judge;
pub mod problem;
pub mod report;
pub mod run;
pub mod scaffold;
pub mod stress;
pub mod submit;

/// Exit status: every test accepted.
pub const EXIT_OK: i32 = 0;
/// Exit status: some test not accepted, a problem in error, or a known-wrong submission not rejected as
/// declared.
pub const EXIT_FAILED: i32 = 1;
/// Exit status: usage or setup error.
pub const EXIT_SETUP: i32 = 2;
