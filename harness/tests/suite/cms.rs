//! CMS tasks in the italian_yaml layout (fixtures/cms/, described in its README), judged in place by
//! `harness verify` and when dropped into a workspace's `problems/`: one task per score type (GroupMin
//! from gen/GEN's `# ST:` lines with CMS's white diff; Sum, GroupMul and GroupThreshold from task.yaml with
//! a checker in CMS's protocol, whose outcomes are fractions of a test's points), every solution of `sol/`
//! with the score its `@EXPECTED_SCORE@` tag or its name (the reference `soluzione`) asks; and what the
//! judge cannot run yet, refused with its reason. A task prepared with TPS (fixtures/tps/), from its
//! generated `tests/`: its subtasks, checker, grader and the verdicts `solutions.json` gives per subtask.

use std::path::{Path, PathBuf};
use std::process::Output;

use serde_json::Value;

use super::common::{self, json_report, printed, stdout};

fn fixture(name: &str) -> PathBuf {
    common::fixtures("cms").join(name)
}

/// Python from the system's folders first, where a program run as another user can reach it.
fn harness(root: &Path, args: &[&str]) -> Output {
    let path = format!(
        "/usr/local/bin:/usr/bin:/bin:{}",
        std::env::var("PATH").unwrap_or_default()
    );
    common::command(root, args)
        .env("PATH", path)
        .output()
        .expect("run the harness binary")
}

fn verify(dir: &Path) -> Output {
    harness(
        &common::fixtures("cms"),
        &["verify", dir.to_str().unwrap(), "--format", "json"],
    )
}

fn have(command: &str) -> bool {
    std::process::Command::new(command)
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success())
}

fn have_python() -> bool {
    have("python3")
}

/// Each submission: (file, verdict, score, matched).
fn scored(report: &Value) -> Vec<(String, String, f64, bool)> {
    report["submissions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| {
            (
                s["file"].as_str().unwrap().to_string(),
                s["verdict"].as_str().unwrap_or("?").to_string(),
                s["score"]["score"].as_f64().unwrap_or(f64::NAN),
                s["matched"].as_bool().unwrap(),
            )
        })
        .collect()
}

fn owned(rows: &[(&str, &str, f64)]) -> Vec<(String, String, f64, bool)> {
    rows.iter()
        .map(|(f, v, s)| (f.to_string(), v.to_string(), *s, true))
        .collect()
}

/// The subtasks' scores of a submission.
fn subtasks(report: &Value, file: &str) -> Vec<(String, f64)> {
    let submission = (report["submissions"].as_array().unwrap().iter())
        .find(|s| s["file"] == file)
        .unwrap_or_else(|| panic!("no submission {file}"));
    (submission["score"]["groups"].as_array().unwrap().iter())
        .map(|g| {
            (
                g["group"].as_str().unwrap().to_string(),
                g["score"].as_f64().unwrap(),
            )
        })
        .collect()
}

fn row<'a>(report: &'a Value, id: &str) -> &'a Value {
    let rows = report["problems"].as_array().unwrap();
    rows.iter()
        .find(|p| p["id"] == id)
        .unwrap_or_else(|| panic!("no problem {id} in {report:#}"))
}

/// Verifies a fixture, which must pass, and returns its report.
fn verified(name: &str) -> Value {
    let output = verify(&fixture(name));
    assert_eq!(output.status.code(), Some(0), "{}", printed(&output));
    json_report(&output)
}

fn pairs(rows: &[(&str, f64)]) -> Vec<(String, f64)> {
    rows.iter().map(|(g, s)| (g.to_string(), *s)).collect()
}

