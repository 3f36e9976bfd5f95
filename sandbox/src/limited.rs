//! Compilers run under limits too, and contained as the programs they build: a program can make a compiler
//! run for minutes, eat gigabytes or write a binary of gigabytes, and a source can name any file of the
//! machine (`#include "/etc/shadow"`, `include_str!` of an answer). So a compiler runs through the launcher,
//! in the allowlist root with only its sources (read-only), its build folder (writable) and its toolchain
//! bound in, in a clean environment (`Sandbox::compile`). A compiler stopped by its limits is a compile error that
//! says so; its whole process tree is killed then, and on Ctrl-C. The judge's own tools (version commands,
//! rustfmt, cargo) run here under a wall-clock limit only (`output_within`).

use std::fs;
use std::io::Read;
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitStatus, Output, Stdio};
use std::time::{Duration, Instant};

use anyhow::{bail, Result};

use crate::protocol::RunRequest;
use crate::{Exit, Invocation, Limits};

use crate::interrupt::running_groups;

/// CPU time, memory, file size and wall time. DOMjudge's defaults for its compile step are 30 s
/// (`script_timelimit`, wall clock), 2 GiB of memory (`script_memory_limit`, a cgroup) and files of 2.5 GiB
/// (`script_filesize_limit`): here 30 s of CPU time (the wall clock only stops a compiler that hangs, so a
/// busy machine changes nothing), the same memory (the launcher's control group, or sampled) and the
/// same file size (a binary holding a 512 MiB initialised array is no compile error).
const CPU_SECONDS: u64 = 30;
const COMPILER_MEMORY_KB: u64 = 2 << 20;
/// A compiler runs outside the runs' control group (and its `pids.max`): as root, switched to the sandbox
/// uid, its processes and threads are bounded by `RLIMIT_NPROC` instead, which counts every task of that
/// uid (a compiler and its threads need tens: javac about 30).
pub const COMPILER_TASKS: u64 = 512;
const FILE_SIZE: u64 = 2560 << 20;
const WALL: Duration = Duration::from_secs(300);
/// How long the output of a tool that has ended may take to be read to its end.
const DRAIN_TIME: Duration = Duration::from_secs(10);
/// Of each stream of a judge's own tool (`output_within`), this much is kept.
const TOOL_OUTPUT_BYTES: u64 = 64 << 20;
/// Of a compiler's messages, this much is kept.
const MESSAGE_BYTES: u64 = 1 << 20;

/// The limits of a compiler's run through a launcher: 30 s of CPU time, 2 GiB of memory (DOMjudge's
/// `script_memory_limit`), files of 2.5 GiB; the wall-clock backstop only stops a compiler that is idle
/// past 30 s (one that waits for a CPU on a busy machine goes on), and the cap at 300 s.
pub fn compiler_limits() -> Limits {
    Limits {
        cpu_ms: CPU_SECONDS * 1000,
        wall_ms: WALL.as_millis() as u64 / crate::limits::WALL_CAP_FACTOR,
        memory_kb: COMPILER_MEMORY_KB,
        output_bytes: FILE_SIZE,
    }
}

impl crate::Sandbox {
    /// Runs a compiler to its end through one of the launchers, contained as `command` says (its binds, its
    /// working folder, its environment), under `compiler_limits`; its stdout and stderr go through files in
    /// `dir`. Where the machine gives no allowlist root, it runs as the launcher's other programs do there.
    pub fn compile(&self, command: &Invocation, dir: &Path) -> Result<Output> {
        let out_path = dir.join("compiler.stdout");
        let err_path = dir.join("compiler.stderr");
        let limits = compiler_limits();
        let outcome = self.run_request(&RunRequest {
            program: command.program.clone(),
            args: command.args.clone(),
            unlimited_address_space: command.unlimited_address_space,
            stdin: PathBuf::from("/dev/null"),
            stdout: out_path.clone(),
            limits,
            isolate: command.isolate,
            binds: command.binds.clone(),
            cwd: command.cwd.clone(),
            env: command.env.clone(),
            stderr: Some(err_path.clone()),
            compiler: true,
            runs_on_past_output: false,
        })?;
        if let Some(reason) = &outcome.judge_error {
            bail!("the compiler's run was lost: {reason}");
        }
        // In the compiler's writable build folder: read as files it may have replaced.
        let read = |path: &Path| -> Vec<u8> {
            let bytes = crate::read_written(path, MESSAGE_BYTES).unwrap_or_default();
            let _ = fs::remove_file(path);
            bytes
        };
        let mut stderr = read(&err_path);
        let stopped = stopped_by(&outcome, &limits);
        if let Some(why) = &stopped {
            stderr.extend_from_slice(
                format!("\nthe compiler was stopped by its limits: {why}\n").as_bytes(),
            );
        }
        let status = match outcome.exit {
            _ if stopped.is_some() && outcome.exit == Exit::Code(0) => {
                ExitStatus::from_raw(libc::SIGKILL)
            }
            Exit::Code(code) => ExitStatus::from_raw((code & 0xff) << 8),
            Exit::Signal(signal) => ExitStatus::from_raw(signal & 0x7f),
        };
        Ok(Output {
            status,
            stdout: read(&out_path),
            stderr,
        })
    }
}

