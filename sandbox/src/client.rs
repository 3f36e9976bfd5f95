//! The judge's side of the launchers: a `Sandbox` handle, made once with its configuration, owns a pool of
//! long-lived launchers; a run checks one out (starting one when none is idle), asks it to run one program
//! and gives it back. A launcher that died is replaced once. Dropping the handle ends its launchers.

use std::collections::VecDeque;
use std::io::{self, BufReader, Read, Write};
use std::os::fd::AsRawFd;
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::{mpsc, Arc, Mutex, MutexGuard, OnceLock};
use std::time::{Duration, Instant};

use anyhow::{bail, Context, Result};

use super::cpus::{self, CpuClaim, CLAIMS};
use super::interrupt::{launcher_slots, running_groups};
use super::protocol::{
    encode_message, read_frame, read_message, write_message, InteractRequest, Interaction,
    PidSlots, Reply, RequestRef, RunRequest,
};
use super::LAUNCHER_ARG;
use crate::{Limits, RunOutcome};

/// Runs untrusted programs: the configuration of its launchers, and the launchers themselves (as many as
/// programs ran at once through it). Made once per command and shared by reference by every worker;
/// dropping it ends its launchers.
pub struct Sandbox {
    /// The cache's `bin` folder, where the programs under judgement live (each program's build is bound
    /// into its root).
    cache_bin: PathBuf,
    /// The program started as a launcher, or why none was found.
    launcher: std::result::Result<PathBuf, String>,
    /// The names of the active isolation layers, probed once, when first asked for.
    isolation: OnceLock<Vec<String>>,
    /// Launchers between runs.
    idle: Mutex<Vec<Launcher>>,
    /// Launchers started ahead of the runs (`prestart`), each delivered when ready to the run that takes it.
    starting: Mutex<Vec<mpsc::Receiver<Result<Launcher>>>>,
    /// Launchers told to end (`end_idle`), reaped when the handle is dropped.
    ending: Mutex<Vec<Launcher>>,
    /// The thread that starts the launchers, started with the first one.
    spawner: Mutex<Option<Spawner>>,
    /// The names under which its launchers claim a CPU each (`cpus`), or `None`: they keep to none.
    cpu_claims: Option<String>,
}

thread_local! {
    /// The CPU of the launcher of the lane this thread drives, while it holds one: the side runs of its
    /// tests (a checker program) go to a launcher on the same CPU, where the lane's programs and their
    /// outputs are, rather than to one that floats (every CPU being claimed by the lanes).
    static NEAR_CPU: std::cell::Cell<Option<usize>> = const { std::cell::Cell::new(None) };
}

/// A thread of the handle's own that starts its launchers: a launcher dies with the thread that started
/// it (its parent-death signal), and a launcher goes from worker to worker, so none of them may be its
/// parent. It lives as long as the handle.
struct Spawner {
    orders: mpsc::Sender<Order>,
    thread: std::thread::JoinHandle<()>,
}

/// A launcher to start: its command, the CPU it keeps to, and where it goes once started.
type Order = (Command, Pin, mpsc::Sender<Result<Launcher>>);

/// The CPU a launcher keeps to, and its claim when it holds one (`cpus`).
type Pin = (Option<usize>, Option<CpuClaim>);

impl Spawner {
    fn start() -> Result<Spawner> {
        let (orders, inbox) = mpsc::channel::<Order>();
        let thread = std::thread::Builder::new()
            .name("sandbox-spawner".into())
            .spawn(move || {
                for (command, pin, answer) in inbox {
                    let _ = answer.send(Launcher::spawn(command, pin));
                }
            })
            .context("cannot start the thread that starts the launchers")?;
        Ok(Spawner { orders, thread })
    }
}

