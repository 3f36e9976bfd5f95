//! `--repeat N`: every test of every program runs N times; a test whose verdict changed between repeats
//! is flagged and fails the run unless `--allow-flips`; a steady one is not. Fixture: `fixtures/flaky`
//! (its README says why the coin's flip is certain: 2^-32 that no test flips).

use serde_json::Value;

use super::common::{fixtures, harness, json_report, printed, scratch, stdout};

const REPEATS: usize = 5;

fn row<'a>(report: &'a Value, id: &str) -> &'a Value {
    report["problems"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["id"] == id)
        .unwrap_or_else(|| panic!("no problem {id} in {report}"))
}

/// Each test's verdicts over the repeats, as (verdict, runs); asserts every test ran every time.
fn verdicts(test: &Value) -> Vec<(String, u64)> {
    let repeats = &test["repeats"];
    assert_eq!(repeats["runs"], REPEATS, "{test}");
    let counts: Vec<(String, u64)> = repeats["verdicts"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| {
            (
                v["verdict"].as_str().unwrap().to_string(),
                v["runs"].as_u64().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        counts.iter().map(|(_, n)| n).sum::<u64>(),
        REPEATS as u64,
        "{test}"
    );
    let min = repeats["cpu_min_ms"].as_f64().unwrap();
    let median = repeats["cpu_median_ms"].as_f64().unwrap();
    let max = repeats["cpu_max_ms"].as_f64().unwrap();
    assert!(min <= median && median <= max, "{test}");
    assert_eq!(test["cpu_ms"].as_f64().unwrap(), median, "{test}");
    counts
}

/// The coin's tests that flipped: those that got both AC and TLE.
fn flipped(report: &Value) -> Vec<String> {
    let coin = row(report, "coin");
    let mut flipped = Vec::new();
    for test in coin["tests"].as_array().unwrap() {
        let counts = verdicts(test);
        for (verdict, _) in &counts {
            assert!(verdict == "AC" || verdict == "TLE", "{test}");
        }
        if counts.len() == 2 {
            flipped.push(test["name"].as_str().unwrap().to_string());
        }
    }
    flipped
}

#[test]
fn a_verdict_that_flips_between_repeats_is_flagged_and_fails_the_run() {
    let repeat = REPEATS.to_string();
    let dir = scratch("repeat-flips");
    let (html, junit) = (dir.join("report.html"), dir.join("junit.xml"));
    let output = harness(
        &fixtures("flaky"),
        &[
            "--format",
            "json",
            "--repeat",
            &repeat,
            "--html",
            html.to_str().unwrap(),
            "--junit",
            junit.to_str().unwrap(),
        ],
    );
    assert_eq!(output.status.code(), Some(1), "{}", printed(&output));
    let report = json_report(&output);
    let flips = flipped(&report);
    assert!(
        !flips.is_empty(),
        "2^-32 that no test of the coin flips: {report}"
    );
    let summary = &report["summary"];
    assert_eq!(summary["repeats"], REPEATS, "{summary}");
    assert_eq!(summary["flips"], flips.len(), "{summary}");
    assert_eq!(summary["flips_allowed"], false, "{summary}");

    // Well inside its limit: AC on every run, never flagged.
    let steady = row(&report, "steady");
    assert_eq!(steady["verdict"], "AC", "{steady}");
    for test in steady["tests"].as_array().unwrap() {
        assert_eq!(
            verdicts(test),
            [("AC".to_string(), REPEATS as u64)],
            "{test}"
        );
    }

    // The report's machine section carries the timing checks.
    let checks: Vec<&str> = report["machine"]["findings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["check"].as_str().unwrap())
        .collect();
    assert_eq!(
        checks,
        ["smt", "governor", "turbo", "aslr", "swap", "thp", "load"]
    );

    // The page shows the spread beside each limit, and each flip under its problem's limits.
    let page = std::fs::read_to_string(&html).unwrap();
    assert!(page.contains("/ 200 ms, spread ≤ "), "{page}");
    assert!(page.contains("/ 1000 ms, spread ≤ "), "{page}");
    assert!(
        page.contains("Over 5 repeats, against the 200 ms limit: "),
        "{page}"
    );
    for name in &flips {
        assert!(page.contains(&format!("↯ {name}: ")), "{name}: {page}");
    }
    assert!(page.contains("<th>machine: aslr</th>"), "{page}");
    // JUnit: a flipped test is a failure, even when its median run was accepted.
    let xml = std::fs::read_to_string(&junit).unwrap();
    let document = roxmltree::Document::parse(&xml).unwrap();
    let failed: Vec<&str> = document
        .descendants()
        .filter(|n| n.has_tag_name("testcase") && n.attribute("classname") == Some("coin"))
        .filter(|n| n.children().any(|c| c.has_tag_name("failure")))
        .map(|n| n.attribute("name").unwrap())
        .collect();
    let mut expected: Vec<String> = flips.clone();
    let coin = row(&report, "coin");
    for test in coin["tests"].as_array().unwrap() {
        let name = test["name"].as_str().unwrap().to_string();
        if test["verdict"] != "AC" && !expected.contains(&name) {
            expected.push(name);
        }
    }
    let mut failed: Vec<String> = failed.into_iter().map(String::from).collect();
    failed.sort();
    expected.sort();
    assert_eq!(failed, expected, "{xml}");
}

#[test]
fn people_are_told_which_verdict_flipped_and_allow_flips_accepts_it() {
    let repeat = REPEATS.to_string();
    let output = harness(
        &fixtures("flaky"),
        &["--repeat", &repeat, "--allow-flips", "--color", "never"],
    );
    let text = stdout(&output);
    assert!(
        text.contains("Verdicts that changed between repeats (allowed by --allow-flips)"),
        "{text}"
    );
    // `coin/t3  solution: AC 3 of 5 at 0 s, TLE 2 of 5 at 0.2–0.21 s, of a 0.2 s limit`
    let lines: Vec<&str> = text
        .lines()
        .filter(|l| l.starts_with("coin/t") && l.contains("  solution: "))
        .collect();
    assert!(!lines.is_empty(), "{text}");
    for line in &lines {
        assert!(line.contains(" of 5 at "), "{line}");
        assert!(line.contains("AC ") && line.contains("TLE "), "{line}");
        assert!(line.ends_with(", of a 0.2 s limit"), "{line}");
    }
    assert!(
        !text.contains("steady/t"),
        "a steady test is not listed: {text}"
    );
    assert!(text.contains("every test ran 5 times: "), "{text}");
    // Allowed, the flips fail nothing: the run fails only when the median run of a test is TLE.
    let json = harness(
        &fixtures("flaky"),
        &["--format", "json", "--repeat", &repeat, "--allow-flips"],
    );
    let report = json_report(&json);
    assert_eq!(report["summary"]["flips_allowed"], true);
    let coin = row(&report, "coin");
    let any_tle = coin["tests"]
        .as_array()
        .unwrap()
        .iter()
        .any(|t| t["verdict"] == "TLE");
    assert_eq!(json.status.code(), Some(i32::from(any_tle)), "{report}");
}

#[test]
fn one_run_reports_no_repeats_and_a_repeat_out_of_range_is_refused() {
    let output = harness(&fixtures("flaky"), &["steady", "--format", "json"]);
    assert_eq!(output.status.code(), Some(0), "{}", printed(&output));
    let report = json_report(&output);
    assert_eq!(report["summary"]["repeats"], 1);
    assert_eq!(report["problems"][0]["tests"][0]["repeats"], Value::Null);
    let output = harness(&fixtures("flaky"), &["--repeat", "0"]);
    assert_eq!(output.status.code(), Some(2), "{}", printed(&output));
    assert!(printed(&output).contains("--repeat must be from 1 to 100"));
}
