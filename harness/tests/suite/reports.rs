//! Snapshots of the reports of real runs: the human report (plain, verbose, scaled), JSON and JUnit of the
//! fixture workspaces `workflow` (known-wrong submissions of every status, a `same_as` problem, a test
//! close to the limit) and `verdicts` (every verdict that does not depend on timing). Times, memory and
//! process ids are redacted; everything else is pinned.

use super::common::{fixtures, harness, json_report, stdout};

/// The verdict fixtures whose reports do not depend on timing (the TLE ones do: CPU limit or backstop).
const STEADY: &[&str] = &[
    "ac", "crlf", "pe", "wa", "re-abort", "re-exit", "re-panic", "ole", "ce",
];

fn run(fixture: &str, args: &[&str]) -> (Option<i32>, String) {
    let output = harness(&fixtures(fixture), args);
    (output.status.code(), stdout(&output))
}

/// Timings, memory, thread ids and the slowest test (a tie among fast tests) vary from run to run.
fn redacted() -> insta::Settings {
    let mut settings = insta::Settings::clone_current();
    for (pattern, replacement) in [
        (r"cpu +\d+ / ", "cpu [t] / "),
        (r"cpu \d+ ms of", "cpu [t] ms of"),
        (r"  cpu \d+ ms", "  cpu [t] ms"),
        (r"mem +\d+\.\d MiB", "mem [m] MiB"),
        (r"\d+\.\d ms", "[t] ms"),
        (r"\d+\.\d MiB", "[m] MiB"),
        (
            r"\(cpu \d+ ms, wall \d+ ms, mem",
            "(cpu [t] ms, wall [t] ms, mem",
        ),
        (r"tests in \d+\.\d+ s", "tests in [t] s"),
        (r"slowest [\w-]+", "slowest [test]"),
        (r"thread 'main' \(\d+\)", "thread 'main'"),
        (r#"time="[\d.]+""#, r#"time="[t]""#),
        (r#"timestamp="[^"]+""#, r#"timestamp="[ts]""#),
        (
            r#"name="max_cpu_ms" value="[\d.]+""#,
            r#"name="max_cpu_ms" value="[t]""#,
        ),
        (
            r#"name="max_peak_kib" value="\d+""#,
            r#"name="max_peak_kib" value="[m]""#,
        ),
    ] {
        settings.add_filter(pattern, replacement);
    }
    settings
}

#[test]
fn human_report_of_the_workflow_fixture() {
    let (code, text) = run("workflow", &[]);
    assert_eq!(code, Some(1), "three wrong submissions are not as declared");
    redacted().bind(|| insta::assert_snapshot!("human_workflow", text));
}

#[test]
fn human_report_verbose_without_diffs() {
    let (_, text) = run("workflow", &["-v", "--no-diff"]);
    redacted().bind(|| insta::assert_snapshot!("human_workflow_verbose", text));
}

#[test]
fn human_report_of_every_steady_verdict() {
    let mut args = STEADY.to_vec();
    args.extend(["--output-limit-mib", "1"]);
    let (code, text) = run("verdicts", &args);
    assert_eq!(code, Some(1));
    redacted().bind(|| insta::assert_snapshot!("human_verdicts", text));
}

#[test]
fn human_report_scaled_and_all_accepted() {
    let (code, text) = run("workflow", &["sum", "--time-scale", "2.5", "--test", "*"]);
    assert_eq!(code, Some(0));
    assert!(text.contains("time limits × 2.5"), "{text}");
    redacted().bind(|| insta::assert_snapshot!("human_scaled", text));
}

#[test]
fn colour_codes_are_only_added_when_asked() {
    let mut args = STEADY.to_vec();
    args.extend(["--output-limit-mib", "1"]);
    let plain = stdout(&harness(&fixtures("verdicts"), &args));
    args.extend(["--color", "always"]);
    let coloured = stdout(&harness(&fixtures("verdicts"), &args));
    assert!(!plain.contains('\x1b'));
    assert!(coloured.contains("\x1b[1;31mWA\x1b[0m"), "{coloured}");
    let stripped = coloured
        .split('\x1b')
        .enumerate()
        .map(|(i, part)| match i {
            0 => part,
            _ => part.split_once('m').map_or(part, |(_, rest)| rest),
        })
        .collect::<String>();
    let lines = |text: &str| -> Vec<String> {
        // Timings differ between the two runs; the shape of every line must not.
        let digits = regex_free_digits(text);
        digits
            .lines()
            .filter(|line| !line.contains("slowest"))
            .map(str::to_string)
            .collect()
    };
    assert_eq!(
        lines(&stripped),
        lines(&plain),
        "colour changes nothing else"
    );
}

/// The text with every run of digits replaced by `#`.
fn regex_free_digits(text: &str) -> String {
    let mut out = String::new();
    let mut in_number = false;
    for c in text.chars() {
        if c.is_ascii_digit() {
            if !in_number {
                out.push('#');
            }
            in_number = true;
        } else {
            in_number = false;
            out.push(c);
        }
    }
    out
}

#[test]
fn json_report_of_every_steady_verdict() {
    let mut args = STEADY.to_vec();
    args.extend(["--output-limit-mib", "1", "--format", "json"]);
    let report = json_report(&harness(&fixtures("verdicts"), &args));
    // Redacted below, so checked here: RFC 3339 in UTC, and the compiler's own words.
    let started = report["started"].as_str().unwrap_or_default();
    let shape: String = started
        .chars()
        .map(|c| if c.is_ascii_digit() { '9' } else { c })
        .collect();
    assert_eq!(shape, "9999-99-99T99:99:99Z", "{started}");
    let rustc = report["toolchains"]["rust"].as_str().unwrap_or_default();
    assert!(rustc.starts_with("rustc 1."), "{rustc}");
    redacted().bind(|| {
        insta::assert_json_snapshot!("json_verdicts", report, {
            ".problems[].tests[].cpu_ms" => "[t]",
            ".problems[].tests[].wall_ms" => "[t]",
            ".problems[].tests[].peak_kib" => "[m]",
            // A problem whose tests never ran keeps its null.
            ".problems[].max_cpu_ms" => unless_null("[t]"),
            ".problems[].max_peak_kib" => unless_null("[m]"),
            ".summary.wall_ms" => "[t]",
            ".started" => "[start]",
            ".toolchains.rust" => "[version]",
            ".isolation" => "[layers of this machine]",
            ".machine" => "[timing checks of this machine]",
        })
    });
}

/// A redaction of a figure that leaves a null as it is.
fn unless_null(shown: &'static str) -> insta::internals::Redaction {
    insta::dynamic_redaction(move |value, _| match value {
        insta::internals::Content::None | insta::internals::Content::Unit => value,
        _ => shown.into(),
    })
}

#[test]
fn junit_report_of_the_workflow_fixture() {
    let dir = super::common::scratch("reports-junit");
    let file = dir.join("junit.xml");
    let output = harness(&fixtures("workflow"), &["--junit", file.to_str().unwrap()]);
    assert_eq!(output.status.code(), Some(1));
    let xml = std::fs::read_to_string(&file).unwrap();
    roxmltree::Document::parse(&xml).unwrap();
    redacted().bind(|| insta::assert_snapshot!("junit_workflow", xml));
}

#[test]
fn max_failures_limits_the_details_and_verbose_shows_all() {
    let root = super::common::copy_of("verdicts", "reports-max-failures");
    // `wa` multiplies where it should add: eight wrong answers in all.
    for name in ["c", "d", "e", "f", "g", "h"] {
        let data = root.join("testdata/wa");
        std::fs::write(data.join(format!("{name}.in")), "2 3\n").unwrap();
        std::fs::write(data.join(format!("{name}.out")), "5\n").unwrap();
    }
    let details = |args: &[&str]| -> (usize, Option<String>) {
        let mut all = vec!["wa", "--no-diff"];
        all.extend(args);
        let output = harness(&root, &all);
        assert_eq!(output.status.code(), Some(1));
        let text = stdout(&output);
        let shown = text.lines().filter(|l| l.starts_with("wa/")).count();
        let more = text
            .lines()
            .find(|l| l.contains("more failed tests"))
            .map(str::trim)
            .map(str::to_string);
        (shown, more)
    };
    let more = |n: usize| {
        Some(format!(
            "… and {n} more failed tests of wa (--max-failures 0 or -v shows all)"
        ))
    };
    assert_eq!(details(&[]), (5, more(3)), "five by default");
    assert_eq!(details(&["--max-failures", "2"]), (2, more(6)));
    assert_eq!(details(&["--max-failures", "0"]), (8, None), "0 is all");
    assert_eq!(details(&["-v"]), (8, None), "-v shows all");
    assert_eq!(details(&["-v", "--max-failures", "1"]), (8, None));
}

/// The runs a grading plans are the runs it makes: a solution that does not compile plans none, so that a
/// progress bar counting them fills (the stage line on stderr says the same count).
#[test]
fn a_solution_that_does_not_compile_plans_no_runs() {
    let output = super::common::harness(&super::common::fixtures("verdicts"), &["ce", "ac"]);
    let stderr = super::common::stderr(&output);
    let ac_tests = std::fs::read_dir(super::common::fixtures("verdicts/testdata/ac"))
        .unwrap()
        .filter(|e| {
            e.as_ref()
                .unwrap()
                .path()
                .extension()
                .is_some_and(|x| x == "in")
        })
        .count();
    assert!(
        stderr.contains(&format!("harness: grading: {ac_tests} test runs planned")),
        "{stderr}"
    );
}
