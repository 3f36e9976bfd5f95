//! Submissions written to misbehave (fixture workspace `hostile`): each gets the verdict of its folder, and
//! nothing is left behind: no file in /tmp, /dev/shm, /var/tmp or the workspace, no daemon, the judge unharmed
//! by a submission that kills its launcher and its memory bounded. Run twice: as root (a control group,
//! another uid, hidden data) and as an unprivileged user (a user namespace of the program's own, the tree
//! sampled from /proc), the second by dropping to `nobody` when the tests run as root.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::Value;

use super::common::{command_in, copy_of, copy_tree, json_report, scratch};
use super::unprivileged::{as_unprivileged_user, is_root, run_measured, unprivileged_judge};

const MARKS: [&str; 3] = [
    "/tmp/harness-hostile-mark",
    "/dev/shm/harness-hostile-mark",
    "/var/tmp/harness-hostile-mark",
];

#[test]
fn hostile_submissions_get_their_verdicts_and_leave_nothing_behind() {
    if !is_root() {
        super::common::skipped(
            "containment as root",
            "the tests do not run as root (the unprivileged run is the other test)",
        );
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
        "seccomp",
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
    let command = command_in(&workspace, Some(&cache), &["--format", "json"]);
    let (command, userns) = match unprivileged_judge(command, &workspace) {
        Ok(judge) => judge,
        Err(why) => {
            super::common::skipped("containment as an unprivileged user", &why);
            return;
        }
    };
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

#[test]
fn interactor_faults_get_the_same_verdicts_for_an_unprivileged_user() {
    let workspace = copy_of("interactive", "interactive-unprivileged");
    let cache = workspace.join("cache");
    let args = ["echo-faults", "--format", "json", "-j", "3"];
    let mut command = command_in(&workspace, Some(&cache), &args);
    if is_root() {
        match as_unprivileged_user(command, &workspace) {
            Ok((dropped, _)) => command = dropped,
            Err(why) => {
                super::common::skipped("interactive as an unprivileged user", &why);
                return;
            }
        }
    }
    let output = command.output().unwrap();
    let report = json_report(&output);
    let mut got: Vec<(&str, &str)> = report["problems"][0]["tests"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| (t["name"].as_str().unwrap(), t["verdict"].as_str().unwrap()))
        .collect();
    got.sort();
    // As interactive.rs expects them as root: the flood is stopped at the solution's memory limit.
    let want = [
        ("crash", "JE"),
        ("exit-at-once", "AC"),
        ("flood", "MLE"),
        ("never-reads", "TLE"),
        ("normal", "AC"),
        ("reject-first", "WA"),
    ];
    assert_eq!(got, want, "{report:#}");
}

/// Runs the judge on the hostile workspace and checks every verdict and that nothing escaped. One at a
/// time: what one run may leave where its layers allow (a System V segment, a daemon, a mark, without the
/// namespaces) must not be taken for what another escaped.
fn check_contained(command: Command, workspace: &Path, how: &str) -> Value {
    static ONE_AT_A_TIME: std::sync::Mutex<()> = std::sync::Mutex::new(());
    let _alone = ONE_AT_A_TIME
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    for mark in MARKS {
        let _ = std::fs::remove_file(mark);
    }
    let before = snapshot(workspace);
    let daemons_before = processes_with_args(&["sleep", "3601"]);
    let ipc_before = shared_memory_segments();
    let (output, judge_peak_kb) = run_measured(command);
    let report: Value = serde_json::from_slice(&output.stdout).unwrap_or_else(|e| {
        panic!(
            "{how}: not JSON ({e}): {}\nstderr: {}",
            String::from_utf8_lossy(&output.stdout),
            String::from_utf8_lossy(&output.stderr)
        )
    });
    let has = |layer: &str| {
        report["isolation"]
            .as_array()
            .unwrap()
            .iter()
            .any(|l| l == layer)
    };
    // The layers a hostile program needs (any one of them) to get its folder's verdict: on a machine that
    // has none of them, its verdict is not asserted (docs/containment.md, "Containment", says what is then open).
    let needs: [(&str, &[&str]); 10] = [
        ("kills-the-launcher.rs", &["uid-switch", "landlock-scope"]),
        ("reads-the-answer.rs", &["mount-namespace"]),
        ("finds-the-workspace.rs", &["allowlist-root"]),
        ("opens-a-socket.rs", &["network-namespace"]),
        ("leaves-ipc.rs", &["ipc-namespace"]),
        (
            "overwrites-the-workspace.rs",
            &["uid-switch", "mount-namespace"],
        ),
        ("leaves-files.rs", &["private-tmp"]),
        ("fork-bomb.rs", &["cgroup-pids", "task-limit-rlimit"]),
        ("plants-a-key.rs", &["seccomp"]),
        ("opens-a-vsock.rs", &["seccomp"]),
    ];
    let mut open: Vec<&str> = needs
        .iter()
        .filter(|(_, layers)| !layers.iter().any(|l| has(l)))
        .map(|(file, _)| *file)
        .collect();
    // Memory outside its pages: refused by the filter, or counted in the private /tmp and /dev/shm, where
    // no control group counts it all.
    if !(has("seccomp") && (has("cgroup-memory") || has("private-tmp"))) {
        open.push("hoards-memory-outside-its-pages.rs");
    }
    if open.is_empty() {
        assert_eq!(output.status.code(), Some(0), "{how}: {report:#}");
    } else {
        eprintln!("containment ({how}): not asserted, for want of a layer: {open:?}");
    }
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
        ("leaves-the-work-to-reaped-children.rs", "TLE"),
        ("hoards-memory-outside-its-pages.rs", "MLE"),
        ("reads-the-answer.rs", "WA"),
        ("finds-the-workspace.rs", "WA"),
        ("opens-a-socket.rs", "WA"),
        ("leaves-ipc.rs", "AC"),
        ("rewrites-its-input.rs", "AC"),
        ("plants-a-key.rs", "AC"),
        ("opens-a-vsock.rs", "RE"),
    ]
    .iter()
    .map(|(f, v)| (f.to_string(), v.to_string()))
    .collect();
    want.sort();
    got.retain(|(f, _)| !open.contains(&f.as_str()));
    want.retain(|(f, _)| !open.contains(&f.as_str()));
    if open.contains(&"overwrites-the-workspace.rs") {
        // The data may have been overwritten before a program read it: only the verdicts of the programs
        // stopped by their limits, whatever they read, are asserted.
        let by_limits: Vec<String> = want
            .iter()
            .filter(|(_, v)| v == "MLE" || v == "TLE")
            .map(|(f, _)| f.clone())
            .collect();
        got.retain(|(f, _)| by_limits.contains(f));
        want.retain(|(f, _)| by_limits.contains(f));
    }
    assert_eq!(got, want, "{how}");
    for mark in MARKS.iter().filter(|_| open.is_empty()) {
        assert!(!Path::new(mark).exists(), "{how}: {mark} was left behind");
    }
    let after = snapshot(workspace);
    assert!(
        !open.is_empty() || changed(&before, &after).is_empty(),
        "{how}: the workspace changed: {:?}",
        changed(&before, &after)
    );
    assert_eq!(
        processes_with_args(&["sleep", "3601"]),
        daemons_before,
        "{how}: a daemon survived"
    );
    if !open.contains(&"leaves-ipc.rs") {
        assert_eq!(
            shared_memory_segments(),
            ipc_before,
            "{how}: a System V segment survived"
        );
    }
    if !open.contains(&"opens-a-vsock.rs") {
        let stopped = &submission(&report, "opens-a-vsock.rs")["tests"][0]["detail"];
        assert!(
            stopped
                .as_str()
                .is_some_and(|d| d.contains("a system call the sandbox does not allow")),
            "{how}: {stopped}"
        );
    }
    // Stopped by the CPU time of its children, which no one reaped, not by the wall clock.
    let reaped = &submission(&report, "leaves-the-work-to-reaped-children.rs")["tests"][0];
    assert!(
        !reaped["detail"]
            .as_str()
            .is_some_and(|d| d.contains("wall-clock")),
        "{how}: {reaped}"
    );
    let memory = submission(&report, "allocation-bomb.rs");
    let peak = memory["tests"][0]["peak_kib"].as_u64().unwrap();
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

/// The System V shared memory segments of the machine (their ids), from /proc.
fn shared_memory_segments() -> Vec<String> {
    std::fs::read_to_string("/proc/sysvipc/shm")
        .unwrap_or_default()
        .lines()
        .skip(1)
        .filter_map(|line| line.split_whitespace().nth(1).map(str::to_string))
        .collect()
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
            "cgroup-v1",
            "cgroup-v2",
            "cgroup-memory",
            "cgroup-pids",
            "cgroup-cpu",
            "tree-sampling",
            "uid-switch",
            "user-namespace",
            "task-limit-rlimit",
            "mount-namespace",
            "allowlist-root",
            "private-tmp",
            "network-namespace",
            "ipc-namespace",
            "uts-namespace",
            "proc-hidepid",
            "pid-namespace",
            "landlock-scope",
            "seccomp",
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
    // By one hierarchy or the other, and the doctor says which.
    let hierarchies = [state("cgroup-v1"), state("cgroup-v2")];
    assert_eq!(
        hierarchies.iter().filter(|s| **s == "active").count(),
        usize::from(state("cgroup-memory") == "active"),
        "{text}"
    );
    // Where programs get a mount namespace they get a pid namespace too.
    assert_eq!(state("pid-namespace"), state("mount-namespace"), "{text}");
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

/// The runs of a program share the namespace prepared for it, never what a run left there: none of five
/// tests finds the files the run before it wrote into `/tmp` and `/dev/shm`. As root, and as an
/// unprivileged user where the machine allows; with the binary cache inside the workspace, and under
/// `/tmp` (then the program's `/tmp` holds the folders that lead to its build, and no more; a run that moves
/// them away must not keep the next one from starting). The inputs start with 2, 0, 1, 2, 3: runs that leave
/// files and runs that move the way alternate.
#[test]
fn no_run_finds_what_the_runs_before_left_in_tmp() {
    for (unprivileged, under_tmp) in [(false, false), (true, false), (false, true), (true, true)] {
        let how = match (unprivileged, under_tmp) {
            (false, false) => "root",
            (true, false) => "unprivileged",
            (false, true) => "root, workspace under /tmp",
            (true, true) => "unprivileged, workspace under /tmp",
        };
        let name = format!(
            "tmp-reuse-{}-{}",
            u8::from(unprivileged),
            u8::from(under_tmp)
        );
        let mut workspace = copy_of("hostile", &name);
        if under_tmp {
            let moved = std::env::temp_dir().join(format!("harness-{name}-{}", std::process::id()));
            let _ = fs::remove_dir_all(&moved);
            copy_tree(&workspace, &moved);
            workspace = moved;
        }
        let tests = workspace.join("testdata/sum");
        for (i, name) in ["b", "c", "d", "e"].iter().enumerate() {
            fs::write(tests.join(format!("{name}.in")), format!("{i} 1\n")).unwrap();
            fs::write(tests.join(format!("{name}.out")), format!("{}\n", i + 1)).unwrap();
        }
        let program = workspace.join("problems/sum/submissions/accepted/checks-tmp.rs");
        fs::write(
            &program,
            r#"//! Fails if /tmp or /dev/shm holds what an earlier run left there, or /tmp's mode was changed. Then, when
//! the first number of its input is even, leaves a file in each; when it is odd, changes /tmp's mode and
//! moves away the way to itself through /tmp (the cache under /tmp), both allowed only when the program
//! runs as the judge's user, who made those folders.
//! (Not "fails if they hold anything": with the cache under /tmp, /tmp holds the way to the program.)
use std::io::Read;
fn main() {
    use std::os::unix::fs::PermissionsExt;
    let mut dirty: Vec<&str> = ["/tmp/left-behind", "/dev/shm/left-behind"]
        .into_iter()
        .filter(|path| std::path::Path::new(path).exists())
        .collect();
    let mode = std::fs::metadata("/tmp").map_or(0, |m| m.permissions().mode() & 0o7777);
    if mode != 0o1777 {
        dirty.push("/tmp (its mode)");
    }
    let mut input = String::new();
    std::io::stdin().read_to_string(&mut input).unwrap();
    let numbers: Vec<i64> = input.split_whitespace().map(|t| t.parse::<i64>().unwrap()).collect();
    if numbers[0] % 2 == 0 {
        for path in ["/tmp/left-behind", "/dev/shm/left-behind"] {
            let _ = std::fs::write(path, "for the next run");
        }
    } else {
        // Refused as another uid; allowed as the judge's user, who owns this /tmp.
        let _ = std::fs::set_permissions("/tmp", std::fs::Permissions::from_mode(0o1700));
        if let Ok(exe) = std::env::current_exe() {
            if let Some(first) = exe.strip_prefix("/tmp").ok().and_then(|rest| rest.components().next()) {
                let _ = std::fs::rename(std::path::Path::new("/tmp").join(first), "/tmp/moved-away");
            }
        }
    }
    let sum: i64 = numbers.iter().sum();
    match dirty.is_empty() {
        true => println!("{sum}"),
        false => println!("found files in {dirty:?}"),
    }
}
"#,
        )
        .unwrap();
        let cache = workspace.join("cache");
        let mut command = command_in(
            &workspace,
            Some(&cache),
            &[
                "--submission",
                program.to_str().unwrap(),
                "-j",
                "1",
                "--format",
                "json",
            ],
        );
        if unprivileged {
            if !is_root() {
                // Already unprivileged: the root half is the one that cannot run.
            } else {
                match as_unprivileged_user(command, &workspace) {
                    Ok((dropped, _)) => command = dropped,
                    Err(why) => {
                        super::common::skipped("tmp reuse as an unprivileged user", &why);
                        continue;
                    }
                }
            }
        } else if !is_root() {
            super::common::skipped("tmp reuse as root", "the tests do not run as root");
            continue;
        }
        let output = command.output().unwrap();
        if under_tmp {
            let _ = fs::remove_dir_all(&workspace);
        }
        let report = json_report(&output);
        let tests = &report["submissions"][0]["tests"];
        assert_eq!(tests.as_array().map(Vec::len), Some(5), "{how}: {report:#}");
        for test in tests.as_array().unwrap() {
            assert_eq!(test["verdict"], "AC", "{how}: {test:#}");
        }
    }
}

/// `judge` as a user whom the kernel refuses user namespaces: started in a user namespace (and an IPC
/// namespace) of its own (its uid mapped to itself) whose limit of nested user namespaces is set to 0, with every capability
/// dropped before it starts. `None` when this user gets no user namespace to start it in.
fn without_user_namespaces(judge: Command) -> Option<Command> {
    const SCRIPT: &str = "echo 0 > /proc/sys/user/max_user_namespaces && \
        exec setpriv --inh-caps=-all --ambient-caps=-all --bounding-set=-all \"$@\"";
    let wrap = |program: &std::ffi::OsStr| {
        let mut command = Command::new("unshare");
        command
            .args([
                "--map-current-user",
                // What its programs leave in System V IPC (no namespace of their own in this mode) ends
                // with this one, not on the machine, where the other tests count segments.
                "--ipc",
                "--keep-caps",
                "sh",
                "-c",
                SCRIPT,
                "sh",
            ])
            .arg(program);
        command
    };
    let probe = wrap("unshare".as_ref())
        .args(["--user", "true"])
        .output()
        .ok()?;
    // The probe starts, and is refused its own user namespace: the mode works for this user.
    if !String::from_utf8_lossy(&probe.stderr).contains("unshare failed") {
        return None;
    }
    let mut command = wrap(judge.get_program());
    command.args(judge.get_args());
    for (key, value) in judge.get_envs() {
        match value {
            Some(value) => command.env(key, value),
            None => command.env_remove(key),
        };
    }
    Some(command)
}

/// The fallback of an unprivileged judge without user namespaces (docs/containment.md, "Containment"): the hostile
/// programs get the verdicts the layers that remain allow, nothing is left behind, and the report's
/// `isolation` and `harness doctor` both say the namespaces are missing.
#[test]
fn an_unprivileged_judge_without_user_namespaces_falls_back_and_says_so() {
    let what = "an unprivileged judge without user namespaces";
    let workspace = copy_of("hostile", "hostile-no-userns");
    let cache = workspace.join("cache");
    let unprivileged = |judge: Command| match is_root() {
        true => as_unprivileged_user(judge, &workspace).map(|(command, _)| command),
        false => Ok(judge),
    };
    let judges =
        without_user_namespaces(command_in(&workspace, Some(&cache), &["--format", "json"])).zip(
            without_user_namespaces(command_in(&workspace, Some(&cache), &["doctor"])),
        );
    let Some((judge, doctor)) = judges else {
        super::common::skipped(
            what,
            "this user gets no user namespace to start the judge in",
        );
        return;
    };
    let (judge, mut doctor) = match unprivileged(judge).and_then(|j| Ok((j, unprivileged(doctor)?)))
    {
        Ok(both) => both,
        Err(why) => {
            super::common::skipped(what, &why);
            return;
        }
    };
    let report = check_contained(judge, &workspace, "without user namespaces");
    let layers: Vec<&str> = report["isolation"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l.as_str().unwrap())
        .collect();
    for missing in [
        "uid-switch",
        "user-namespace",
        "mount-namespace",
        "allowlist-root",
        "pid-namespace",
        "network-namespace",
    ] {
        assert!(!layers.contains(&missing), "{missing} in {layers:?}");
    }
    for kept in ["no-new-privs", "subreaper", "descriptors-closed"] {
        assert!(layers.contains(&kept), "{kept} not in {layers:?}");
    }
    let output = doctor.output().unwrap();
    let text = String::from_utf8_lossy(&output.stdout);
    assert_eq!(output.status.code(), Some(0), "{text}");
    for said in [
        "off     user-namespace      unshare(CLONE_NEWUSER) refused for this user",
        "off     allowlist-root",
        "not root, and user namespaces are not available to this user",
        "without an allowlist root they see the machine",
    ] {
        assert!(text.contains(said), "doctor does not say `{said}`:\n{text}");
    }
}
