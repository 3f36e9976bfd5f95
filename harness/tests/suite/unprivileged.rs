//! Running the judge as an unprivileged user from tests that run as root: `nobody` (or a system user made
//! for it), with the Rust toolchain bound where that user can read it; and measuring the judge's own peak
//! memory while it runs.

use std::path::Path;
use std::process::{Command, Output, Stdio};

/// Whether the tests run as root.
pub fn is_root() -> bool {
    // SAFETY: getuid has no preconditions.
    unsafe { libc::getuid() == 0 }
}

/// The judge's command as an unprivileged user: run as `nobody` (`as_unprivileged_user`) when the test runs
/// as root, else as it is; and whether that user may make a user and mount namespace (asked of util-linux,
/// not of the judge), without which the judge cannot give its programs an allowlist root.
pub fn unprivileged_judge(judge: Command, workspace: &Path) -> Result<(Command, bool), String> {
    let (command, drop_to) = match is_root() {
        true => {
            let (command, drop_to) = as_unprivileged_user(judge, workspace)?;
            (command, drop_to.to_vec())
        }
        false => (judge, Vec::new()),
    };
    let mut userns = Command::new("setpriv");
    userns
        .args(&drop_to)
        .args(["unshare", "--user", "--mount", "true"]);
    if drop_to.is_empty() {
        userns = Command::new("unshare");
        userns.args(["--user", "--mount", "true"]);
    }
    let userns = userns.output().is_ok_and(|o| o.status.success());
    Ok((command, userns))
}

/// The judge's command run as `nobody` (or a system user made for it), on a workspace it owns, with the
/// Rust toolchain reachable: bound into the test's folder when it lives where that user cannot go.
pub fn as_unprivileged_user(
    judge: Command,
    workspace: &Path,
) -> Result<(Command, [String; 3]), String> {
    for tool in ["setpriv", "unshare", "chown"] {
        if Command::new(tool).arg("--version").output().is_err() {
            return Err(format!("`{tool}` (util-linux, coreutils) is missing"));
        }
    }
    let (uid, gid) = unprivileged_user()?;
    reachable(
        uid,
        gid,
        Path::new(env!("CARGO_BIN_EXE_harness")),
        workspace,
    )?;
    let owner = format!("{uid}:{gid}");
    run_ok(Command::new("chown").args(["-R", &owner]).arg(workspace))?;
    let sysroot = String::from_utf8_lossy(
        &Command::new("rustc")
            .args(["--print", "sysroot"])
            .output()
            .map_err(|e| format!("no rustc: {e}"))?
            .stdout,
    )
    .trim()
    .to_string();
    let drop_to = [
        format!("--reuid={uid}"),
        format!("--regid={gid}"),
        "--clear-groups".to_string(),
    ];
    let can_run = |rustc: &Path| {
        Command::new("setpriv")
            .args(&drop_to)
            .arg(rustc)
            .arg("-V")
            .output()
            .is_ok_and(|o| o.status.success())
    };
    let direct = Path::new(&sysroot).join("bin/rustc");
    let mut command = Command::new("unshare");
    command.args(["--mount", "--propagation", "private", "sh", "-c"]);
    let rustc = match can_run(&direct) {
        true => {
            command.arg("shift 2; exec \"$@\"");
            direct
        }
        false => {
            // The toolchain lives under a folder that user cannot enter (e.g. /root): bind it somewhere it can.
            let bound = workspace.join("rust");
            std::fs::create_dir_all(&bound).map_err(|e| e.to_string())?;
            command.arg("mount --bind \"$1\" \"$2\" && shift 2 && exec \"$@\"");
            bound.join("bin/rustc")
        }
    };
    command
        .arg("sh")
        .arg(&sysroot)
        .arg(workspace.join("rust"))
        .arg("setpriv")
        .args(&drop_to)
        .arg(judge.get_program())
        .args(judge.get_args());
    for (key, value) in judge.get_envs() {
        match value {
            Some(value) => command.env(key, value),
            None => command.env_remove(key),
        };
    }
    command
        .env("RUSTC", rustc)
        .env("HOME", workspace)
        .stdin(Stdio::null());
    Ok((command, drop_to))
}

