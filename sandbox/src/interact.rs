//! Interactive runs, on the launcher's side: the solution and the interactor start with their stdin and
//! stdout crossed through the launcher, which relays every byte (recording the first and last bytes of each
//! direction, with times), enforces both sides' limits, and kills both at the wall backstop. A broken pipe
//! only means the other side has gone: it never kills the launcher or the judge.

use std::collections::VecDeque;
use std::io;
use std::os::fd::{FromRawFd, OwnedFd};
use std::time::Instant;

use anyhow::Result;

use super::backstop::{Activity, Backstop};
use super::launcher::{
    argv, cpu_time_ms, drain_tail, environment, pipe, poll_in, read_tail_chunk, reap, rlimits,
    start_program, timeval_us, LaunchContext, Prepared, Spec,
};
use super::protocol::{Chunk, Direction, InteractRequest, Interaction, Side};
use crate::limits::STDERR_TAIL_BYTES;
use crate::{Exit, Limits, RunOutcome};

/// Bytes relayed one way and not yet written: past this, the writer is not read until the reader reads.
const RELAY_BUFFER: usize = 1 << 20;
/// How long a solution may go on after the interactor ended: enough to notice the end of its input.
const GRACE_MS: u128 = 1000;

/// One running side.
struct Running {
    pid: i32,
    /// A descriptor that becomes readable when the side ends (`pidfd_open`), or -1 where the kernel has
    /// none: then it is reaped at every turn.
    pidfd: i32,
    err: i32,
    /// Whether its stderr may still have something to read (a closed one is no longer polled).
    err_open: bool,
    tail: Vec<u8>,
    started: Instant,
    result: Option<(Exit, libc::rusage)>,
    ended_at: Option<Instant>,
    wall_killed: bool,
    /// Ended at the wall-clock cap while starved of CPU (`Backstop::starved`): a judge error, and why.
    starved: Option<String>,
    /// Killed after this long with neither side making progress (a deadlock).
    stalled_ms: Option<u64>,
    /// Killed this long after the interactor ended, still running.
    lingered_ms: Option<u64>,
    cpu_killed: bool,
    output_bytes: u64,
    /// Without a control group: the largest resident memory of its tree seen, and whether it was killed
    /// at the memory limit.
    sampled_kb: u64,
    /// The solution, alone in the launcher's control group: its tree is read from there. The interactor,
    /// contained as well when it comes from a problem, stays out of it (its own reading of a flood must not
    /// count against the solution, nor the solution's CPU time against it).
    in_cgroup: bool,
    memory_killed: bool,
}

