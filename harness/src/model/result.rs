//! What grading found: a result per test, per problem and per known-wrong submission, and the report of a
//! run. Reporters read these; nothing here decides a verdict.

use std::collections::BTreeMap;
use std::time::SystemTime;

use serde::{Deserialize, Serialize};

use super::expected::Expected;
use super::problem::Problem;
use super::run::{Chunk, Exit};
use super::verdict::Verdict;

/// The result of one test.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct TestResult {
    pub name: String,
    pub verdict: Verdict,
    pub cpu_ms: f64,
    pub wall_ms: f64,
    /// Peak resident memory, in KiB.
    pub peak_kib: u64,
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
    /// The first lines of the input of a test that was not accepted.
    pub input_head: Option<String>,
    /// The input file of a test that was not accepted, relative to the workspace when it is in one.
    pub input_path: Option<String>,
    /// An interactive test that was not accepted: the first and last exchanges, with times.
    pub transcript: Option<Vec<Chunk>>,
    /// Accepted, but with CPU time above half the (scaled) limit: a slower judge may say TLE.
    pub near_limit: bool,
    /// The score the output validator wrote in its feedback folder (`score.txt`), when it wrote one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub validator_score: Option<f64>,
    /// A multi-pass test: each pass, in order (the result's verdict is its last pass's, its figures
    /// the most of any pass).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub passes: Option<Vec<Pass>>,
    /// The fraction of the test's maximum score the output validator wrote (`score_multiplier.txt`),
    /// when it wrote one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub score_multiplier: Option<f64>,
    /// With `--repeat N`: every run's CPU time and verdict (this result is the median run, `cpu_ms` the
    /// median CPU time).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub repeats: Option<super::repeats::Repeats>,
}

impl TestResult {
    /// Why it was not accepted, in a line: where the output first differs, or why the run failed; for a
    /// judge error its reason first (the checker's or interactor's failure, before the first line of
    /// what it said).
    pub fn cause(&self) -> Option<&str> {
        let (first, then) = match self.verdict {
            Verdict::JE => (&self.detail, &self.first_difference),
            _ => (&self.first_difference, &self.detail),
        };
        first.as_deref().or(then.as_deref())
    }

    /// The result of a test that never ran because its program did not compile (and the base of every
    /// other result: nothing measured, nothing said).
    pub fn compile_error(name: &str) -> TestResult {
        TestResult {
            name: name.to_string(),
            verdict: Verdict::CE,
            cpu_ms: 0.0,
            wall_ms: 0.0,
            peak_kib: 0,
            exit: None,
            detail: None,
            first_difference: None,
            diff: None,
            stderr_tail: None,
            checker_message: None,
            input_head: None,
            input_path: None,
            transcript: None,
            near_limit: false,
            validator_score: None,
            passes: None,
            score_multiplier: None,
            repeats: None,
        }
    }
}

/// One pass of a multi-pass test: what went in, what came out, what the validator said.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Pass {
    pub verdict: Verdict,
    pub cpu_ms: f64,
    pub wall_ms: f64,
    pub peak_kib: u64,
    /// The first lines of its input: the test's, then what the validator wrote (`nextpass.in`).
    pub input_head: Option<String>,
    /// The first lines of the program's output (batch).
    pub output_head: Option<String>,
    /// The exchanges of an interactive pass.
    pub transcript: Option<Vec<Chunk>>,
    /// What the validator's feedback said after this pass (its messages, which grow from pass to pass).
    pub feedback: Option<String>,
    /// Why it is the last, when the validator did not simply stop asking for another.
    pub detail: Option<String>,
}

