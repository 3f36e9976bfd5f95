//! Running programs under limits, and all the unsafe process code of the project: the launcher that forks
//! and supervises each program (`launcher`), the typed messages between it and the judge (`protocol`), the
//! judge's side (`client`), Ctrl-C (`interrupt`), and the scratch folders runs write into (`scratch`).

mod backstop;
mod child;
mod client;
mod interact;
pub mod interrupt;
pub mod isolate;
pub mod launcher;
pub mod layers;
pub mod protocol;
mod root;
pub mod scratch;
mod sys;
mod template;
mod tree;

use std::path::Path;

use anyhow::Result;

pub use client::{configure, interact};
pub use interrupt::install_interrupt_handler;
pub use launcher::launcher_main;
pub use protocol::{Chunk, Direction, InteractRequest, Interaction, RunRequest, Side};
pub use scratch::Scratch;

use crate::model::{Invocation, Limits, RunOutcome};

/// The argument that turns the harness binary into the launcher.
pub const LAUNCHER_ARG: &str = "__launcher";

/// Runs a command with stdin from `stdin`, stdout into the file `stdout` (created afresh), under `limits`.
/// Errors are setup problems (the launcher could not start, the program could not be executed).
pub fn run(
    command: &Invocation,
    stdin: &Path,
    stdout: &Path,
    limits: &Limits,
) -> Result<RunOutcome> {
    client::run(&RunRequest {
        program: command.program.clone(),
        args: command.args.clone(),
        unlimited_address_space: command.unlimited_address_space,
        stdin: stdin.to_path_buf(),
        stdout: stdout.to_path_buf(),
        limits: *limits,
        isolate: command.isolate,
    })
}