/// Runs both sides to their end; returns how each ended, the transcript, and both stderr tails.
pub(super) fn interact(
    request: &InteractRequest,
    context: &LaunchContext,
    announce: &mut dyn FnMut(i32) -> io::Result<()>,
) -> Result<(Interaction, [Vec<u8>; 2])> {
    context
        .isolation
        .prepare(request.solution.limits.memory_kb * 1024);
    // solution reads to_solution.0, writes from_solution.1; the interactor the other way round.
    let to_solution = pipe()?;
    let from_solution = pipe()?;
    let to_interactor = pipe()?;
    let from_interactor = pipe()?;
    let started = Instant::now();
    let mut solution = start(
        &request.solution,
        context,
        (to_solution.0, from_solution.1),
        true,
        announce,
    )?;
    let mut interactor = match start(
        &request.interactor,
        context,
        (to_interactor.0, from_interactor.1),
        false,
        announce,
    ) {
        Ok(interactor) => interactor,
        Err(err) => {
            // SAFETY: killing and reaping our own child.
            unsafe { libc::killpg(solution.pid, libc::SIGKILL) };
            let _ = reap(solution.pid, false);
            for fd in [solution.err, solution.pidfd] {
                if fd >= 0 {
                    // SAFETY: our descriptors, not used again.
                    unsafe { libc::close(fd) };
                }
            }
            return Err(err.context("the interactor"));
        }
    };
    let mut relay = Relay::new(
        [
            Way::new(from_solution.0, to_interactor.1, Direction::FromSolution),
            Way::new(from_interactor.0, to_solution.1, Direction::ToSolution),
        ],
        Transcript::new(request.transcript_bytes),
        started,
    );
    relay.hold_solution_eof = request.hold_solution_eof;
    let mut interactor_first = None;
    // The pair's backstop: the solution's, and the grace the solution has after the interactor ends.
    let mut backstop = Backstop::new(&Limits {
        wall_ms: request.solution.limits.wall_ms + GRACE_MS as u64,
        ..request.solution.limits
    });
    // CPU time is read from /proc: a few times per time slice is enough, not at every relayed line.
    let mut checked = Instant::now();
    let mut stall = Stall::new(request.solution.limits.cpu_ms);
    while solution.result.is_none() || interactor.result.is_none() {
        let ended = relay.step(&mut solution, &mut interactor, &request.solution)?;
        let check_cpu = checked.elapsed().as_millis() >= 5;
        if check_cpu {
            checked = Instant::now();
        }
        let mut cpu_ms = 0;
        for ((side, limits), ended) in [
            (&mut solution, &request.solution),
            (&mut interactor, &request.interactor),
        ]
        .into_iter()
        .zip(ended)
        {
            // A side is reaped when its pidfd says it ended (not at every relayed message), and at each
            // check in case it does not.
            if side.result.is_none() && (ended || check_cpu || side.pidfd < 0) {
                side.result = reap(side.pid, true)?;
                if side.result.is_some() {
                    side.ended_at = Some(Instant::now());
                    // What it left behind (a child holding the pipe) goes with it, so the other side
                    // sees the end of its input.
                    // SAFETY: killing our own child's group.
                    unsafe { libc::killpg(side.pid, libc::SIGKILL) };
                }
            }
            if side.result.is_none() && check_cpu {
                cpu_ms += enforce(side, limits, context).unwrap_or(0);
            }
        }
        let both_running = solution.result.is_none() && interactor.result.is_none();
        if check_cpu && both_running && stall.stalled(relay.moved, cpu_ms) {
            // The solution's verdict (TLE) says why; the interactor did not get to decide, as at the wall.
            solution.stalled_ms = Some(stall.limit_ms);
            kill(&mut solution, false);
            kill(&mut interactor, true);
        }
        if interactor_first.is_none() {
            // Who ended first is who ended its output first, as the relay saw it, not who was reaped
            // first: a solution that already closed its output ended first even when the interactor is
            // reaped before it (its end is what the interactor answered), and a solution that ended after
            // the interactor had closed its output (a crash on the end of its input) ended second, even
            // when both are reaped in one pass. Seen in the same pass: the interactor's (its rejection
            // wins).
            let [solution_closed, interactor_closed] = relay.closed_at;
            let solution_gone =
                solution_closed.is_some_and(|s| interactor_closed.is_none_or(|i| s < i));
            match (solution.result.is_some(), interactor.result.is_some()) {
                (false, true) => interactor_first = Some(!solution_gone),
                (true, _) => interactor_first = Some(interactor_closed.is_some() && !solution_gone),
                _ => {}
            }
        }
        // The interactor ended first without accepting: its verdict stands whatever the solution does
        // next, so the solution goes at once (problemtools' guess_tle: a rejected solution that spins).
        if let (None, Some((exit, _)), Some(true)) =
            (solution.result, interactor.result, interactor_first)
        {
            if request
                .interactor_accepts
                .is_some_and(|code| exit != Exit::Code(code))
            {
                solution.lingered_ms = Some(0);
                kill(&mut solution, false);
            }
        }
        // The interactor is done: the solution gets a grace period to notice, then goes. It had not ended
        // (closing its output is not ending), so the interactor's verdict came first.
        if let (None, Some(ended)) = (solution.result, interactor.ended_at) {
            if ended.elapsed().as_millis() > GRACE_MS {
                solution.lingered_ms = Some(GRACE_MS as u64);
                interactor_first = Some(true);
                kill(&mut solution, false);
            }
        }
        // The backstop watches the pair: it is idle when neither side works (or waits for a CPU).
        if check_cpu
            && backstop.expired(started.elapsed().as_millis() as u64, || Activity {
                cpu_ms,
                runnable: super::tree::any_runnable(),
            })
        {
            let starved = backstop
                .starved()
                .then(|| backstop.starved_reason(cpu_ms, &request.solution.limits));
            for side in [&mut solution, &mut interactor] {
                kill(side, true);
                side.starved.clone_from(&starved);
            }
        }
    }
    let tails = [finish(&mut solution), finish(&mut interactor)];
    let tree = context.isolation.finish();
    super::isolate::kill_adopted();
    context.after_run();
    let (transcript, transcript_cut) = relay.transcript.chunks();
    let mut solution_outcome = outcome(&solution, started);
    solution_outcome.cpu_us = solution_outcome.cpu_us.max(tree.cpu_us.unwrap_or(0));
    solution_outcome.memory_killed |= tree.oom_killed;
    solution_outcome.tasks_refused = tree.tasks_refused;
    let interaction = Interaction {
        solution: solution_outcome,
        interactor: outcome(&interactor, started),
        interactor_first: interactor_first.unwrap_or(false),
        transcript,
        transcript_cut,
    };
    Ok((interaction, tails))
}

