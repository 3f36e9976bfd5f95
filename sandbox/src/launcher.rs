//! The launcher: a long-lived process (`harness __launcher`) that runs one program at a time for a worker
//! of the judge, under its limits, and reports how it ended. It is single-threaded but for a thread that
//! only writes into its control group while a run is expected (`warm`).
//!
//! Why a separate process: Linux reports as a child's peak RSS at least the RSS of the process that forked
//! it (the copied address space counts at `exec`), so forking straight from a busy, multi-threaded judge
//! would charge the judge's memory to the solution. Keeping the launcher alive between runs keeps the cost
//! of a test close to one fork and one exec. The launcher enforces the limits and the wall backstop itself
//! and sweeps the program's process group when it ends.

use std::ffi::{CStr, CString, OsStr};
use std::fs::File;
use std::io::{self, Write};
use std::os::fd::{AsFd, AsRawFd, FromRawFd, OwnedFd};
use std::time::Instant;

use anyhow::{bail, Context, Result};

use super::backstop::{Activity, Backstop};
use super::child::ChildSetup;
use super::isolate::Isolation;
use super::protocol::{
    encode_reply, push_frame, read_message, PidSlots, Reply, Request, RunRequest, PID_SLOTS,
};
pub(super) use super::sys::{
    cpu_time_ms, cstring, drain_tail, pipe, poll_in, read_exec_error, read_tail_chunk, reap,
    timeval_us,
};
use super::tree;
use super::warm::Warmer;
use crate::limits::STDERR_TAIL_BYTES;
use crate::{Exit, Limits, RunOutcome};

/// Entry point of `harness __launcher`: answers `RunRequest`s on stdin with `Reply`s on stdout (see
/// `protocol`) until stdin closes.
pub fn launcher_main() -> ! {
    // If the judge dies without closing our requests pipe (SIGKILL), go too, and the program with us.
    // SAFETY: prctl with constant arguments.
    unsafe { libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL) };
    // `harness __launcher SLOT CACHE_BIN CPU PID_SLOTS_FD`.
    let args: Vec<std::ffi::OsString> = std::env::args_os().skip(2).collect();
    // The CPU the judge chose for it (`cpus`; `-` for none): kept to before anything else, so that its
    // spawner, its relays and its programs inherit it.
    if let Some(cpu) = args.get(2).and_then(|cpu| cpu.to_str()?.parse().ok()) {
        super::cpus::keep_to(cpu);
    }
    let slot = args
        .first()
        .and_then(|s| s.to_str()?.parse().ok())
        .unwrap_or(0);
    let cache_bin = args
        .get(1)
        .map(std::path::PathBuf::from)
        .filter(|p| !p.as_os_str().is_empty());
    // The judge's page of pid slots (`PidSlots`), the descriptor closed once mapped. Without it the judge
    // could not kill the programs of a launcher it lost: no run without it.
    let Some(slots) = args.get(3).and_then(|fd| pid_slots(fd)) else {
        std::process::exit(2)
    };
    let isolation = Isolation::new(slot);
    let warmer = isolation
        .warm_file()
        .and_then(|(file, thread)| Warmer::start(file, thread));
    // What the launcher tells its warming thread, when it has one.
    let warm = |tell: fn(&Warmer)| warmer.iter().for_each(tell);
    let context = LaunchContext {
        isolation,
        cache_bin,
        templates: Default::default(),
        spawner: Default::default(),
        unpinned: unpinned(),
    };
    // As root, runs are started by the spawner (`spawner`): made before the first run, while the
    // launcher is small.
    if context.isolation.uid().is_some() && context.isolation.mount_ns() {
        context.spawner.borrow_mut().start();
    }
    let mut requests = io::stdin().lock();
    // A reply and its tails go out in one write (the judge wakes once for them): not through the
    // buffered stdout, which writes up to each newline of a tail.
    let Ok(mut replies) = io::stdout().as_fd().try_clone_to_owned().map(File::from) else {
        std::process::exit(2)
    };
    let mut out = Vec::new();
    let mut tail = Vec::with_capacity(2 * STDERR_TAIL_BYTES);
    loop {
        let Ok(request) = read_message::<Request>(&mut requests) else {
            warm(Warmer::stop);
            drop(context);
            std::process::exit(0)
        };
        tail.clear();
        warm(Warmer::request);
        // The programs of a request, in the order they start, each in its slot.
        let mut started = 0;
        let mut announce = |pid: i32| -> io::Result<()> {
            if started < PID_SLOTS {
                slots.set(started, pid);
            }
            started += 1;
            // The first program is in its group (or never will be: a compiler, an interactor).
            warm(Warmer::joined);
            Ok(())
        };
        let (reply, tails) = match request {
            Request::Run(run) => match launch(&run, &context, &mut announce, &mut tail) {
                Ok(outcome) => (Reply::Finished { outcome }, vec![tail.clone()]),
                Err(err) => (failed(err), Vec::new()),
            },
            Request::Interact(interact) => {
                match super::interact::interact(&interact, &context, &mut announce) {
                    Ok((interaction, tails)) => (
                        Reply::Interacted {
                            interaction: Box::new(interaction),
                        },
                        tails.to_vec(),
                    ),
                    Err(err) => (failed(err), Vec::new()),
                }
            }
        };
        // The request's programs are gone: its pids leave the slots before the reply, so that they never
        // name a process of the past when the judge reads them for the next request.
        slots.clear();
        warm(Warmer::joined);
        let sent = (|| -> io::Result<()> {
            out.clear();
            push_frame(&mut out, &encode_reply(&reply)?);
            for tail in &tails {
                push_frame(
                    &mut out,
                    &tail[tail.len().saturating_sub(STDERR_TAIL_BYTES)..],
                );
            }
            replies.write_all(&out)
        })();
        if sent.is_err() {
            warm(Warmer::stop);
            drop(context);
            std::process::exit(0);
        }
    }
}