/// The results of one problem.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct ProblemResult {
    pub id: String,
    pub title: String,
    pub time_limit_ms: u64,
    pub memory_limit_mib: u64,
    /// The CPU limit the tests were judged against: the time limit after `--time-scale`.
    pub cpu_limit_ms: u64,
    pub checker: String,
    /// The problem whose solution and data were used, when `same_as`.
    pub same_as: Option<String>,
    /// A setup problem that kept this problem from being graded.
    pub error: Option<String>,
    pub compile_error: Option<String>,
    /// The most severe verdict of its tests (AC when all passed); `None` for a problem in error. Like the
    /// two figures below, filled in by `Report::new` for the reports.
    pub verdict: Option<Verdict>,
    /// The most CPU time and memory of a test that ran; `None` when none ran (CE, error).
    pub max_cpu_ms: Option<f64>,
    pub max_peak_kib: Option<u64>,
    pub tests: Vec<TestResult>,
    /// What the solution (a package's first accepted submission) scored, per group and in total, in a
    /// scoring problem.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub score: Option<super::score::SubmissionScore>,
    /// What a problem package says of itself (`harness verify`, a package in `problems/`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub package: Option<PackageInfo>,
}

/// A problem package's own facts, shown on its row.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct PackageInfo {
    /// Its folder, as it was named.
    pub dir: String,
    pub format: String,
    /// Its types (`pass-fail, interactive`).
    #[serde(rename = "type")]
    pub kind: String,
    /// Its output validator's folder, or `default` with its flags.
    pub validator: String,
    pub tests: usize,
    pub output_limit_mib: u64,
    /// Where the time limit comes from, or how it was computed.
    pub time_limit_source: Option<String>,
    /// What the loader could not honour, or ignored.
    pub warnings: Vec<String>,
}

