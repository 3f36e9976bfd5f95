//! The JUnit XML report for CI: one testsuite per problem with one testcase per test, and one testsuite
//! `<id>/submissions` per problem with submissions (one testcase each). A test that is not accepted is a `failure` whose
//! message names the verdict and the first difference; a compile error or a setup problem is an `error`.
//! In a scoring problem the solution's suite and each submission's case carry the score as properties:
//! in total (`score`, `expected_score`) and per group (`score:<group>`: verdict, points, tests passed and
//! the group's first failing test).

use std::io::Write;
use std::time::Duration;

use anyhow::{Context, Result};
use quick_junit::{NonSuccessKind, Property, TestCase, TestCaseStatus, TestSuite};

use crate::model::{ProblemResult, Report, SubmissionResult, SubmissionScore, TestResult, Verdict};

pub fn render_junit(report: &Report, out: &mut dyn Write) -> Result<()> {
    let report = &super::shown::report(report);
    let mut junit = quick_junit::Report::new("harness");
    junit.set_time(millis(report.summary.wall_ms));
    let flips_allowed = report.summary.flips_allowed;
    for problem in &report.problems {
        junit.add_test_suite(problem_suite(problem, flips_allowed));
    }
    let submissions = report.submissions.as_deref().unwrap_or_default();
    for problem in &report.problems {
        let mine: Vec<&SubmissionResult> = submissions
            .iter()
            .filter(|s| s.problem == problem.id && !s.given)
            .collect();
        if !mine.is_empty() {
            let mut suite = TestSuite::new(format!("{}/submissions", problem.id));
            suite.add_test_cases(mine.into_iter().map(submission_case));
            junit.add_test_suite(suite);
        }
    }
    // A program given with --submission is judged like a solution: a suite of its own, a case per test.
    for given in submissions.iter().filter(|s| s.given) {
        junit.add_test_suite(given_suite(given, flips_allowed));
    }
    if let Some(suite) = super::parity::junit(report) {
        junit.add_test_suite(suite);
    }
    junit
        .serialize(&mut *out)
        .context("cannot write the JUnit report")?;
    Ok(())
}

fn millis(ms: f64) -> Duration {
    // A time read from a file (a merged shard) never panics here, whatever it says.
    Duration::try_from_secs_f64(ms.max(0.0) / 1000.0).unwrap_or(Duration::MAX)
}

fn problem_suite(problem: &ProblemResult, flips_allowed: bool) -> TestSuite {
    let mut suite = TestSuite::new(problem.id.as_str());
    suite.add_properties([
        Property::new("title", problem.title.as_str()),
        Property::new("time_limit_ms", problem.time_limit_ms.to_string()),
        Property::new("memory_limit_mib", problem.memory_limit_mib.to_string()),
        Property::new("checker", problem.checker.as_str()),
    ]);
    // The same per-problem figures as the JSON report, when tests ran.
    if let Some(verdict) = problem.verdict {
        suite.add_property(Property::new("verdict", verdict.name()));
    }
    if let (Some(cpu), Some(peak)) = (problem.max_cpu_ms, problem.max_peak_kib) {
        suite.add_property(Property::new("max_cpu_ms", format!("{cpu:.1}")));
        suite.add_property(Property::new("max_peak_kib", peak.to_string()));
    }
    if let Some(original) = &problem.same_as {
        suite.add_property(Property::new("same_as", original.as_str()));
    }
    if let Some(score) = &problem.score {
        suite.add_properties(score_properties(score));
    }
    if let Some(error) = &problem.error {
        let mut status = TestCaseStatus::non_success(NonSuccessKind::Error);
        status
            .set_type("setup")
            .set_message("the problem could not be graded")
            .set_description(error.as_str());
        let mut case = TestCase::new("setup", status);
        case.set_classname(problem.id.as_str());
        suite.add_test_case(case);
    }
    for test in &problem.tests {
        suite.add_test_case(test_case(problem, test, flips_allowed));
    }
    suite.set_time(millis(problem.tests.iter().map(|t| t.wall_ms).sum()));
    suite
}

