//! `harness verify` on Kattis problem packages (fixtures/packages/, described in its README): legacy,
//! 2023-07-draft and 2025-09 formats, default and custom validators with their arguments, an interactive
//! problem, build/run scripts, DOMjudge's conventions, a computed time limit, and what makes verify fail;
//! a package dropped into a workspace's `problems/` (fixtures/dropped/), graded in place by `harness run`.

use std::process::Output;

use serde_json::Value;

use super::common::{self, json_report, printed, stdout};

/// `harness verify` on fixture packages; Python from the system's folders first, where a program run as
/// another user can reach it.
fn verify(packages: &[&str], extra: &[&str]) -> Output {
    let dirs: Vec<String> = packages
        .iter()
        .map(|p| {
            common::fixtures("packages")
                .join(p)
                .to_string_lossy()
                .into_owned()
        })
        .collect();
    let mut args = vec!["verify"];
    args.extend(dirs.iter().map(String::as_str));
    args.extend(extra);
    let path = format!(
        "/usr/local/bin:/usr/bin:/bin:{}",
        std::env::var("PATH").unwrap_or_default()
    );
    common::command(&common::fixtures("packages"), &args)
        .env("PATH", path)
        .output()
        .expect("run the harness binary")
}

/// A package in a report (`verify`'s or `run`'s: the same schema): its row's `package` facts with the
/// row's title, limits and error, and its submissions.
pub(super) fn package(report: &Value, id: &str) -> Value {
    let row = report["problems"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["id"] == id)
        .unwrap_or_else(|| panic!("no package {id} in {report:#}"));
    let mut package = row["package"].clone();
    for key in ["id", "title", "time_limit_ms", "memory_limit_mib", "error"] {
        package[key] = row[key].clone();
    }
    let all = report["submissions"].as_array().unwrap().iter();
    package["submissions"] = all.filter(|s| s["problem"] == id).cloned().collect();
    package
}

fn submission<'a>(package: &'a Value, file: &str) -> &'a Value {
    package["submissions"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["file"] == file)
        .unwrap_or_else(|| panic!("no submission {file} in {package:#}"))
}

fn test_names(submission: &Value) -> Vec<&str> {
    let tests = submission["tests"].as_array().unwrap();
    tests.iter().map(|t| t["name"].as_str().unwrap()).collect()
}

