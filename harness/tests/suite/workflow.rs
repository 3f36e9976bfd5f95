//! The workflow features end to end: JUnit XML, colour and the progress bar, time-limit sensitivity,
//! known-wrong submissions, `harness new` and `harness submit-check`, on the fixture workspace
//! `fixtures/workflow` and on scratch workspaces; and snapshots of the human, JSON and JUnit reports of a
//! hand-made `Report`.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use super::common::{fixtures, json_report, stderr, stdout, workspace_root};
use serde_json::Value;

/// The harness with these environment changes (`None` unsets), NO_COLOR unset unless given.
fn harness_env(root: &Path, args: &[&str], env: &[(&str, Option<&str>)]) -> Output {
    let mut command = super::common::command(root, args);
    command.env_remove("NO_COLOR");
    for (key, value) in env {
        match value {
            Some(value) => command.env(key, value),
            None => command.env_remove(key),
        };
    }
    command.output().expect("run the harness binary")
}

fn harness(root: &Path, args: &[&str]) -> Output {
    harness_env(root, args, &[])
}

/// An empty folder of its own under the test target dir.
fn scratch(name: &str) -> PathBuf {
    super::common::scratch(&format!("workflow-{name}"))
}

// ---------------------------------------------------------------------------------------------------------
// JUnit

#[test]
fn junit_report_is_valid_xml_with_one_suite_per_problem() {
    let dir = scratch("junit");
    let xml_path = dir.join("report.xml");
    let output = harness(
        &fixtures("verdicts"),
        &["ac", "wa", "ce", "--junit", xml_path.to_str().unwrap()],
    );
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    let xml = fs::read_to_string(&xml_path).unwrap();
    let doc = roxmltree::Document::parse(&xml).unwrap_or_else(|e| panic!("{e}\n{xml}"));
    let root = doc.root_element();
    assert_eq!(root.tag_name().name(), "testsuites");
    assert_eq!(root.attribute("tests"), Some("6"));
    let suites: Vec<_> = root
        .children()
        .filter(|n| n.has_tag_name("testsuite"))
        .collect();
    let names: Vec<&str> = suites.iter().filter_map(|s| s.attribute("name")).collect();
    assert_eq!(names, ["ac", "wa", "ce"]);
    let suite = |name: &str| {
        *suites
            .iter()
            .find(|s| s.attribute("name") == Some(name))
            .unwrap()
    };

    assert_eq!(suite("ac").attribute("failures"), Some("0"));
    let wa = suite("wa");
    assert_eq!(wa.attribute("failures"), Some("2"));
    let cases: Vec<_> = wa
        .children()
        .filter(|n| n.has_tag_name("testcase"))
        .collect();
    assert_eq!(cases.len(), 2);
    assert_eq!(cases[0].attribute("name"), Some("a"));
    assert_eq!(cases[0].attribute("classname"), Some("wa"));
    let failure = cases[0]
        .children()
        .find(|n| n.has_tag_name("failure"))
        .expect("a failure element");
    assert_eq!(failure.attribute("type"), Some("WA"));
    assert_eq!(
        failure.attribute("message"),
        Some("WA: line 1, token 1: expected `7`, got `12`")
    );
    assert!(
        failure
            .text()
            .unwrap_or("")
            .contains("case 1 (line 1): expected `7`, got `12`"),
        "{xml}"
    );

    let ce = suite("ce");
    assert_eq!(ce.attribute("errors"), Some("2"));
    let error = ce.descendants().find(|n| n.has_tag_name("error")).unwrap();
    assert_eq!(error.attribute("type"), Some("CE"));
    assert!(
        error.text().unwrap_or("").contains("mismatched types"),
        "{xml}"
    );
}