impl ProblemResult {
    /// An empty row for a problem, judged with this CPU limit.
    pub fn new(problem: &Problem, cpu_limit_ms: u64) -> ProblemResult {
        ProblemResult {
            id: problem.id.clone(),
            title: problem.title.clone(),
            time_limit_ms: problem.time_limit_ms,
            memory_limit_mib: problem.memory_limit_mb,
            cpu_limit_ms,
            checker: problem.checker.to_string(),
            same_as: (problem.data_id != problem.id).then(|| problem.data_id.clone()),
            error: None,
            compile_error: None,
            verdict: None,
            max_cpu_ms: None,
            max_peak_kib: None,
            tests: Vec::new(),
            score: None,
            package: None,
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
                memory_limit_mib: 0,
                cpu_limit_ms: 0,
                checker: String::new(),
                same_as: None,
                error: None,
                compile_error: None,
                verdict: None,
                max_cpu_ms: None,
                max_peak_kib: None,
                tests: Vec::new(),
                score: None,
                package: None,
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
    /// The tests that ran: none when the solution did not compile.
    fn ran(&self) -> impl Iterator<Item = &TestResult> {
        self.tests.iter().filter(|t| t.verdict != Verdict::CE)
    }
    /// The most CPU time of a test that ran.
    pub fn max_cpu(&self) -> Option<f64> {
        self.ran().map(|t| t.cpu_ms).reduce(f64::max)
    }
    /// The most memory of a test that ran, in KiB.
    pub fn max_peak(&self) -> Option<u64> {
        self.ran().map(|t| t.peak_kib).max()
    }
    /// Fills in the per-problem figures the reports show.
    fn summarize(&mut self) {
        self.verdict = match self.error {
            Some(_) => None,
            None => Some(self.verdict().unwrap_or(Verdict::AC)),
        };
        self.max_cpu_ms = self.max_cpu();
        self.max_peak_kib = self.max_peak();
    }
}

/// A submission graded on its problem's tests, test by test until the first that is not accepted.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct SubmissionResult {
    pub problem: String,
    /// The file or folder, relative to the workspace root.
    pub file: String,
    /// The language's name, once known.
    pub language: Option<String>,
    /// The folder it is in: what it must get.
    pub expected: Expected,
    /// What it is, in words (its leading comment).
    pub why: Option<String>,
    /// Its verdict: that of the first test not accepted, AC when every test was; `None` when skipped.
    pub verdict: Option<Verdict>,
    /// The test where it stopped (the first not accepted).
    pub stopped_at: Option<String>,
    /// Whether the verdict is one its folder allows.
    pub matched: bool,
    /// Why it was not graded (its toolchain is missing), when it was not.
    pub skipped: Option<String>,
    pub compile_error: Option<String>,
    /// The most CPU time of a test.
    pub max_cpu_ms: f64,
    /// Given on the command line (`--submission`): judged as if it were accepted.
    pub given: bool,
    /// A warning about the time limit (problemtools' `ac_to_time_limit` and `time_limit_to_tle` checks).
    pub time_warning: Option<String>,
    /// How far under a computed time limit it stays (accepted), or how far over it it went (TLE).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub time_margin: Option<String>,
    /// Every test it ran, without diffs and stderr.
    pub tests: Vec<TestResult>,
    /// With `--repeat N`: the verdicts of its repeats (this result is its median repeat).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub repeats: Option<Vec<super::repeats::VerdictCount>>,
    /// What it scored, per group and in total, in a scoring problem.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub score: Option<super::score::SubmissionScore>,
}

impl SubmissionResult {
    /// Not graded yet (nor skipped): only what it is and must get.
    pub fn new(problem: &str, file: &str, expected: Expected) -> SubmissionResult {
        let (problem, file) = (problem.to_string(), file.to_string());
        SubmissionResult {
            problem,
            file,
            expected,
            ..Default::default()
        }
    }
    /// The file name, e.g. `plain-nim.cpp`.
    pub fn name(&self) -> &str {
        self.file.rsplit('/').next().unwrap_or(&self.file)
    }
    /// Not as expected: graded, and its verdict is not one its folder allows.
    pub fn failed(&self) -> bool {
        self.skipped.is_none() && !self.matched
    }
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Summary {
    pub problems: usize,
    pub problems_accepted: usize,
    pub problem_errors: usize,
    pub tests: usize,
    pub passed: usize,
    pub failed: usize,
    /// Tests whose checker failed (JE), counted in `failed` too.
    pub judge_errors: usize,
    /// What the closing line counts: every test and every graded submission as one thing judged, and a
    /// problem that could not be graded as one failure, so that it agrees with the exit status.
    pub judged_passed: usize,
    pub judged_failed: usize,
    pub wall_ms: f64,
    /// Every time limit was multiplied by this (`--time-scale`).
    pub time_scale: f64,
    /// Submissions graded (skipped ones aside), how many got what their folder says, and how many were
    /// skipped (a missing toolchain).
    pub submissions: usize,
    pub submissions_matched: usize,
    pub submissions_skipped: usize,
    /// How many times every test ran (`--repeat`).
    #[serde(default = "one")]
    pub repeats: usize,
    /// Tests (of the solutions and the submissions) whose verdict changed between repeats.
    #[serde(default)]
    pub flips: usize,
    /// Whether a flip is allowed (`--allow-flips`); otherwise it fails the run.
    #[serde(default)]
    pub flips_allowed: bool,
}

fn one() -> usize {
    1
}

/// Everything a grading run found.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Report {
    /// When the run started: RFC 3339, UTC, to the second (`Report::stamped`).
    pub started: Option<String>,
    /// The toolchains the run compiled with, by language id (`rust`: `rustc 1.83.0 (90b35a623 2024-11-26)`).
    pub toolchains: BTreeMap<String, String>,
    pub problems: Vec<ProblemResult>,
    /// The submissions, in problem order; `None` when they were not graded (`--test`).
    pub submissions: Option<Vec<SubmissionResult>>,
    pub summary: Summary,
    /// The containment layers that were active (`harness doctor` says why others are not).
    pub isolation: Vec<String>,
    /// The machine's timing checks (`harness doctor`), when they were made.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub machine: Option<super::machine::Machine>,
    /// A shard's stamp (`--partition`); absent from the report of a whole run.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shard: Option<super::Shard>,
    /// The profile the run was judged under (`--profile`), when not this judge's own rules.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub profile: Option<String>,
    /// Where other judges would differ (`--parity`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub parity: Option<super::parity::Parity>,
}

impl Report {
    pub fn new(
        mut problems: Vec<ProblemResult>,
        submissions: Option<Vec<SubmissionResult>>,
        time_scale: f64,
        wall_ms: f64,
    ) -> Report {
        problems.iter_mut().for_each(ProblemResult::summarize);
        // Programs given with --submission are the tests of a run that grades no solution.
        let given_tests = || {
            submissions
                .iter()
                .flatten()
                .filter(|s| s.given)
                .flat_map(|s| &s.tests)
        };
        let tests: usize =
            problems.iter().map(|p| p.tests.len()).sum::<usize>() + given_tests().count();
        let passed: usize = problems.iter().map(ProblemResult::passed).sum::<usize>()
            + given_tests().filter(|t| t.verdict == Verdict::AC).count();
        let all = submissions.as_deref().unwrap_or_default();
        let graded = all.iter().filter(|s| s.skipped.is_none() && !s.given);
        let errors = problems.iter().filter(|p| p.error.is_some()).count();
        let matched = graded.clone().filter(|s| s.matched).count();
        let not_matched = graded.clone().count() - matched;
        let summary = Summary {
            problems: problems.len(),
            problems_accepted: problems.iter().filter(|p| p.accepted()).count(),
            problem_errors: problems.iter().filter(|p| p.error.is_some()).count(),
            tests,
            passed,
            failed: tests - passed,
            judged_passed: passed + matched,
            judged_failed: tests - passed + errors + not_matched,
            judge_errors: problems
                .iter()
                .flat_map(|p| &p.tests)
                .filter(|t| t.verdict == Verdict::JE)
                .count(),
            wall_ms,
            time_scale,
            submissions: all.iter().filter(|s| s.skipped.is_none()).count(),
            submissions_matched: all
                .iter()
                .filter(|s| s.skipped.is_none() && s.matched)
                .count(),
            submissions_skipped: all.iter().filter(|s| s.skipped.is_some()).count(),
            repeats: 1,
            flips: 0,
            flips_allowed: false,
        };
        Report {
            started: None,
            toolchains: BTreeMap::new(),
            problems,
            submissions,
            summary,
            isolation: Vec::new(),
            machine: None,
            shard: None,
            profile: None,
            parity: None,
        }
    }

