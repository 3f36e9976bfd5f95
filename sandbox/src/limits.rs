//! The limits of one run, and the bounds derived from them (the wall-clock cap, the judge's watchdog).

use serde::{Deserialize, Serialize};

/// How much of stderr is kept: the last 64 KiB.
pub const STDERR_TAIL_BYTES: usize = 64 * 1024;
/// The wall-clock cap of a run, as a multiple of its backstop (`Limits::wall_cap_ms`).
pub const WALL_CAP_FACTOR: u64 = 10;
/// How long past a run's cap the judge still waits for its result (`Limits::watchdog_ms`).
pub const WATCHDOG_GRACE_MS: u64 = 10_000;

/// The limits of one run.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Limits {
    /// CPU time limit; the run is killed soon after it and judged against it.
    pub cpu_ms: u64,
    /// Wall-clock backstop: from then on the program is killed as soon as it is idle (`sandbox::backstop`),
    /// and at the latest at `wall_cap_ms`.
    pub wall_ms: u64,
    /// Memory limit, judged against peak RSS; the address space is capped well above it.
    pub memory_kb: u64,
    /// Output limit in bytes; one byte more is OLE.
    pub output_bytes: u64,
}

impl Limits {
    /// The judge's limits for a problem: its CPU limit times the scale, a wall backstop at 3 x limit + 1 s.
    pub fn for_problem(
        time_limit_ms: u64,
        memory_limit_mb: u64,
        time_scale: f64,
        output_bytes: u64,
    ) -> Limits {
        let cpu_ms = ((time_limit_ms as f64) * time_scale).ceil().max(1.0) as u64;
        Limits {
            cpu_ms,
            wall_ms: 3 * cpu_ms + 1000,
            memory_kb: memory_limit_mb * 1024,
            output_bytes,
        }
    }

    /// Generous limits for problem-setter programs (generators, brute forces).
    pub fn tool() -> Limits {
        Limits {
            cpu_ms: 60_000,
            wall_ms: 120_000,
            memory_kb: 2 * 1024 * 1024,
            output_bytes: 256 << 20,
        }
    }

    /// The wall clock past which no run goes, however busy the machine and however much CPU time the run
    /// still has: 10 × the backstop.
    pub fn wall_cap_ms(&self) -> u64 {
        self.wall_ms.saturating_mul(WALL_CAP_FACTOR)
    }

    /// How long the judge waits for a run's result before it calls the run lost (a judge error for that
    /// test, its processes killed): the cap and ten seconds more.
    pub fn watchdog_ms(&self) -> u64 {
        self.wall_cap_ms().saturating_add(WATCHDOG_GRACE_MS)
    }

    /// Whether an accepted run's CPU time is close enough to the limit that a slower judge may call it
    /// TLE: above half of it.
    pub fn near_limit(&self, cpu_ms: f64) -> bool {
        cpu_ms * 2.0 > self.cpu_ms as f64
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wall_backstop_is_three_times_the_limit_plus_a_second() {
        let limits = Limits::for_problem(1000, 32, 1.0, 1 << 20);
        assert_eq!(
            (limits.cpu_ms, limits.wall_ms, limits.memory_kb),
            (1000, 4000, 32 * 1024)
        );
        assert_eq!(Limits::for_problem(1000, 32, 1.5, 1).cpu_ms, 1500);
    }

    #[test]
    fn near_limit_is_above_half() {
        let limits = Limits::for_problem(1000, 32, 1.0, 1);
        assert!(!limits.near_limit(500.0));
        assert!(limits.near_limit(500.5));
    }
}