#[test]
fn junit_report_has_a_suite_for_the_submissions() {
    let dir = scratch("junit-submissions");
    let xml_path = dir.join("report.xml");
    let output = harness(
        &fixtures("workflow"),
        &["sum", "weak", "--junit", xml_path.to_str().unwrap()],
    );
    assert_eq!(output.status.code(), Some(1));
    let xml = fs::read_to_string(&xml_path).unwrap();
    let doc = roxmltree::Document::parse(&xml).unwrap();
    let suite = |name: &str| {
        doc.descendants()
            .find(|n| n.has_tag_name("testsuite") && n.attribute("name") == Some(name))
            .unwrap_or_else(|| panic!("no suite {name} in {xml}"))
    };
    assert_eq!(suite("sum/submissions").attribute("tests"), Some("2"));
    assert_eq!(suite("sum/submissions").attribute("failures"), Some("0"));
    assert_eq!(suite("weak/submissions").attribute("failures"), Some("2"));
    assert_eq!(suite("weak/submissions").attribute("disabled"), Some("1"));
    let passes = suite("weak/submissions")
        .children()
        .find(|n| n.attribute("name") == Some("wrong_answer/passes.rs"))
        .unwrap();
    let message = passes
        .children()
        .find(|n| n.has_tag_name("failure"))
        .unwrap()
        .attribute("message")
        .unwrap();
    assert_eq!(message, "in wrong_answer/, got AC");
}

#[test]
fn junit_file_that_cannot_be_written_is_a_setup_error() {
    let dir = scratch("junit-unwritable");
    let path = dir.join("no-such-folder").join("report.xml");
    let output = harness(
        &fixtures("verdicts"),
        &["ac", "--junit", path.to_str().unwrap()],
    );
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("cannot write the JUnit report to"),
        "{}",
        stderr(&output)
    );
}

// ---------------------------------------------------------------------------------------------------------
// Colour and progress

#[test]
fn colour_only_when_asked_or_on_a_terminal() {
    let root = fixtures("workflow");
    let always = harness(&root, &["sum", "--color", "always"]);
    assert!(
        stdout(&always).contains("\x1b[1;32mAC "),
        "{}",
        stdout(&always)
    );
    // stdout is a pipe here, so `auto` means no colour; NO_COLOR and `never` too.
    for (args, env) in [
        (vec!["sum"], vec![]),
        (vec!["sum", "--color", "never"], vec![]),
        (
            vec!["sum", "--color", "auto"],
            vec![("NO_COLOR", Some("1"))],
        ),
        (vec!["sum"], vec![("TERM", Some("dumb"))]),
    ] {
        let output = harness_env(&root, &args, &env);
        assert_eq!(output.status.code(), Some(0));
        assert!(!stdout(&output).contains('\x1b'), "{args:?} {env:?}");
    }
}

#[test]
fn no_progress_bar_when_stderr_is_not_a_terminal() {
    for ci in [None, Some("true")] {
        let output = harness_env(&fixtures("workflow"), &["sum"], &[("CI", ci)]);
        assert_eq!(output.status.code(), Some(0));
        // Only a line per stage: no bar, no control character.
        let text = stderr(&output);
        assert!(
            text.lines().all(|l| l.starts_with("harness: ")),
            "CI={ci:?}: {text}"
        );
        assert!(
            text.contains("harness: grading: compiling every program"),
            "{text}"
        );
        assert!(
            text.contains("harness: grading: 3 test runs planned"),
            "{text}"
        );
        assert!(!text.contains('\r') && !text.contains('\x1b'), "{text}");
    }
}

// ---------------------------------------------------------------------------------------------------------
// Time-limit sensitivity

#[test]
fn accepted_tests_above_half_the_limit_are_flagged() {
    let root = fixtures("workflow");
    // The solution spends about 70 ms of CPU time under a 100 ms limit.
    let output = harness(&root, &["slow", "--format", "json"]);
    assert_eq!(output.status.code(), Some(0), "{}", stdout(&output));
    let report = json_report(&output);
    let test = &report["problems"][0]["tests"][0];
    assert_eq!(test["verdict"], "AC");
    assert_eq!(test["near_limit"], true, "{test}");

    let text = stdout(&harness(&root, &["slow"]));
    assert!(text.contains("/ 100 ms"), "{text}");
    assert!(text.contains("slowest a"), "{text}");
    assert!(text.contains("Close to the time limit"), "{text}");
    assert!(text.contains("slow/a  cpu "), "{text}");
    assert!(text.contains(" ms of 100 ms"), "{text}");

    // Twice the limit: no longer close, and the report says which limit it judged against.
    let scaled = harness(&root, &["slow", "--time-scale", "2"]);
    let text = stdout(&scaled);
    assert_eq!(scaled.status.code(), Some(0));
    assert!(text.contains("/ 200 ms"), "{text}");
    assert!(text.contains("time limits × 2"), "{text}");
    assert!(!text.contains("Close to the time limit"), "{text}");
}

