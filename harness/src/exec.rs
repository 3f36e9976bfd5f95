//! Running a plan: compile each distinct program once, run every (program, test) pair in a pool of worker
//! threads, emit an event as each test finishes, and collect the results in plan order, whatever the
//! scheduling. The known-wrong submissions run in the same pool, beside the solutions.

use anyhow::{Context, Result};
use rayon::prelude::*;

use crate::check::Checker;
use crate::events::{Event, Events};
use crate::grade::{Grader, Standard};
use crate::lang::{Binary, Compiled, Compiler};
use crate::model::{
    Limits, Problem, ProblemResult, Report, TestCase, TestResult, Verdict, WrongResult, WrongStatus,
};
use crate::package::Workspace;
use crate::plan::{self, Plan, PlannedProblem, PlannedSubmission, Selection};
use crate::sandbox::Scratch;

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
    pub events: Events,
}

impl JudgeOptions {
    /// The limits a problem's tests run under.
    pub fn limits(&self, problem: &Problem) -> Limits {
        Limits::for_problem(
            problem.time_limit_ms,
            problem.memory_limit_mb,
            self.time_scale,
            self.output_limit,
        )
    }
}

/// Grades `ids` (or every problem when empty). Errors are setup problems of explicitly named problems;
/// a broken problem that was not named becomes an error row.
pub fn grade(workspace: &Workspace, ids: &[String], options: &JudgeOptions) -> Result<Report> {
    let started = std::time::Instant::now();
    let selection = Selection {
        ids: ids.to_vec(),
        test_filter: options.test_filter.clone(),
        wrong_submissions: options.wrong_submissions,
        time_scale: options.time_scale,
    };
    let plan = plan::plan(workspace, &selection)?;
    // Only now, when every named problem is known to be sound: a setup error writes nothing.
    let (compiler, pending_version) = Compiler::speculative(&workspace.cache_dir())?;
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(options.jobs.max(1))
        .build()
        .context("cannot start the worker threads")?;
    let scratch = Scratch::new(&workspace.cache_dir())?;
    let (problems, wrong) = pool.install(|| {
        rayon::join(
            || grade_problems(&plan.problems, &compiler, options, &scratch),
            || {
                plan.wrong
                    .as_ref()
                    .map(|wrong| grade_wrong(wrong, &compiler, options, &scratch))
                    .transpose()
            },
        )
    });
    let (mut problems, wrong) = (problems?, wrong?);
    if let Some(pending) = pending_version {
        if !pending.confirm()? {
            // The compiler changed since the last run: what ran was built by the old one. Again, for real.
            drop((pool, scratch));
            return grade(workspace, ids, options);
        }
    }
    let Plan { ids, errors, .. } = plan;
    problems.extend(errors);
    // Report in the order the ids were given (sorted for a full run).
    problems.sort_by_key(|p| ids.iter().position(|id| *id == p.id));
    let wall_ms = started.elapsed().as_secs_f64() * 1000.0;
    Ok(Report::new(problems, wrong, options.time_scale, wall_ms))
}

/// Runs one test of one problem with its solution: the library's "run one test".
pub fn run_one(
    workspace: &Workspace,
    id: &str,
    test: &str,
    options: &JudgeOptions,
) -> Result<TestResult> {
    let planned = plan::plan_problem(workspace, id, None)?;
    let Some(case) = planned.tests.iter().find(|t| t.name == test) else {
        anyhow::bail!("{id} has no test `{test}` (see `harness list`)");
    };
    let compiler = Compiler::new(&workspace.cache_dir())?;
    let scratch = Scratch::new(&workspace.cache_dir())?;
    match compiler.compile(&planned.solution)? {
        Compiled::Ok(binary) => run_test(&planned.problem, case, &binary, options, &scratch),
        Compiled::Failed { .. } => Ok(TestResult::compile_error(test)),
    }
}

/// Compiles each solution once, in parallel, then runs every (problem, test) pair in parallel.
fn grade_problems(
    planned: &[PlannedProblem],
    compiler: &Compiler,
    options: &JudgeOptions,
    scratch: &Scratch,
) -> Result<Vec<ProblemResult>> {
    let compiled: Vec<Compiled> = planned
        .par_iter()
        .map(|p| compiler.compile(&p.solution))
        .collect::<Result<_>>()?;
    let pairs: Vec<(usize, usize)> = planned
        .iter()
        .enumerate()
        .flat_map(|(i, p)| (0..p.tests.len()).map(move |t| (i, t)))
        .collect();
    options
        .events
        .emit(Event::RunsPlanned { runs: pairs.len() });
    let outcomes: Vec<Option<TestResult>> = pairs
        .par_iter()
        .map(|&(i, t)| match &compiled[i] {
            Compiled::Ok(binary) => run_test(
                &planned[i].problem,
                &planned[i].tests[t],
                binary,
                options,
                scratch,
            )
            .map(Some),
            Compiled::Failed { .. } => Ok(None),
        })
        .collect::<Result<_>>()?;
    let mut outcomes = outcomes.into_iter();
    let mut results = Vec::new();
    for (p, compiled) in planned.iter().zip(compiled) {
        let mut row = ProblemResult::new(&p.problem, options.limits(&p.problem).cpu_ms);
        let tests: Vec<Option<TestResult>> = outcomes.by_ref().take(p.tests.len()).collect();
        match compiled {
            Compiled::Ok(_) => row.tests = tests.into_iter().map(|t| t.expect("ran")).collect(),
            Compiled::Failed { message } => {
                row.tests = p
                    .tests
                    .iter()
                    .map(|t| TestResult::compile_error(&t.name))
                    .collect();
                row.compile_error = Some(message);
            }
        }
        results.push(row);
    }
    Ok(results)
}

