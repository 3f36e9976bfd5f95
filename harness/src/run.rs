//! Running one program under limits: stdin from a file, stdout to a capped file, stderr as a bounded tail,
//! CPU time and peak memory from `wait4`, a wall-clock backstop, and no process left behind.
//!
//! Programs are started by a launcher: the harness binary itself, started once per worker thread as
//! `harness __launcher`, that forks each program on request. The launcher is a small, single-threaded
//! process, and that matters for memory: Linux reports as a child's peak RSS at least the RSS of the process
//! that forked it (the copied address space counts at `exec`), so forking straight from a busy,
//! multi-threaded judge would charge the judge's memory to the solution. Keeping the launcher alive between
//! runs keeps the cost of a test close to one fork and one exec. The launcher also enforces the limits and the
//! wall backstop itself and sweeps the program's process group when it ends.
//!
//! All the unix specifics of the project live in this file.

use std::cell::RefCell;
use std::collections::HashSet;
use std::ffi::{CString, OsStr, OsString};
use std::fs::File;
use std::io::{self, BufReader, Read, Write};
use std::os::fd::AsRawFd;
use std::os::unix::ffi::OsStrExt;
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::sync::{Mutex, OnceLock};
use std::time::Instant;

use anyhow::{bail, Context, Result};
use serde::Serialize;

/// The argument that turns the harness binary into the launcher.
pub const LAUNCHER_ARG: &str = "__launcher";

/// How much of stderr is kept: the last 64 KiB.
pub const STDERR_TAIL_BYTES: usize = 64 * 1024;

/// The limits of one run.
#[derive(Debug, Clone, Copy)]
pub struct Limits {
    /// CPU time limit; the run is killed soon after it and judged against it.
    pub cpu_ms: u64,
    /// Wall-clock backstop: the program is killed then.
    pub wall_ms: u64,
    /// Memory limit, judged against peak RSS; the address space is capped well above it.
    pub memory_kb: u64,
    /// Output limit in bytes; one byte more is OLE.
    pub output_bytes: u64,
}

impl Limits {
    /// The judge's limits for a problem (DESIGN §3): wall backstop at 3 x limit + 1 s.
    pub fn for_problem(
        time_limit_ms: u64,
        memory_limit_mb: u64,
        time_scale: f64,
        output_bytes: u64,
    ) -> Limits {
        let cpu_ms = ((time_limit_ms as f64) * time_scale).ceil().max(1.0) as u64;
        Limits {
            cpu_ms,
            wall_ms: 3 * cpu_ms + 1000,
            memory_kb: memory_limit_mb * 1024,
            output_bytes,
        }
    }

    /// Generous limits for problem-setter programs (generators, brute forces).
    pub fn tool() -> Limits {
        Limits {
            cpu_ms: 60_000,
            wall_ms: 120_000,
            memory_kb: 2 * 1024 * 1024,
            output_bytes: 256 << 20,
        }
    }
}

/// How the program ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
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
#[derive(Debug, Clone)]
pub struct RunOutcome {
    pub exit: Exit,
    pub cpu_us: u64,
    pub wall_us: u64,
    pub peak_kb: u64,
    /// Killed by the wall-clock backstop.
    pub wall_killed: bool,
    /// Bytes the program wrote to stdout (up to the limit + 1).
    pub stdout_bytes: u64,
    /// The last bytes of stderr.
    pub stderr_tail: Vec<u8>,
}

impl RunOutcome {
    pub fn output_overflow(&self, limits: &Limits) -> bool {
        self.stdout_bytes > limits.output_bytes || self.exit == Exit::Signal(libc::SIGXFSZ)
    }
}

