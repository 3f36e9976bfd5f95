//! The checker protocols end to end, on the fixture workspace `checkers`: a checker program that exits with
//! every code, crashes, sleeps forever or floods its output gets the verdict its protocol defines, a judge
//! error (JE) for anything undefined, and the judge stays bounded and finishes.

use serde_json::Value;

use super::common::{fixtures, harness, json_report};

fn tests(report: &Value, id: &str) -> Vec<(String, String, Value)> {
    report["problems"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["id"] == id)
        .unwrap_or_else(|| panic!("no {id}"))["tests"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| {
            (
                t["name"].as_str().unwrap().to_string(),
                t["verdict"].as_str().unwrap().to_string(),
                t.clone(),
            )
        })
        .collect()
}

fn verdicts_of(report: &Value, id: &str) -> Vec<(String, String)> {
    tests(report, id)
        .into_iter()
        .map(|(name, verdict, _)| (name, verdict))
        .collect()
}

fn pairs(table: &[(&str, &str)]) -> Vec<(String, String)> {
    let mut pairs: Vec<(String, String)> = table
        .iter()
        .map(|(n, v)| (n.to_string(), v.to_string()))
        .collect();
    pairs.sort();
    pairs
}

#[test]
fn testlib_and_kattis_exit_codes_crashes_and_floods() {
    let output = harness(&fixtures("checkers"), &["--format", "json", "-j", "4"]);
    assert_eq!(output.status.code(), Some(1), "judge errors fail the run");
    let report = json_report(&output);
    let testlib = pairs(&[
        ("crash", "JE"),
        ("exit-0", "AC"),
        ("exit-1", "WA"),
        ("exit-2", "PE"),
        ("exit-3", "JE"),
        ("exit-4", "PE"),
        ("exit-42", "JE"),
        ("exit-5", "JE"),
        ("exit-7", "WA"),
        ("exit-8", "WA"),
        ("flood", "JE"),
        ("silent", "WA"),
        ("sleep", "JE"),
    ]);
    assert_eq!(verdicts_of(&report, "testlib"), testlib);
    let kattis = pairs(&[
        ("crash", "JE"),
        ("exit-0", "JE"),
        ("exit-1", "JE"),
        ("exit-42", "AC"),
        ("exit-43", "WA"),
        ("flood", "JE"),
        ("silent", "WA"),
    ]);
    assert_eq!(verdicts_of(&report, "kattis"), kattis);
    assert_eq!(report["summary"]["judge_errors"], 10);

    let find = |id: &str, name: &str| {
        tests(&report, id)
            .into_iter()
            .find(|(n, _, _)| n == name)
            .unwrap()
            .2
    };
    // The message: testlib's stderr, Kattis's judgemessage.txt, and the input beside it.
    let wa = find("testlib", "exit-1");
    assert_eq!(wa["checker_message"], "asked to exit 1");
    assert_eq!(wa["input_head"], "exit 1");
    let kattis_wa = find("kattis", "exit-43");
    assert_eq!(kattis_wa["checker_message"], "asked to exit 43");
    let undefined = find("kattis", "exit-0");
    let message = undefined["checker_message"].as_str().unwrap();
    assert!(
        message.contains("code 0") && message.contains("42 AC, 43 WA"),
        "{message}"
    );
    let fail = find("testlib", "exit-3");
    assert!(fail["checker_message"]
        .as_str()
        .unwrap()
        .contains("said FAIL"));
    let sleep = find("testlib", "sleep");
    assert!(
        sleep["checker_message"]
            .as_str()
            .unwrap()
            .contains("wall-clock backstop"),
        "{sleep}"
    );
    let flood = find("kattis", "flood");
    assert!(
        flood["checker_message"]
            .as_str()
            .unwrap()
            .contains("bytes of output"),
        "{flood}"
    );
    assert_eq!(find("testlib", "exit-0")["checker_message"], Value::Null);
}

#[test]
fn judge_errors_come_first_in_the_human_report() {
    let output = harness(&fixtures("checkers"), &["kattis"]);
    assert_eq!(output.status.code(), Some(1));
    let text = String::from_utf8_lossy(&output.stdout).into_owned();
    let failures = text.split("Failures").nth(1).expect("a failures section");
    let first = failures.lines().find(|l| l.starts_with("kattis/")).unwrap();
    assert!(first.contains("  JE  "), "{first}");
    assert!(
        text.contains(
            "judge errors: 4 tests: not judged (a checker or interactor failed, or the machine was too busy: each says why); fix that, not the submission"
        ),
        "{text}"
    );
    assert!(
        text.contains("kattis/exit-43  WA  checker: asked to exit 43"),
        "{text}"
    );
}

