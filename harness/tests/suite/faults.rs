//! The judge under faults: solutions that loop, sleep, leave grandchildren, allocate or recurse without
//! bound, flood stdout or stderr, print bytes that are not UTF-8, close their descriptors; `-j` that does
//! not change the verdicts; Ctrl-C that leaves no solution behind. Each test proves one guarantee of
//! "Limits and guarantees" of docs/containment.md and fails if it breaks. Times are only ever bounded from above, to prove
//! that nothing hung.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{mpsc, Arc};
use std::time::{Duration, Instant};

use serde_json::Value;

/// Longer than any run here can take unless something hangs.
const HANG: Duration = Duration::from_secs(120);
/// Longer than a killed process can take to go, and shorter than any backstop that would end it anyway
/// (the sleepers here sleep for an hour, `interrupt`'s backstop is five minutes): a process still there
/// after this was left behind.
const GONE: Duration = Duration::from_secs(60);
/// The judge's own memory must stay below this whatever the solution prints.
const JUDGE_RSS_KB: u64 = 100 * 1024;

fn fixture() -> PathBuf {
    super::common::fixtures("faults")
}

/// A binary cache of its own: the processes of a test are then exactly those that mention this folder.
fn cache(name: &str) -> PathBuf {
    Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("faults-cache-{name}"))
}

/// What one harness run left: exit code, report, and the judge's peak memory.
struct Graded {
    code: Option<i32>,
    stdout: String,
    stderr: String,
    /// The peak RSS of the judge: the harness and its launchers (their `VmHWM`, sampled every 5 ms while
    /// they live: a high-water mark, so any sample after the peak sees it).
    judge_peak_kb: u64,
    elapsed: Duration,
}

impl Graded {
    fn json(&self) -> Value {
        serde_json::from_str(&self.stdout)
            .unwrap_or_else(|e| panic!("not JSON ({e}): {}\nstderr: {}", self.stdout, self.stderr))
    }
}

fn command(cache: &Path, args: &[&str]) -> Command {
    super::common::command_in(&fixture(), Some(cache), args)
}

/// Runs the harness to its end, killing it (and failing) if it has not ended after `HANG`. Its output goes
/// to files, so a large report can never block it.
#[expect(
    clippy::zombie_processes,
    reason = "reaped by `wait4`, which also gives its peak memory"
)]
fn harness(cache: &Path, args: &[&str]) -> Graded {
    static RUNS: AtomicUsize = AtomicUsize::new(0);
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("faults-output");
    fs::create_dir_all(&dir).unwrap();
    let stem = format!(
        "{}-{}",
        std::process::id(),
        RUNS.fetch_add(1, Ordering::Relaxed)
    );
    let (out_path, err_path) = (
        dir.join(format!("{stem}.out")),
        dir.join(format!("{stem}.err")),
    );
    let started = Instant::now();
    let child = command(cache, args)
        .stdout(fs::File::create(&out_path).unwrap())
        .stderr(fs::File::create(&err_path).unwrap())
        .spawn()
        .expect("start the harness");
    let pid = child.id() as i32;
    let (done, watchdog) = mpsc::channel::<()>();
    let guard = std::thread::spawn(move || {
        if watchdog.recv_timeout(HANG).is_err() {
            // SAFETY: killing the harness we started, which has not been reaped yet.
            unsafe { libc::kill(pid, libc::SIGKILL) };
            return true;
        }
        false
    });
    let stop = Arc::new(AtomicBool::new(false));
    let sampler = {
        let stop = Arc::clone(&stop);
        std::thread::spawn(move || {
            let mut peak = 0;
            while !stop.load(Ordering::Relaxed) {
                peak = peak.max(launchers_peak_kb(pid));
                std::thread::sleep(Duration::from_millis(5));
            }
            peak
        })
    };
    let mut status = 0;
    // SAFETY: a zeroed rusage is a valid out-parameter.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    // SAFETY: waiting for our own child with valid out-pointers.
    let reaped = unsafe { libc::wait4(pid, &mut status, 0, &mut usage) };
    assert_eq!(reaped, pid, "wait4 failed");
    let elapsed = started.elapsed();
    stop.store(true, Ordering::Relaxed);
    let launchers_peak = sampler.join().unwrap();
    let _ = done.send(());
    let hung = guard.join().unwrap();
    let stdout = String::from_utf8(fs::read(&out_path).unwrap()).expect("the report is UTF-8");
    let stderr = String::from_utf8_lossy(&fs::read(&err_path).unwrap()).into_owned();
    let _ = fs::remove_file(&out_path);
    let _ = fs::remove_file(&err_path);
    assert!(!hung, "the harness hung: {args:?}\n{stderr}");
    assert!(
        !stderr.contains("panicked"),
        "the harness panicked: {stderr}"
    );
    let code = libc::WIFEXITED(status).then(|| libc::WEXITSTATUS(status));
    Graded {
        code,
        stdout,
        stderr,
        judge_peak_kb: launchers_peak,
        elapsed,
    }
}