/// The CPUs of the judge (the launcher's parent) when they are more than the launcher's own: the judge
/// kept the launcher to one of them (`cpus`).
fn unpinned() -> Option<libc::cpu_set_t> {
    // SAFETY: getppid has no preconditions.
    let judge = super::cpus::affinity(unsafe { libc::getppid() })?;
    let own = super::cpus::affinity(0)?;
    // SAFETY: CPU_COUNT reads filled sets.
    (unsafe { libc::CPU_COUNT(&judge) > libc::CPU_COUNT(&own) }).then_some(judge)
}

/// The pid slots of the memfd numbered `fd` (the launcher's last argument), the descriptor closed.
fn pid_slots(fd: &std::ffi::OsStr) -> Option<PidSlots> {
    let fd: i32 = fd.to_str()?.parse().ok()?;
    // SAFETY: checking that the descriptor is open before owning it.
    if fd < 3 || unsafe { libc::fcntl(fd, libc::F_GETFD) } < 0 {
        return None;
    }
    // SAFETY: the descriptor the judge passed for this, used by nothing else in the launcher.
    let fd = unsafe { OwnedFd::from_raw_fd(fd) };
    PidSlots::map(fd.as_fd()).ok()
}

/// What the launcher keeps between runs.
pub(super) struct LaunchContext {
    pub isolation: Isolation,
    /// The cache's `bin` folder, where the programs under judgement live.
    pub cache_bin: Option<std::path::PathBuf>,
    /// Each recent program's prepared namespaces.
    pub templates: std::cell::RefCell<super::template::Templates>,
    /// What starts the common run's program without a fork of the launcher (`spawner`).
    pub spawner: std::cell::RefCell<super::spawner::Slot>,
    /// The judge's CPUs, when the launcher keeps to one of them (`cpus`): a compiler gets them back.
    pub unpinned: Option<libc::cpu_set_t>,
}

/// What the launcher sets a program up by.
pub(super) struct Spec<'a> {
    pub program: &'a OsStr,
    pub args: &'a [std::ffi::OsString],
    pub isolate: bool,
    pub memory_kb: u64,
    pub binds: &'a [super::protocol::Bind],
    pub cwd: Option<&'a std::path::Path>,
    /// In the launcher's control group (a compiler and an interactor are not).
    pub in_cgroup: bool,
    /// A compiler: its system-call filter allows sockets (`seccomp::for_compilers`).
    pub compiler: bool,
}

impl LaunchContext {
    pub(super) fn setup(&self, spec: Spec) -> ChildSetup {
        let mut setup = ChildSetup::new(
            &self.isolation,
            spec.isolate,
            std::path::Path::new(spec.program),
            spec.args,
            self.cache_bin.as_deref(),
            spec.memory_kb,
        );
        if !spec.in_cgroup {
            setup.join.clear();
        }
        if spec.compiler && setup.seccomp.is_some() {
            setup.seccomp = super::seccomp::for_compilers();
        }
        setup.add_binds(&self.isolation, spec.binds);
        setup.set_cwd(spec.cwd);
        setup.template = self.templates.borrow_mut().join(&setup);
        setup
    }

    /// After a run, its processes gone: a namespace it left files in is not joined again.
    pub(super) fn after_run(&self) {
        self.templates.borrow_mut().retire_dirty();
    }
}

fn failed(err: anyhow::Error) -> Reply {
    Reply::Failed {
        message: format!("{err:#}"),
    }
}

/// Everything the child needs between fork and exec, prepared before forking.
pub(super) struct Prepared {
    pub argv: Vec<CString>,
    pub stdin: OwnedFd,
    pub stdout: OwnedFd,
    /// stderr into this file; else into the pipe whose tail is kept.
    pub stderr: Option<OwnedFd>,
    /// `NAME=value` entries.
    pub env: Vec<CString>,
    pub rlimits: [(libc::__rlimit_resource_t, u64, u64); 5],
    /// `RLIMIT_NPROC` to set, where no control group bounds the run's tasks (a compiler, as root).
    pub tasks: Option<u64>,
    /// The CPUs to run on, when not the launcher's one (a compiler may use them all).
    pub cpus: Option<libc::cpu_set_t>,
    /// `SIGXFSZ` ignored: writes past the output limit fail and the program runs on.
    pub runs_on_past_output: bool,
}

/// A fixed, minimal environment, as on a judge: nothing of ours (RUST_BACKTRACE, locale, tokens) leaks in.
const ENVIRONMENT: [&CStr; 2] = [c"PATH=/usr/local/bin:/usr/bin:/bin", c"LC_ALL=C"];

