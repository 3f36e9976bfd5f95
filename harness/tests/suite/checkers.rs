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
            "judge errors: 4 tests: a checker failed; fix the problem, not the submission"
        ),
        "{text}"
    );
    assert!(
        text.contains("kattis/exit-43  WA  checker: asked to exit 43"),
        "{text}"
    );
}