// ---------------------------------------------------------------------------------------------------------
// Known-wrong submissions

#[test]
fn submissions_must_get_what_their_folder_says() {
    let root = fixtures("workflow");
    let output = harness(&root, &["sum", "weak", "weak-copy", "--format", "json"]);
    assert_eq!(
        output.status.code(),
        Some(1),
        "a wrong submission passes, so the run fails"
    );
    let report = json_report(&output);
    let found: Vec<(String, String, Value, bool, bool)> = report["submissions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| {
            (
                s["file"].as_str().unwrap().to_string(),
                s["expected"].as_str().unwrap().to_string(),
                s["verdict"].clone(),
                s["matched"].as_bool().unwrap(),
                s["skipped"].is_string(),
            )
        })
        .collect();
    let want = [
        (
            "problems/sum/submissions/run_time_error/i32-parse.rs",
            "run_time_error",
            "RE",
            true,
            false,
        ),
        (
            "problems/sum/submissions/wrong_answer/product.rs",
            "wrong_answer",
            "WA",
            true,
            false,
        ),
        (
            "problems/weak/submissions/time_limit_exceeded/mislabelled.rs",
            "time_limit_exceeded",
            "WA",
            false,
            false,
        ),
        (
            "problems/weak/submissions/wrong_answer/notes.txt",
            "wrong_answer",
            "",
            false,
            true,
        ),
        (
            "problems/weak/submissions/wrong_answer/passes.rs",
            "wrong_answer",
            "AC",
            false,
            false,
        ),
    ];
    let want: Vec<(String, String, Value, bool, bool)> = want
        .iter()
        .map(|(f, e, v, m, s)| {
            let verdict = match v.is_empty() {
                true => Value::Null,
                false => Value::from(*v),
            };
            (f.to_string(), e.to_string(), verdict, *m, *s)
        })
        .collect();
    assert_eq!(found, want, "each once, the same_as problem adds none");
    let i32_parse = &report["submissions"][0];
    assert_eq!(i32_parse["language"], "Rust");
    assert_eq!(i32_parse["stopped_at"], "c");
    let verdicts: Vec<&str> = i32_parse["tests"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["verdict"].as_str().unwrap())
        .collect();
    assert_eq!(
        verdicts,
        ["AC", "AC", "RE"],
        "it stops at its first failure"
    );
    let summary = &report["summary"];
    assert_eq!(
        (
            &summary["submissions"],
            &summary["submissions_matched"],
            &summary["submissions_skipped"]
        ),
        (&Value::from(4), &Value::from(2), &Value::from(1))
    );
    assert_eq!(summary["failed"], 0, "the accepted solutions still pass");

    let text = stdout(&harness(&root, &["sum", "weak", "weak-copy"]));
    for line in [
        "submissions as expected: 2/2",
        "submissions as expected: 0/2",
        "submissions: graded under weak",
        "problems/weak/submissions/wrong_answer/passes.rs  NOT AS EXPECTED: in wrong_answer/, got every test AC",
        "problems/weak/submissions/time_limit_exceeded/mislabelled.rs  NOT AS EXPECTED: in time_limit_exceeded/, got WA at a",
        "    wrong_answer/notes.txt                   ?          skipped: no known language",
        "submissions: 2 of 4 as expected (1 skipped: see above)",
    ] {
        assert!(text.contains(line), "no `{line}` in\n{text}");
    }
    // Tests and graded submissions, each one thing judged: the two not as expected are failures.
    assert_eq!(text.lines().last(), Some("7 passed, 2 failed"), "{text}");
}

