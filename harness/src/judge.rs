//! The grading pipeline: plan every (problem, test) pair, compile once per solution, run the pairs in
//! parallel, and collect the results in plan order, whatever the scheduling. The known-wrong submissions
//! (`problems/<id>/wrong/*.rs`) run in the same pool, beside the solutions.

use std::fs;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use anyhow::{Context, Result};
use rayon::prelude::*;
use serde::Serialize;

use crate::check::{self, Judgement};
use crate::compile::{Binary, Compiled, Compiler};
use crate::problem::{Problem, TestCase, Workspace};
use crate::run::{self, Exit, Limits, RunOutcome};

/// Default output limit: 64 MiB.
pub const DEFAULT_OUTPUT_LIMIT: u64 = 64 << 20;

/// A test's verdict. The declaration order is the precedence order (DESIGN §4): a run that is both too slow
/// and wrong is TLE.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
pub enum Verdict {
    /// Compile error.
    CE,
    /// Time limit exceeded (CPU time over the limit, or killed by the wall-clock backstop).
    TLE,
    /// Memory limit exceeded (peak RSS over the limit, or an allocation failed).
    MLE,
    /// Output limit exceeded.
    OLE,
    /// Runtime error: non-zero exit or a signal.
    RE,
    /// Wrong answer.
    WA,
    /// Presentation error: right tokens, wrong spacing.
    PE,
    /// Accepted.
    AC,
}

impl Verdict {
    pub fn name(self) -> &'static str {
        match self {
            Verdict::CE => "CE",
            Verdict::TLE => "TLE",
            Verdict::MLE => "MLE",
            Verdict::OLE => "OLE",
            Verdict::RE => "RE",
            Verdict::WA => "WA",
            Verdict::PE => "PE",
            Verdict::AC => "AC",
        }
    }

    /// The verdict with this short name (`WA`, `TLE`, ...).
    pub fn from_name(name: &str) -> Option<Verdict> {
        [
            Verdict::CE,
            Verdict::TLE,
            Verdict::MLE,
            Verdict::OLE,
            Verdict::RE,
            Verdict::WA,
            Verdict::PE,
            Verdict::AC,
        ]
        .into_iter()
        .find(|v| v.name() == name)
    }
}

/// Options of one grading run.
#[derive(Debug, Clone)]
pub struct JudgeOptions {
    pub jobs: usize,
    pub time_scale: f64,
    pub output_limit: u64,
    /// Only tests whose name matches this glob.
    pub test_filter: Option<String>,
    /// Also grade the known-wrong submissions `problems/<id>/wrong/*.rs`.
    pub wrong_submissions: bool,
    /// Told about every planned and finished run (the progress bar).
    pub progress: ProgressSink,
}

/// Something that follows a grading run as it goes, e.g. a progress bar. Called from the worker threads.
pub trait Progress: Send + Sync {
    /// `runs` more test runs are planned.
    fn planned(&self, runs: usize);
    /// A test run finished.
    fn finished(&self, problem: &str, test: &str);
}

/// The optional `Progress` of a run.
#[derive(Clone, Default)]
pub struct ProgressSink(Option<Arc<dyn Progress>>);

impl ProgressSink {
    pub fn new(progress: Arc<dyn Progress>) -> ProgressSink {
        ProgressSink(Some(progress))
    }
    fn planned(&self, runs: usize) {
        if let Some(progress) = &self.0 {
            progress.planned(runs);
        }
    }
    fn finished(&self, problem: &str, test: &str) {
        if let Some(progress) = &self.0 {
            progress.finished(problem, test);
        }
    }
}

impl std::fmt::Debug for ProgressSink {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(if self.0.is_some() {
            "ProgressSink(on)"
        } else {
            "ProgressSink(off)"
        })
    }
}

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
    /// Accepted, but with CPU time above half the (scaled) limit: a slower judge may say TLE.
    pub near_limit: bool,
}