fn start(
    side: &Side,
    context: &LaunchContext,
    (stdin, stdout): (i32, i32),
    solution: bool,
    announce: &mut dyn FnMut(i32) -> io::Result<()>,
) -> Result<Running> {
    // SAFETY: the pipe ends are ours and owned by nothing else; the child gets copies, ours close when
    // `prepared` drops.
    let (stdin, stdout) = unsafe { (OwnedFd::from_raw_fd(stdin), OwnedFd::from_raw_fd(stdout)) };
    let prepared = Prepared {
        argv: argv(&side.program, &side.args)?,
        stdin,
        stdout,
        stderr: None,
        env: environment(&[])?,
        rlimits: rlimits(&side.limits, side.unlimited_address_space, true),
        tasks: None,
        cpus: None,
        runs_on_past_output: false,
    };
    let started = Instant::now();
    let setup = context.setup(Spec {
        program: &side.program,
        args: &side.args,
        isolate: side.isolate,
        memory_kb: side.limits.memory_kb,
        binds: &side.binds,
        cwd: side.cwd.as_deref(),
        in_cgroup: solution,
        compiler: false,
    });
    let (pid, err_read) = start_program(prepared, setup, &side.program, announce)?;
    // SAFETY: making our own descriptor non-blocking.
    unsafe { libc::fcntl(err_read, libc::F_SETFL, libc::O_NONBLOCK) };
    // SAFETY: pidfd_open has no memory-safety preconditions; on failure (-1) the side is reaped at every
    // turn instead.
    let pidfd = unsafe { libc::syscall(libc::SYS_pidfd_open, pid, 0) } as i32;
    Ok(Running {
        pid,
        pidfd,
        err: err_read,
        err_open: true,
        tail: Vec::new(),
        started,
        result: None,
        ended_at: None,
        wall_killed: false,
        starved: None,
        stalled_ms: None,
        lingered_ms: None,
        in_cgroup: solution && side.isolate,
        cpu_killed: false,
        output_bytes: 0,
        sampled_kb: 0,
        memory_killed: false,
    })
}

/// Kills a side at its CPU limit: the whole tree's for the solution (from its control group, else sampled
/// from /proc, with its memory, killed at the limit).
/// Both sides waiting for each other (a solution that never flushes its question, say) use no CPU time and
/// move no bytes; once that has lasted as long as the solution's CPU limit, only the wall backstop (three
/// times as long) would end it, and the verdict would be the same: TLE now.
struct Stall {
    limit_ms: u64,
    since: Instant,
    progress: (u64, u64),
}

impl Stall {
    fn new(limit_ms: u64) -> Stall {
        Stall {
            limit_ms,
            since: Instant::now(),
            progress: (0, 0),
        }
    }

    /// Whether nothing moved and no CPU time was used for longer than the limit.
    fn stalled(&mut self, moved: u64, cpu_ms: u64) -> bool {
        if (moved, cpu_ms) != self.progress {
            self.progress = (moved, cpu_ms);
            self.since = Instant::now();
            return false;
        }
        self.since.elapsed().as_millis() > self.limit_ms as u128
    }
}