/// The suite `<id>/<file>` of a program given with --submission: one case per test it ran, a skip or a
/// compile error as one case.
fn given_suite(s: &SubmissionResult, flips_allowed: bool) -> TestSuite {
    let mut suite = TestSuite::new(format!("{}/{}", s.problem, s.file));
    if let Some(language) = &s.language {
        suite.add_property(Property::new("language", language.as_str()));
    }
    if let Some(score) = &s.score {
        suite.add_properties(score_properties(score));
    }
    if let Some(reason) = &s.skipped {
        let mut status = TestCaseStatus::skipped();
        status.set_message(reason.as_str());
        let mut case = TestCase::new("skipped", status);
        case.set_classname(s.problem.as_str());
        suite.add_test_case(case);
    }
    if let (Some(message), true) = (&s.compile_error, s.tests.is_empty()) {
        let mut status = TestCaseStatus::non_success(NonSuccessKind::Error);
        status
            .set_type("CE")
            .set_message("CE: the program does not compile")
            .set_description(message.as_str());
        let mut case = TestCase::new("compile", status);
        case.set_classname(s.problem.as_str());
        suite.add_test_case(case);
    }
    for test in &s.tests {
        suite.add_test_case(case_of(
            &s.problem,
            s.compile_error.as_deref(),
            test,
            flips_allowed,
        ));
    }
    suite.set_time(millis(s.tests.iter().map(|t| t.wall_ms).sum()));
    suite
}

fn test_case(problem: &ProblemResult, test: &TestResult, flips_allowed: bool) -> TestCase {
    case_of(
        &problem.id,
        problem.compile_error.as_deref(),
        test,
        flips_allowed,
    )
}

/// A test's case: classname the problem, a failure for a verdict but AC, an error for CE.
fn case_of(
    problem: &str,
    compile_error: Option<&str>,
    test: &TestResult,
    flips_allowed: bool,
) -> TestCase {
    let flipped = test.repeats.as_ref().filter(|r| r.flipped());
    let status = match test.verdict {
        // A verdict that changed between repeats (`--repeat`) is a failure too.
        Verdict::AC if flipped.is_some() && !flips_allowed => {
            let mut status = TestCaseStatus::non_success(NonSuccessKind::Failure);
            let what = flipped.map(|r| r.describe(None)).unwrap_or_default();
            status
                .set_type("flip")
                .set_message(format!("the verdict changed between repeats: {what}"));
            status
        }
        Verdict::AC => TestCaseStatus::success(),
        Verdict::CE => {
            let mut status = TestCaseStatus::non_success(NonSuccessKind::Error);
            status
                .set_type("CE")
                .set_message("CE: the solution does not compile");
            if let Some(message) = compile_error {
                status.set_description(message);
            }
            status
        }
        verdict => {
            let mut status = TestCaseStatus::non_success(NonSuccessKind::Failure);
            let what = test.cause();
            let message = match what {
                Some(what) => format!("{}: {what}", verdict.name()),
                None => verdict.name().to_string(),
            };
            status.set_type(verdict.name()).set_message(message);
            let checker = test
                .checker_message
                .as_ref()
                .map(|m| format!("checker says:\n{m}"));
            let input = test
                .input_head
                .as_ref()
                .map(|i| format!("input (first lines):\n{i}"));
            let transcript = test.transcript.as_ref().map(|t| {
                format!(
                    "transcript (last exchanges):\n{}",
                    super::human::last_exchanges(t)
                )
            });
            let stderr = test.stderr_tail.as_deref().map(stderr_text);
            let description: Vec<&str> = [
                test.diff.as_deref(),
                checker.as_deref(),
                transcript.as_deref(),
                input.as_deref(),
                stderr.as_deref(),
            ]
            .into_iter()
            .flatten()
            .collect();
            if !description.is_empty() {
                status.set_description(description.join("\n"));
            }
            status
        }
    };
    let mut case = TestCase::new(test.name.as_str(), status);
    case.set_classname(problem).set_time(millis(test.wall_ms));
    case
}

