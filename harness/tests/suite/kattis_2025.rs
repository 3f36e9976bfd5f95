//! `harness verify` on what the 2025-09 package format adds (fixtures/packages/, described in its
//! README): `type` as one string of several types, `include/default/` and `include/<language>/`,
//! `constants` with `{{name}}` in validators, included files and submissions, a submission's
//! `entrypoint`, a group's `require_pass`, and a validator's `score_multiplier.txt`.

use std::fs;
use std::path::Path;
use std::process::Output;

use serde_json::Value;

use super::common::{self, json_report, printed};

/// `harness verify --format json` on a package folder.
fn verify(dir: &Path) -> Output {
    common::command(dir, &["verify", dir.to_str().unwrap(), "--format", "json"])
        .output()
        .expect("run the harness binary")
}

/// Each submission's (file, verdict, as its folder expects).
fn verdicts(report: &Value) -> Vec<(String, String, bool)> {
    let all = report["submissions"].as_array().unwrap();
    all.iter()
        .map(|s| {
            (
                s["file"].as_str().unwrap().to_string(),
                s["verdict"].as_str().unwrap_or("-").to_string(),
                s["matched"].as_bool().unwrap(),
            )
        })
        .collect()
}

fn verdict_of(report: &Value, file: &str) -> String {
    let all = verdicts(report);
    let found = all.iter().find(|(f, _, _)| f == file);
    found
        .unwrap_or_else(|| panic!("no {file} in {all:?}"))
        .1
        .clone()
}

/// `included`: every accepted submission builds only with what the package adds: C with
/// `include/default/k.h`, C++ with `include/cpp/k.h` (which replaces the default for C++), Python with
/// `include/python3/k.py` (the constant and its variant), one with `{{k}}` in its own source, and a
/// folder with two programs run from the `entrypoint` its `submissions.yaml` entry names; the output
/// validator checks against `{{k}}` in its source. Then, in copies: without the entry point the folder's
/// `main.py` runs (WA); without `include/cpp/` C++ gets the default header (CE); with another constant
/// C++'s `static_assert` fails (CE) while the others follow the constant and stay accepted.
#[test]
fn included_files_constants_and_the_entrypoint_build_each_submission_as_the_package_says() {
    let output = verify(&common::fixtures("packages/included"));
    assert_eq!(output.status.code(), Some(0), "{}", printed(&output));
    let report = json_report(&output);
    let expected = [
        ("submissions/accepted/add.c", "AC"),
        ("submissions/accepted/add.cpp", "AC"),
        ("submissions/accepted/add.py", "AC"),
        ("submissions/accepted/constant.py", "AC"),
        ("submissions/accepted/two-mains", "AC"),
        ("submissions/wrong_answer/six.py", "WA"),
    ];
    let expected: Vec<(String, String, bool)> = expected
        .iter()
        .map(|(f, v)| (f.to_string(), v.to_string(), true))
        .collect();
    assert_eq!(verdicts(&report), expected);

    let copy = |name: &str| {
        let dir = common::scratch(&format!("included-{name}")).join("included");
        common::copy_tree(&common::fixtures("packages/included"), &dir);
        dir
    };
    let no_entrypoint = copy("no-entrypoint");
    fs::write(
        no_entrypoint.join("submissions/submissions.yaml"),
        "accepted/add.cpp:\n  language: cpp\n",
    )
    .unwrap();
    let output = verify(&no_entrypoint);
    assert_eq!(output.status.code(), Some(1), "{}", printed(&output));
    let report = json_report(&output);
    assert_eq!(verdict_of(&report, "submissions/accepted/two-mains"), "WA");

    let no_cpp = copy("no-cpp");
    fs::remove_dir_all(no_cpp.join("include/cpp")).unwrap();
    let output = verify(&no_cpp);
    assert_eq!(output.status.code(), Some(1), "{}", printed(&output));
    let report = json_report(&output);
    assert_eq!(verdict_of(&report, "submissions/accepted/add.cpp"), "CE");
    assert_eq!(verdict_of(&report, "submissions/accepted/add.c"), "AC");

    let eight = copy("eight");
    let yaml = fs::read_to_string(eight.join("problem.yaml")).unwrap();
    fs::write(
        eight.join("problem.yaml"),
        yaml.replace("value: 7", "value: 8"),
    )
    .unwrap();
    for (file, answer) in [("sample/1", "9"), ("secret/1", "1"), ("secret/2", "1008")] {
        fs::write(
            eight.join(format!("data/{file}.ans")),
            format!("{answer}\n"),
        )
        .unwrap();
    }
    let output = verify(&eight);
    assert_eq!(output.status.code(), Some(1), "{}", printed(&output));
    let report = json_report(&output);
    assert_eq!(verdict_of(&report, "submissions/accepted/add.cpp"), "CE");
    for file in ["add.c", "add.py", "constant.py"] {
        let file = format!("submissions/accepted/{file}");
        assert_eq!(verdict_of(&report, &file), "AC", "{file}");
    }
    // The output validator follows the constant too: the program answering one too few is still WA.
    assert_eq!(verdict_of(&report, "submissions/wrong_answer/six.py"), "WA");
}