/// The CPU time it read, if any.
fn enforce(side: &mut Running, side_spec: &Side, context: &LaunchContext) -> Option<u64> {
    let sample = (side.in_cgroup && !context.isolation.has_cgroup())
        .then(|| super::tree::sample_of(side.pid));
    if let Some(sample) = sample {
        side.sampled_kb = side.sampled_kb.max(sample.rss_kb);
        if side.sampled_kb > side_spec.limits.memory_kb && !side.memory_killed {
            side.memory_killed = true;
            kill(side, false);
            return None;
        }
    }
    let tree = match side.in_cgroup {
        true => context.isolation.tree_cpu_ms(),
        false => None,
    };
    let used = tree
        .or(sample.map(|s| s.cpu_ms))
        .or_else(|| cpu_time_ms(side.pid));
    if used.is_some_and(|used| used > side_spec.limits.cpu_ms) {
        side.cpu_killed = true;
        kill(side, false);
    }
    used
}

fn kill(side: &mut Running, wall: bool) {
    if side.result.is_none() {
        side.wall_killed |= wall;
        // SAFETY: killing our own child's group.
        unsafe { libc::killpg(side.pid, libc::SIGKILL) };
    }
}

/// Sweeps a side's group and takes the rest of its stderr.
fn finish(side: &mut Running) -> Vec<u8> {
    // SAFETY: killing our own child's group; harmless when empty.
    unsafe { libc::killpg(side.pid, libc::SIGKILL) };
    drain_tail(side.err, &mut side.tail);
    // SAFETY: our descriptors, closed once.
    unsafe { libc::close(side.err) };
    if side.pidfd >= 0 {
        // SAFETY: as above.
        unsafe { libc::close(side.pidfd) };
        side.pidfd = -1;
    }
    let keep = side.tail.len().saturating_sub(STDERR_TAIL_BYTES);
    side.tail.split_off(keep)
}

fn outcome(side: &Running, started: Instant) -> RunOutcome {
    let (exit, usage) = side.result.expect("reaped");
    let ended = side.ended_at.unwrap_or_else(Instant::now);
    let _ = started;
    RunOutcome {
        exit,
        cpu_us: timeval_us(usage.ru_utime) + timeval_us(usage.ru_stime),
        wall_us: ended.duration_since(side.started).as_micros() as u64,
        peak_kb: (usage.ru_maxrss.max(0) as u64).max(side.sampled_kb),
        wall_killed: side.wall_killed,
        stalled_ms: side.stalled_ms,
        lingered_ms: side.lingered_ms,
        judge_error: side.starved.clone(),
        stdout_bytes: side.output_bytes,
        memory_killed: side.memory_killed,
        tasks_refused: false,
        stderr_tail: Vec::new(),
    }
}

/// One direction of the relay.
struct Way {
    read: i32,
    write: i32,
    buffer: VecDeque<u8>,
    direction: Direction,
    read_open: bool,
    write_open: bool,
}

impl Way {
    fn new(read: i32, write: i32, direction: Direction) -> Way {
        for fd in [read, write] {
            // SAFETY: making our own descriptors non-blocking.
            unsafe { libc::fcntl(fd, libc::F_SETFL, libc::O_NONBLOCK) };
        }
        Way {
            read,
            write,
            buffer: VecDeque::new(),
            direction,
            read_open: true,
            write_open: true,
        }
    }

    fn close_read(&mut self) {
        if self.read_open {
            // SAFETY: our descriptor, closed once.
            unsafe { libc::close(self.read) };
            self.read_open = false;
        }
    }

    /// Passes on bytes just read, after those still waiting: straight from where they were read when none
    /// wait, keeping only what the reader does not take yet. The bytes written.
    fn pass_on(&mut self, bytes: &[u8]) -> usize {
        if !self.write_open || !self.buffer.is_empty() {
            // Behind what waits; with the reader gone, kept all the same (the writer is not read on past
            // RELAY_BUFFER, as when the reader is slow).
            self.buffer.extend(bytes);
            return match self.write_open {
                true => write_from(self),
                false => 0,
            };
        }
        let written = write_bytes(self, bytes);
        if self.write_open {
            self.buffer.extend(&bytes[written..]);
        }
        written
    }

    fn close_write(&mut self) {
        if self.write_open {
            // SAFETY: our descriptor, closed once.
            unsafe { libc::close(self.write) };
            self.write_open = false;
        }
        self.buffer.clear();
    }
}

