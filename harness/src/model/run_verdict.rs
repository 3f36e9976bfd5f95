//! The verdict of a run from its limits and how it ended alone (shared by the graders and by the checker
//! programs, which judge their own runs), before any output is compared:
//! TLE, MLE, OLE, RE in that order (ARCHITECTURE.md, "Verdicts"), with the reason in words; AC means "compare the output".

use crate::model::{Exit, Limits, RunOutcome, TestResult, Verdict};

/// The verdict from the limits and the exit alone; AC means "compare the output".
pub fn judge_run(name: &str, outcome: &RunOutcome, limits: &Limits) -> TestResult {
    let stderr = String::from_utf8_lossy(&outcome.stderr_tail);
    let (verdict, detail) = verdict_and_detail(outcome, limits, &stderr);
    TestResult {
        name: name.to_string(),
        verdict,
        cpu_ms: outcome.cpu_us as f64 / 1000.0,
        wall_ms: outcome.wall_us as f64 / 1000.0,
        peak_kib: outcome.peak_kb,
        exit: Some(outcome.exit),
        detail,
        ..TestResult::compile_error(name)
    }
}

/// Why a run is TLE: its CPU time, or the wall-clock backstop (idle past it, or at the cap).
pub fn time_detail(over_cpu: bool, limits: &Limits) -> String {
    match over_cpu {
        true => format!("CPU time over {} ms", limits.cpu_ms),
        false => format!(
            "killed by the wall-clock backstop: idle (no CPU time used, not waiting for a CPU) for a second past {} ms",
            limits.wall_ms
        ),
    }
}

/// Why a run killed by the wall clock was killed, from how long it ran.
fn wall_detail(outcome: &RunOutcome, limits: &Limits) -> String {
    let cap_ms = limits.wall_cap_ms();
    match outcome.wall_us / 1000 >= cap_ms {
        true => format!(
            "killed at the wall-clock cap of {cap_ms} ms, under its CPU limit but sleeping or blocked most of the time"
        ),
        false => time_detail(false, limits),
    }
}

/// A run made under longer time limits, judged as `limits` would have judged it: over their CPU time it is
/// TLE (it would have been killed there; nothing else it did counts). Wall time does not count: it depends
/// on how busy the machine was, and a run idle past the backstop was killed as TLE already. The second
/// value says whether it got past `limits` but not past the longer ones: it would pass with more time.
pub fn within(mut result: TestResult, limits: &Limits) -> (TestResult, bool) {
    let over_cpu = result.cpu_ms > limits.cpu_ms as f64;
    if !over_cpu {
        result.near_limit = result.verdict == Verdict::AC && limits.near_limit(result.cpu_ms);
        return (result, false);
    }
    // A judge error under the longer limits (starved of CPU at the wall-clock cap) says nothing either way.
    let passes_longer = !matches!(result.verdict, Verdict::TLE | Verdict::JE);
    let name = std::mem::take(&mut result.name);
    let timed_out = TestResult {
        verdict: Verdict::TLE,
        cpu_ms: result.cpu_ms,
        wall_ms: result.wall_ms,
        peak_kib: result.peak_kib,
        exit: result.exit,
        detail: Some(time_detail(over_cpu, limits)),
        stderr_tail: result.stderr_tail,
        transcript: result.transcript,
        ..TestResult::compile_error(&name)
    };
    (timed_out, passes_longer)
}

