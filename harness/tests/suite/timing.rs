//! Time-limit-exceeded submissions: by default each runs under the limit itself, just long enough to be sure
//! of the TLE; with `--tle-margin 1.5` it runs once under the limit × 1.5 and is judged against the limit,
//! so one run tells both that it is TLE and whether it is clearly too slow (problemtools'
//! `time_limit_to_tle`). Fixture: `fixtures/timing`.

use serde_json::Value;

use super::common::{fixtures, harness, json_report, printed};

fn submission<'a>(report: &'a Value, file: &str) -> &'a Value {
    report["submissions"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["file"].as_str().unwrap().ends_with(file))
        .unwrap_or_else(|| panic!("no submission {file} in {report}"))
}

#[test]
fn a_submission_too_slow_by_a_little_is_tle_and_said_not_clearly_too_slow() {
    let output = harness(
        &fixtures("timing"),
        &["--format", "json", "--tle-margin", "1.5"],
    );
    assert_eq!(output.status.code(), Some(0), "{}", printed(&output));
    let report = json_report(&output);

    let slow = submission(&report, "a-little-slow.rs");
    assert_eq!(slow["verdict"], "TLE", "{slow}");
    assert_eq!(slow["matched"], true, "{slow}");
    let test = &slow["tests"][0];
    // Judged against the 400 ms limit, though it ran to its end under 600 ms: no answer was compared.
    assert_eq!(test["detail"], "CPU time over 400 ms", "{test}");
    assert_eq!(test["diff"], Value::Null, "{test}");
    assert_eq!(
        slow["time_warning"],
        "passes a with the time limit × 1.5 (600 ms): it is not clearly too slow",
        "{slow}"
    );

    let spins = submission(&report, "spins.rs");
    assert_eq!(spins["verdict"], "TLE", "{spins}");
    assert_eq!(
        spins["tests"][0]["detail"], "CPU time over 400 ms",
        "{spins}"
    );
    assert_eq!(
        spins["time_warning"],
        Value::Null,
        "too slow by far: {spins}"
    );
    // The problem's own solution is judged under the limit itself.
    let sum = &report["problems"][0];
    assert_eq!(sum["verdict"], "AC", "{sum}");
}

#[test]
fn by_default_a_tle_submission_runs_only_to_the_limit_and_gets_no_warning() {
    let output = harness(&fixtures("timing"), &["--format", "json"]);
    assert_eq!(output.status.code(), Some(0), "{}", printed(&output));
    let report = json_report(&output);
    for file in ["a-little-slow.rs", "spins.rs"] {
        let s = submission(&report, file);
        assert_eq!(s["verdict"], "TLE", "{s}");
        assert_eq!(s["matched"], true, "{s}");
        // Under the limit × 1.5, a-little-slow would have passed and been warned about.
        assert_eq!(s["time_warning"], Value::Null, "{s}");
        let test = &s["tests"][0];
        assert_eq!(test["detail"], "CPU time over 400 ms", "{test}");
    }
}

#[test]
fn a_tle_margin_below_one_is_refused() {
    let output = harness(&fixtures("timing"), &["--tle-margin", "0.5"]);
    assert_eq!(output.status.code(), Some(2), "{}", printed(&output));
    assert!(printed(&output).contains("--tle-margin must be a factor from 1 to 100"));
}

/// Busy loops pinned to CPU 0, killed when dropped.
struct Hogs(Vec<std::process::Child>);

impl Hogs {
    fn start(count: usize) -> Hogs {
        Hogs(
            (0..count)
                .map(|_| {
                    std::process::Command::new("taskset")
                        .args(["-c", "0", "sh", "-c", "while :; do :; done"])
                        .spawn()
                        .expect("start a busy loop with taskset (util-linux)")
                })
                .collect(),
        )
    }
}

impl Drop for Hogs {
    fn drop(&mut self) {
        for hog in &mut self.0 {
            let _ = hog.kill();
            let _ = hog.wait();
        }
    }
}

