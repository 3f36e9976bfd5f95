//! Running programs under limits, and all the unsafe process code of the project: the launcher that forks
//! and supervises each program (`launcher`), the typed messages between it and the judge (`protocol`), the
//! judge's side (`client`), Ctrl-C (`interrupt`), and the scratch folders runs write into (`scratch`).

mod client;
pub mod interrupt;
pub mod launcher;
pub mod protocol;
pub mod scratch;

use std::ffi::OsString;
use std::path::Path;

use anyhow::Result;

pub use interrupt::install_interrupt_handler;
pub use launcher::launcher_main;
pub use protocol::RunRequest;
pub use scratch::Scratch;

use crate::model::{Limits, RunOutcome};

/// The argument that turns the harness binary into the launcher.
pub const LAUNCHER_ARG: &str = "__launcher";

/// Runs `program args` with stdin from `stdin`, stdout into the file `stdout` (created afresh), under
/// `limits`. Errors are setup problems (the launcher could not start, the program could not be executed).
pub fn run(
    program: &Path,
    args: &[OsString],
    stdin: &Path,
    stdout: &Path,
    limits: &Limits,
) -> Result<RunOutcome> {
    client::run(&RunRequest {
        program: program.as_os_str().to_owned(),
        args: args.to_vec(),
        stdin: stdin.to_path_buf(),
        stdout: stdout.to_path_buf(),
        limits: *limits,
    })
}
