//! Submissions written to misbehave (fixture workspace `hostile`): each gets the verdict of its folder, and
//! nothing is left behind: no file in /tmp, /dev/shm, /var/tmp or the workspace, no daemon, the judge unharmed
//! by a submission that kills its launcher and its memory bounded. Run twice: as root (a control group,
//! another uid, hidden data) and as an unprivileged user (a user namespace of the program's own, the tree
//! sampled from /proc), the second by dropping to `nobody` when the tests run as root.

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use serde_json::Value;

use super::common::{command_in, copy_of, scratch};

const MARKS: [&str; 3] = [
    "/tmp/harness-hostile-mark",
    "/dev/shm/harness-hostile-mark",
    "/var/tmp/harness-hostile-mark",
];

fn is_root() -> bool {
    // SAFETY: getuid has no preconditions.
    unsafe { libc::getuid() == 0 }
}

#[test]
fn hostile_submissions_get_their_verdicts_and_leave_nothing_behind() {
    if !is_root() {
        eprintln!("containment as root: skipped, the tests do not run as root (the unprivileged run is the other test)");
        return;
    }
    let workspace = copy_of("hostile", "hostile-root");
    let cache = scratch("hostile-root-cache");
    let command = command_in(&workspace, Some(&cache), &["--format", "json"]);
    let report = check_contained(command, &workspace, "root");
    let layers = &report["isolation"];
    for layer in [
        "uid-switch",
        "mount-namespace",
        "private-tmp",
        "no-new-privs",
    ] {
        assert!(
            layers.as_array().unwrap().iter().any(|l| l == layer),
            "{layer} not in {layers}"
        );
    }
}

#[test]
fn hostile_submissions_are_contained_for_an_unprivileged_user() {
    let workspace = copy_of("hostile", "hostile-unprivileged");
    let cache = workspace.join("cache");
    let mut command = command_in(&workspace, Some(&cache), &["--format", "json"]);
    // Whether this user may make a user and mount namespace, asked of util-linux, not of the judge.
    let mut userns = Command::new("unshare");
    userns.args(["--user", "--mount", "true"]);
    if is_root() {
        match as_unprivileged_user(command, &workspace) {
            Ok((dropped, drop_to)) => {
                command = dropped;
                userns = Command::new("setpriv");
                userns
                    .args(drop_to)
                    .args(["unshare", "--user", "--mount", "true"]);
            }
            Err(why) => {
                eprintln!("containment as an unprivileged user: skipped, {why}");
                return;
            }
        }
    }
    let userns = userns.output().is_ok_and(|o| o.status.success());
    if !userns {
        eprintln!("containment as an unprivileged user: no user namespace for this user; the data is readable and reads-the-answer will pass");
    }
    let report = check_contained(command, &workspace, "unprivileged");
    let has = |layer: &str| {
        report["isolation"]
            .as_array()
            .unwrap()
            .iter()
            .any(|l| l == layer)
    };
    assert!(!has("uid-switch"), "{}", report["isolation"]);
    assert_eq!(has("user-namespace"), userns, "{}", report["isolation"]);
    assert_eq!(has("mount-namespace"), userns, "{}", report["isolation"]);
}

/// The judge's command run as `nobody` (or a system user made for it), on a workspace it owns, with the
/// Rust toolchain reachable: bound into the test's folder when it lives where that user cannot go.
fn as_unprivileged_user(
    judge: Command,
    workspace: &Path,
) -> Result<(Command, [String; 3]), String> {
    let (uid, gid) = unprivileged_user()?;
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

/// Runs the judge on the hostile workspace and checks every verdict and that nothing escaped.
fn check_contained(command: Command, workspace: &Path, how: &str) -> Value {
    for mark in MARKS {
        let _ = std::fs::remove_file(mark);
    }
    let before = snapshot(workspace);
    let daemons_before = processes_with_args(&["sleep", "3601"]);
    let (output, judge_peak_kb) = run_measured(command);
    let report: Value = serde_json::from_slice(&output.stdout).unwrap_or_else(|e| {
        panic!(
            "{how}: not JSON ({e}): {}\nstderr: {}",
            String::from_utf8_lossy(&output.stdout),
            String::from_utf8_lossy(&output.stderr)
        )
    });
    assert_eq!(output.status.code(), Some(0), "{how}: {report:#}");
    let mut got: Vec<(String, String)> = report["submissions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| {
            let file = s["file"].as_str().unwrap().rsplit('/').next().unwrap();
            (file.to_string(), s["verdict"].as_str().unwrap().to_string())
        })
        .collect();
    got.sort();
    let mut want: Vec<(String, String)> = [
        ("kills-the-launcher.rs", "AC"),
        ("leaves-a-daemon.rs", "AC"),
        ("leaves-files.rs", "AC"),
        ("overwrites-the-workspace.rs", "AC"),
        ("allocation-bomb.rs", "MLE"),
        ("children-share-the-work.rs", "MLE"),
        ("erases-its-peak.rs", "MLE"),
        ("fork-bomb.rs", "RE"),
        ("child-burns-cpu.rs", "TLE"),
        ("reads-the-answer.rs", "WA"),
    ]
    .iter()
    .map(|(f, v)| (f.to_string(), v.to_string()))
    .collect();
    want.sort();
    assert_eq!(got, want, "{how}");
    for mark in MARKS {
        assert!(!Path::new(mark).exists(), "{how}: {mark} was left behind");
    }
    let after = snapshot(workspace);
    assert!(
        changed(&before, &after).is_empty(),
        "{how}: the workspace changed: {:?}",
        changed(&before, &after)
    );
    assert_eq!(
        processes_with_args(&["sleep", "3601"]),
        daemons_before,
        "{how}: a daemon survived"
    );
    let memory = submission(&report, "allocation-bomb.rs");
    let peak = memory["tests"][0]["peak_kb"].as_u64().unwrap();
    assert!(
        peak < 2 * 64 * 1024,
        "{how}: stopped near the limit, not far past it: {peak} KiB"
    );
    assert!(
        judge_peak_kb < 256 * 1024,
        "{how}: the judge's own memory: {judge_peak_kb} KiB"
    );
    eprintln!("containment ({how}): judge peak {judge_peak_kb} KiB, allocation bomb stopped at {peak} KiB");
    report
}