/// Runs one test with the problem's grader and reports it.
fn run_test(
    problem: &Problem,
    test: &TestCase,
    binary: &Binary,
    options: &JudgeOptions,
    scratch: &Scratch,
) -> Result<TestResult> {
    let grader = Standard {
        limits: options.limits(problem),
        checker: &problem.checker as &dyn Checker,
    };
    let result = grader.grade(test, binary, scratch)?;
    options.events.emit(Event::TestFinished {
        problem: &problem.id,
        result: &result,
    });
    Ok(result)
}

/// Compiles and runs the wrong submissions, in parallel, each on its tests in order until one gets the
/// declared verdict, and decides whether the data rejects it as declared.
fn grade_wrong(
    plan: &[PlannedSubmission],
    compiler: &Compiler,
    options: &JudgeOptions,
    scratch: &Scratch,
) -> Result<Vec<WrongResult>> {
    let compiled: Vec<Option<Compiled>> = plan
        .par_iter()
        .map(|w| match w.submission.expect {
            Ok(_) => compiler.compile(&w.submission.path).map(Some),
            Err(_) => Ok(None),
        })
        .collect::<Result<_>>()?;
    let runs = plan
        .iter()
        .zip(&compiled)
        .filter(|(_, c)| matches!(c, Some(Compiled::Ok(_))))
        .map(|(w, _)| w.tests.len())
        .sum();
    options.events.emit(Event::RunsPlanned { runs });
    let ran: Vec<Vec<TestResult>> = plan
        .par_iter()
        .zip(&compiled)
        .map(|(w, compiled)| match (compiled, &w.submission.expect) {
            (Some(Compiled::Ok(binary)), Ok(expect)) => {
                run_until(w, *expect, binary, options, scratch)
            }
            _ => Ok(Vec::new()),
        })
        .collect::<Result<_>>()?;
    Ok(plan
        .iter()
        .zip(compiled)
        .zip(ran)
        .map(|((w, compiled), ran)| wrong_result(w, compiled, ran))
        .collect())
}

/// Runs a wrong submission's tests in order and stops at the first that gets the declared verdict: that
/// proves the rejection, deterministically, without paying for every TLE test.
fn run_until(
    w: &PlannedSubmission,
    expect: Verdict,
    binary: &Binary,
    options: &JudgeOptions,
    scratch: &Scratch,
) -> Result<Vec<TestResult>> {
    let mut tests = Vec::new();
    for (t, test) in w.tests.iter().enumerate() {
        let result = run_test(&w.problem, test, binary, options, scratch)?;
        let proven = result.verdict == expect;
        tests.push(result);
        if proven {
            for skipped in &w.tests[t + 1..] {
                options.events.emit(Event::TestSkipped {
                    problem: &w.problem.id,
                    test: &skipped.name,
                });
            }
            break;
        }
    }
    Ok(tests)
}

fn wrong_result(
    w: &PlannedSubmission,
    compiled: Option<Compiled>,
    ran: Vec<TestResult>,
) -> WrongResult {
    let mut result = WrongResult {
        problem: w.problem.id.clone(),
        file: w.submission.relative.clone(),
        expect: w.submission.expect.as_ref().ok().copied(),
        why: w.submission.why.clone(),
        status: WrongStatus::BadHeader,
        header_error: w.submission.expect.as_ref().err().cloned(),
        compile_error: None,
        tests: Vec::new(),
    };
    match compiled {
        None => {}
        Some(Compiled::Ok(_)) => {
            result.tests = ran
                .into_iter()
                .map(|mut test| {
                    test.diff = None;
                    test.stderr_tail = None;
                    test
                })
                .collect();
        }
        Some(Compiled::Failed { message }) => {
            result.tests = w
                .tests
                .iter()
                .map(|t| TestResult::compile_error(&t.name))
                .collect();
            result.compile_error = Some(message);
        }
    }
    if let Ok(expect) = w.submission.expect {
        result.status = WrongResult::status_of(expect, &result.tests);
    }
    result
}