/// Which of its limits stopped a compiler, in words; `None` when none did. The wall clock stops a compiler
/// in two ways: idle past the backstop (it waits on something that never comes: a source that includes a
/// pipe, a terminal or a device, such as `/dev/stdin` or `/proc/self/fd/1`, which is its own output), or
/// at the cap however busy it is.
fn stopped_by(outcome: &crate::RunOutcome, limits: &Limits) -> Option<String> {
    if outcome.wall_killed {
        let cap_ms = limits.wall_cap_ms();
        return Some(match outcome.wall_us / 1000 < cap_ms {
            true => format!(
                "it waited for more than {} s using no CPU time (a source that includes a pipe, a terminal or a device, such as `/dev/stdin` or `/proc/self/fd/1`, makes a compiler wait for ever)",
                limits.wall_ms / 1000
            ),
            false => format!("it ran for more than {} s", cap_ms / 1000),
        });
    }
    if outcome.memory_killed || outcome.peak_kb > limits.memory_kb {
        Some(format!(
            "more than {} MiB of memory",
            limits.memory_kb >> 10
        ))
    } else if outcome.cpu_us / 1000 > limits.cpu_ms || outcome.exit == Exit::Signal(libc::SIGXCPU) {
        Some(format!("more than {CPU_SECONDS} s of CPU time"))
    } else if outcome.exit == Exit::Signal(libc::SIGXFSZ) {
        Some(format!(
            "an output file of more than {} MiB",
            FILE_SIZE >> 20
        ))
    } else if outcome.tasks_refused {
        Some("more processes or threads than allowed".to_string())
    } else {
        None
    }
}

/// Runs a tool of the judge's own (a version command, rustfmt, cargo) to its end, or kills its process
/// group after `wall`: its output, and whether it was killed. Output is read on threads, so a tool that
/// prints much never blocks; a descendant that escaped the group and holds the pipes costs at most
/// `DRAIN_TIME` more.
pub fn output_within(command: &mut Command, wall: Duration) -> std::io::Result<(Output, bool)> {
    command
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .process_group(0);
    let mut child = spawn_grouped(command)?;
    let reader = |pipe: Option<Box<dyn Read + Send>>| {
        let (sender, receiver) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            let mut bytes = Vec::new();
            if let Some(pipe) = pipe {
                let _ = pipe.take(TOOL_OUTPUT_BYTES).read_to_end(&mut bytes);
            }
            let _ = sender.send(bytes);
        });
        receiver
    };
    let stdout = reader(
        child
            .stdout
            .take()
            .map(|p| Box::new(p) as Box<dyn Read + Send>),
    );
    let stderr = reader(
        child
            .stderr
            .take()
            .map(|p| Box::new(p) as Box<dyn Read + Send>),
    );
    let (status, timed_out) = wait_within(&mut child, wall)?;
    let collect = |receiver: std::sync::mpsc::Receiver<Vec<u8>>| {
        receiver.recv_timeout(DRAIN_TIME).unwrap_or_default()
    };
    let output = Output {
        status,
        stdout: collect(stdout),
        stderr: collect(stderr),
    };
    Ok((output, timed_out))
}

/// Spawns `command`, already made the leader of a process group of its own, and registers the group under
/// one lock, so that Ctrl-C never misses it.
fn spawn_grouped(command: &mut Command) -> std::io::Result<Child> {
    let mut running = running_groups();
    let child = command.spawn()?;
    running.insert(child.id() as i32);
    Ok(child)
}

/// Waits for `child`, the leader of its own process group, killing the group once `wall` has passed; then
/// kills whatever it left in the group. Its exit status, and whether the wall limit killed it.
fn wait_within(child: &mut Child, wall: Duration) -> std::io::Result<(ExitStatus, bool)> {
    let group = child.id() as i32;
    let started = Instant::now();
    let mut timed_out = false;
    let status = loop {
        if let Some(status) = child.try_wait()? {
            break status;
        }
        if started.elapsed() > wall && !timed_out {
            timed_out = true;
            // SAFETY: killing the child's own group.
            unsafe { libc::killpg(group, libc::SIGKILL) };
        }
        std::thread::sleep(Duration::from_millis(2));
    };
    // SAFETY: whatever the child left behind in its group goes.
    unsafe { libc::killpg(group, libc::SIGKILL) };
    running_groups().remove(&group);
    Ok((status, timed_out))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_tool_that_does_not_end_is_killed_after_its_time() {
        let mut command = Command::new("sh");
        command.args(["-c", "echo started; exec sleep 3600"]);
        let (output, timed_out) = output_within(&mut command, Duration::from_secs(2)).unwrap();
        assert!(timed_out);
        assert_eq!(output.stdout, b"started\n");
        let mut quick = Command::new("echo");
        quick.arg("hi");
        let (output, timed_out) = output_within(&mut quick, Duration::from_secs(60)).unwrap();
        assert!(!timed_out && output.status.success());
    }

    /// A compiler the wall clock stopped while idle (it read its own output: `#include "/proc/self/fd/1"`)
    /// is told apart from one that ran to the cap: the message says which, with the time that applied.
    #[test]
    fn a_compiler_stopped_idle_is_told_from_one_that_ran_to_the_cap() {
        let limits = compiler_limits();
        let stopped = |wall_us: u64| {
            let outcome = crate::RunOutcome {
                exit: Exit::Signal(libc::SIGKILL),
                wall_us,
                wall_killed: true,
                ..crate::RunOutcome::lost(String::new())
            };
            stopped_by(&outcome, &limits).unwrap()
        };
        let idle = stopped(31_000_000);
        assert!(
            idle.starts_with("it waited for more than 30 s using no CPU time")
                && idle.contains("/proc/self/fd/1"),
            "{idle}"
        );
        assert_eq!(stopped(300_000_000), "it ran for more than 300 s");
        let busy = crate::RunOutcome {
            exit: Exit::Signal(libc::SIGXCPU),
            cpu_us: 31_000_000,
            ..crate::RunOutcome::lost(String::new())
        };
        assert_eq!(
            stopped_by(&busy, &limits).unwrap(),
            "more than 30 s of CPU time"
        );
    }
}