/// The results of one problem.
#[derive(Debug, Clone, Serialize)]
pub struct ProblemResult {
    pub id: String,
    pub title: String,
    pub time_limit_ms: u64,
    pub memory_limit_mb: u64,
    pub checker: String,
    /// The problem whose solution and data were used, when `same_as`.
    pub same_as: Option<String>,
    /// A setup problem that kept this problem from being graded.
    pub error: Option<String>,
    pub compile_error: Option<String>,
    pub tests: Vec<TestResult>,
}

impl ProblemResult {
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
}

/// Everything a grading run found.
#[derive(Debug, Clone, Serialize)]
pub struct Report {
    pub problems: Vec<ProblemResult>,
    /// The known-wrong submissions, in problem order; `None` when they were not graded (`--test`).
    pub wrong_submissions: Option<Vec<WrongResult>>,
    pub summary: Summary,
}

/// A known-wrong submission, `problems/<id>/wrong/<name>.rs`, graded on its problem's tests: it must not be
/// accepted, and some test must get the verdict its `//! expect:` header declares.
#[derive(Debug, Clone, Serialize)]
pub struct WrongResult {
    pub problem: String,
    /// The file, relative to the workspace root.
    pub file: String,
    /// The declared verdict (`//! expect: WA`); `None` when the header lacks it.
    pub expect: Option<Verdict>,
    /// The header's `//! why:` line: what is wrong with it.
    pub why: Option<String>,
    pub status: WrongStatus,
    /// Why the header is not valid (status `bad_header`).
    pub header_error: Option<String>,
    pub compile_error: Option<String>,
    /// Every test, without diffs and stderr.
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
    pub wall_ms: f64,
    /// Every time limit was multiplied by this (`--time-scale`).
    pub time_scale: f64,
    /// Known-wrong submissions graded, and how many of them were rejected as declared.
    pub wrong_submissions: usize,
    pub wrong_rejected: usize,
}

impl Report {
    pub fn new(problems: Vec<ProblemResult>, wall_ms: f64) -> Report {
        let tests: usize = problems.iter().map(|p| p.tests.len()).sum();
        let passed: usize = problems.iter().map(ProblemResult::passed).sum();
        let summary = Summary {
            problems: problems.len(),
            problems_accepted: problems.iter().filter(|p| p.accepted()).count(),
            problem_errors: problems.iter().filter(|p| p.error.is_some()).count(),
            tests,
            passed,
            failed: tests - passed,
            wall_ms,
            time_scale: 1.0,
            wrong_submissions: 0,
            wrong_rejected: 0,
        };
        Report {
            problems,
            wrong_submissions: None,
            summary,
        }
    }

    /// Records the time scale the limits were judged with.
    pub fn with_time_scale(mut self, time_scale: f64) -> Report {
        self.summary.time_scale = time_scale;
        self
    }

    /// Adds the graded wrong submissions (`None`: not graded) and counts them in the summary.
    pub fn with_wrong_submissions(mut self, wrong: Option<Vec<WrongResult>>) -> Report {
        let all = wrong.as_deref().unwrap_or_default();
        self.summary.wrong_submissions = all.len();
        self.summary.wrong_rejected = all
            .iter()
            .filter(|w| w.status == WrongStatus::Rejected)
            .count();
        self.wrong_submissions = wrong;
        self
    }

    /// Everything accepted, no problem in error, and every wrong submission rejected as declared.
    pub fn all_accepted(&self) -> bool {
        self.summary.failed == 0
            && self.summary.problem_errors == 0
            && self.summary.wrong_rejected == self.summary.wrong_submissions
    }
}

/// A problem ready to run: its config, its tests, and its compiled solution.
struct Planned {
    problem: Problem,
    tests: Vec<TestCase>,
    solution: PathBuf,
}

