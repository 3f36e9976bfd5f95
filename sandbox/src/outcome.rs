//! How a process ended and what it used: plain data from the sandbox, before anything is judged.

use std::ffi::OsString;

use serde::{Deserialize, Serialize};

use crate::Limits;

/// A command to run in the sandbox.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Invocation {
    /// An absolute path: the sandbox does not search PATH.
    pub program: OsString,
    pub args: Vec<OsString>,
    /// The runtime reserves far more address space than it uses (JVM): no address-space cap.
    pub unlimited_address_space: bool,
    /// A program under judgement (not the judge's own checker or a setter's tool): contained.
    pub isolate: bool,
    /// What a contained run sees beyond its allowlist root (its files, its writable folders).
    pub binds: Vec<crate::protocol::Bind>,
    /// The working folder; without one, the private `/tmp` of a contained run, the launcher's otherwise.
    pub cwd: Option<std::path::PathBuf>,
    /// `NAME=value` entries over the fixed minimal environment (`launcher::ENVIRONMENT`).
    pub env: Vec<OsString>,
}

/// How the program ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Exit {
    /// Exited with this code.
    Code(i32),
    /// Killed by this signal.
    Signal(i32),
}

impl Exit {
    pub fn success(self) -> bool {
        self == Exit::Code(0)
    }
}

impl std::fmt::Display for Exit {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match *self {
            Exit::Code(code) => write!(f, "exit code {code}"),
            Exit::Signal(sig) => f.write_str(signal_name(sig)),
        }
    }
}

/// What one run measured.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RunOutcome {
    pub exit: Exit,
    pub cpu_us: u64,
    pub wall_us: u64,
    pub peak_kb: u64,
    /// Killed by the wall-clock backstop (idle past it, or at the cap: `sandbox::backstop`).
    pub wall_killed: bool,
    /// An interactive run killed after this long with neither side making progress (no byte relayed, no
    /// CPU time used): both waited for each other.
    #[serde(default)]
    pub stalled_ms: Option<u64>,
    /// An interactive solution still running this long after the interactor had ended, and killed then.
    #[serde(default)]
    pub lingered_ms: Option<u64>,
    /// The judge lost this run (no answer from its launcher in time, a reply it could not read): why. The
    /// run's processes were killed; the test is a judge error, not the program's fault.
    #[serde(default)]
    pub judge_error: Option<String>,
    /// Bytes the program wrote to stdout (up to the limit + 1).
    pub stdout_bytes: u64,
    /// The kernel killed a process of the run at the memory limit (its control group).
    #[serde(default)]
    pub memory_killed: bool,
    /// The run tried to start more tasks than its limit allows.
    #[serde(default)]
    pub tasks_refused: bool,
    /// The last bytes of stderr.
    #[serde(skip)]
    pub stderr_tail: Vec<u8>,
}

impl RunOutcome {
    /// A run the judge lost, for the reason given: killed, nothing measured.
    pub fn lost(reason: String) -> RunOutcome {
        RunOutcome {
            exit: Exit::Signal(libc::SIGKILL),
            cpu_us: 0,
            wall_us: 0,
            peak_kb: 0,
            wall_killed: false,
            stalled_ms: None,
            lingered_ms: None,
            judge_error: Some(reason),
            stdout_bytes: 0,
            memory_killed: false,
            tasks_refused: false,
            stderr_tail: Vec::new(),
        }
    }

    pub fn output_overflow(&self, limits: &Limits) -> bool {
        self.stdout_bytes > limits.output_bytes || self.exit == Exit::Signal(libc::SIGXFSZ)
    }
}

/// The conventional name of a signal.
pub fn signal_name(sig: i32) -> &'static str {
    match sig {
        libc::SIGHUP => "SIGHUP",
        libc::SIGINT => "SIGINT",
        libc::SIGQUIT => "SIGQUIT",
        libc::SIGILL => "SIGILL",
        libc::SIGTRAP => "SIGTRAP",
        libc::SIGABRT => "SIGABRT",
        libc::SIGBUS => "SIGBUS",
        libc::SIGFPE => "SIGFPE",
        libc::SIGKILL => "SIGKILL",
        libc::SIGSEGV => "SIGSEGV",
        libc::SIGPIPE => "SIGPIPE",
        libc::SIGALRM => "SIGALRM",
        libc::SIGTERM => "SIGTERM",
        libc::SIGXCPU => "SIGXCPU",
        libc::SIGXFSZ => "SIGXFSZ",
        libc::SIGSYS => "SIGSYS",
        _ => "signal",
    }
}

/// Which way bytes went, seen from the solution.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Direction {
    /// The interactor wrote it; the solution read it (`>`).
    #[serde(rename = ">")]
    ToSolution,
    /// The solution wrote it (`<`).
    #[serde(rename = "<")]
    FromSolution,
}

/// A piece of the conversation, with its time from the start.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Chunk {
    pub t_ms: f64,
    pub dir: Direction,
    pub text: String,
}