/// The largest `VmHWM` among the harness `pid` and its launchers (its children that run the harness
/// binary). `VmHWM` is a high-water mark of the process's own memory since its `exec`; `wait4`'s
/// `ru_maxrss` would not do, as it starts from the memory of the test process that forked the harness.
fn launchers_peak_kb(pid: i32) -> u64 {
    let mut peak = vm_hwm_kb(Path::new("/proc").join(pid.to_string())).unwrap_or(0);
    for entry in fs::read_dir("/proc").into_iter().flatten().flatten() {
        let Some(child) = entry
            .file_name()
            .to_str()
            .and_then(|s| s.parse::<i32>().ok())
        else {
            continue;
        };
        if parent(child) != Some(pid) {
            continue;
        }
        let is_launcher = fs::read(entry.path().join("cmdline"))
            .is_ok_and(|cmdline| cmdline.split(|&b| b == 0).nth(1) == Some(b"__launcher"));
        if let (true, Some(hwm)) = (is_launcher, vm_hwm_kb(entry.path())) {
            peak = peak.max(hwm);
        }
    }
    peak
}

/// `VmHWM` of the process whose `/proc` folder this is, while it lives.
fn vm_hwm_kb(proc_dir: PathBuf) -> Option<u64> {
    let status = fs::read_to_string(proc_dir.join("status")).ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse::<u64>().ok()
}

/// Compiles the solutions of `ids` (`--no-run`), so that a later run's peak memory is the judge's and not
/// the compiler's.
fn warm(cache: &Path, ids: &[&str]) {
    let mut args = ids.to_vec();
    args.extend(["--no-run", "--format", "json"]);
    let graded = harness(cache, &args);
    assert_eq!(graded.code, Some(0), "{}", graded.stderr);
}

fn test<'a>(report: &'a Value, id: &str, name: &str) -> &'a Value {
    report["problems"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["id"] == id)
        .unwrap_or_else(|| panic!("no {id} in {report}"))["tests"]
        .as_array()
        .unwrap()
        .iter()
        .find(|t| t["name"] == name)
        .unwrap_or_else(|| panic!("no {id}/{name} in {report}"))
}

fn verdict(report: &Value, id: &str, name: &str) -> String {
    test(report, id, name)["verdict"]
        .as_str()
        .unwrap()
        .to_string()
}

fn text(value: &Value) -> &str {
    value
        .as_str()
        .unwrap_or_else(|| panic!("not a string: {value}"))
}

/// Live processes (not zombies) whose command line mentions `dir`: the programs compiled into it.
fn processes_under(dir: &Path) -> Vec<(i32, String)> {
    let marker = dir.to_string_lossy().into_owned();
    let me = std::process::id() as i32;
    let mut found = Vec::new();
    for entry in fs::read_dir("/proc").unwrap().flatten() {
        let Some(pid) = entry
            .file_name()
            .to_str()
            .and_then(|s| s.parse::<i32>().ok())
        else {
            continue;
        };
        if pid == me {
            continue;
        }
        let (Ok(cmdline), Ok(stat)) = (
            fs::read(entry.path().join("cmdline")),
            fs::read_to_string(entry.path().join("stat")),
        ) else {
            continue; // gone meanwhile
        };
        let cmdline = String::from_utf8_lossy(&cmdline).replace('\0', " ");
        if alive(&stat) && cmdline.contains(&marker) {
            found.push((pid, cmdline));
        }
    }
    found
}