/// `type` as one string of several types, as the format's own examples write it: `guess` (interactive)
/// verifies as `pass-fail interactive`; two types that cannot go together are refused naming the key;
/// `multi-pass` is read from the string as a type the judge runs.
#[test]
fn a_type_string_of_several_types_is_read_and_incompatible_ones_refused() {
    let dir = common::scratch("type-string").join("guess");
    common::copy_tree(&common::fixtures("packages/guess"), &dir);
    let yaml = fs::read_to_string(dir.join("problem.yaml")).unwrap();
    let with_type = |kind: &str| {
        let lines = yaml.lines().map(|line| match line {
            l if l.starts_with("problem_format_version:") => {
                "problem_format_version: 2025-09".to_string()
            }
            l if l.starts_with("type:") => format!("type: {kind}"),
            l => l.to_string(),
        });
        fs::write(
            dir.join("problem.yaml"),
            lines.collect::<Vec<_>>().join("\n") + "\n",
        )
        .unwrap();
    };
    with_type("pass-fail interactive");
    let output = verify(&dir);
    assert_eq!(output.status.code(), Some(0), "{}", printed(&output));
    let report = json_report(&output);
    let row = &report["problems"][0];
    assert_eq!(row["package"]["type"], "pass-fail, interactive", "{row:#}");
    assert_eq!(verdict_of(&report, "submissions/accepted/bisect.py"), "AC");

    with_type("scoring pass-fail interactive");
    let output = verify(&dir);
    assert_eq!(output.status.code(), Some(2), "{}", printed(&output));
    let text = printed(&output);
    assert!(
        text.contains("problem.yaml: key `type`: `pass-fail` and `scoring` cannot go together"),
        "{text}"
    );

    with_type("[interactive, interactive]");
    let output = verify(&dir);
    assert_eq!(output.status.code(), Some(2), "{}", printed(&output));
    assert!(printed(&output).contains("`interactive` is given twice"));

    // Multi-pass is a type the judge runs (tests/suite/passes.rs): read from the string, not refused.
    with_type("pass-fail multi-pass");
    let output = verify(&dir);
    let report = json_report(&output);
    let row = &report["problems"][0];
    assert_eq!(row["package"]["type"], "pass-fail, multi-pass", "{row:#}");
    assert_eq!(row["error"], Value::Null, "{row:#}");
}

/// A group's score in a submission of a `scoring-2025` report: (score, the groups it lacked).
fn group(report: &Value, file: &str, name: &str) -> (f64, Value) {
    let all = report["submissions"].as_array().unwrap();
    let submission = all.iter().find(|s| s["file"] == file).unwrap();
    let secret = &submission["score"]["groups"][1];
    let groups = secret["groups"].as_array().unwrap();
    let group = groups
        .iter()
        .find(|g| g["group"] == name)
        .unwrap_or_else(|| panic!("no group {name} in {submission:#}"));
    (group["score"].as_f64().unwrap(), group["unmet"].clone())
}

fn total(report: &Value, file: &str) -> f64 {
    let all = report["submissions"].as_array().unwrap();
    let submission = all.iter().find(|s| s["file"] == file).unwrap();
    submission["score"]["score"].as_f64().unwrap()
}

