//! How a process ended and what it used: the sandbox's own types (`sandbox::outcome`), shared by every stage.

pub use sandbox::outcome::{signal_name, Chunk, Direction, Exit, Invocation, RunOutcome};