    /// The report of `repeats` passes over the plan (`--repeat`): counts the tests whose verdict flipped,
    /// and, unless flips are allowed, counts each as a failure (its test, or its submission, among the
    /// judged ones), so that the closing line agrees with the exit status.
    pub fn repeated(mut self, repeats: usize, flips_allowed: bool) -> Report {
        let flipped = |t: &&TestResult| t.repeats.as_ref().is_some_and(|r| r.flipped());
        // A package's row shows its first accepted submission's tests: counted with the submissions.
        let rows = self.problems.iter().filter(|p| p.package.is_none());
        let row_flips: Vec<&TestResult> = rows.flat_map(|p| &p.tests).filter(flipped).collect();
        let submissions = self.submissions.iter().flatten();
        let flipping: Vec<&SubmissionResult> = submissions
            .filter(|s| s.tests.iter().any(|t| flipped(&t)))
            .collect();
        let flips = row_flips.len()
            + flipping
                .iter()
                .map(|s| s.tests.iter().filter(flipped).count())
                .sum::<usize>();
        let s = &mut self.summary;
        (s.repeats, s.flips, s.flips_allowed) = (repeats, flips, flips_allowed);
        if !flips_allowed {
            // A given program's tests are counted as tests, another submission as one thing judged.
            let given_tests = flipping.iter().filter(|s| s.given).flat_map(|s| &s.tests);
            let passed = row_flips
                .iter()
                .chain(given_tests.filter(flipped).collect::<Vec<_>>().iter())
                .filter(|t| t.verdict == Verdict::AC)
                .count()
                + flipping
                    .iter()
                    .filter(|s| s.skipped.is_none() && s.matched && !s.given)
                    .count();
            s.judged_passed -= passed.min(s.judged_passed);
            s.judged_failed += passed;
        }
        self
    }