fn verdict_and_detail(
    outcome: &RunOutcome,
    limits: &Limits,
    stderr: &str,
) -> (Verdict, Option<String>) {
    if let Some(reason) = &outcome.judge_error {
        (Verdict::JE, Some(reason.clone()))
    } else if let Some(ms) = outcome.stalled_ms {
        let detail = format!(
            "no progress for {ms} ms: nothing relayed and no CPU time used by either side (both waited for the other)"
        );
        (Verdict::TLE, Some(detail))
    } else if let Some(ms) = outcome.lingered_ms {
        let detail = match ms {
            0 => "still running when the interactor had decided, and stopped then".to_string(),
            _ => format!("still running {ms} ms after the interactor had ended"),
        };
        (Verdict::TLE, Some(detail))
    } else if outcome.wall_killed {
        (Verdict::TLE, Some(wall_detail(outcome, limits)))
    } else if outcome.cpu_us > limits.cpu_ms * 1000 || outcome.exit == Exit::Signal(libc::SIGXCPU) {
        (Verdict::TLE, Some(time_detail(true, limits)))
    } else if outcome.memory_killed {
        let detail = format!(
            "killed at the memory limit of {} (the whole process tree)",
            mib(limits.memory_kb)
        );
        (Verdict::MLE, Some(detail))
    } else if stack_overflow(outcome, stderr) {
        // The stack may be as large as the memory limit, so a runaway recursion also ends just over it:
        // name what happened rather than the memory it took.
        let detail = format!("{} (stack overflow)", outcome.exit);
        (Verdict::RE, Some(detail))
    } else if outcome.peak_kb > limits.memory_kb {
        let detail = format!(
            "peak memory {} over {}",
            mib(outcome.peak_kb),
            mib(limits.memory_kb)
        );
        (Verdict::MLE, Some(detail))
    } else if !outcome.exit.success() && allocation_failed(stderr) {
        let detail = "an allocation failed (address space exhausted)".to_string();
        (Verdict::MLE, Some(detail))
    } else if outcome.output_overflow(limits) {
        let detail = format!("more than {} bytes of output", limits.output_bytes);
        (Verdict::OLE, Some(detail))
    } else if !outcome.exit.success() {
        let mut detail = outcome.exit.to_string();
        if let Some(message) = panic_message(stderr) {
            detail.push_str(&format!(" ({message})"));
        }
        if outcome.exit == Exit::Signal(libc::SIGSYS) {
            detail.push_str(FORBIDDEN_CALL);
        }
        if outcome.tasks_refused {
            detail.push_str(" (it reached the limit on processes and threads)");
        }
        (Verdict::RE, Some(detail))
    } else {
        (Verdict::AC, None)
    }
}

/// What a run killed by `SIGSYS` is told: the sandbox's system-call filter (`sandbox::seccomp`) kills a
/// program that makes a call no contest program needs.
const FORBIDDEN_CALL: &str = " (a system call the sandbox does not allow, such as ptrace, mount, unshare, bpf or a vsock socket: see `harness doctor`, layer seccomp)";

/// An amount of memory in MiB, as every human message says it (one decimal when not whole).
fn mib(kib: u64) -> String {
    match kib % 1024 {
        0 => format!("{} MiB", kib / 1024),
        _ => format!("{:.1} MiB", kib as f64 / 1024.0),
    }
}

/// A Rust program that ran out of stack says so before it dies by SIGSEGV (or SIGABRT on a thread).
fn stack_overflow(outcome: &RunOutcome, stderr: &str) -> bool {
    matches!(
        outcome.exit,
        Exit::Signal(libc::SIGSEGV | libc::SIGABRT | libc::SIGBUS)
    ) && stderr.contains("has overflowed its stack")
}

/// What runtimes say when an allocation fails: Rust, C++, C (glibc), Java, Python, JavaScript.
fn allocation_failed(stderr: &str) -> bool {
    [
        "memory allocation of",
        "std::bad_alloc",
        "out of memory",
        "java.lang.OutOfMemoryError",
        "MemoryError",
        "JavaScript heap out of memory",
    ]
    .iter()
    .any(|sign| stderr.contains(sign))
}

