//! What grading found: a result per test, per problem and per known-wrong submission, and the report of a
//! run. Reporters read these; nothing here decides a verdict.

use serde::Serialize;

use super::problem::Problem;
use super::run::Exit;
use super::verdict::Verdict;

/// The result of one test.
#[derive(Debug, Clone, Serialize)]
pub struct TestResult {
    pub name: String,
    pub verdict: Verdict,
    pub cpu_ms: f64,
    pub wall_ms: f64,
    pub peak_kb: u64,
    /// How the program ended: `{"code": 0}` or `{"signal": 11}`; absent for CE.
    pub exit: Option<Exit>,
    /// Why, in words, for TLE / MLE / OLE / RE ("SIGSEGV (stack overflow)", "wall-clock backstop").
    pub detail: Option<String>,
    pub first_difference: Option<String>,
    pub diff: Option<String>,
    /// The last bytes of stderr, for failed runs.
    pub stderr_tail: Option<String>,
    /// What the checker program said about a test it did not accept (its first 2 KiB).
    pub checker_message: Option<String>,
    /// The first lines of the input of a test a checker program did not accept.
    pub input_head: Option<String>,
    /// Accepted, but with CPU time above half the (scaled) limit: a slower judge may say TLE.
    pub near_limit: bool,
}

impl TestResult {
    /// The result of a test that never ran because its program did not compile.
    pub fn compile_error(name: &str) -> TestResult {
        TestResult {
            name: name.to_string(),
            verdict: Verdict::CE,
            cpu_ms: 0.0,
            wall_ms: 0.0,
            peak_kb: 0,
            exit: None,
            detail: None,
            first_difference: None,
            diff: None,
            stderr_tail: None,
            checker_message: None,
            input_head: None,
            near_limit: false,
        }
    }
}

/// The results of one problem.
#[derive(Debug, Clone, Serialize)]
pub struct ProblemResult {
    pub id: String,
    pub title: String,
    pub time_limit_ms: u64,
    pub memory_limit_mb: u64,
    /// The CPU limit the tests were judged against: the time limit after `--time-scale`.
    pub cpu_limit_ms: u64,
    pub checker: String,
    /// The problem whose solution and data were used, when `same_as`.
    pub same_as: Option<String>,
    /// A setup problem that kept this problem from being graded.
    pub error: Option<String>,
    pub compile_error: Option<String>,
    pub tests: Vec<TestResult>,
}

impl ProblemResult {
    /// An empty row for a problem, judged with this CPU limit.
    pub fn new(problem: &Problem, cpu_limit_ms: u64) -> ProblemResult {
        ProblemResult {
            id: problem.id.clone(),
            title: problem.title.clone(),
            time_limit_ms: problem.time_limit_ms,
            memory_limit_mb: problem.memory_limit_mb,
            cpu_limit_ms,
            checker: problem.checker.to_string(),
            same_as: (problem.data_id != problem.id).then(|| problem.data_id.clone()),
            error: None,
            compile_error: None,
            tests: Vec::new(),
        }
    }

    /// The row of a problem that could not be graded.
    pub fn error(id: &str, problem: Option<&Problem>, cpu_limit_ms: u64, error: &str) -> Self {
        let mut row = match problem {
            Some(problem) => ProblemResult::new(problem, cpu_limit_ms),
            None => ProblemResult {
                id: id.to_string(),
                title: String::new(),
                time_limit_ms: 0,
                memory_limit_mb: 0,
                cpu_limit_ms: 0,
                checker: String::new(),
                same_as: None,
                error: None,
                compile_error: None,
                tests: Vec::new(),
            },
        };
        row.error = Some(error.to_string());
        row
    }

    pub fn passed(&self) -> usize {
        self.tests
            .iter()
            .filter(|t| t.verdict == Verdict::AC)
            .count()
    }
    pub fn accepted(&self) -> bool {
        self.error.is_none() && self.passed() == self.tests.len()
    }
    /// The most severe verdict among the tests (AC when all passed).
    pub fn verdict(&self) -> Option<Verdict> {
        self.tests.iter().map(|t| t.verdict).min()
    }
    /// The test with the most CPU time.
    pub fn slowest(&self) -> Option<&TestResult> {
        self.tests
            .iter()
            .reduce(|a, b| if b.cpu_ms > a.cpu_ms { b } else { a })
    }
}

/// A known-wrong submission graded on its problem's tests: it must not be accepted, and some test must get
/// the verdict it declares.
#[derive(Debug, Clone, Serialize)]
pub struct WrongResult {
    pub problem: String,
    /// The file, relative to the workspace root.
    pub file: String,
    /// The declared verdict (`//! expect: WA`); `None` when the declaration is not valid.
    pub expect: Option<Verdict>,
    /// What is wrong with it, in words (`//! why:`).
    pub why: Option<String>,
    pub status: WrongStatus,
    /// Why the declaration is not valid (status `bad_header`).
    pub header_error: Option<String>,
    pub compile_error: Option<String>,
    /// Every test it ran, without diffs and stderr.
    pub tests: Vec<TestResult>,
}

impl WrongResult {
    /// The file name, e.g. `mod-m.rs`.
    pub fn name(&self) -> &str {
        self.file.rsplit('/').next().unwrap_or(&self.file)
    }
    /// How many tests got each verdict, most severe first.
    pub fn verdict_counts(&self) -> Vec<(Verdict, usize)> {
        let mut counts = std::collections::BTreeMap::new();
        for test in &self.tests {
            *counts.entry(test.verdict).or_insert(0) += 1;
        }
        counts.into_iter().collect()
    }
    /// What its tests prove, given the verdict it declares.
    pub fn status_of(expect: Verdict, tests: &[TestResult]) -> WrongStatus {
        if tests.iter().all(|t| t.verdict == Verdict::AC) {
            WrongStatus::Accepted
        } else if tests.iter().any(|t| t.verdict == expect) {
            WrongStatus::Rejected
        } else {
            WrongStatus::OtherVerdict
        }
    }
}

