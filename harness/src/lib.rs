//! harness: a judge for single-file competitive-programming solutions.
//!
//! The pipeline, one stage per module (see ARCHITECTURE.md): `package` loads problems, `plan` chooses what
//! to run, `lang` compiles, `sandbox` runs under limits, `grade` and `check` decide verdicts, `exec` drives
//! it all in parallel and emits `events`, `report` renders the results of `model`. `setter` holds the
//! problem-setter tools; `app` the subcommands; `cli` the command line.

#![forbid(unsafe_code)]

pub use sandbox;

pub mod app;
pub mod check;
pub mod cli;
pub mod events;
pub mod exec;
pub mod grade;
pub mod lang;
pub mod model;
pub mod package;
pub mod plan;
pub mod profile;
pub mod report;
pub mod setter;

/// Exit status: every test accepted.
pub const EXIT_OK: i32 = 0;
/// Exit status: some test not accepted, a problem in error, or a known-wrong submission not rejected as
/// declared.
pub const EXIT_FAILED: i32 = 1;
/// Exit status: usage or setup error.
pub const EXIT_SETUP: i32 = 2;