struct Relay {
    ways: [Way; 2],
    transcript: Transcript,
    started: Instant,
    /// Bytes read from either side and written to either side so far: progress.
    moved: u64,
    /// Where a read lands (allocated once: a read costs no clearing of its buffer).
    chunk: Box<[u8]>,
    /// The relay's steps so far.
    steps: u64,
    /// The step at which each way's writer (the solution, the interactor) was seen to close its output
    /// (passed on: with `hold_solution_eof`, the solution's once it has ended).
    closed_at: [Option<u64>; 2],
    /// `InteractRequest::hold_solution_eof`.
    hold_solution_eof: bool,
}

impl Relay {
    fn new(ways: [Way; 2], transcript: Transcript, started: Instant) -> Relay {
        Relay {
            ways,
            transcript,
            started,
            moved: 0,
            chunk: vec![0; 64 * 1024].into_boxed_slice(),
            steps: 0,
            closed_at: [None; 2],
            hold_solution_eof: false,
        }
    }

    /// Waits a little for something to happen, then moves what can be moved; whether each side (the
    /// solution, the interactor) is known to have ended since.
    fn step(
        &mut self,
        solution: &mut Running,
        interactor: &mut Running,
        spec: &Side,
    ) -> Result<[bool; 2]> {
        let mut fds = [poll_in(-1); 8];
        for (i, way) in self.ways.iter().enumerate() {
            let wants_read = way.read_open && way.buffer.len() < RELAY_BUFFER;
            fds[2 * i] = poll_in(if wants_read { way.read } else { -1 });
            let wants_write = way.write_open && !way.buffer.is_empty();
            fds[2 * i + 1] = poll_in(if wants_write { way.write } else { -1 });
            fds[2 * i + 1].events = libc::POLLOUT;
        }
        for (i, side) in [&*solution, &*interactor].into_iter().enumerate() {
            fds[4 + i] = poll_in(if side.err_open { side.err } else { -1 });
            fds[6 + i] = poll_in(match side.result {
                None => side.pidfd,
                Some(_) => -1,
            });
        }
        // SAFETY: polling valid (or negative, ignored) descriptors.
        unsafe { libc::poll(fds.as_mut_ptr(), fds.len() as libc::nfds_t, 10) };
        self.steps += 1;
        for (i, side) in [&mut *solution, &mut *interactor].into_iter().enumerate() {
            let revents = fds[4 + i].revents;
            if revents & libc::POLLIN != 0 {
                read_tail_chunk(side.err, &mut side.tail);
            } else if revents != 0 {
                // Closed, and nothing left to read: polling it again would return at once, every time.
                side.err_open = false;
            }
        }
        for (i, way) in self.ways.iter_mut().enumerate() {
            let mut read = 0;
            if fds[2 * i].revents != 0 {
                let t_ms = self.started.elapsed().as_secs_f64() * 1000.0;
                let (transcript, direction) = (&mut self.transcript, way.direction);
                let chunk = &mut self.chunk[..];
                read = read_into(way, chunk, |bytes| {
                    transcript.record(direction, t_ms, bytes)
                })?;
                self.moved += read as u64;
                if way.direction == Direction::FromSolution {
                    solution.output_bytes += read as u64;
                    if solution.output_bytes > spec.limits.output_bytes {
                        kill(solution, false);
                    }
                }
            }
            // What was just read is passed on at once (the reader is most likely waiting for it), without
            // waiting for the next poll to say the pipe has room.
            if read > 0 {
                self.moved += way.pass_on(&self.chunk[..read]) as u64;
            } else if fds[2 * i + 1].revents != 0 && way.write_open {
                self.moved += write_from(way) as u64;
            }
            // The writer is gone and everything it wrote was passed on: the reader sees end of file (the
            // solution's only once it has ended, when its end of output is held back).
            let held = self.hold_solution_eof
                && way.direction == Direction::FromSolution
                && solution.result.is_none();
            if !way.read_open && !held && self.closed_at[i].is_none() {
                self.closed_at[i] = Some(self.steps);
            }
            if !way.read_open && way.buffer.is_empty() && !held {
                way.close_write();
            }
        }
        Ok([fds[6].revents != 0, fds[7].revents != 0])
    }
}

/// Reads what is there into `chunk`, showing it to `seen`; the number of bytes read.
fn read_into(way: &mut Way, chunk: &mut [u8], seen: impl FnOnce(&[u8])) -> Result<usize> {
    // SAFETY: reading into our buffer, at most its length, from our descriptor.
    let n = unsafe { libc::read(way.read, chunk.as_mut_ptr().cast(), chunk.len()) };
    if n > 0 {
        seen(&chunk[..n as usize]);
        return Ok(n as usize);
    }
    let err = io::Error::last_os_error();
    if n == 0 || err.kind() != io::ErrorKind::WouldBlock {
        way.close_read();
    }
    Ok(0)
}