impl Sandbox {
    /// A sandbox for programs built into `cache_dir/bin`, whose launchers are the judge's own binary.
    pub fn new(cache_dir: &Path) -> Sandbox {
        Sandbox {
            cache_bin: cache_dir.join("bin"),
            launcher: harness_binary(),
            isolation: OnceLock::new(),
            idle: Mutex::new(Vec::new()),
            starting: Mutex::new(Vec::new()),
            ending: Mutex::new(Vec::new()),
            spawner: Mutex::new(None),
            cpu_claims: match std::env::var_os("HARNESS_NO_PIN") {
                Some(_) => None,
                None => Some(CLAIMS.to_string()),
            },
        }
    }

    /// Claims CPUs for its launchers under other names than the judges' (`cpus`), or none at all: for
    /// tests that must not compete with the judges running beside them.
    pub fn with_cpu_claims(mut self, names: Option<&str>) -> Sandbox {
        self.cpu_claims = names.map(str::to_string);
        self
    }

    /// Starts launchers from `path` instead of the judge's own binary: it must call `launcher_main` when
    /// its first argument is `LAUNCHER_ARG` (the crate's own tests use `sandbox-launcher`).
    pub fn with_launcher(mut self, path: PathBuf) -> Sandbox {
        self.launcher = Ok(path);
        self
    }

    /// The names of the active isolation layers (the JSON report's `isolation`).
    pub fn isolation(&self) -> &[String] {
        self.isolation.get_or_init(crate::layers::active)
    }

    /// Starts `count` launchers now, in the background, for runs to come: while the judge prepares its
    /// runs, each launcher starts and sets up its containment, and the first runs take them as they come
    /// instead of starting their own. Start no more than will run at once (the jobs) and no more than
    /// there are runs: a launcher nobody takes is only ended with the handle.
    pub fn prestart(&self, count: usize) {
        for _ in 0..count {
            match self.order() {
                Ok(started) => self.starting().push(started),
                // The runs start their own and report why they cannot.
                Err(_) => return,
            }
        }
    }

    /// Tells the idle launchers (and those started ahead that no run took) to end, without waiting: they
    /// take down their containment while the judge does the rest of its own teardown, and are reaped when
    /// the handle is dropped. A later run starts a launcher of its own.
    pub fn end_idle(&self) {
        let mut idle = std::mem::take(&mut *self.idle());
        let starting = std::mem::take(&mut *self.starting());
        idle.extend(starting.into_iter().filter_map(|s| s.recv().ok()?.ok()));
        for launcher in &mut idle {
            drop(launcher.requests.take());
        }
        self.ending
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .extend(idle);
    }

    fn starting(&self) -> MutexGuard<'_, Vec<mpsc::Receiver<Result<Launcher>>>> {
        self.starting.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn idle(&self) -> MutexGuard<'_, Vec<Launcher>> {
        self.idle.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// An idle launcher, when there is one (on this thread's lane's CPU if one is, else the one used
    /// last); else one started ahead, once it is ready.
    fn check_out(&self) -> Option<Launcher> {
        {
            let mut idle = self.idle();
            let near = NEAR_CPU.get();
            let beside = near.and_then(|cpu| idle.iter().rposition(|l| l.cpu() == Some(cpu)));
            if let Some(i) = beside.or_else(|| idle.len().checked_sub(1)) {
                return Some(idle.remove(i));
            }
        }
        // Taken out of the list first: the lock is not held while the launcher starts.
        let started = self.starting().pop()?;
        // One that could not start is replaced by the run, which reports the error of its own attempt.
        started.recv().ok()?.ok()
    }

    /// A launcher back into the pool after a request, unless it is gone.
    fn give_back(&self, launcher: Option<Launcher>) {
        if let Some(launcher) = launcher.filter(|l| !l.dead) {
            self.idle().push(launcher);
        }
    }

    /// Runs a program under limits through one of the launchers. Errors are setup problems (the launcher
    /// could not start, the program could not be executed).
    pub fn run_request(&self, request: &RunRequest) -> Result<RunOutcome> {
        let mut slot = self.check_out();
        let answer = self.run_in(&mut slot, request, 0);
        self.give_back(slot);
        answer
    }

