//! Judging a Kattis problem package (`harness verify`): its output validator compiled (or the default one
//! with its flags, per test), every example submission graded by the same machinery as a workspace's
//! submissions. Without a time limit in the package, it is computed as problemtools does: the submissions
//! that must be accepted run first under a generous limit, and the slowest of them sets the limit the
//! others are judged under.

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::Arc;

use anyhow::{Context, Result};

use super::{JudgeOptions, Judges, Run};
use crate::check::program::ProgramChecker;
use crate::check::{CheckFiles, CheckResult, Checker};
use crate::events::Events;
use crate::exec::scratch::Scratch;
use crate::lang::{Compiled, Compiler, LanguageTable};
use crate::model::{
    BuiltinChecker, Expected, Problem, ProblemResult, Protocol, SubmissionResult, Verdict,
};
use crate::package::kattis::KattisPackage;
use crate::package::Workspace;
use crate::plan::PlannedSubmission;

/// The time limit a package without one is first judged under, while it is computed (ms).
pub const PROBE_TIME_LIMIT_MS: u64 = 60_000;

/// How to judge packages.
#[derive(Clone)]
pub struct VerifyOptions {
    pub jobs: usize,
    pub time_scale: f64,
    pub all_tests: bool,
    /// As `JudgeOptions::tle_margin`.
    pub tle_margin: f64,
    pub cache_dir: PathBuf,
    /// The language table (the built-in one, or a workspace's).
    pub languages: LanguageTable,
    pub events: Events,
}

/// What judging a package found.
#[derive(Debug, Clone)]
pub struct PackageResult {
    /// The package as a problem row: its first accepted submission's tests.
    pub row: ProblemResult,
    pub submissions: Vec<SubmissionResult>,
    pub time_limit_ms: u64,
    /// Where the time limit comes from, or how it was computed.
    pub time_limit_note: String,
}

/// Judges every submission of `package`. Errors are setup problems (a cache that cannot be written).
pub fn verify_package(package: &KattisPackage, options: &VerifyOptions) -> Result<PackageResult> {
    let cache = &options.cache_dir;
    let cache_abs = std::path::absolute(cache).unwrap_or_else(|_| cache.clone());
    crate::sandbox::configure(&cache_abs);
    let mut table = options.languages.clone();
    let mut validator_path = package.validator.as_ref().map(|v| v.path.clone());
    if let Some(program) = &package.validator {
        if let Some((language, marker)) =
            crate::package::kattis_program::script_language(program, cache)?
        {
            table.languages.push(language);
            validator_path = Some(marker);
        }
    }
    let compiler = Compiler::new(cache, table)?;
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(options.jobs.max(1))
        .build()
        .context("cannot start the worker threads")?;
    let scratch = Scratch::new(cache)?;
    let judges = pool.install(|| judges(package, validator_path, &compiler))?;
    let checkers = HashMap::from([(package.id.clone(), judges)]);
    let judge_options = JudgeOptions {
        jobs: options.jobs,
        time_scale: options.time_scale,
        output_limit: package.output_mb << 20,
        test_filter: None,
        submissions: true,
        given: Vec::new(),
        all_tests: options.all_tests,
        tle_margin: options.tle_margin,
        no_run: false,
        partition: None,
        only: None,
        events: options.events.clone(),
    };
    let run = Run {
        compiler: &compiler,
        checkers: &checkers,
        options: &judge_options,
        scratch: &scratch,
    };
    pool.install(|| judge(package, &run))
}

