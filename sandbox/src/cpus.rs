//! Each launcher keeps to one CPU of its own, when one is free.
//!
//! A test's run hands over from the judge to its launcher, to the spawner, to the program and back: on a
//! machine where a wake-up on another core costs far more than one on the same core (a virtual machine
//! sends an interrupt through its host), a launcher whose processes wander between cores pays for each
//! hand-over, and so does an interactive solution, charged for its relay's wake-ups on other cores.
//! So each launcher, its spawner and what they start (but compilers, which may use every core) are kept
//! to one CPU, as judges pin their workers to cores; two launchers never to the same one.
//!
//! A CPU is *claimed* by binding a Unix socket of the abstract namespace named after it: the kernel lets
//! one socket hold a name, whichever process asks, and frees it when the socket is closed or its holder
//! dies. So the launchers of every judge on the machine (a CI matrix's shards, two terminals) share the
//! CPUs out between them, never both on one while another is idle; a launcher that finds every CPU
//! claimed keeps to none, as before. The judge holds the claim for as long as the launcher lives.

use std::os::fd::{FromRawFd, OwnedFd};

/// The prefix of the abstract socket names of the judges' claims: `<prefix>-<cpu>`.
pub const CLAIMS: &str = "harness-cpu";

/// A CPU claimed for one launcher, until dropped.
pub struct CpuClaim {
    pub cpu: usize,
    _held: OwnedFd,
}

/// The CPUs this process may run on, in order.
pub fn allowed() -> Vec<usize> {
    let Some(set) = affinity(0) else {
        return Vec::new();
    };
    // SAFETY: CPU_ISSET reads a filled set.
    (0..libc::CPU_SETSIZE as usize)
        .filter(|&cpu| unsafe { libc::CPU_ISSET(cpu, &set) })
        .collect()
}

/// The CPUs process `pid` (0: this one) may run on.
pub(crate) fn affinity(pid: i32) -> Option<libc::cpu_set_t> {
    // SAFETY: sched_getaffinity fills the zeroed set.
    unsafe {
        let mut set: libc::cpu_set_t = std::mem::zeroed();
        (libc::sched_getaffinity(pid, std::mem::size_of::<libc::cpu_set_t>(), &mut set) == 0)
            .then_some(set)
    }
}

/// The first free CPU of those allowed, claimed under `prefix`; `None` when every one is claimed, or
/// there is only one (nothing to choose).
pub fn claim(prefix: &str) -> Option<CpuClaim> {
    let cpus = allowed();
    if cpus.len() < 2 {
        return None;
    }
    cpus.into_iter()
        .find_map(|cpu| hold(&format!("{prefix}-{cpu}")).map(|held| CpuClaim { cpu, _held: held }))
}

/// A socket bound to `name` in the abstract namespace, or `None` when another holds the name.
fn hold(name: &str) -> Option<OwnedFd> {
    // SAFETY: a new socket of ours; bind on an address filled within its size.
    unsafe {
        let fd = libc::socket(libc::AF_UNIX, libc::SOCK_STREAM | libc::SOCK_CLOEXEC, 0);
        if fd < 0 {
            return None;
        }
        let fd = OwnedFd::from_raw_fd(fd);
        let mut address: libc::sockaddr_un = std::mem::zeroed();
        address.sun_family = libc::AF_UNIX as libc::sa_family_t;
        // The first byte 0: the abstract namespace, no file.
        if name.len() + 1 > address.sun_path.len() {
            return None;
        }
        for (slot, byte) in address.sun_path[1..].iter_mut().zip(name.bytes()) {
            *slot = byte as libc::c_char;
        }
        let length = std::mem::size_of::<libc::sa_family_t>() + 1 + name.len();
        let bound = libc::bind(
            std::os::fd::AsRawFd::as_raw_fd(&fd),
            (&raw const address).cast(),
            length as libc::socklen_t,
        );
        (bound == 0).then_some(fd)
    }
}

/// Keeps the calling thread (after a fork, the process) to `cpu`. Async-signal-safe.
pub fn keep_to(cpu: usize) -> bool {
    // SAFETY: a set on the stack, filled by CPU_SET.
    unsafe {
        let mut set: libc::cpu_set_t = std::mem::zeroed();
        libc::CPU_SET(cpu, &mut set);
        libc::sched_setaffinity(0, std::mem::size_of::<libc::cpu_set_t>(), &set) == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn claims_are_exclusive_and_freed_when_dropped() {
        let cpus = allowed();
        if cpus.len() < 2 {
            eprintln!("SKIPPED CPU claims: this process may run on {cpus:?} only");
            return;
        }
        // Names of this test's own, so that judges running meanwhile do not take them.
        let prefix = format!("harness-cpu-test-{}", std::process::id());
        let claims: Vec<CpuClaim> = std::iter::from_fn(|| claim(&prefix))
            .take(cpus.len() + 1)
            .collect();
        let mut claimed: Vec<usize> = claims.iter().map(|c| c.cpu).collect();
        assert_eq!(claimed, cpus, "each allowed CPU once, in order, then none");
        claimed.dedup();
        assert_eq!(claimed.len(), cpus.len());
        let mut claims = claims;
        let second = claims.remove(1);
        let cpu = second.cpu;
        drop(second);
        assert_eq!(
            claim(&prefix).map(|c| c.cpu),
            Some(cpu),
            "a dropped claim is free again"
        );
    }
}