#[test]
fn legacy_package_with_default_validator_flags_and_a_computed_time_limit() {
    let output = verify(&["addition"], &["--format", "json"]);
    assert_eq!(output.status.code(), Some(0), "{}", printed(&output));
    let report = json_report(&output);
    let addition = package(&report, "addition");
    assert_eq!(addition["format"], "legacy");
    assert_eq!(addition["title"], "Addition");
    assert_eq!(addition["validator"], "default float_tolerance 1e-6");
    assert_eq!(addition["memory_limit_mib"], 256);
    assert_eq!(addition["output_limit_mib"], 8);
    // Fast accepted submissions × time_multiplier 4, rounded up: one second.
    assert_eq!(addition["time_limit_ms"], 1000);
    let source = addition["time_limit_source"].as_str().unwrap();
    assert!(
        source.starts_with("computed") && source.contains("× 4"),
        "{source}"
    );
    let accepted = submission(&addition, "submissions/accepted/add.py");
    assert_eq!(
        test_names(accepted),
        [
            "sample/1",
            "sample/2",
            "secret/large/01",
            "secret/small/01",
            "secret/small/02"
        ],
        ".in.download and .ans.download are not test data; groups in order"
    );
    let files: Vec<&str> = addition["submissions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["file"].as_str().unwrap())
        .collect();
    assert_eq!(files.len(), 7, "the .disabled one is left out: {files:?}");
    assert!(files.contains(&"submissions/accepted/two-files"));
    for s in addition["submissions"].as_array().unwrap() {
        assert_eq!(s["matched"], true, "{s:#}");
    }
    let mixed = submission(&addition, "submissions/mixed/truncates.py");
    assert_eq!(mixed["expected"]["verdicts"]["folder"], "mixed");
    assert_eq!(mixed["verdict"], "WA");
    assert_eq!(
        mixed["expected"]["verdicts"]["permitted"],
        serde_json::json!(["WA", "PE", "AC"])
    );
    assert_eq!(
        submission(&addition, "submissions/run_time_error/exit.py")["verdict"],
        "RE"
    );
    let slow = submission(&addition, "submissions/time_limit_exceeded/spin.py");
    assert_eq!(slow["verdict"], "TLE");
}

#[test]
fn wrong_answer_and_run_time_error_submissions_bound_a_2025_09_time_limit_from_below() {
    // 2025-09, "Timelimit inference": every submission not permitted a TLE bounds the limit from below,
    // limit >= its slowest test × ac_to_time_limit (2), rounded up to a whole second; the fast accepted
    // submission alone gives 1 s. slowwrong: run_time_error/spin.py uses at least 1.1 s of CPU per test
    // (so at least 3 s). slowlower: rejected/spin.py (0.6 s) permits a TLE, but `use_for_time_limit:
    // lower` opts it in (at least 2 s).
    let output = verify(&["slowwrong", "slowlower"], &["--format", "json"]);
    assert_eq!(output.status.code(), Some(0), "{}", printed(&output));
    let report = json_report(&output);
    for (id, at_least, by) in [
        ("slowwrong", 3000, "submissions/run_time_error/spin.py"),
        ("slowlower", 2000, "submissions/rejected/spin.py"),
    ] {
        let package = package(&report, id);
        let limit = package["time_limit_ms"].as_u64().unwrap();
        assert!(limit >= at_least, "{package:#}");
        let source = package["time_limit_source"].as_str().unwrap();
        assert!(source.contains(&format!("({by})")), "{source}");
    }
    let package = package(&report, "slowwrong");
    for (file, verdict) in [
        ("submissions/wrong_answer/spin.py", "WA"),
        ("submissions/run_time_error/spin.py", "RE"),
    ] {
        let judged = submission(&package, file);
        assert_eq!(
            (&judged["verdict"], &judged["matched"]),
            (&verdict.into(), &true.into())
        );
    }
}

#[test]
fn interactive_package_with_build_and_run_scripts() {
    let output = verify(&["guess"], &["--format", "json"]);
    assert_eq!(output.status.code(), Some(0), "{}", printed(&output));
    let report = json_report(&output);
    let guess = package(&report, "guess");
    assert_eq!(guess["format"], "2023-07-draft");
    assert_eq!(guess["type"], "interactive");
    assert_eq!(guess["validator"], "output_validator");
    assert_eq!(
        guess["tests"], 4,
        "the .interaction file is for the statement"
    );
    assert_eq!(guess["time_limit_ms"], 1000);
    assert_eq!(guess["time_limit_source"], "problem.yaml limits.time_limit");
    let verdicts: Vec<(&str, &str)> = guess["submissions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| (s["file"].as_str().unwrap(), s["verdict"].as_str().unwrap()))
        .collect();
    assert_eq!(
        verdicts,
        [
            ("submissions/accepted/bisect.py", "AC"),
            ("submissions/time_limit_exceeded/spins.py", "TLE"),
            ("submissions/wrong_answer/always-fifty.py", "WA"),
        ]
    );
}

#[test]
fn validator_arguments_per_group_and_case_and_submissions_yaml() {
    let output = verify(&["echo"], &["--format", "json", "--all-tests"]);
    assert_eq!(output.status.code(), Some(0), "{}", printed(&output));
    let report = json_report(&output);
    let echo = package(&report, "echo");
    assert_eq!(echo["format"], "2025-09");
    assert_eq!(echo["memory_limit_mib"], 512);
    // ignore_case from data/test_group.yaml, exact in secret/b, ignore_case again in secret/b/2.yaml; the
    // validator fails (a judge error) without one of them.
    let upper = submission(&echo, "submissions/wrong_answer/upper.py");
    let tests: Vec<(&str, &str)> = upper["tests"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| (t["name"].as_str().unwrap(), t["verdict"].as_str().unwrap()))
        .collect();
    assert_eq!(
        tests,
        [
            ("sample/1", "AC"),
            ("secret/a/1", "AC"),
            ("secret/b/1", "WA"),
            ("secret/b/2", "AC")
        ]
    );
    assert_eq!(upper["matched"], true);
    let lower = submission(&echo, "submissions/mixed/lower.py");
    assert_eq!(
        (&lower["expected"]["verdicts"]["folder"], &lower["matched"]),
        (&"mixed".into(), &true.into())
    );
    assert_eq!(
        lower["expected"]["verdicts"]["required"],
        serde_json::json!(["WA", "PE"])
    );
    let crash = submission(&echo, "submissions/mixed/crash.py");
    assert_eq!(
        (&crash["verdict"], &crash["matched"]),
        (&"RE".into(), &true.into())
    );
    let brute = submission(&echo, "submissions/brute_force/spin.py");
    assert_eq!(
        (&brute["verdict"], &brute["matched"]),
        (&"TLE".into(), &true.into())
    );
    // Folders named by a result, as DOMjudge imports them (the Kattis spelling, or its own name).
    for (file, verdict) in [
        ("submissions/compiler_error/broken.c", "CE"),
        ("submissions/no_output/silent.py", "WA"),
        ("submissions/output_limit/flood.py", "OLE"),
        ("submissions/run-error/exit.py", "RE"),
    ] {
        let judged = submission(&echo, file);
        assert_eq!(
            (&judged["verdict"], &judged["matched"], &judged["skipped"]),
            (&verdict.into(), &true.into(), &Value::Null),
            "{file}: {judged:#}"
        );
    }
    let unknown = submission(&echo, "submissions/other/nothing.py");
    assert!(unknown["skipped"]
        .as_str()
        .unwrap()
        .contains("unknown submissions folder `other`"));
    // problemtools' examples' slow_accepted/: AC (or TLE), not used for the time limit.
    let slow = submission(&echo, "submissions/slow_accepted/echo-slow.py");
    assert_eq!(
        (&slow["verdict"], &slow["matched"]),
        (&"AC".into(), &true.into())
    );
    let partial = submission(&echo, "submissions/partially_accepted/part.py");
    assert!(
        partial["skipped"]
            .as_str()
            .unwrap()
            .contains("is for scoring problems"),
        "{partial}"
    );
    let warnings = echo["warnings"].to_string();
    assert!(
        warnings.contains("test group `sample` are not checked"),
        "{warnings}"
    );
}

#[test]
fn legacy_custom_validator_with_flags_and_a_domjudge_time_limit() {
    let output = verify(&["maxpair"], &["--format", "json"]);
    assert_eq!(output.status.code(), Some(0), "{}", printed(&output));
    let report = json_report(&output);
    let maxpair = package(&report, "maxpair");
    assert_eq!(maxpair["validator"], "output_validators/pair_checker");
    assert_eq!(maxpair["time_limit_ms"], 1000);
    assert_eq!(
        maxpair["time_limit_source"],
        "domjudge-problem.ini timelimit"
    );
    let languages: Vec<&str> = maxpair["submissions"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|s| s["language"].as_str())
        .collect();
    assert!(
        languages.contains(&"C") && languages.contains(&"Java"),
        "{languages:?}"
    );
    let rejected = submission(&maxpair, "submissions/rejected/zero-based.py");
    assert_eq!(
        rejected["expected"]["verdicts"]["permitted"],
        serde_json::json!(["WA", "PE", "AC"]),
        "@EXPECTED_RESULTS@"
    );
    assert_eq!(rejected["matched"], true);
}

#[test]
fn a_wrong_submission_in_accepted_fails_verify() {
    let junit = common::scratch("verify-junit").join("junit.xml");
    let output = verify(&["wrong-accepted"], &["--junit", junit.to_str().unwrap()]);
    assert_eq!(output.status.code(), Some(1), "{}", printed(&output));
    // The reporters of `run`: JUnit too, a testsuite per package.
    let xml = std::fs::read_to_string(&junit).unwrap();
    assert!(xml.contains(r#"<testsuite name="wrong-accepted""#), "{xml}");
    assert!(xml.contains("accepted/square.py"), "{xml}");
    let text = stdout(&output);
    assert!(
        text.contains(
            "submissions/accepted/square.py  NOT AS EXPECTED: in accepted/, got WA at secret/1"
        ),
        "{text}"
    );
    assert!(text.contains("submissions: 1 of 2 as expected"), "{text}");
}

#[test]
fn packages_of_one_folder_name_are_judged_each_with_its_own_validator() {
    // Two packages named `pkg` in two places: each keeps its own validator, row and submissions.
    let [first, second] =
        [("same-name-1", "wrong-accepted"), ("same-name-2", "twosum")].map(|(scratch, fixture)| {
            let dir = common::scratch(scratch).join("pkg");
            common::copy_tree(&common::fixtures("packages").join(fixture), &dir);
            dir.to_string_lossy().into_owned()
        });
    let path = format!(
        "/usr/local/bin:/usr/bin:/bin:{}",
        std::env::var("PATH").unwrap_or_default()
    );
    let args = ["verify", &first, &second, "--format", "json"];
    let output = common::command(&common::fixtures("packages"), &args)
        .env("PATH", path)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1), "{}", printed(&output));
    let report = json_report(&output);
    let (first, second) = (package(&report, "pkg"), package(&report, "pkg#2"));
    assert_eq!(first["validator"], "default");
    assert_eq!(second["validator"], "output_validators");
    assert!(verdicts(&first).contains(&("submissions/accepted/square.py", "WA")));
    assert_eq!(
        verdicts(&second),
        [
            ("submissions/accepted/halves.py", "AC"),
            ("submissions/wrong_answer/off-by-one.py", "WA"),
        ]
    );
}

#[test]
fn scoring_packages_are_scored_by_groups_as_problemtools_scores_them() {
    let output = verify(&["scoring"], &["--format", "json"]);
    assert_eq!(output.status.code(), Some(0), "{}", printed(&output));
    let report = json_report(&output);
    let scoring = package(&report, "scoring");
    assert_eq!(scoring["error"], Value::Null);
    let groups = |s: &Value| -> Vec<(String, String, f64, Value)> {
        let mut all = Vec::new();
        fn walk(g: &Value, all: &mut Vec<(String, String, f64, Value)>) {
            all.push((
                g["group"].as_str().unwrap().to_string(),
                g["verdict"].as_str().unwrap().to_string(),
                g["score"].as_f64().unwrap(),
                g["first_failure"].clone(),
            ));
            g["groups"]
                .as_array()
                .unwrap()
                .iter()
                .for_each(|g| walk(g, all));
        }
        s["score"]["groups"]
            .as_array()
            .unwrap()
            .iter()
            .for_each(|g| walk(g, &mut all));
        all
    };
    let accepted = submission(&scoring, "submissions/accepted/echo.py");
    assert_eq!(accepted["score"]["version"], 1);
    assert_eq!(accepted["score"]["score"], 100.0);
    assert_eq!(accepted["score"]["max"], 100.0);
    assert_eq!(accepted["matched"], true);
    let partial = submission(&scoring, "submissions/partially_accepted/absolute.py");
    assert_eq!(partial["matched"], true, "{partial:#}");
    assert_eq!(partial["verdict"], "AC");
    assert_eq!(partial["score"]["score"], 30.0);
    assert_eq!(partial["score"]["expected"]["min"], 30.0);
    assert_eq!(
        groups(partial),
        [
            ("sample".into(), "WA".into(), 0.0, "sample/2".into()),
            ("secret".into(), "AC".into(), 30.0, "secret/group2/1".into()),
            ("secret/group1".into(), "AC".into(), 30.0, Value::Null),
            (
                "secret/group2".into(),
                "WA".into(),
                0.0,
                "secret/group2/1".into()
            ),
        ]
    );
    // group2 breaks at its first failure: its other tests are not run.
    assert!(!test_names(partial).contains(&"secret/group2/2"));
    let wrong = submission(&scoring, "submissions/wrong_answer/zero.py");
    assert_eq!(
        (wrong["verdict"].as_str(), wrong["matched"].as_bool()),
        (Some("WA"), Some(true))
    );
    assert_eq!(wrong["score"]["score"], 0.0);
}

#[test]
fn a_score_other_than_the_expected_one_fails_verify() {
    let output = verify(&["scoring-wrong-score"], &[]);
    assert_eq!(output.status.code(), Some(1), "{}", printed(&output));
    let text = stdout(&output);
    assert!(text.contains("score 30, expected 70"), "{text}");
    assert!(text.contains("secret/group2"), "{text}");
}

/// A 2025-09 scoring package, scored by that specification (its "Result aggregation"): `secret` sums
/// its groups; `g1-pass` (`max_score: 30`, `pass-fail` by default) gives 30 or 0; `g2-sum` gives each of
/// its four tests a quarter of 40, the one in a folder below it too (a folder in a group is not a
/// group); `g3-min` takes its lowest test, where the output validator writes a `score.txt` of 12 for a
/// `close` answer. The expected scores are worked out by hand from those rules (the submissions' tags).
#[test]
fn a_2025_09_package_is_scored_by_max_score_and_score_aggregation() {
    let output = verify(&["scoring-2025"], &["--format", "json"]);
    assert_eq!(output.status.code(), Some(0), "{}", printed(&output));
    let report = json_report(&output);
    let scoring = package(&report, "scoring-2025");
    let scores = |file: &str| -> Vec<(String, f64, f64)> {
        let score = &submission(&scoring, file)["score"];
        let mut all = vec![(
            "total".to_string(),
            score["score"].as_f64().unwrap(),
            score["max"].as_f64().unwrap(),
        )];
        for group in score["groups"][1]["groups"].as_array().unwrap() {
            all.push((
                group["group"].as_str().unwrap().to_string(),
                group["score"].as_f64().unwrap(),
                group["max"].as_f64().unwrap(),
            ));
        }
        all
    };
    let row = |total: f64, g1: f64, g2: f64, g3: f64| {
        vec![
            ("total".to_string(), total, 100.0),
            ("secret/g1-pass".to_string(), g1, 30.0),
            ("secret/g2-sum".to_string(), g2, 40.0),
            ("secret/g3-min".to_string(), g3, 30.0),
        ]
    };
    assert_eq!(
        scores("submissions/accepted/exact.py"),
        row(100.0, 30.0, 40.0, 30.0)
    );
    assert_eq!(
        scores("submissions/partially_accepted/close.py"),
        row(82.0, 30.0, 40.0, 12.0)
    );
    assert_eq!(
        scores("submissions/partially_accepted/odd-only.py"),
        row(20.0, 0.0, 20.0, 0.0)
    );
    assert_eq!(
        scores("submissions/wrong_answer/zero.py"),
        row(0.0, 0.0, 0.0, 0.0)
    );
    let sample = &submission(&scoring, "submissions/accepted/exact.py")["score"]["groups"][0];
    assert_eq!(
        (sample["group"].as_str(), sample["max"].as_f64()),
        (Some("sample"), Some(0.0))
    );
    for file in [
        "submissions/partially_accepted/close.py",
        "submissions/partially_accepted/odd-only.py",
    ] {
        let partial = submission(&scoring, file);
        assert_eq!(
            (&partial["verdict"], &partial["matched"]),
            (&Value::from("AC"), &Value::from(true)),
            "{partial:#}"
        );
    }
}

/// An interactor scores the interaction as an output validator does: `echo-scoring` (2025-09, scoring
/// and interactive) gives its two tests half of `secret`'s 100 each, and its interactor writes a
/// `score.txt` of 20 for an answer one off.
#[test]
fn an_interactors_score_file_gives_the_tests_score() {
    let output = verify(&["echo-scoring"], &["--format", "json"]);
    assert_eq!(output.status.code(), Some(0), "{}", printed(&output));
    let report = json_report(&output);
    let scoring = package(&report, "echo-scoring");
    let total = |file: &str| {
        let submission = submission(&scoring, file);
        (
            submission["verdict"].as_str().unwrap().to_string(),
            submission["score"]["score"].as_f64().unwrap(),
        )
    };
    assert_eq!(total("submissions/accepted/same.py"), ("AC".into(), 100.0));
    assert_eq!(
        total("submissions/partially_accepted/one-off.py"),
        ("AC".into(), 40.0)
    );
    assert_eq!(
        total("submissions/wrong_answer/zero.py"),
        ("WA".into(), 0.0)
    );
}

/// A group's (verdict, score, tests passed, error) in a submission's JSON score, by the group's name.
fn group_score(submission: &Value, name: &str) -> (String, f64, u64, Option<String>) {
    let group = submission["score"]["groups"]
        .as_array()
        .unwrap()
        .iter()
        .find(|g| g["group"] == name)
        .unwrap_or_else(|| panic!("no group {name} in {submission:#}"));
    (
        group["verdict"].as_str().unwrap().to_string(),
        group["score"].as_f64().unwrap(),
        group["passed"].as_u64().unwrap(),
        group["error"].as_str().map(String::from),
    )
}

/// A custom grader (`grading: custom`, `graders/`): `scoring-grader`'s `secret` (four tests of 10 points)
/// is graded by a Python program that gets the group's `grader_flags` (`bonus 5`) and accepts the group
/// when at least half of its tests pass, with the mean of their scores plus the bonus. Worked out by
/// hand: all four pass: (10+10+10+10)/4 + 5 = 15 (the default grader would sum 40); two pass (7 and 12):
/// (10+0+10+0)/4 + 5 = 10, accepted; one passes (7): fewer than half, its first error WA with 0.
#[test]
fn a_custom_grader_scores_its_group_with_the_groups_flags() {
    let output = verify(&["scoring-grader"], &["--format", "json"]);
    assert_eq!(output.status.code(), Some(0), "{}", printed(&output));
    let report = json_report(&output);
    let scoring = package(&report, "scoring-grader");
    assert_eq!(scoring["error"], Value::Null);
    assert_the_graders_group_scores(&scoring);
    let accepted = submission(&scoring, "submissions/accepted/echo.py");
    assert_eq!(accepted["score"]["score"], 15.0);
    assert_eq!(accepted["matched"], true);
    let partial = submission(&scoring, "submissions/partially_accepted/absolute.py");
    assert_eq!(
        (
            partial["verdict"].as_str(),
            partial["score"]["score"].as_f64()
        ),
        (Some("AC"), Some(10.0))
    );
    assert_eq!(partial["matched"], true, "{partial:#}");
    let wrong = submission(&scoring, "submissions/wrong_answer/seven.py");
    assert_eq!(wrong["score"]["score"], 0.0);
    assert_eq!(wrong["matched"], true);
}

/// The `secret` group of each of `scoring-grader`'s submissions, as its grader scores it (worked out above).
fn assert_the_graders_group_scores(scoring: &Value) {
    let accepted = submission(scoring, "submissions/accepted/echo.py");
    assert_eq!(
        group_score(accepted, "secret"),
        ("AC".into(), 15.0, 4, None)
    );
    let partial = submission(scoring, "submissions/partially_accepted/absolute.py");
    assert_eq!(group_score(partial, "secret"), ("AC".into(), 10.0, 2, None));
    let wrong = submission(scoring, "submissions/wrong_answer/seven.py");
    assert_eq!(group_score(wrong, "secret"), ("WA".into(), 0.0, 1, None));
}

/// The custom grader above with the judge as an unprivileged user (`nobody` when the tests run as root):
/// contained as that user's programs are, it gets the same flags and gives the same scores.
#[test]
fn a_custom_grader_scores_its_group_for_an_unprivileged_judge_too() {
    use super::unprivileged::{is_root, unprivileged_judge};
    let root = common::scratch("grader-unprivileged");
    let folder = root.join("scoring-grader");
    common::copy_tree(&common::fixtures("packages/scoring-grader"), &folder);
    let cache = root.join("cache");
    let command = common::command_in(
        &root,
        Some(&cache),
        &["verify", folder.to_str().unwrap(), "--format", "json"],
    );
    let (mut command, userns) = match unprivileged_judge(command, &root) {
        Ok(judge) => judge,
        Err(why) => {
            common::skipped("a custom grader for an unprivileged judge", &why);
            return;
        }
    };
    if !is_root() && !userns {
        common::skipped(
            "a custom grader for an unprivileged judge",
            "the tests already run unprivileged, without user namespaces: the test above is this one",
        );
        return;
    }
    let output = command.output().unwrap();
    assert_eq!(output.status.code(), Some(0), "{}", printed(&output));
    let report = json_report(&output);
    let scoring = package(&report, "scoring-grader");
    assert_eq!(scoring["error"], Value::Null);
    assert_the_graders_group_scores(&scoring);
}

/// A custom grader that prints something other than one verdict and one number, or that crashes, is a
/// judge error of its group, with the reason (verify exits 1: the accepted submission is not accepted);
/// a package that asks for a custom grader without one in `graders/` is a setup error (exit 2).
#[test]
fn a_custom_grader_that_prints_garbage_or_crashes_is_a_judge_error() {
    for (name, grader, reason) in [
        (
            "garbage",
            "print('great job')\n",
            "it wrote \"great job\\n\": `great` is not a verdict",
        ),
        ("two-numbers", "print('AC 10 5')\n", "not `VERDICT SCORE`"),
        ("crash", "import sys\nsys.exit(3)\n", "not exit code 0"),
    ] {
        let copy = common::copy_of("packages/scoring-grader", &format!("grader-{name}"));
        std::fs::write(copy.join("graders/grader.py"), grader).unwrap();
        let output = common::command(
            &copy,
            &["verify", "--format", "json", copy.to_str().unwrap()],
        )
        .output()
        .unwrap();
        let text = printed(&output);
        assert_eq!(output.status.code(), Some(1), "{text}");
        let report = json_report(&output);
        let id = copy.file_name().unwrap().to_str().unwrap();
        let accepted = submission(&package(&report, id), "submissions/accepted/echo.py").clone();
        assert_eq!(accepted["verdict"], "JE", "{name}: {accepted:#}");
        let (verdict, _, _, error) = group_score(&accepted, "secret");
        assert_eq!(verdict, "JE", "{name}");
        let error = error.unwrap_or_default();
        assert!(
            error.starts_with("the custom grader failed: "),
            "{name}: {error}"
        );
        assert!(error.contains(reason), "{name}: {error}");
        if name == "garbage" {
            // The human report says once what the submission got.
            let human = common::command(&copy, &["verify", copy.to_str().unwrap()])
                .output()
                .unwrap();
            let text = printed(&human);
            assert!(text.contains("in accepted/, got JE overall"), "{text}");
            assert!(!text.contains("got got"), "{text}");
        }
    }
    let copy = common::copy_of("packages/scoring-grader", "grader-missing");
    std::fs::remove_dir_all(copy.join("graders")).unwrap();
    let output = common::command(&copy, &["verify", copy.to_str().unwrap()])
        .output()
        .unwrap();
    let text = printed(&output);
    assert_eq!(output.status.code(), Some(2), "{text}");
    assert!(text.contains("says `grading: custom`"), "{text}");
    assert!(text.contains("holds no grader"), "{text}");
}

/// A 2025-09 package in the drafts' words (the format's own scoring example has them): a group's
/// `testdata.yaml` with `scoring: {score, aggregation}` is read as its `test_group.yaml` with
/// `max_score` and `score_aggregation`, with a warning, and scores the same.
#[test]
fn a_2025_09_group_in_the_drafts_words_is_read_as_them() {
    let copy = common::copy_of("packages/scoring-2025", "scoring-2025-draft-words");
    let group = copy.join("data/secret/g2-sum");
    std::fs::remove_file(group.join("test_group.yaml")).unwrap();
    std::fs::write(
        group.join("testdata.yaml"),
        "scoring:\n  score: 40\n  aggregation: sum\n",
    )
    .unwrap();
    let output = common::command(&copy, &["verify", copy.to_str().unwrap()])
        .output()
        .unwrap();
    let text = printed(&output);
    assert_eq!(output.status.code(), Some(0), "{text}");
    assert!(
        text.contains(
            "data/secret/g2-sum/testdata.yaml: the drafts' name; 2025-09 reads test_group.yaml"
        ),
        "{text}"
    );
    assert!(
        text.lines()
            .any(|l| l.trim_start().starts_with("secret/g2-sum ") && l.contains("AC      20/40")),
        "{text}"
    );
}

/// What a 2025-09 package's groups must say, or what this judge does not implement, stops `verify`
/// with the file and the key: a group without `max_score` under a bounded `secret` (its default is
/// `unbounded`), and `static_validation_score` (static validation is not implemented).
#[test]
fn a_2025_09_group_without_its_bound_or_with_static_validation_is_a_setup_error() {
    for (group_yaml, says) in [
        (
            "score_aggregation: sum\n",
            "g2-sum/test_group.yaml: key `max_score`",
        ),
        (
            "max_score: 40\nscore_aggregation: sum\nstatic_validation_score: 10\n",
            "g2-sum/test_group.yaml: key `static_validation_score`: static validation",
        ),
    ] {
        let copy = common::copy_of("packages/scoring-2025", "scoring-2025-bad");
        std::fs::write(copy.join("data/secret/g2-sum/test_group.yaml"), group_yaml).unwrap();
        let output = common::command(&copy, &["verify", copy.to_str().unwrap()])
            .output()
            .unwrap();
        let text = printed(&output);
        assert_eq!(output.status.code(), Some(2), "{text}");
        assert!(text.contains(says), "{says}: {text}");
    }
}

#[test]
fn a_malformed_package_is_a_setup_error_naming_the_file_and_key() {
    let output = verify(&["malformed", "wrong-accepted"], &[]);
    assert_eq!(output.status.code(), Some(2), "{}", printed(&output));
    let text = printed(&output);
    assert!(
        text.contains("malformed/problem.yaml: key `limits.memory`: expected a number, got `lots`"),
        "{text}"
    );
    assert!(!text.contains("square.py"), "nothing is judged: {text}");
}

#[test]
fn a_submissions_yaml_language_is_checked_an_entrypoint_checked_and_a_message_said_unchecked() {
    // 2025-09 `language`: the file must be built as that language (judged as another one, its verdict
    // could differ from its own judge's), and one the judge lacks leaves it unjudged, saying so; an
    // `entrypoint` must name a file of the program; `message` (an expected judge message) is not
    // checked, and the report says so.
    let cases = [
        ("language: python3\n  message: echoes\n", Some(0), "the expected judge message is not checked"),
        ("language: cpp\n", Some(2), "submissions.yaml: `accepted/echo.py`: language `cpp`, but the judge builds it as `python3`"),
        ("entrypoint: echo\n", Some(2), "echo.py: entrypoint `echo` is not a file of the submission"),
        // Its only submission unjudged, the package has no time limit: an error of its row.
        ("language: php\n", Some(1), "submissions.yaml gives it the language `php`, which the judge's language table lacks"),
    ];
    for (i, (keys, code, said)) in cases.into_iter().enumerate() {
        let dir = common::scratch(&format!("yamlkeys-{i}")).join("yamlkeys");
        common::copy_tree(&common::fixtures("packages").join("yamlkeys"), &dir);
        let yaml = format!("accepted/echo.py:\n  {keys}  permitted: [AC]\n");
        std::fs::write(dir.join("submissions/submissions.yaml"), yaml).unwrap();
        let output = common::command(&dir, &["verify", dir.to_str().unwrap()])
            .output()
            .expect("run the harness binary");
        let text = printed(&output);
        assert_eq!(output.status.code(), code, "{keys}: {text}");
        assert!(text.contains(said), "{keys}: {text}");
    }
}

/// The harness on a fixture workspace, with Python from the system's folders first (as `verify`).
fn in_workspace(root: &std::path::Path, args: &[&str]) -> Output {
    let path = format!(
        "/usr/local/bin:/usr/bin:/bin:{}",
        std::env::var("PATH").unwrap_or_default()
    );
    common::command(root, args)
        .env("PATH", path)
        .output()
        .expect("run the harness binary")
}

/// Each submission of a run's JSON report: (file, verdict, matched).
fn submission_verdicts(report: &Value) -> Vec<(String, String, bool)> {
    report["submissions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| {
            (
                s["file"].as_str().unwrap().to_string(),
                s["verdict"].as_str().unwrap_or("skipped").to_string(),
                s["matched"].as_bool().unwrap(),
            )
        })
        .collect()
}

#[test]
fn a_package_dropped_into_problems_is_graded_in_place() {
    let root = common::fixtures("dropped");
    let list = in_workspace(&root, &["list"]);
    assert_eq!(list.status.code(), Some(0), "{}", printed(&list));
    let line = stdout(&list)
        .lines()
        .find(|l| l.starts_with("split "))
        .map(|l| l.split_whitespace().collect::<Vec<_>>().join(" "));
    assert_eq!(
        line.as_deref(),
        Some("split kattis 2023-07-draft auto 256 MiB kattis:output_validator 5 Split"),
        "{}",
        stdout(&list)
    );
    let output = in_workspace(&root, &["--format", "json"]);
    assert_eq!(output.status.code(), Some(0), "{}", printed(&output));
    let report = json_report(&output);
    let split = report["problems"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["id"] == "split")
        .expect("the package is a problem of the run");
    assert_eq!(split["checker"], "kattis:output_validator");
    assert_eq!(split["memory_limit_mib"], 256, "the package's own limits");
    assert_eq!(split["time_limit_ms"], 1000, "computed: fast submissions");
    let tests: Vec<&str> = split["tests"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["name"].as_str().unwrap())
        .collect();
    assert_eq!(
        tests,
        ["sample/1", "secret/1", "secret/2", "secret/3", "secret/4"]
    );
    // closest.py prints other factors than the .ans files (3 4 for 12): only the package's validator
    // accepts it.
    let dir = "problems/split/submissions";
    assert_eq!(
        submission_verdicts(&report),
        [
            (format!("{dir}/accepted/closest.py"), "AC".into(), true),
            (format!("{dir}/accepted/smallest.c"), "AC".into(), true),
            (
                format!("{dir}/wrong_answer/one-times-n.py"),
                "WA".into(),
                true
            ),
        ]
    );
    assert_eq!(report["summary"]["problems"], 2, "beside a problem of ours");
    // One run, one compiler: the package's C validator and submissions were built by the compiler that
    // built the problem of ours (in Rust), so the run's toolchains name both.
    let toolchains = report["toolchains"].as_object().unwrap();
    assert!(
        toolchains.contains_key("c") && toolchains.contains_key("rust"),
        "{toolchains:?}"
    );

    // The wrong submission moved into accepted/: the run fails, and says which.
    let copy = common::copy_of("dropped", "dropped-wrong-accepted");
    let submissions = copy.join("problems/split/submissions");
    std::fs::rename(
        submissions.join("wrong_answer/one-times-n.py"),
        submissions.join("accepted/one-times-n.py"),
    )
    .unwrap();
    let output = in_workspace(&copy, &["run", "split"]);
    assert_eq!(output.status.code(), Some(1), "{}", printed(&output));
    let text = stdout(&output);
    assert!(
        text.contains("NOT AS EXPECTED: in accepted/, got WA at sample/1"),
        "{text}"
    );
    assert!(
        text.contains("checker: not two factors 2 <= a <= b with a * b = n"),
        "{text}"
    );

    // --test picks among the package's tests, by their names in data/.
    let output = in_workspace(&root, &["run", "split", "--test", "secret/*"]);
    assert_eq!(output.status.code(), Some(0), "{}", printed(&output));
    assert!(
        stdout(&output).contains("4 passed, 0 failed"),
        "{}",
        printed(&output)
    );
    let output = in_workspace(&root, &["run", "split", "--test", "nothing*"]);
    assert_eq!(output.status.code(), Some(2), "{}", printed(&output));
    assert!(
        printed(&output)
            .contains("the tests are: sample/1, secret/1, secret/2, secret/3, secret/4"),
        "{}",
        printed(&output)
    );

    // --submission PATH: judged on the package's tests (its time limit computed from its accepted ones).
    let wrong = root.join("problems/split/submissions/wrong_answer/one-times-n.py");
    let args = [
        "run",
        "split",
        "--submission",
        wrong.to_str().unwrap(),
        "--format",
        "json",
    ];
    let output = in_workspace(&root, &args);
    assert_eq!(output.status.code(), Some(1), "{}", printed(&output));
    let given = json_report(&output);
    let judged = submission_verdicts(&given);
    assert_eq!(judged.len(), 1, "only the program given: {judged:?}");
    assert_eq!((judged[0].1.as_str(), judged[0].2), ("WA", false));

    // Commands that need our own layout say so, naming the folder.
    let output = in_workspace(&root, &["gen", "split"]);
    assert_eq!(output.status.code(), Some(2), "{}", printed(&output));
    assert!(
        printed(&output).contains("problems/split: a problem package (problem.yaml)"),
        "{}",
        printed(&output)
    );
}

/// A package of `problems/` is planned as a problem of ours: the library lists its tests (`harness list`'s
/// and `--test`'s names) and runs one of them (`exec::run_one`) with its first accepted submission, judged
/// by the package's own validator (it prints other factors than the answer file) under the package's limits.
#[test]
fn a_dropped_packages_tests_are_listed_and_run_one_at_a_time_as_a_problems_are() {
    let root = common::copy_of("dropped", "dropped-one-test");
    let workspace = harness::package::Workspace::find(&root).unwrap();
    let split = ["split".to_string()];
    let listed = harness::plan::list_tests(&workspace, &split, Some("secret/*")).unwrap();
    let names: Vec<&str> = listed[0].tests.iter().map(|t| t.name.as_str()).collect();
    assert_eq!(names, ["secret/1", "secret/2", "secret/3", "secret/4"]);
    let problem = &listed[0].problem;
    assert_eq!(problem.memory_limit_mb, 256, "problem.yaml's limits");
    assert_eq!(problem.output_limit_mib, Some(8), "the format's default");
    assert!(listed[0]
        .solution
        .ends_with("submissions/accepted/closest.py"));
    let options = harness::exec::JudgeOptions {
        jobs: 1,
        time_scale: 1.0,
        output_limit: 64 << 20,
        test_filter: None,
        submissions: false,
        given: Vec::new(),
        all_tests: false,
        tle_margin: 1.0,
        no_run: false,
        partition: None,
        only: None,
        events: Default::default(),
        repeat: 1,
        allow_flips: false,
        hold_solution_eof: false,
    };
    let result = harness::exec::run_one(&workspace, "split", "secret/2", &options).unwrap();
    // `31250 32000` where the answer file says `2 500000000`: only the package's validator accepts it.
    assert_eq!(result.verdict, harness::model::Verdict::AC, "{result:#?}");
}

/// A package and a problem of ours are judged by checkers built and run by the same code: an interactive
/// package whose groups give the interactor different arguments (a guess budget, which it names in its
/// message) gets each test's own, and the problem of ours can name a checker folder with a `run` script, as
/// a package's validator can.
#[test]
fn a_package_and_a_native_problem_share_how_checkers_are_built_and_given_arguments() {
    let root = common::copy_of("dropped", "dropped-with-interactor-arguments");
    let sum = root.join("problems/sum");
    let toml = std::fs::read_to_string(sum.join("problem.toml")).unwrap();
    let checker = "[checker]\nprogram = \"checker\"\nprotocol = \"kattis\"\n";
    std::fs::write(sum.join("problem.toml"), format!("{toml}{checker}")).unwrap();
    std::fs::create_dir(sum.join("checker")).unwrap();
    let script =
        "#!/bin/sh\necho 'rejected by the run script' > \"$3/judgemessage.txt\"\nexit 43\n";
    std::fs::write(sum.join("checker/run"), script).unwrap();
    let guess = root.join("problems/guess");
    common::copy_tree(&common::fixtures("packages").join("guess"), &guess);
    let source = guess.join("output_validator/interactor.cpp");
    let code = std::fs::read_to_string(&source)
        .unwrap()
        .replace("#include <string>", "#include <string>\n#include <cstdlib>")
        .replace(
            "for (int guesses = 0; guesses < 10; guesses++) {",
            "int budget = argc > 5 ? atoi(argv[5]) : 10;\n    for (int guesses = 0; guesses < budget; guesses++) {",
        )
        .replace(
            "return verdict(argv[3], 43, \"ten guesses and still wrong\");",
            "return verdict(argv[3], 43, (std::to_string(budget) + \" guesses\").c_str());",
        );
    std::fs::write(&source, code).unwrap();
    for (group, budget) in [("sample", 9), ("secret", 12)] {
        let file = guess.join(format!("data/{group}/test_group.yaml"));
        std::fs::write(file, format!("output_validator_args: [budget, {budget}]\n")).unwrap();
    }
    let output = in_workspace(&root, &["run", "--all-tests", "--format", "json"]);
    let report = json_report(&output);
    let row = package(&report, "guess");
    assert_eq!(row["error"], Value::Null, "{}", printed(&output));
    assert_eq!(
        report["summary"]["problems"], 3,
        "beside split and a problem of ours"
    );
    let fifty = submission(
        &row,
        "problems/guess/submissions/wrong_answer/always-fifty.py",
    );
    let said: Vec<(&str, &str)> = fifty["tests"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| {
            (
                t["name"].as_str().unwrap(),
                t["checker_message"].as_str().unwrap_or(""),
            )
        })
        .collect();
    assert_eq!(
        said,
        [
            ("sample/1", "9 guesses"),
            ("secret/1", "12 guesses"),
            ("secret/100", "12 guesses"),
            ("secret/73", "12 guesses"),
        ]
    );
    let bisect = submission(&row, "problems/guess/submissions/accepted/bisect.py");
    assert_eq!(bisect["verdict"], "AC", "{bisect:#}");
    let sum = report["problems"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["id"] == "sum")
        .unwrap();
    assert_eq!(sum["error"], Value::Null, "{sum:#}");
    for test in sum["tests"].as_array().unwrap() {
        assert_eq!(test["verdict"], "WA", "{test:#}");
        assert_eq!(
            test["checker_message"], "rejected by the run script",
            "{test:#}"
        );
    }
}

/// A package is someone else's folder: an answer that is a link to a file outside it (`/etc/passwd` here,
/// `/etc/shadow` or a home in an attack) is refused, naming the link, and nothing of its target is shown.
#[test]
fn a_link_out_of_the_package_is_refused_and_not_followed() {
    let copy = common::copy_of("packages", "package-with-a-link");
    let answer = copy.join("addition/data/sample/1.ans");
    std::fs::remove_file(&answer).unwrap();
    std::os::unix::fs::symlink("/etc/passwd", &answer).unwrap();
    let output = common::command(&copy, &["verify", &copy.join("addition").to_string_lossy()])
        .output()
        .unwrap();
    let said = printed(&output);
    assert_eq!(output.status.code(), Some(2), "{said}");
    assert!(
        said.contains("1.ans: a link to /etc/passwd, outside the package"),
        "{said}"
    );
    assert!(!said.contains("root:"), "{said}");
}

/// Each submission of a package's report: (file, verdict).
fn verdicts(package: &Value) -> Vec<(&str, &str)> {
    package["submissions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| (s["file"].as_str().unwrap(), s["verdict"].as_str().unwrap()))
        .collect()
}

#[test]
fn custom_validation_without_a_validator_is_a_malformed_package() {
    // A real contest package says `validation: custom` and its repository leaves output_validators/
    // out: problemtools then judges with the default validator (every accepted submission WA); the
    // specification runs the package's validator, and there is none, so nothing is judged.
    let dir = common::scratch("custom-without-validator");
    let package = dir.join("nocheck");
    for folder in ["data/sample", "data/secret", "submissions/accepted"] {
        std::fs::create_dir_all(package.join(folder)).unwrap();
    }
    let files = [
        ("problem.yaml", "name: No checker\nvalidation: custom\n"),
        ("data/sample/1.in", "1\n"),
        ("data/sample/1.ans", "1\n"),
        ("data/secret/1.in", "2\n"),
        ("data/secret/1.ans", "2\n"),
        ("submissions/accepted/echo.py", "print(input())\n"),
    ];
    for (name, text) in files {
        std::fs::write(package.join(name), text).unwrap();
    }
    let output = common::command(&dir, &["verify", package.to_str().unwrap()])
        .output()
        .expect("run the harness binary");
    assert_eq!(output.status.code(), Some(2), "{}", printed(&output));
    let text = printed(&output);
    assert!(
        text.contains("nocheck/problem.yaml: key `validation` says custom, but")
            && text.contains("nocheck/output_validators holds no validator"),
        "{text}"
    );
    assert!(!text.contains("echo.py"), "nothing is judged: {text}");
}

#[test]
fn a_validator_folder_with_a_header_is_one_program() {
    // output_validators/ holds validate.cpp and the common.h it includes: one program, as problemtools
    // and DOMjudge build it.
    let output = verify(&["twosum"], &["--format", "json"]);
    assert_eq!(output.status.code(), Some(0), "{}", printed(&output));
    let report = json_report(&output);
    let twosum = package(&report, "twosum");
    assert_eq!(twosum["validator"], "output_validators");
    assert_eq!(
        verdicts(&twosum),
        [
            ("submissions/accepted/halves.py", "AC"),
            ("submissions/wrong_answer/off-by-one.py", "WA"),
        ]
    );
}

#[test]
fn an_interactor_folder_with_testlib_h_is_one_program() {
    // Legacy `validation: custom interactive`, output_validators/ holding interactor.cpp and the
    // testlib.h it includes (a stand-in with testlib's names and the Kattis exit codes).
    let output = verify(&["guess-testlib"], &["--format", "json"]);
    assert_eq!(output.status.code(), Some(0), "{}", printed(&output));
    let report = json_report(&output);
    let guess = package(&report, "guess-testlib");
    assert_eq!(guess["type"], "pass-fail, interactive");
    assert_eq!(guess["validator"], "output_validators");
    assert_eq!(
        verdicts(&guess),
        [
            ("submissions/accepted/bisect.py", "AC"),
            ("submissions/wrong_answer/always-fifty.py", "WA"),
        ]
    );
}

#[test]
fn python_runs_under_pypy_where_installed_and_the_computed_time_limit_follows_it() {
    // addition has no time limit: it is computed from its slowest accepted submission, a Python one
    // among them, judged under PyPy where it is installed, as Kattis judges it.
    let output = verify(&["addition"], &["--format", "json"]);
    assert_eq!(output.status.code(), Some(0), "{}", printed(&output));
    let report = json_report(&output);
    let addition = package(&report, "addition");
    let python = submission(&addition, "submissions/accepted/add.py");
    assert_eq!(
        python["language"],
        super::languages::python3_name(),
        "{python}"
    );
    if python["language"] != "Python 3 (PyPy)" {
        common::skipped(
            "packages: python under PyPy",
            "`pypy3` is missing (Debian's pypy3 package): judged under CPython",
        );
    }
    let slowest = addition["submissions"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|s| {
            s["file"]
                .as_str()
                .unwrap()
                .starts_with("submissions/accepted/")
        })
        .map(|s| s["max_cpu_ms"].as_f64().unwrap())
        .fold(0.0, f64::max);
    let source = addition["time_limit_source"].as_str().unwrap();
    assert!(
        source.contains("(submissions/accepted/")
            && source.contains(&format!(") {:.3} s", slowest / 1000.0)),
        "the limit comes from the accepted submissions as judged: {source}"
    );
}

#[test]
fn a_skipped_submission_says_why_whole_in_the_human_report() {
    let output = verify(&["echo"], &[]);
    assert_eq!(output.status.code(), Some(0), "{}", printed(&output));
    let text = stdout(&output);
    let line = text
        .lines()
        .find(|l| l.contains("other/nothing.py"))
        .unwrap_or_else(|| panic!("{text}"));
    assert!(
        line.ends_with("an @EXPECTED_RESULTS@ header or an entry in submissions.yaml)"),
        "{line}"
    );
}

/// `harness validate` on a package dropped into a workspace runs its input validators: every input of its
/// data accepted with its group's `input_validator_args`, every file of `data/invalid_input/` rejected
/// (with the validator's message); an input it rejects is named with the validator's message. A package
/// without input validators, named, says what is missing; `gen` says what its format lacks.
#[test]
fn validate_runs_a_packages_input_validators_on_its_data() {
    let root = common::scratch("validated-package");
    common::copy_tree(
        &common::fixtures("packages").join("validated"),
        &root.join("problems/validated"),
    );
    let output = in_workspace(&root, &["validate"]);
    let text = printed(&output);
    assert_eq!(output.status.code(), Some(0), "{text}");
    assert!(
        text.contains("1 problem: 3 inputs valid, 2 invalid examples rejected, 0 exempt, 0 not as they must be"),
        "{text}"
    );
    assert!(
        text.contains("problems/validated/data/invalid_input/zero.in: rejected: line 1: a = 0 is not in [1, 1000]"),
        "{text}"
    );

    // An input of a group beyond the group's bounds, with the group's arguments.
    let secret = root.join("problems/validated/data/secret");
    std::fs::write(secret.join("3.in"), "150 2\n").unwrap();
    std::fs::write(secret.join("3.ans"), "152\n").unwrap();
    let output = in_workspace(&root, &["validate", "validated"]);
    let text = printed(&output);
    assert_eq!(output.status.code(), Some(1), "{text}");
    assert!(
        text.contains(
            "data/secret/3.in (with --max 100): rejected: line 1: a = 150 is not in [1, 100]"
        ),
        "{text}"
    );

    // A package without input validators, named, says what it lacks.
    std::fs::remove_dir_all(root.join("problems/validated/input_validators")).unwrap();
    let output = in_workspace(&root, &["validate", "validated"]);
    let text = printed(&output);
    assert_eq!(output.status.code(), Some(2), "{text}");
    assert!(
        text.contains("validated/input_validators does not exist: write the input validator"),
        "{text}"
    );
    let output = in_workspace(&root, &["gen", "validated"]);
    let text = printed(&output);
    assert_eq!(output.status.code(), Some(2), "{text}");
    assert!(
        text.contains("problems/validated: a problem package (problem.yaml)"),
        "{text}"
    );
}

/// Absurd time limits and multipliers are refused, naming the file and the key, as other limits are: a
/// limit of 1e300 seconds, a negative one, NaN, a multiplier of 1e300, a `.timelimit` of 1e300.
#[test]
fn absurd_time_limits_are_refused_naming_the_file_and_key() {
    let dir = common::scratch("absurd-time-limits").join("validated");
    common::copy_tree(&common::fixtures("packages").join("validated"), &dir);
    let head = "problem_format_version: 2023-07-draft\nname: Absurd\ntype: pass-fail\n";
    for (limits, key) in [
        ("limits:\n  time_limit: 1e300\n", "limits.time_limit"),
        ("limits:\n  time_limit: -1\n", "limits.time_limit"),
        ("limits:\n  time_limit: .nan\n", "limits.time_limit"),
        (
            "limits:\n  time_multipliers:\n    ac_to_time_limit: 1e300\n",
            "limits.time_multipliers.ac_to_time_limit",
        ),
        (
            "limits:\n  time_resolution: 1e300\n",
            "limits.time_resolution",
        ),
    ] {
        std::fs::write(dir.join("problem.yaml"), format!("{head}{limits}")).unwrap();
        let output = common::command(&dir, &["verify", dir.to_str().unwrap()])
            .output()
            .unwrap();
        let text = printed(&output);
        assert_eq!(output.status.code(), Some(2), "{limits}: {text}");
        assert!(
            text.contains(&format!("problem.yaml: key `{key}`: expected a number")),
            "{limits}: {text}"
        );
    }
    std::fs::write(dir.join("problem.yaml"), "name: Absurd\n").unwrap();
    std::fs::write(dir.join(".timelimit"), "1e300\n").unwrap();
    let output = common::command(&dir, &["verify", dir.to_str().unwrap()])
        .output()
        .unwrap();
    let text = printed(&output);
    assert_eq!(output.status.code(), Some(2), "{text}");
    assert!(
        text.contains("/.timelimit: expected a time limit in seconds"),
        "{text}"
    );
}

/// YAML nested 200,000 levels deep, in problem.yaml or a testdata.yaml, is refused at once, naming the
/// file (a parser takes minutes on it, up to its recursion limit).
#[test]
fn deeply_nested_yaml_is_refused_naming_the_file() {
    let dir = common::scratch("deep-yaml").join("validated");
    common::copy_tree(&common::fixtures("packages").join("validated"), &dir);
    let deep = format!("x: {}{}\n", "[".repeat(200_000), "]".repeat(200_000));
    let yaml = dir.join("problem.yaml");
    let original = std::fs::read_to_string(&yaml).unwrap();
    let group = dir.join("data/secret/testdata.yaml");
    for (file, text) in [
        (&yaml, format!("{original}{deep}")),
        (&group, format!("input_validator_args: --max 100\n{deep}")),
    ] {
        std::fs::write(file, text).unwrap();
        let output = common::command(&dir, &["verify", dir.to_str().unwrap()])
            .output()
            .unwrap();
        let text = printed(&output);
        assert_eq!(output.status.code(), Some(2), "{text}");
        let says = format!("{}: nested more than 100 levels deep", file.display());
        assert!(text.contains(&says), "{says}: {text}");
        std::fs::write(&yaml, &original).unwrap();
    }
}
/// Our `[[group]]`s score as IOI's subtasks through the scoring every format shares (`grade::score`): a
/// `min` group stops at its first failing test and earns nothing, a `sum` group earns each test's share.
mod native_groups {
    use harness::grade::score::{score, Judged};
    use harness::model::score::{Aggregation, GroupDecl, PartialRule};
    use harness::model::{GroupRules, ScoreGroup, ScoreItem, Scoring, ValidatorScore, Verdict};
    use harness::package::native::groups::group_of;

    fn decl(name: &str, points: f64, aggregation: Aggregation) -> GroupDecl {
        GroupDecl {
            name: name.into(),
            points,
            tests: vec!["*".into()],
            aggregation,
            tests_at: String::new(),
            input_validator_args: Vec::new(),
        }
    }

    /// Scores one group over tests `a`..`d`, `b` failing: the tests judged, and the score.
    fn scored(aggregation: Aggregation) -> (Vec<String>, f64) {
        let members: Vec<String> = ["a", "b", "c", "d"].map(String::from).to_vec();
        let scoring = Scoring {
            root: ScoreGroup {
                name: String::new(),
                rules: GroupRules::default(),
                items: vec![ScoreItem::Group(group_of(
                    &decl("g", 40.0, aggregation),
                    members,
                ))],
            },
            validator_score: ValidatorScore::Forbidden,
            expected: Vec::new(),
            partial: PartialRule::PointsBelowFull,
            rules: Default::default(),
        };
        let mut judged = Vec::new();
        let result = score(&scoring, &mut |name| {
            judged.push(name.to_string());
            let verdict = if name == "b" {
                Verdict::WA
            } else {
                Verdict::AC
            };
            Ok(Some(Judged {
                verdict,
                validator_score: None,
                score_multiplier: None,
            }))
        })
        .unwrap();
        (judged, result.score)
    }

    #[test]
    fn min_groups_need_every_test_and_sum_groups_share_their_points() {
        assert_eq!(
            scored(Aggregation::Min),
            (vec!["a".into(), "b".into()], 0.0)
        );
        let (judged, points) = scored(Aggregation::Sum);
        assert_eq!((judged.len(), points), (4, 30.0));
    }
}