/// The first line of a Rust panic message, e.g. "panicked at src/main.rs:3:5: index out of bounds".
fn panic_message(stderr: &str) -> Option<String> {
    let line = stderr.lines().find(|l| l.contains("panicked at"))?;
    let rest = line
        .split_once("panicked at ")
        .map_or(line, |(_, rest)| rest);
    let next = stderr
        .lines()
        .skip_while(|l| !l.contains("panicked at"))
        .nth(1)
        .unwrap_or("");
    let mut message = format!("panicked at {}", rest.trim_end_matches(':'));
    if !next.is_empty() && !rest.contains(": ") {
        message.push_str(": ");
        message.push_str(next.trim());
    }
    Some(message.chars().take(160).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    const LIMITS: Limits = Limits {
        cpu_ms: 1000,
        wall_ms: 4000,
        memory_kb: 32 * 1024,
        output_bytes: 100,
    };

    fn outcome(exit: Exit, cpu_ms: u64, peak_kb: u64, stderr: &str) -> RunOutcome {
        RunOutcome {
            exit,
            cpu_us: cpu_ms * 1000,
            wall_us: cpu_ms * 1000,
            peak_kb,
            wall_killed: false,
            stalled_ms: None,
            lingered_ms: None,
            judge_error: None,
            stdout_bytes: 10,
            memory_killed: false,
            tasks_refused: false,
            stderr_tail: stderr.as_bytes().to_vec(),
        }
    }

    /// A run that breaks exactly the given limits at once: TLE (CPU), MLE (peak), OLE (output), RE (exit).
    fn breaking(conditions: &[Verdict]) -> RunOutcome {
        let has = |v: Verdict| conditions.contains(&v);
        RunOutcome {
            exit: if has(Verdict::RE) {
                Exit::Code(3)
            } else {
                Exit::Code(0)
            },
            cpu_us: if has(Verdict::TLE) { 1_500_000 } else { 10_000 },
            wall_us: 10_000,
            peak_kb: if has(Verdict::MLE) { 50_000 } else { 2000 },
            wall_killed: false,
            stalled_ms: None,
            lingered_ms: None,
            judge_error: None,
            stdout_bytes: if has(Verdict::OLE) { 101 } else { 10 },
            memory_killed: false,
            tasks_refused: false,
            stderr_tail: Vec::new(),
        }
    }

    #[test]
    fn every_combination_of_broken_limits_gets_the_most_severe_verdict() {
        let run_verdicts = [Verdict::TLE, Verdict::MLE, Verdict::OLE, Verdict::RE];
        for mask in 1..(1u32 << run_verdicts.len()) {
            let broken: Vec<Verdict> = (0..run_verdicts.len())
                .filter(|i| mask & (1 << i) != 0)
                .map(|i| run_verdicts[i])
                .collect();
            let want = *broken.iter().min().unwrap();
            let got = judge_run("t", &breaking(&broken), &LIMITS).verdict;
            assert_eq!(got, want, "limits broken: {broken:?}");
        }
        assert_eq!(judge_run("t", &breaking(&[]), &LIMITS).verdict, Verdict::AC);
    }

    #[test]
    fn special_endings() {
        // A stack as large as the memory limit: the overflow is named, not the memory it took.
        const OVERFLOW: &str = "thread 'main' has overflowed its stack";
        const NO_MEMORY: &str = "memory allocation of 1024 bytes failed";
        let table = [
            (libc::SIGSEGV, 10, 50_000, OVERFLOW, Verdict::RE),
            (libc::SIGXCPU, 999, 2000, "", Verdict::TLE),
            (libc::SIGABRT, 10, 2000, NO_MEMORY, Verdict::MLE),
            (libc::SIGXFSZ, 10, 2000, "", Verdict::OLE),
        ];
        let table = table.map(|(signal, cpu, memory, stderr, want)| {
            (outcome(Exit::Signal(signal), cpu, memory, stderr), want)
        });
        for (run, want) in table {
            assert_eq!(judge_run("t", &run, &LIMITS).verdict, want, "{run:?}");
        }
        let mut wall = outcome(Exit::Signal(libc::SIGKILL), 0, 2000, "");
        wall.wall_killed = true;
        assert_eq!(judge_run("t", &wall, &LIMITS).verdict, Verdict::TLE);
        let stack = judge_run(
            "t",
            &outcome(
                Exit::Signal(libc::SIGSEGV),
                1,
                1,
                "has overflowed its stack",
            ),
            &LIMITS,
        );
        assert_eq!(stack.detail.as_deref(), Some("SIGSEGV (stack overflow)"));
    }

    #[test]
    fn a_stalled_interaction_is_tle_and_says_so() {
        let mut stalled = outcome(Exit::Signal(libc::SIGKILL), 0, 2000, "");
        stalled.stalled_ms = Some(1000);
        let result = judge_run("t", &stalled, &LIMITS);
        assert_eq!(result.verdict, Verdict::TLE);
        assert!(result
            .detail
            .unwrap()
            .starts_with("no progress for 1000 ms"));
    }

    #[test]
    fn the_wall_clock_says_whether_the_run_was_idle_or_reached_the_cap() {
        let mut idle = outcome(Exit::Signal(libc::SIGKILL), 5, 2000, "");
        idle.wall_killed = true;
        idle.wall_us = 5_000_000;
        let detail = judge_run("t", &idle, &LIMITS).detail.unwrap();
        assert!(
            detail.contains("idle") && detail.contains("4000 ms"),
            "{detail}"
        );
        let mut capped = idle.clone();
        capped.wall_us = 40_000_000;
        let result = judge_run("t", &capped, &LIMITS);
        assert_eq!(result.verdict, Verdict::TLE);
        assert!(result.detail.unwrap().contains("cap of 40000 ms"));
    }

    #[test]
    fn a_lost_run_is_a_judge_error_with_its_reason_and_a_lingering_solution_is_tle() {
        let lost = judge_run("t", &RunOutcome::lost("no reply".into()), &LIMITS);
        assert_eq!(
            (lost.verdict, lost.detail.as_deref()),
            (Verdict::JE, Some("no reply"))
        );
        let mut lingered = outcome(Exit::Signal(libc::SIGKILL), 5, 2000, "");
        lingered.lingered_ms = Some(1000);
        let result = judge_run("t", &lingered, &LIMITS);
        assert_eq!(result.verdict, Verdict::TLE);
        assert_eq!(
            result.detail.as_deref(),
            Some("still running 1000 ms after the interactor had ended")
        );
    }

    #[test]
    fn under_longer_limits_only_cpu_time_counts() {
        let mut slow_wall = judge_run("t", &outcome(Exit::Code(0), 300, 2000, ""), &LIMITS);
        slow_wall.wall_ms = 9000.0;
        let (result, passes_longer) = within(slow_wall, &LIMITS);
        assert_eq!((result.verdict, passes_longer), (Verdict::AC, false));
        let longer = Limits {
            cpu_ms: 1500,
            ..LIMITS
        };
        let over = judge_run("t", &outcome(Exit::Code(0), 1200, 2000, ""), &longer);
        let (result, passes_longer) = within(over, &LIMITS);
        assert_eq!((result.verdict, passes_longer), (Verdict::TLE, true));
    }

    #[test]
    fn memory_is_said_in_mib() {
        let mut over = outcome(Exit::Code(0), 5, 40_000, "");
        assert_eq!(
            judge_run("t", &over, &LIMITS).detail.as_deref(),
            Some("peak memory 39.1 MiB over 32 MiB")
        );
        over.memory_killed = true;
        assert_eq!(
            judge_run("t", &over, &LIMITS).detail.as_deref(),
            Some("killed at the memory limit of 32 MiB (the whole process tree)")
        );
    }

    #[test]
    fn panics_are_named() {
        let stderr = "\nthread 'main' panicked at src/main.rs:3:5:\nboom\nnote: run with `RUST_BACKTRACE=1`\n";
        assert_eq!(
            panic_message(stderr).as_deref(),
            Some("panicked at src/main.rs:3:5: boom")
        );
    }
}