#[test]
fn gen_subtasks_score_as_group_min_with_cms_white_diff() {
    if !have_python() {
        return common::skipped("cms groupmin", "no python3 for its solutions");
    }
    let report = verified("groupmin");
    let task = row(&report, "groupmin");
    assert_eq!(task["title"], "Sum of a List");
    assert_eq!(task["time_limit_ms"], 1000);
    assert_eq!(task["memory_limit_mib"], 256);
    assert_eq!(task["checker"], "tokens", "no checker: CMS's white diff");
    assert_eq!(task["package"]["format"], "cms");
    assert_eq!(task["package"]["type"], "batch, GroupMin");
    let tests: Vec<&str> = (task["tests"].as_array().unwrap().iter())
        .map(|t| t["name"].as_str().unwrap())
        .collect();
    assert_eq!(tests, ["000", "001", "002", "003"], "CMS's codenames");
    let warnings = task["package"]["warnings"].to_string();
    assert!(
        warnings.contains("contest rules not used in judging: token_mode, max_submission_number"),
        "{warnings}"
    );
    assert_eq!(
        scored(&report),
        owned(&[
            ("sol/soluzione.py", "AC", 100.0),
            ("sol/first.py", "WA", 0.0),
            ("sol/slow.py", "TLE", 0.0),
            ("sol/wrap32.py", "WA", 30.0),
        ])
    );
    assert_eq!(
        subtasks(&report, "sol/wrap32.py"),
        pairs(&[("subtask1", 30.0), ("subtask2", 0.0)])
    );
}

#[test]
fn a_grader_is_compiled_with_each_submission_in_its_language() {
    if !have("g++") {
        return common::skipped("cms grader", "no g++ for its grader and solutions");
    }
    let report = verified("grader");
    let task = row(&report, "grader");
    assert_eq!(task["package"]["type"], "batch with a grader, GroupMin");
    assert_eq!(
        task["verdict"], "AC",
        "the reference solution with the grader"
    );
    // The template is not a solution; the header is compiled with each, not as one.
    assert_eq!(
        scored(&report),
        owned(&[
            ("sol/soluzione.cpp", "AC", 100.0),
            ("sol/int32.cpp", "WA", 30.0)
        ])
    );

    // Without the grader, the contestant's function has no `main`: a compile error.
    let alone = edited("grader", "cms-no-grader", |dir| {
        std::fs::remove_file(dir.join("sol/grader.cpp")).unwrap();
    });
    let output = verify(&alone);
    assert_eq!(output.status.code(), Some(1), "{}", printed(&output));
    let report = json_report(&output);
    assert_eq!(report["submissions"][0]["verdict"], "CE", "{report:#}");
}

#[test]
fn sum_scores_each_test_by_its_checker_outcome() {
    if !have_python() {
        return common::skipped("cms sum", "no python3 for its checker and solutions");
    }
    let report = verified("sum");
    let task = row(&report, "sum");
    assert_eq!(task["checker"], "cms:check/checker.py");
    assert_eq!(task["package"]["type"], "batch, Sum");
    assert_eq!(
        scored(&report),
        owned(&[
            ("sol/soluzione.py", "AC", 100.0),
            ("sol/identity.py", "WA", 55.0),
            ("sol/reverse.py", "WA", 75.0),
            ("sol/swapped.py", "WA", 77.5),
        ])
    );
    // The checker's first stderr line is its message, CMS's `translate:` words said in full.
    let identity = &report["submissions"][1]["tests"][2];
    assert_eq!(identity["validator_score"], 0.2);
    assert_eq!(
        identity["first_difference"],
        "checker: Output is partially correct"
    );
}

#[test]
fn group_mul_multiplies_a_subtasks_outcomes() {
    if !have_python() {
        return common::skipped("cms groupmul", "no python3 for its checker and solutions");
    }
    let report = verified("groupmul");
    assert_eq!(
        row(&report, "groupmul")["package"]["type"],
        "batch, GroupMul"
    );
    assert_eq!(
        scored(&report),
        owned(&[
            ("sol/soluzione.py", "AC", 100.0),
            ("sol/identity.py", "WA", 60.0),
            ("sol/reverse.py", "WA", 60.0),
            ("sol/swapped.py", "WA", 72.0),
        ])
    );
    // 40 × 1/2 × 1 × 3/5: the product, where GroupMin would give 40 × 1/2.
    assert_eq!(
        subtasks(&report, "sol/swapped.py"),
        pairs(&[("subtask1", 12.0), ("subtask2", 60.0)])
    );
}

#[test]
fn group_threshold_counts_outcomes_above_zero_up_to_the_threshold() {
    if !have_python() {
        return common::skipped("cms threshold", "no python3 for its checker and solutions");
    }
    let report = verified("threshold");
    assert_eq!(
        scored(&report),
        owned(&[
            ("sol/soluzione.py", "AC", 100.0),
            ("sol/below.py", "WA", 0.0),
            ("sol/double.py", "WA", 0.0),
            ("sol/loose.py", "WA", 60.0),
        ])
    );
    assert_eq!(
        subtasks(&report, "sol/loose.py"),
        pairs(&[("subtask1", 0.0), ("subtask2", 60.0)])
    );
}