/// The fixed environment with `extra` (`NAME=value` entries) over it: an entry replaces the fixed one of
/// the same name.
pub(super) fn environment(extra: &[std::ffi::OsString]) -> Result<Vec<CString>> {
    let name = |entry: &[u8]| {
        entry
            .split(|&b| b == b'=')
            .next()
            .unwrap_or_default()
            .to_vec()
    };
    let extra: Vec<CString> = extra.iter().map(|e| cstring(e)).collect::<Result<_>>()?;
    let mut env: Vec<CString> = ENVIRONMENT
        .iter()
        .filter(|fixed| {
            !extra
                .iter()
                .any(|e| name(e.as_bytes()) == name(fixed.to_bytes()))
        })
        .map(|fixed| (*fixed).to_owned())
        .collect();
    env.extend(extra);
    Ok(env)
}

/// The program and its arguments as C strings.
pub(super) fn argv(program: &OsStr, args: &[std::ffi::OsString]) -> Result<Vec<CString>> {
    std::iter::once(program)
        .chain(args.iter().map(|a| a.as_os_str()))
        .map(cstring)
        .collect()
}

fn prepare(request: &RunRequest) -> Result<Prepared> {
    let argv = argv(&request.program, &request.args)?;
    let stdin = File::open(&request.stdin)
        .with_context(|| format!("cannot read {}", request.stdin.display()))?;
    let stdin = super::sys::sealed_input(stdin)
        .with_context(|| format!("cannot hand {} over", request.stdin.display()))?;
    // A new file each time rather than truncating the last one: on some file systems truncating a file
    // that was just written waits for its blocks to be flushed and freed.
    let _ = std::fs::remove_file(&request.stdout);
    let stdout = File::create(&request.stdout)
        .with_context(|| format!("cannot create {}", request.stdout.display()))?;
    let stderr = match &request.stderr {
        Some(path) => {
            let _ = std::fs::remove_file(path);
            let file =
                File::create(path).with_context(|| format!("cannot create {}", path.display()))?;
            Some(file.into())
        }
        None => None,
    };
    Ok(Prepared {
        argv,
        stdin,
        stdout: stdout.into(),
        stderr,
        env: environment(&request.env)?,
        rlimits: rlimits(
            &request.limits,
            request.unlimited_address_space,
            !request.compiler,
        ),
        tasks: None,
        cpus: None,
        runs_on_past_output: request.runs_on_past_output,
    })
}

/// `RLIMIT_CPU`'s soft limit for a CPU limit, in whole seconds. For a run whose CPU time the launcher
/// watches (`supervise`, `interact`), a backstop at twice the limit and a second: the kernel checks it
/// against the clock ticks charged to the program, and on a busy machine a busy loop is charged ticks
/// that other processes' short bursts used (the task running when the tick fires gets all of it): under
/// load the ticks ran 25-45% ahead of the measured CPU time (rusage, the control group), so a backstop at
/// the limit and a second killed a program at 6 s of a 7 s limit, its TLE then over a time it never used.
/// A compiler runs outside the runs' control group, whose CPU time the launcher reads: the kernel's limit
/// is its limit (per process, whole seconds), the limit and a second.
pub(super) fn cpu_rlimit_seconds(cpu_ms: u64, watched: bool) -> u64 {
    match watched {
        true => (cpu_ms * 2).div_ceil(1000) + 1,
        false => cpu_ms.div_ceil(1000) + 1,
    }
}

/// The resource limits set in the child: (resource, soft, hard), `u64::MAX` meaning unlimited.
pub(super) fn rlimits(
    limits: &Limits,
    unlimited_address_space: bool,
    watched: bool,
) -> [(libc::__rlimit_resource_t, u64, u64); 5] {
    let cpu_soft = cpu_rlimit_seconds(limits.cpu_ms, watched);
    let memory = limits.memory_kb * 1024;
    [
        // For a watched run a backstop only: its CPU limit is enforced by polling in `supervise`.
        (libc::RLIMIT_CPU, cpu_soft, cpu_soft + 1),
        // The address space is capped well above the memory limit: it protects the machine, while the
        // verdict comes from the peak RSS.
        (
            libc::RLIMIT_AS,
            match unlimited_address_space {
                true => u64::MAX,
                false => memory.saturating_mul(2).saturating_add(512 << 20),
            },
            u64::MAX,
        ),
        // As large as the memory limit allows (judges allow deep recursion), a little below it, so that
        // a runaway recursion overflows the stack (a named RE) before the control group's memory limit.
        (
            libc::RLIMIT_STACK,
            memory
                .saturating_sub((memory / 4).min(16 << 20))
                .max(8 << 20),
            u64::MAX,
        ),
        (
            libc::RLIMIT_FSIZE,
            limits.output_bytes + 1,
            limits.output_bytes + 1,
        ),
        (libc::RLIMIT_CORE, 0, 0),
    ]
}