/// On a machine so busy that a program gets a twelfth of a CPU, a program that needs 300 ms of CPU time
/// under a 400 ms limit waits far past the wall-clock backstop (2.2 s) for it. It is working all that time
/// (runnable, waiting for a CPU), so it is accepted, not killed by the wall clock; a program that spins is
/// stopped by its CPU time, not by the wall clock.
#[test]
fn a_starved_program_is_judged_by_its_cpu_time_not_by_the_wall_clock() {
    let root = fixtures("timing");
    let given = [
        "programs/works-300ms.rs",
        "problems/sum/submissions/time_limit_exceeded/spins.rs",
    ]
    .map(|p| root.join(p).to_string_lossy().into_owned());
    // Compiled first, on a quiet CPU.
    for program in &given {
        let output = harness(&root, &["sum", "--submission", program, "--no-run"]);
        assert_eq!(output.status.code(), Some(0), "{}", printed(&output));
    }
    let _hogs = Hogs::start(11);
    for (program, verdict, detail) in [
        (&given[0], "AC", None),
        (&given[1], "TLE", Some("CPU time over 400 ms")),
    ] {
        let output = pinned_to_cpu_0(&root, program);
        let report = json_report(&output);
        let s = &report["submissions"][0];
        let test = &s["tests"][0];
        assert_eq!(s["verdict"], verdict, "{s}");
        assert_eq!(test["detail"].as_str(), detail, "{test}");
    }
}

/// The judge, and so every program it starts, on CPU 0 (with the busy loops), judging `program` against
/// the fixture's `sum` in JSON with one worker.
fn pinned_to_cpu_0(root: &std::path::Path, program: &str) -> std::process::Output {
    let inner = super::common::command(
        root,
        &[
            "sum",
            "--submission",
            program,
            "--format",
            "json",
            "-j",
            "1",
        ],
    );
    let mut pinned = std::process::Command::new("taskset");
    pinned
        .args(["-c", "0"])
        .arg(inner.get_program())
        .args(inner.get_args())
        .stdin(std::process::Stdio::null());
    for (key, value) in inner.get_envs() {
        match value {
            Some(value) => pinned.env(key, value),
            None => pinned.env_remove(key),
        };
    }
    pinned.output().unwrap()
}

/// A program starved of CPU until the wall-clock cap (runnable, waiting for a CPU, nearly all the time) has
/// no verdict of its own: the test is a judge error saying the machine was too busy, never a TLE against
/// the program. Its 300 ms of work at nice 19 beside eleven busy loops of normal priority would take
/// minutes; the cap of a 400 ms limit is 22 s.
#[test]
fn a_program_starved_until_the_wall_clock_cap_is_a_judge_error_not_tle() {
    if std::path::Path::new("/sys/fs/cgroup/cgroup.controllers").exists() {
        // Under cgroup v2 a run's group may be weighed against the busy loops as a whole, whatever its
        // nice value: the program is then not starved.
        println!("SKIPPED: on cgroup v2 a run's control group may get its own CPU weight");
        return;
    }
    let root = fixtures("timing");
    let program = root
        .join("programs/starved.c")
        .to_string_lossy()
        .into_owned();
    let compiled = harness(&root, &["sum", "--submission", &program, "--no-run"]);
    assert_eq!(compiled.status.code(), Some(0), "{}", printed(&compiled));
    let _hogs = Hogs::start(11);
    let output = pinned_to_cpu_0(&root, &program);
    let report = json_report(&output);
    let s = &report["submissions"][0];
    let test = &s["tests"][0];
    assert_eq!(s["verdict"], "JE", "{s}");
    let detail = test["detail"].as_str().unwrap_or_default();
    assert!(
        detail.starts_with("the machine was too busy to judge this run")
            && detail.contains("before the wall-clock cap of 22000 ms"),
        "{test}"
    );
    assert_ne!(output.status.code(), Some(0), "{}", printed(&output));
}