/// Grades `ids` (or every problem when empty). Errors are setup problems of explicitly named problems;
/// a broken problem that was not named becomes an error row.
pub fn grade(workspace: &Workspace, ids: &[String], options: &JudgeOptions) -> Result<Report> {
    let requested = ids;
    let started = std::time::Instant::now();
    let explicit = !ids.is_empty();
    let ids = if explicit {
        ids.to_vec()
    } else {
        workspace.problem_ids()?
    };
    let mut rows: Vec<Result<Planned, (Problem, String)>> = Vec::new();
    let mut errors: Vec<ProblemResult> = Vec::new();
    for id in &ids {
        match plan_problem(workspace, id, options) {
            Ok(planned) => rows.push(Ok(planned)),
            Err(err) if explicit => return Err(err),
            Err(err) => errors.push(error_row(workspace, id, &format!("{err:#}"))),
        }
    }
    // Only now, when every named problem is known to be sound: a setup error writes nothing.
    let (compiler, pending_version) = Compiler::speculative(&workspace.cache_dir())?;

    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(options.jobs.max(1))
        .build()
        .context("cannot start the worker threads")?;
    let scratch = Scratch::new(workspace)?;
    let wrong_plan = match options.wrong_submissions {
        true => Some(plan_wrong(
            workspace,
            rows.iter().filter_map(|row| row.as_ref().ok()),
        )?),
        false => None,
    };
    let accepted = || -> Result<Vec<ProblemResult>> {
        let planned: Vec<Planned> = rows.into_iter().filter_map(Result::ok).collect();
        // Compile each distinct solution once, in parallel.
        let compiled: Vec<Result<Compiled>> = planned
            .par_iter()
            .map(|p| compiler.compile(&p.solution))
            .collect();
        let compiled: Vec<Compiled> = compiled.into_iter().collect::<Result<_>>()?;
        let pairs: Vec<(usize, usize)> = planned
            .iter()
            .enumerate()
            .flat_map(|(i, p)| (0..p.tests.len()).map(move |t| (i, t)))
            .collect();
        options.progress.planned(pairs.len());
        let outcomes: Vec<Option<Result<TestResult>>> = pairs
            .par_iter()
            .map(|&(i, t)| match &compiled[i] {
                Compiled::Ok(binary) => Some(run_test(
                    &planned[i].problem,
                    &planned[i].tests[t],
                    binary,
                    options,
                    &scratch,
                )),
                Compiled::Failed { .. } => None,
            })
            .collect();
        let mut outcomes = outcomes.into_iter();
        let mut results = Vec::new();
        for (p, compiled) in planned.into_iter().zip(compiled) {
            let mut row = row_for(&p.problem);
            let tests: Vec<Option<Result<TestResult>>> =
                outcomes.by_ref().take(p.tests.len()).collect();
            match compiled {
                Compiled::Ok(_) => {
                    row.tests = tests
                        .into_iter()
                        .map(|t| t.expect("ran"))
                        .collect::<Result<_>>()?;
                }
                Compiled::Failed { message } => {
                    row.tests = p
                        .tests
                        .iter()
                        .map(|t| compile_error_result(&t.name))
                        .collect();
                    row.compile_error = Some(message);
                }
            }
            results.push(row);
        }
        Ok(results)
    };
    // The wrong submissions run in the same pool as the accepted solutions, beside them.
    let (results, wrong) = pool.install(|| {
        rayon::join(accepted, || {
            wrong_plan
                .map(|plan| grade_wrong(&plan, &compiler, options, &scratch))
                .transpose()
        })
    });
    let wrong = wrong?;
    let mut problems = results?;
    if let Some(pending) = pending_version {
        if !pending.confirm()? {
            // The compiler changed since the last run: what ran was built by the old one. Again, for real.
            drop((pool, scratch));
            return grade(workspace, requested, options);
        }
    }
    problems.extend(errors);
    // Report in the order the ids were given (sorted for a full run).
    problems.sort_by_key(|p| ids.iter().position(|id| *id == p.id));
    Ok(
        Report::new(problems, started.elapsed().as_secs_f64() * 1000.0)
            .with_time_scale(options.time_scale)
            .with_wrong_submissions(wrong),
    )
}