/// The packages of a workspace's `problems/`, judged in place as `harness verify` judges them: their
/// rows and submissions for the report; with `--submission`, only the programs given (and the rows of
/// packages that could not judge them).
pub fn grade_in_place(
    workspace: &Workspace,
    packages: &[KattisPackage],
    options: &JudgeOptions,
) -> Result<(Vec<ProblemResult>, Vec<SubmissionResult>)> {
    let (mut rows, mut submissions) = (Vec::new(), Vec::new());
    if packages.is_empty() {
        return Ok((rows, submissions));
    }
    let verify_options = VerifyOptions {
        jobs: options.jobs,
        time_scale: options.time_scale,
        all_tests: options.all_tests,
        tle_margin: options.tle_margin,
        cache_dir: workspace.cache_dir(),
        languages: workspace.languages()?,
        events: options.events.clone(),
    };
    let given = !options.given.is_empty();
    for package in packages {
        let result = verify_package(package, &verify_options)?;
        if !given || result.row.error.is_some() {
            rows.push(result.row);
        }
        submissions.extend(result.submissions.into_iter().filter(|s| s.given || !given));
    }
    Ok((rows, submissions))
}

/// Grades the submissions, computing the time limit first when the package gives none.
fn judge(package: &KattisPackage, run: &Run) -> Result<PackageResult> {
    let plan = |problem: &Problem, keep: &dyn Fn(&crate::model::Submission) -> bool| {
        package
            .submissions
            .iter()
            .filter(|s| keep(s))
            .map(|s| PlannedSubmission {
                submission: s.clone(),
                problem: problem.clone(),
                tests: package.test_cases(),
            })
            .collect::<Vec<_>>()
    };
    let (problem, mut results, note) = match &package.timing.given {
        Some((seconds, source)) => {
            let problem = package.problem((seconds * 1000.0).round().max(1.0) as u64);
            let results = super::submissions::grade(&plan(&problem, &|_| true), run)?;
            (problem, results, source.clone())
        }
        None => {
            let probe = package.problem(PROBE_TIME_LIMIT_MS);
            let bounds = |s: &crate::model::Submission| package.sets_time_limit(s);
            let mut results = super::submissions::grade(&plan(&probe, &bounds), run)?;
            let slowest = results
                .iter()
                .filter(|r| r.verdict == Some(Verdict::AC))
                .map(|r| r.max_cpu_ms)
                .reduce(f64::max);
            let Some(slowest) = slowest else {
                let why = "cannot compute the time limit: no accepted submission passed every test";
                return Ok(unjudged(package, &probe, results, why));
            };
            let limit = package.timing.computed_ms(slowest);
            let problem = package.problem(limit);
            results.extend(super::submissions::grade(
                &plan(&problem, &|s| !bounds(s)),
                run,
            )?);
            let note = format!(
                "computed: slowest accepted submission {:.3} s × {} = {:.3} s, rounded up to a multiple of {} s",
                slowest / 1000.0,
                package.timing.ac_to_time_limit,
                slowest / 1000.0 * package.timing.ac_to_time_limit,
                package.timing.resolution
            );
            (problem, results, note)
        }
    };
    // Report the submissions in the package's order.
    let order = |r: &SubmissionResult| {
        package
            .submissions
            .iter()
            .position(|s| s.relative == r.file)
    };
    results.sort_by_key(order);
    let mut row = ProblemResult::new(&problem, run.options.limits(&problem).cpu_ms);
    match results
        .iter()
        .find(|r| r.expected == Expected::Accepted && r.skipped.is_none())
    {
        Some(reference) => {
            row.tests = reference.tests.clone();
            row.score = reference.score.clone();
        }
        None => {
            row.error =
                Some("no accepted submission was judged (submissions/accepted/ is needed)".into())
        }
    }
    if let Some(Err(why)) = run.checkers.get(&package.id) {
        row.error = Some(why.clone());
    }
    results.extend(unplanned(package));
    Ok(PackageResult {
        row,
        submissions: results,
        time_limit_ms: problem.time_limit_ms,
        time_limit_note: note,
    })
}

/// The result of a package whose time limit could not be computed: the rest is not judged.
fn unjudged(
    package: &KattisPackage,
    problem: &Problem,
    mut results: Vec<SubmissionResult>,
    why: &str,
) -> PackageResult {
    let graded: Vec<String> = results.iter().map(|r| r.file.clone()).collect();
    for s in package
        .submissions
        .iter()
        .filter(|s| !graded.contains(&s.relative))
    {
        let mut result = skipped(&package.id, &s.relative, s.expected, why);
        result.given = s.given;
        results.push(result);
    }
    results.extend(unplanned(package));
    let mut row = ProblemResult::new(problem, problem.time_limit_ms);
    row.error = Some(why.to_string());
    PackageResult {
        row,
        submissions: results,
        time_limit_ms: 0,
        time_limit_note: why.to_string(),
    }
}

