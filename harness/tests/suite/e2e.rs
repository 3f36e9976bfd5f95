//! End to end: the `harness` binary on fixture problems whose solutions produce every verdict, and on the
//! real workspace, which must be all accepted.

use super::common::{fixtures, harness, json_report, workspace_root};
use serde_json::Value;

fn problem<'a>(report: &'a Value, id: &str) -> &'a Value {
    report["problems"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["id"] == id)
        .unwrap_or_else(|| panic!("no {id} in report"))
}

fn verdicts(report: &Value, id: &str) -> Vec<String> {
    problem(report, id)["tests"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["verdict"].as_str().unwrap().to_string())
        .collect()
}

#[test]
fn every_verdict_from_the_json_report() {
    let output = harness(
        &fixtures("verdicts"),
        &["--format", "json", "--output-limit-mb", "1"],
    );
    assert_eq!(output.status.code(), Some(1), "some tests fail, so exit 1");
    let report = json_report(&output);
    let table = [
        ("ac", "AC"),
        ("crlf", "AC"),
        ("pe", "PE"),
        ("wa", "WA"),
        ("tle-busy", "TLE"),
        ("tle-sleep", "TLE"),
        ("re-abort", "RE"),
        ("re-exit", "RE"),
        ("ole", "OLE"),
        ("ce", "CE"),
    ];
    for (id, verdict) in table {
        assert_eq!(verdicts(&report, id), [verdict, verdict], "{id}");
    }
    // A panic on one test only: the other is judged on its own.
    assert_eq!(verdicts(&report, "re-panic"), ["RE", "WA"]);

    let wa = &problem(&report, "wa")["tests"][0];
    assert_eq!(
        wa["first_difference"],
        "line 1, token 1: expected `7`, got `12`"
    );
    // One answer per line, as many lines on both sides: shown line by line, with the case's input.
    assert!(
        wa["diff"]
            .as_str()
            .unwrap()
            .contains("case 1 (line 1): expected `7`, got `12`; input `3 4`"),
        "{wa}"
    );
    assert_eq!(wa["exit"]["code"], 0);

    // Stopped at the CPU limit, however loaded the machine: working, it is never killed by the wall clock.
    let busy = &problem(&report, "tle-busy")["tests"][0];
    assert_eq!(busy["detail"], "CPU time over 500 ms", "{busy}");
    let sleep = &problem(&report, "tle-sleep")["tests"][0];
    assert!(
        sleep["detail"]
            .as_str()
            .unwrap()
            .contains("wall-clock backstop"),
        "{sleep}"
    );
    // Killed at 3 x 200 ms + 1 s; the upper bound only proves it did not hang.
    let wall = sleep["wall_ms"].as_f64().unwrap();
    assert!((1600.0..10_000.0).contains(&wall), "{wall}");

    let abort = &problem(&report, "re-abort")["tests"][0];
    assert_eq!(abort["exit"]["signal"], 6);
    assert!(abort["detail"].as_str().unwrap().contains("SIGABRT"));
    let exit3 = &problem(&report, "re-exit")["tests"][0];
    assert_eq!(exit3["exit"]["code"], 3);
    let panic = &problem(&report, "re-panic")["tests"][0];
    assert!(
        panic["stderr_tail"].as_str().unwrap().contains("boom: 3"),
        "{panic}"
    );
    assert!(
        panic["detail"].as_str().unwrap().contains("boom: 3"),
        "{panic}"
    );

    let ce = problem(&report, "ce");
    assert!(
        ce["compile_error"]
            .as_str()
            .unwrap()
            .contains("mismatched types"),
        "{ce}"
    );

    let summary = &report["summary"];
    assert_eq!(summary["passed"], 4);
    assert_eq!(summary["failed"], 18);
}

#[test]
fn human_report_ends_with_the_counts() {
    let output = harness(&fixtures("verdicts"), &["ac", "wa", "crlf"]);
    assert_eq!(output.status.code(), Some(1));
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(
        text.contains("wa/a  WA  line 1, token 1: expected `7`, got `12`"),
        "{text}"
    );
    assert_eq!(text.lines().last(), Some("4 passed, 2 failed"), "{text}");
}

#[test]
fn all_accepted_exits_zero() {
    let output = harness(&fixtures("verdicts"), &["ac", "crlf", "--format", "json"]);
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(json_report(&output)["summary"]["failed"], 0);
}

#[test]
fn unknown_id_is_a_setup_error() {
    let output = harness(&fixtures("verdicts"), &["no-such-problem"]);
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(
        stderr.contains("unknown problem `no-such-problem`") && stderr.contains("problem.toml"),
        "{stderr}"
    );
}

#[test]
fn test_filter_and_parallelism_keep_the_order() {
    let serial = json_report(&harness(
        &fixtures("verdicts"),
        &["ac", "wa", "pe", "--format", "json", "-j", "1"],
    ));
    let parallel = json_report(&harness(
        &fixtures("verdicts"),
        &["ac", "wa", "pe", "--format", "json", "-j", "8"],
    ));
    let shape = |report: &Value| -> Vec<(String, String, String)> {
        report["problems"]
            .as_array()
            .unwrap()
            .iter()
            .flat_map(|p| {
                p["tests"].as_array().unwrap().iter().map(|t| {
                    (
                        p["id"].as_str().unwrap().into(),
                        t["name"].as_str().unwrap().into(),
                        t["verdict"].as_str().unwrap().into(),
                    )
                })
            })
            .collect()
    };
    assert_eq!(shape(&serial), shape(&parallel));
    let filtered = json_report(&harness(
        &fixtures("verdicts"),
        &["wa", "--test", "b*", "--format", "json"],
    ));
    assert_eq!(verdicts(&filtered, "wa"), ["WA"]);
    assert_eq!(problem(&filtered, "wa")["tests"][0]["name"], "b");
}

