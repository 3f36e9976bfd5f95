//! The launcher's process tree, read from /proc: what every process the run started uses, and killing them
//! all. Without a control group this is how memory and CPU of the whole tree are measured (sampled), and how
//! a daemon that left the program's group is found: the launcher is the subreaper of the run, so every
//! process the run started is its descendant until it is reaped.

use std::fs;
use std::sync::Mutex;

/// The inits of the launcher's pid namespaces (`template`): its children that are not the run's. They
/// are neither sampled nor killed here; what they adopted (the orphans of a run) is.
static KEPT: Mutex<Vec<i32>> = Mutex::new(Vec::new());

/// Keeps a process of the launcher out of the tree's samples and sweeps.
pub fn keep(pid: i32) {
    KEPT.lock().unwrap_or_else(|e| e.into_inner()).push(pid);
}

/// Lets a kept process (now killed) be reaped and swept with the rest.
pub fn release(pid: i32) {
    KEPT.lock()
        .unwrap_or_else(|e| e.into_inner())
        .retain(|p| *p != pid);
}

fn kept() -> Vec<i32> {
    KEPT.lock().unwrap_or_else(|e| e.into_inner()).clone()
}

/// Every descendant of `root` (not `root` itself) but the kept ones, through /proc/PID/task/TID/children.
pub fn descendants(root: i32) -> Vec<i32> {
    let kept = kept();
    let mut found = all_descendants(root);
    found.retain(|pid| !kept.contains(pid));
    found
}

fn all_descendants(root: i32) -> Vec<i32> {
    let mut found = Vec::new();
    let mut next = vec![root];
    while let Some(pid) = next.pop() {
        let Ok(tasks) = fs::read_dir(format!("/proc/{pid}/task")) else {
            continue;
        };
        for task in tasks.flatten() {
            let Ok(children) = fs::read_to_string(task.path().join("children")) else {
                continue;
            };
            for child in children.split_whitespace().filter_map(|c| c.parse().ok()) {
                // A bound against a list that changes under us: a fork bomb cannot make this loop forever.
                if found.len() < 100_000 && !found.contains(&child) {
                    found.push(child);
                    next.push(child);
                }
            }
        }
    }
    found
}

/// What the launcher's descendants use now, and the CPU time of those it already reaped since `base`.
#[derive(Debug, Clone, Copy, Default)]
pub struct TreeSample {
    /// Resident memory of every live descendant, summed.
    pub rss_kb: u64,
    /// CPU time (user + system) of the whole tree: live descendants, what they reaped, and what the
    /// launcher reaped since the run began.
    pub cpu_ms: u64,
}

/// The launcher's own `RUSAGE_CHILDREN` CPU time, in microseconds: everything it has reaped so far, and
/// what the inits of its pid namespaces reaped (a run's orphans).
pub fn reaped_cpu_us() -> u64 {
    // SAFETY: zeroed rusage is a valid out-parameter.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    // SAFETY: getrusage with a valid out-pointer.
    unsafe { libc::getrusage(libc::RUSAGE_CHILDREN, &mut usage) };
    // SAFETY: sysconf has no preconditions.
    let ticks_per_second = unsafe { libc::sysconf(libc::_SC_CLK_TCK) }.max(1) as u64;
    let adopted: u64 = kept()
        .into_iter()
        .map(|pid| reaped_ticks(pid).unwrap_or(0) * 1_000_000 / ticks_per_second)
        .sum();
    super::sys::timeval_us(usage.ru_utime) + super::sys::timeval_us(usage.ru_stime) + adopted
}

/// One run's account of its processes where no control group counts them: the CPU time each process was
/// last seen to have used itself, kept after it ends. A process whose parent ignores `SIGCHLD` is reaped by
/// the kernel at its end, and its CPU time is added to no one's (`RUSAGE_CHILDREN`, a parent's `cutime`):
/// without this account a program that leaves its work to many short children is charged nothing for it.
/// What such a child used after its last sample (at most a sampling period) is still missed.
#[derive(Default)]
pub struct Ledger {
    /// Own CPU ticks (user + system) by (pid, start time), the start time telling a reused pid apart.
    own_ticks: std::collections::HashMap<(i32, u64), u64>,
    /// Their sum.
    total_ticks: u64,
}

impl Ledger {
    fn record(&mut self, pid: i32, start: u64, ticks: u64) {
        // A bound on the account of a fork bomb (its tasks are bounded; its turnover is not).
        if self.own_ticks.len() >= 1 << 20 && !self.own_ticks.contains_key(&(pid, start)) {
            return;
        }
        let seen = self.own_ticks.entry((pid, start)).or_insert(0);
        if ticks > *seen {
            self.total_ticks += ticks - *seen;
            *seen = ticks;
        }
    }

    /// The CPU time of every process seen, ended ones included, in milliseconds.
    pub fn cpu_ms(&self) -> u64 {
        self.total_ticks * 1000 / ticks_per_second()
    }
}