/// Runs one program to its end: starts it, announces its pid, supervises it, and sweeps its group.
fn launch(
    request: &RunRequest,
    context: &LaunchContext,
    announce: &mut dyn FnMut(i32) -> io::Result<()>,
    tail: &mut Vec<u8>,
) -> Result<RunOutcome> {
    let mut prepared = prepare(request)?;
    // A compiler is kept out of the control group: as root (the uid switch), its tasks are bounded by the
    // sandbox uid's RLIMIT_NPROC instead (not root, its user namespace's task limit does that).
    if request.compiler && request.isolate && context.isolation.uid().is_some() {
        prepared.tasks = Some(super::limited::COMPILER_TASKS);
    }
    // A compiler may use every CPU of the judge's (rustc's code generation is parallel), not only the
    // launcher's one.
    if request.compiler {
        prepared.cpus = context.unpinned;
    }
    let setup = context.setup(Spec {
        program: &request.program,
        args: &request.args,
        isolate: request.isolate,
        memory_kb: request.limits.memory_kb,
        binds: &request.binds,
        cwd: request.cwd.as_deref(),
        in_cgroup: !request.compiler,
        compiler: request.compiler,
    });
    // A program in the control group: the group counts the CPU of its whole tree and holds every process
    // it started. Else what the launcher reaps is counted, and its descendants are swept.
    let in_group = !setup.join.is_empty();
    let reaped_base = (!in_group).then(tree::reaped_cpu_us);
    // Its private `/tmp` and `/dev/shm`, whose files are charged to its memory where it is sampled; not a
    // compiler's (its object files: each file system is already bounded by its memory limit, and a binary
    // too large to keep gets its own compile error).
    let private_tmp = setup.mount_ns && setup.root.is_some() && !request.compiler;
    context.isolation.prepare(request.limits.memory_kb * 1024);
    let started = Instant::now();
    // A compiler is forked (its task limit is a rlimit of its uid; it runs once per program anyway).
    let mut spawner = context.spawner.borrow_mut();
    let spawner = (!request.compiler).then_some(&mut *spawner);
    let (pid, err_read) = start_with(prepared, setup, &request.program, announce, spawner)?;
    let result = supervise(
        pid,
        err_read,
        started,
        &request.limits,
        in_group.then_some(&context.isolation),
        private_tmp,
        tail,
    );
    // Sweep whatever the program left behind in its group (a grandchild holding a pipe, a daemon), in
    // its control group, and among the processes the launcher adopted.
    // SAFETY: killing the program's own group; harmless when it is already empty.
    unsafe { libc::killpg(pid, libc::SIGKILL) };
    let tree = context.isolation.finish();
    if in_group && tree.emptied {
        // Nothing of the run is left (its group is empty): only its ended orphans are to be reaped.
        super::isolate::reap_orphans();
    } else {
        super::isolate::kill_adopted();
    }
    context.after_run();
    let finished = result.map(|ended| {
        let Supervised {
            exit,
            usage,
            wall_killed,
            sampled,
            memory_killed: sampled_over,
            starved,
        } = ended;
        let wall_us = started.elapsed().as_micros() as u64;
        drain_tail(err_read, tail);
        RunOutcome {
            exit,
            // Everything the launcher reaped since the start: the program and every orphan of its tree;
            // where sampled, what the run's processes were seen to use (those reaped by no one included).
            cpu_us: (timeval_us(usage.ru_utime) + timeval_us(usage.ru_stime))
                .max(tree.cpu_us.unwrap_or(0))
                .max(reaped_base.map_or(0, |base| tree::reaped_cpu_us().saturating_sub(base)))
                .max(sampled.cpu_ms * 1000),
            wall_us,
            peak_kb: (usage.ru_maxrss.max(0) as u64).max(sampled.rss_kb),
            wall_killed,
            stalled_ms: None,
            lingered_ms: None,
            // Killed at the wall-clock cap while starved of CPU: not the program's verdict to give.
            judge_error: starved,
            stdout_bytes: std::fs::metadata(&request.stdout).map_or(0, |m| m.len()),
            memory_killed: tree.oom_killed || sampled_over,
            tasks_refused: tree.tasks_refused,
            stderr_tail: Vec::new(),
        }
    });
    // SAFETY: our descriptor.
    unsafe { libc::close(err_read) };
    finished
}

/// Starts a program and announces its pid: the pid and the read end of its stderr. An exec that failed
/// is an error; a judge that is gone ends the launcher.
pub(super) fn start_program(
    prepared: Prepared,
    setup: ChildSetup,
    program: &OsStr,
    announce: &mut dyn FnMut(i32) -> io::Result<()>,
) -> Result<(i32, i32)> {
    start_with(prepared, setup, program, announce, None)
}

/// As `start_program`, through the launcher's spawner where there is one and the run is one it starts.
fn start_with(
    prepared: Prepared,
    setup: ChildSetup,
    program: &OsStr,
    announce: &mut dyn FnMut(i32) -> io::Result<()>,
    spawner: Option<&mut super::spawner::Slot>,
) -> Result<(i32, i32)> {
    let (err_read, err_write) = pipe()?;
    let (exec_read, exec_write) = pipe()?;
    // The spawner's program is announced as soon as it exists, before it runs, as a forked one is.
    let mut early = None;
    let mut announce_early = |pid| early = Some(announce(pid));
    let pid = spawn(
        &prepared,
        &setup,
        err_write,
        exec_write,
        spawner,
        &mut announce_early,
    );
    let pid = match pid {
        Ok(pid) => pid,
        Err(err) => {
            // SAFETY: our descriptors.
            unsafe {
                for fd in [err_read, err_write, exec_read, exec_write] {
                    libc::close(fd);
                }
            }
            return Err(err);
        }
    };
    drop(setup);
    drop(prepared);
    // SAFETY: closing our copies of the child's pipe ends.
    unsafe {
        libc::close(err_write);
        libc::close(exec_write);
    }
    if early.unwrap_or_else(|| announce(pid)).is_err() {
        // The judge is gone: stop the program and leave.
        // SAFETY: killing the program's own group.
        unsafe { libc::killpg(pid, libc::SIGKILL) };
        std::process::exit(0);
    }
    if let Some(err) = read_exec_error(exec_read) {
        // SAFETY: reaping our own child; closing our descriptor.
        unsafe {
            libc::waitpid(pid, std::ptr::null_mut(), 0);
            libc::close(err_read);
        }
        bail!("cannot execute {}: {err}", program.to_string_lossy());
    }
    Ok((pid, err_read))
}

