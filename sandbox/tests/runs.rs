//! The sandbox on its own: small programs run through a launcher of the crate (`sandbox-launcher`), each
//! ending in the way its limits say, contained as the machine allows. No verdicts here: only how the
//! process tree ended.

use std::ffi::OsString;
use std::path::{Path, PathBuf};

use std::sync::LazyLock;

use sandbox::{Exit, Invocation, Limits, RunOutcome, Sandbox};

/// The folder of this process's runs, and the cache folder of its sandbox.
fn setup() -> PathBuf {
    let dir =
        Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("sandbox-runs-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A sandbox whose launchers are the crate's own, for programs built into `cache_dir/bin`.
fn sandbox_for(cache_dir: &Path) -> Sandbox {
    Sandbox::new(cache_dir).with_launcher(PathBuf::from(env!("CARGO_BIN_EXE_sandbox-launcher")))
}

/// The sandbox the tests share, as the judge's workers share one.
fn sandbox() -> &'static Sandbox {
    static SANDBOX: LazyLock<Sandbox> = LazyLock::new(|| sandbox_for(&setup()));
    &SANDBOX
}

fn limits(cpu_ms: u64) -> Limits {
    Limits {
        cpu_ms,
        wall_ms: 3 * cpu_ms + 1000,
        memory_kb: 256 * 1024,
        output_bytes: 1 << 20,
    }
}

/// Runs `sh -c SCRIPT`, contained, with stdin from /dev/null; how it ended and its stdout.
fn sh(script: &str, limits: &Limits) -> (RunOutcome, String) {
    let dir = setup();
    let stdout = dir.join(format!("out-{}", script.len()));
    let command = Invocation {
        program: OsString::from("/bin/sh"),
        args: vec!["-c".into(), script.into()],
        isolate: true,
        ..Invocation::default()
    };
    let outcome = sandbox()
        .run(&command, Path::new("/dev/null"), &stdout, limits)
        .unwrap();
    let text = std::fs::read_to_string(&stdout).unwrap_or_default();
    (outcome, text)
}

#[test]
fn exit_codes_and_output_come_back() {
    let (outcome, text) = sh("echo hello; exit 3", &limits(1000));
    assert_eq!(outcome.exit, Exit::Code(3), "{outcome:?}");
    assert_eq!(text, "hello\n");
    assert!(!outcome.wall_killed && outcome.judge_error.is_none());
}

#[test]
fn a_busy_loop_is_stopped_by_its_cpu_time() {
    let (outcome, _) = sh("while :; do :; done", &limits(200));
    assert_eq!(outcome.exit, Exit::Signal(libc_sigkill()));
    assert!(outcome.cpu_us > 200_000, "{outcome:?}");
    assert!(!outcome.wall_killed, "{outcome:?}");
}

#[test]
fn a_sleeping_program_is_stopped_by_the_wall_clock_when_idle() {
    // 500 ms of CPU: starting `sh` and `sleep` costs 110 ms of it under user-mode Linux.
    let (outcome, _) = sh("sleep 30", &limits(500));
    if std::env::var_os("HARNESS_TEST_COARSE_CPU").is_some() && !outcome.wall_killed {
        // User-mode Linux charges a sleeping program CPU time for much of its wall time.
        eprintln!(
            "SKIPPED idle stop: CPU accounting too coarse here to tell idle from busy: {outcome:?}"
        );
        return;
    }
    assert!(outcome.wall_killed, "{outcome:?}");
    assert!(outcome.cpu_us < 500_000, "{outcome:?}");
}

#[test]
fn the_program_sees_an_allowlist_root_where_the_machine_allows() {
    let layers = sandbox::layers::active();
    if !layers.iter().any(|l| l == "allowlist-root") {
        eprintln!("SKIPPED allowlist root: {layers:?} has no allowlist-root layer on this machine");
        return;
    }
    // Nothing of this crate's folders, no home; the system's programs; no network.
    let here = env!("CARGO_MANIFEST_DIR");
    let script = format!(
        "test -e '{here}' && echo workspace; test -e /root/. && echo home; \
         test -x /usr/bin/env && echo system; test -s /etc/shadow && echo shadow; \
         cat /proc/net/dev | grep -c ':' "
    );
    let (outcome, text) = sh(&script, &limits(2000));
    assert_eq!(outcome.exit, Exit::Code(0), "{text}");
    // Only loopback, down, in the program's own network namespace.
    assert_eq!(text, "system\n1\n", "{outcome:?}");
}

fn libc_sigkill() -> i32 {
    9
}

#[test]
fn the_program_is_alone_in_a_pid_namespace_of_its_own_where_the_machine_allows() {
    let layers = sandbox::layers::active();
    if !layers.iter().any(|l| l == "pid-namespace") {
        eprintln!("SKIPPED pid namespace: {layers:?} has no pid-namespace layer on this machine");
        return;
    }
    let ours = std::fs::read_link("/proc/self/ns/pid").unwrap();
    // Its namespace, then every process its /proc shows (the shell and `ls`; at most the namespace's
    // init besides), then its own pid there.
    let script = "readlink /proc/self/ns/pid; ls -d /proc/[0-9]* | wc -l; echo $$";
    let (outcome, text) = sh(script, &limits(2000));
    assert_eq!(outcome.exit, Exit::Code(0), "{text}");
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 3, "{text}");
    assert_ne!(
        lines[0],
        ours.to_string_lossy(),
        "the judge's pid namespace"
    );
    let seen: u32 = lines[1].trim().parse().unwrap();
    assert!(
        (1..=3).contains(&seen),
        "{seen} processes in its /proc: {text}"
    );
    // Not pid 1: the init is.
    assert_ne!(lines[2], "1", "{text}");
}

#[test]
fn a_program_that_aborts_dies_of_sigabrt() {
    // A pid 1 would ignore the signal it sends itself.
    let (outcome, text) = sh("kill -ABRT $$; echo survived", &limits(1000));
    assert_eq!(outcome.exit, Exit::Signal(6), "{text}");
}

#[test]
fn a_daemon_does_not_outlive_its_run() {
    // A double fork and setsid: the daemon leaves the program's group and its parent.
    let script = "(setsid sh -c 'sleep 3601' &) ; sleep 0.2; exit 0";
    // A slow kernel with coarse CPU accounting (user-mode Linux) charges the idle parent for its wait.
    let cpu_ms = match std::env::var_os("HARNESS_TEST_COARSE_CPU") {
        Some(_) => 30_000,
        None => 1000,
    };
    let (outcome, _) = sh(script, &limits(cpu_ms));
    assert_eq!(outcome.exit, Exit::Code(0), "{outcome:?}");
    let left: Vec<_> = std::fs::read_dir("/proc")
        .unwrap()
        .flatten()
        .filter(|e| {
            std::fs::read(e.path().join("cmdline")).is_ok_and(|c| c == b"sleep\x003601\x00")
        })
        .collect();
    assert!(left.is_empty(), "{} daemons left", left.len());
}