fn ticks_per_second() -> u64 {
    // SAFETY: sysconf has no preconditions.
    unsafe { libc::sysconf(libc::_SC_CLK_TCK) }.max(1) as u64
}

/// The memory a pipe may hold (its default size; growing it is refused to a program under judgement,
/// `seccomp`): charged to the run for every pipe its processes hold, as no sample of a process sees it.
pub const PIPE_KB: u64 = 64;

/// The memory a socket may hold in its send buffer (twice `net.core.wmem_max`, what `SO_SNDBUF` can ask
/// for, at least `net.core.wmem_default`): charged for every socket a process holds (only a compiler may
/// make one, `seccomp`).
fn socket_kb() -> u64 {
    static KB: std::sync::OnceLock<u64> = std::sync::OnceLock::new();
    *KB.get_or_init(|| {
        let read = |name: &str| -> u64 {
            fs::read_to_string(format!("/proc/sys/net/core/{name}"))
                .ok()
                .and_then(|text| text.trim().parse().ok())
                .unwrap_or(212_992)
        };
        (2 * read("wmem_max")).max(read("wmem_default")) / 1024
    })
}

/// Samples the launcher's whole tree; `reaped_base_us` is `reaped_cpu_us()` at the start of the run. The
/// CPU time is the larger of what the tree's live processes and the launcher's reaping say and what the
/// run's `ledger` has seen (which this sample adds to). The memory is the processes' resident pages, the
/// pipes and sockets they hold (`PIPE_KB`, `socket_kb()` each) and what the run's private `/tmp` and `/dev/shm` hold (`private_tmp`:
/// a process of the run, whose root has them; `None` where the run has no private ones).
pub fn sample(reaped_base_us: u64, ledger: &mut Ledger, private_tmp: Option<i32>) -> TreeSample {
    // SAFETY: getpid has no preconditions.
    let me = unsafe { libc::getpid() };
    let ticks_per_second = ticks_per_second();
    let mut sample = TreeSample {
        rss_kb: 0,
        cpu_ms: reaped_cpu_us().saturating_sub(reaped_base_us) / 1000,
    };
    let mut buffers = Buffers::default();
    let pids = descendants(me);
    for &pid in &pids {
        sample.rss_kb += rss_kb(pid).unwrap_or(0);
        if let Some(stat) = Stat::of(pid) {
            sample.cpu_ms += (stat.own_ticks + stat.reaped_ticks) * 1000 / ticks_per_second;
            ledger.record(pid, stat.start, stat.own_ticks);
        }
        buffers.add(pid);
    }
    sample.cpu_ms = sample.cpu_ms.max(ledger.cpu_ms());
    sample.rss_kb +=
        buffers.pipes.len() as u64 * PIPE_KB + buffers.sockets.len() as u64 * socket_kb();
    if let Some(pid) = private_tmp {
        // The program itself, or, once it has ended, any process of the run left (same root).
        let holder = std::iter::once(pid).chain(pids.iter().copied());
        if let Some(kb) = holder.map(private_tmp_kb).find_map(|kb| kb) {
            sample.rss_kb += kb;
        }
    }
    sample
}

/// What a process's /proc/PID/stat says of its CPU time and start.
struct Stat {
    /// utime + stime, in clock ticks.
    own_ticks: u64,
    /// cutime + cstime: what it reaped.
    reaped_ticks: u64,
    /// When it started, in clock ticks since boot.
    start: u64,
}

impl Stat {
    fn of(pid: i32) -> Option<Stat> {
        let stat = fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
        let all: Vec<&str> = stat.rsplit_once(')')?.1.split_ascii_whitespace().collect();
        let field =
            |i: usize| -> Option<u64> { Some(all.get(i)?.parse::<i64>().ok()?.max(0) as u64) };
        Some(Stat {
            own_ticks: field(11)? + field(12)?,
            reaped_ticks: field(13)? + field(14)?,
            start: field(19)?,
        })
    }
}

/// The pipes and sockets a run's processes hold open, by inode.
#[derive(Default)]
struct Buffers {
    pipes: std::collections::HashSet<u64>,
    sockets: std::collections::HashSet<u64>,
}

impl Buffers {
    /// Adds those of process `pid`.
    fn add(&mut self, pid: i32) {
        let Ok(fds) = fs::read_dir(format!("/proc/{pid}/fd")) else {
            return;
        };
        for fd in fds.flatten() {
            let Ok(target) = fs::read_link(fd.path()) else {
                continue;
            };
            let target = target.as_os_str().as_encoded_bytes();
            let inode = |prefix: &[u8]| -> Option<u64> {
                let inode = target.strip_prefix(prefix)?.strip_suffix(b"]")?;
                std::str::from_utf8(inode).ok()?.parse().ok()
            };
            if let Some(inode) = inode(b"pipe:[") {
                self.pipes.insert(inode);
            } else if let Some(inode) = inode(b"socket:[") {
                self.sockets.insert(inode);
            }
        }
    }
}