/// Forks the program: its own process group, stdio on the prepared files, limits set, signals reset. In
/// a pid namespace of its own, the child that joins it forks the program (`hop`) and exits: the program
/// is the launcher's child all the same, and its pid is the one returned. The common run as root is
/// started by the `spawner` instead, where one is given.
pub(super) fn spawn(
    prepared: &Prepared,
    setup: &ChildSetup,
    err_write: i32,
    exec_write: i32,
    spawner: Option<&mut super::spawner::Slot>,
    announce: &mut dyn FnMut(i32),
) -> Result<i32> {
    if !setup.pid_namespace() {
        return spawn_with(prepared, setup, err_write, exec_write, -1);
    }
    if let Some(spawner) = spawner {
        if let Some(pid) = spawn_through(spawner, prepared, setup, err_write, exec_write, announce)?
        {
            return Ok(pid);
        }
    }
    if let Some(pid) = spawn_joined(prepared, setup, err_write, exec_write)? {
        return Ok(pid);
    }
    let (hop_read, hop_write) = pipe()?;
    let child = spawn_with(prepared, setup, err_write, exec_write, hop_write);
    // SAFETY: closing our copy of the write end, so that the read sees the end of a child that did not hop.
    unsafe { libc::close(hop_write) };
    let child = match child {
        Ok(child) => child,
        Err(err) => {
            // SAFETY: our descriptor.
            unsafe { libc::close(hop_read) };
            return Err(err);
        }
    };
    let mut pid = [0u8; 4];
    // SAFETY: reading into a local buffer; the child writes 4 bytes and exits, or fails and exits.
    let n = unsafe { libc::read(hop_read, pid.as_mut_ptr().cast(), 4) };
    // SAFETY: our descriptor.
    unsafe { libc::close(hop_read) };
    if n != 4 {
        // It failed before hopping (its exec error says why): it is the program that ended.
        return Ok(child);
    }
    let program = i32::from_ne_bytes(pid);
    // SAFETY: reaping the child that hopped (it exits right after writing); the program's own group, set
    // on both sides.
    unsafe {
        libc::waitpid(child, std::ptr::null_mut(), 0);
        libc::setpgid(program, program);
    }
    Ok(program)
}

/// As root (no user namespace to enter first), the launcher itself makes its next child land in the
/// program's pid namespace (`setns` changes only where its children go), forks the program there and goes
/// back: no hop, one fork per run as without a pid namespace. `None` where that cannot be done (not
/// root, or the fork into the namespace failed because its init is gone): the hop then says why.
fn spawn_joined(
    prepared: &Prepared,
    setup: &ChildSetup,
    err_write: i32,
    exec_write: i32,
) -> Result<Option<i32>> {
    let Some(join) = setup.template.filter(|join| join.user < 0 && join.pid >= 0) else {
        return Ok(None);
    };
    let Some(own) = own_pid_namespace() else {
        return Ok(None);
    };
    // SAFETY: setns on a descriptor the template holds; it changes only the pid namespace of the
    // launcher's children to come (the launcher itself stays where it is).
    if unsafe { libc::setns(join.pid, libc::CLONE_NEWPID) } != 0 {
        return Ok(None);
    }
    let child = spawn_with(prepared, setup, err_write, exec_write, -1);
    // SAFETY: as above, back to the launcher's own namespace for every other child (template holders,
    // the judge's own tools).
    if unsafe { libc::setns(own, libc::CLONE_NEWPID) } != 0 {
        bail!(
            "cannot return to the launcher's own pid namespace: {}",
            io::Error::last_os_error()
        );
    }
    Ok(child.ok())
}

/// Starts the common run as root (as `spawn_joined` does) through the spawner: `None` where it is not
/// such a run, or the spawner cannot start it (it is forked then).
fn spawn_through(
    spawner: &mut super::spawner::Slot,
    prepared: &Prepared,
    setup: &ChildSetup,
    err_write: i32,
    exec_write: i32,
    announce: &mut dyn FnMut(i32),
) -> Result<Option<i32>> {
    let Some(join) = setup.template.filter(|join| join.user < 0 && join.pid >= 0) else {
        return Ok(None);
    };
    let Some(own) = own_pid_namespace() else {
        return Ok(None);
    };
    let mut fill = |arena: &mut super::spawner::Arena| {
        let argv = arena.strings(prepared.argv.iter().map(CString::as_c_str))?;
        let env = arena.strings(prepared.env.iter().map(CString::as_c_str))?;
        let joined = setup.joined(&mut |s| arena.string(s))?;
        let mut steps = Steps::new(prepared, err_write, exec_write, -1, argv, env);
        steps.seccomp = match &setup.seccomp {
            Some(programs) => Some(arena.programs(programs)?),
            None => None,
        };
        Some((steps, joined))
    };
    spawner.spawn(&mut fill, join.pid, own, announce)
}