/// A run's control group counts each run from zero (OOM kills, refused tasks): a run that met both its
/// memory and its task limit is followed, in the same launcher, by one that met neither.
#[test]
fn a_runs_limits_met_do_not_carry_into_the_next_run() {
    // CPU enough for a slow kernel (user-mode Linux spends seconds of the tree's CPU on the pipe).
    let tight = Limits {
        memory_kb: 32 * 1024,
        ..limits(30_000)
    };
    // `tail` holds the whole line (100 MB without a newline); then more sleepers than the task limit.
    let script = "head -c 100000000 /dev/zero | tail > /dev/null; \
                  i=0; while [ $i -lt 100 ]; do sleep 30 & i=$((i+1)); done; exit 0";
    let (first, _) = sh(script, &tight);
    let (second, text) = sh("echo calm", &tight);
    let layers = sandbox::layers::active();
    if layers.iter().any(|l| l == "cgroup-memory") {
        assert!(first.memory_killed, "{first:?}");
        assert!(first.tasks_refused, "{first:?}");
    } else {
        eprintln!("SKIPPED the first run's limits: {layers:?} has no control group here");
    }
    assert_eq!(second.exit, Exit::Code(0), "{second:?}");
    assert_eq!(text, "calm\n");
    assert!(!second.memory_killed, "{second:?}");
    assert!(!second.tasks_refused, "{second:?}");
}

/// Runs `sh -c SCRIPT` contained, with these binds, working folder and environment entries.
fn sh_with(
    script: &str,
    binds: Vec<sandbox::Bind>,
    cwd: Option<&Path>,
    env: &[&str],
) -> (RunOutcome, String) {
    let dir = setup();
    let stdout = dir.join(format!("out-binds-{}", script.len()));
    let command = Invocation {
        program: OsString::from("/bin/sh"),
        args: vec!["-c".into(), script.into()],
        isolate: true,
        binds,
        cwd: cwd.map(Path::to_path_buf),
        env: env.iter().map(OsString::from).collect(),
        ..Invocation::default()
    };
    let outcome = sandbox()
        .run(&command, Path::new("/dev/null"), &stdout, &limits(5000))
        .unwrap();
    let text = std::fs::read_to_string(&stdout).unwrap_or_default();
    (outcome, text)
}

fn has_allowlist_root(what: &str) -> bool {
    let layers = sandbox::layers::active();
    let has = layers.iter().any(|l| l == "allowlist-root");
    if !has {
        eprintln!("SKIPPED {what}: {layers:?} has no allowlist-root layer on this machine");
    }
    has
}

/// A folder of its own for a test, with a file `seen`, a file `hidden` and a folder `out`.
fn bind_folder(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("sandbox-binds-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("out")).unwrap();
    std::fs::write(dir.join("seen"), "seen-content\n").unwrap();
    std::fs::write(dir.join("hidden"), "hidden-content\n").unwrap();
    dir
}

#[test]
fn a_run_sees_its_binds_only_writes_where_allowed_and_gets_a_clean_environment() {
    if !has_allowlist_root("binds") {
        return;
    }
    let dir = bind_folder("one");
    let (seen, hidden, out) = (dir.join("seen"), dir.join("hidden"), dir.join("out"));
    let script = format!(
        "cat '{s}'; test -e '{h}' && echo hidden-visible; (echo x > '{s}') 2>/dev/null && echo wrote-seen; \
         echo made > made && echo made-in-cwd; pwd; env | sort",
        s = seen.display(),
        h = hidden.display()
    );
    let (outcome, text) = sh_with(
        &script,
        vec![
            sandbox::Bind::read_only(&seen),
            sandbox::Bind::writable(&out),
        ],
        Some(&out),
        &["HOME=/tmp", "LC_ALL=C.UTF-8"],
    );
    assert_eq!(outcome.exit, Exit::Code(0), "{text}");
    let mut lines: Vec<&str> = text.lines().collect();
    // `env` shows a few variables of the shell's own too.
    lines.retain(|l| !l.starts_with("PWD=") && !l.starts_with("SHLVL=") && !l.starts_with("_="));
    let want = vec![
        "seen-content".to_string(),
        "made-in-cwd".to_string(),
        out.display().to_string(),
        "HOME=/tmp".to_string(),
        "LC_ALL=C.UTF-8".to_string(),
        "PATH=/usr/local/bin:/usr/bin:/bin".to_string(),
    ];
    assert_eq!(lines, want, "{outcome:?}");
    assert_eq!(std::fs::read_to_string(out.join("made")).unwrap(), "made\n");
    assert_eq!(std::fs::read_to_string(&seen).unwrap(), "seen-content\n");
}

/// The namespace prepared for a program with some binds is never joined by a run with others.
#[test]
fn runs_with_other_binds_get_a_namespace_of_their_own() {
    if !has_allowlist_root("binds") {
        return;
    }
    let dir = bind_folder("two");
    let (seen, hidden) = (dir.join("seen"), dir.join("hidden"));
    let script = format!(
        "test -e '{}' && echo seen; test -e '{}' && echo hidden; true",
        seen.display(),
        hidden.display()
    );
    let (_, first) = sh_with(&script, vec![sandbox::Bind::read_only(&seen)], None, &[]);
    let (_, second) = sh_with(&script, vec![sandbox::Bind::read_only(&hidden)], None, &[]);
    let (_, third) = sh_with(&script, vec![], None, &[]);
    assert_eq!(
        (first.as_str(), second.as_str(), third.as_str()),
        ("seen\n", "hidden\n", "")
    );
}

/// A compiler runs outside the runs' control group and its task limit: as root its tasks are bounded by
/// the sandbox uid's RLIMIT_NPROC (`limited::COMPILER_TASKS`), not as root by its user namespace's task
/// limit. A compile step that starts sleepers until a fork fails must stop well short of 2,000.
#[test]
fn a_compiler_cannot_start_processes_without_end() {
    let layers = sandbox::layers::active();
    if !layers
        .iter()
        .any(|l| l == "uid-switch" || l == "task-limit-rlimit")
    {
        eprintln!("SKIPPED compiler task limit: {layers:?} has no uid switch nor task limit here");
        return;
    }
    let dir = setup().join("compiler-tasks");
    std::fs::create_dir_all(&dir).unwrap();
    // Each sleeper started is counted on stdout; the shell stops at the first fork that fails. The
    // sleepers outlast the loop even where a fork takes long (user-mode Linux).
    let script = "i=0; while [ $i -lt 2000 ]; do sleep 600 & i=$((i+1)); echo $i; done";
    let command = Invocation {
        program: OsString::from("/bin/sh"),
        args: vec!["-c".into(), script.into()],
        isolate: true,
        ..Invocation::default()
    };
    let output = sandbox().compile(&command, &dir).unwrap();
    let text = String::from_utf8_lossy(&output.stdout);
    let started: u64 = text
        .lines()
        .last()
        .and_then(|l| l.trim().parse().ok())
        .unwrap_or(0);
    assert!(
        started <= sandbox::limited::COMPILER_TASKS,
        "{started} sleepers started: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(
        !output.status.success(),
        "the fork that failed ended the shell"
    );
}

/// A cache folder of its own with one build, `<cache>/bin/build/prog`, a script that prints `says`.
fn cache_with_build(name: &str, says: &str) -> (PathBuf, PathBuf) {
    use std::os::unix::fs::PermissionsExt;
    let cache = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("sandbox-cache-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&cache);
    let build = cache.join("bin").join("build");
    std::fs::create_dir_all(&build).unwrap();
    let prog = build.join("prog");
    std::fs::write(&prog, format!("#!/bin/sh\necho {says}\n")).unwrap();
    for path in [&cache, &cache.join("bin"), &build, &prog] {
        std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o755)).unwrap();
    }
    (cache, prog)
}

