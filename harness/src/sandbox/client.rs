//! The judge's side of the launchers: one long-lived launcher per worker thread, started on first use and
//! replaced once if it dies, asked to run one program at a time.

use std::cell::RefCell;
use std::io::{BufReader, Write};
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::sync::OnceLock;

use anyhow::{bail, Context, Result};

use super::interrupt::running_groups;
use super::protocol::{
    read_frame, read_message, write_message, InteractRequest, Interaction, Reply, Request,
    RunRequest,
};
use super::LAUNCHER_ARG;
use crate::model::RunOutcome;

/// Runs a program under limits through this thread's launcher. Errors are setup problems (the launcher
/// could not start, the program could not be executed).
pub fn run(request: &RunRequest) -> Result<RunOutcome> {
    LAUNCHER.with(|cell| {
        let mut slot = cell.borrow_mut();
        // A launcher that died (killed from outside) is replaced once.
        for attempt in 0..2 {
            if slot.is_none() {
                *slot = Some(Launcher::start()?);
            }
            let launcher = slot.as_mut().expect("started above");
            match launcher.request(request) {
                Ok(reply) => {
                    return reply.with_context(|| {
                        format!("running {}", Path::new(&request.program).display())
                    });
                }
                // The first failure only means the launcher is gone; the retry's error is the one to report.
                Err(_) if attempt == 0 => *slot = None,
                // Gone twice while the program ran: the program's doing, which costs it this test only.
                Err(_) if launcher.program_started => {
                    *slot = None;
                    return Ok(launcher_lost(request));
                }
                Err(err) => return Err(err.context("the launcher stopped answering")),
            }
        }
        unreachable!("the loop returns")
    })
}

/// Runs an interactive pair through this thread's launcher.
pub fn interact(request: &InteractRequest) -> Result<Interaction> {
    LAUNCHER.with(|cell| {
        let mut slot = cell.borrow_mut();
        for attempt in 0..2 {
            if slot.is_none() {
                *slot = Some(Launcher::start()?);
            }
            let launcher = slot.as_mut().expect("started above");
            match launcher.interact(request) {
                Ok(reply) => return reply,
                Err(_) if attempt == 0 => *slot = None,
                Err(err) => return Err(err.context("the launcher stopped answering")),
            }
        }
        unreachable!("the loop returns")
    })
}

thread_local! {
    static LAUNCHER: RefCell<Option<Launcher>> = const { RefCell::new(None) };
}

/// The judge side of one launcher process.
struct Launcher {
    child: Child,
    /// `None` only while dropping: closing it ends the launcher.
    requests: Option<ChildStdin>,
    replies: BufReader<ChildStdout>,
    /// Whether the program of the last request had started (the launcher said so).
    program_started: bool,
}

/// How a run ended whose launcher died under it twice: killed, with the reason where stderr goes.
fn launcher_lost(request: &RunRequest) -> RunOutcome {
    RunOutcome {
        exit: crate::model::Exit::Signal(libc::SIGKILL),
        cpu_us: 0,
        wall_us: 0,
        peak_kb: 0,
        wall_killed: false,
        stalled_ms: None,
        stdout_bytes: std::fs::metadata(&request.stdout).map_or(0, |m| m.len()),
        memory_killed: false,
        tasks_refused: false,
        stderr_tail: b"harness: the launcher running this program was killed while it ran, twice"
            .to_vec(),
    }
}