/// A descriptor of the launcher's own pid namespace, opened once (`None` where it cannot be).
fn own_pid_namespace() -> Option<i32> {
    static OWN: std::sync::OnceLock<Option<std::fs::File>> = std::sync::OnceLock::new();
    OWN.get_or_init(|| std::fs::File::open("/proc/self/ns/pid").ok())
        .as_ref()
        .map(AsRawFd::as_raw_fd)
}

fn spawn_with(
    prepared: &Prepared,
    setup: &ChildSetup,
    err_write: i32,
    exec_write: i32,
    hop_write: i32,
) -> Result<i32> {
    let mut argv: Vec<*const libc::c_char> = prepared.argv.iter().map(|a| a.as_ptr()).collect();
    argv.push(std::ptr::null());
    let mut env: Vec<*const libc::c_char> = prepared.env.iter().map(|v| v.as_ptr()).collect();
    env.push(std::ptr::null());
    let mut steps = Steps::new(
        prepared,
        err_write,
        exec_write,
        hop_write,
        argv.as_ptr(),
        env.as_ptr(),
    );
    // The filters in the launcher's memory, which the forked child has a copy of.
    steps.seccomp = setup.seccomp;
    // SAFETY: between fork and exec the child only makes async-signal-safe calls on prepared data.
    let pid = unsafe { libc::fork() };
    if pid < 0 {
        bail!("fork failed: {}", io::Error::last_os_error());
    }
    if pid == 0 {
        // SAFETY: child side; see above. Never returns.
        unsafe { exec_child(&steps, || setup.apply()) };
    }
    // SAFETY: the child's group, set on both sides so that neither order of events leaves a window.
    unsafe { libc::setpgid(pid, pid) };
    Ok(pid)
}

/// What the child does between its start and exec but the containment, as plain values: the child of a
/// fork reads them from its copy of the launcher, the spawner's child from the mapping it shares with the
/// launcher (`spawner`), so nothing here points into the launcher's heap there.
#[derive(Clone, Copy)]
pub(super) struct Steps {
    pub launcher_pid: i32,
    /// The descriptors put on 0, 1 and 2.
    pub stdio: [i32; 3],
    pub exec_write: i32,
    /// Where a child that joined a pid namespace tells the program's pid (`hop`); -1: it does not hop.
    pub hop_write: i32,
    pub rlimits: [(libc::__rlimit_resource_t, u64, u64); 5],
    pub tasks: Option<u64>,
    pub cpus: Option<libc::cpu_set_t>,
    pub runs_on_past_output: bool,
    /// Null-terminated arrays of C strings.
    pub argv: *const *const libc::c_char,
    pub env: *const *const libc::c_char,
    /// The system-call filters installed right before exec (`seccomp`), for a program under judgement.
    pub seccomp: Option<[super::seccomp::Program; 2]>,
}

impl Steps {
    /// The steps of `prepared`'s program, with `argv` and `env` as null-terminated arrays.
    pub(super) fn new(
        prepared: &Prepared,
        err_write: i32,
        exec_write: i32,
        hop_write: i32,
        argv: *const *const libc::c_char,
        env: *const *const libc::c_char,
    ) -> Steps {
        Steps {
            // SAFETY: getpid has no preconditions.
            launcher_pid: unsafe { libc::getpid() },
            stdio: [
                prepared.stdin.as_raw_fd(),
                prepared.stdout.as_raw_fd(),
                prepared
                    .stderr
                    .as_ref()
                    .map_or(err_write, AsRawFd::as_raw_fd),
            ],
            exec_write,
            hop_write,
            rlimits: prepared.rlimits,
            tasks: prepared.tasks,
            cpus: prepared.cpus,
            runs_on_past_output: prepared.runs_on_past_output,
            argv,
            env,
            seccomp: None,
        }
    }
}