#[test]
fn all_tests_runs_a_submission_past_its_first_failure() {
    let output = harness(
        &fixtures("workflow"),
        &["weak", "--all-tests", "--format", "json"],
    );
    let report = json_report(&output);
    let mislabelled = report["submissions"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["file"].as_str().unwrap().ends_with("mislabelled.rs"))
        .unwrap();
    assert_eq!(mislabelled["tests"].as_array().unwrap().len(), 1);
    let sum = json_report(&harness(
        &fixtures("workflow"),
        &["sum", "--all-tests", "--format", "json"],
    ));
    let tests = sum["submissions"][0]["tests"].as_array().unwrap().len();
    assert_eq!(
        tests, 3,
        "i32-parse runs all three tests, not only up to its RE"
    );
}

/// A program given with --submission is someone's attempt: every failed test is detailed (with
/// --all-tests), the summary says what it was judged against, and JUnit has a case per test.
#[test]
fn a_given_program_is_reported_in_full() {
    let root = fixtures("workflow");
    let product = root.join("problems/sum/submissions/wrong_answer/product.rs");
    let junit = scratch("given-junit").join("junit.xml");
    let output = harness(
        &root,
        &[
            "sum",
            "--submission",
            product.to_str().unwrap(),
            "--all-tests",
            "--junit",
            junit.to_str().unwrap(),
        ],
    );
    let text = stdout(&output);
    assert_eq!(output.status.code(), Some(1), "{text}");
    // Every test is wrong (3 × 4, 10 × -2, 3000000000 × 1), and each is detailed.
    for failure in [
        "  a  WA  line 1, token 1: expected `7`, got `12`",
        "  b  WA  line 1, token 1: expected `8`, got `-20`",
        "  c  WA  line 1, token 1: expected `3000000001`, got `3000000000`",
        "input testdata/sum/c.in (first lines):",
    ] {
        assert!(text.contains(failure), "{failure}: {text}");
    }
    assert!(
        text.contains(
            "\n1 given program (--submission), each expected to pass every test: 0 accepted, 1 not; 3 tests in "
        ),
        "{text}"
    );
    assert!(!text.contains("0 problems"), "{text}");
    assert!(!text.contains("as expected"), "{text}");
    assert_eq!(text.lines().last(), Some("0 passed, 3 failed"), "{text}");
    let xml = fs::read_to_string(&junit).unwrap();
    let doc = roxmltree::Document::parse(&xml).unwrap();
    let suites = doc.root_element();
    assert_eq!(suites.attribute("tests"), Some("3"), "{xml}");
    assert_eq!(suites.attribute("failures"), Some("3"), "{xml}");
    let cases: Vec<&str> = doc
        .descendants()
        .filter(|n| n.has_tag_name("testcase"))
        .map(|n| n.attribute("name").unwrap())
        .collect();
    assert_eq!(cases, ["a", "b", "c"], "{xml}");
}

/// The problem set proves the strength of its data: every problem that has its own data has at least one
/// submission that must not be accepted (the grading run, in e2e, proves they all get what they must).
#[test]
fn every_problem_has_wrong_submissions() {
    let workspace = harness::package::Workspace::find(&workspace_root()).unwrap();
    for id in workspace.problem_ids().unwrap() {
        let problem = workspace.load_problem(&id).unwrap();
        if problem.data_id != problem.id {
            continue;
        }
        let submissions = workspace.submissions(&problem).unwrap();
        let wrong = submissions
            .iter()
            .filter(|s| s.expected != harness::model::Expected::Accepted)
            .count();
        assert!(
            wrong > 0,
            "problems/{id}/submissions/ has no wrong submission"
        );
        for s in &submissions {
            assert!(
                s.why.is_some(),
                "{}: no leading comment saying what it is",
                s.relative
            );
        }
    }
}