impl Launcher {
    fn start() -> Result<Launcher> {
        static SLOTS: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);
        let slot = SLOTS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let (cache_bin, hidden) = configured();
        let mut command = Command::new(launcher_path()?);
        command
            .arg(LAUNCHER_ARG)
            .arg(slot.to_string())
            .arg(cache_bin)
            .args(hidden)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .process_group(0);
        let mut child = {
            // Spawn and register under one lock, so an interrupt never misses a group.
            let mut running = running_groups();
            let child = command
                .spawn()
                .context("cannot start the launcher (the harness binary itself)")?;
            running.insert(child.id() as i32);
            child
        };
        let requests = child.stdin.take().expect("piped");
        let replies = BufReader::new(child.stdout.take().expect("piped"));
        Ok(Launcher {
            child,
            requests: Some(requests),
            replies,
            program_started: false,
        })
    }

    /// Sends one request and reads its replies. The outer error means the launcher is gone; the inner one
    /// is the launcher's answer that the program could not run.
    fn request(&mut self, request: &RunRequest) -> Result<Result<RunOutcome>> {
        let requests = self.requests.as_mut().expect("open until dropped");
        write_message(requests, &Request::Run(request.clone()))?;
        requests.flush()?;
        let mut started = None;
        self.program_started = false;
        let answer = loop {
            match read_message::<Reply>(&mut self.replies) {
                Ok(Reply::Started { pid }) if pid > 0 && started.is_none() => {
                    running_groups().insert(pid);
                    started = Some(pid);
                    self.program_started = true;
                }
                Ok(Reply::Finished { mut outcome }) => {
                    break read_frame(&mut self.replies).map(|tail| {
                        outcome.stderr_tail = tail;
                        Ok(outcome)
                    });
                }
                Ok(Reply::Failed { message }) => break Ok(Err(anyhow::Error::msg(message))),
                Ok(other) => break Ok(Err(anyhow::anyhow!("unexpected launcher reply {other:?}"))),
                Err(err) => break Err(err),
            }
        };
        if let Some(pid) = started {
            if answer.is_err() {
                // The launcher is gone: its program must not outlive it (as root it may not get the
                // launcher's death signal, having changed uid).
                // SAFETY: killing the group of the program we asked the launcher to start.
                unsafe { libc::killpg(pid, libc::SIGKILL) };
            }
            running_groups().remove(&pid);
        }
        Ok(answer?)
    }
}

impl Launcher {
    /// Like `request`, for an interactive pair: its replies carry two stderr tails.
    fn interact(&mut self, request: &InteractRequest) -> Result<Result<Interaction>> {
        let requests = self.requests.as_mut().expect("open until dropped");
        write_message(requests, &Request::Interact(request.clone()))?;
        requests.flush()?;
        let mut started = Vec::new();
        let answer = loop {
            match read_message::<Reply>(&mut self.replies) {
                Ok(Reply::Started { pid }) if pid > 0 && started.len() < 2 => {
                    running_groups().insert(pid);
                    started.push(pid);
                }
                Ok(Reply::Interacted { interaction }) => {
                    let mut interaction = *interaction;
                    let tails = read_frame(&mut self.replies)
                        .and_then(|s| Ok((s, read_frame(&mut self.replies)?)));
                    break tails.map(|(solution, interactor)| {
                        interaction.solution.stderr_tail = solution;
                        interaction.interactor.stderr_tail = interactor;
                        Ok(interaction)
                    });
                }
                Ok(Reply::Failed { message }) => break Ok(Err(anyhow::Error::msg(message))),
                Ok(other) => break Ok(Err(anyhow::anyhow!("unexpected launcher reply {other:?}"))),
                Err(err) => break Err(err),
            }
        };
        for pid in started {
            running_groups().remove(&pid);
        }
        Ok(answer?)
    }
}

impl Drop for Launcher {
    fn drop(&mut self) {
        // Closing the requests pipe ends the launcher; reap it.
        drop(self.requests.take());
        let _ = self.child.wait();
        running_groups().remove(&(self.child.id() as i32));
    }
}

/// Where the programs under judgement live, and the folders they must not see.
static CONFIG: OnceLock<std::sync::Mutex<(PathBuf, Vec<PathBuf>)>> = OnceLock::new();

/// Tells the launchers started from now on where the cache's binaries are and what to hide.
pub fn configure(cache_dir: &Path, hidden: Vec<PathBuf>) {
    let config = CONFIG.get_or_init(Default::default);
    *config.lock().unwrap_or_else(|e| e.into_inner()) = (cache_dir.join("bin"), hidden);
}

fn configured() -> (PathBuf, Vec<PathBuf>) {
    CONFIG
        .get()
        .map(|c| c.lock().unwrap_or_else(|e| e.into_inner()).clone())
        .unwrap_or_default()
}

fn launcher_path() -> Result<PathBuf> {
    static PATH: OnceLock<std::result::Result<PathBuf, String>> = OnceLock::new();
    let path = PATH.get_or_init(|| {
        let exe = std::env::current_exe()
            .map_err(|e| format!("cannot locate the harness binary: {e}"))?;
        if exe.file_stem().is_some_and(|stem| stem == "harness") {
            return Ok(exe);
        }
        // Under `cargo test` the current executable is a test binary; the harness sits beside `deps/`.
        let sibling = exe
            .parent()
            .and_then(Path::parent)
            .map(|dir| dir.join("harness"));
        match sibling {
            Some(path) if path.is_file() => Ok(path),
            _ => Err(format!(
                "cannot find the harness binary next to {}; build it with `cargo build -p harness`",
                exe.display()
            )),
        }
    });
    match path {
        Ok(path) => Ok(path.clone()),
        Err(message) => bail!("{message}"),
    }
}