/// The real problem set: every solution accepted on every test.
#[test]
fn the_workspace_is_all_accepted() {
    // The same run writes the HTML page of the whole workspace, checked in a browser (`html`).
    let page = super::common::scratch("html-workspace").join("workspace.html");
    let output = harness(
        &workspace_root(),
        &["--format", "json", "--html", page.to_str().unwrap()],
    );
    let report = json_report(&output);
    let failures: Vec<String> = report["problems"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|p| {
            let id = p["id"].as_str().unwrap().to_string();
            let error = p["error"].as_str().map(|e| format!("{id}: {e}"));
            p["tests"]
                .as_array()
                .unwrap()
                .iter()
                .filter(|t| t["verdict"] != "AC")
                .map(move |t| format!("{id}/{}: {}", t["name"], t["verdict"]))
                .chain(error)
                .collect::<Vec<_>>()
        })
        .collect();
    assert!(failures.is_empty(), "not accepted: {failures:#?}");
    assert_eq!(output.status.code(), Some(0));
    // Every .in of every problem's data, counted once per problem that is judged with it.
    let workspace = harness::package::Workspace::find(&workspace_root()).unwrap();
    let mut inputs = 0;
    for id in workspace.problem_ids().unwrap() {
        let problem = workspace.load_problem(&id).unwrap();
        let dir = workspace.testdata_dir(&problem.data_id);
        inputs += std::fs::read_dir(dir)
            .unwrap()
            .filter(|e| {
                e.as_ref()
                    .unwrap()
                    .path()
                    .extension()
                    .is_some_and(|x| x == "in")
            })
            .count();
    }
    assert_eq!(report["summary"]["tests"], inputs);
    super::html::check_workspace_page(&report, &page);
}

/// Binaries are cached under the compiler version that built them. The version is kept under the
/// toolchain's identity; when the identity is not the kept one, the version is asked again before anything
/// is built or looked up.
#[test]
fn a_changed_compiler_is_noticed_and_everything_is_graded_again() {
    let cache = super::common::scratch("version-cache");
    let graded = || {
        super::common::command(&fixtures("verdicts"), &["ac", "wa", "--format", "json"])
            .env("HARNESS_CACHE_DIR", &cache)
            .output()
            .unwrap()
    };
    let first = graded();
    let kept = std::fs::read_dir(cache.join("bin").join("versions"))
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .find(|path| {
            path.file_name()
                .unwrap()
                .to_string_lossy()
                .starts_with("rust.")
        })
        .expect("the Rust version is kept");
    let real = std::fs::read_to_string(&kept).unwrap();
    let version = real.split_once('\n').unwrap().1;
    assert!(version.starts_with("rustc "), "{real}");

    std::fs::write(&kept, "another toolchain\nrustc 0.0.0 (an older toolchain)").unwrap();
    let second = graded();
    assert_eq!(second.status.code(), Some(1));
    assert_eq!(verdicts(&json_report(&second), "ac"), ["AC", "AC"]);
    assert_eq!(verdicts(&json_report(&second), "wa"), ["WA", "WA"]);
    assert_eq!(
        std::fs::read_to_string(&kept).unwrap(),
        real,
        "the real version is asked and kept again"
    );
    assert_eq!(
        json_report(&first)["summary"]["passed"],
        json_report(&second)["summary"]["passed"]
    );
}

/// `--submission` judges only the programs given: a problem whose own solution is not written yet can
/// still judge them.
#[test]
fn a_given_program_is_judged_without_the_problems_own_solution() {
    let root = super::common::copy_of("verdicts", "given-without-solution");
    std::fs::remove_file(root.join("solutions/ac/src/main.rs")).unwrap();
    let given = fixtures("verdicts").join("solutions/ac/src/main.rs");
    let output = super::common::harness(
        &root,
        &[
            "ac",
            "--submission",
            &given.to_string_lossy(),
            "--format",
            "json",
        ],
    );
    assert_eq!(
        output.status.code(),
        Some(0),
        "{}",
        super::common::printed(&output)
    );
    let report = json_report(&output);
    assert_eq!(report["submissions"][0]["verdict"], "AC", "{report}");
    // Grading the problem itself still needs it, and says where it goes.
    let output = super::common::harness(&root, &["ac"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(super::common::printed(&output).contains("no solution"));
}

/// A worker sends each run while its last one still goes (`exec::run_pairs`): every test is judged on its
/// own output, with one worker and with two, the one wrong answer on its own test.
#[test]
fn each_test_is_judged_on_its_own_output_when_runs_are_sent_ahead() {
    for jobs in ["1", "2"] {
        let output = harness(&fixtures("lanes"), &["--format", "json", "-j", jobs]);
        assert_eq!(output.status.code(), Some(1), "one test fails, so exit 1");
        let report = json_report(&output);
        let tests = problem(&report, "echo")["tests"]
            .as_array()
            .unwrap()
            .clone();
        let names: Vec<&str> = tests.iter().map(|t| t["name"].as_str().unwrap()).collect();
        assert_eq!(
            names,
            ["t1", "t2", "t3", "t4", "t5", "t6", "t7", "t8"],
            "-j {jobs}"
        );
        let want = ["AC", "AC", "AC", "AC", "WA", "AC", "AC", "AC"];
        assert_eq!(verdicts(&report, "echo"), want, "-j {jobs}");
        assert_eq!(
            tests[4]["first_difference"], "line 1, token 2: expected `5 24`, got `5 25`",
            "-j {jobs}"
        );
    }
}