/// The child between its start (a fork, or the spawner's clone) and exec; `contain` applies the
/// containment. On failure it writes `errno` to `exec_write` and exits 127.
///
/// # Safety
/// Only in the child of a fork or of the spawner's clone; makes only async-signal-safe calls, allocates
/// nothing and takes no lock (so must `contain`); the pointers of `steps` valid.
pub(super) unsafe fn exec_child(steps: &Steps, contain: impl FnOnce() -> bool) -> ! {
    // SAFETY: this function's contract: the child of a fork or of the spawner's clone, `steps`' pointers
    // valid. Every call below is an async-signal-safe system call on `steps`' plain values and those pointers
    // (the null-terminated argv and env arrays, the filters' instructions), and nothing allocates or takes a
    // lock.
    unsafe {
        let launcher_pid = steps.launcher_pid;
        libc::setpgid(0, 0);
        // If the launcher dies (the judge was killed), so does the program.
        libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL);
        // Forked into a pid namespace of its own (`spawn_joined`, the spawner), it sees no parent (0): the
        // namespace dies with the launcher anyway.
        let parent = libc::getppid();
        if parent != launcher_pid && parent != 0 {
            libc::_exit(126);
        }
        for (fd, stdio) in steps.stdio.into_iter().zip(0..) {
            libc::dup2(fd, stdio);
        }
        // Nothing else the launcher holds (or the judge inherited) reaches the program: every other
        // descriptor closes at exec (CLOSE_RANGE_CLOEXEC keeps `exec_write` open until then).
        libc::syscall(
            libc::SYS_close_range,
            3u32,
            u32::MAX,
            libc::CLOSE_RANGE_CLOEXEC,
        );
        for (resource, soft, hard) in steps.rlimits {
            let unlimited = |v: u64| match v {
                u64::MAX => libc::RLIM_INFINITY,
                v => v as libc::rlim_t,
            };
            let limit = libc::rlimit {
                rlim_cur: unlimited(soft),
                rlim_max: unlimited(hard),
            };
            libc::setrlimit(resource, &limit);
        }
        if let Some(tasks) = steps.tasks {
            let limit = libc::rlimit {
                rlim_cur: tasks as libc::rlim_t,
                rlim_max: tasks as libc::rlim_t,
            };
            libc::setrlimit(libc::RLIMIT_NPROC, &limit);
        }
        if let Some(cpus) = &steps.cpus {
            libc::sched_setaffinity(0, std::mem::size_of::<libc::cpu_set_t>(), cpus);
        }
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
        // An ignored signal stays ignored across exec: a write past RLIMIT_FSIZE then fails with EFBIG.
        if steps.runs_on_past_output {
            libc::signal(libc::SIGXFSZ, libc::SIG_IGN);
        }
        let mut empty: libc::sigset_t = std::mem::zeroed();
        libc::sigemptyset(&mut empty);
        libc::sigprocmask(libc::SIG_SETMASK, &empty, std::ptr::null_mut());
        // The copied address space of the launcher must not count as the program's peak memory (before the
        // containment makes /proc read-only).
        let fd = libc::open(c"/proc/self/clear_refs".as_ptr(), libc::O_WRONLY);
        if fd >= 0 {
            libc::write(fd, b"5".as_ptr().cast(), 1);
            libc::close(fd);
        }
        // A program whose containment cannot be set up is not run: the launcher says why (an exec error).
        if contain() && (steps.hop_write < 0 || hop(steps.hop_write)) {
            // Changing uid (or hopping) cleared the parent-death signal: set it again, and go if the launcher
            // is already gone (a judge killed outright must not leave its program running). In a pid namespace
            // of its own the launcher has no pid (0), and the namespace dies with it anyway.
            libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL);
            let parent = libc::getppid();
            if parent != launcher_pid && parent != 0 {
                libc::_exit(126);
            }
            // Last, so that nothing of the sandbox's own setup is filtered.
            if steps
                .seccomp
                .as_ref()
                .is_none_or(|programs| super::seccomp::install(programs))
            {
                libc::execve(*steps.argv, steps.argv, steps.env);
            }
        }
        let errno = *libc::__errno_location();
        libc::write(steps.exec_write, (&errno as *const i32).cast(), 4);
        libc::_exit(127);
    }
}

/// In the child that joined a pid namespace: forks the program into it, as the launcher's child
/// (`CLONE_PARENT`), tells the launcher its pid and exits. Returns (true) in the program, which is never
/// pid 1 there (the init is): a pid 1 would ignore the signals it sends itself, `abort()` among them.
/// False when the fork fails.
///
/// # Safety
/// As `exec_child`.
unsafe fn hop(hop_write: i32) -> bool {
    // SAFETY: the child before exec (the contract): fork_sibling is then a fork whose both sides go on with
    // system calls only; `write` reads 4 bytes of a local array.
    unsafe {
        let pid = super::sys::fork_sibling();
        match pid {
            0 => {
                libc::close(hop_write);
                libc::setpgid(0, 0);
                true
            }
            pid if pid > 0 => {
                let pid = (pid as i32).to_ne_bytes();
                libc::write(hop_write, pid.as_ptr().cast(), 4);
                libc::_exit(0)
            }
            _ => false,
        }
    }
}

/// Waits for the child while draining its stderr into `tail`, killing it at the CPU limit and at the wall
/// How a supervised program ended: its exit and resource usage, whether the backstop fired, the sampled
/// peak memory and CPU time (zero where a control group counts them), whether the sampled memory went over
/// the limit, and why it was starved when it was ended at the wall-clock cap waiting for a CPU (a judge
/// error).
struct Supervised {
    exit: Exit,
    usage: libc::rusage,
    wall_killed: bool,
    sampled: tree::TreeSample,
    memory_killed: bool,
    starved: Option<String>,
}