fn submission_case(s: &SubmissionResult) -> TestCase {
    let verdict = s.verdict.map_or("?", Verdict::name);
    let status = if let Some(reason) = &s.skipped {
        let mut status = TestCaseStatus::skipped();
        status.set_message(reason.as_str());
        status
    } else if s.matched {
        TestCaseStatus::success()
    } else {
        let mut status = TestCaseStatus::non_success(NonSuccessKind::Failure);
        let at = s
            .stopped_at
            .as_ref()
            .map(|t| format!(" at {t}"))
            .unwrap_or_default();
        let scored = match &s.score {
            Some(score) => {
                let mut text = format!(", score {}", score_text(score.score, score.max));
                if let Some(why) = &score.mismatch {
                    text.push_str(&format!(" ({why})"));
                }
                text
            }
            None => String::new(),
        };
        status.set_type("submission").set_message(format!(
            "in {}/, got {verdict}{at}{scored}",
            s.expected.folder()
        ));
        // The failed test's cause: what differs or why it failed (a judge error's reason), and a
        // crash's stderr.
        let failed = s.tests.iter().find(|t| t.verdict != Verdict::AC);
        let cause = failed.and_then(|t| {
            let what = t.cause()?;
            Some(format!("{}: {} {what}", t.name, t.verdict.name()))
        });
        let stderr = failed.and_then(|t| t.stderr_tail.as_deref().map(stderr_text));
        let about: Vec<String> = [s.why.clone(), cause, stderr, s.compile_error.clone()]
            .into_iter()
            .flatten()
            .collect();
        if !about.is_empty() {
            status.set_description(about.join("\n"));
        }
        status
    };
    let mut case = TestCase::new(format!("{}/{}", s.expected.folder(), s.name()), status);
    case.set_classname(format!("{}/submissions", s.problem))
        .set_time(millis(s.tests.iter().map(|t| t.wall_ms).sum()));
    if let Some(language) = &s.language {
        case.add_property(Property::new("language", language.as_str()));
    }
    if let Some(score) = &s.score {
        for property in score_properties(score) {
            case.add_property(property);
        }
    }
    case
}

/// A score as properties: `score` (`30/100`), `score_verdict`, `expected_score` when one is required,
/// and one `score:<group>` per group (`WA 0/70, 4/9 tests, first failure max-02`).
fn score_properties(score: &SubmissionScore) -> Vec<Property> {
    let mut properties = vec![
        Property::new("score", score_text(score.score, score.max)),
        Property::new("score_verdict", score.verdict.name()),
    ];
    if let Some(expected) = score.expected {
        properties.push(Property::new("expected_score", expected.to_string()));
    }
    if let Some(error) = &score.error {
        properties.push(Property::new("score_error", error.as_str()));
    }
    for group in score.all_groups() {
        let mut text = format!(
            "{} {}, {}/{} tests",
            group.verdict.name(),
            score_text(group.score, group.max),
            group.passed,
            group.tests
        );
        if let Some(first) = &group.first_failure {
            text.push_str(&format!(", first failure {first}"));
        }
        if let Some(error) = &group.error {
            text.push_str(&format!(", {error}"));
        }
        properties.push(Property::new(format!("score:{}", group.group), text));
    }
    properties
}

/// A program's stderr, headed, with its control characters made visible: XML cannot hold most of them,
/// even escaped.
fn stderr_text(tail: &str) -> String {
    let lines: Vec<String> = tail
        .lines()
        .map(|l| crate::check::visible(l.as_bytes()))
        .collect();
    format!("stderr (last lines):\n{}", lines.join("\n"))
}

fn score_text(score: f64, max: Option<f64>) -> String {
    super::submissions::score_of(score, max)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn render(report: &Report) -> String {
        let mut out = Vec::new();
        render_junit(report, &mut out).unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn scores_are_properties_of_the_solution_and_each_submission() {
        let xml = render(&crate::report::html::tests::scored());
        for part in [
            "<property name=\"score\" value=\"100/100\"/>",
            "<property name=\"score:small\" value=\"AC 30/30, 2/2 tests\"/>",
            "<property name=\"score:large\" value=\"AC 70/70, 2/2 tests\"/>",
            "<property name=\"score\" value=\"30/100\"/>",
            "<property name=\"expected_score\" value=\"30\"/>",
            "<property name=\"score:large\" value=\"TLE 0/70, 0/1 tests, first failure max-01\"/>",
            "message=\"in partially_accepted/, got TLE at max-01, score 30/100 (score 30, expected 70)\"",
        ] {
            assert!(xml.contains(part), "missing {part}\n{xml}");
        }
        let plain = render(&crate::report::html::tests::hand_made());
        assert!(!plain.contains("score"), "no score without groups");
    }
}