/// Writes what the reader will take of the way's buffer; a reader that is gone (EPIPE) drops the rest.
/// The bytes written.
fn write_from(way: &mut Way) -> usize {
    let (front, _) = way.buffer.as_slices();
    match write_some(way.write, front) {
        Some(n) => {
            way.buffer.drain(..n);
            n
        }
        None => {
            way.close_write();
            0
        }
    }
}

/// Writes what the reader will take of `bytes`; a reader that is gone (EPIPE) closes the way's write end.
/// The bytes written.
fn write_bytes(way: &mut Way, bytes: &[u8]) -> usize {
    write_some(way.write, bytes).unwrap_or_else(|| {
        way.close_write();
        0
    })
}

/// Writes what the pipe takes of `bytes` without waiting: the bytes written, or None when the reader is
/// gone (or the write failed otherwise).
fn write_some(fd: i32, bytes: &[u8]) -> Option<usize> {
    // SAFETY: writing from a live buffer, at most its length, to our descriptor.
    let n = unsafe { libc::write(fd, bytes.as_ptr().cast(), bytes.len()) };
    if n >= 0 {
        return Some(n as usize);
    }
    (io::Error::last_os_error().kind() == io::ErrorKind::WouldBlock).then_some(0)
}

/// The first and last bytes of each direction, in order, with times. What a chunk costs is at most what it
/// takes in the launcher's reply (its text as JSON, escapes included, and its time and direction), so that
/// a transcript of any exchange, however many and however small its chunks, fits in one reply. Chunks are
/// kept as bytes and turned into text once, at the end: the relay's cost per byte stays a copy.
struct Transcript {
    limit: usize,
    head: Vec<(f64, Direction, Vec<u8>)>,
    head_cost: [usize; 2],
    tail: VecDeque<(f64, Direction, Vec<u8>, usize)>,
    tail_cost: [usize; 2],
    cut: bool,
}

/// A chunk's time and direction in the reply, beside its text.
const CHUNK_OVERHEAD: usize = 48;

/// An upper bound of the length of `bytes` as a JSON string's contents, once made text: a control
/// character takes at most 6 bytes (`\u001f`), a quote or a backslash 2, a byte of a multi-byte or invalid
/// sequence at most 3 (an invalid byte becomes U+FFFD).
fn json_cost(bytes: &[u8]) -> usize {
    bytes
        .iter()
        .map(|&b| match b {
            0..=0x1f => 6,
            b'"' | b'\\' => 2,
            0x80.. => 3,
            _ => 1,
        })
        .sum()
}

impl Transcript {
    fn new(limit: usize) -> Transcript {
        Transcript {
            limit,
            head: Vec::new(),
            head_cost: [0; 2],
            tail: VecDeque::new(),
            tail_cost: [0; 2],
            cut: false,
        }
    }

    fn record(&mut self, dir: Direction, t_ms: f64, bytes: &[u8]) {
        if bytes.is_empty() {
            return;
        }
        let d = dir as usize;
        let cost = json_cost(bytes) + CHUNK_OVERHEAD;
        if self.head_cost[d] + cost <= self.limit {
            self.head_cost[d] += cost;
            self.head.push((t_ms, dir, bytes.to_vec()));
            return;
        }
        self.tail_cost[d] += cost;
        self.tail.push_back((t_ms, dir, bytes.to_vec(), cost));
        while self.tail_cost[d] > self.limit {
            let Some(i) = self.tail.iter().position(|c| c.1 as usize == d) else {
                break;
            };
            let (.., dropped) = self.tail.remove(i).expect("found");
            self.tail_cost[d] -= dropped;
            self.cut = true;
        }
    }