/// The submissions the package says nothing about, as skipped results.
fn unplanned(package: &KattisPackage) -> Vec<SubmissionResult> {
    package
        .unplanned
        .iter()
        .map(|u| {
            let folder = crate::model::VerdictRule::folder_name(&u.folder);
            let expected = Expected::Verdicts(crate::model::VerdictRule {
                folder,
                permitted: Default::default(),
                required: Default::default(),
            });
            skipped(&package.id, &u.relative, expected, &u.reason)
        })
        .collect()
}

fn skipped(problem: &str, file: &str, expected: Expected, why: &str) -> SubmissionResult {
    SubmissionResult {
        problem: problem.to_string(),
        file: file.to_string(),
        language: None,
        expected,
        why: None,
        verdict: None,
        stopped_at: None,
        matched: false,
        skipped: Some(why.to_string()),
        compile_error: None,
        max_cpu_ms: 0.0,
        given: false,
        time_warning: None,
        tests: Vec::new(),
        score: None,
    }
}

/// The package's checker (or interactor); the error says why none can judge.
fn judges(
    package: &KattisPackage,
    program: Option<PathBuf>,
    compiler: &Compiler,
) -> Result<std::result::Result<Judges, String>> {
    let Some(path) = program else {
        let mut by_input: HashMap<PathBuf, Arc<dyn Checker>> = HashMap::new();
        for test in &package.tests {
            let builtin = BuiltinChecker::from_kattis_flags(&test.args)
                .map_err(|why| anyhow::anyhow!("{}: {why}", test.args_from))?;
            by_input.insert(test.case.input.clone(), Arc::new(builtin));
        }
        return Ok(Ok(Judges {
            checker: Arc::new(PerTest { by_input }),
            interactor: None,
        }));
    };
    let shown = package
        .validator
        .as_ref()
        .map_or(String::new(), |v| v.relative.clone());
    let executable = match compiler.compile(&path)? {
        Compiled::Ok(executable) => executable,
        Compiled::Failed { message } => {
            return Ok(Err(format!(
                "the output validator {shown} does not build, so no test can be judged:\n{message}"
            )))
        }
        Compiled::Skipped { reason } => {
            return Ok(Err(format!(
                "the output validator {shown} cannot be built: {reason}"
            )))
        }
    };
    let validator = |args: &[String]| ProgramChecker {
        executable: executable.clone(),
        protocol: Protocol::Kattis,
        args: args.to_vec(),
        limits: package.validator_limits,
    };
    if package.interactive {
        let first = package
            .tests
            .first()
            .map(|t| t.args.clone())
            .unwrap_or_default();
        if package.tests.iter().any(|t| t.args != first) {
            return Ok(Err(
                "the tests give the interactor different arguments, which is not supported yet"
                    .into(),
            ));
        }
        return Ok(Ok(Judges {
            checker: Arc::new(BuiltinChecker::Tokens(Default::default())),
            interactor: Some(Arc::new(validator(&first))),
        }));
    }
    let by_input = package
        .tests
        .iter()
        .map(|t| {
            (
                t.case.input.clone(),
                Arc::new(validator(&t.args)) as Arc<dyn Checker>,
            )
        })
        .collect();
    Ok(Ok(Judges {
        checker: Arc::new(PerTest { by_input }),
        interactor: None,
    }))
}

/// A checker per test: each test's output validator gets that test's arguments.
struct PerTest {
    by_input: HashMap<PathBuf, Arc<dyn Checker>>,
}

impl Checker for PerTest {
    fn check(&self, files: &CheckFiles) -> Result<CheckResult> {
        let checker = self
            .by_input
            .get(files.input)
            .with_context(|| format!("no validator for the test {}", files.input.display()))?;
        checker.check(files)
    }
}
