//! Multi-pass and output-only problems (fixtures/passes/, described in its README), judged by `harness
//! verify` and when dropped into a workspace's `problems/`: a batch multi-pass package of three passes and
//! an interactive one of two, whose submissions fail in a known pass by construction; a validator that
//! breaks the multi-pass rules (judge errors, with their reason); a submit-answer package whose submissions
//! are folders of answer files (and one program); and the keys the loader refuses.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Output;

use serde_json::Value;

use super::common::{self, json_report, printed, stdout};

fn fixture(name: &str) -> PathBuf {
    common::fixtures("passes").join(name)
}

fn verify(dir: &Path, format: &str) -> Output {
    let dir = dir.to_str().unwrap();
    common::harness(
        &common::fixtures("passes"),
        &["verify", dir, "--format", format],
    )
}

/// The fixtures' programs are Python 3 (the validators and the submissions).
fn no_python(test: &str) -> bool {
    let found = std::process::Command::new("python3")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    if !found {
        common::skipped(test, "no python3 for the fixtures' programs");
    }
    !found
}

fn submission<'a>(report: &'a Value, file: &str) -> &'a Value {
    report["submissions"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["file"].as_str().unwrap().ends_with(file))
        .unwrap_or_else(|| panic!("no submission {file} in {report:#}"))
}

/// Each submission: (file, verdict, as expected).
fn verdicts(report: &Value) -> Vec<(String, String, bool)> {
    let mut rows: Vec<(String, String, bool)> = report["submissions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| {
            let file = s["file"].as_str().unwrap();
            let file = &file[file.find("submissions/").unwrap()..];
            (
                file.to_string(),
                s["verdict"].as_str().unwrap_or("?").to_string(),
                s["matched"].as_bool().unwrap(),
            )
        })
        .collect();
    rows.sort();
    rows
}

fn owned(rows: &[(&str, &str, bool)]) -> Vec<(String, String, bool)> {
    rows.iter()
        .map(|(f, v, m)| (f.to_string(), v.to_string(), *m))
        .collect()
}

fn test<'a>(submission: &'a Value, name: &str) -> &'a Value {
    submission["tests"]
        .as_array()
        .unwrap()
        .iter()
        .find(|t| t["name"] == name)
        .unwrap_or_else(|| panic!("no test {name} in {submission:#}"))
}

/// A test's passes: (verdict, first line of its input).
fn passes(test: &Value) -> Vec<(String, String)> {
    test["passes"]
        .as_array()
        .unwrap_or_else(|| panic!("no passes in {test:#}"))
        .iter()
        .map(|p| {
            (
                p["verdict"].as_str().unwrap().to_string(),
                p["input_head"].as_str().unwrap().to_string(),
            )
        })
        .collect()
}

fn pairs(rows: &[(&str, &str)]) -> Vec<(String, String)> {
    rows.iter()
        .map(|(v, i)| (v.to_string(), i.to_string()))
        .collect()
}

const DOUBLING: &[(&str, &str, bool)] = &[
    ("submissions/accepted/double.py", "AC", true),
    ("submissions/run_time_error/third_pass_crash.py", "RE", true),
    ("submissions/wrong_answer/second_pass_off.py", "WA", true),
];

#[test]
fn a_batch_multi_pass_problem_runs_the_program_again_on_each_next_pass_input() {
    if no_python("passes batch") {
        return;
    }
    let output = verify(&fixture("doubling"), "json");
    assert_eq!(output.status.code(), Some(0), "{}", printed(&output));
    let report = json_report(&output);
    assert_eq!(verdicts(&report), owned(DOUBLING));
    // Every pass's input is what the validator wrote after the last one: 5, doubled twice.
    let accepted = submission(&report, "accepted/double.py");
    let secret = test(accepted, "secret/1");
    assert_eq!(
        passes(secret),
        pairs(&[("AC", "1 5"), ("AC", "2 10"), ("AC", "3 20")])
    );
    let last = &secret["passes"][2];
    assert_eq!(last["output_head"], "40");
    assert_eq!(
        last["feedback"],
        "pass 1: 10, next pass\npass 2: 20, next pass\npass 3: 40, done"
    );
    // Wrong in pass 2, on the first test (a sample): that pass's own complaint is the cause.
    let wrong = submission(&report, "wrong_answer/second_pass_off.py");
    let failed = test(wrong, "sample/1");
    assert_eq!(failed["verdict"], "WA");
    assert_eq!(passes(failed), pairs(&[("AC", "1 3"), ("WA", "2 6")]));
    assert_eq!(
        failed["first_difference"],
        "validator: pass 2: expected 12, got 13"
    );
    assert_eq!(failed["detail"], "pass 2 of 3");
    // A crash in pass 3 is a run-time error after two accepted passes.
    let crash = test(
        submission(&report, "run_time_error/third_pass_crash.py"),
        "sample/1",
    );
    assert_eq!(crash["verdict"], "RE");
    assert_eq!(
        passes(crash),
        pairs(&[("AC", "1 3"), ("AC", "2 6"), ("RE", "3 12")])
    );
    assert_eq!(crash["exit"]["code"], 3);
}