/// Runs `prog` through `sandbox`: its stdout, or `None` when it could not run.
fn run_build(sandbox: &Sandbox, prog: &Path, stdout: &Path) -> Option<String> {
    let command = Invocation {
        program: prog.as_os_str().to_owned(),
        isolate: true,
        ..Invocation::default()
    };
    let outcome = sandbox
        .run(&command, Path::new("/dev/null"), stdout, &limits(5000))
        .ok()?;
    (outcome.exit == Exit::Code(0)).then(|| std::fs::read_to_string(stdout).unwrap())
}

/// Two handles in one process, each with its own cache: each binds its own cache's builds into the root,
/// whatever the other was made with, and whichever ran first on this thread.
#[test]
fn two_sandboxes_with_other_caches_do_not_interfere() {
    if !has_allowlist_root("two sandboxes") {
        return;
    }
    let (cache_a, prog_a) = cache_with_build("a", "from-a");
    let (cache_b, prog_b) = cache_with_build("b", "from-b");
    let first = sandbox_for(&cache_a);
    let second = sandbox_for(&cache_b);
    let out = setup();
    for _ in 0..2 {
        assert_eq!(
            run_build(&first, &prog_a, &out.join("two-a")).as_deref(),
            Some("from-a\n")
        );
        assert_eq!(
            run_build(&second, &prog_b, &out.join("two-b")).as_deref(),
            Some("from-b\n")
        );
    }
    // Each sees only its own cache's builds.
    assert_eq!(run_build(&first, &prog_b, &out.join("two-ab")), None);
    assert_eq!(run_build(&second, &prog_a, &out.join("two-ba")), None);
}

/// Dropping a handle ends its launchers and what they started.
#[test]
fn dropping_a_sandbox_ends_its_launchers() {
    let launcher = env!("CARGO_BIN_EXE_sandbox-launcher");
    let (cache, prog) = cache_with_build("drop", "dropped");
    let sandbox = sandbox_for(&cache);
    let _ = run_build(&sandbox, &prog, &setup().join("drop"));
    let launchers = || {
        let cache = cache.join("bin");
        std::fs::read_dir("/proc")
            .unwrap()
            .filter_map(|e| std::fs::read(e.ok()?.path().join("cmdline")).ok())
            .filter(|cmdline| {
                let args: Vec<&[u8]> = cmdline.split(|&b| b == 0).collect();
                args.first() == Some(&launcher.as_bytes())
                    && args.get(3) == Some(&cache.as_os_str().as_encoded_bytes())
            })
            .count()
    };
    // The launcher, and the forks of it that hold its namespaces.
    assert!(launchers() >= 1, "a launcher while the handle lives");
    drop(sandbox);
    // The launcher is reaped by the drop; its forks die with it (their parent-death signal), soon after.
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(30);
    while launchers() > 0 && std::time::Instant::now() < deadline {
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    assert_eq!(launchers(), 0, "no launcher once the handle is dropped");
}

/// Containment adds nothing to a small program's reported peak: `/bin/true` contained (the second run
/// joins its prepared namespaces) reports about what it reports run plainly by the same launcher's fork
/// (within 1 MiB: the fork copies the launcher's anonymous memory, which grows with the namespaces it
/// keeps). Linux counts the high-water mark of the address space a process leaves at `exec`: a program
/// started from a child sharing the launcher's memory would report the launcher's (about 3 MiB here).
#[test]
fn containment_adds_nothing_to_a_small_programs_peak() {
    let (cache, _) = cache_with_build("peak", "unused");
    let sandbox = sandbox_for(&cache);
    let stdout = setup().join("peak");
    let peak = |isolate: bool| {
        let command = Invocation {
            program: OsString::from("/bin/true"),
            isolate,
            ..Invocation::default()
        };
        let outcome = sandbox
            .run(&command, Path::new("/dev/null"), &stdout, &limits(5000))
            .unwrap();
        assert_eq!(outcome.exit, Exit::Code(0), "{outcome:?}");
        outcome.peak_kb
    };
    let plain = peak(false);
    let contained = [peak(true), peak(true)];
    eprintln!("peak of /bin/true: {plain} KiB plain, {contained:?} KiB contained");
    assert!(
        contained.iter().all(|&kb| kb < plain + 1024),
        "peak of /bin/true: {plain} KiB plain, {contained:?} KiB contained"
    );
}

/// The processes of `sandbox`'s launchers (made for `cache`) named `comm`: pids.
fn launcher_processes(cache: &Path, comm: &str) -> Vec<u32> {
    let launcher = env!("CARGO_BIN_EXE_sandbox-launcher");
    let bin = cache.join("bin");
    std::fs::read_dir("/proc")
        .unwrap()
        .filter_map(|e| {
            let dir = e.ok()?.path();
            let pid: u32 = dir.file_name()?.to_str()?.parse().ok()?;
            let cmdline = std::fs::read(dir.join("cmdline")).ok()?;
            let args: Vec<&[u8]> = cmdline.split(|&b| b == 0).collect();
            let ours = args.first() == Some(&launcher.as_bytes())
                && args.get(3) == Some(&bin.as_os_str().as_encoded_bytes());
            let name = std::fs::read_to_string(dir.join("comm")).ok()?;
            (ours && name.trim() == comm).then_some(pid)
        })
        .collect()
}

/// How many times a process gave up its CPU (it blocks on a pipe or a vfork: once per thing it waited for).
fn waits(pid: u32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap();
    status
        .lines()
        .find_map(|l| l.strip_prefix("voluntary_ctxt_switches:"))
        .and_then(|n| n.trim().parse().ok())
        .unwrap()
}

/// Whether contained programs go through the spawner here: as root, with a pid namespace.
fn has_spawner(what: &str) -> bool {
    let layers = sandbox::layers::active();
    let has = layers.iter().any(|l| l == "pid-namespace") && sandbox::layers::is_root();
    if !has {
        eprintln!("SKIPPED {what}: not root with a pid namespace ({layers:?})");
    }
    has
}

/// As root, a contained program is started by the launcher's spawner (a process of its own that sleeps
/// between runs): it wakes for each contained run, and not for a run without containment (forked by the
/// launcher). Every run's exit and output come back: the program is the launcher's child, or the
/// launcher's `wait4` would fail.
#[test]
fn contained_programs_are_started_by_the_launchers_spawner() {
    if !has_spawner("spawner used") {
        return;
    }
    let (cache, prog) = cache_with_build("spawner", "spawned");
    let sandbox = sandbox_for(&cache);
    let stdout = setup().join("spawner");
    assert_eq!(
        run_build(&sandbox, &prog, &stdout).as_deref(),
        Some("spawned\n")
    );
    let spawners = launcher_processes(&cache, "sandbox-spawner");
    assert_eq!(spawners.len(), 1, "spawners: {spawners:?}");
    let before = waits(spawners[0]);
    for _ in 0..3 {
        assert_eq!(
            run_build(&sandbox, &prog, &stdout).as_deref(),
            Some("spawned\n")
        );
    }
    let contained = waits(spawners[0]) - before;
    let plain = Invocation {
        program: OsString::from("/bin/true"),
        ..Invocation::default()
    };
    for _ in 0..3 {
        let outcome = sandbox
            .run(&plain, Path::new("/dev/null"), &stdout, &limits(5000))
            .unwrap();
        assert_eq!(outcome.exit, Exit::Code(0), "{outcome:?}");
    }
    let uncontained = waits(spawners[0]) - before - contained;
    assert!(
        contained >= 3,
        "the spawner waited {contained} times for 3 contained runs"
    );
    assert_eq!(
        uncontained, 0,
        "the spawner woke for runs without containment"
    );
}

/// A spawner killed between runs does not hang the launcher: the next run gets its verdict, and a new
/// spawner is made.
#[test]
fn a_killed_spawner_is_replaced_and_the_next_run_ends() {
    if !has_spawner("killed spawner") {
        return;
    }
    let (cache, prog) = cache_with_build("killed-spawner", "again");
    let sandbox = sandbox_for(&cache);
    let stdout = setup().join("killed-spawner");
    assert_eq!(
        run_build(&sandbox, &prog, &stdout).as_deref(),
        Some("again\n")
    );
    let first = launcher_processes(&cache, "sandbox-spawner");
    assert_eq!(first.len(), 1, "spawners: {first:?}");
    std::process::Command::new("kill")
        .args(["-KILL", &first[0].to_string()])
        .status()
        .unwrap();
    // Between runs: the signal is delivered at once, but the spawner may still be reading a request for a
    // moment; the next run starts once it has ended (gone, or a zombie for the launcher to reap).
    let stat = format!("/proc/{}/stat", first[0]);
    for _ in 0..1000 {
        match std::fs::read_to_string(&stat) {
            Ok(text)
                if !text
                    .rsplit(')')
                    .next()
                    .unwrap_or("")
                    .trim_start()
                    .starts_with('Z') =>
            {
                std::thread::sleep(std::time::Duration::from_millis(10))
            }
            _ => break,
        }
    }
    assert_eq!(
        run_build(&sandbox, &prog, &stdout).as_deref(),
        Some("again\n")
    );
    // Replaced.
    let second = launcher_processes(&cache, "sandbox-spawner");
    assert_eq!(second.len(), 1, "spawners: {second:?}");
    assert_ne!(second, first, "the killed spawner is still there");
    assert!(
        waits(second[0]) >= 1,
        "the new spawner did not start the run"
    );
    assert_eq!(
        run_build(&sandbox, &prog, &stdout).as_deref(),
        Some("again\n")
    );
}

/// No IPC object outlives a run for the next run of the same program to find: every kind a shell can make
/// (a System V segment, message queue and semaphore set, by key) tried in one run, looked for in the next
/// run of the same launcher, which joins the same prepared namespaces.
#[test]
fn a_run_leaves_no_ipc_object_for_the_next() {
    let layers = sandbox::layers::active();
    if !layers.iter().any(|l| l == "ipc-namespace") {
        eprintln!(
            "SKIPPED no IPC object left: {layers:?} has no ipc-namespace layer on this machine"
        );
        return;
    }
    // A handle of its own, used by this thread alone: both runs go to its one launcher.
    let cache = setup().join("ipc-cache");
    std::fs::create_dir_all(cache.join("bin")).unwrap();
    let sandbox = sandbox_for(&cache);
    let run = |script: &str, name: &str| {
        let stdout = setup().join(name);
        let command = Invocation {
            program: OsString::from("/bin/sh"),
            args: vec!["-c".into(), script.into()],
            isolate: true,
            ..Invocation::default()
        };
        let outcome = sandbox
            .run(&command, Path::new("/dev/null"), &stdout, &limits(5000))
            .unwrap();
        assert_eq!(outcome.exit, Exit::Code(0), "{script}: {outcome:?}");
        std::fs::read_to_string(&stdout).unwrap()
    };
    for round in 0..2 {
        run(
            "ipcmk -p 0666 -M 4096; ipcmk -p 0666 -Q; ipcmk -p 0666 -S 1; exit 0",
            "ipc-make",
        );
        // The three tables, each a header line and a line per object of the run's IPC namespace.
        let seen = run(
            "cat /proc/sysvipc/shm /proc/sysvipc/msg /proc/sysvipc/sem",
            "ipc-look",
        );
        assert_eq!(seen.lines().count(), 3, "round {round}: {seen}");
    }
}

/// The pids of the processes whose command line is `args`.
fn processes_running(args: &[&str]) -> Vec<i32> {
    let wanted: Vec<u8> = args
        .iter()
        .flat_map(|a| [a.as_bytes(), b"\0"].concat())
        .collect();
    std::fs::read_dir("/proc")
        .unwrap()
        .filter_map(|e| {
            let dir = e.ok()?.path();
            let pid = dir.file_name()?.to_str()?.parse().ok()?;
            (std::fs::read(dir.join("cmdline")).ok()? == wanted).then_some(pid)
        })
        .collect()
}

fn parent_of(pid: i32) -> Option<i32> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    stat.rsplit_once(')')?
        .1
        .split_whitespace()
        .nth(1)?
        .parse()
        .ok()
}