    /// Runs `request` in the launcher of `slot` (starting one when it is empty), the attempt numbered
    /// `first` its first one here (1: one launcher already died under it).
    fn run_in(
        &self,
        slot: &mut Option<Launcher>,
        request: &RunRequest,
        first: usize,
    ) -> Result<RunOutcome> {
        // A launcher that died (killed from outside) is replaced once.
        for attempt in first..2 {
            if slot.is_none() {
                *slot = Some(self.start()?);
            }
            let launcher = slot.as_mut().expect("started above");
            let answer = launcher.request(request);
            let started_program = launcher.program_started;
            if launcher.dead {
                *slot = None;
            }
            match answer {
                Ok(reply) => {
                    return reply.with_context(|| {
                        format!("running {}", Path::new(&request.program).display())
                    });
                }
                // The first failure only means the launcher is gone; the retry's error is the one to report.
                Err(_) if attempt == 0 => *slot = None,
                // Gone twice while the program ran: the program's doing, which costs it this test only.
                Err(_) if started_program => {
                    *slot = None;
                    return Ok(launcher_lost(request));
                }
                Err(err) => return Err(err.context("the launcher stopped answering")),
            }
        }
        unreachable!("the loop returns")
    }

    /// A lane of runs: requests sent ahead through one launcher (`Lane`).
    pub fn lane(&self) -> Lane<'_> {
        Lane {
            sandbox: self,
            launcher: None,
            pending: VecDeque::new(),
            near: None,
        }
    }

    /// Runs an interactive pair through one of the launchers.
    pub fn interact(&self, request: &InteractRequest) -> Result<Interaction> {
        let mut slot = self.check_out();
        let answer = self.interact_in(&mut slot, request);
        self.give_back(slot);
        answer
    }

    fn interact_in(
        &self,
        slot: &mut Option<Launcher>,
        request: &InteractRequest,
    ) -> Result<Interaction> {
        for attempt in 0..2 {
            if slot.is_none() {
                *slot = Some(self.start()?);
            }
            let launcher = slot.as_mut().expect("started above");
            let answer = launcher.interact(request);
            if launcher.dead {
                *slot = None;
            }
            match answer {
                Ok(reply) => return reply,
                Err(_) if attempt == 0 => *slot = None,
                Err(err) => return Err(err.context("the launcher stopped answering")),
            }
        }
        unreachable!("the loop returns")
    }

    /// Starts a launcher with this handle's configuration, and waits for it.
    fn start(&self) -> Result<Launcher> {
        self.order()?
            .recv()
            .map_err(|_| anyhow::anyhow!("the thread that starts the launchers is gone"))?
    }

    /// Asks the handle's thread to start a launcher with this handle's configuration: the launcher, or
    /// why it could not start, comes on the channel returned.
    fn order(&self) -> Result<mpsc::Receiver<Result<Launcher>>> {
        // Each launcher of the process, whichever handle owns it, gets a slot of its own: its sandbox uid
        // (as root) and its control group's name are made from it, and must not be shared.
        static SLOTS: AtomicU32 = AtomicU32::new(0);
        let slot = SLOTS.fetch_add(1, Ordering::Relaxed);
        let program = match &self.launcher {
            Ok(path) => path,
            Err(message) => bail!("{message}"),
        };
        let mut command = Command::new(program);
        command
            .arg(LAUNCHER_ARG)
            .arg(slot.to_string())
            .arg(&self.cache_bin);
        let claim = self.cpu_claims.as_deref().and_then(cpus::claim);
        // Every CPU claimed: a launcher started for a lane's side runs (a checker program) keeps to the
        // lane's CPU, unclaimed, as the lane's own runs do.
        let near = NEAR_CPU.get().filter(|_| self.cpu_claims.is_some());
        let pinned = claim.as_ref().map(|c| c.cpu).or(near);
        // The launcher keeps to it from its first instruction on (`launcher_main`): nothing runs between
        // the judge's spawn and its exec, which is then a `posix_spawn`, not a copy of the judge.
        command.arg(pinned.map_or("-".to_string(), |cpu| cpu.to_string()));
        let (answer, started) = mpsc::channel();
        {
            let mut spawner = self.spawner.lock().unwrap_or_else(|e| e.into_inner());
            if spawner.is_none() {
                *spawner = Some(Spawner::start()?);
            }
            let spawner = spawner.as_ref().expect("started above");
            spawner
                .orders
                .send((command, (pinned, claim), answer))
                .map_err(|_| anyhow::anyhow!("the thread that starts the launchers is gone"))?;
        }
        Ok(started)
    }
}