/// Whether the user `uid` can run the judge's binary and enter the test's folder. Both live in the clone's
/// `target/`: in a clone under a private folder (root's home, `mktemp -d`: mode 0700) that user cannot reach
/// them, and the test is skipped, saying so, rather than failed.
fn reachable(uid: u32, gid: u32, judge: &Path, workspace: &Path) -> Result<(), String> {
    let ancestor = workspace.parent().unwrap_or(workspace);
    let can = |test: &str, path: &Path| {
        Command::new("setpriv")
            .args([
                format!("--reuid={uid}"),
                format!("--regid={gid}"),
                "--clear-groups".to_string(),
            ])
            .args(["sh", "-c", test, "sh"])
            .arg(path)
            .output()
            .is_ok_and(|out| out.status.success())
    };
    for (test, what, path) in [
        ("test -x \"$1\"", "run", judge),
        ("cd \"$1\"", "enter", ancestor),
    ] {
        if !can(test, path) {
            return Err(format!(
                "user {uid} cannot {what} {}: a folder above it is private (mode 0700, as root's home or `mktemp -d` are); clone the workspace into a folder others may enter (e.g. /srv, /opt) to run this test",
                path.display()
            ));
        }
    }
    Ok(())
}

/// `nobody`, or a system user made for the test when there is none.
fn unprivileged_user() -> Result<(u32, u32), String> {
    let id = |flag: &str, user: &str| -> Option<u32> {
        let out = Command::new("id").args([flag, user]).output().ok()?;
        String::from_utf8_lossy(&out.stdout).trim().parse().ok()
    };
    for user in ["nobody", "harness-sandbox"] {
        if let (Some(uid), Some(gid)) = (id("-u", user), id("-g", user)) {
            return Ok((uid, gid));
        }
    }
    run_ok(Command::new("useradd").args(["--system", "--no-create-home", "harness-sandbox"]))?;
    match (id("-u", "harness-sandbox"), id("-g", "harness-sandbox")) {
        (Some(uid), Some(gid)) => Ok((uid, gid)),
        _ => Err("no unprivileged user, and useradd made none".into()),
    }
}

fn run_ok(command: &mut Command) -> Result<(), String> {
    match command.output() {
        Ok(out) if out.status.success() => Ok(()),
        Ok(out) => Err(format!(
            "{command:?} failed: {}",
            String::from_utf8_lossy(&out.stderr).trim()
        )),
        Err(e) => Err(format!("cannot run {command:?}: {e}")),
    }
}

/// Runs a command to its end; its output and the largest resident memory of its process (the judge:
/// every wrapper before it execs) seen while it ran, from /proc.
pub fn run_measured(mut command: Command) -> (Output, u64) {
    let child = command
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start the judge");
    let status = format!("/proc/{}/status", child.id());
    let done = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let watcher = {
        let done = done.clone();
        std::thread::spawn(move || {
            let mut peak = 0;
            while !done.load(std::sync::atomic::Ordering::Relaxed) {
                let hwm = std::fs::read_to_string(&status).ok().and_then(|s| {
                    let line = s.lines().find(|l| l.starts_with("VmHWM:"))?.to_string();
                    line.split_whitespace().nth(1)?.parse::<u64>().ok()
                });
                peak = peak.max(hwm.unwrap_or(0));
                std::thread::sleep(std::time::Duration::from_millis(20));
            }
            peak
        })
    };
    let output = child.wait_with_output().expect("wait for the judge");
    done.store(true, std::sync::atomic::Ordering::Relaxed);
    (output, watcher.join().unwrap())
}