#[test]
fn every_submission_as_expected_exits_zero() {
    let output = harness(&fixtures("workflow"), &["sum"]);
    assert_eq!(output.status.code(), Some(0), "{}", stdout(&output));
    assert!(stdout(&output).contains("submissions: 2 of 2 as expected"));
}

#[test]
fn a_test_filter_skips_the_submissions() {
    let output = harness(
        &fixtures("workflow"),
        &["weak", "--test", "a", "--format", "json"],
    );
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(json_report(&output)["submissions"], Value::Null);
    let text = stdout(&harness(&fixtures("workflow"), &["weak", "--test", "a"]));
    assert!(!text.contains("submissions"), "{text}");
}

// ---------------------------------------------------------------------------------------------------------
// harness new

/// A workspace with a cargo workspace file and no problem yet.
fn empty_workspace(name: &str) -> PathBuf {
    let root = scratch(name);
    fs::create_dir_all(root.join("problems")).unwrap();
    fs::write(
        root.join("Cargo.toml"),
        "[workspace]\nresolver = \"2\"\nmembers = [\"solutions/*\"]\n",
    )
    .unwrap();
    root
}

#[test]
fn new_scaffolds_a_problem_that_is_graded_at_once() {
    let root = empty_workspace("new");
    let output = harness(&root, &["new", "hdu9999", "--title", "Say \"hi\""]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let text = stdout(&output);
    for path in [
        "problems/hdu9999/problem.toml",
        "problems/hdu9999/statement.md",
        "problems/hdu9999/brute.rs",
        "problems/hdu9999/gen.rs",
        "problems/hdu9999/tests.toml",
        "solutions/hdu9999/Cargo.toml",
        "solutions/hdu9999/src/main.rs",
    ] {
        assert!(root.join(path).is_file(), "{path}");
        assert!(text.contains(&format!("created {path}")), "{text}");
    }
    assert!(root.join("testdata/hdu9999").is_dir());
    let toml = fs::read_to_string(root.join("problems/hdu9999/problem.toml")).unwrap();
    for key in [
        "title",
        "judge",
        "number",
        "url",
        "time_limit_ms",
        "memory_limit_mib",
        "checker",
        "same_as",
    ] {
        let line = toml
            .lines()
            .find(|l| l.trim_start_matches("# ").starts_with(&format!("{key} =")))
            .unwrap_or_else(|| panic!("no {key} in\n{toml}"));
        assert!(line.contains(" # "), "every key has a comment: {line}");
    }
    assert!(toml.contains("judge = \"HDOJ\""), "{toml}");
    let main = fs::read_to_string(root.join("solutions/hdu9999/src/main.rs")).unwrap();
    assert!(main.starts_with("//! hdu9999 — Say \"hi\" (HDOJ 9999), http://acm.hdu.edu.cn/showproblem.php?pid=9999\n"), "{main}");

    // The problem.toml is valid as written.
    let list = harness(&root, &["list"]);
    assert_eq!(list.status.code(), Some(0), "{}", stdout(&list));
    assert!(stdout(&list).contains("hdu9999"));

    // Never overwrites.
    fs::write(root.join("problems/hdu9999/statement.md"), "mine").unwrap();
    let again = harness(&root, &["new", "hdu9999"]);
    assert_eq!(again.status.code(), Some(2));
    assert!(
        stderr(&again).contains("already exists"),
        "{}",
        stderr(&again)
    );
    assert_eq!(
        fs::read_to_string(root.join("problems/hdu9999/statement.md")).unwrap(),
        "mine"
    );
    let bad = harness(&root, &["new", "Bad_Id"]);
    assert_eq!(bad.status.code(), Some(2));
    assert!(!root.join("problems/Bad_Id").exists());

    // Graded with no other edit: it fails clearly until it has data...
    let full = harness(&root, &[]);
    assert_eq!(full.status.code(), Some(1));
    let text = stdout(&full);
    assert!(
        text.contains("testdata/hdu9999: no tests; add <name>.in/<name>.out pairs"),
        "{text}"
    );
    let named = harness(&root, &["hdu9999"]);
    assert_eq!(named.status.code(), Some(2));
    // ... and then until the solution is written.
    fs::write(root.join("testdata/hdu9999/sample-1.in"), "1\n").unwrap();
    fs::write(root.join("testdata/hdu9999/sample-1.out"), "first\n").unwrap();
    let graded = harness(&root, &["hdu9999", "--format", "json"]);
    assert_eq!(graded.status.code(), Some(1));
    let report = json_report(&graded);
    let test = &report["problems"][0]["tests"][0];
    assert_eq!(test["verdict"], "RE", "{test}");
    assert!(
        test["detail"]
            .as_str()
            .unwrap()
            .contains("not yet implemented"),
        "{test}"
    );
    assert_eq!(
        report["submissions"],
        Value::Array(vec![]),
        "no submissions/ folder yet"
    );
    // Accepted once the solution is written, and still warned about what `harness new` asks for.
    let main = root.join("solutions/hdu9999/src/main.rs");
    let solved = "fn main() {\n    print!(\"first\\n\");\n}\n";
    fs::write(&main, solved).unwrap();
    let graded = harness(&root, &["hdu9999"]);
    let warning = stderr(&graded);
    assert_eq!(graded.status.code(), Some(0), "{}", stdout(&graded));
    assert!(
        warning.contains(
            "harness: warning: problems/hdu9999/ is not finished: brute.rs has a todo!(); \
             gen.rs has a todo!(); validate.rs has a todo!(); \
             invalid/ has 0 of the 3 inputs its validator must reject"
        ),
        "{warning}"
    );
}

#[test]
fn scaffolded_programs_compile_alone_and_are_formatted() {
    let root = empty_workspace("new-compile");
    assert_eq!(harness(&root, &["new", "poj9999"]).status.code(), Some(0));
    let cache = scratch("new-compile-cache");
    let context =
        harness::exec::RunContext::new(&cache, harness::lang::LanguageTable::builtin(), 1).unwrap();
    let compiler = &context.compiler;
    for path in [
        "problems/poj9999/brute.rs",
        "problems/poj9999/gen.rs",
        "solutions/poj9999/src/main.rs",
    ] {
        match compiler.compile(&root.join(path)).unwrap() {
            harness::lang::Compiled::Ok(_) => {}
            harness::lang::Compiled::Failed { message } => panic!("{path}: {message}"),
            harness::lang::Compiled::Skipped { reason } => panic!("{path}: {reason}"),
        }
        let rustfmt = Command::new("rustfmt")
            .args(["--check", "--edition", "2021"])
            .arg(root.join(path))
            .output()
            .expect("run rustfmt");
        assert!(
            rustfmt.status.success(),
            "{path} is not rustfmt-clean:\n{}",
            String::from_utf8_lossy(&rustfmt.stdout)
        );
    }
    // `harness gen` fails clearly until the statement's sample is there.
    let gen = harness(&root, &["gen", "poj9999"]);
    assert_eq!(gen.status.code(), Some(2));
    assert!(
        stderr(&gen)
            .contains("sample-1.in is declared as hand-made in tests.toml but does not exist"),
        "{}",
        stderr(&gen)
    );
}

/// The `use` line and `fn main` of a solution: the IO skeleton that every solution shares.
fn io_skeleton(source: &str) -> (bool, String) {
    let uses_io = source
        .lines()
        .any(|l| l == "use std::io::{self, Read, Write};");
    let main: String = source
        .lines()
        .skip_while(|l| !l.starts_with("fn main()"))
        .take_while(|l| *l != "}")
        .map(|l| format!("{l}\n"))
        .collect();
    (uses_io, main)
}

#[test]
fn the_template_keeps_the_io_skeleton_of_every_solution() {
    let template = io_skeleton(harness::setter::scaffold::SOLUTION);
    assert!(
        template.0 && template.1.contains("read_to_string"),
        "{template:?}"
    );
    // Every solution of a problem that is not interactive (those talk line by line, flushing each move).
    let workspace = harness::package::Workspace::find(&workspace_root()).unwrap();
    let (mut seen, mut expected) = (0, 0);
    for id in workspace.problem_ids().unwrap() {
        let problem = workspace.load_problem(&id).unwrap();
        if problem.data_id != problem.id || problem.interactor.is_some() {
            continue;
        }
        expected += 1;
        let file = workspace.solution_file(&id);
        let source = fs::read_to_string(&file).unwrap();
        assert_eq!(io_skeleton(&source), template, "{}", file.display());
        seen += 1;
    }
    assert_eq!(seen, expected);
    assert!(expected > 0);
}

// ---------------------------------------------------------------------------------------------------------
// harness submit-check

#[test]
fn submit_check_passes_the_real_solutions() {
    let target = scratch("submit-real-target");
    let output = harness_env(
        &workspace_root(),
        &["submit-check", "hdu1536", "hdu1944"],
        &[("CARGO_TARGET_DIR", target.to_str())],
    );
    let text = stdout(&output);
    assert_eq!(output.status.code(), Some(0), "{text}{}", stderr(&output));
    assert!(
        text.contains("hdu1536  ok    paste solutions/hdu1536/src/main.rs (also for hdu1944)"),
        "{text}"
    );
    assert_eq!(
        text.lines().last(),
        Some("1 solutions: 1 submittable as they are, 0 not")
    );
}

#[test]
fn submit_check_finds_what_a_judge_would_refuse() {
    let root = empty_workspace("submit");
    for id in ["good", "newapi", "uses-rand"] {
        assert_eq!(harness(&root, &["new", id]).status.code(), Some(0));
    }
    let main = |body: &str| {
        format!(
            "use std::io::{{self, Read, Write}};\n\nfn main() {{\n    let mut input = String::new();\n    io::stdin().read_to_string(&mut input).expect(\"read stdin\");\n    {body}\n    io::stdout().write_all(input.as_bytes()).expect(\"write stdout\");\n}}\n"
        )
    };
    fs::write(
        root.join("solutions/good/src/main.rs"),
        main("let _ = input.len() / 2;"),
    )
    .unwrap();
    // u32::div_ceil is stable since Rust 1.73.
    fs::write(
        root.join("solutions/newapi/src/main.rs"),
        main("let _ = (input.len() as u32).div_ceil(2);"),
    )
    .unwrap();
    fs::write(
        root.join("solutions/uses-rand/src/main.rs"),
        format!("extern crate rand;\n{}", main("")),
    )
    .unwrap();
    let manifest = root.join("solutions/uses-rand/Cargo.toml");
    let text = fs::read_to_string(&manifest).unwrap();
    fs::write(
        &manifest,
        text.replace("rust-version = \"1.70\"", "rust-version = \"1.80\""),
    )
    .unwrap();

    let target = scratch("submit-target");
    let output = harness_env(
        &root,
        &["submit-check"],
        &[("CARGO_TARGET_DIR", target.to_str())],
    );
    let text = stdout(&output);
    assert_eq!(output.status.code(), Some(1), "{text}{}", stderr(&output));
    let block = |id: &str| -> String {
        let mut lines = text
            .lines()
            .skip_while(|l| !l.starts_with(&format!("{id} ")));
        let first = lines.next().unwrap_or_else(|| panic!("no {id} in\n{text}"));
        std::iter::once(first)
            .chain(lines.take_while(|l| l.starts_with(' ')))
            .collect::<Vec<_>>()
            .join("\n")
    };
    assert!(
        block("good").contains("ok    paste solutions/good/src/main.rs"),
        "{text}"
    );
    let newapi = block("newapi");
    assert!(newapi.contains("FAIL"), "{text}");
    assert!(newapi.contains("clippy::incompatible_msrv"), "{text}");
    assert!(newapi.contains("1.73"), "{text}");
    let deps = block("uses-rand");
    assert!(deps.contains("does not compile alone"), "{text}");
    assert!(deps.contains("`extern crate rand`"), "{text}");
    assert!(deps.contains("rust-version = \"1.70\""), "{text}");
    assert_eq!(
        text.lines().last(),
        Some("3 solutions: 1 submittable as they are, 2 not")
    );
}