/// What the private `/tmp` and `/dev/shm` in the root of process `pid` hold, in KiB: `None` when they
/// cannot be read, or are not file systems of the run's own (the machine's own `/tmp`, which is not the
/// run's to be charged).
fn private_tmp_kb(pid: i32) -> Option<u64> {
    use std::os::unix::fs::MetadataExt;
    let machine_tmp = fs::metadata("/tmp").ok()?.dev();
    let mut kb = 0;
    for dir in ["tmp", "dev/shm"] {
        let path = format!("/proc/{pid}/root/{dir}");
        if fs::metadata(&path).ok()?.dev() == machine_tmp {
            return None;
        }
        let path = std::ffi::CString::new(path).ok()?;
        // SAFETY: zeroed statfs is a valid out-parameter.
        let mut fs: libc::statfs = unsafe { std::mem::zeroed() };
        // SAFETY: statfs with a valid C string and out-pointer.
        if unsafe { libc::statfs(path.as_ptr(), &mut fs) } != 0 || fs.f_type != libc::TMPFS_MAGIC {
            return None;
        }
        kb += (fs.f_blocks.saturating_sub(fs.f_bfree)) * fs.f_bsize as u64 / 1024;
    }
    Some(kb)
}

/// What one process and its descendants use now (what they reaped included, as CPU time).
pub fn sample_of(pid: i32) -> TreeSample {
    // SAFETY: sysconf has no preconditions.
    let ticks_per_second = unsafe { libc::sysconf(libc::_SC_CLK_TCK) }.max(1) as u64;
    let mut sample = TreeSample::default();
    for pid in std::iter::once(pid).chain(descendants(pid)) {
        sample.rss_kb += rss_kb(pid).unwrap_or(0);
        sample.cpu_ms += cpu_ticks(pid).unwrap_or(0) * 1000 / ticks_per_second;
    }
    sample
}

/// Whether any thread of the launcher's descendants is running or waiting for a CPU (state `R`): the run
/// is working, however little CPU time a busy machine gives it.
pub fn any_runnable() -> bool {
    // SAFETY: getpid has no preconditions.
    let me = unsafe { libc::getpid() };
    descendants(me).into_iter().any(|pid| {
        let Ok(tasks) = fs::read_dir(format!("/proc/{pid}/task")) else {
            return false;
        };
        tasks.flatten().any(|task| {
            fs::read_to_string(task.path().join("stat")).is_ok_and(|stat| {
                stat.rsplit_once(')')
                    .is_some_and(|(_, rest)| rest.trim_start().starts_with('R'))
            })
        })
    })
}

/// Resident memory of a process, from /proc/PID/statm (pages).
fn rss_kb(pid: i32) -> Option<u64> {
    let statm = fs::read_to_string(format!("/proc/{pid}/statm")).ok()?;
    let pages: u64 = statm.split_whitespace().nth(1)?.parse().ok()?;
    // SAFETY: sysconf has no preconditions.
    let page = unsafe { libc::sysconf(libc::_SC_PAGESIZE) }.max(1) as u64;
    Some(pages * page / 1024)
}

/// utime + stime + cutime + cstime of a process, in clock ticks, from /proc/PID/stat.
fn cpu_ticks(pid: i32) -> Option<u64> {
    stat_ticks(pid, 11..=14)
}

/// cutime + cstime of a process (what it reaped), in clock ticks.
fn reaped_ticks(pid: i32) -> Option<u64> {
    stat_ticks(pid, 13..=14)
}

fn stat_ticks(pid: i32, fields: std::ops::RangeInclusive<usize>) -> Option<u64> {
    let stat = fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    let all: Vec<&str> = stat.rsplit_once(')')?.1.split_ascii_whitespace().collect();
    let mut ticks = 0u64;
    for i in fields {
        ticks += all.get(i)?.parse::<i64>().ok()?.max(0) as u64;
    }
    Some(ticks)
}

/// Sends SIGKILL to every descendant of the launcher, without reaping (the program's own exit status is
/// still to be read by its supervisor).
pub fn signal_all() {
    // SAFETY: getpid has no preconditions.
    let me = unsafe { libc::getpid() };
    for pid in descendants(me) {
        // SAFETY: killing a process of the run.
        unsafe { libc::kill(pid, libc::SIGKILL) };
    }
}

/// Kills and reaps every descendant of the launcher until none is left (a process that forks while it is
/// being killed is caught on the next round; orphans come back to the launcher, its subreaper).
pub fn kill_all() {
    // SAFETY: getpid has no preconditions.
    let me = unsafe { libc::getpid() };
    for _ in 0..200 {
        let pids = descendants(me);
        if pids.is_empty() {
            return;
        }
        for pid in pids {
            // SAFETY: killing a process of the run.
            unsafe { libc::kill(pid, libc::SIGKILL) };
        }
        super::isolate::reap_orphans();
        std::thread::sleep(std::time::Duration::from_millis(1));
    }
}