/// Runs `program args` with stdin from `stdin`, stdout into the file `stdout` (truncated), under `limits`.
/// Errors are setup problems (the launcher could not start, the program could not be executed).
pub fn run(
    program: &Path,
    args: &[OsString],
    stdin: &Path,
    stdout: &Path,
    limits: &Limits,
) -> Result<RunOutcome> {
    let mut fields: Vec<&OsStr> = Vec::with_capacity(7 + args.len());
    let numbers = [
        limits.cpu_ms,
        limits.wall_ms,
        limits.memory_kb,
        limits.output_bytes,
    ]
    .map(|n| n.to_string());
    fields.extend(numbers.iter().map(OsStr::new));
    fields.extend([stdin.as_os_str(), stdout.as_os_str(), program.as_os_str()]);
    fields.extend(args.iter().map(OsString::as_os_str));
    let request = encode_request(&fields);

    LAUNCHER.with(|cell| {
        let mut slot = cell.borrow_mut();
        // A launcher that died (killed from outside) is replaced once.
        for attempt in 0..2 {
            if slot.is_none() {
                *slot = Some(Launcher::start()?);
            }
            let launcher = slot.as_mut().expect("started above");
            match launcher.request(&request) {
                Ok(record) => {
                    return parse_record(&record)
                        .with_context(|| format!("running {}", program.display()));
                }
                // The first failure only means the launcher is gone; the retry's error is the one to report.
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

/// The harness side of one launcher process.
struct Launcher {
    child: Child,
    /// `None` only while dropping: closing it ends the launcher.
    requests: Option<ChildStdin>,
    replies: BufReader<ChildStdout>,
}

impl Launcher {
    fn start() -> Result<Launcher> {
        let mut command = Command::new(launcher_path()?);
        command
            .arg(LAUNCHER_ARG)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .process_group(0);
        let mut child = {
            // Spawn and register under one lock, so an interrupt never misses a group.
            let mut running = running_groups().lock().unwrap_or_else(|e| e.into_inner());
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
        })
    }

    /// Sends one request; returns the record. The program's group is registered while it runs.
    fn request(&mut self, request: &[u8]) -> Result<Vec<u8>> {
        let requests = self.requests.as_mut().expect("open until dropped");
        requests.write_all(request)?;
        requests.flush()?;
        let pid = read_u32(&mut self.replies)? as i32;
        if pid > 0 {
            running_groups()
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .insert(pid);
        }
        let record = read_u32(&mut self.replies).and_then(|len| {
            let mut record = vec![0; len as usize];
            self.replies.read_exact(&mut record)?;
            Ok(record)
        });
        if pid > 0 {
            running_groups()
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .remove(&pid);
        }
        Ok(record?)
    }
}

impl Drop for Launcher {
    fn drop(&mut self) {
        // Closing the requests pipe ends the launcher; reap it.
        drop(self.requests.take());
        let _ = self.child.wait();
        running_groups()
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .remove(&(self.child.id() as i32));
    }
}

fn read_u32(reader: &mut impl Read) -> io::Result<u32> {
    let mut bytes = [0u8; 4];
    reader.read_exact(&mut bytes)?;
    Ok(u32::from_le_bytes(bytes))
}

/// A request: its length, then the fields separated by NUL bytes.
fn encode_request(fields: &[&OsStr]) -> Vec<u8> {
    let mut body = Vec::new();
    for (i, field) in fields.iter().enumerate() {
        if i > 0 {
            body.push(0);
        }
        body.extend_from_slice(field.as_bytes());
    }
    let mut request = (body.len() as u32).to_le_bytes().to_vec();
    request.extend_from_slice(&body);
    request
}

/// Kills every process group still running: the programs and the launchers (used on SIGINT / SIGTERM).
pub fn kill_all_running() {
    let running = running_groups().lock().unwrap_or_else(|e| e.into_inner());
    for &pgid in running.iter() {
        // SAFETY: killpg has no memory-safety preconditions.
        unsafe { libc::killpg(pgid, libc::SIGKILL) };
    }
}

/// Blocks SIGINT and SIGTERM in this thread (call before starting others) and handles them on a dedicated
/// thread: every running process group is killed, then the harness exits with 128 + signal.
pub fn install_interrupt_handler() {
    // SAFETY: plain signal-mask calls on a zero-initialised set.
    unsafe {
        let mut set: libc::sigset_t = std::mem::zeroed();
        libc::sigemptyset(&mut set);
        libc::sigaddset(&mut set, libc::SIGINT);
        libc::sigaddset(&mut set, libc::SIGTERM);
        libc::pthread_sigmask(libc::SIG_BLOCK, &set, std::ptr::null_mut());
        std::thread::spawn(move || {
            let mut sig = 0;
            libc::sigwait(&set, &mut sig);
            kill_all_running();
            let _ = writeln!(
                io::stderr(),
                "harness: interrupted; killed every running solution"
            );
            libc::_exit(128 + sig);
        });
    }
}

fn running_groups() -> &'static Mutex<HashSet<i32>> {
    static RUNNING: OnceLock<Mutex<HashSet<i32>>> = OnceLock::new();
    RUNNING.get_or_init(|| Mutex::new(HashSet::new()))
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
    path.clone().map_err(anyhow::Error::msg)
}

/// The launcher's record: one header line, then the stderr tail.
fn parse_record(record: &[u8]) -> Result<RunOutcome> {
    let Some(newline) = record.iter().position(|&b| b == b'\n') else {
        bail!("the launcher sent an empty report");
    };
    let header = String::from_utf8_lossy(&record[..newline]);
    let fields: Vec<&str> = header.split(' ').collect();
    if fields.first() == Some(&"error") {
        bail!("{}", header.trim_start_matches("error").trim());
    }
    let number = |i: usize| -> Result<i64> {
        fields
            .get(i)
            .and_then(|f| f.parse().ok())
            .with_context(|| format!("malformed launcher report `{header}`"))
    };
    let exit = match fields.first() {
        Some(&"code") => Exit::Code(number(1)? as i32),
        Some(&"signal") => Exit::Signal(number(1)? as i32),
        _ => bail!("malformed launcher report `{header}`"),
    };
    Ok(RunOutcome {
        exit,
        cpu_us: number(2)? as u64,
        wall_us: number(3)? as u64,
        peak_kb: number(4)? as u64,
        wall_killed: number(5)? != 0,
        stdout_bytes: number(6)? as u64,
        stderr_tail: record[newline + 1..].to_vec(),
    })
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

// ---------------------------------------------------------------------------------------------------------
// The launcher side: a long-lived, single-threaded process started by `Launcher::start` above.

/// Entry point of `harness __launcher`. Reads requests on stdin (`u32` length, then NUL-separated
/// `CPU_MS WALL_MS MEM_KB OUT_BYTES STDIN STDOUT PROGRAM ARGS...`), and for each answers on stdout with the
/// program's pid as a `u32` (0 if none started), then a `u32` length and the record:
/// `code|signal N CPU_US WALL_US PEAK_KB WALL_KILLED STDOUT_BYTES\n` and the stderr tail, or `error MESSAGE\n`.
/// Exits when stdin closes.
pub fn launcher_main() -> ! {
    // If the judge dies without closing our requests pipe (SIGKILL), go too, and the program with us.
    // SAFETY: prctl with constant arguments.
    unsafe { libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL) };
    let mut requests = io::stdin().lock();
    let mut replies = io::stdout().lock();
    let mut tail = Vec::with_capacity(2 * STDERR_TAIL_BYTES);
    loop {
        let Ok(len) = read_u32(&mut requests) else {
            std::process::exit(0)
        };
        let mut body = vec![0; len as usize];
        if requests.read_exact(&mut body).is_err() {
            std::process::exit(0);
        }
        let fields: Vec<&[u8]> = body.split(|&b| b == 0).collect();
        let mut announced = false;
        let mut announce = |pid: i32| -> io::Result<()> {
            announced = true;
            replies.write_all(&(pid as u32).to_le_bytes())?;
            replies.flush()
        };
        tail.clear();
        let record = match launch(&fields, &mut announce, &mut tail) {
            Ok(record) => record,
            Err(err) => format!("error {err:#}\n").into_bytes(),
        };
        let sent = (|| -> io::Result<()> {
            if !announced {
                replies.write_all(&0u32.to_le_bytes())?;
            }
            replies.write_all(&(record.len() as u32).to_le_bytes())?;
            replies.write_all(&record)?;
            replies.flush()
        })();
        if sent.is_err() {
            std::process::exit(0);
        }
    }
}

/// Runs one program to its end; returns the record.
fn launch(
    fields: &[&[u8]],
    announce: &mut dyn FnMut(i32) -> io::Result<()>,
    tail: &mut Vec<u8>,
) -> Result<Vec<u8>> {
    if fields.len() < 7 {
        bail!("malformed request: {} fields", fields.len());
    }
    let num = |i: usize| -> Result<u64> {
        std::str::from_utf8(fields[i])
            .ok()
            .and_then(|s| s.parse().ok())
            .context("malformed request: a limit")
    };
    let (cpu_ms, wall_ms, memory_kb, output_bytes) = (num(0)?, num(1)?, num(2)?, num(3)?);
    let stdin_path = Path::new(OsStr::from_bytes(fields[4]));
    let stdout_path = Path::new(OsStr::from_bytes(fields[5]));
    let argv: Vec<CString> = fields[6..]
        .iter()
        .map(|a| cstring(OsStr::from_bytes(a)))
        .collect::<Result<_>>()?;
    let mut argv_ptrs: Vec<*const libc::c_char> = argv.iter().map(|a| a.as_ptr()).collect();
    argv_ptrs.push(std::ptr::null());
    // A fixed, minimal environment, as on a judge: nothing of ours (RUST_BACKTRACE, locale) leaks in.
    let env = [c"PATH=/usr/local/bin:/usr/bin:/bin", c"LC_ALL=C"];
    let mut env_ptrs: Vec<*const libc::c_char> = env.iter().map(|v| v.as_ptr()).collect();
    env_ptrs.push(std::ptr::null());

    let stdin_file =
        File::open(stdin_path).with_context(|| format!("cannot read {}", stdin_path.display()))?;
    // A new file each time rather than truncating the last one: on some file systems truncating a file
    // that was just written waits for its blocks to be flushed and freed.
    let _ = std::fs::remove_file(stdout_path);
    let stdout_file = File::create(stdout_path)
        .with_context(|| format!("cannot create {}", stdout_path.display()))?;
    let (err_read, err_write) = pipe()?;
    let (exec_read, exec_write) = pipe()?;
    let cpu_soft = cpu_ms.div_ceil(1000) + 1;
    let limits = [
        // A backstop only: the CPU limit itself is enforced by polling in `supervise`.
        (libc::RLIMIT_CPU, cpu_soft, cpu_soft + 1),
        // The address space is capped well above the memory limit: it protects the machine, while the
        // verdict comes from the peak RSS.
        (
            libc::RLIMIT_AS,
            (memory_kb * 1024)
                .saturating_mul(2)
                .saturating_add(512 << 20),
            u64::MAX,
        ),
        (
            libc::RLIMIT_STACK,
            (memory_kb * 1024).max(8 << 20),
            u64::MAX,
        ),
        (libc::RLIMIT_FSIZE, output_bytes + 1, output_bytes + 1),
        (libc::RLIMIT_CORE, 0, 0),
    ];
    let clear_refs = c"/proc/self/clear_refs";
    // SAFETY: getpid has no preconditions.
    let launcher_pid = unsafe { libc::getpid() };
    let started = Instant::now();
    // SAFETY: between fork and exec the child only makes async-signal-safe calls on prepared data.
    let pid = unsafe { libc::fork() };
    if pid < 0 {
        bail!("fork failed: {}", io::Error::last_os_error());
    }
    if pid == 0 {
        // SAFETY: child side; see above.
        unsafe {
            libc::setpgid(0, 0);
            // If the launcher dies (the judge was killed), so does the program.
            libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL);
            if libc::getppid() != launcher_pid {
                libc::_exit(126);
            }
            libc::dup2(stdin_file.as_raw_fd(), 0);
            libc::dup2(stdout_file.as_raw_fd(), 1);
            libc::dup2(err_write, 2);
            for (resource, soft, hard) in limits {
                let hard = if hard == u64::MAX {
                    libc::RLIM_INFINITY
                } else {
                    hard as libc::rlim_t
                };
                let limit = libc::rlimit {
                    rlim_cur: soft as libc::rlim_t,
                    rlim_max: hard,
                };
                libc::setrlimit(resource, &limit);
            }
            libc::signal(libc::SIGPIPE, libc::SIG_DFL);
            let mut empty: libc::sigset_t = std::mem::zeroed();
            libc::sigemptyset(&mut empty);
            libc::sigprocmask(libc::SIG_SETMASK, &empty, std::ptr::null_mut());
            // The copied address space of the launcher must not count as the program's peak memory.
            let fd = libc::open(clear_refs.as_ptr(), libc::O_WRONLY);
            if fd >= 0 {
                libc::write(fd, b"5".as_ptr().cast(), 1);
                libc::close(fd);
            }
            libc::execve(argv[0].as_ptr(), argv_ptrs.as_ptr(), env_ptrs.as_ptr());
            let errno = *libc::__errno_location();
            libc::write(exec_write, (&errno as *const i32).cast(), 4);
            libc::_exit(127);
        }
    }
    // SAFETY: the child's group, set on both sides so that neither order of events leaves a window.
    unsafe { libc::setpgid(pid, pid) };
    drop(stdin_file);
    drop(stdout_file);
    // SAFETY: closing our copies of the child's pipe ends.
    unsafe {
        libc::close(err_write);
        libc::close(exec_write);
    }
    let announced = announce(pid);
    let mut errno_bytes = [0u8; 4];
    // SAFETY: reading into a local buffer; 0 bytes on exec success (CLOEXEC closed the pipe).
    let n = unsafe { libc::read(exec_read, errno_bytes.as_mut_ptr().cast(), 4) };
    // SAFETY: our descriptor.
    unsafe { libc::close(exec_read) };
    let result = if announced.is_err() {
        // The judge is gone: stop the program and leave.
        // SAFETY: killing the program's own group.
        unsafe { libc::killpg(pid, libc::SIGKILL) };
        std::process::exit(0);
    } else if n == 4 {
        let err = io::Error::from_raw_os_error(i32::from_ne_bytes(errno_bytes));
        // SAFETY: reaping our own child.
        unsafe { libc::waitpid(pid, std::ptr::null_mut(), 0) };
        Err(anyhow::anyhow!(
            "cannot execute {}: {err}",
            String::from_utf8_lossy(fields[6])
        ))
    } else {
        supervise(pid, err_read, started, cpu_ms, wall_ms, tail)
    };
    // Sweep whatever the program left behind in its group (a grandchild holding a pipe, a daemon).
    // SAFETY: killing the program's own group; harmless when it is already empty.
    unsafe { libc::killpg(pid, libc::SIGKILL) };
    let (exit, usage, wall_killed) = match result {
        Ok(done) => done,
        Err(err) => {
            // SAFETY: our descriptor.
            unsafe { libc::close(err_read) };
            return Err(err);
        }
    };
    let wall_us = started.elapsed().as_micros() as u64;
    drain_tail(err_read, tail);
    // SAFETY: our descriptor.
    unsafe { libc::close(err_read) };

    let cpu_us = timeval_us(usage.ru_utime) + timeval_us(usage.ru_stime);
    let stdout_bytes = std::fs::metadata(stdout_path).map(|m| m.len()).unwrap_or(0);
    let (kind, value) = match exit {
        Exit::Code(code) => ("code", code),
        Exit::Signal(sig) => ("signal", sig),
    };
    let mut record = format!(
        "{kind} {value} {cpu_us} {wall_us} {} {} {stdout_bytes}\n",
        usage.ru_maxrss.max(0),
        u8::from(wall_killed)
    )
    .into_bytes();
    record.extend_from_slice(&tail[tail.len().saturating_sub(STDERR_TAIL_BYTES)..]);
    Ok(record)
}

/// Waits for the child while draining its stderr into `tail`, killing it at the CPU limit and at the wall
/// backstop. Returns the exit, the child's resource usage and whether the backstop fired.
fn supervise(
    pid: i32,
    err_read: i32,
    started: Instant,
    cpu_ms: u64,
    wall_ms: u64,
    tail: &mut Vec<u8>,
) -> Result<(Exit, libc::rusage, bool)> {
    // SAFETY: pidfd_open has no memory-safety preconditions; on failure we fall back to short polls.
    let pidfd = unsafe { libc::syscall(libc::SYS_pidfd_open, pid, 0) } as i32;
    let mut err_open = true;
    let mut wall_killed = false;
    let result = loop {
        let remaining = (wall_ms as i128) - started.elapsed().as_millis() as i128;
        if remaining <= 0 && !wall_killed {
            // SAFETY: killing our own child.
            unsafe { libc::kill(pid, libc::SIGKILL) };
            wall_killed = true;
        }
        let mut status = 0;
        // SAFETY: zeroed rusage is a valid out-parameter.
        let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
        let flags = if wall_killed { 0 } else { libc::WNOHANG };
        // SAFETY: waiting for our own child with valid out-pointers.
        let reaped = unsafe { libc::wait4(pid, &mut status, flags, &mut usage) };
        if reaped == pid {
            let exit = if libc::WIFSIGNALED(status) {
                Exit::Signal(libc::WTERMSIG(status))
            } else {
                Exit::Code(libc::WEXITSTATUS(status))
            };
            break Ok((exit, usage, wall_killed));
        }
        if reaped < 0 {
            break Err(anyhow::anyhow!(
                "wait4 failed: {}",
                io::Error::last_os_error()
            ));
        }
        // Wake up now and then to stop a busy loop at the CPU limit (RLIMIT_CPU counts whole seconds).
        let tick = if pidfd >= 0 {
            (cpu_ms / 20).clamp(5, 50)
        } else {
            5
        };
        let timeout = remaining.clamp(1, tick as i128) as i32;
        let mut fds = [
            libc::pollfd {
                fd: if err_open { err_read } else { -1 },
                events: libc::POLLIN,
                revents: 0,
            },
            libc::pollfd {
                fd: pidfd,
                events: libc::POLLIN,
                revents: 0,
            },
        ];
        // SAFETY: polling two valid (or negative, ignored) descriptors.
        unsafe { libc::poll(fds.as_mut_ptr(), 2, timeout) };
        if fds[0].revents != 0 && !read_tail_chunk(err_read, tail) {
            err_open = false;
        }
        if fds[1].revents == 0 && !wall_killed && cpu_time_ms(pid).is_some_and(|used| used > cpu_ms)
        {
            // SAFETY: killing our own child; it is reaped on the next turn.
            unsafe { libc::kill(pid, libc::SIGKILL) };
        }
    };
    if pidfd >= 0 {
        // SAFETY: our descriptor.
        unsafe { libc::close(pidfd) };
    }
    result
}

/// CPU time (user + system) used so far by a running process, from `/proc/PID/stat`.
fn cpu_time_ms(pid: i32) -> Option<u64> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    let fields: Vec<&str> = stat.rsplit_once(')')?.1.split_ascii_whitespace().collect();
    let ticks: u64 = fields.get(11)?.parse::<u64>().ok()? + fields.get(12)?.parse::<u64>().ok()?;
    // SAFETY: sysconf has no preconditions.
    let per_second = unsafe { libc::sysconf(libc::_SC_CLK_TCK) }.max(1) as u64;
    Some(ticks * 1000 / per_second)
}

/// Reads one chunk of stderr into the tail, keeping it bounded; false at end of file or on error.
fn read_tail_chunk(fd: i32, tail: &mut Vec<u8>) -> bool {
    let mut buf = [0u8; 64 * 1024];
    // SAFETY: reading into a local buffer.
    let n = unsafe { libc::read(fd, buf.as_mut_ptr().cast(), buf.len()) };
    if n <= 0 {
        return false;
    }
    tail.extend_from_slice(&buf[..n as usize]);
    if tail.len() > 2 * STDERR_TAIL_BYTES {
        let excess = tail.len() - STDERR_TAIL_BYTES;
        tail.drain(..excess);
    }
    true
}

/// After the program is gone: takes what is already in the stderr pipe, without waiting for a grandchild
/// that may still hold it open.
fn drain_tail(fd: i32, tail: &mut Vec<u8>) {
    // SAFETY: making our own descriptor non-blocking.
    unsafe { libc::fcntl(fd, libc::F_SETFL, libc::O_NONBLOCK) };
    let mut budget = 16; // at most 1 MiB more: a writer that never stops must not keep us here
    while budget > 0 && read_tail_chunk(fd, tail) {
        budget -= 1;
    }
}

fn pipe() -> Result<(i32, i32)> {
    let mut fds = [0; 2];
    // SAFETY: pipe2 writes two descriptors into the array.
    if unsafe { libc::pipe2(fds.as_mut_ptr(), libc::O_CLOEXEC) } != 0 {
        bail!("pipe failed: {}", io::Error::last_os_error());
    }
    Ok((fds[0], fds[1]))
}

fn cstring(arg: &OsStr) -> Result<CString> {
    CString::new(arg.as_bytes()).with_context(|| format!("argument {arg:?} contains a NUL byte"))
}

fn timeval_us(tv: libc::timeval) -> u64 {
    (tv.tv_sec as u64) * 1_000_000 + tv.tv_usec as u64
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reports_parse() {
        let outcome = parse_record(
            b"signal 11 1500 2000 3000 0 12\nthread 'main' has overflowed its stack\n",
        )
        .unwrap();
        assert_eq!(outcome.exit, Exit::Signal(libc::SIGSEGV));
        assert_eq!(
            (
                outcome.cpu_us,
                outcome.wall_us,
                outcome.peak_kb,
                outcome.stdout_bytes
            ),
            (1500, 2000, 3000, 12)
        );
        assert!(!outcome.wall_killed);
        assert!(outcome.stderr_tail.starts_with(b"thread"));
        assert!(parse_record(b"error cannot execute x: No such file\n")
            .unwrap_err()
            .to_string()
            .contains("cannot execute"));
        assert!(parse_record(b"").is_err());
    }

    #[test]
    fn requests_are_length_prefixed_nul_separated() {
        let request = encode_request(&[OsStr::new("1000"), OsStr::new("a b")]);
        assert_eq!(request, b"\x08\x00\x00\x001000\x00a b");
    }

    #[test]
    fn wall_backstop_is_three_times_the_limit_plus_a_second() {
        let limits = Limits::for_problem(1000, 32, 1.0, 1 << 20);
        assert_eq!(
            (limits.cpu_ms, limits.wall_ms, limits.memory_kb),
            (1000, 4000, 32 * 1024)
        );
        assert_eq!(Limits::for_problem(1000, 32, 1.5, 1).cpu_ms, 1500);
    }
}
