//! Keeping the kernel's way into a control group ready for a run's first join.
//!
//! Moving a process into a control group (a write to `cgroup.procs`, v1 or v2) takes the kernel's global
//! lock on every thread group's cgroup membership for writing. That lock is made for readers (every fork
//! and exit reads it): the first writer after a quiet while waits for an RCU grace period (measured here:
//! 6-24 ms), and the writers that follow within about a grace period pass at once. Between runs that follow
//! one another the lock stays ready; but the first run of a launcher, and the first after a pause (a
//! compilation, a long run elsewhere), paid a grace period before its program could start: more than the
//! rest of a small test's cost.
//!
//! A thread of the launcher keeps the lock ready while a run is expected: it moves itself into the control
//! group it is already in (its id into its group's `tasks` in v1; the launcher into its own leaf in v2),
//! which takes the lock and moves nothing. It writes every few milliseconds from the launcher's start, and
//! from each request that comes after a pause, until the run's program has joined its group (or a bound
//! passes). (A pid no process has would move nothing too, but the kernel looks it up before it takes the
//! lock.)

use std::fs::File;
use std::io::Write;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Less than a grace period: the lock never goes back to its quiet state between two writes.
const EVERY: Duration = Duration::from_millis(3);

/// How long it writes once asked, at most, when no run comes to stop it.
const AT_MOST: Duration = Duration::from_millis(200);

/// A pause between runs after which the lock may have gone quiet.
pub const PAUSE: Duration = Duration::from_millis(5);

/// The launcher's side of the thread.
pub struct Warmer {
    shared: Arc<Shared>,
    thread: std::thread::Thread,
    /// When it was last asked to write or told the run joined: a request after `PAUSE` asks again.
    last: std::cell::Cell<Instant>,
}

struct Shared {
    /// Writing, while a run is expected.
    on: AtomicBool,
    /// Until when it writes at most: milliseconds from `epoch`.
    until_ms: AtomicU64,
    epoch: Instant,
    /// Held across each write, and by `stop`: once the launcher stopped the thread, no write is under way
    /// or to come (in v2 a late one would move the launcher back into the leaf it has left).
    writing: std::sync::Mutex<bool>,
    /// How long it writes once asked, at most (`AT_MOST`).
    at_most: Duration,
}

impl Warmer {
    /// Starts the thread on `file` (`Isolation::warm_file`), into which it writes its own thread id
    /// (`thread`) or the process's id, writing at once: the launcher's first run comes soon. `None` when
    /// no thread could start.
    pub fn start(file: File, thread: bool) -> Option<Warmer> {
        Warmer::writing_for(file, thread, AT_MOST)
    }

    /// As `start`, writing at most `at_most` each time it is asked.
    fn writing_for(file: File, thread: bool, at_most: Duration) -> Option<Warmer> {
        let shared = Arc::new(Shared {
            on: AtomicBool::new(false),
            until_ms: AtomicU64::new(0),
            epoch: Instant::now(),
            writing: std::sync::Mutex::new(false),
            at_most,
        });
        let theirs = Arc::clone(&shared);
        let thread = std::thread::Builder::new()
            .name("cgroup-warm".into())
            // Nothing but a write and a sleep.
            .stack_size(64 << 10)
            .spawn(move || keep_ready(&file, thread, &theirs))
            .ok()?
            .thread()
            .clone();
        let warmer = Warmer {
            shared,
            thread,
            last: std::cell::Cell::new(Instant::now()),
        };
        warmer.expect_run();
        Some(warmer)
    }

    /// A request came: after a pause, the thread writes until its program joins (`joined`).
    pub fn request(&self) {
        if self.last.get().elapsed() >= PAUSE {
            self.expect_run();
        }
    }

    /// The run's program joined its group (or none will): the thread stops writing.
    pub fn joined(&self) {
        self.shared.on.store(false, Ordering::Release);
        self.last.set(Instant::now());
    }

    /// For good, before the launcher takes down its control groups: returns once no write is under way.
    pub fn stop(&self) {
        self.shared.on.store(false, Ordering::Release);
        *self
            .shared
            .writing
            .lock()
            .unwrap_or_else(|e| e.into_inner()) = true;
    }

    fn expect_run(&self) {
        let until = self.shared.epoch.elapsed() + self.shared.at_most;
        self.shared
            .until_ms
            .store(until.as_millis() as u64, Ordering::Release);
        self.shared.on.store(true, Ordering::Release);
        self.last.set(Instant::now());
        self.thread.unpark();
    }
}

/// The thread: writes its id (or the process's) every `EVERY` while asked, else sleeps until asked.
fn keep_ready(mut file: &File, thread: bool, shared: &Shared) {
    let id = match thread {
        // SAFETY: gettid has no preconditions.
        true => unsafe { libc::gettid() },
        // SAFETY: getpid has no preconditions.
        false => unsafe { libc::getpid() },
    };
    let id = id.to_string();
    loop {
        let due =
            shared.epoch.elapsed().as_millis() as u64 <= shared.until_ms.load(Ordering::Acquire);
        if !(shared.on.load(Ordering::Acquire) && due) {
            // Woken by the next `expect_run` (its unpark is never lost: a token waits for the park).
            std::thread::park();
            continue;
        }
        {
            let stopped = shared.writing.lock().unwrap_or_else(|e| e.into_inner());
            if *stopped {
                return;
            }
            // Moves nothing: the thread is there already. An error (a group removed) is as harmless.
            let _ = file.write(id.as_bytes());
        }
        std::thread::sleep(EVERY);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Asked, the thread writes the process's id again and again; stopped, it writes nothing more.
    #[test]
    fn the_thread_writes_while_asked_and_never_once_stopped() {
        let path = std::env::temp_dir().join(format!("harness-warm-{}", std::process::id()));
        let file = File::create(&path).unwrap();
        let warmer = Warmer::writing_for(file, false, Duration::from_secs(120)).unwrap();
        let id = std::process::id().to_string();
        let written = || std::fs::read_to_string(&path).unwrap();
        let deadline = Instant::now() + Duration::from_secs(60);
        while written().len() < 2 * id.len() && Instant::now() < deadline {
            std::thread::sleep(Duration::from_millis(5));
        }
        let text = written();
        assert!(text.len() >= 2 * id.len(), "{text:?}");
        assert_eq!(text.replace(&id, ""), "", "only the process's id: {text:?}");
        warmer.stop();
        let stopped = written().len();
        // A thread that went on would have written some ten times meanwhile.
        std::thread::sleep(10 * EVERY);
        warmer.request();
        std::thread::sleep(10 * EVERY);
        assert_eq!(written().len(), stopped, "written after stop");
        let _ = std::fs::remove_file(&path);
    }
}