impl Drop for Sandbox {
    fn drop(&mut self) {
        // Every launcher is told to end first, so they end together rather than one after the other.
        let mut launchers = std::mem::take(&mut *self.idle());
        launchers.append(self.ending.get_mut().unwrap_or_else(|e| e.into_inner()));
        // Those started ahead that no run took: the thread is still there to deliver them.
        let starting = std::mem::take(&mut *self.starting());
        launchers.extend(starting.into_iter().filter_map(|s| s.recv().ok()?.ok()));
        for launcher in &mut launchers {
            drop(launcher.requests.take());
        }
        drop(launchers);
        let spawner = self
            .spawner
            .get_mut()
            .unwrap_or_else(|e| e.into_inner())
            .take();
        if let Some(Spawner { orders, thread }) = spawner {
            drop(orders);
            let _ = thread.join();
        }
        // cgroup v2: the judge's group given back as it was found, when its launchers moved the judge into
        // a leaf of it (nothing is done while another sandbox's launchers still use it).
        super::cgroup2::restore_judge_group();
    }
}

impl std::fmt::Debug for Sandbox {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Sandbox")
            .field("cache_bin", &self.cache_bin)
            .field("launcher", &self.launcher)
            .field("isolation", &self.isolation)
            .finish_non_exhaustive()
    }
}

/// Runs one program after another through one launcher, each request sent while the one before still
/// runs: the launcher starts the next program as soon as its reply to the last one is out, without waiting
/// for the judge to read that reply and ask again, and the judge's work on one run's output overlaps the
/// next run. Outcomes come back in the order of the requests, each as `Sandbox::run` gives it: a launcher
/// that dies is replaced, and the requests that were waiting in it run again.
pub struct Lane<'a> {
    sandbox: &'a Sandbox,
    launcher: Option<Launcher>,
    /// Sent and not yet received, oldest first.
    pending: VecDeque<Pending>,
    /// What this thread's `NEAR_CPU` was before the lane set it: put back when the lane ends.
    near: Option<Option<usize>>,
}

/// A request of a lane, and whether it went to the lane's launcher: one that did not (sent behind one that
/// did not, too large to send ahead, or its launcher lost before it started) runs when it is received.
struct Pending {
    request: RunRequest,
    sent: bool,
}

