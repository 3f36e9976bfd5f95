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

/// Samples the launcher's whole tree; `reaped_base_us` is `reaped_cpu_us()` at the start of the run.
pub fn sample(reaped_base_us: u64) -> TreeSample {
    // SAFETY: getpid has no preconditions.
    let me = unsafe { libc::getpid() };
    // SAFETY: sysconf has no preconditions.
    let ticks_per_second = unsafe { libc::sysconf(libc::_SC_CLK_TCK) }.max(1) as u64;
    let mut sample = TreeSample {
        rss_kb: 0,
        cpu_ms: reaped_cpu_us().saturating_sub(reaped_base_us) / 1000,
    };
    for pid in descendants(me) {
        sample.rss_kb += rss_kb(pid).unwrap_or(0);
        sample.cpu_ms += cpu_ticks(pid).unwrap_or(0) * 1000 / ticks_per_second;
    }
    sample
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