/// `require_pass` ("Group dependencies"): with `g2-sum` requiring `g1-pass`, `odd-only.py` (which fails
/// `g1-pass` and scores 20 in `g2-sum` alone) scores nothing there, saying which group it lacked, so its
/// expected 20 no longer holds; `close.py` and `exact.py`, which pass `g1-pass`, keep their scores.
/// A requirement of a later group, or of a group that is not pass-fail, is refused naming the key.
#[test]
fn a_group_that_requires_another_scores_only_when_that_one_passes() {
    let dir = common::copy_of("packages/scoring-2025", "require-pass");
    let g2 = dir.join("data/secret/g2-sum/test_group.yaml");
    let g2_yaml = fs::read_to_string(&g2).unwrap();
    fs::write(&g2, format!("{g2_yaml}require_pass: secret/g1-pass\n")).unwrap();
    let output = verify(&dir);
    assert_eq!(output.status.code(), Some(1), "{}", printed(&output));
    let report = json_report(&output);
    let odd = "submissions/partially_accepted/odd-only.py";
    assert_eq!(
        group(&report, odd, "secret/g2-sum"),
        (0.0, Value::from(vec!["secret/g1-pass"]))
    );
    assert_eq!(total(&report, odd), 0.0);
    assert_eq!(
        total(&report, "submissions/partially_accepted/close.py"),
        82.0
    );
    assert_eq!(total(&report, "submissions/accepted/exact.py"), 100.0);

    for (requirement, says) in [
        (
            "secret/g3-min",
            "`secret/g3-min`: a group may only require groups before it",
        ),
        ("[sample, secret/g0]", "`secret/g0`: no such group"),
    ] {
        fs::write(&g2, format!("{g2_yaml}require_pass: {requirement}\n")).unwrap();
        let output = verify(&dir);
        assert_eq!(output.status.code(), Some(2), "{}", printed(&output));
        let text = printed(&output);
        assert!(
            text.contains(&format!(
                "g2-sum/test_group.yaml: key `require_pass`: {says}"
            )),
            "{text}"
        );
    }
    fs::write(&g2, &g2_yaml).unwrap();
    let g3 = dir.join("data/secret/g3-min/test_group.yaml");
    let g3_yaml = fs::read_to_string(&g3).unwrap();
    fs::write(&g3, format!("{g3_yaml}require_pass: secret/g2-sum\n")).unwrap();
    let output = verify(&dir);
    assert_eq!(output.status.code(), Some(2), "{}", printed(&output));
    assert!(printed(&output).contains("a required group must have `pass-fail` aggregation"));
}

/// `score_multiplier.txt`: where `g3-min` (`min`, 30 points) has its validator write a multiplier of 0.5
/// for `close`, `close.py` scores half of each test's maximum there, 15 (30 + 40 + 15 = 85, not the 82
/// it expects); a multiplier above 1 is a judge error that names the file.
#[test]
fn a_score_multiplier_is_a_fraction_of_the_tests_maximum() {
    let dir = common::copy_of("packages/scoring-2025", "score-multiplier");
    let g3 = dir.join("data/secret/g3-min/test_group.yaml");
    let g3_yaml = fs::read_to_string(&g3).unwrap();
    let with = |multiplier: &str| {
        let yaml = g3_yaml.replace(
            "[partial, \"12\"]",
            &format!("[multiplier, \"{multiplier}\"]"),
        );
        assert_ne!(yaml, g3_yaml, "the fixture's arguments changed");
        fs::write(&g3, yaml).unwrap();
    };
    with("0.5");
    let output = verify(&dir);
    assert_eq!(output.status.code(), Some(1), "{}", printed(&output));
    let report = json_report(&output);
    let close = "submissions/partially_accepted/close.py";
    assert_eq!(group(&report, close, "secret/g3-min").0, 15.0);
    assert_eq!(total(&report, close), 85.0);
    assert_eq!(total(&report, "submissions/accepted/exact.py"), 100.0);

    with("1.5");
    let output = verify(&dir);
    let report = json_report(&output);
    let all = report["submissions"].as_array().unwrap();
    let submission = all.iter().find(|s| s["file"] == close).unwrap();
    let text = submission.to_string();
    assert!(
        text.contains("score_multiplier.txt says 1.5, outside 0 to 1"),
        "{submission:#}"
    );
}