impl Lane<'_> {
    /// Sends `request` to the lane's launcher (taking one from the pool first), without waiting.
    pub fn send(&mut self, request: RunRequest) {
        let sent = self.try_send(&request);
        self.pending.push_back(Pending { request, sent });
    }

    fn try_send(&mut self, request: &RunRequest) -> bool {
        // Behind a request not sent, none is: the replies come in the order of the requests.
        if self.pending.iter().any(|p| !p.sent) {
            return false;
        }
        let Ok(frame) = encode_message(&RequestRef::Run(request)) else {
            return false;
        };
        // Sent ahead, a request must fit in the pipe whatever lies there: the judge never blocks writing
        // to a launcher that blocks writing its reply.
        if !self.pending.is_empty() && frame.len() > libc::PIPE_BUF {
            return false;
        }
        if self.launcher.is_none() {
            // One that cannot start is started again when the request is received, which says why.
            self.launcher = self
                .sandbox
                .check_out()
                .or_else(|| self.sandbox.start().ok());
        }
        let Some(launcher) = self.launcher.as_mut() else {
            return false;
        };
        if let Some(cpu) = launcher.cpu() {
            self.near.get_or_insert_with(|| NEAR_CPU.replace(None));
            NEAR_CPU.set(Some(cpu));
        }
        match launcher.send(&frame) {
            Ok(()) => true,
            Err(_) => {
                self.lose();
                false
            }
        }
    }

    /// The outcome of the oldest request sent, once it ends; `None` when none is left.
    pub fn receive(&mut self) -> Option<Result<RunOutcome>> {
        let Pending { request, sent } = self.pending.pop_front()?;
        if !sent {
            return Some(self.sandbox.run_in(&mut self.launcher, &request, 0));
        }
        let launcher = self
            .launcher
            .as_mut()
            .expect("a request sent to it is pending");
        let answer = launcher.receive(&request);
        if launcher.dead {
            self.lose();
        }
        Some(match answer {
            Ok(reply) => {
                reply.with_context(|| format!("running {}", Path::new(&request.program).display()))
            }
            // Gone while it ran this request: its second attempt, in a launcher of its own.
            Err(_) => self.sandbox.run_in(&mut self.launcher, &request, 1),
        })
    }

    /// How many requests were sent and not yet received.
    pub fn pending(&self) -> usize {
        self.pending.len()
    }

    /// The lane's launcher back to the pool, for other runs, when no request is pending.
    pub fn release(&mut self) {
        if self.pending.is_empty() {
            self.sandbox.give_back(self.launcher.take());
        }
    }

    /// The lane's launcher is gone or lost: it is killed with its programs, and the requests that were
    /// waiting in it, none of which had started, run again when received.
    fn lose(&mut self) {
        if let Some(mut launcher) = self.launcher.take() {
            if !launcher.dead {
                let started = launcher.slots.pids();
                launcher.kill(&started);
            }
        }
        for pending in &mut self.pending {
            pending.sent = false;
        }
    }
}

impl Drop for Lane<'_> {
    fn drop(&mut self) {
        // Left with requests in it (its user gave up on an error): its programs are not waited for.
        if self.pending.iter().any(|p| p.sent) {
            self.lose();
        }
        self.sandbox.give_back(self.launcher.take());
        if let Some(before) = self.near.take() {
            NEAR_CPU.set(before);
        }
    }
}

/// The judge side of one launcher process.
struct Launcher {
    child: Child,
    /// `None` only while dropping: closing it ends the launcher.
    requests: Option<ChildStdin>,
    replies: BufReader<Deadlined>,
    /// Where the launcher puts the pids of the programs of a request (`PidSlots`); registered for the
    /// interrupt handler while the launcher lives.
    slots: Arc<PidSlots>,
    /// The CPU it keeps to, and its claim on it, held while it lives.
    pin: Pin,
    /// Killed: nothing to wait for when dropped.
    dead: bool,
    /// Whether the program of the last request had started (the launcher put its pid in the slots).
    program_started: bool,
}

/// How a run ended whose launcher died under it twice: killed, with the reason where stderr goes.
fn launcher_lost(request: &RunRequest) -> RunOutcome {
    RunOutcome {
        judge_error: None,
        stdout_bytes: std::fs::metadata(&request.stdout).map_or(0, |m| m.len()),
        stderr_tail: b"harness: the launcher running this program was killed while it ran, twice"
            .to_vec(),
        ..RunOutcome::lost(String::new())
    }
}