const ECHO_TWICE: &[(&str, &str, bool)] = &[
    ("submissions/accepted/add_one.py", "AC", true),
    (
        "submissions/run_time_error/second_pass_crash.py",
        "RE",
        true,
    ),
    ("submissions/wrong_answer/second_pass_off.py", "WA", true),
];

#[test]
fn an_interactive_multi_pass_problem_runs_a_new_interaction_per_pass() {
    if no_python("passes interactive") {
        return;
    }
    let output = verify(&fixture("echo-twice"), "json");
    assert_eq!(output.status.code(), Some(0), "{}", printed(&output));
    let report = json_report(&output);
    assert_eq!(verdicts(&report), owned(ECHO_TWICE));
    let accepted = test(submission(&report, "accepted/add_one.py"), "secret/2");
    assert_eq!(
        passes(accepted),
        pairs(&[("AC", "1 999"), ("AC", "2 1000")])
    );
    // Each pass keeps its own transcript: what the interactor sent, what the program answered.
    let said = |pass: &Value| -> Vec<(String, String)> {
        pass["transcript"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| {
                let text = c["text"].as_str().unwrap().trim_end().to_string();
                (c["dir"].as_str().unwrap().to_string(), text)
            })
            .collect()
    };
    let exchange = |sent: &str, answered: &str| {
        vec![
            (">".to_string(), sent.to_string()),
            ("<".to_string(), answered.to_string()),
        ]
    };
    assert_eq!(said(&accepted["passes"][0]), exchange("1 999", "1000"));
    assert_eq!(said(&accepted["passes"][1]), exchange("2 1000", "1001"));
    let wrong = test(
        submission(&report, "wrong_answer/second_pass_off.py"),
        "sample/1",
    );
    assert_eq!(passes(wrong), pairs(&[("AC", "1 41"), ("WA", "2 42")]));
    assert_eq!(said(&wrong["passes"][1]), exchange("2 42", "44"));
    assert_eq!(
        wrong["first_difference"],
        "validator: pass 2: sent 42, expected 43, got 44"
    );
    let crash = test(
        submission(&report, "run_time_error/second_pass_crash.py"),
        "sample/1",
    );
    assert_eq!(passes(crash), pairs(&[("AC", "1 41"), ("RE", "2 42")]));
    assert_eq!(crash["exit"]["code"], 4);
}

