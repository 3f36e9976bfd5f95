//! The packages of a run (`harness verify`, or dropped into `problems/`): a phase of the same run, in its
//! context and pool. A package's output validator (or the default one with its flags, per test) is its
//! checker; its submissions are graded as every submission is (`exec::submissions`). Without a time limit
//! in the package, it is computed as its format says: the submissions that bound it from below run first
//! under a generous limit, and the slowest of them sets the limit the others are judged under.

use std::sync::Arc;

use anyhow::Result;

use super::{JudgeOptions, Judges, Run};
use crate::grade::custom_grader::ProgramGrader;
use crate::lang::Compiler;
use crate::model::{Expected, Problem, ProblemResult, SubmissionResult, Verdict};
use crate::package::kattis::KattisPackage;
use crate::plan::PlannedSubmission;

/// The time limit a package without one is first judged under, while it is computed (ms).
pub const PROBE_TIME_LIMIT_MS: u64 = 60_000;

/// Grades the packages one after the other, each in the run's pool: their rows (with the package's facts)
/// and submissions; with `--submission`, only the programs given (and the rows of packages that could not
/// judge them).
pub(super) fn grade(
    packages: &[KattisPackage],
    run: &Run,
) -> Result<(Vec<ProblemResult>, Vec<SubmissionResult>)> {
    let given = !run.options.given.is_empty();
    let (mut rows, mut submissions) = (Vec::new(), Vec::new());
    for package in packages {
        let (row, results) = judge(package, run)?;
        if !given || row.error.is_some() {
            rows.push(row);
        }
        submissions.extend(results.into_iter().filter(|s| s.given || !given));
    }
    Ok((rows, submissions))
}

/// Grades the submissions, computing the time limit first when the package gives none; the package's row
/// is its first accepted submission's tests.
fn judge(package: &KattisPackage, run: &Run) -> Result<(ProblemResult, Vec<SubmissionResult>)> {
    if let Some(why) = &package.unsupported {
        let mut row = ProblemResult::error(&package.id, Some(&package.problem(0)), 0, why);
        row.package = Some(package.info(None));
        return Ok((row, Vec::new()));
    }
    // The package's own output limit.
    let options = JudgeOptions {
        output_limit: package.output_mb << 20,
        ..run.options.clone()
    };
    let run = &Run {
        options: &options,
        ..*run
    };
    let plan = |problem: &Problem, keep: &dyn Fn(&crate::model::Submission) -> bool| {
        package
            .submissions
            .iter()
            .filter(|s| keep(s))
            .map(|s| PlannedSubmission {
                submission: s.clone(),
                problem: problem.clone(),
                tests: package.tests.clone(),
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
            // Every test of a bounding submission counts, also after its first failure.
            let all_tests = JudgeOptions {
                all_tests: true,
                ..run.options.clone()
            };
            let probing = Run {
                options: &all_tests,
                ..*run
            };
            let mut results = super::submissions::grade(&plan(&probe, &bounds), &probing)?;
            if !results.iter().any(|r| r.verdict == Some(Verdict::AC)) {
                let why = "cannot compute the time limit: no accepted submission passed every test";
                return Ok(unjudged(package, &probe, results, why));
            }
            let (slowest, by) = results
                .iter()
                .filter(|r| r.verdict.is_some_and(|v| v != Verdict::TLE))
                .map(|r| (r.max_cpu_ms, r.file.clone()))
                .fold((0.0, String::new()), |a, b| if b.0 > a.0 { b } else { a });
            let limit = package.timing.computed_ms(slowest);
            let problem = package.problem(limit);
            results.extend(super::submissions::grade(
                &plan(&problem, &|s| !bounds(s)),
                run,
            )?);
            let note = format!(
                "computed: slowest submission bounding it from below ({by}) {:.3} s × {} = {:.3} s, rounded up to a multiple of {} s",
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
    row.package = Some(package.info(Some(note)));
    results.extend(unplanned(package));
    Ok((row, results))
}

/// The result of a package whose time limit could not be computed: the rest is not judged.
fn unjudged(
    package: &KattisPackage,
    problem: &Problem,
    mut results: Vec<SubmissionResult>,
    why: &str,
) -> (ProblemResult, Vec<SubmissionResult>) {
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
    let mut row = ProblemResult::error(&package.id, Some(problem), problem.time_limit_ms, why);
    row.time_limit_ms = 0;
    row.package = Some(package.info(Some(why.to_string())));
    (row, results)
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
        skipped: Some(why.to_string()),
        ..SubmissionResult::new(problem, file, expected)
    }
}

/// The package's checker (or interactor), as a problem's, and its custom grader; the error says why
/// none can judge.
pub(super) fn judges(
    package: &KattisPackage,
    compiler: &Compiler,
) -> Result<std::result::Result<Judges, String>> {
    let judges = match super::judges(&package.problem(0), compiler)? {
        Ok(judges) => judges,
        Err(why) => return Ok(Err(why)),
    };
    let Some(program) = &package.grader else {
        return Ok(Ok(judges));
    };
    let shown = format!("{}/{}", package.id, program.relative);
    Ok(
        super::build(&program.path, &shown, "custom grader", compiler)?.map(|executable| Judges {
            grader: Some(Arc::new(ProgramGrader::new(
                executable,
                compiler.sandbox().clone(),
            ))),
            ..judges
        }),
    )
}