/// An older version's spelling in a 2025-09 problem.yaml is warned about by name, and read where it
/// still means something (`limits.time_multiplier`); a test case that gives the submission command-line
/// `args` or a `.files` folder is not judged without them: the package's row says why.
#[test]
fn older_spellings_are_named_and_tests_beyond_stdin_are_not_misjudged() {
    let dir = common::scratch("older-spellings").join("included");
    common::copy_tree(&common::fixtures("packages/included"), &dir);
    let yaml = fs::read_to_string(dir.join("problem.yaml")).unwrap();
    let older = yaml.replace(
        "limits:\n",
        "source_url: https://example.com\nauthor: Someone\nlimits:\n  time_multiplier: 3\n",
    );
    assert_ne!(older, yaml, "the fixture's problem.yaml changed");
    fs::write(dir.join("problem.yaml"), &older).unwrap();
    let output = verify(&dir);
    assert_eq!(output.status.code(), Some(0), "{}", printed(&output));
    let report = json_report(&output);
    let warnings = report["problems"][0]["package"]["warnings"].to_string();
    for said in [
        "key `source_url` is an older version's spelling; 2025-09 says `source` with `name` and `url`",
        "key `author` is an older version's spelling; 2025-09 says `credits`",
        "key `limits.time_multiplier` is the legacy spelling; 2025-09 says `limits.time_multipliers.ac_to_time_limit` (read as it)",
    ] {
        assert!(warnings.contains(said), "{said}: {warnings}");
    }

    fs::write(dir.join("data/secret/test_group.yaml"), "args: [--fast]\n").unwrap();
    let output = verify(&dir);
    assert_eq!(output.status.code(), Some(1), "{}", printed(&output));
    let error = json_report(&output)["problems"][0]["error"].to_string();
    assert!(
        error.contains("data/secret/test_group.yaml: key `args` (command-line arguments for the submission) is not supported yet"),
        "{error}"
    );
    fs::remove_file(dir.join("data/secret/test_group.yaml")).unwrap();
    fs::create_dir_all(dir.join("data/secret/2.files")).unwrap();
    fs::write(dir.join("data/secret/2.files/extra.txt"), "1\n").unwrap();
    let output = verify(&dir);
    assert_eq!(output.status.code(), Some(1), "{}", printed(&output));
    let error = json_report(&output)["problems"][0]["error"].to_string();
    assert!(
        error.contains("test secret/2: its .files folder"),
        "{error}"
    );
}

/// A submission that `submissions.yaml` permits AC alone must be accepted wherever it is, and can be the
/// package's own program (BAPCtools' `testexpectations` keeps such ones in `ac_or_wa/`, and its
/// `accepted/` expects WA): with `included`'s accepted Python programs moved to `ac/` so ruled, the
/// package is judged, its row from them; without the rule they are nobody's row, and the row says so.
#[test]
fn a_submission_permitted_only_ac_can_be_the_packages_row() {
    let dir = common::scratch("permitted-ac").join("included");
    common::copy_tree(&common::fixtures("packages/included"), &dir);
    let subs = dir.join("submissions");
    fs::create_dir_all(subs.join("ac")).unwrap();
    for file in ["add.c", "add.cpp", "add.py", "constant.py"] {
        fs::remove_file(subs.join("accepted").join(file)).unwrap();
    }
    fs::remove_dir_all(subs.join("accepted")).unwrap();
    fs::copy(
        common::fixtures("packages/included/submissions/accepted/constant.py"),
        subs.join("ac/constant.py"),
    )
    .unwrap();
    fs::write(subs.join("submissions.yaml"), "ac:\n  permitted: [AC]\n").unwrap();
    let output = verify(&dir);
    assert_eq!(output.status.code(), Some(0), "{}", printed(&output));
    let report = json_report(&output);
    assert_eq!(report["problems"][0]["error"], Value::Null, "{report:#}");
    assert_eq!(verdict_of(&report, "submissions/ac/constant.py"), "AC");

    fs::write(
        subs.join("submissions.yaml"),
        "ac:\n  permitted: [AC, WA]\n",
    )
    .unwrap();
    let output = verify(&dir);
    assert_eq!(output.status.code(), Some(1), "{}", printed(&output));
    let error = json_report(&output)["problems"][0]["error"].to_string();
    assert!(
        error.contains("no submission that must be accepted was judged"),
        "{error}"
    );
}