#[test]
fn a_validator_that_breaks_the_multi_pass_rules_is_a_judge_error_with_its_reason() {
    if no_python("passes broken validator") {
        return;
    }
    let output = verify(&fixture("endless"), "json");
    assert_eq!(output.status.code(), Some(1), "{}", printed(&output));
    let report = json_report(&output);
    let asks = test(submission(&report, "accepted/asks.py"), "secret/1");
    assert_eq!(asks["verdict"], "JE");
    assert_eq!(passes(asks), pairs(&[("AC", "1"), ("JE", "1")]));
    let detail = asks["detail"].as_str().unwrap();
    assert!(
        detail.contains("asked for pass 3") && detail.contains("limits.validation_passes"),
        "{detail}"
    );
    let rejected = test(submission(&report, "wrong_answer/reject.py"), "secret/1");
    assert_eq!(rejected["verdict"], "JE");
    assert_eq!(passes(rejected), pairs(&[("JE", "1")]));
    let detail = rejected["detail"].as_str().unwrap();
    assert!(
        detail.contains("nextpass.in but rejected pass 1"),
        "{detail}"
    );
    // The human and HTML reports name both reasons and show the passes.
    let page = common::scratch("passes-endless-html").join("report.html");
    let human = common::harness(
        &common::fixtures("passes"),
        &[
            "verify",
            fixture("endless").to_str().unwrap(),
            "--html",
            page.to_str().unwrap(),
        ],
    );
    let text = stdout(&human);
    assert!(text.contains("asked for pass 3"), "{text}");
    assert!(text.contains("nextpass.in but rejected pass 1"), "{text}");
    assert!(text.contains("    pass 2: JE"), "{text}");
    let html = fs::read_to_string(&page).unwrap();
    assert!(html.contains("asked for pass 3"), "{html}");
    assert!(
        html.contains(r#"<p class="label">pass 2 <span class="badge v-JE">JE"#),
        "{html}"
    );
}

const SUM_ANSWERS: &[(&str, &str, bool)] = &[
    ("submissions/accepted/answers", "AC", true),
    ("submissions/accepted/sum.py", "AC", true),
    ("submissions/wrong_answer/missing", "WA", true),
    ("submissions/wrong_answer/one-wrong", "WA", true),
];

#[test]
fn a_submit_answer_problem_judges_answer_files_without_running_anything() {
    if no_python("passes submit-answer") {
        return;
    }
    let output = verify(&fixture("sum-answers"), "json");
    assert_eq!(output.status.code(), Some(0), "{}", printed(&output));
    let report = json_report(&output);
    assert_eq!(verdicts(&report), owned(SUM_ANSWERS));
    let answers = submission(&report, "accepted/answers");
    assert_eq!(answers["language"], "answer files");
    // `secret/2.ans` answers as `secret/2.out` would; nothing ran.
    assert_eq!(test(answers, "secret/2")["verdict"], "AC");
    assert!(answers["tests"]
        .as_array()
        .unwrap()
        .iter()
        .all(|t| t["exit"].is_null() && t["cpu_ms"] == 0.0));
    let missing = test(submission(&report, "wrong_answer/missing"), "secret/3");
    assert_eq!(missing["verdict"], "WA");
    assert_eq!(
        missing["first_difference"],
        "no answer file `secret/3.out` (or `.ans`) in the submission"
    );
    let wrong = test(submission(&report, "wrong_answer/one-wrong"), "secret/3");
    assert_eq!(wrong["verdict"], "WA");
    assert!(
        wrong["first_difference"]
            .as_str()
            .unwrap()
            .contains("expected `1000001`, got `1000000`"),
        "{wrong:#}"
    );
}

#[test]
fn multi_pass_and_submit_answer_packages_dropped_into_problems_are_graded_in_place() {
    if no_python("passes dropped") {
        return;
    }
    let root = common::copy_of("dropped", "passes-dropped");
    for name in ["doubling", "echo-twice", "sum-answers"] {
        common::copy_tree(&fixture(name), &root.join("problems").join(name));
    }
    let output = common::harness(
        &root,
        &[
            "run",
            "doubling",
            "echo-twice",
            "sum-answers",
            "--format",
            "json",
        ],
    );
    assert_eq!(output.status.code(), Some(0), "{}", printed(&output));
    let report = json_report(&output);
    for id in ["doubling", "echo-twice", "sum-answers"] {
        let row = report["problems"]
            .as_array()
            .unwrap()
            .iter()
            .find(|p| p["id"] == id)
            .unwrap_or_else(|| panic!("no row {id} in {report:#}"));
        assert_eq!(row["verdict"], "AC", "{row:#}");
    }
    let mut expected: Vec<(String, String, bool)> = [DOUBLING, ECHO_TWICE, SUM_ANSWERS]
        .iter()
        .flat_map(|rows| owned(rows))
        .collect();
    expected.sort();
    assert_eq!(verdicts(&report), expected);
}

/// A copy of the `doubling` package with its problem.yaml replaced.
fn with_problem_yaml(name: &str, yaml: &str) -> PathBuf {
    let copy = common::scratch(name).join("doubling");
    common::copy_tree(&fixture("doubling"), &copy);
    fs::write(copy.join("problem.yaml"), yaml).unwrap();
    copy
}

#[test]
fn impossible_pass_settings_are_refused_naming_the_key() {
    let head =
        "problem_format_version: 2025-09\nname: x\nuuid: 5c0f3e47-1d2b-4b8e-9a51-2f1d8e6c7a10\n";
    let cases = [
        (
            "type: multi-pass\nlimits:\n  validation_passes: 1\n",
            "expected at least 2",
        ),
        (
            "type: pass-fail\nlimits:\n  validation_passes: 3\n",
            "not multi-pass",
        ),
        (
            "type: [submit-answer, interactive]\n",
            "`submit-answer` and `interactive` cannot go together",
        ),
    ];
    for (i, (yaml, said)) in cases.iter().enumerate() {
        let dir = with_problem_yaml(&format!("passes-refused-{i}"), &format!("{head}{yaml}"));
        let output = verify(&dir, "human");
        assert_eq!(output.status.code(), Some(2), "{}", printed(&output));
        let text = printed(&output);
        assert!(
            text.contains(said) && text.contains("problem.yaml"),
            "{text}"
        );
    }
}

#[test]
fn a_legacy_package_with_custom_multi_pass_validation_runs_in_passes() {
    if no_python("passes legacy") {
        return;
    }
    let copy = common::scratch("passes-legacy").join("doubling");
    common::copy_tree(&fixture("doubling"), &copy);
    fs::create_dir_all(copy.join("output_validators")).unwrap();
    fs::rename(
        copy.join("output_validator"),
        copy.join("output_validators/doubling"),
    )
    .unwrap();
    let yaml = "name: Doubling\nvalidation: custom multi-pass\nlimits:\n  time_limit: 2\n  validation_passes: 3\n";
    fs::write(copy.join("problem.yaml"), yaml).unwrap();
    let output = verify(&copy, "json");
    assert_eq!(output.status.code(), Some(0), "{}", printed(&output));
    let report = json_report(&output);
    assert_eq!(verdicts(&report), owned(DOUBLING));
    let warnings = &report["problems"][0]["package"]["warnings"];
    assert_eq!(warnings.as_array().map(Vec::len), Some(0), "{warnings:#}");
    let crash = test(
        submission(&report, "run_time_error/third_pass_crash.py"),
        "sample/1",
    );
    assert_eq!(crash["passes"].as_array().unwrap().len(), 3);
}