/// Whether a `/proc/PID/stat` line is of a process that is not a zombie.
fn alive(stat: &str) -> bool {
    stat.rsplit_once(')')
        .and_then(|(_, rest)| rest.split_whitespace().next())
        .is_some_and(|state| state != "Z")
}

/// The parent of a process, from `/proc/PID/stat`.
fn parent(pid: i32) -> Option<i32> {
    let stat = fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    stat.rsplit_once(')')?
        .1
        .split_whitespace()
        .nth(1)?
        .parse()
        .ok()
}

/// Whether `pid` is still a live process (not a zombie).
fn running(pid: i32) -> bool {
    fs::read_to_string(format!("/proc/{pid}/stat")).is_ok_and(|stat| alive(&stat))
}

/// The solutions (not their launchers) running from `dir`.
fn solutions_under(dir: &Path) -> Vec<(i32, String)> {
    let bin = dir.join("bin").to_string_lossy().into_owned();
    processes_under(dir)
        .into_iter()
        .filter(|(_, cmdline)| cmdline.starts_with(&bin))
        .collect()
}

/// Polls `condition` until it holds or `within` passes; returns whether it held.
fn eventually(within: Duration, mut condition: impl FnMut() -> bool) -> bool {
    let deadline = Instant::now() + within;
    while Instant::now() < deadline {
        if condition() {
            return true;
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    condition()
}

/// Asserts that no process of this cache survives; a process just sent SIGKILL may take a moment to go.
fn assert_no_survivors(dir: &Path) {
    let mut left = Vec::new();
    let gone = eventually(GONE, || {
        left = processes_under(dir);
        left.is_empty()
    });
    if !gone {
        for &(pid, _) in &left {
            // SAFETY: cleaning up after the failure: these are processes this test caused.
            unsafe { libc::kill(pid, libc::SIGKILL) };
        }
    }
    assert!(gone, "processes left behind: {left:#?}");
}

#[test]
fn a_busy_loop_is_killed_at_the_cpu_limit_and_the_other_tests_are_graded() {
    let report = harness(&cache("shared"), &["busy", "--format", "json"]).json();
    assert_eq!(verdict(&report, "busy", "a"), "TLE");
    let figures = format!(
        "busy a {}, b {}",
        test(&report, "busy", "a"),
        test(&report, "busy", "b")
    );
    if super::common::coarse_cpu("busy loop's figures", &figures) {
        return;
    }
    assert_eq!(verdict(&report, "busy", "b"), "AC");
    let busy = test(&report, "busy", "a");
    // Stopped by the judge's own watch of the CPU time, not by the wall backstop (1.6 s, which a busy
    // loop reaches only with under an eighth of a core) nor by RLIMIT_CPU (whole seconds).
    assert_eq!(text(&busy["detail"]), "CPU time over 200 ms", "{busy}");
    let cpu = busy["cpu_ms"].as_f64().unwrap();
    assert!((200.0..1000.0).contains(&cpu), "{busy}");
}

#[test]
fn an_endless_sleep_is_killed_by_the_wall_backstop() {
    let report = harness(&cache("shared"), &["sleep", "--format", "json"]).json();
    assert_eq!(verdict(&report, "sleep", "a"), "TLE");
    assert_eq!(verdict(&report, "sleep", "b"), "AC");
    let sleep = test(&report, "sleep", "a");
    assert_eq!(
        text(&sleep["detail"]),
        "killed by the wall-clock backstop: idle (no CPU time used, not waiting for a CPU) for a second past 1600 ms"
    );
    // 3 x 200 ms + 1 s; the upper bound only proves that it did not hang.
    let wall = sleep["wall_ms"].as_f64().unwrap();
    assert!((1600.0..20_000.0).contains(&wall), "{sleep}");
    assert!(sleep["cpu_ms"].as_f64().unwrap() < 200.0, "{sleep}");
}

#[test]
fn a_grandchild_holding_stdout_is_not_waited_for_and_not_left_behind() {
    let cache = cache("fork");
    let graded = harness(&cache, &["fork", "--format", "json"]);
    // The grandchild sleeps for an hour: the harness ended long before, so it did not wait for it.
    assert_eq!(graded.code, Some(0), "{}", graded.stderr);
    assert_eq!(verdict(&graded.json(), "fork", "a"), "AC");
    assert_no_survivors(&cache);
}

#[test]
fn unbounded_allocation_is_mle_within_the_address_space_cap() {
    let report = harness(
        &cache("shared"),
        &["mle-touch", "mle-reserve", "--format", "json"],
    )
    .json();
    let touch = test(&report, "mle-touch", "a");
    // Under user-mode Linux every page fault costs the program CPU time: it may reach its CPU limit first.
    if touch["verdict"] == "TLE" && super::common::coarse_cpu("mle-touch", &touch.to_string()) {
        return;
    }
    assert_eq!(touch["verdict"], "MLE", "{touch}");
    // The address space is capped at 2 x 64 MiB + 512 MiB: the machine never comes near swapping.
    let peak = touch["peak_kib"].as_u64().unwrap();
    assert!(peak <= (2 * 64 + 512) * 1024, "{touch}");
    let reserve = test(&report, "mle-reserve", "a");
    assert_eq!(reserve["verdict"], "MLE", "{reserve}");
    assert_eq!(
        text(&reserve["detail"]),
        "an allocation failed (address space exhausted)"
    );
    assert_eq!(reserve["exit"]["signal"], libc::SIGABRT);
}

#[test]
fn unbounded_recursion_on_the_main_thread_is_a_named_re() {
    let report = harness(&cache("shared"), &["stack", "--format", "json"]).json();
    let stack = test(&report, "stack", "a");
    assert_eq!(stack["verdict"], "RE", "{stack}");
    assert!(text(&stack["detail"]).contains("stack overflow"), "{stack}");
}

#[test]
fn unbounded_recursion_on_a_thread_is_a_named_re() {
    let report = harness(&cache("shared"), &["stack-thread", "--format", "json"]).json();
    let stack = test(&report, "stack-thread", "a");
    assert_eq!(stack["verdict"], "RE", "{stack}");
    let detail = text(&stack["detail"]);
    assert!(
        detail.contains("stack overflow")
            && (detail.contains("SIGSEGV") || detail.contains("SIGABRT")),
        "{stack}"
    );
}

#[test]
fn panics_aborts_and_exit_statuses_are_re_with_the_stderr_tail() {
    let cache = cache("shared");
    let report = harness(&cache, &["panic", "abort", "exit3", "--format", "json"]).json();
    let panic = test(&report, "panic", "a");
    assert_eq!(panic["verdict"], "RE");
    assert_eq!(panic["exit"]["code"], 101);
    // The location names the submitted file, not where it happens to live on this machine.
    assert_eq!(
        text(&panic["detail"]),
        "exit code 101 (panicked at solutions/panic/src/main.rs:2:274: index out of bounds: the len is 2 but the index is 6)"
    );
    let abort = test(&report, "abort", "a");
    assert_eq!(
        (abort["verdict"].as_str(), abort["detail"].as_str()),
        (Some("RE"), Some("SIGABRT"))
    );
    assert_eq!(abort["exit"]["signal"], libc::SIGABRT);
    let exit3 = test(&report, "exit3", "a");
    assert_eq!(
        (exit3["verdict"].as_str(), exit3["detail"].as_str()),
        (Some("RE"), Some("exit code 3"))
    );

    let human = harness(&cache, &["panic", "abort", "exit3"]);
    assert_eq!(human.code, Some(1));
    for expected in [
        "panic/a  RE  exit code 101 (panicked at solutions/panic/src/main.rs:2:274",
        "    reading element 6\n",
        "abort/a  RE  SIGABRT",
        "    invariant broken, aborting\n",
        "exit3/a  RE  exit code 3",
        "    giving up with status 3\n",
    ] {
        assert!(
            human.stdout.contains(expected),
            "no {expected:?} in\n{}",
            human.stdout
        );
    }
}

#[test]
fn ten_gib_of_stdout_is_ole_and_the_judge_stays_small() {
    let cache = cache("shared");
    warm(&cache, &["ole"]);
    // The default output limit, 64 MiB: the program really writes until the limit stops it.
    let graded = harness(&cache, &["ole", "--format", "json"]);
    let ole = test(&graded.json(), "ole", "a").clone();
    assert_eq!(ole["verdict"], "OLE", "{ole}");
    assert_eq!(text(&ole["detail"]), "more than 67108864 bytes of output");
    assert_eq!(ole["exit"]["signal"], libc::SIGXFSZ);
    assert!(
        graded.judge_peak_kb < JUDGE_RSS_KB,
        "the judge peaked at {} KiB",
        graded.judge_peak_kb
    );
    // Stopped at 64 MiB, not after 10 GiB; the bound only proves that.
    assert!(
        graded.elapsed < Duration::from_secs(60),
        "{:?}",
        graded.elapsed
    );
}

#[test]
fn one_gib_of_stderr_is_kept_as_a_bounded_tail() {
    let cache = cache("shared");
    warm(&cache, &["stderr-flood"]);
    let graded = harness(&cache, &["stderr-flood", "--format", "json"]);
    let report = graded.json();
    assert_eq!(verdict(&report, "stderr-flood", "a"), "AC");
    let wrong = test(&report, "stderr-flood", "b");
    assert_eq!(wrong["verdict"], "WA", "{wrong}");
    let tail = text(&wrong["stderr_tail"]);
    assert!(tail.len() <= 64 * 1024, "a tail of {} bytes", tail.len());
    assert!(
        tail.ends_with("eeee\nlast line of stderr\n"),
        "{}",
        &tail[tail.len().saturating_sub(80)..]
    );
    assert!(
        graded.judge_peak_kb < JUDGE_RSS_KB,
        "the judge peaked at {} KiB",
        graded.judge_peak_kb
    );
}

#[test]
fn output_just_under_the_limit_is_checked_in_bounded_memory() {
    let cache = cache("shared");
    warm(&cache, &["many-lines"]);
    let graded = harness(&cache, &["many-lines", "--format", "json"]);
    let wa = test(&graded.json(), "many-lines", "a").clone();
    assert_eq!(wa["verdict"], "WA", "{wa}");
    assert!(
        graded.judge_peak_kb < JUDGE_RSS_KB,
        "the judge peaked at {} KiB",
        graded.judge_peak_kb
    );
}

#[test]
fn bytes_that_are_not_utf8_are_a_wa_with_an_escaped_diff() {
    let cache = cache("shared");
    let report = harness(&cache, &["nonutf8", "--format", "json"]).json();
    let wa = test(&report, "nonutf8", "a");
    assert_eq!(wa["verdict"], "WA");
    assert_eq!(
        text(&wa["first_difference"]),
        "line 1, token 1: expected `3`, got `\\xff\\xfe3\\x00`"
    );
    assert!(
        text(&wa["diff"]).contains("expected `3`, got `\\xff\\xfe3\\x00`"),
        "{wa}"
    );
    let human = harness(&cache, &["nonutf8"]);
    assert_eq!(human.code, Some(1));
    assert!(
        human
            .stdout
            .contains("    case 1 (line 1): expected `3`, got `\\xff\\xfe3\\x00`"),
        "{}",
        human.stdout
    );
}

#[test]
fn closing_stdout_early_or_never_reading_stdin_is_judged_on_the_output() {
    let graded = harness(
        &cache("shared"),
        &["close-stdout", "no-stdin", "--format", "json"],
    );
    assert_eq!(graded.code, Some(0), "{}\n{}", graded.stdout, graded.stderr);
    let report = graded.json();
    assert_eq!(verdict(&report, "close-stdout", "a"), "AC");
    assert_eq!(verdict(&report, "no-stdin", "a"), "AC");
}

#[test]
fn crlf_line_endings_are_accepted_under_lines() {
    let graded = harness(&cache("shared"), &["crlf", "--format", "json"]);
    assert_eq!(graded.code, Some(0), "{}", graded.stderr);
    let report = graded.json();
    assert_eq!(verdict(&report, "crlf", "a"), "AC");
    assert_eq!(verdict(&report, "crlf", "b"), "AC");
}

#[test]
fn a_closed_report_pipe_is_a_clean_exit() {
    let cache = cache("shared");
    warm(&cache, &["crlf"]);
    let mut child = command(&cache, &["crlf", "-v"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take()); // like `harness | head -0`
    let output = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(0), "{stderr}");
    // The stage lines, and no error.
    assert!(
        stderr
            .lines()
            .all(|l| l.starts_with("harness: ") && !l.contains("error")),
        "{stderr}"
    );
}

#[test]
fn parallelism_changes_neither_the_verdicts_nor_the_order() {
    let ids = [
        "sleep",
        "busy",
        "fork",
        "mle-reserve",
        "stack-thread",
        "panic",
        "abort",
        "exit3",
        "nonutf8",
        "close-stdout",
        "no-stdin",
        "crlf",
    ];
    let cache = cache("jobs");
    let shape = |jobs: &str| -> Vec<String> {
        let mut args = ids.to_vec();
        args.extend(["--format", "json", "-j", jobs]);
        let report = harness(&cache, &args).json();
        report["problems"]
            .as_array()
            .unwrap()
            .iter()
            .flat_map(|p| {
                let id = text(&p["id"]).to_string();
                p["tests"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(move |t| format!("{id}/{} {}", text(&t["name"]), text(&t["verdict"])))
            })
            .collect()
    };
    // Eight workers on this machine's two cores, then one.
    let parallel = shape("8");
    let serial = shape("1");
    let expected = [
        "sleep/a TLE",
        "sleep/b AC",
        "busy/a TLE",
        "busy/b AC",
        "fork/a AC",
        "mle-reserve/a MLE",
        "stack-thread/a RE",
        "panic/a RE",
        "abort/a RE",
        "exit3/a RE",
        "nonutf8/a WA",
        "close-stdout/a AC",
        "no-stdin/a AC",
        "crlf/a AC",
        "crlf/b AC",
    ];
    assert_eq!(parallel, expected);
    assert_eq!(serial, expected);
    assert_no_survivors(&cache);
}

#[test]
fn sigint_kills_every_running_solution_before_the_judge_exits() {
    let cache = cache("interrupt");
    warm(&cache, &["interrupt"]);
    let mut child = command(&cache, &["interrupt", "-j", "2"])
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Both tests of `interrupt` sleep for an hour (backstop five minutes): wait until both are running.
    let mut solutions = Vec::new();
    assert!(
        eventually(HANG, || {
            solutions = solutions_under(&cache);
            solutions.len() == 2
        }),
        "the solutions never started: {solutions:?}"
    );
    // Their launchers must go too.
    let launchers: Vec<i32> = solutions
        .iter()
        .filter_map(|&(pid, _)| parent(pid))
        .collect();
    assert_eq!(launchers.len(), 2);
    // SAFETY: signalling the harness we started, which is still running (it has not been waited for).
    unsafe { libc::kill(child.id() as i32, libc::SIGINT) };
    let mut status = None;
    let ended = eventually(HANG, || {
        status = child.try_wait().unwrap();
        status.is_some()
    });
    if !ended {
        let _ = child.kill();
    }
    assert!(ended, "the harness did not exit on SIGINT");
    let output = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(status.unwrap().code(), Some(128 + libc::SIGINT), "{stderr}");
    assert!(stderr.contains("interrupted"), "{stderr}");
    assert_no_survivors(&cache);
    assert!(
        eventually(GONE, || !launchers.iter().any(|&pid| running(pid))),
        "launchers left behind: {launchers:?}"
    );
}