/// Waits for the child while draining its stderr into `tail`, killing it at the CPU limit and at the wall
/// backstop. Returns how it ended (`Supervised`). `group`: the containment whose control group holds the
/// program and counts its tree; without one (no control group on the machine, or a compiler, which runs
/// outside the runs' group) the tree is sampled from /proc and its memory limit enforced here;
/// `private_tmp`: the run has a private `/tmp` and `/dev/shm`, whose files a sample charges.
fn supervise(
    pid: i32,
    err_read: i32,
    started: Instant,
    limits: &Limits,
    group: Option<&Isolation>,
    private_tmp: bool,
    tail: &mut Vec<u8>,
) -> Result<Supervised> {
    let group = group.filter(|isolation| isolation.has_cgroup());
    let mut ledger = tree::Ledger::default();
    let mut sampled_cpu_ms = 0;
    let mut sampled_kb = 0;
    let mut memory_killed = false;
    // Only sampling (no control group) counts what the launcher reaps.
    let reaped_base = match group.is_some() {
        true => 0,
        false => tree::reaped_cpu_us(),
    };
    // SAFETY: pidfd_open has no memory-safety preconditions; on failure we fall back to short polls.
    let pidfd = unsafe { libc::syscall(libc::SYS_pidfd_open, pid, 0) } as i32;
    // Wake up now and then to stop a busy loop at the CPU limit (RLIMIT_CPU counts whole seconds).
    // Without a control group memory is sampled: often enough to stop a bomb near the limit.
    let tick = match pidfd >= 0 && group.is_some() {
        true => (limits.cpu_ms / 20).clamp(5, 50),
        false => 5,
    };
    let mut err_open = true;
    let mut wall_killed = false;
    let mut backstop = Backstop::new(limits);
    let mut cpu_seen = 0;
    let mut sampled_at = started;
    let result = loop {
        match reap(pid, true) {
            Ok(Some((exit, usage))) => {
                let starved = backstop
                    .starved()
                    .then(|| backstop.starved_reason(cpu_seen, limits));
                break Ok(Supervised {
                    exit,
                    usage,
                    wall_killed,
                    sampled: tree::TreeSample {
                        rss_kb: sampled_kb,
                        cpu_ms: sampled_cpu_ms,
                    },
                    memory_killed,
                    starved,
                });
            }
            Ok(None) => {}
            Err(err) => break Err(err),
        }
        let mut fds = [
            poll_in(if err_open { err_read } else { -1 }),
            poll_in(pidfd),
        ];
        // Not much past the moment the CPU limit could be reached (a thread uses at most a millisecond of
        // CPU a millisecond): a program that runs into it is stopped within 5 ms, not up to a tick later
        // (50 ms for limits of a second and more).
        let wait = tick.min((limits.cpu_ms.saturating_sub(cpu_seen) + 1).max(5));
        // SAFETY: polling two valid (or negative, ignored) descriptors.
        unsafe { libc::poll(fds.as_mut_ptr(), 2, wait as i32) };
        if fds[0].revents != 0 && !read_tail_chunk(err_read, tail) {
            err_open = false;
        }
        // Ended (reaped on the next turn, its group's figures read then), or woken by its stderr before
        // a tick has passed: nothing to sample or enforce yet. The control files cost more to read than
        // a small program takes to run.
        let exited = fds[1].revents != 0;
        if wall_killed || exited || sampled_at.elapsed().as_millis() < u128::from(wait) {
            continue;
        }
        sampled_at = Instant::now();
        // Memory and CPU of the whole tree, from its control group, else sampled from /proc (and the
        // memory limit enforced here).
        let sample = group
            .is_none()
            .then(|| tree::sample(reaped_base, &mut ledger, private_tmp.then_some(pid)));
        if let Some(sample) = sample {
            sampled_cpu_ms = sampled_cpu_ms.max(sample.cpu_ms);
        }
        let rss = group
            .and_then(Isolation::tree_rss_kb)
            .or(sample.map(|s| s.rss_kb));
        sampled_kb = sampled_kb.max(rss.unwrap_or(0));
        if sample.is_some() && sampled_kb > limits.memory_kb && !memory_killed {
            memory_killed = true;
            tree::signal_all();
        }
        if let Some(used) = group
            .and_then(Isolation::tree_cpu_ms)
            .or(sample.map(|s| s.cpu_ms))
        {
            cpu_seen = used;
        }
        if cpu_seen > limits.cpu_ms {
            // SAFETY: killing our own child; it is reaped on the next turn.
            unsafe { libc::kill(pid, libc::SIGKILL) };
        }
        let elapsed_ms = started.elapsed().as_millis() as u64;
        if backstop.expired(elapsed_ms, || Activity {
            cpu_ms: cpu_seen.max(cpu_time_ms(pid).unwrap_or(0)),
            runnable: tree::any_runnable(),
        }) {
            // SAFETY: killing our own child; it is reaped on the next turn.
            unsafe { libc::kill(pid, libc::SIGKILL) };
            wall_killed = true;
        }
    };
    if pidfd >= 0 {
        // SAFETY: our descriptor.
        unsafe { libc::close(pidfd) };
    }
    result
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_kernels_cpu_backstop_leaves_room_for_its_tick_count() {
        // The kernel's tick count of a busy loop ran up to 45% ahead of its measured CPU time on a busy
        // machine: for a watched run the backstop must not fire before the launcher's own watch of the
        // measured time would. A compiler's limit is the kernel's: the limit and a second.
        for cpu_ms in [200, 1000, 2500, 7000, 30_000] {
            let limits = Limits {
                cpu_ms,
                ..Limits::tool()
            };
            let [(resource, soft, hard), ..] = rlimits(&limits, false, true);
            assert_eq!(resource, libc::RLIMIT_CPU);
            assert!(
                soft * 1000 >= 2 * cpu_ms,
                "{cpu_ms} ms: soft limit {soft} s"
            );
            assert!(hard > soft, "{cpu_ms} ms: hard limit {hard} s");
            let [(_, soft, _), ..] = rlimits(&limits, false, false);
            assert_eq!(soft, cpu_ms.div_ceil(1000) + 1, "{cpu_ms} ms, a compiler");
        }
    }
}