/// The launcher that started the shell whose child `pid` is: its grandparent, when that is a launcher of
/// the crate (an orphan's grandparent may be anything, the test itself included).
fn launcher_of(pid: i32) -> Option<i32> {
    let launcher = parent_of(parent_of(pid)?)?;
    let cmdline = std::fs::read(format!("/proc/{launcher}/cmdline")).ok()?;
    let program = cmdline.split(|&b| b == 0).next()?;
    (launcher > 1 && program == env!("CARGO_BIN_EXE_sandbox-launcher").as_bytes())
        .then_some(launcher)
}

/// A launcher killed under its program: the judge kills the program's process group, whose pid the
/// launcher put in its pid slots (no message). The program is left without containment, so that nothing
/// else ends what it started: its shell dies with the launcher (its parent-death signal), but the shell's
/// `sleep`, in the same group, would outlive both. Killed twice (the run is tried again once), the run
/// is lost, and neither `sleep` is left.
#[test]
fn the_programs_of_a_killed_launcher_are_killed_with_it() {
    let (cache, _) = cache_with_build("killed-launcher", "unused");
    let sandbox = sandbox_for(&cache);
    let stdout = setup().join("killed-launcher");
    let sleep = ["sleep", "3607"];
    let run = std::thread::spawn(move || {
        let command = Invocation {
            program: OsString::from("/bin/sh"),
            args: vec!["-c".into(), format!("{} & wait", sleep.join(" ")).into()],
            ..Invocation::default()
        };
        let outcome = sandbox.run(&command, Path::new("/dev/null"), &stdout, &limits(60_000));
        drop(sandbox);
        outcome
    });
    let mut killed = Vec::new();
    let mut sleepers = Vec::new();
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(60);
    while killed.len() < 2 {
        assert!(
            std::time::Instant::now() < deadline,
            "no program to kill the launcher of"
        );
        for pid in processes_running(&sleep) {
            let Some(launcher) = launcher_of(pid) else {
                continue;
            };
            if !killed.contains(&launcher) {
                // SAFETY: killing a launcher of this test's sandbox (the grandparent of its `sleep`).
                unsafe { libc::kill(launcher, libc::SIGKILL) };
                killed.push(launcher);
                sleepers.push(pid);
            }
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    let outcome = run.join().unwrap();
    // A process killed may take a moment to be reaped; its command line is empty from its death.
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
    while !processes_running(&sleep).is_empty() && std::time::Instant::now() < deadline {
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    let left = processes_running(&sleep);
    for &pid in &left {
        // SAFETY: a `sleep` this test started, left running.
        unsafe { libc::kill(pid, libc::SIGKILL) };
    }
    assert!(left.is_empty(), "left running: {left:?} of {sleepers:?}");
    // Killed twice under its started program, the run is lost (that test only), not an error.
    let outcome = outcome.unwrap();
    assert!(
        String::from_utf8_lossy(&outcome.stderr_tail).contains("launcher"),
        "{outcome:?}"
    );
}

/// As `the_programs_of_a_killed_launcher_are_killed_with_it`, for an interactive pair: both programs are
/// in the launcher's slots, and both are killed with it.
#[test]
fn both_programs_of_an_interactive_run_are_killed_with_their_launcher() {
    let (cache, _) = cache_with_build("killed-interact", "unused");
    let sandbox = sandbox_for(&cache);
    let solution = ["sleep", "3611"];
    let interactor = ["sleep", "3612"];
    let side = |sleep: [&str; 2]| sandbox::Side {
        program: OsString::from("/bin/sh"),
        args: vec!["-c".into(), format!("{} & wait", sleep.join(" ")).into()],
        unlimited_address_space: false,
        limits: limits(60_000),
        isolate: false,
        binds: Vec::new(),
        cwd: None,
    };
    let request = sandbox::InteractRequest {
        solution: side(solution),
        interactor: side(interactor),
        transcript_bytes: 1024,
        interactor_accepts: Some(42),
        hold_solution_eof: false,
    };
    let run = std::thread::spawn(move || {
        let answer = sandbox.interact(&request);
        drop(sandbox);
        answer
    });
    // The launcher of a pair whose two programs run, killed twice (the run is tried again once).
    let mut killed = Vec::new();
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(60);
    while killed.len() < 2 {
        assert!(
            std::time::Instant::now() < deadline,
            "no pair to kill the launcher of"
        );
        let launchers = |sleep: &[&str]| -> Vec<i32> {
            processes_running(sleep)
                .into_iter()
                .filter_map(launcher_of)
                .collect()
        };
        let of_interactor = launchers(&interactor);
        for launcher in launchers(&solution) {
            if of_interactor.contains(&launcher) && !killed.contains(&launcher) {
                // SAFETY: killing a launcher of this test's sandbox (the grandparent of its `sleep`s).
                unsafe { libc::kill(launcher, libc::SIGKILL) };
                killed.push(launcher);
            }
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    assert!(
        run.join().unwrap().is_err(),
        "a launcher lost twice is an error"
    );
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
    let left = || [processes_running(&solution), processes_running(&interactor)].concat();
    while !left().is_empty() && std::time::Instant::now() < deadline {
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    let left = left();
    for &pid in &left {
        // SAFETY: a `sleep` this test started, left running.
        unsafe { libc::kill(pid, libc::SIGKILL) };
    }
    assert!(left.is_empty(), "left running: {left:?}");
}

/// Launchers started ahead of the runs are the ones the runs take: a handle starts none until asked, two
/// when asked for two, and a run then takes one of them instead of starting a third. Told to end, the idle
/// ones end without the handle being dropped, and a later run starts its own; dropping the handle reaps
/// every launcher.
#[test]
fn launchers_started_ahead_are_the_ones_the_runs_take() {
    let (cache, _) = cache_with_build("ahead", "unused");
    let sandbox = sandbox_for(&cache);
    // The launchers themselves (their forks, a spawner or a namespace's init, have other names).
    let launchers = || launcher_processes(&cache, "sandbox-launche").len();
    let settled = |count: usize| {
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(30);
        while launchers() != count && std::time::Instant::now() < deadline {
            std::thread::sleep(std::time::Duration::from_millis(20));
        }
        launchers()
    };
    sandbox.prestart(0);
    assert_eq!(launchers(), 0, "no launcher before one is asked for");
    sandbox.prestart(2);
    assert_eq!(settled(2), 2, "the two launchers asked for");
    let command = Invocation {
        program: OsString::from("/bin/true"),
        isolate: true,
        ..Invocation::default()
    };
    let run = || {
        let stdout = setup().join("ahead");
        let outcome = sandbox.run(&command, Path::new("/dev/null"), &stdout, &limits(5000));
        assert_eq!(outcome.unwrap().exit, Exit::Code(0));
    };
    run();
    assert_eq!(launchers(), 2, "the run took a launcher started ahead");
    sandbox.end_idle();
    // Ended, not yet reaped: a zombie has no command line.
    assert_eq!(settled(0), 0, "the idle launchers end when told to");
    run();
    assert_eq!(launchers(), 1, "a run after them starts its own");
    drop(sandbox);
    assert_eq!(launchers(), 0, "every launcher reaped with the handle");
}

/// Each launcher keeps to a CPU of its own (its runs with it), so that a run's hand-overs between the
/// launcher, its spawner and the program stay on one core; two launchers of a handle keep to two different
/// ones; a compiler gets every CPU back. The launchers are started ahead and looked at in /proc, so the
/// test does not depend on two runs overlapping in time.
#[test]
fn each_launcher_keeps_to_a_cpu_of_its_own_and_a_compiler_to_none() {
    let allowed = sandbox::cpus::allowed();
    if allowed.len() < 2 {
        eprintln!("SKIPPED CPUs of the launchers: this process may run on {allowed:?} only");
        return;
    }
    // Claims of this test's own: the judges and tests running beside it do not take them.
    let names = format!("harness-cpu-runs-{}", std::process::id());
    let cache = setup().join("cpu-cache");
    std::fs::create_dir_all(cache.join("bin")).unwrap();
    let sandbox = sandbox_for(&cache).with_cpu_claims(Some(&names));
    let cpus_of = |text: &str| -> Vec<usize> {
        let list = text.trim().rsplit('\t').next().unwrap_or_default();
        list.split(',')
            .flat_map(|part| match part.split_once('-') {
                Some((a, b)) => (a.parse().unwrap()..=b.parse().unwrap()).collect::<Vec<usize>>(),
                None => vec![part.parse().unwrap()],
            })
            .collect()
    };
    let cpus_of_process = |pid: u32| {
        let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
        let line = status
            .lines()
            .find(|l| l.starts_with("Cpus_allowed_list:"))
            .unwrap_or_default()
            .to_string();
        cpus_of(&line)
    };
    sandbox.prestart(2);
    let command = Invocation {
        program: OsString::from("/bin/sh"),
        args: vec![
            "-c".into(),
            "grep Cpus_allowed_list /proc/self/status".into(),
        ],
        isolate: true,
        ..Invocation::default()
    };
    let stdout = setup().join("cpu-run");
    let outcome = sandbox
        .run(&command, Path::new("/dev/null"), &stdout, &limits(5000))
        .unwrap();
    assert_eq!(outcome.exit, Exit::Code(0), "{outcome:?}");
    let program = cpus_of(&std::fs::read_to_string(&stdout).unwrap());
    // Both launchers started ahead, each seen in /proc (the second may still be starting).
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(30);
    let launchers = loop {
        let found = launcher_processes(&cache, "sandbox-launche");
        if found.len() >= 2 || std::time::Instant::now() > deadline {
            break found;
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    };
    let mut seen: Vec<Vec<usize>> = launchers.iter().map(|&pid| cpus_of_process(pid)).collect();
    seen.sort();
    assert_eq!(seen.len(), 2, "two launchers started ahead: {launchers:?}");
    assert!(seen.iter().all(|cpus| cpus.len() == 1), "{seen:?}");
    assert_ne!(seen[0], seen[1], "two launchers on one CPU");
    assert!(
        seen.iter().all(|cpus| allowed.contains(&cpus[0])),
        "{seen:?}"
    );
    assert!(
        seen.contains(&program),
        "the program kept to its launcher's CPU: {program:?}, {seen:?}"
    );
    let dir = setup().join("cpu-compiler");
    std::fs::create_dir_all(&dir).unwrap();
    let output = sandbox.compile(&command, &dir).unwrap();
    assert_eq!(
        cpus_of(&String::from_utf8_lossy(&output.stdout)),
        allowed,
        "a compiler keeps to every CPU of the judge's"
    );
}

/// The request `sh -c SCRIPT` contained, with stdin from `stdin` and stdout into `stdout`.
fn sh_request(script: &str, stdin: &Path, stdout: &Path) -> sandbox::RunRequest {
    let command = Invocation {
        program: OsString::from("/bin/sh"),
        args: vec!["-c".into(), script.into()],
        isolate: true,
        ..Invocation::default()
    };
    Sandbox::request(&command, stdin, stdout, &limits(5000))
}

/// Waits (a bounded while: this is no timing) until `path` holds `text`.
fn wait_for_text(path: &Path, text: &str) -> bool {
    for _ in 0..3000 {
        if std::fs::read_to_string(path).is_ok_and(|t| t == text) {
            return true;
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    false
}

/// A lane's launcher runs the next request as soon as the one before ends, with no one reading that one's
/// reply yet; the outcomes come back in the order of the requests, each with its own output.
#[test]
fn a_lane_runs_the_next_request_before_the_last_reply_is_read() {
    let dir = setup().join("lane-ahead");
    std::fs::create_dir_all(&dir).unwrap();
    let (one, two) = (dir.join("one"), dir.join("two"));
    let null = Path::new("/dev/null");
    let mut lane = sandbox().lane();
    lane.send(sh_request("echo one; exit 3", null, &one));
    lane.send(sh_request("echo two; exit 4", null, &two));
    assert_eq!(lane.pending(), 2);
    assert!(
        wait_for_text(&two, "two\n"),
        "the second request did not run before the first reply was read"
    );
    let first = lane.receive().expect("one pending").unwrap();
    assert_eq!(first.exit, Exit::Code(3), "{first:?}");
    assert_eq!(std::fs::read_to_string(&one).unwrap(), "one\n");
    let second = lane.receive().expect("one pending").unwrap();
    assert_eq!(second.exit, Exit::Code(4), "{second:?}");
    assert!(lane.receive().is_none());
}

/// A lane whose launcher is killed while a request runs and another waits: both run again in a new
/// launcher and come back in order, the killed run's program gone with its launcher.
#[test]
fn a_lane_whose_launcher_dies_runs_its_requests_again() {
    let (cache, _) = cache_with_build("lane-killed", "unused");
    let sandbox = sandbox_for(&cache);
    let dir = setup().join("lane-killed");
    std::fs::create_dir_all(&dir).unwrap();
    let (flag, one, two) = (dir.join("flag"), dir.join("one"), dir.join("two"));
    std::fs::write(&flag, "wait\n").unwrap();
    // Runs until its stdin file says `go` (read again through its descriptor, from the start).
    let waits = "echo started; while ! grep -q go /proc/self/fd/0; do sleep 0.02; done; exit 5";
    let mut lane = sandbox.lane();
    lane.send(sh_request(waits, &flag, &one));
    lane.send(sh_request("echo two; exit 6", Path::new("/dev/null"), &two));
    assert!(
        wait_for_text(&one, "started\n"),
        "the first run did not start"
    );
    let launchers = launcher_processes(&cache, "sandbox-launche");
    assert_eq!(launchers.len(), 1, "launchers: {launchers:?}");
    std::process::Command::new("kill")
        .args(["-KILL", &launchers[0].to_string()])
        .status()
        .unwrap();
    std::fs::write(&flag, "go\n").unwrap();
    let first = lane.receive().expect("one pending").unwrap();
    assert_eq!(first.exit, Exit::Code(5), "{first:?}");
    let second = lane.receive().expect("one pending").unwrap();
    assert_eq!(second.exit, Exit::Code(6), "{second:?}");
    assert_eq!(std::fs::read_to_string(&two).unwrap(), "two\n");
    let now = launcher_processes(&cache, "sandbox-launche");
    assert!(
        now.len() == 1 && now != launchers,
        "launchers after: {now:?}"
    );
}

/// As root with control groups, a launcher keeps a thread that writes itself into the control group it is
/// already in (`warm`): it moves nothing, every thread of the launcher stays where the judge is.
#[test]
fn the_launchers_cgroup_warming_thread_moves_nothing() {
    let layers = sandbox::layers::active();
    if !sandbox::layers::is_root() || !layers.iter().any(|l| l.starts_with("cgroup-v")) {
        eprintln!("SKIPPED cgroup warming: not root with control groups ({layers:?})");
        return;
    }
    let (cache, prog) = cache_with_build("warm", "warm");
    let sandbox = sandbox_for(&cache);
    let stdout = setup().join("warm");
    assert_eq!(
        run_build(&sandbox, &prog, &stdout).as_deref(),
        Some("warm\n")
    );
    let launchers = launcher_processes(&cache, "sandbox-launche");
    assert_eq!(launchers.len(), 1, "launchers: {launchers:?}");
    let tasks = Path::new("/proc")
        .join(launchers[0].to_string())
        .join("task");
    let threads: Vec<(String, String)> = std::fs::read_dir(&tasks)
        .unwrap()
        .map(|e| {
            let dir = e.unwrap().path();
            let read = |f: &str| std::fs::read_to_string(dir.join(f)).unwrap();
            (read("comm").trim().to_string(), read("cgroup"))
        })
        .collect();
    assert!(
        threads.iter().any(|(name, _)| name == "cgroup-warm"),
        "threads: {threads:?}"
    );
    // The launcher was made in the test's groups (a v2 launcher moves itself into a leaf of its own).
    if layers.iter().any(|l| l == "cgroup-v1") {
        let own = std::fs::read_to_string("/proc/self/cgroup").unwrap();
        for (name, cgroup) in &threads {
            assert_eq!(cgroup, &own, "thread {name} moved");
        }
    } else {
        assert!(
            threads.iter().all(|(_, cgroup)| *cgroup == threads[0].1),
            "{threads:?}"
        );
    }
}

/// Every CPU claimed (by the lanes of a judge), the side run of a lane's test (a checker program) goes to a
/// launcher on the lane's CPU, not to one that keeps to none: its programs run where the lane's do.
#[test]
fn a_lanes_side_runs_keep_to_the_lanes_cpu_when_every_cpu_is_claimed() {
    let allowed = sandbox::cpus::allowed();
    if allowed.len() < 2 {
        eprintln!("SKIPPED side runs' CPU: this process may run on {allowed:?} only");
        return;
    }
    let names = format!("harness-cpu-side-{}", std::process::id());
    // All but one CPU taken under the test's names, as other lanes would: the lane gets the last one.
    let others: Vec<_> = std::iter::from_fn(|| sandbox::cpus::claim(&names))
        .take(allowed.len() - 1)
        .collect();
    let cache = setup().join("side-cache");
    std::fs::create_dir_all(cache.join("bin")).unwrap();
    let sandbox = sandbox_for(&cache).with_cpu_claims(Some(&names));
    let dir = setup().join("side");
    std::fs::create_dir_all(&dir).unwrap();
    let cpus = "grep Cpus_allowed_list /proc/self/status";
    let null = Path::new("/dev/null");
    let mut lane = sandbox.lane();
    lane.send(sh_request(cpus, null, &dir.join("lane")));
    let outcome = lane.receive().expect("one pending").unwrap();
    assert_eq!(outcome.exit, Exit::Code(0), "{outcome:?}");
    let side = sandbox
        .run_request(&sh_request(cpus, null, &dir.join("side")))
        .unwrap();
    assert_eq!(side.exit, Exit::Code(0), "{side:?}");
    let read = |name: &str| std::fs::read_to_string(dir.join(name)).unwrap();
    let lane_cpus = read("lane");
    assert!(
        !lane_cpus.contains(',') && !lane_cpus.contains('-'),
        "the lane's program keeps to one CPU: {lane_cpus}"
    );
    assert_eq!(read("side"), lane_cpus, "the side run's CPUs");
    drop(lane);
    drop(others);
}

/// Runs `program ARGS`, contained, with stdin from `stdin`; how it ended and its stdout.
fn run_with_input(program: &str, args: &[&str], stdin: &Path) -> (RunOutcome, String) {
    let dir = setup();
    let stdout = dir.join(format!("out-{}-{}", program.len(), args.concat().len()));
    let command = Invocation {
        program: OsString::from(program),
        args: args.iter().map(OsString::from).collect(),
        isolate: true,
        ..Invocation::default()
    };
    let outcome = sandbox()
        .run(&command, stdin, &stdout, &limits(5000))
        .unwrap();
    let text = std::fs::read_to_string(&stdout).unwrap_or_default();
    (outcome, text)
}

/// Runs a Perl one-liner (Perl's `syscall` makes any system call), contained.
fn perl(script: &str) -> (RunOutcome, String) {
    run_with_input("/usr/bin/perl", &["-e", script], Path::new("/dev/null"))
}

fn has_layer(layer: &str, what: &str) -> bool {
    let layers = sandbox::layers::active();
    let has = layers.iter().any(|l| l == layer);
    if !has {
        eprintln!("SKIPPED {what}: {layers:?} has no {layer} layer on this machine");
    }
    has
}

#[test]
fn a_program_cannot_reopen_its_input_for_writing() {
    // The input writable by the program's user, as the judge's own test data is to a program of a judge
    // that is not root (its user namespace maps it to the judge's user).
    let input = setup().join("reopened.in");
    std::fs::write(&input, "2 3\n").unwrap();
    std::fs::set_permissions(&input, std::os::unix::fs::PermissionsExt::from_mode(0o666)).unwrap();
    let script = "cat; echo HACKED > /proc/self/fd/0; echo HACKED >> /proc/self/fd/0; echo done";
    let (outcome, text) = run_with_input("/bin/sh", &["-c", script], &input);
    assert_eq!(outcome.exit, Exit::Code(0), "{outcome:?}");
    assert_eq!(text, "2 3\ndone\n", "{outcome:?}");
    assert_eq!(std::fs::read_to_string(&input).unwrap(), "2 3\n");
}

/// The launcher keeps the sealed copy of an input for its next run: every run reads it whole from its
/// start, a program that tries to write it changes nothing for the next, and a changed file (the same size)
/// is copied afresh.
#[test]
fn every_run_of_an_input_reads_it_whole_and_as_it_is_now() {
    let input = setup().join("kept.in");
    std::fs::write(&input, "2 3\n").unwrap();
    let script = "cat; echo HACKED >> /proc/self/fd/0; echo HACKED > /proc/self/fd/0";
    for round in 0..3 {
        let (outcome, text) = run_with_input("/bin/sh", &["-c", script], &input);
        assert_eq!(text, "2 3\n", "round {round}: {outcome:?}");
    }
    std::thread::sleep(std::time::Duration::from_millis(20));
    std::fs::write(&input, "4 5\n").unwrap();
    let (outcome, text) = run_with_input("/bin/sh", &["-c", "cat"], &input);
    assert_eq!(outcome.exit, Exit::Code(0), "{outcome:?}");
    assert_eq!(text, "4 5\n", "the changed input: {outcome:?}");
    assert_eq!(std::fs::read_to_string(&input).unwrap(), "4 5\n");
}

#[test]
fn forbidden_system_calls_kill_the_program() {
    if !has_layer("seccomp", "system-call filter") {
        return;
    }
    let sigsys = libc::SIGSYS;
    for (what, script) in [
        (
            "ptrace",
            format!(
                "syscall({}, 0, 0, 0, 0); print \"traced\\n\"",
                libc::SYS_ptrace
            ),
        ),
        (
            "unshare",
            format!(
                "syscall({}, {}); print \"unshared\\n\"",
                libc::SYS_unshare,
                libc::CLONE_NEWUSER
            ),
        ),
        (
            "vsock",
            format!(
                "syscall({}, {}, 1, 0); print \"socket\\n\"",
                libc::SYS_socket,
                libc::AF_VSOCK
            ),
        ),
        (
            "clone",
            format!(
                "syscall({}, {}, 0, 0, 0, 0); print \"cloned\\n\"",
                libc::SYS_clone,
                libc::CLONE_NEWNET | libc::SIGCHLD
            ),
        ),
        // getpid under its x32 number: every x32 call is killed, so that none passes the filter under
        // another number.
        (
            "x32",
            format!(
                "syscall({}); print \"x32\\n\"",
                0x4000_0000 | libc::SYS_getpid
            ),
        ),
    ] {
        let (outcome, text) = perl(&script);
        assert_eq!(
            outcome.exit,
            Exit::Signal(sigsys),
            "{what}: {outcome:?} {text}"
        );
        assert_eq!(text, "", "{what}");
    }
    // What a contest program does is untouched: threads (glibc tries clone3, gets ENOSYS, uses clone),
    // processes.
    let script = format!(
        "print syscall({}, 0, 0, 0, 0, 0) == -1 ? $!+0 : 0, \"\\n\"; my $pid = fork; exit 0 if !$pid; waitpid($pid, 0); print \"forked $?\\n\"",
        libc::SYS_clone3
    );
    let (outcome, text) = perl(&script);
    assert_eq!(outcome.exit, Exit::Code(0), "{outcome:?}");
    assert_eq!(text, format!("{}\nforked 0\n", libc::ENOSYS), "{outcome:?}");
}

/// Where no control group counts a run's memory, what a program holds outside its own pages is seen by no
/// sample of its processes: System V segments, queues and semaphores, a memfd once unmapped, socket
/// buffers, pipes grown past 64 KiB. Each is refused as on a kernel without it (`ENOSYS`); the program
/// goes on.
#[test]
fn memory_outside_a_programs_pages_cannot_be_made() {
    if !has_layer("seccomp", "memory outside a program's pages") {
        return;
    }
    let calls = [
        format!("syscall({}, 0, 4096, 0o1600)", libc::SYS_shmget),
        format!("syscall({}, 0, 0o1600)", libc::SYS_msgget),
        format!("syscall({}, 0, 1, 0o1600)", libc::SYS_semget),
        format!("syscall({}, $name, 0)", libc::SYS_memfd_create),
        format!("syscall({}, 1, 1, 0)", libc::SYS_socket),
        format!("syscall({}, 1, 1, 0, $pair)", libc::SYS_socketpair),
        format!(
            "syscall({}, fileno($w), {}, 1048576)",
            libc::SYS_fcntl,
            libc::F_SETPIPE_SZ
        ),
    ];
    let script = format!(
        "my $name = \"hoard\"; my $pair = \"\\0\" x 8; pipe(my $r, my $w); for my $x ({}) {{ print $x, \" \", ($x == -1 ? $!+0 : 0), \"\\n\" }} print \"went on\\n\"",
        calls.join(", ")
    );
    let (outcome, text) = perl(&script);
    assert_eq!(outcome.exit, Exit::Code(0), "{outcome:?}");
    let refused = format!("-1 {}\n", libc::ENOSYS).repeat(calls.len());
    assert_eq!(text, format!("{refused}went on\n"), "{outcome:?}");
}

#[test]
fn the_keyrings_are_out_of_reach_and_nothing_carries_to_the_next_run() {
    if !has_layer("seccomp", "keyring") {
        return;
    }
    // A key added to the uid's user keyring and to the session keyring (the judge's, inherited), then
    // looked for by the next run; each call's result and errno.
    let add = format!(
        "my ($type, $name, $secret) = (\"user\", \"harness-test-key\", \"secret\"); for my $ring (-4, -3) {{ my $r = syscall({}, $type, $name, $secret, 6, $ring); print $r, \" \", ($r == -1 ? $!+0 : 0), \"\\n\" }}",
        libc::SYS_add_key
    );
    let search = format!(
        "my ($type, $name) = (\"user\", \"harness-test-key\"); for my $ring (-4, -3) {{ my $r = syscall({}, 10, $ring, $type, $name, 0); print $r, \" \", ($r == -1 ? $!+0 : 0), \"\\n\" }}",
        libc::SYS_keyctl
    );
    let refused = format!("-1 {}\n-1 {}\n", libc::ENOSYS, libc::ENOSYS);
    let (outcome, text) = perl(&add);
    assert_eq!(outcome.exit, Exit::Code(0), "{outcome:?}");
    assert_eq!(text, refused, "adding a key");
    let (outcome, text) = perl(&search);
    assert_eq!(outcome.exit, Exit::Code(0), "{outcome:?}");
    assert_eq!(text, refused, "finding the key in the next run");
}

/// An interactor that closes its output and then rejects, and a solution that fails on the end of its
/// input: the interactor ended first (its rejection wins), even though the solution is reaped first (here
/// always: the interactor waits for the solution's end before it exits).
#[test]
fn an_interactor_that_ends_the_exchange_and_rejects_ended_first() {
    let side = |script: &str| sandbox::Side {
        program: OsString::from("/bin/sh"),
        args: vec!["-c".into(), script.into()],
        unlimited_address_space: false,
        limits: limits(5000),
        isolate: true,
        binds: Vec::new(),
        cwd: None,
    };
    for interactor in [
        "exec 1>&-; read answer; exit 43",
        "exit 43",
        "echo question; exec 1>&-; read answer; exit 43",
    ] {
        let request = sandbox::InteractRequest {
            solution: side("read question; read end || exit 3; echo $end"),
            interactor: side(interactor),
            transcript_bytes: 1024,
            interactor_accepts: Some(42),
            hold_solution_eof: false,
        };
        let interaction = sandbox().interact(&request).unwrap();
        assert_eq!(interaction.interactor.exit, Exit::Code(43), "{interactor}");
        assert!(
            interaction.interactor_first,
            "{interactor}: the solution ({:?}) ended on the end of its input, after the interactor had closed it",
            interaction.solution.exit
        );
    }
}

/// A compiler runs outside the runs' control group: its tree is sampled and stopped at its memory limit
/// (2 GiB) all the same, as root too. The "compiler" allocates 256 MiB at a time, up to 3 GiB, and says how
/// far it got: stopped near the limit, it gets no further than 2.25 GiB.
#[test]
fn a_compiler_is_stopped_at_its_memory_limit() {
    let dir = setup().join("compiler-memory");
    std::fs::create_dir_all(&dir).unwrap();
    let script =
        "$| = 1; my @kept; for my $i (1..12) { push @kept, \"a\" x (256 << 20); print \"$i\\n\" }";
    let command = Invocation {
        program: OsString::from("/usr/bin/perl"),
        args: vec!["-e".into(), script.into()],
        isolate: true,
        ..Invocation::default()
    };
    let output = sandbox().compile(&command, &dir).unwrap();
    let text = String::from_utf8_lossy(&output.stdout);
    let reached: u64 = text
        .lines()
        .last()
        .and_then(|l| l.trim().parse().ok())
        .unwrap_or(0);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(reached <= 9, "{reached} x 256 MiB allocated: {stderr}");
    assert!(!output.status.success(), "{stderr}");
    if std::env::var_os("HARNESS_TEST_COARSE_CPU").is_some()
        && stderr.contains("more than 30 s of CPU time")
    {
        // User-mode Linux charges every page fault CPU time: the CPU limit may come first there.
        eprintln!("SKIPPED compiler memory message: stopped by CPU time first where CPU accounting is coarse");
        return;
    }
    assert!(stderr.contains("more than 2048 MiB of memory"), "{stderr}");
}

/// Past the output limit a program is killed by SIGXFSZ; asked to run on (`runs_on_past_output`, as judges
/// that cut the output let it), its writes past the limit fail and it goes on to its own end.
#[test]
fn a_program_past_the_output_limit_is_killed_or_runs_on() {
    let mut small = limits(2000);
    small.output_bytes = 1000;
    // `printf` is the shell's own: the shell itself writes past the limit.
    let script = "i=0; while [ $i -lt 100 ]; do printf '%0500d' 0; i=$((i+1)); done; exit 3";
    let (killed, _) = sh(script, &small);
    assert!(
        killed.exit != Exit::Code(3) && killed.output_overflow(&small),
        "{killed:?}"
    );
    let dir = setup();
    let stdout = dir.join("runs-on");
    let command = Invocation {
        program: OsString::from("/bin/sh"),
        args: vec!["-c".into(), script.into()],
        isolate: true,
        ..Invocation::default()
    };
    let mut request = Sandbox::request(&command, Path::new("/dev/null"), &stdout, &small);
    request.runs_on_past_output = true;
    let ran_on = sandbox().run_request(&request).unwrap();
    assert_eq!(ran_on.exit, Exit::Code(3), "{ran_on:?}");
    assert!(ran_on.output_overflow(&small), "{ran_on:?}");
    assert!(std::fs::metadata(&stdout).unwrap().len() <= 1001);
}

/// A solution that closes its output and goes on: the interactor sees the end of its input at once and
/// rejects while the solution still runs; with the end held back (`hold_solution_eof`, as problemtools'
/// runner), the interactor waits until the solution's limits stop it, and the solution ended first.
#[test]
fn a_closed_solution_output_is_passed_on_at_once_or_when_it_ends() {
    let side = |script: &str, cpu_ms: u64| sandbox::Side {
        program: OsString::from("/bin/sh"),
        args: vec!["-c".into(), script.into()],
        unlimited_address_space: false,
        limits: limits(cpu_ms),
        isolate: true,
        binds: Vec::new(),
        cwd: None,
    };
    for hold in [false, true] {
        let request = sandbox::InteractRequest {
            solution: side("exec 1>&-; while :; do :; done", 300),
            interactor: side("read answer || exit 43; exit 42", 5000),
            transcript_bytes: 1024,
            interactor_accepts: Some(42),
            hold_solution_eof: hold,
        };
        let interaction = sandbox().interact(&request).unwrap();
        assert_eq!(
            interaction.interactor.exit,
            Exit::Code(43),
            "{interaction:?}"
        );
        match hold {
            // The end of its input passed on at once: the interactor rejected and ended while the
            // solution still ran (who ended first is then the relay's call: the solution closed its
            // output before the interactor ended, and the order it saw them in depends on scheduling).
            false => assert!(
                interaction.interactor.wall_us < interaction.solution.wall_us,
                "{interaction:?}"
            ),
            // Its CPU limit stopped it first; only then did the interactor see the end of its input.
            true => {
                assert!(!interaction.interactor_first, "{interaction:?}");
                assert!(interaction.solution.cpu_us > 300_000, "{interaction:?}");
            }
        }
    }
}
