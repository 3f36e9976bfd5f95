//! The sandbox: running untrusted programs under limits, and all the unsafe process code of the project. It
//! knows nothing of verdicts: its API is a command (`Invocation`), limits (`Limits`) and how the process
//! tree ended (`RunOutcome`). The launcher forks and supervises each program (`launcher`, with the
//! wall-clock `backstop`, and its `spawner`); the typed messages between it and the judge (`protocol`); the judge's side
//! (`client`: the `Sandbox` handle and its launchers), with bounded waits; containment (`isolate`, `cgroup2`, `child`, `root`, `template`, `tree`, `layers`);
//! compilers and the judge's own tools under limits (`limited`); and Ctrl-C (`interrupt`).

mod backstop;
mod cgroup2;
mod child;
mod client;
pub mod cpus;
mod interact;
pub mod interrupt;
pub mod isolate;
pub mod launcher;
pub mod layers;
pub mod limited;
pub mod limits;
pub mod outcome;
pub mod protocol;
mod root;
pub mod seccomp;
mod spawner;
mod sys;
mod template;
mod tree;
mod warm;

use std::path::Path;

use anyhow::Result;

pub use client::{Lane, Sandbox};
pub use interrupt::install_interrupt_handler;
pub use launcher::launcher_main;
pub use protocol::{Bind, Chunk, Direction, InteractRequest, Interaction, RunRequest, Side};

pub use limits::Limits;
pub use outcome::{Exit, Invocation, RunOutcome};

/// Whether a process with this pid exists (one that belongs to another user counts).
pub fn process_exists(pid: u32) -> bool {
    let Ok(pid) = i32::try_from(pid) else {
        return false;
    };
    // SAFETY: signal 0 only checks that the process exists.
    let found = unsafe { libc::kill(pid, 0) } == 0;
    found || std::io::Error::last_os_error().raw_os_error() == Some(libc::EPERM)
}

/// Reads at most `limit` bytes of a file that a contained program could have made or replaced (in a
/// folder it may write): only a regular file, never through a link (a link to `/etc/shadow` planted for the
/// judge to read), never blocking (a FIFO). `None` when it is missing or not such a file.
pub fn read_written(path: &Path, limit: u64) -> Option<Vec<u8>> {
    use std::io::Read;
    use std::os::unix::fs::OpenOptionsExt;
    let file = std::fs::OpenOptions::new()
        .read(true)
        .custom_flags(libc::O_NOFOLLOW | libc::O_NONBLOCK)
        .open(path)
        .ok()?;
    if !file.metadata().ok()?.is_file() {
        return None;
    }
    let mut bytes = Vec::new();
    file.take(limit).read_to_end(&mut bytes).ok()?;
    Some(bytes)
}

/// Whether a contained program sees `path` without a bind of its own: it lies under one of the system's
/// folders the allowlist root takes from the machine (`/usr`, `/opt`, `/bin`, `/lib`, ...).
pub fn in_system_folders(path: &Path) -> bool {
    root::SYSTEM
        .iter()
        .any(|dir| path.starts_with(Path::new("/").join(dir)))
}

/// The argument that turns the harness binary into the launcher.
pub const LAUNCHER_ARG: &str = "__launcher";

impl Sandbox {
    /// Runs a command with stdin from `stdin`, stdout into the file `stdout` (created afresh), under
    /// `limits`. Errors are setup problems (the launcher could not start, the program could not be
    /// executed).
    pub fn run(
        &self,
        command: &Invocation,
        stdin: &Path,
        stdout: &Path,
        limits: &Limits,
    ) -> Result<RunOutcome> {
        self.run_request(&Sandbox::request(command, stdin, stdout, limits))
    }

    /// The request that runs `command` as `run` does: for a `Lane`.
    pub fn request(
        command: &Invocation,
        stdin: &Path,
        stdout: &Path,
        limits: &Limits,
    ) -> RunRequest {
        RunRequest {
            program: command.program.clone(),
            args: command.args.clone(),
            unlimited_address_space: command.unlimited_address_space,
            stdin: stdin.to_path_buf(),
            stdout: stdout.to_path_buf(),
            limits: *limits,
            isolate: command.isolate,
            binds: command.binds.clone(),
            cwd: command.cwd.clone(),
            env: command.env.clone(),
            stderr: None,
            compiler: false,
            runs_on_past_output: false,
        }
    }
}
