//! Every default of the judge that feeds the limits and the reports (ARCHITECTURE.md, "Running a program"), in one place;
//! the limits of a run themselves are the sandbox's (`sandbox::limits`).

pub use sandbox::limits::{Limits, STDERR_TAIL_BYTES, WALL_CAP_FACTOR, WATCHDOG_GRACE_MS};

/// Default output limit per test, in MiB (`--output-limit-mib`).
pub const DEFAULT_OUTPUT_LIMIT_MIB: u64 = 64;
/// Default output limit per test, in bytes.
pub const DEFAULT_OUTPUT_LIMIT: u64 = DEFAULT_OUTPUT_LIMIT_MIB << 20;
/// The time limit of a package that gives none while its timing phase computes it, in ms.
pub const PROBE_TIME_LIMIT_MS: u64 = 60_000;
/// Default multiplier of every time limit (`--time-scale`).
pub const DEFAULT_TIME_SCALE: f64 = 1.0;
/// Failed tests the human report details per problem (`--max-failures`); the rest are counted.
pub const DEFAULT_MAX_FAILURES: usize = 5;
/// An output or an answer (`.out`) larger than this is compared with the other as streams through
/// buffers of a fixed size, so the judge's memory does not grow with their sizes; smaller ones are read
/// whole, per worker.
pub const STREAMED_COMPARISON_BYTES: u64 = 4 << 20;
