//! The judge's own robustness around a run: an answer file far larger than the output is compared without
//! reading it whole, and an interrupted run leaves no scratch behind (or the next run sweeps it).

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use serde_json::Value;

use super::common::{command_in, copy_of};
use super::unprivileged::{as_unprivileged_user, run_measured};

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
        "fn main() { std::thread::sleep(std::time::Duration::from_secs(60)); }\n",
    )
    .unwrap();
    // Time enough (a wall backstop of 31 s) for the interrupt to come first on a slow kernel.
    let args = [
        "run",
        "sum",
        "--submission",
        sleeper.to_str().unwrap(),
        "--time-scale",
        "10",
    ];
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
    // A process just sent SIGKILL may take a moment to be gone from /proc (reaped by whoever adopts it).
    let killed = std::time::Instant::now();
    while processes_under(&cache.join("bin")) > 0 && killed.elapsed().as_secs() < 5 {
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
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

#[test]
fn a_launcher_killed_twice_under_a_program_costs_that_test_only() {
    let workspace = copy_of("hostile", "launcher-killed");
    let cache = workspace.join("cache");
    let sleeper = workspace.join("sleeper.rs");
    std::fs::write(
        &sleeper,
        "fn main() { std::thread::sleep(std::time::Duration::from_secs(30)); }\n",
    )
    .unwrap();
    let args = [
        "run",
        "sum",
        "--submission",
        sleeper.to_str().unwrap(),
        "--format",
        "json",
    ];
    let judge = command_in(&workspace, Some(&cache), &args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Kill the launcher under the sleeper, then the one that replaces it.
    let mut killed = Vec::new();
    let started = std::time::Instant::now();
    while killed.len() < 2 {
        assert!(
            started.elapsed().as_secs() < 120,
            "no sleeper to kill the launcher of"
        );
        for pid in pids_under(&cache.join("bin")) {
            let launcher = parent_of(pid);
            if launcher > 1 && !killed.contains(&launcher) {
                // SAFETY: killing a launcher of the judge this test started.
                unsafe { libc::kill(launcher, libc::SIGKILL) };
                killed.push(launcher);
            }
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    let output = judge.wait_with_output().unwrap();
    assert_eq!(output.status.code(), Some(1), "{output:?}");
    let report: Value = serde_json::from_slice(&output.stdout).unwrap();
    let test = &report["submissions"][0]["tests"][0];
    assert_eq!(test["verdict"], "RE", "{report:#}");
    assert!(
        report
            .to_string()
            .contains("launcher running this program was killed"),
        "{report:#}"
    );
    assert!(
        pids_under(&cache.join("bin")).is_empty(),
        "the sleeper survived"
    );
}

fn pids_under(dir: &Path) -> Vec<i32> {
    std::fs::read_dir("/proc")
        .unwrap()
        .flatten()
        .filter(|e| {
            std::fs::read(e.path().join("cmdline"))
                .is_ok_and(|c| c.starts_with(dir.as_os_str().as_encoded_bytes()))
        })
        .filter_map(|e| e.file_name().to_str()?.parse().ok())
        .collect()
}

fn parent_of(pid: i32) -> i32 {
    std::fs::read_to_string(format!("/proc/{pid}/stat"))
        .ok()
        .and_then(|s| {
            s.rsplit_once(')')?
                .1
                .split_whitespace()
                .nth(1)?
                .parse()
                .ok()
        })
        .unwrap_or(0)
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

/// A judge killed outright cannot remove its launchers' control groups (`harness-<pid>-<slot>`); the next
/// run removes those whose judge is gone, and its own when it ends. Where control groups can be made.
#[test]
fn control_groups_of_dead_judges_are_swept_and_a_run_leaves_none() {
    let Some(base) = std::fs::read_to_string("/proc/self/cgroup")
        .ok()
        .and_then(|text| {
            text.lines().find_map(|line| {
                let mut parts = line.splitn(3, ':');
                let (_, controllers, path) = (parts.next()?, parts.next()?, parts.next()?);
                controllers
                    .split(',')
                    .any(|c| c == "cpuacct")
                    .then(|| Path::new("/sys/fs/cgroup/cpuacct").join(path.trim_start_matches('/')))
            })
        })
    else {
        super::common::skipped("control group sweep", "no cgroup v1 cpuacct controller");
        return;
    };
    // No process has this pid: the kernel's pid_max is at most 2^22.
    let stale = base.join("harness-999999999-0");
    if std::fs::create_dir(&stale).is_err() {
        super::common::skipped("control group sweep", "cannot create a control group here");
        return;
    }
    let workspace = copy_of("hostile", "cgroup-sweep");
    let cache = super::common::shared_cache();
    let child = command_in(&workspace, Some(&cache), &["sum", "--test", "a"])
        .stdout(Stdio::null())
        .spawn()
        .unwrap();
    let judge = child.id();
    let output = child.wait_with_output().unwrap();
    assert!(output.status.success(), "{output:?}");
    let left = |prefix: &str| {
        std::fs::read_dir(&base)
            .unwrap()
            .flatten()
            .filter(|e| e.file_name().to_string_lossy().starts_with(prefix))
            .count()
    };
    let (stale_left, own_left) = (
        left("harness-999999999-"),
        left(&format!("harness-{judge}-")),
    );
    let _ = std::fs::remove_dir(&stale);
    assert_eq!(stale_left, 0, "the stale group was not swept");
    assert_eq!(own_left, 0, "the run left its own");
}

/// Processes whose command line is exactly `args`.
fn processes_with_command(args: &[&str]) -> Vec<i32> {
    std::fs::read_dir("/proc")
        .unwrap()
        .flatten()
        .filter(|e| {
            std::fs::read(e.path().join("cmdline")).is_ok_and(|c| {
                let found: Vec<&[u8]> = c.split(|&b| b == 0).filter(|a| !a.is_empty()).collect();
                found.len() == args.len()
                    && found
                        .iter()
                        .zip(args)
                        .all(|(a, b)| a.ends_with(b.as_bytes()))
            })
        })
        .filter_map(|e| e.file_name().to_str()?.parse().ok())
        .collect()
}

/// Polls (every 20 ms, for at most `bound`) until `done` holds; whether it did.
fn eventually(bound: std::time::Duration, mut done: impl FnMut() -> bool) -> bool {
    let start = std::time::Instant::now();
    while start.elapsed() < bound {
        if done() {
            return true;
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    done()
}

/// A judge killed outright (SIGKILL) while a program runs as the sandbox's user: the program goes with
/// its launcher (its parent-death signal survives the change of uid), and what it started, left in the
/// dead judge's control group, is killed by the next run's sweep. As root, where control groups can be
/// made.
#[test]
fn a_judge_killed_outright_leaves_no_program_behind() {
    // SAFETY: getuid has no preconditions.
    if unsafe { libc::getuid() } != 0 {
        super::common::skipped(
            "judge killed outright",
            "not root: no control group per launcher",
        );
        return;
    }
    let v2 = unified_group();
    if !Path::new("/sys/fs/cgroup/pids").exists() && v2.is_none() {
        super::common::skipped(
            "judge killed outright",
            "no cgroup v1 pids controller, no cgroup v2",
        );
        return;
    }
    let workspace = copy_of("hostile", "judge-killed-outright");
    let cache = workspace.join("cache");
    let program = workspace.join("outlives.rs");
    std::fs::write(
        &program,
        r#"//! Starts a child that sleeps for an hour, and sleeps itself.
fn main() {
    let _child = std::process::Command::new("/bin/sleep").arg("3603").spawn();
    std::thread::sleep(std::time::Duration::from_secs(3600));
}
"#,
    )
    .unwrap();
    let program = program.to_string_lossy().into_owned();
    let args = ["sum", "--submission", &program, "--test", "a"];
    let compiled = command_in(
        &workspace,
        Some(&cache),
        &[&args[..], &["--no-run"]].concat(),
    )
    .output()
    .unwrap();
    assert!(compiled.status.success(), "{compiled:?}");
    let before = processes_with_command(&["sleep", "3603"]);
    let mut judge = command_in(&workspace, Some(&cache), &args)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let bound = std::time::Duration::from_secs(60);
    let started = eventually(bound, || {
        processes_with_command(&["sleep", "3603"]).len() > before.len()
    });
    let builds = cache.join("bin");
    assert!(started, "the program's child never started");
    let killed = judge.id();
    judge.kill().unwrap();
    judge.wait().unwrap();
    let program_gone = eventually(bound, || processes_under(&builds) == 0);
    let grandchildren: Vec<i32> = processes_with_command(&["sleep", "3603"])
        .into_iter()
        .filter(|pid| !before.contains(pid))
        .collect();
    // The next run sweeps the dead judge's control groups, and what is left in them.
    let next = command_in(&workspace, Some(&cache), &["sum", "--test", "a"])
        .output()
        .unwrap();
    let swept = eventually(bound, || {
        grandchildren
            .iter()
            .all(|pid| !Path::new(&format!("/proc/{pid}")).exists())
    });
    for pid in pids_under(&builds)
        .into_iter()
        .chain(grandchildren.iter().copied())
    {
        // SAFETY: cleaning up after a failed assertion; these are this test's processes.
        unsafe { libc::kill(pid, libc::SIGKILL) };
    }
    assert!(next.status.success(), "{next:?}");
    assert!(program_gone, "the program outlived its judge");
    assert!(swept, "its child outlived the next run: {grandchildren:?}");
    // cgroup v2: in the group the judges share, the next run swept the killed judge's groups. A judge
    // started in a group of its own (a service's) leaves its groups there, killed outright with its
    // launchers, but empty: its service manager removes them with the group.
    if let Some((_, own)) = v2 {
        let base = judge_group(&own, killed);
        let left = dead_groups_in(&base);
        if base == own {
            assert!(left.is_empty(), "left in {}: {left:?}", base.display());
        } else {
            let populated = std::fs::read_to_string(base.join("cgroup.events"))
                .unwrap_or_default()
                .contains("populated 1");
            assert!(!populated, "a process left in {}: {left:?}", base.display());
        }
    }
}

/// A judge killed outright (SIGKILL) while its program has started a daemon (a double fork and `setsid`,
/// so it is neither in the program's process group nor its child): nothing is left, without waiting for a
/// next run to sweep anything, since the program runs in a pid namespace whose init dies with the
/// launcher. As root, and as an unprivileged user, where the machine gives the program a pid namespace.
fn a_killed_judge_leaves_no_daemon(unprivileged: bool) {
    let test = match unprivileged {
        true => "killed judge's daemon, as an unprivileged user",
        false => "killed judge's daemon, as root",
    };
    // SAFETY: getuid has no preconditions.
    let root = unsafe { libc::getuid() } == 0;
    if !unprivileged && !root {
        super::common::skipped(test, "not root");
        return;
    }
    // As root, the unprivileged judge is `nobody`.
    let drop_to_nobody = unprivileged && root;
    let name = match unprivileged {
        true => "judge-killed-daemon-unprivileged",
        false => "judge-killed-daemon",
    };
    let workspace = copy_of("hostile", name);
    let cache = workspace.join("cache");
    // A sleep whose length names this test, so that no other process matches it.
    let seconds = match unprivileged {
        true => "3611",
        false => "3612",
    };
    let program = workspace.join("daemon.rs");
    std::fs::write(
        &program,
        format!(
            r#"//! Starts a daemon (double fork, setsid) that sleeps for an hour, and sleeps itself.
fn main() {{
    let _ = std::process::Command::new("/bin/sh")
        .args(["-c", "(setsid /bin/sleep {seconds} &)"])
        .status();
    std::thread::sleep(std::time::Duration::from_secs(3600));
}}
"#
        ),
    )
    .unwrap();
    let program = program.to_string_lossy().into_owned();
    let args = [
        "sum",
        "--submission",
        &program,
        "--test",
        "a",
        "--format",
        "json",
    ];
    let judge = command_in(&workspace, Some(&cache), &args);
    let doctor = command_in(&workspace, Some(&cache), &["doctor"]);
    let (judge, doctor) = match drop_to_nobody {
        false => (judge, doctor),
        true => match (
            as_unprivileged_user(judge, &workspace),
            as_unprivileged_user(doctor, &workspace),
        ) {
            (Ok((judge, _)), Ok((doctor, _))) => (judge, doctor),
            (Err(why), _) | (_, Err(why)) => {
                super::common::skipped(test, &why);
                return;
            }
        },
    };
    let mut doctor = doctor;
    let doctor = doctor.output().unwrap();
    let doctor = String::from_utf8_lossy(&doctor.stdout).into_owned();
    if !doctor
        .lines()
        .any(|l| l.starts_with("active") && l.contains(" pid-namespace "))
    {
        super::common::skipped(test, &format!("no pid namespace here:\n{doctor}"));
        return;
    }
    let daemon = ["sleep", seconds];
    let before = processes_with_command(&daemon);
    let mut judge = judge;
    let mut judge = judge
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    // Generous: under user-mode Linux the build and the start alone take a minute.
    let bound = std::time::Duration::from_secs(300);
    let started = eventually(bound, || {
        processes_with_command(&daemon).len() > before.len()
    });
    let daemons: Vec<i32> = processes_with_command(&daemon)
        .into_iter()
        .filter(|pid| !before.contains(pid))
        .collect();
    judge.kill().unwrap();
    judge.wait().unwrap();
    let builds = cache.join("bin");
    let gone = eventually(std::time::Duration::from_secs(20), || {
        processes_under(&builds) == 0
            && daemons
                .iter()
                .all(|pid| !Path::new(&format!("/proc/{pid}")).exists())
    });
    let left: Vec<i32> = daemons
        .iter()
        .copied()
        .filter(|pid| Path::new(&format!("/proc/{pid}")).exists())
        .collect();
    for pid in pids_under(&builds).into_iter().chain(left.iter().copied()) {
        // SAFETY: cleaning up after a failed assertion; these are this test's processes.
        unsafe { libc::kill(pid, libc::SIGKILL) };
    }
    assert!(started, "the daemon never started");
    assert!(gone, "the daemon outlived its judge: {left:?}");
}

#[test]
fn a_killed_judge_leaves_no_daemon_behind() {
    a_killed_judge_leaves_no_daemon(false);
}

#[test]
fn a_killed_judge_leaves_no_daemon_behind_for_an_unprivileged_user() {
    a_killed_judge_leaves_no_daemon(true);
}

/// The unified hierarchy's mount and this process's group in it, when the machine has cgroup v2 and no
/// cgroup v1 memory controller (the judge uses v1 where it has one).
fn unified_group() -> Option<(PathBuf, PathBuf)> {
    let cgroup = std::fs::read_to_string("/proc/self/cgroup").ok()?;
    if cgroup.lines().any(|l| {
        l.split(':')
            .nth(1)
            .is_some_and(|c| c.split(',').any(|c| c == "memory"))
    }) {
        return None;
    }
    let path = cgroup.lines().find_map(|l| l.strip_prefix("0::"))?.trim();
    let mountinfo = std::fs::read_to_string("/proc/self/mountinfo").ok()?;
    let mount = mountinfo.lines().find_map(|line| {
        let (fields, after) = line.split_once(" - ")?;
        (after.split_whitespace().next()? == "cgroup2").then_some(())?;
        let mut fields = fields.split_whitespace().skip(3);
        (fields.next()? == "/").then_some(())?;
        Some(PathBuf::from(fields.next()?))
    })?;
    let own = mount.join(path.trim_start_matches('/'));
    Some((mount, own))
}

/// The group a judge started by `command_in` has its launchers' groups in, on cgroup v2: a group of its
/// own below `HARNESS_TEST_JUDGE_CGROUP` (scripts/uml-test's service layouts), else this process's.
fn judge_group(own: &Path, judge: u32) -> PathBuf {
    match std::env::var_os("HARNESS_TEST_JUDGE_CGROUP") {
        Some(parent) => Path::new(&parent).join(format!("judge-{judge}")),
        None => own.to_path_buf(),
    }
}

/// The judges' groups left in `base` by processes that are gone (`harness-<pid>-<slot>`,
/// `harness-<pid>-judge`), with the groups found in each.
fn dead_groups_in(base: &Path) -> Vec<String> {
    let Ok(entries) = std::fs::read_dir(base) else {
        return Vec::new();
    };
    entries
        .flatten()
        .filter_map(|e| {
            let name = e.file_name().to_string_lossy().into_owned();
            let pid: u32 = name
                .strip_prefix("harness-")?
                .split('-')
                .next()?
                .parse()
                .ok()?;
            let alive = std::fs::read_to_string(format!("/proc/{pid}/stat")).is_ok_and(|s| {
                s.rsplit_once(')')
                    .is_some_and(|(_, r)| !r.trim_start().starts_with('Z'))
            });
            (!alive).then(|| {
                let inside: Vec<String> = walkdir::WalkDir::new(e.path())
                    .min_depth(1)
                    .into_iter()
                    .flatten()
                    .filter(|d| d.file_type().is_dir())
                    .map(|d| d.path().strip_prefix(base).unwrap().display().to_string())
                    .collect();
                format!("{name} {inside:?}")
            })
        })
        .collect()
}

/// cgroup v2 (user-mode Linux, under scripts/uml-test): a judge that ends normally leaves no group behind,
/// neither its launchers' (`harness-<launcher>-<slot>`, with the leaf each launcher moved itself and its
/// templates' inits into) nor the leaf it moved itself into (`harness-<judge>-judge`) when its group was
/// not the root; and, where it starts in the group a dead judge used, it kills what is left in that
/// judge's groups and removes them. A machine with cgroup v1 skips it, saying so.
#[test]
fn on_cgroup_v2_a_judge_leaves_no_group_behind_and_sweeps_a_dead_ones() {
    let test = "cgroup v2 groups after a normal exit";
    let Some((_, own)) = unified_group() else {
        super::common::skipped(
            test,
            "no cgroup v2 hierarchy without v1 here (scripts/uml-test runs it)",
        );
        return;
    };
    let workspace = copy_of("hostile", "cgroup2-cleanup");
    let cache = super::common::shared_cache();
    // A dead judge's groups, with a sleeper in its run group, where the judge will sweep: the group it
    // starts in, when that is this process's (a judge started in a fresh group of its own has nothing to
    // sweep there: a service's group is removed by its service manager).
    let stale = own.join("harness-999999999-0");
    let mut sleeper = None;
    if std::env::var_os("HARNESS_TEST_JUDGE_CGROUP").is_some() {
        super::common::skipped(
            "a dead judge's v2 groups swept",
            "each judge starts in a fresh group of its own here",
        );
    } else if std::fs::create_dir_all(stale.join("run")).is_err() {
        super::common::skipped(
            "a dead judge's v2 groups swept",
            &format!("cannot create a group in {}", own.display()),
        );
    } else {
        let child = Command::new("sleep").arg("3614").spawn().unwrap();
        let joined = std::fs::write(stale.join("run/cgroup.procs"), child.id().to_string());
        sleeper = Some(child);
        joined.unwrap();
    }
    let child = command_in(
        &workspace,
        Some(&cache),
        &["sum", "--test", "a", "--format", "json"],
    )
    .stdout(Stdio::piped())
    .stderr(Stdio::piped())
    .spawn()
    .unwrap();
    let judge = child.id();
    let output = child.wait_with_output().unwrap();
    let base = judge_group(&own, judge);
    let left = dead_groups_in(&base);
    let swept = sleeper.as_mut().map(|sleeper| {
        let ended = eventually(std::time::Duration::from_secs(10), || {
            sleeper.try_wait().unwrap().is_some()
        });
        let _ = sleeper.kill();
        let _ = sleeper.wait();
        ended
    });
    remove_groups(&stale);
    assert!(output.status.success(), "{output:?}");
    let report: Value = serde_json::from_slice(&output.stdout).unwrap();
    let isolation = report["isolation"].to_string();
    assert!(
        isolation.contains("\"cgroup-v2\""),
        "the judge did not use cgroup v2: {isolation}"
    );
    assert_eq!(
        swept,
        sleeper.as_ref().map(|_| true),
        "the dead judge's sleeper survived the sweep"
    );
    assert!(!stale.exists(), "the dead judge's group was not swept");
    assert!(left.is_empty(), "left in {}: {left:?}", base.display());
}

/// Removes a test's control group and the groups in it, deepest first.
fn remove_groups(dir: &Path) {
    for entry in walkdir::WalkDir::new(dir)
        .contents_first(true)
        .into_iter()
        .flatten()
    {
        if entry.file_type().is_dir() {
            let _ = std::fs::remove_dir(entry.path());
        }
    }
}
