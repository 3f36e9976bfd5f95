//! DOMjudge's dialect of the package format (fixtures/domjudge/, described in its README): DOMjudge's own
//! example problems verify with the results their `@EXPECTED_RESULTS@:` annotations and folders say,
//! `domjudge-problem.ini` and `.timelimit` give the name and the time limit (and are refused where DOMjudge
//! refuses them), and the multi-pass examples are judged as their submissions say.

use std::path::{Path, PathBuf};
use std::process::Output;

use serde_json::Value;

use super::common::{self, json_report, printed};

fn fixture(name: &str) -> PathBuf {
    common::fixtures("domjudge").join(name)
}

/// Python from the system's folders first, where a program run as another user can reach it.
fn verify(dir: &Path) -> Output {
    let path = format!(
        "/usr/local/bin:/usr/bin:/bin:{}",
        std::env::var("PATH").unwrap_or_default()
    );
    common::command(
        &common::fixtures("domjudge"),
        &["verify", dir.to_str().unwrap(), "--format", "json"],
    )
    .env("PATH", path)
    .output()
    .expect("run the harness binary")
}

fn have(command: &str, flag: &str) -> bool {
    std::process::Command::new(command)
        .arg(flag)
        .output()
        .is_ok_and(|o| o.status.success())
}

/// Each submission of a report: (file, verdict or why it was skipped, matched).
fn verdicts(report: &Value) -> Vec<(String, String, bool)> {
    report["submissions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| {
            let verdict = s["verdict"].as_str().or(s["skipped"].as_str());
            (
                s["file"].as_str().unwrap().to_string(),
                verdict.unwrap_or("?").to_string(),
                s["matched"].as_bool().unwrap(),
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

/// Compares the judged submissions with `wanted` (file, verdict, matched); a skipped one's reason must
/// contain the text given.
fn assert_verdicts(report: &Value, wanted: &[(&str, &str, bool)]) {
    let got = verdicts(report);
    let got: Vec<(&str, &str, bool)> = got
        .iter()
        .map(|(f, v, m)| (f.as_str(), v.as_str(), *m))
        .collect();
    assert_eq!(got.len(), wanted.len(), "{got:#?}");
    for ((file, verdict, matched), (want_file, want, want_matched)) in got.iter().zip(wanted) {
        assert_eq!(file, want_file);
        assert!(
            verdict == want || (!matched && verdict.contains(want)),
            "{file}: got `{verdict}`, wanted `{want}`"
        );
        assert_eq!(matched, want_matched, "{file}: {verdict}");
    }
}

/// What each annotation (or folder) of the two examples asks, and the verdict it got. boolfind: every
/// program in `accepted/` and the two links to them in `mixed-verdicts/` must be accepted (`CORRECT`);
/// `boolfind-test-random.py` says `CORRECT, WRONG-ANSWER`; the Prolog one is in no language of this judge.
const BOOLFIND: &[(&str, &str, bool)] = &[
    ("submissions/accepted/boolfind-test-correct.c", "AC", true),
    ("submissions/accepted/boolfind-test-correct.cc", "AC", true),
    (
        "submissions/accepted/boolfind-test-correct.java",
        "AC",
        true,
    ),
    (
        "submissions/accepted/boolfind-test-correct.plg",
        "no known language",
        false,
    ),
    ("submissions/accepted/boolfind-test-correct.py", "AC", true),
    ("submissions/accepted/boolfind-test-correct.rs", "AC", true),
    (
        "submissions/mixed-verdicts/boolfind-test-correct-check-single-tag.c",
        "AC",
        true,
    ),
    (
        "submissions/mixed-verdicts/boolfind-test-correct-check-single-tag.java",
        "AC",
        true,
    ),
    (
        "submissions/mixed-verdicts/boolfind-test-correct-different-tag.py",
        "AC",
        true,
    ),
    (
        "submissions/mixed-verdicts/boolfind-test-random.py",
        "WA",
        true,
    ),
    (
        "submissions/time_limit_exceeded/boolfind-test-extra-testcase.py",
        "TLE",
        true,
    ),
    (
        "submissions/time_limit_exceeded/boolfind-test-loop.cc",
        "TLE",
        true,
    ),
    (
        "submissions/time_limit_exceeded/boolfind-test-timelimit.c",
        "TLE",
        true,
    ),
    (
        "submissions/wrong_answer/boolfind-test-double.py",
        "WA",
        true,
    ),
    (
        "submissions/wrong_answer/boolfind-test-extradata.cc",
        "WA",
        true,
    ),
    (
        "submissions/wrong_answer/boolfind-test-no-output.c",
        "WA",
        true,
    ),
];

/// hello (the part copied in): the folders DOMjudge names by a result (`compiler_error`, `no_output`,
/// `output_limit`), `multiple/` by its annotations (`CORRECT,WRONG-ANSWER`, `RUN-ERROR,WRONG-ANSWER`, and
/// `CORRECT, NO-OUTPUT` in the folder's `expected_result.txt`), and a file that annotates twice, which
/// DOMjudge refuses to read.
const HELLO: &[(&str, &str, bool)] = &[
    ("submissions/accepted/multifile-cpp", "AC", true),
    ("submissions/accepted/test-hello-lf-cr.c", "AC", true),
    ("submissions/accepted/test-hello.bash", "AC", true),
    ("submissions/accepted/test-hello.c", "AC", true),
    ("submissions/accepted/test-hello.c++", "AC", true),
    ("submissions/accepted/test-hello.cc", "AC", true),
    ("submissions/accepted/test-hello.java", "AC", true),
    ("submissions/accepted/test-hello.js", "AC", true),
    ("submissions/accepted/test-hello.py", "AC", true),
    ("submissions/accepted/test-hello.rs", "AC", true),
    ("submissions/accepted/test-hello.sh", "AC", true),
    (
        "submissions/compiler_error/test-compile-error.c",
        "CE",
        true,
    ),
    (
        "submissions/compiler_error/test-compile-error.py",
        "CE",
        true,
    ),
    (
        "submissions/compiler_error/test-compile-error.rs",
        "CE",
        true,
    ),
    ("submissions/compiler_error/test-hello-cpp.c", "CE", true),
    ("submissions/multiple/expected-result-all-files", "WA", true),
    ("submissions/multiple/test-hello-space.c", "AC", true),
    ("submissions/multiple/test-memstatic.c", "WA", true),
    ("submissions/no_output/test-no-output.c", "WA", true),
    (
        "submissions/output_limit/test-correct-output-exceeded.cc",
        "OLE",
        true,
    ),
    ("submissions/run_time_error/test-exitcode-3.c", "RE", true),
    ("submissions/run_time_error/test-exitcode.c", "RE", true),
    ("submissions/run_time_error/test-sigfpe.py", "RE", true),
    ("submissions/run_time_error/test-sigsegv.c", "RE", true),
    ("submissions/time_limit_exceeded/test-sleep.py", "TLE", true),
    (
        "submissions/time_limit_exceeded/test-timelimit.c",
        "TLE",
        true,
    ),
    ("submissions/wrong_answer/test-float.c", "WA", true),
    ("submissions/wrong_answer/test-hello-nullbyte.c", "WA", true),
    (
        "submissions/wrong_answer/test-output-nonewline.c",
        "WA",
        true,
    ),
    (
        "submissions/check_manually/bad-expected-result-multiple-in-file.c",
        "`@EXPECTED_RESULTS@:` given twice (DOMjudge takes neither)",
        false,
    ),
];

#[test]
fn domjudges_example_problems_verify_as_their_annotations_say() {
    let tools = [
        ("gcc", "--version"),
        ("g++", "--version"),
        ("javac", "-version"),
        ("node", "--version"),
        ("rustc", "--version"),
        ("bash", "--version"),
    ];
    if let Some((tool, _)) = tools.iter().find(|(tool, flag)| !have(tool, flag)) {
        return common::skipped(
            "domjudge example problems",
            &format!("no {tool} for their submissions"),
        );
    }
    // Every submission as its annotation or folder says (the Prolog one skipped).
    let output = verify(&fixture("boolfind"));
    assert_eq!(output.status.code(), Some(0), "{}", printed(&output));
    let report = json_report(&output);
    let boolfind = row(&report, "boolfind");
    assert_eq!(boolfind["title"], "Boolean switch search");
    assert_eq!(boolfind["verdict"], "AC");
    assert_eq!(boolfind["time_limit_ms"], 5000, ".timelimit");
    assert_eq!(boolfind["package"]["time_limit_source"], ".timelimit");
    assert_eq!(boolfind["package"]["type"], "pass-fail, interactive");
    assert_verdicts(&report, BOOLFIND);

    let output = verify(&fixture("hello"));
    assert_eq!(output.status.code(), Some(0), "{}", printed(&output));
    let report = json_report(&output);
    let hello = row(&report, "hello");
    assert_eq!(hello["title"], "Hello World");
    assert_eq!(hello["package"]["tests"], 1, "its sample alone");
    assert_verdicts(&report, HELLO);
}

#[test]
fn the_multi_pass_examples_are_judged_as_their_submissions_say() {
    for (name, title, tests) in [("jumble", "Jumble words", 18), ("hangman", "Hangman", 8)] {
        let output = verify(&fixture(name));
        assert_eq!(output.status.code(), Some(0), "{}", printed(&output));
        let report = json_report(&output);
        let row = row(&report, name);
        assert_eq!(row["title"], title);
        assert_eq!(row["error"], serde_json::Value::Null);
        assert_eq!(row["package"]["type"], "pass-fail, multi-pass");
        assert_eq!(row["package"]["tests"], tests);
        assert_eq!(row["package"]["validator"], "output_validator");
        let warnings = row["package"]["warnings"].to_string();
        assert!(
            warnings.contains("output_validator/ in a legacy package"),
            "{warnings}"
        );
        let summary = &report["summary"];
        assert!(summary["submissions"].as_u64().unwrap() > 0, "{summary}");
        assert_eq!(
            summary["submissions"], summary["submissions_matched"],
            "{summary}"
        );
    }
}

#[test]
fn domjudge_problem_ini_gives_the_name_and_the_time_limit() {
    if !have("gcc", "--version") {
        return common::skipped("domjudge-problem.ini", "no gcc for its C submission");
    }
    let output = verify(&fixture("ini"));
    assert_eq!(output.status.code(), Some(0), "{}", printed(&output));
    let report = json_report(&output);
    let ini = row(&report, "ini");
    assert_eq!(ini["title"], "Sum of Two");
    assert_eq!(ini["time_limit_ms"], 2000);
    assert_eq!(
        ini["package"]["time_limit_source"],
        "domjudge-problem.ini timelimit"
    );
    assert_eq!(
        ini["package"]["warnings"],
        serde_json::json!([
            "domjudge-problem.ini: unknown key `flavour` ignored (DOMjudge drops it too)"
        ])
    );
    assert_verdicts(
        &report,
        &[
            ("submissions/accepted/sum.py", "AC", true),
            ("submissions/mixed/overflow.c", "WA", true),
            ("submissions/mixed/scored.py", "AC", true),
            ("submissions/run-error/crash.py", "RE", true),
            ("submissions/wrong_answer/difference.py", "WA", true),
        ],
    );
}

/// A copy of the `ini` package with `file` written.
fn edited_ini(name: &str, file: &str, text: &str) -> PathBuf {
    let copy = common::scratch(name).join("ini");
    common::copy_tree(&fixture("ini"), &copy);
    std::fs::write(copy.join(file), text).unwrap();
    copy
}

/// What the judge says of a package it cannot read: a setup error (exit status 2).
fn refused(dir: &Path) -> String {
    let output = verify(dir);
    assert_eq!(output.status.code(), Some(2), "{}", printed(&output));
    common::stderr(&output)
}

#[test]
fn what_domjudge_refuses_is_refused_with_the_reason() {
    let conflict = edited_ini("domjudge-timelimit", ".timelimit", "3\n");
    let error = refused(&conflict);
    assert!(
        error.contains(".timelimit says 3 s, but domjudge-problem.ini timelimit says 2 s"),
        "{error}"
    );

    let ini = std::fs::read_to_string(fixture("ini").join("domjudge-problem.ini")).unwrap();
    let server = ini.replace("special_compare = compare", "special_compare = float_cmp");
    let server = edited_ini("domjudge-compare", "domjudge-problem.ini", &server);
    let error = refused(&server);
    assert!(
        error.contains(
            "key `special_compare` names `float_cmp`, a program kept on a DOMjudge server"
        ),
        "{error}"
    );

    let twice = edited_ini(
        "domjudge-annotation",
        "submissions/mixed/scored.py",
        "print(sum(map(int, input().split())))\n# @EXPECTED_RESULTS@: CORRECT\n# @EXPECTED_RESULTS@: WRONG-ANSWER\n",
    );
    let output = verify(&twice);
    let report = json_report(&output);
    let skipped: Vec<_> = verdicts(&report)
        .into_iter()
        .filter(|(file, _, _)| file.ends_with("scored.py"))
        .collect();
    assert_eq!(skipped.len(), 1, "{report:#}");
    assert!(skipped[0].1.contains("given twice"), "{skipped:?}");
}

/// A submission's score and verdict in a report, by its file.
fn scored(report: &Value, file: &str) -> (f64, String, bool) {
    let submissions = report["submissions"].as_array().unwrap();
    let s = submissions
        .iter()
        .find(|s| s["file"] == file)
        .unwrap_or_else(|| panic!("no {file} in {report:#}"));
    (
        s["score"]["score"].as_f64().unwrap(),
        s["score"]["verdict"].as_str().unwrap().to_string(),
        s["matched"].as_bool().unwrap(),
    )
}

fn verify_with(dir: &Path, args: &[&str]) -> Output {
    let mut all = vec!["verify", dir.to_str().unwrap()];
    all.extend(args);
    common::command(&common::fixtures("domjudge"), &all)
        .output()
        .expect("run the harness binary")
}

/// DOMjudge's scoring examples expect DOMjudge's figures (`@EXPECTED_SCORE@` in their sources): they are
/// met under `--scoring-rules domjudge`; under the specification's rules (the default, as problemtools)
/// `addone` scores 121, its groups' accept_score once per test and its sample's 1 counted, and
/// `knapsack`, whose problem.yaml does not say `validation: custom score`, is a judge error that names
/// its reason.
#[test]
fn domjudges_scoring_examples_score_by_the_rules_chosen() {
    if !have("gcc", "--version") || !have("javac", "-version") {
        return common::skipped(
            "domjudge scoring examples",
            "no gcc or javac for their submissions",
        );
    }
    let addone = fixture("addone");
    let output = verify_with(
        &addone,
        &["--format", "json", "--scoring-rules", "domjudge"],
    );
    assert_eq!(output.status.code(), Some(0), "{}", printed(&output));
    let report = json_report(&output);
    let expected = [
        ("submissions/accepted/addone.c", 60.0, "AC"),
        ("submissions/accepted/addone.py", 60.0, "AC"),
        ("submissions/partial/addone-medium-only.py", 20.0, "WA"),
        ("submissions/partial/addone-medium.py", 30.0, "WA"),
        ("submissions/partial/addone-small-only.c", 30.0, "WA"),
        ("submissions/partial/addone-tiny.py", 10.0, "WA"),
        ("submissions/wrong_answer/addone-wrong.py", 0.0, "WA"),
    ];
    for (file, score, verdict) in expected {
        assert_eq!(
            scored(&report, file),
            (score, verdict.to_string(), true),
            "{file}"
        );
    }
    let output = verify_with(&addone, &["--format", "json"]);
    assert_eq!(output.status.code(), Some(1), "{}", printed(&output));
    let report = json_report(&output);
    assert_eq!(
        scored(&report, "submissions/accepted/addone.c"),
        (121.0, "AC".to_string(), false)
    );

    let knapsack = fixture("knapsack");
    let output = verify_with(
        &knapsack,
        &["--format", "json", "--scoring-rules", "domjudge"],
    );
    assert_eq!(output.status.code(), Some(0), "{}", printed(&output));
    let report = json_report(&output);
    let expected = [
        ("submissions/accepted/knapsack_dp.py", 100.0, "AC"),
        ("submissions/partial/knapsack_first_fit.py", 74.42, "AC"),
        ("submissions/partial/knapsack_greedy_ratio.py", 95.35, "AC"),
        ("submissions/partial/knapsack_greedy_value.py", 88.37, "AC"),
        ("submissions/wrong_answer/knapsack_invalid.py", 0.0, "WA"),
    ];
    for (file, score, verdict) in expected {
        assert_eq!(
            scored(&report, file),
            (score, verdict.to_string(), true),
            "{file}"
        );
    }
    let output = verify_with(&knapsack, &["--color", "never"]);
    assert_eq!(output.status.code(), Some(1), "{}", printed(&output));
    let human = common::stdout(&output);
    let reason =
        "the validator wrote a score.txt, but the problem does not take its validator's scores";
    assert!(
        human.contains(&format!("secret/main/1: {reason}")),
        "{human}"
    );
    let output = verify_with(&knapsack, &["--format", "json"]);
    let report = json_report(&output);
    let first = &report["submissions"][0]["score"];
    assert_eq!(first["verdict"], "JE");
    assert!(
        first["error"].as_str().unwrap().contains(reason),
        "{first:#}"
    );
}