/// Why a launcher's answer never came, or came unreadable, when that is the judge's loss and not the
/// launcher's death: the test gets a judge error with this reason (the launcher and the run are killed).
fn lost_reason(err: &io::Error, watchdog_ms: u64) -> Option<String> {
    match err.kind() {
        io::ErrorKind::TimedOut => Some(format!(
            "the judge got no result for this run within {} s (its wall-clock cap and 10 s more); its \
             processes were killed",
            watchdog_ms / 1000
        )),
        io::ErrorKind::InvalidData => Some(format!(
            "the judge could not read the launcher's reply ({err}); the run's processes were killed"
        )),
        _ => None,
    }
}

impl Launcher {
    /// The CPU it keeps to, if any.
    fn cpu(&self) -> Option<usize> {
        self.pin.0
    }

    /// Starts `command` as a launcher: requests on its stdin, replies on its stdout, its own group, and
    /// its pid slots' descriptor as its last argument.
    fn spawn(mut command: Command, pin: Pin) -> Result<Launcher> {
        let (slots, slots_fd) =
            PidSlots::new().context("cannot make the pid slots of a launcher (a memfd)")?;
        let fd = slots_fd.as_raw_fd();
        command
            .arg(fd.to_string())
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .process_group(0);
        // The launcher keeps the descriptor across its exec: it is left open on exec from here until it is
        // closed below, once the launcher is spawned (a process another thread of the judge spawns meanwhile,
        // a toolchain's version command, may get it too, and does nothing with it). No `pre_exec` here: the
        // launcher is spawned without a copy of the judge's memory.
        // SAFETY: fcntl on a descriptor we own.
        if unsafe { libc::fcntl(fd, libc::F_SETFD, 0) } != 0 {
            return Err(io::Error::last_os_error())
                .context("cannot pass the pid slots to a launcher");
        }
        let mut child = {
            // Spawn and register under one lock, so an interrupt never misses a group.
            let mut running = running_groups();
            let child = command
                .spawn()
                .context("cannot start the launcher (the harness binary itself)")?;
            running.insert(child.id() as i32);
            child
        };
        drop(slots_fd);
        let slots = Arc::new(slots);
        launcher_slots().push(Arc::clone(&slots));
        let requests = child.stdin.take().expect("piped");
        let replies = BufReader::new(Deadlined {
            pipe: child.stdout.take().expect("piped"),
            deadline: None,
        });
        Ok(Launcher {
            child,
            requests: Some(requests),
            replies,
            slots,
            pin,
            dead: false,
            program_started: false,
        })
    }

    /// Sends one request and reads its replies. The outer error means the launcher is gone; the inner one
    /// is the launcher's answer that the program could not run.
    fn request(&mut self, request: &RunRequest) -> Result<Result<RunOutcome>> {
        self.slots.clear();
        self.send(&encode_message(&RequestRef::Run(request))?)?;
        self.receive(request)
    }

    /// Writes a request's frame, without waiting for anything.
    fn send(&mut self, frame: &[u8]) -> io::Result<()> {
        let requests = self.requests.as_mut().expect("open until dropped");
        requests.write_all(frame)?;
        requests.flush()
    }

    /// Reads the replies to `request`, the oldest one sent and not answered; its watchdog counts from now.
    fn receive(&mut self, request: &RunRequest) -> Result<Result<RunOutcome>> {
        self.program_started = false;
        let watchdog_ms = request.limits.watchdog_ms();
        self.replies.get_mut().deadline = Some(Instant::now() + Duration::from_millis(watchdog_ms));
        let answer = match read_message::<Reply>(&mut self.replies) {
            Ok(Reply::Finished { mut outcome }) => read_frame(&mut self.replies).map(|tail| {
                outcome.stderr_tail = tail;
                Ok(outcome)
            }),
            Ok(Reply::Failed { message }) => Ok(Err(anyhow::Error::msg(message))),
            Ok(other) => Ok(Err(anyhow::anyhow!("unexpected launcher reply {other:?}"))),
            Err(err) => Err(err),
        };
        let lost = self.settle(&answer, watchdog_ms);
        match lost {
            Some(reason) => Ok(Ok(RunOutcome::lost(reason))),
            None => Ok(answer?),
        }
    }