#[test]
fn a_score_other_than_the_tag_fails_the_task_and_says_so() {
    if !have_python() {
        return common::skipped("cms wrong tag", "no python3 for its checker and solutions");
    }
    let copy = common::scratch("cms-wrong-tag").join("sum");
    common::copy_tree(&fixture("sum"), &copy);
    let file = copy.join("sol/swapped.py");
    let text = std::fs::read_to_string(&file).unwrap();
    std::fs::write(
        &file,
        text.replace("@EXPECTED_SCORE@: 77.5", "@EXPECTED_SCORE@: 80"),
    )
    .unwrap();
    let output = harness(&copy, &["verify", copy.to_str().unwrap()]);
    assert_eq!(output.status.code(), Some(1), "{}", printed(&output));
    assert!(
        stdout(&output).contains("score 77.50, expected 80"),
        "{}",
        printed(&output)
    );
}

#[test]
fn a_task_dropped_into_problems_is_graded_in_place() {
    if !have_python() {
        return common::skipped(
            "cms dropped task",
            "no python3 for its checker and solutions",
        );
    }
    let root = common::copy_of("dropped", "cms-dropped");
    common::copy_tree(&fixture("groupmul"), &root.join("problems/sortmul"));
    let list = harness(&root, &["list"]);
    assert_eq!(list.status.code(), Some(0), "{}", printed(&list));
    assert!(
        stdout(&list)
            .lines()
            .any(|l| l.starts_with("sortmul ") && l.contains("Sort, Multiplied")),
        "{}",
        stdout(&list)
    );
    let output = harness(&root, &["run", "sortmul", "--format", "json"]);
    assert_eq!(output.status.code(), Some(0), "{}", printed(&output));
    let report = json_report(&output);
    assert_eq!(row(&report, "sortmul")["verdict"], "AC");
    let dropped: Vec<_> = (scored(&report).into_iter())
        .map(|(file, verdict, score, matched)| {
            (
                file.trim_start_matches("problems/sortmul/").to_string(),
                verdict,
                score,
                matched,
            )
        })
        .collect();
    assert_eq!(
        dropped,
        owned(&[
            ("sol/soluzione.py", "AC", 100.0),
            ("sol/identity.py", "WA", 60.0),
            ("sol/reverse.py", "WA", 60.0),
            ("sol/swapped.py", "WA", 72.0),
        ])
    );
}

/// A copy of a fixture with `edit` applied.
fn edited(fixture_name: &str, name: &str, edit: impl Fn(&Path)) -> PathBuf {
    let copy = common::scratch(name).join(fixture_name);
    common::copy_tree(&fixture(fixture_name), &copy);
    edit(&copy);
    copy
}

/// The error of the task's row, when it cannot be judged.
fn refused(dir: &Path) -> String {
    let output = verify(dir);
    assert_eq!(output.status.code(), Some(1), "{}", printed(&output));
    let report = json_report(&output);
    let rows = report["problems"].as_array().unwrap();
    assert_eq!(rows.len(), 1, "{report:#}");
    assert!(
        report["submissions"].as_array().unwrap().is_empty(),
        "nothing is run"
    );
    rows[0]["error"].as_str().expect("an error").to_string()
}

#[test]
fn what_the_judge_cannot_run_yet_is_refused_with_the_reason() {
    let files = edited("sum", "cms-files", |dir| {
        let yaml = std::fs::read_to_string(dir.join("task.yaml")).unwrap();
        let yaml = yaml.replace("infile: ''\noutfile: ''\n", "");
        std::fs::write(dir.join("task.yaml"), yaml).unwrap();
    });
    let error = refused(&files);
    assert!(
        error.starts_with(
            "the program reads and writes named files (infile `input.txt`, outfile `output.txt`;"
        ),
        "CMS's default files: {error}"
    );
    let manager = edited("sum", "cms-manager", |dir| {
        std::fs::write(dir.join("check/manager"), "").unwrap();
    });
    assert!(refused(&manager).starts_with("a Communication task (check/manager)"));
    let output_only = edited("sum", "cms-output-only", |dir| {
        let mut yaml = std::fs::read_to_string(dir.join("task.yaml")).unwrap();
        yaml.push_str("output_only: true\n");
        std::fs::write(dir.join("task.yaml"), yaml).unwrap();
    });
    assert!(refused(&output_only).starts_with("an OutputOnly task"));
    let binary = edited("sum", "cms-binary-checker", |dir| {
        std::fs::rename(dir.join("check/checker.py"), dir.join("check/checker")).unwrap();
    });
    assert!(
        refused(&binary).starts_with("check/checker is a built program without its source"),
        "{}",
        refused(&binary)
    );
}

