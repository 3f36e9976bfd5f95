//! The packages' own phase of a run: the time limit of a package that gives none, computed as its format
//! says (the submissions that bound it from below run first under the probe limit, and the slowest of them
//! sets the limit the others are judged under, all in the run's pool), and every package's row. A package
//! that gives its limit is graded in the first phase, beside our problems (`exec::execute`).

use anyhow::Result;

use super::{JudgeOptions, Run};
use crate::model::{Expected, Problem, ProblemResult, SubmissionResult, Verdict};
use crate::plan::{OwnSubmissions, PlannedProblem, PlannedSubmission};

/// The packages' rows (with the package's facts) and submissions: those `graded` in the first phase, and
/// those of the packages whose time limit is computed here; with `--submission`, only the programs given
/// (and the rows of packages that could not judge them).
pub(super) fn grade(
    packages: &[(&PlannedProblem, &OwnSubmissions)],
    mut graded: Vec<SubmissionResult>,
    run: &Run,
) -> Result<(Vec<ProblemResult>, Vec<SubmissionResult>)> {
    let given = !run.options.given.is_empty();
    let (mut rows, mut submissions) = (Vec::new(), Vec::new());
    for &(planned, own) in packages {
        let id = &planned.problem.id;
        let (graded_here, rest) = graded.into_iter().partition(|r| r.problem == *id);
        graded = rest;
        let (row, results) = judge(planned, own, graded_here, run)?;
        if !given || row.error.is_some() {
            rows.push(row);
        }
        submissions.extend(results.into_iter().filter(|s| s.given || !given));
    }
    Ok((rows, submissions))
}

/// The package's submissions that bound its time limit from below (or the others), to run on `problem`.
pub(super) fn planned(
    planned: &PlannedProblem,
    package: &OwnSubmissions,
    problem: &Problem,
    bounding: bool,
) -> Vec<PlannedSubmission> {
    let submissions = package.submissions.iter();
    let chosen = submissions.filter(|(_, bounds)| *bounds == bounding);
    chosen
        .map(|(s, _)| PlannedSubmission {
            submission: s.clone(),
            problem: problem.clone(),
            tests: planned.tests.clone(),
        })
        .collect()
}

/// The package's submissions (`graded` already when it gives its time limit; else computing the limit
/// first) and its row: its first accepted submission's tests.
fn judge(
    this: &PlannedProblem,
    package: &OwnSubmissions,
    graded: Vec<SubmissionResult>,
    run: &Run,
) -> Result<(ProblemResult, Vec<SubmissionResult>)> {
    let (problem, mut results, note) = match &package.timing {
        None => (this.problem.clone(), graded, None),
        Some(timing) => {
            let probe = &this.problem;
            // Every test of a bounding submission counts, also after its first failure.
            let all_tests = JudgeOptions {
                all_tests: true,
                ..run.options.clone()
            };
            let probing = Run {
                options: &all_tests,
                ..*run
            };
            let mut results =
                super::submissions::grade(&planned(this, package, probe, true), &probing)?;
            if !results.iter().any(|r| r.verdict == Some(Verdict::AC)) {
                // The rest is not judged.
                let why = "cannot compute the time limit: no accepted submission passed every test";
                let others = package.submissions.iter().filter(|(_, bounds)| !bounds);
                results.extend(others.map(|(s, _)| SubmissionResult {
                    given: s.given,
                    skipped: Some(why.to_string()),
                    ..SubmissionResult::new(&probe.id, &s.relative, s.expected)
                }));
                results.extend(package.unplanned.iter().cloned());
                let mut facts = package.facts.clone();
                facts.time_limit_source = Some(why.to_string());
                let row = ProblemResult {
                    time_limit_ms: 0,
                    package: Some(facts),
                    ..ProblemResult::error(&probe.id, Some(probe), probe.time_limit_ms, why)
                };
                return Ok((row, results));
            }
            let (slowest, by) = results
                .iter()
                .filter(|r| r.verdict.is_some_and(|v| v != Verdict::TLE))
                .map(|r| (r.max_cpu_ms, r.file.clone()))
                .fold((0.0, String::new()), |a, b| if b.0 > a.0 { b } else { a });
            let problem = Problem {
                time_limit_ms: timing.computed_ms(slowest),
                ..probe.clone()
            };
            results.extend(super::submissions::grade(
                &planned(this, package, &problem, false),
                run,
            )?);
            let note = format!(
                "computed: slowest submission bounding it from below ({by}) {:.3} s × {} = {:.3} s, rounded up to a multiple of {} s",
                slowest / 1000.0,
                timing.ac_to_time_limit,
                slowest / 1000.0 * timing.ac_to_time_limit,
                timing.resolution
            );
            (problem, results, Some(note))
        }
    };
    // Report the submissions in the package's order.
    let order = |r: &SubmissionResult| {
        package
            .submissions
            .iter()
            .position(|(s, _)| s.relative == r.file)
    };
    results.sort_by_key(order);
    let mut row = ProblemResult::new(&problem, run.options.limits(&problem).cpu_ms);
    let none = "no accepted submission was judged (submissions/accepted/ is needed)";
    let accepted = |r: &&SubmissionResult| r.expected == Expected::Accepted && r.skipped.is_none();
    match results.iter().find(accepted) {
        Some(first) => (row.tests, row.score) = (first.tests.clone(), first.score.clone()),
        None => row.error = Some(none.to_string()),
    }
    if let Some(Err(why)) = run.checkers.get(&problem.id) {
        row.error = Some(why.clone());
    }
    let mut facts = package.facts.clone();
    facts.time_limit_source = note.or(facts.time_limit_source);
    row.package = Some(facts);
    results.extend(package.unplanned.iter().cloned());
    Ok((row, results))
}