/// The same problem judged by its second checker: nim-move's C++ validator in the Kattis protocol, selected
/// by a copy of the problem whose problem.toml names it. Every answer and the solution are accepted, and a
/// wrong submission is rejected, as with the Rust testlib checker; so is the presentation error (all
/// answers on one line), as a wrong answer.
#[test]
fn nim_move_with_its_cpp_kattis_validator() {
    let root = super::common::scratch("nim-move-kattis");
    let real = super::common::workspace_root();
    // The generator and the validator include modules from problems/.shared.
    for dir in [
        "problems/.shared",
        "problems/nim-move",
        "solutions/nim-move",
        "testdata/nim-move",
    ] {
        for entry in walkdir::WalkDir::new(real.join(dir)) {
            let entry = entry.unwrap();
            let to = root.join(entry.path().strip_prefix(&real).unwrap());
            if entry.file_type().is_dir() {
                std::fs::create_dir_all(&to).unwrap();
            } else {
                std::fs::copy(entry.path(), &to).unwrap();
            }
        }
    }
    let toml = root.join("problems/nim-move/problem.toml");
    let text = std::fs::read_to_string(&toml).unwrap();
    let kattis = text
        .replace(
            "program = \"checker.rs\"",
            "program = \"checker_kattis.cpp\"",
        )
        .replace("protocol = \"testlib\"", "protocol = \"kattis\"");
    assert_ne!(
        kattis, text,
        "the problem.toml names checker.rs with the testlib protocol"
    );
    std::fs::write(&toml, kattis).unwrap();
    // The Kattis protocol has no presentation error: a fault of the layout is a wrong answer there.
    let submissions = root.join("problems/nim-move/submissions");
    for entry in std::fs::read_dir(submissions.join("presentation_error")).unwrap() {
        let from = entry.unwrap().path();
        let to = submissions
            .join("wrong_answer")
            .join(from.file_name().unwrap());
        std::fs::rename(from, to).unwrap();
    }
    let output = harness(&root, &["nim-move", "--format", "json"]);
    let report = json_report(&output);
    assert_eq!(output.status.code(), Some(0), "{report:#}");
    assert_eq!(
        report["problems"][0]["checker"],
        "kattis:checker_kattis.cpp"
    );
    let submissions = report["submissions"].as_array().unwrap();
    assert!(submissions.len() >= 3, "{report:#}");
    for s in submissions {
        assert_eq!(s["matched"], true, "{s}");
    }
    let xor = submissions
        .iter()
        .find(|s| s["file"].as_str().unwrap().ends_with("xor-as-target.rs"))
        .unwrap();
    assert_eq!(xor["verdict"], "WA");
    let one_line = submissions
        .iter()
        .find(|s| s["file"].as_str().unwrap().ends_with("one-line.rs"))
        .unwrap();
    assert_eq!(one_line["verdict"], "WA", "{one_line}");
    let message = xor["tests"].as_array().unwrap().last().unwrap()["checker_message"].clone();
    assert!(message.as_str().is_some_and(|m| !m.is_empty()), "{xor}");
    // And gen --check gives every answer to the C++ validator.
    let check = harness(&root, &["gen", "--check", "nim-move"]);
    assert_eq!(
        check.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&check.stdout)
    );
}

/// Outputs and answers larger than the judge reads whole (4 MiB) are compared as streams: the verdicts
/// and the first difference are those of the rule.
#[test]
fn outputs_larger_than_read_whole_are_judged_by_the_rule() {
    let root = super::common::copy_of("languages", "huge-outputs");
    std::fs::remove_dir_all(root.join("problems/sum/submissions")).unwrap();
    let data = root.join("testdata/sum");
    std::fs::remove_dir_all(&data).unwrap();
    std::fs::create_dir_all(&data).unwrap();
    // About 6 MiB of lines; the program prints its input back, or a changed copy.
    let text: String = (0..700_000).map(|i| format!("{i}\n")).collect();
    std::fs::write(data.join("big.in"), &text).unwrap();
    std::fs::write(data.join("big.out"), &text).unwrap();
    let cases = [
        ("cat.sh", "cat", "AC", None),
        ("crlf.sh", "sed 's/$/\\r/'", "AC", None),
        (
            "last.sh",
            "sed '$ s/.*/x/'",
            "WA",
            Some("line 700000, token 1: expected `699999`, got `x`"),
        ),
        (
            "spaces.sh",
            "sed '350000 s/^/ /'",
            "PE",
            Some("line 350000: expected `349999`, got ` 349999` (spacing differs)"),
        ),
        (
            "short.sh",
            "head -n 3",
            "WA",
            Some("line 4, token 1: expected `3`, got end of output"),
        ),
    ];
    for (name, script, verdict, first) in cases {
        let submission = root.join(name);
        std::fs::write(&submission, format!("{script}\n")).unwrap();
        let output = harness(
            &root,
            &[
                "sum",
                "--submission",
                submission.to_str().unwrap(),
                "--format",
                "json",
            ],
        );
        let report = json_report(&output);
        let test = &report["submissions"][0]["tests"][0];
        assert_eq!(test["verdict"], verdict, "{name}: {test:#}");
        assert_eq!(test["first_difference"].as_str(), first, "{name}");
    }
}