fn plan_problem(workspace: &Workspace, id: &str, options: &JudgeOptions) -> Result<Planned> {
    let problem = workspace.load_problem(id)?;
    let mut tests = workspace.load_tests(&problem)?;
    if let Some(glob) = &options.test_filter {
        tests.retain(|t| glob_match(glob, &t.name));
    }
    let solution = workspace.solution_file(&problem.data_id);
    if !solution.exists() {
        anyhow::bail!(
            "{}: no solution; write the submission there (or run `harness new {id}`)",
            solution.display()
        );
    }
    crate::problem::readable_file(&solution)?;
    Ok(Planned {
        problem,
        tests,
        solution,
    })
}

fn row_for(problem: &Problem) -> ProblemResult {
    ProblemResult {
        id: problem.id.clone(),
        title: problem.title.clone(),
        time_limit_ms: problem.time_limit_ms,
        memory_limit_mb: problem.memory_limit_mb,
        checker: problem.checker.to_string(),
        same_as: (problem.data_id != problem.id).then(|| problem.data_id.clone()),
        error: None,
        compile_error: None,
        tests: Vec::new(),
    }
}

fn error_row(workspace: &Workspace, id: &str, error: &str) -> ProblemResult {
    let mut row = match workspace.load_problem(id) {
        Ok(problem) => row_for(&problem),
        Err(_) => ProblemResult {
            id: id.to_string(),
            title: String::new(),
            time_limit_ms: 0,
            memory_limit_mb: 0,
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

fn compile_error_result(name: &str) -> TestResult {
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
        near_limit: false,
    }
}

/// A known-wrong submission ready to grade.
struct WrongPlanned {
    problem: Problem,
    tests: Vec<TestCase>,
    file: PathBuf,
    /// The file relative to the workspace root.
    relative: String,
    header: WrongHeader,
}

/// The header of a wrong submission: its leading comment lines `//! expect: VERDICT` and `//! why: ...`.
#[derive(Debug, Clone, PartialEq)]
pub struct WrongHeader {
    /// The verdict it must get on some test, or why the header is not valid.
    pub expect: Result<Verdict, String>,
    pub why: Option<String>,
}

/// Reads the header of a wrong submission from the comment lines at the top of its source.
pub fn parse_wrong_header(source: &str) -> WrongHeader {
    let mut expect =
        Err("no `//! expect: VERDICT` line at the top, e.g. `//! expect: WA`".to_string());
    let mut why = None;
    let comments = source
        .lines()
        .map(str::trim)
        .take_while(|line| line.starts_with("//"));
    for line in comments {
        let text = line.trim_start_matches('/').trim_start_matches('!').trim();
        if let Some(value) = text.strip_prefix("expect:") {
            let value = value.trim();
            expect = match Verdict::from_name(value) {
                Some(verdict) if verdict != Verdict::AC => Ok(verdict),
                _ => Err(format!(
                    "`//! expect: {value}`: the verdict must be one of WA, PE, TLE, MLE, OLE, RE, CE"
                )),
            };
        } else if let Some(value) = text.strip_prefix("why:") {
            why = Some(value.trim().to_string());
        }
    }
    WrongHeader { expect, why }
}

/// The `.rs` files of `problems/<id>/wrong/`, sorted; none when there is no such folder.
pub fn wrong_files(problem_dir: &Path) -> Result<Vec<PathBuf>> {
    let dir = problem_dir.join("wrong");
    if !dir.is_dir() {
        return Ok(Vec::new());
    }
    let mut files = Vec::new();
    for entry in fs::read_dir(&dir).with_context(|| format!("cannot list {}", dir.display()))? {
        let path = entry
            .with_context(|| format!("cannot list {}", dir.display()))?
            .path();
        if path.extension().is_some_and(|ext| ext == "rs") && path.is_file() {
            files.push(path);
        }
    }
    files.sort();
    Ok(files)
}

/// The wrong submissions of the planned problems. A `same_as` problem has none of its own: they are graded
/// once, under the original problem.
fn plan_wrong<'a>(
    workspace: &Workspace,
    planned: impl Iterator<Item = &'a Planned>,
) -> Result<Vec<WrongPlanned>> {
    let mut plan = Vec::new();
    for p in planned {
        if p.problem.data_id != p.problem.id {
            continue;
        }
        for file in wrong_files(&p.problem.dir)? {
            let header = parse_wrong_header(&crate::problem::read_text(&file)?);
            let relative = file
                .strip_prefix(&workspace.root)
                .unwrap_or(&file)
                .to_string_lossy()
                .into_owned();
            plan.push(WrongPlanned {
                problem: p.problem.clone(),
                tests: p.tests.clone(),
                file,
                relative,
                header,
            });
        }
    }
    Ok(plan)
}

/// Compiles and runs the wrong submissions, in parallel, each on its tests in order until one gets the
/// declared verdict, and decides whether the data rejects it as declared.
fn grade_wrong(
    plan: &[WrongPlanned],
    compiler: &Compiler,
    options: &JudgeOptions,
    scratch: &Scratch,
) -> Result<Vec<WrongResult>> {
    let compiled: Vec<Option<Compiled>> = plan
        .par_iter()
        .map(|w| match w.header.expect {
            Ok(_) => compiler.compile(&w.file).map(Some),
            Err(_) => Ok(None),
        })
        .collect::<Result<_>>()?;
    options.progress.planned(
        plan.iter()
            .zip(&compiled)
            .filter(|(_, c)| matches!(c, Some(Compiled::Ok(_))))
            .map(|(w, _)| w.tests.len())
            .sum(),
    );
    // Each wrong submission runs its tests in order and stops at the first that gets the declared verdict:
    // that proves the rejection, deterministically, without paying for every TLE test.
    let outcomes: Vec<Result<Vec<TestResult>>> = plan
        .par_iter()
        .zip(&compiled)
        .map(|(w, compiled)| {
            let (Some(Compiled::Ok(binary)), Ok(expect)) = (compiled, &w.header.expect) else {
                return Ok(Vec::new());
            };
            let mut tests = Vec::new();
            for (t, test) in w.tests.iter().enumerate() {
                let result = run_test(&w.problem, test, binary, options, scratch)?;
                let proven = result.verdict == *expect;
                tests.push(result);
                if proven {
                    for skipped in &w.tests[t + 1..] {
                        options.progress.finished(&w.problem.id, &skipped.name);
                    }
                    break;
                }
            }
            Ok(tests)
        })
        .collect();
    let mut outcomes = outcomes.into_iter();
    let mut results = Vec::new();
    for (w, compiled) in plan.iter().zip(compiled) {
        let ran = outcomes.next().expect("one per plan")?;
        let mut result = WrongResult {
            problem: w.problem.id.clone(),
            file: w.relative.clone(),
            expect: w.header.expect.as_ref().ok().copied(),
            why: w.header.why.clone(),
            status: WrongStatus::BadHeader,
            header_error: w.header.expect.as_ref().err().cloned(),
            compile_error: None,
            tests: Vec::new(),
        };
        match compiled {
            None => {}
            Some(Compiled::Ok(_)) => {
                for mut test in ran {
                    test.diff = None;
                    test.stderr_tail = None;
                    result.tests.push(test);
                }
            }
            Some(Compiled::Failed { message }) => {
                result.tests = w
                    .tests
                    .iter()
                    .map(|t| compile_error_result(&t.name))
                    .collect();
                result.compile_error = Some(message);
            }
        }
        if let Ok(expect) = w.header.expect {
            result.status = if result.tests.iter().all(|t| t.verdict == Verdict::AC) {
                WrongStatus::Accepted
            } else if result.tests.iter().any(|t| t.verdict == expect) {
                WrongStatus::Rejected
            } else {
                WrongStatus::OtherVerdict
            };
        }
        results.push(result);
    }
    Ok(results)
}

/// Per-worker scratch files for the programs' stdout, removed when the run ends.
pub struct Scratch {
    dir: PathBuf,
}

impl Scratch {
    pub fn new(workspace: &Workspace) -> Result<Scratch> {
        let dir = workspace
            .cache_dir()
            .join("scratch")
            .join(std::process::id().to_string());
        fs::create_dir_all(&dir).with_context(|| format!("cannot create {}", dir.display()))?;
        Ok(Scratch { dir })
    }

    /// The stdout file of the current worker thread.
    pub fn stdout_file(&self) -> PathBuf {
        self.file("out")
    }

    /// A file of the current worker thread with this extension, reused by its next run.
    pub fn file(&self, extension: &str) -> PathBuf {
        let worker =
            rayon::current_thread_index().map_or_else(|| "main".to_string(), |i| i.to_string());
        self.dir.join(format!("{worker}.{extension}"))
    }

    /// A file for a given name, e.g. one generated input among many.
    pub fn named(&self, name: &str) -> PathBuf {
        self.dir.join(name)
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = fs::remove_dir_all(&self.dir);
    }
}

/// Runs one test and judges it.
fn run_test(
    problem: &Problem,
    test: &TestCase,
    binary: &Binary,
    options: &JudgeOptions,
    scratch: &Scratch,
) -> Result<TestResult> {
    let limits = Limits::for_problem(
        problem.time_limit_ms,
        problem.memory_limit_mb,
        options.time_scale,
        options.output_limit,
    );
    let stdout = scratch.stdout_file();
    let outcome = run::run(&binary.path, &[], &test.input, &stdout, &limits)?;
    let mut result = judge_run(&test.name, &outcome, &limits);
    if result.verdict == Verdict::AC {
        let checked = OUTPUTS.with(|buffers| -> Result<check::CheckResult> {
            // Buffers kept per worker: large outputs would otherwise cost fresh page faults on every test.
            let (expected, got) = &mut *buffers.borrow_mut();
            read_into(&test.expected, expected)?;
            read_into(&stdout, got)?;
            let checked = check::check(problem.checker, expected, got);
            for buffer in [expected, got] {
                if buffer.capacity() > KEPT_BUFFER_BYTES {
                    *buffer = Vec::new();
                }
            }
            Ok(checked)
        })?;
        result.verdict = match checked.judgement {
            Judgement::Accepted => Verdict::AC,
            Judgement::Presentation => Verdict::PE,
            Judgement::Wrong => Verdict::WA,
        };
        result.first_difference = checked.first_difference;
        result.diff = checked.diff;
    }
    if result.verdict != Verdict::AC && !outcome.stderr_tail.is_empty() {
        result.stderr_tail = Some(String::from_utf8_lossy(&outcome.stderr_tail).into_owned());
    }
    result.near_limit = result.verdict == Verdict::AC && result.cpu_ms * 2.0 > limits.cpu_ms as f64;
    options.progress.finished(&problem.id, &test.name);
    Ok(result)
}

/// Output buffers larger than this are given back after the test rather than kept for the next one.
const KEPT_BUFFER_BYTES: usize = 16 << 20;

thread_local! {
    /// The expected and the actual output of the test a worker is checking.
    static OUTPUTS: std::cell::RefCell<(Vec<u8>, Vec<u8>)> = const { std::cell::RefCell::new((Vec::new(), Vec::new())) };
}

/// Reads a whole file into `buffer`, reusing its allocation.
fn read_into(path: &Path, buffer: &mut Vec<u8>) -> Result<()> {
    use std::io::Read as _;
    buffer.clear();
    fs::File::open(path)
        .and_then(|mut file| file.read_to_end(buffer))
        .with_context(|| format!("cannot read {}", path.display()))?;
    Ok(())
}

/// The verdict from the limits and the exit alone; AC means "compare the output".
pub fn judge_run(name: &str, outcome: &RunOutcome, limits: &Limits) -> TestResult {
    let stderr = String::from_utf8_lossy(&outcome.stderr_tail);
    let (verdict, detail) = if outcome.wall_killed {
        (
            Verdict::TLE,
            Some(format!(
                "killed by the wall-clock backstop at {} ms",
                limits.wall_ms
            )),
        )
    } else if outcome.cpu_us > limits.cpu_ms * 1000 || outcome.exit == Exit::Signal(libc::SIGXCPU) {
        (
            Verdict::TLE,
            Some(format!("CPU time over {} ms", limits.cpu_ms)),
        )
    } else if stack_overflow(outcome, &stderr) {
        // The stack may be as large as the memory limit, so a runaway recursion also ends just over it:
        // name what happened rather than the memory it took.
        (
            Verdict::RE,
            Some(format!("{} (stack overflow)", outcome.exit)),
        )
    } else if outcome.peak_kb > limits.memory_kb {
        (
            Verdict::MLE,
            Some(format!(
                "peak memory {} KiB over {} KiB",
                outcome.peak_kb, limits.memory_kb
            )),
        )
    } else if !outcome.exit.success() && allocation_failed(&stderr) {
        (
            Verdict::MLE,
            Some("an allocation failed (address space exhausted)".to_string()),
        )
    } else if outcome.output_overflow(limits) {
        (
            Verdict::OLE,
            Some(format!("more than {} bytes of output", limits.output_bytes)),
        )
    } else if !outcome.exit.success() {
        let mut detail = outcome.exit.to_string();
        if let Some(message) = panic_message(&stderr) {
            detail.push_str(&format!(" ({message})"));
        }
        (Verdict::RE, Some(detail))
    } else {
        (Verdict::AC, None)
    };
    TestResult {
        name: name.to_string(),
        verdict,
        cpu_ms: outcome.cpu_us as f64 / 1000.0,
        wall_ms: outcome.wall_us as f64 / 1000.0,
        peak_kb: outcome.peak_kb,
        exit: Some(outcome.exit),
        detail,
        first_difference: None,
        diff: None,
        stderr_tail: None,
        near_limit: false,
    }
}

/// A Rust program that ran out of stack says so before it dies by SIGSEGV (or SIGABRT on a thread).
fn stack_overflow(outcome: &RunOutcome, stderr: &str) -> bool {
    matches!(
        outcome.exit,
        Exit::Signal(libc::SIGSEGV | libc::SIGABRT | libc::SIGBUS)
    ) && stderr.contains("has overflowed its stack")
}

fn allocation_failed(stderr: &str) -> bool {
    stderr.contains("memory allocation of")
        || stderr.contains("std::bad_alloc")
        || stderr.contains("out of memory")
}

/// The first line of a Rust panic message, e.g. "panicked at src/main.rs:3:5: index out of bounds".
fn panic_message(stderr: &str) -> Option<String> {
    let line = stderr.lines().find(|l| l.contains("panicked at"))?;
    let rest = line
        .split_once("panicked at ")
        .map_or(line, |(_, rest)| rest);
    let next = stderr
        .lines()
        .skip_while(|l| !l.contains("panicked at"))
        .nth(1)
        .unwrap_or("");
    let mut message = format!("panicked at {}", rest.trim_end_matches(':'));
    if !next.is_empty() && !rest.contains(": ") {
        message.push_str(": ");
        message.push_str(next.trim());
    }
    Some(message.chars().take(160).collect())
}

/// `*` matches any run of characters, `?` one character; everything else literally.
pub fn glob_match(pattern: &str, text: &str) -> bool {
    fn go(p: &[char], t: &[char]) -> bool {
        match p.split_first() {
            None => t.is_empty(),
            Some(('*', rest)) => (0..=t.len()).any(|i| go(rest, &t[i..])),
            Some(('?', rest)) => !t.is_empty() && go(rest, &t[1..]),
            Some((c, rest)) => t.first() == Some(c) && go(rest, &t[1..]),
        }
    }
    let p: Vec<char> = pattern.chars().collect();
    let t: Vec<char> = text.chars().collect();
    go(&p, &t)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn outcome(exit: Exit, cpu_ms: u64, peak_kb: u64, stderr: &str) -> RunOutcome {
        RunOutcome {
            exit,
            cpu_us: cpu_ms * 1000,
            wall_us: cpu_ms * 1000,
            peak_kb,
            wall_killed: false,
            stdout_bytes: 10,
            stderr_tail: stderr.as_bytes().to_vec(),
        }
    }

    #[test]
    fn verdict_precedence() {
        let limits = Limits {
            cpu_ms: 1000,
            wall_ms: 4000,
            memory_kb: 32 * 1024,
            output_bytes: 100,
        };
        let table = [
            // A stack as large as the memory limit: the overflow is named, not the memory it took.
            (
                outcome(
                    Exit::Signal(libc::SIGSEGV),
                    10,
                    50_000,
                    "thread 'main' has overflowed its stack",
                ),
                Verdict::RE,
            ),
            (outcome(Exit::Code(0), 10, 2000, ""), Verdict::AC),
            (outcome(Exit::Code(1), 1500, 50_000, ""), Verdict::TLE),
            (
                outcome(Exit::Signal(libc::SIGXCPU), 999, 2000, ""),
                Verdict::TLE,
            ),
            (outcome(Exit::Code(0), 10, 50_000, ""), Verdict::MLE),
            (
                outcome(
                    Exit::Signal(libc::SIGABRT),
                    10,
                    2000,
                    "memory allocation of 1024 bytes failed",
                ),
                Verdict::MLE,
            ),
            (
                outcome(Exit::Signal(libc::SIGXFSZ), 10, 2000, ""),
                Verdict::OLE,
            ),
            (outcome(Exit::Code(3), 10, 2000, ""), Verdict::RE),
            (
                outcome(
                    Exit::Signal(libc::SIGSEGV),
                    10,
                    2000,
                    "thread 'main' has overflowed its stack",
                ),
                Verdict::RE,
            ),
        ];
        for (run, want) in table {
            assert_eq!(judge_run("t", &run, &limits).verdict, want, "{run:?}");
        }
        let mut wall = outcome(Exit::Signal(libc::SIGKILL), 0, 2000, "");
        wall.wall_killed = true;
        assert_eq!(judge_run("t", &wall, &limits).verdict, Verdict::TLE);
        let stack = judge_run(
            "t",
            &outcome(
                Exit::Signal(libc::SIGSEGV),
                1,
                1,
                "has overflowed its stack",
            ),
            &limits,
        );
        assert_eq!(stack.detail.as_deref(), Some("SIGSEGV (stack overflow)"));
    }

    #[test]
    fn panics_are_named() {
        let stderr = "\nthread 'main' panicked at src/main.rs:3:5:\nboom\nnote: run with `RUST_BACKTRACE=1`\n";
        assert_eq!(
            panic_message(stderr).as_deref(),
            Some("panicked at src/main.rs:3:5: boom")
        );
    }

    #[test]
    fn globs() {
        assert!(glob_match("rand-*", "rand-01"));
        assert!(glob_match("*", ""));
        assert!(glob_match("s?mple-1", "sample-1"));
        assert!(!glob_match("rand-*", "max-01"));
    }

    #[test]
    fn wrong_submission_headers() {
        let header =
            parse_wrong_header("//! expect: MLE\n//! why: a full table.\n\nfn main() {}\n");
        assert_eq!(header.expect, Ok(Verdict::MLE));
        assert_eq!(header.why.as_deref(), Some("a full table."));
        assert!(parse_wrong_header("fn main() {}\n").expect.is_err());
        let ac = parse_wrong_header("//! expect: AC\n").expect.unwrap_err();
        assert!(ac.contains("must be one of"), "{ac}");
        // Only the comment block at the top counts.
        assert!(parse_wrong_header("fn main() {}\n//! expect: WA\n")
            .expect
            .is_err());
    }

    #[test]
    fn verdict_names_round_trip() {
        for verdict in [Verdict::CE, Verdict::TLE, Verdict::OLE, Verdict::AC] {
            assert_eq!(Verdict::from_name(verdict.name()), Some(verdict));
        }
        assert_eq!(Verdict::from_name("wa"), None);
    }

    #[test]
    fn verdict_order_is_the_precedence() {
        let order = [
            Verdict::CE,
            Verdict::TLE,
            Verdict::MLE,
            Verdict::OLE,
            Verdict::RE,
            Verdict::WA,
            Verdict::PE,
            Verdict::AC,
        ];
        assert!(order.windows(2).all(|w| w[0] < w[1]));
    }
}