#[test]
fn gen_errors_name_the_file_and_the_line() {
    let uneven = edited("groupmin", "cms-gen-points", |dir| {
        let gen = std::fs::read_to_string(dir.join("gen/GEN")).unwrap();
        std::fs::write(dir.join("gen/GEN"), gen.replace("# ST: 70", "# ST: 60")).unwrap();
    });
    let output = verify(&uneven);
    assert_ne!(output.status.code(), Some(0), "{}", printed(&output));
    assert!(
        printed(&output)
            .contains("gen/GEN: the `# ST:` points add up to 90, not 100 as CMS requires"),
        "{}",
        printed(&output)
    );
    let both = edited("groupmin", "cms-gen-both", |dir| {
        let gen = std::fs::read_to_string(dir.join("gen/GEN")).unwrap();
        std::fs::write(dir.join("gen/GEN"), gen.replace("3 3 1", "3 3 1 # ST: 5")).unwrap();
    });
    let output = verify(&both);
    assert!(
        printed(&output).contains("gen/GEN:3: a test and a `# ST:` or `# COPY:` on one line"),
        "{}",
        printed(&output)
    );
}

#[test]
fn a_tps_task_is_judged_by_the_verdicts_solutions_json_gives_per_subtask() {
    if !have("g++") {
        return common::skipped("tps task", "no g++ for its grader, checker and solutions");
    }
    let dir = common::fixtures("tps").join("listsum");
    let output = harness(
        &common::fixtures("tps"),
        &["verify", dir.to_str().unwrap(), "--format", "json"],
    );
    assert_eq!(output.status.code(), Some(0), "{}", printed(&output));
    let report = json_report(&output);
    let task = row(&report, "listsum");
    assert_eq!(task["package"]["format"], "tps");
    assert_eq!(task["package"]["type"], "batch, GroupMin");
    assert_eq!(task["checker"], "cms:checker/checker.cpp");
    assert_eq!(task["time_limit_ms"], 1000);
    // The model solution first; the Pascal one is not run, saying why.
    let run: Vec<_> = (scored(&report).into_iter())
        .filter(|(file, ..)| file != "solution/listsum.pas")
        .collect();
    assert_eq!(
        run,
        owned(&[
            ("solution/listsum.cpp", "AC", 100.0),
            ("solution/first.cpp", "WA", 0.0),
            ("solution/int32.cpp", "WA", 30.0),
        ])
    );
    let pascal = &report["submissions"][3];
    assert_eq!(pascal["file"], "solution/listsum.pas");
    assert_eq!(
        pascal["skipped"],
        "not a source file of a language this judge runs"
    );
    // A test in several subtasks (tests/mapping) counts in each.
    assert_eq!(
        subtasks(&report, "solution/int32.cpp"),
        pairs(&[("samples", 0.0), ("small", 30.0), ("large", 0.0)])
    );

    // A verdict solutions.json gives that does not hold fails the task.
    let copy = common::scratch("tps-wrong-verdict").join("listsum");
    common::copy_tree(&dir, &copy);
    let json = std::fs::read_to_string(copy.join("solutions.json")).unwrap();
    let json = json.replace("\"small\": \"correct\"", "\"small\": \"incorrect\"");
    std::fs::write(copy.join("solutions.json"), json).unwrap();
    let output = harness(&copy, &["verify", copy.to_str().unwrap()]);
    assert_eq!(output.status.code(), Some(1), "{}", printed(&output));
    assert!(
        stdout(&output).contains("score 30, expected 0"),
        "{}",
        printed(&output)
    );

    // Without its generated tests, the task is refused with what to do.
    let bare = common::scratch("tps-not-generated").join("listsum");
    common::copy_tree(&dir, &bare);
    std::fs::remove_dir_all(bare.join("tests")).unwrap();
    assert!(refused(&bare)
        .starts_with("tests/mapping is not there: generate the tests with `tps gen` first"));
}
