//! Ctrl-C: every process group the judge started is registered while it runs (a program run by a launcher
//! through its launcher's pid slots), and killed when the judge is interrupted, before it exits.

use std::collections::HashSet;
use std::io::{self, Write};
use std::sync::{Arc, Mutex, MutexGuard, OnceLock};

use crate::protocol::PidSlots;

/// The registered process groups (launchers and the programs they run).
pub fn running_groups() -> MutexGuard<'static, HashSet<i32>> {
    static RUNNING: OnceLock<Mutex<HashSet<i32>>> = OnceLock::new();
    RUNNING
        .get_or_init(|| Mutex::new(HashSet::new()))
        .lock()
        .unwrap_or_else(|e| e.into_inner())
}

/// The pid slots of the launchers alive: the programs they run, each its own process group.
pub(crate) fn launcher_slots() -> MutexGuard<'static, Vec<Arc<PidSlots>>> {
    static SLOTS: Mutex<Vec<Arc<PidSlots>>> = Mutex::new(Vec::new());
    SLOTS.lock().unwrap_or_else(|e| e.into_inner())
}

/// Kills every process group still running: the programs and the launchers (used on SIGINT / SIGTERM).
pub fn kill_all_running() {
    let programs = launcher_slots()
        .iter()
        .flat_map(|s| s.pids())
        .collect::<Vec<_>>();
    for pgid in programs.into_iter().chain(running_groups().iter().copied()) {
        // SAFETY: killpg has no memory-safety preconditions.
        unsafe { libc::killpg(pgid, libc::SIGKILL) };
    }
}

/// Blocks SIGINT and SIGTERM in this thread (call before starting others) and handles them on a dedicated
/// thread: every running process group is killed and `cleanup` called (the judge removes its scratch
/// files), then the process exits with 128 + signal.
pub fn install_interrupt_handler(cleanup: fn()) {
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
            cleanup();
            let _ = writeln!(
                io::stderr(),
                "harness: interrupted; killed every running solution"
            );
            libc::_exit(128 + sig);
        });
    }
}