    /// After a request's reply: a launcher that is gone or lost is killed with the programs it started
    /// (their pids in its slots: as root a program may not get the launcher's death signal, having
    /// changed uid), and the slots are cleared. The reason, when the judge lost the run rather than the
    /// launcher dying. A launcher that answered cleared its slots itself, and may already have put the
    /// next request's program there: they are left alone.
    fn settle<T>(&mut self, answer: &io::Result<T>, watchdog_ms: u64) -> Option<String> {
        if answer.is_ok() {
            return None;
        }
        let started = self.slots.pids();
        self.program_started = !started.is_empty();
        let lost = answer
            .as_ref()
            .err()
            .and_then(|err| lost_reason(err, watchdog_ms));
        self.kill(&started);
        self.slots.clear();
        lost
    }

    /// Kills the launcher and the programs it started, without waiting for anything.
    fn kill(&mut self, programs: &[i32]) {
        for &pid in programs {
            // SAFETY: killing the group of a program we asked the launcher to start.
            unsafe { libc::killpg(pid, libc::SIGKILL) };
        }
        let _ = self.child.kill();
        self.dead = true;
    }
}

impl Launcher {
    /// Like `request`, for an interactive pair: its replies carry two stderr tails.
    fn interact(&mut self, request: &InteractRequest) -> Result<Result<Interaction>> {
        self.slots.clear();
        let requests = self.requests.as_mut().expect("open until dropped");
        write_message(requests, &RequestRef::Interact(request))?;
        requests.flush()?;
        let watchdog_ms = Limits {
            wall_ms: request.solution.limits.wall_ms + 1000,
            ..request.solution.limits
        }
        .watchdog_ms();
        self.replies.get_mut().deadline = Some(Instant::now() + Duration::from_millis(watchdog_ms));
        let answer = match read_message::<Reply>(&mut self.replies) {
            Ok(Reply::Interacted { interaction }) => {
                let mut interaction = *interaction;
                let tails = read_frame(&mut self.replies)
                    .and_then(|s| Ok((s, read_frame(&mut self.replies)?)));
                tails.map(|(solution, interactor)| {
                    interaction.solution.stderr_tail = solution;
                    interaction.interactor.stderr_tail = interactor;
                    Ok(interaction)
                })
            }
            Ok(Reply::Failed { message }) => Ok(Err(anyhow::Error::msg(message))),
            Ok(other) => Ok(Err(anyhow::anyhow!("unexpected launcher reply {other:?}"))),
            Err(err) => Err(err),
        };
        let lost = self.settle(&answer, watchdog_ms);
        match lost {
            Some(reason) => Ok(Ok(Interaction::lost(reason))),
            None => Ok(answer?),
        }
    }
}

/// How long a launcher whose requests pipe was closed has to end before it is killed.
const LAUNCHER_EXIT_GRACE: Duration = Duration::from_secs(2);