    fn chunks(self) -> (Vec<Chunk>, bool) {
        let tail = self
            .tail
            .into_iter()
            .map(|(t, dir, bytes, _)| (t, dir, bytes));
        let mut all: Vec<Chunk> = self
            .head
            .into_iter()
            .chain(tail)
            .map(|(t_ms, dir, bytes)| Chunk {
                t_ms,
                dir,
                text: String::from_utf8_lossy(&bytes).into_owned(),
            })
            .collect();
        // One direction's head may still grow after the other's tail began: show them in time order.
        all.sort_by(|a, b| a.t_ms.total_cmp(&b.t_ms));
        (all, self.cut)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_transcript_of_many_tiny_chunks_stays_within_its_cost_in_the_reply() {
        let mut transcript = Transcript::new(64 * 1024);
        for i in 0..200_000 {
            let dir = match i % 2 {
                0 => Direction::ToSolution,
                _ => Direction::FromSolution,
            };
            transcript.record(dir, i as f64, b"\x01\n");
        }
        let (chunks, cut) = transcript.chunks();
        assert!(cut);
        let json = serde_json::to_vec(&chunks).unwrap();
        // Both ends of both directions, each at most the limit.
        assert!(json.len() <= 4 * 64 * 1024, "{} bytes", json.len());
        assert_eq!(chunks.first().unwrap().t_ms, 0.0);
        assert_eq!(chunks.last().unwrap().t_ms, 199_999.0);
    }

    /// Reads what the pipe holds now (its write end is non-blocking on the other side).
    fn drain(fd: i32, into: &mut Vec<u8>) {
        // SAFETY: making our own descriptor non-blocking.
        unsafe { libc::fcntl(fd, libc::F_SETFL, libc::O_NONBLOCK) };
        let mut buf = [0u8; 4096];
        loop {
            // SAFETY: reading into a local buffer from our descriptor.
            let n = unsafe { libc::read(fd, buf.as_mut_ptr().cast(), buf.len()) };
            if n <= 0 {
                return;
            }
            into.extend_from_slice(&buf[..n as usize]);
        }
    }

    #[test]
    fn bytes_passed_on_arrive_whole_and_in_order_when_the_reader_is_slow() {
        let (unused_read, unused_write) = pipe().unwrap();
        let (out_read, out_write) = pipe().unwrap();
        let mut way = Way::new(unused_read, out_write, Direction::ToSolution);
        // Three chunks of 100 KiB: more than a pipe holds, so each is only partly written at first.
        let chunks: Vec<Vec<u8>> = (0..3u8)
            .map(|k| (0..100 * 1024).map(|i| (i % 251) as u8 ^ k).collect())
            .collect();
        let mut written = 0;
        let mut received = Vec::new();
        for chunk in &chunks {
            written += way.pass_on(chunk);
            assert!(!way.buffer.is_empty(), "the pipe took everything at once");
            // Room in the pipe again, with bytes still waiting to be written before the next chunk.
            drain(out_read, &mut received);
        }
        while !way.buffer.is_empty() {
            drain(out_read, &mut received);
            written += write_from(&mut way);
        }
        drain(out_read, &mut received);
        assert_eq!(written, 3 * 100 * 1024);
        assert!(
            received == chunks.concat(),
            "the bytes arrived changed or out of order"
        );
        way.close_read();
        way.close_write();
        // SAFETY: our descriptors, closed once.
        unsafe {
            libc::close(out_read);
            libc::close(unused_write);
        }
    }

    #[test]
    fn a_reader_that_is_gone_closes_the_way_and_drops_what_waited() {
        let (unused_read, unused_write) = pipe().unwrap();
        let (out_read, out_write) = pipe().unwrap();
        // SAFETY: our descriptor, closed once: the reader is gone.
        unsafe { libc::close(out_read) };
        let mut way = Way::new(unused_read, out_write, Direction::FromSolution);
        assert_eq!(way.pass_on(b"42\n"), 0);
        assert!(!way.write_open);
        assert!(way.buffer.is_empty());
        way.close_read();
        // SAFETY: our descriptor, closed once.
        unsafe { libc::close(unused_write) };
    }

    #[test]
    fn json_cost_is_at_least_the_length_in_json() {
        let samples: [&[u8]; 6] = [
            b"plain",
            b"a\"b\\c",
            b"\n\t\r",
            b"\x01\x1f",
            "é\u{fffd}".as_bytes(),
            b"\xff\xfe\x80",
        ];
        for bytes in samples {
            let json = serde_json::to_string(&String::from_utf8_lossy(bytes)).unwrap();
            assert!(json_cost(bytes) >= json.len() - 2, "{bytes:?}");
        }
    }
}