/// What grading a wrong submission proved.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum WrongStatus {
    /// Not accepted, and some test got the declared verdict: the data catches it as intended.
    Rejected,
    /// Not accepted, but no test got the declared verdict.
    OtherVerdict,
    /// Accepted on every test: the data does not catch it.
    Accepted,
    /// No valid `//! expect: VERDICT` header, so it was not graded.
    BadHeader,
}

#[derive(Debug, Clone, Serialize)]
pub struct Summary {
    pub problems: usize,
    pub problems_accepted: usize,
    pub problem_errors: usize,
    pub tests: usize,
    pub passed: usize,
    pub failed: usize,
    /// Tests whose checker failed (JE), counted in `failed` too.
    pub judge_errors: usize,
    pub wall_ms: f64,
    /// Every time limit was multiplied by this (`--time-scale`).
    pub time_scale: f64,
    /// Known-wrong submissions graded, and how many of them were rejected as declared.
    pub wrong_submissions: usize,
    pub wrong_rejected: usize,
}

/// Everything a grading run found.
#[derive(Debug, Clone, Serialize)]
pub struct Report {
    pub problems: Vec<ProblemResult>,
    /// The known-wrong submissions, in problem order; `None` when they were not graded (`--test`).
    pub wrong_submissions: Option<Vec<WrongResult>>,
    pub summary: Summary,
}

impl Report {
    pub fn new(
        problems: Vec<ProblemResult>,
        wrong: Option<Vec<WrongResult>>,
        time_scale: f64,
        wall_ms: f64,
    ) -> Report {
        let tests: usize = problems.iter().map(|p| p.tests.len()).sum();
        let passed: usize = problems.iter().map(ProblemResult::passed).sum();
        let all_wrong = wrong.as_deref().unwrap_or_default();
        let summary = Summary {
            problems: problems.len(),
            problems_accepted: problems.iter().filter(|p| p.accepted()).count(),
            problem_errors: problems.iter().filter(|p| p.error.is_some()).count(),
            tests,
            passed,
            failed: tests - passed,
            judge_errors: problems
                .iter()
                .flat_map(|p| &p.tests)
                .filter(|t| t.verdict == Verdict::JE)
                .count(),
            wall_ms,
            time_scale,
            wrong_submissions: all_wrong.len(),
            wrong_rejected: all_wrong
                .iter()
                .filter(|w| w.status == WrongStatus::Rejected)
                .count(),
        };
        Report {
            problems,
            wrong_submissions: wrong,
            summary,
        }
    }

    /// Everything accepted, no problem in error, and every wrong submission rejected as declared.
    pub fn all_accepted(&self) -> bool {
        self.summary.failed == 0
            && self.summary.problem_errors == 0
            && self.summary.wrong_rejected == self.summary.wrong_submissions
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn test(verdict: Verdict) -> TestResult {
        TestResult {
            verdict,
            ..TestResult::compile_error("t")
        }
    }

    fn wrong(status: WrongStatus) -> WrongResult {
        WrongResult {
            problem: "p".into(),
            file: "problems/p/wrong/w.rs".into(),
            expect: Some(Verdict::WA),
            why: None,
            status,
            header_error: None,
            compile_error: None,
            tests: Vec::new(),
        }
    }

    fn row(verdicts: &[Verdict]) -> ProblemResult {
        ProblemResult {
            tests: verdicts.iter().map(|v| test(*v)).collect(),
            ..ProblemResult::error("p", None, 0, "")
        }
        .without_error()
    }

    impl ProblemResult {
        fn without_error(mut self) -> Self {
            self.error = None;
            self
        }
    }

    #[test]
    fn a_run_is_accepted_only_when_everything_is() {
        let clean = Report::new(vec![row(&[Verdict::AC])], Some(vec![]), 1.0, 1.0);
        assert!(clean.all_accepted());
        let failed = Report::new(vec![row(&[Verdict::AC, Verdict::PE])], None, 1.0, 1.0);
        assert!(!failed.all_accepted());
        assert_eq!((failed.summary.passed, failed.summary.failed), (1, 1));
        let errored = Report::new(
            vec![ProblemResult::error("p", None, 0, "broken")],
            None,
            1.0,
            1.0,
        );
        assert!(!errored.all_accepted());
        let wrong = Report::new(
            vec![row(&[Verdict::AC])],
            Some(vec![
                wrong(WrongStatus::Rejected),
                wrong(WrongStatus::Accepted),
            ]),
            1.0,
            1.0,
        );
        assert_eq!(
            (
                wrong.summary.wrong_submissions,
                wrong.summary.wrong_rejected
            ),
            (2, 1)
        );
        assert!(!wrong.all_accepted());
    }

    #[test]
    fn wrong_submission_status() {
        let tests = |vs: &[Verdict]| vs.iter().map(|v| test(*v)).collect::<Vec<_>>();
        let status = |vs: &[Verdict]| WrongResult::status_of(Verdict::WA, &tests(vs));
        assert_eq!(status(&[Verdict::AC, Verdict::AC]), WrongStatus::Accepted);
        assert_eq!(status(&[Verdict::AC, Verdict::WA]), WrongStatus::Rejected);
        assert_eq!(status(&[Verdict::TLE]), WrongStatus::OtherVerdict);
    }
}