impl Drop for Launcher {
    fn drop(&mut self) {
        // Closing the requests pipe ends the launcher; one that does not end in time (blocked writing a
        // reply nobody reads) is killed. Either way it is reaped.
        drop(self.requests.take());
        let deadline = Instant::now() + LAUNCHER_EXIT_GRACE;
        if !self.dead {
            // Its replies pipe closes as it exits (nothing else holds its write end): waited for on the
            // pipe, woken the moment it closes, rather than checked every few milliseconds.
            self.replies.get_mut().deadline = Some(deadline);
            let mut sink = [0u8; 512];
            loop {
                match self.replies.get_mut().read(&mut sink) {
                    Ok(0) => break,
                    Ok(_) => {}
                    Err(err) if err.kind() == io::ErrorKind::Interrupted => {}
                    Err(_) => break,
                }
            }
        }
        while !self.dead && Instant::now() < deadline {
            match self.child.try_wait() {
                // Closed, and about to be a zombie.
                Ok(None) => std::thread::sleep(Duration::from_micros(100)),
                _ => break,
            }
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
        running_groups().remove(&(self.child.id() as i32));
        launcher_slots().retain(|slots| !Arc::ptr_eq(slots, &self.slots));
    }
}

/// The launcher's replies, read with a deadline: a read that would wait past it fails with `TimedOut`.
struct Deadlined {
    pipe: ChildStdout,
    deadline: Option<Instant>,
}

impl Read for Deadlined {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if let Some(deadline) = self.deadline {
            let left = deadline.saturating_duration_since(Instant::now());
            let mut fd = libc::pollfd {
                fd: self.pipe.as_raw_fd(),
                events: libc::POLLIN,
                revents: 0,
            };
            let ms = left.as_millis().clamp(1, i32::MAX as u128) as i32;
            // SAFETY: polling one valid descriptor we own.
            let ready = unsafe { libc::poll(&mut fd, 1, ms) };
            if ready == 0 || left.is_zero() {
                return Err(io::Error::new(io::ErrorKind::TimedOut, "no reply in time"));
            }
        }
        self.pipe.read(buf)
    }
}

/// The judge's own binary, which turns into a launcher by `LAUNCHER_ARG`: the current executable, or under
/// `cargo test` (where that is a test binary) the `harness` beside `deps/`.
fn harness_binary() -> std::result::Result<PathBuf, String> {
    let exe =
        std::env::current_exe().map_err(|e| format!("cannot locate the harness binary: {e}"))?;
    if exe.file_stem().is_some_and(|stem| stem == "harness") {
        return Ok(exe);
    }
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
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Limits;

    fn request() -> RunRequest {
        RunRequest {
            program: "/bin/true".into(),
            args: Vec::new(),
            unlimited_address_space: false,
            stdin: "/dev/null".into(),
            stdout: "/dev/null".into(),
            limits: Limits::for_problem(100, 16, 1.0, 1 << 20),
            isolate: false,
            binds: Vec::new(),
            cwd: None,
            env: Vec::new(),
            stderr: None,
            compiler: false,
            runs_on_past_output: false,
        }
    }

    /// A launcher that answers with a frame over the limit and then blocks writing it, reading nothing:
    /// the test gets a judge error with the reason, and the launcher is killed, not waited for.
    #[test]
    fn an_oversized_reply_is_a_judge_error_and_the_launcher_goes() {
        let mut command = Command::new("sh");
        command.args([
            "-c",
            r#"printf '\000\000\060\000'; head -c 3145728 /dev/zero; exec sleep 3600"#,
        ]);
        let mut launcher = Launcher::spawn(command, (None, None)).unwrap();
        let pid = launcher.child.id();
        let outcome = launcher.request(&request()).unwrap().unwrap();
        let reason = outcome.judge_error.expect("a judge error");
        assert!(reason.contains("more than"), "{reason}");
        assert!(launcher.dead);
        drop(launcher);
        assert!(!std::path::Path::new(&format!("/proc/{pid}")).exists());
    }

    /// A read of the replies that would wait past its deadline fails with `TimedOut`.
    #[test]
    fn replies_are_read_with_a_deadline() {
        let mut child = Command::new("sleep")
            .arg("3600")
            .stdout(Stdio::piped())
            .spawn()
            .unwrap();
        let mut replies = Deadlined {
            pipe: child.stdout.take().unwrap(),
            deadline: Some(Instant::now() + Duration::from_millis(20)),
        };
        let err = replies.read(&mut [0u8; 8]).unwrap_err();
        assert_eq!(err.kind(), io::ErrorKind::TimedOut);
        assert!(lost_reason(&err, 12_000).unwrap().contains("within 12 s"));
        child.kill().unwrap();
        child.wait().unwrap();
    }
}
