//! The wall-clock backstop: it stops runs that are stalled, never one that is working slowly because the
//! machine is busy (ARCHITECTURE.md, "Running a program").
//!
//! The rule: once the wall clock passes the backstop (`Limits::wall_ms`, 3 × the CPU limit + 1 s), the run
//! is killed at the end of the first window of `WINDOW_MS` in which it was idle: its processes used less
//! than 1% of the window in CPU time and were seen runnable (running, or waiting for a CPU) in fewer than a
//! quarter of the samples. A sleeping or blocked program is idle; a program starved of CPU by other work is
//! runnable nearly all the time and keeps going until its CPU limit ends it. Whatever happens, the run ends
//! at the wall-clock cap (`Limits::wall_cap_ms`, 10 × the backstop). A run ended there that was runnable
//! in at least half of the samples since the backstop was starved, not slow: the machine was too busy to
//! judge it, which is the judge's failure, not the program's (`Backstop::starved`).

use crate::Limits;

/// How long a run must have been idle, ending at or after the backstop, to be killed.
pub(super) const WINDOW_MS: u64 = 1000;

/// Watches one run's activity from one window before its backstop.
pub(super) struct Backstop {
    wall_ms: u64,
    cap_ms: u64,
    window: Option<Window>,
    /// Samples taken since one window before the backstop, and how many saw the run runnable.
    samples: u32,
    runnable: u32,
    capped: bool,
}

struct Window {
    started_ms: u64,
    cpu_ms: u64,
    samples: u32,
    runnable: u32,
}

/// What the run did since it started: its CPU time, and whether any of its processes is runnable now.
pub(super) struct Activity {
    pub cpu_ms: u64,
    pub runnable: bool,
}

impl Backstop {
    pub(super) fn new(limits: &Limits) -> Backstop {
        Backstop {
            wall_ms: limits.wall_ms,
            cap_ms: limits.wall_cap_ms(),
            window: None,
            samples: 0,
            runnable: 0,
            capped: false,
        }
    }

    /// Whether the run must be killed now, `elapsed_ms` after its start. `activity` is asked only from one
    /// window before the backstop on (reading it costs a walk of /proc).
    pub(super) fn expired(&mut self, elapsed_ms: u64, activity: impl FnOnce() -> Activity) -> bool {
        if elapsed_ms >= self.cap_ms {
            self.capped = true;
            return true;
        }
        if elapsed_ms + WINDOW_MS < self.wall_ms {
            return false;
        }
        let now = activity();
        let window = self.window.get_or_insert(Window {
            started_ms: elapsed_ms,
            cpu_ms: now.cpu_ms,
            samples: 0,
            runnable: 0,
        });
        window.samples += 1;
        window.runnable += u32::from(now.runnable);
        self.samples += 1;
        self.runnable += u32::from(now.runnable);
        let length_ms = elapsed_ms - window.started_ms;
        if elapsed_ms < self.wall_ms || length_ms < WINDOW_MS {
            return false;
        }
        let working = now.cpu_ms.saturating_sub(window.cpu_ms) * 100 >= length_ms
            || window.runnable * 4 >= window.samples;
        if working {
            // Judge the next window afresh.
            self.window = None;
        }
        !working
    }

    /// Whether the run was ended at the cap while waiting for a CPU (or running) in at least half of the
    /// samples since the backstop: starved by other work, its verdict unknown.
    pub(super) fn starved(&self) -> bool {
        self.capped && self.samples > 0 && self.runnable * 2 >= self.samples
    }

    /// The judge error of a starved run (`starved`), with the CPU time it got.
    pub(super) fn starved_reason(&self, cpu_ms: u64, limits: &Limits) -> String {
        format!(
            "the machine was too busy to judge this run: it was waiting for a CPU most of the time and got {cpu_ms} ms of CPU time (limit {} ms) before the wall-clock cap of {} ms; judge it again with fewer workers (-j) or on a quieter machine",
            limits.cpu_ms, self.cap_ms
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn limits(wall_ms: u64) -> Limits {
        Limits {
            cpu_ms: 1000,
            wall_ms,
            memory_kb: 1024,
            output_bytes: 1,
        }
    }

    /// Feeds the backstop samples every `tick` ms from 0 to `until`; the time it fired.
    fn run(
        backstop: &mut Backstop,
        tick: u64,
        until: u64,
        mut at: impl FnMut(u64) -> Activity,
    ) -> Option<u64> {
        (0..=until)
            .step_by(tick as usize)
            .find(|&t| backstop.expired(t, || at(t)))
    }

    #[test]
    fn an_idle_run_is_killed_at_the_backstop() {
        let mut backstop = Backstop::new(&limits(1200));
        let fired = run(&mut backstop, 50, 5000, |_| Activity {
            cpu_ms: 3,
            runnable: false,
        });
        assert!(
            fired.is_some_and(|t| (1200..1400).contains(&t)),
            "{fired:?}"
        );
    }

    #[test]
    fn a_starved_run_that_is_always_runnable_is_not_killed_before_the_cap() {
        let mut backstop = Backstop::new(&limits(1200));
        // No CPU time at all in the windows looked at, but waiting for a CPU all the time.
        let fired = run(&mut backstop, 50, 3000, |_| Activity {
            cpu_ms: 10,
            runnable: true,
        });
        assert_eq!(fired, None);
    }

    #[test]
    fn a_run_that_gets_a_little_cpu_time_is_working() {
        let mut backstop = Backstop::new(&limits(1200));
        let fired = run(&mut backstop, 50, 3000, |t| Activity {
            cpu_ms: t / 50,
            runnable: false,
        });
        assert_eq!(fired, None);
    }

    #[test]
    fn a_run_that_stops_working_is_killed_one_window_later() {
        let mut backstop = Backstop::new(&limits(1200));
        let fired = run(&mut backstop, 50, 6000, |t| Activity {
            cpu_ms: t.min(2000),
            runnable: t < 2000,
        });
        assert!(
            fired.is_some_and(|t| (2000..3400).contains(&t)),
            "{fired:?}"
        );
    }

    #[test]
    fn a_run_ended_at_the_cap_is_starved_only_when_it_was_mostly_runnable() {
        for (runnable_every, starved) in [(1, true), (2, true), (3, false), (0, false)] {
            let mut backstop = Backstop::new(&limits(1200));
            // Some CPU time in every window (working, never idle), runnable in one sample of `every`.
            let fired = run(&mut backstop, 50, 20_000, |t| Activity {
                cpu_ms: t / 50,
                runnable: runnable_every > 0 && (t / 50) % runnable_every == 0,
            });
            assert_eq!(fired, Some(12_000), "ended at the cap");
            assert_eq!(
                backstop.starved(),
                starved,
                "runnable every {runnable_every}"
            );
        }
        // Killed as idle, before the cap: never starved.
        let mut idle = Backstop::new(&limits(1200));
        let fired = run(&mut idle, 50, 20_000, |_| Activity {
            cpu_ms: 3,
            runnable: false,
        });
        assert!(fired.is_some_and(|t| t < 12_000), "{fired:?}");
        assert!(!idle.starved());
    }

    #[test]
    fn every_run_ends_at_the_cap() {
        assert!(!Backstop::new(&limits(5000)).expired(3999, || unreachable!("too early to look")));
        assert!(Backstop::new(&limits(100)).expired(1000, || unreachable!("the cap needs no look")));
    }
}
