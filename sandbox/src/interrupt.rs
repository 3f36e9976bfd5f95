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
    kill_announced();
    for &pgid in running_groups().iter() {
        // SAFETY: killpg has no memory-safety preconditions.
        unsafe { libc::killpg(pgid, libc::SIGKILL) };
    }
}

/// Kills the process group of every program in a live launcher's pid slots.
fn kill_announced() {
    let programs: Vec<i32> = launcher_slots().iter().flat_map(|s| s.pids()).collect();
    for pgid in programs {
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
            crate::isolate::sweep_interrupted();
            cleanup();
            let _ = writeln!(
                io::stderr(),
                "harness: interrupted; killed every running solution"
            );
            libc::_exit(128 + sig);
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::os::unix::process::CommandExt;

    /// On an interrupt, the program whose pid a launcher put in its slots is killed (its whole group),
    /// though the judge was never told of it by a message.
    #[test]
    fn an_interrupt_kills_the_programs_in_the_launchers_slots() {
        let mut program = std::process::Command::new("sleep")
            .arg("3609")
            .process_group(0)
            .spawn()
            .unwrap();
        let (slots, _fd) = PidSlots::new().unwrap();
        slots.set(0, program.id() as i32);
        let slots = Arc::new(slots);
        launcher_slots().push(Arc::clone(&slots));
        kill_announced();
        launcher_slots().retain(|s| !Arc::ptr_eq(s, &slots));
        // Killed, it ends at once; a program still running after a while was not.
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
        let ended = loop {
            match program.try_wait().unwrap() {
                Some(_) => break true,
                None if std::time::Instant::now() > deadline => break false,
                None => std::thread::sleep(std::time::Duration::from_millis(10)),
            }
        };
        if !ended {
            let _ = program.kill();
            let _ = program.wait();
        }
        assert!(ended, "the program in the slots was not killed");
    }
}