/// Every file of the workspace outside its cache (which the run fills), with its contents; and every
/// file anywhere in it that a submission meant to leave behind.
fn snapshot(workspace: &Path) -> Vec<(PathBuf, Vec<u8>)> {
    let mut files: Vec<(PathBuf, Vec<u8>)> = walkdir::WalkDir::new(workspace)
        .into_iter()
        .flatten()
        .filter(|e| e.file_type().is_file())
        .filter(|e| {
            e.file_name() == "harness-hostile-mark"
                || !(e.path().starts_with(workspace.join("cache"))
                    || e.path().starts_with(workspace.join("rust")))
        })
        .map(|e| {
            (
                e.path().to_path_buf(),
                std::fs::read(e.path()).unwrap_or_default(),
            )
        })
        .collect();
    files.sort();
    files
}

/// The files that differ between two snapshots.
fn changed(before: &[(PathBuf, Vec<u8>)], after: &[(PathBuf, Vec<u8>)]) -> Vec<PathBuf> {
    let mut paths: Vec<PathBuf> = before
        .iter()
        .filter(|f| !after.contains(f))
        .chain(after.iter().filter(|f| !before.contains(f)))
        .map(|(p, _)| p.clone())
        .collect();
    paths.dedup();
    paths
}

/// Runs a command to its end; its output and the largest resident memory of its process (the judge:
/// every wrapper before it execs) seen while it ran, from /proc.
fn run_measured(mut command: Command) -> (Output, u64) {
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

#[test]
fn a_huge_answer_file_is_compared_without_reading_it_whole() {
    let workspace = copy_of("hostile", "huge-answer");
    // "5", then a 2 GiB hole: a sparse file, nothing on disk.
    let answer = std::fs::OpenOptions::new()
        .write(true)
        .truncate(true)
        .open(workspace.join("testdata/sum/a.out"))
        .unwrap();
    std::io::Write::write_all(&mut &answer, b"5\n").unwrap();
    answer.set_len(2 << 30).unwrap();
    drop(answer);
    let cache = super::common::shared_cache();
    let command = command_in(
        &workspace,
        Some(&cache),
        &["sum", "--test", "a", "--format", "json"],
    );
    let (output, judge_peak_kb) = run_measured(command);
    let report: Value = serde_json::from_slice(&output.stdout).unwrap_or_else(|e| {
        panic!(
            "not JSON ({e}): {}",
            String::from_utf8_lossy(&output.stderr)
        )
    });
    assert_eq!(
        report["problems"][0]["tests"][0]["verdict"], "WA",
        "{report:#}"
    );
    assert!(
        judge_peak_kb < 128 * 1024,
        "the judge read the 2 GiB answer: {judge_peak_kb} KiB"
    );
    eprintln!("huge answer: judge peak {judge_peak_kb} KiB");
}

#[test]
fn an_interrupted_run_leaves_no_scratch_and_the_next_run_sweeps_stale_files() {
    let workspace = copy_of("hostile", "interrupted");
    let cache = workspace.join("cache");
    let sleeper = workspace.join("sleeper.rs");
    std::fs::write(
        &sleeper,
        "fn main() { std::thread::sleep(std::time::Duration::from_secs(30)); }\n",
    )
    .unwrap();
    let args = ["run", "sum", "--submission", sleeper.to_str().unwrap()];
    let mut judge = command_in(&workspace, Some(&cache), &args)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let scratch_dir = cache.join("scratch").join(judge.id().to_string());
    // Interrupted while the sleeper runs (its binary lives in the cache).
    let started = std::time::Instant::now();
    while processes_under(&cache.join("bin")) == 0 {
        assert!(
            started.elapsed().as_secs() < 120,
            "the sleeper never started"
        );
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    assert!(
        scratch_dir.is_dir(),
        "{} while running",
        scratch_dir.display()
    );
    // SAFETY: sending SIGINT to our own child.
    unsafe { libc::kill(judge.id() as i32, libc::SIGINT) };
    let status = judge.wait().unwrap();
    assert_eq!(status.code(), Some(128 + libc::SIGINT));
    assert!(
        !scratch_dir.exists(),
        "{} left behind",
        scratch_dir.display()
    );
    assert_eq!(
        processes_under(&cache.join("bin")),
        0,
        "the sleeper survived"
    );

    // A judge killed outright leaves its files; the next run removes those whose judge is gone.
    let mut gone = Command::new("true").spawn().unwrap();
    let dead = gone.id();
    gone.wait().unwrap();
    let mine = std::process::id();
    let stale = [
        cache.join(format!("scratch/{dead}/0.out")),
        cache.join(format!("bin/main.tmp-{dead}-ThreadId7")),
    ];
    let live = cache.join(format!("bin/main.tmp-{mine}-ThreadId7"));
    for file in stale.iter().chain([&live]) {
        std::fs::create_dir_all(file.parent().unwrap()).unwrap();
        std::fs::write(file, "left by a killed judge").unwrap();
    }
    let output = command_in(&workspace, Some(&cache), &["sum", "--test", "a"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    for file in &stale {
        assert!(!file.exists(), "{} not swept", file.display());
    }
    assert!(!cache.join(format!("scratch/{dead}")).exists());
    assert!(live.exists(), "a live judge's file was removed");
}

/// Processes whose program lives under `dir`.
fn processes_under(dir: &Path) -> usize {
    std::fs::read_dir("/proc")
        .unwrap()
        .flatten()
        .filter(|e| {
            std::fs::read(e.path().join("cmdline"))
                .is_ok_and(|c| c.starts_with(dir.as_os_str().as_encoded_bytes()))
        })
        .count()
}

#[test]
fn doctor_names_every_layer_active_or_not() {
    let output = command_in(&super::common::fixtures("hostile"), None, &["doctor"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0));
    let text = String::from_utf8_lossy(&output.stdout).into_owned();
    let states: Vec<(&str, &str)> = text
        .lines()
        .filter_map(|l| {
            let mut words = l.split_whitespace();
            let state = words.next()?;
            matches!(state, "active" | "off").then(|| (words.next().unwrap_or(""), state))
        })
        .collect();
    let names: Vec<&str> = states.iter().map(|(n, _)| *n).collect();
    assert_eq!(
        names,
        [
            "cgroup-memory",
            "cgroup-pids",
            "cgroup-cpu",
            "tree-sampling",
            "uid-switch",
            "user-namespace",
            "task-limit-rlimit",
            "mount-namespace",
            "private-tmp",
            "pid-namespace",
            "landlock-scope",
            "no-new-privs",
            "subreaper",
            "not-dumpable",
            "descriptors-closed",
        ],
        "{text}"
    );
    let state = |name: &str| states.iter().find(|(n, _)| *n == name).unwrap().1;
    assert_eq!(state("uid-switch") == "active", is_root(), "{text}");
    // Memory is counted one way or the other, never neither nor both.
    assert_ne!(state("cgroup-memory"), state("tree-sampling"), "{text}");
    let userns = Command::new("unshare")
        .args(["--user", "--mount", "true"])
        .output()
        .is_ok_and(|o| o.status.success());
    let mount_ns = if is_root() { true } else { userns };
    assert_eq!(state("mount-namespace") == "active", mount_ns, "{text}");
    assert!(text.contains("Not a hardened sandbox"), "{text}");
}

fn submission<'a>(report: &'a Value, name: &str) -> &'a Value {
    report["submissions"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["file"].as_str().unwrap().ends_with(name))
        .unwrap()
}

/// Processes whose command line starts with these arguments (the program by its file name).
fn processes_with_args(args: &[&str]) -> usize {
    std::fs::read_dir("/proc")
        .unwrap()
        .flatten()
        .filter(|e| {
            std::fs::read(e.path().join("cmdline")).is_ok_and(|c| {
                let found: Vec<&[u8]> = c.split(|&b| b == 0).collect();
                found.len() > args.len()
                    && found[0].ends_with(args[0].as_bytes())
                    && found[1..args.len()]
                        .iter()
                        .zip(&args[1..])
                        .all(|(a, b)| *a == b.as_bytes())
            })
        })
        .count()
}
