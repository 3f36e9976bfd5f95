//! The JUnit XML report for CI: one testsuite per problem with one testcase per test, and one testsuite
//! `<id>/submissions` per problem with submissions (one testcase each). A test that is not accepted is a `failure` whose
//! message names the verdict and the first difference; a compile error or a setup problem is an `error`.

use std::io::Write;
use std::time::Duration;

use anyhow::{Context, Result};
use quick_junit::{NonSuccessKind, Property, TestCase, TestCaseStatus, TestSuite};

use crate::model::{ProblemResult, Report, SubmissionResult, TestResult, Verdict};

pub fn render_junit(report: &Report, out: &mut dyn Write) -> Result<()> {
    let mut junit = quick_junit::Report::new("harness");
    junit.set_time(millis(report.summary.wall_ms));
    for problem in &report.problems {
        junit.add_test_suite(problem_suite(problem));
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
        junit.add_test_suite(given_suite(given));
    }
    junit
        .serialize(&mut *out)
        .context("cannot write the JUnit report")?;
    Ok(())
}

fn millis(ms: f64) -> Duration {
    Duration::from_secs_f64(ms.max(0.0) / 1000.0)
}

fn problem_suite(problem: &ProblemResult) -> TestSuite {
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
        suite.add_test_case(test_case(problem, test));
    }
    suite.set_time(millis(problem.tests.iter().map(|t| t.wall_ms).sum()));
    suite
}

/// The suite `<id>/<file>` of a program given with --submission: one case per test it ran, a skip or a
/// compile error as one case.
fn given_suite(s: &SubmissionResult) -> TestSuite {
    let mut suite = TestSuite::new(format!("{}/{}", s.problem, s.file));
    if let Some(language) = &s.language {
        suite.add_property(Property::new("language", language.as_str()));
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
        suite.add_test_case(case_of(&s.problem, s.compile_error.as_deref(), test));
    }
    suite.set_time(millis(s.tests.iter().map(|t| t.wall_ms).sum()));
    suite
}

fn test_case(problem: &ProblemResult, test: &TestResult) -> TestCase {
    case_of(&problem.id, problem.compile_error.as_deref(), test)
}

/// A test's case: classname the problem, a failure for a verdict but AC, an error for CE.
fn case_of(problem: &str, compile_error: Option<&str>, test: &TestResult) -> TestCase {
    let status = match test.verdict {
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
            let what = test.first_difference.as_deref().or(test.detail.as_deref());
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
            let description: Vec<&str> = [
                test.diff.as_deref(),
                checker.as_deref(),
                transcript.as_deref(),
                input.as_deref(),
                test.stderr_tail.as_deref(),
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
        status
            .set_type("submission")
            .set_message(format!("in {}/, got {verdict}{at}", s.expected.folder()));
        let about: Vec<String> = [s.why.clone(), s.compile_error.clone()]
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
    case
}