    /// The report with the run's start time and the versions of the toolchains it used.
    pub fn stamped(mut self, started: SystemTime, toolchains: BTreeMap<String, String>) -> Report {
        let utc = chrono::DateTime::<chrono::Utc>::from(started);
        self.started = Some(utc.to_rfc3339_opts(chrono::SecondsFormat::Secs, true));
        self.toolchains = toolchains;
        self
    }

    /// Everything accepted, no problem in error, and every graded submission as its folder says.
    pub fn all_accepted(&self) -> bool {
        self.summary.failed == 0
            && self.summary.problem_errors == 0
            && (self.summary.flips == 0 || self.summary.flips_allowed)
            && self.summary.submissions_matched == self.summary.submissions
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

    fn submission(matched: bool, skipped: bool) -> SubmissionResult {
        let file = "problems/p/submissions/wrong_answer/w.rs";
        SubmissionResult {
            language: Some("Rust".into()),
            verdict: (!skipped).then_some(Verdict::WA),
            matched,
            skipped: skipped.then(|| "no compiler".into()),
            ..SubmissionResult::new("p", file, Expected::WrongAnswer)
        }
    }

    fn row(verdicts: &[Verdict]) -> ProblemResult {
        let mut row = ProblemResult::error("p", None, 0, "");
        row.error = None;
        row.tests = verdicts.iter().map(|v| test(*v)).collect();
        row
    }

    #[test]
    fn the_start_time_is_rfc3339_in_utc() {
        // 1_700_000_000 s after the epoch is 2023-11-14 22:13:20 UTC.
        let at = SystemTime::UNIX_EPOCH + std::time::Duration::from_millis(1_700_000_000_400);
        let versions = BTreeMap::from([("rust".to_string(), "rustc 1.70.0".to_string())]);
        let report = Report::new(vec![row(&[Verdict::AC])], None, 1.0, 1.0).stamped(at, versions);
        assert_eq!(report.started.as_deref(), Some("2023-11-14T22:13:20Z"));
        assert_eq!(report.toolchains["rust"], "rustc 1.70.0");
    }

    #[test]
    fn per_problem_figures_leave_out_tests_that_never_ran() {
        let mut ran = row(&[Verdict::AC, Verdict::WA]);
        ran.tests[0].cpu_ms = 7.5;
        ran.tests[1].peak_kib = 2048;
        let mut broken = row(&[Verdict::CE, Verdict::CE]);
        broken.tests[0].cpu_ms = 1.0;
        let errored = ProblemResult::error("q", None, 0, "broken");
        let report = Report::new(vec![ran, broken, errored], None, 1.0, 1.0);
        let figures: Vec<_> = report
            .problems
            .iter()
            .map(|p| (p.verdict, p.max_cpu_ms, p.max_peak_kib))
            .collect();
        assert_eq!(
            figures,
            [
                (Some(Verdict::WA), Some(7.5), Some(2048)),
                (Some(Verdict::CE), None, None),
                (None, None, None),
            ]
        );
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
        let submissions = vec![
            submission(true, false),
            submission(false, false),
            submission(false, true),
        ];
        let report = Report::new(vec![row(&[Verdict::AC])], Some(submissions), 1.0, 1.0);
        let s = &report.summary;
        assert_eq!(
            (s.submissions, s.submissions_matched, s.submissions_skipped),
            (2, 1, 1)
        );
        assert!(!report.all_accepted());
        let skipped_only = Report::new(
            vec![row(&[Verdict::AC])],
            Some(vec![submission(false, true)]),
            1.0,
            1.0,
        );
        assert!(
            skipped_only.all_accepted(),
            "a skipped submission neither passes nor fails"
        );
    }
}
