//! Compilers run under limits too: a program can make a compiler run for minutes, eat gigabytes or write
//! a binary of gigabytes. A compiler stopped by its limits is a compile error that says so; its whole process
//! tree is killed then, and on Ctrl-C.

use std::fs;
use std::io::Read;
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::path::Path;
use std::process::{Child, Command, ExitStatus, Output, Stdio};
use std::time::{Duration, Instant};

use anyhow::{Context, Result};

use crate::interrupt::running_groups;

/// CPU time, address space (unless the runtime needs more, as the JVM does), file size and wall time.
/// DOMjudge's defaults for its compile step are 30 s (`script_timelimit`, wall clock), 2 GiB of memory
/// (`script_memory_limit`, a cgroup) and files of 2.5 GiB (`script_filesize_limit`): here 30 s of CPU time
/// (the wall clock only stops a compiler that hangs, so a busy machine changes nothing) and the same
/// file size (a binary holding a 512 MiB initialised array is no compile error); compilers have no cgroup
/// here, so their address space is capped, above their memory.
const CPU_SECONDS: u64 = 30;
const ADDRESS_SPACE: u64 = 6 << 30;
const FILE_SIZE: u64 = 2560 << 20;
const WALL: Duration = Duration::from_secs(300);
/// How long the output of a tool that has ended may take to be read to its end.
const DRAIN_TIME: Duration = Duration::from_secs(10);
/// Of each stream of a judge's own tool (`output_within`), this much is kept.
const TOOL_OUTPUT_BYTES: u64 = 64 << 20;
/// Of a compiler's messages, this much is kept.
const MESSAGE_BYTES: u64 = 1 << 20;

/// Runs a compiler in `dir` to its end under the limits; its stdout and stderr go through files there.
pub fn run(mut command: Command, dir: &Path, unlimited_address_space: bool) -> Result<Output> {
    let out_path = dir.join("compiler.stdout");
    let err_path = dir.join("compiler.stderr");
    let stdout = fs::File::create(&out_path)
        .with_context(|| format!("cannot create {}", out_path.display()))?;
    let stderr = fs::File::create(&err_path)
        .with_context(|| format!("cannot create {}", err_path.display()))?;
    command
        .current_dir(dir)
        .stdin(Stdio::null())
        .stdout(stdout)
        .stderr(stderr)
        .process_group(0);
    let address_space = match unlimited_address_space {
        true => libc::RLIM_INFINITY,
        false => ADDRESS_SPACE as libc::rlim_t,
    };
    // SAFETY: the closure only calls setrlimit, which is async-signal-safe.
    unsafe {
        command.pre_exec(move || {
            for (resource, value) in [
                (libc::RLIMIT_CPU, CPU_SECONDS as libc::rlim_t),
                (libc::RLIMIT_AS, address_space),
                (libc::RLIMIT_FSIZE, FILE_SIZE as libc::rlim_t),
                (libc::RLIMIT_CORE, 0),
            ] {
                let limit = libc::rlimit {
                    rlim_cur: value,
                    rlim_max: value,
                };
                libc::setrlimit(resource, &limit);
            }
            Ok(())
        });
    }
    let mut child = spawn_grouped(&mut command)?;
    let (status, timed_out) = wait_within(&mut child, WALL)?;
    let read = |path: &Path| -> Vec<u8> {
        let mut bytes = Vec::new();
        if let Ok(file) = fs::File::open(path) {
            let _ = file.take(MESSAGE_BYTES).read_to_end(&mut bytes);
        }
        let _ = fs::remove_file(path);
        bytes
    };
    let mut stderr = read(&err_path);
    if let Some(why) = stopped_by(status, timed_out) {
        stderr.extend_from_slice(
            format!("\nthe compiler was stopped by its limits: {why}\n").as_bytes(),
        );
    }
    Ok(Output {
        status: match timed_out {
            true => ExitStatus::from_raw(libc::SIGKILL),
            false => status,
        },
        stdout: read(&out_path),
        stderr,
    })
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

/// Why a compiler ended, when its limits ended it.
fn stopped_by(status: ExitStatus, timed_out: bool) -> Option<String> {
    if timed_out {
        return Some(format!("it ran for more than {} s", WALL.as_secs()));
    }
    match status.signal() {
        Some(libc::SIGXCPU) => Some(format!("more than {CPU_SECONDS} s of CPU time")),
        Some(libc::SIGXFSZ) => Some(format!(
            "an output file of more than {} MiB",
            FILE_SIZE >> 20
        )),
        Some(libc::SIGKILL) => Some("killed (out of memory?)".to_string()),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_tool_that_does_not_end_is_killed_after_its_time() {
        let mut command = Command::new("sh");
        command.args(["-c", "echo started; exec sleep 3600"]);
        let (output, timed_out) = output_within(&mut command, Duration::from_millis(50)).unwrap();
        assert!(timed_out);
        assert_eq!(output.stdout, b"started\n");
        let mut quick = Command::new("echo");
        quick.arg("hi");
        let (output, timed_out) = output_within(&mut quick, Duration::from_secs(60)).unwrap();
        assert!(!timed_out && output.status.success());
    }
}
