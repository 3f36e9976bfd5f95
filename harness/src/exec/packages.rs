//! The packages' own phase of a run: the time limit of a package that gives none, computed as its format
//! says (the submissions that bound it from below run first under the probe limit, and the slowest of them
//! sets the limit the others are judged under, all in the run's pool), and every package's row. A package
//! that gives its limit is graded in the first phase, beside our problems (`exec::execute`).

use anyhow::Result;

use super::{JudgeOptions, Run};
use crate::model::repeats::seconds;
use crate::model::{Problem, ProblemResult, SubmissionResult, Verdict};
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
            // With --repeat, each runs that many times and its CPU time per test is the median.
            let mut results = repeated(run.options.repeat, || {
                super::submissions::grade(&planned(this, package, probe, true), &probing)
            })?;
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
            results.extend(repeated(run.options.repeat, || {
                super::submissions::grade(&planned(this, package, &problem, false), run)
            })?);
            let limit_ms = run.options.limits(&problem).cpu_ms;
            for result in &mut results {
                result.time_margin = margin(result, limit_ms, run.options.tle_margin);
            }
            let median = match run.options.repeat > 1 {
                true => format!(" (median of {} repeats)", run.options.repeat),
                false => String::new(),
            };
            let note = format!(
                "computed: slowest submission bounding it from below ({by}) {:.3} s{median} × {} = {:.3} s, rounded up to a multiple of {} s",
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
    let none = "no submission that must be accepted was judged (submissions/accepted/ is needed)";
    let accepted = |r: &&SubmissionResult| r.expected.must_accept() && r.skipped.is_none();
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

/// The submissions' results of `grade`, run `repeat` times one after the other and merged.
fn repeated(
    repeat: usize,
    mut grade: impl FnMut() -> Result<Vec<SubmissionResult>>,
) -> Result<Vec<SubmissionResult>> {
    let (_, submissions) = super::repeated(repeat, || Ok((Vec::new(), grade()?)))?;
    Ok(submissions)
}

/// How far an accepted submission stays under a computed CPU limit, or a time-limit-exceeded one went over
/// it: by its slowest test (its median over the repeats). A TLE submission ran under the limit × the TLE
/// margin (`--tle-margin`): when it was stopped there, only that it needs more is known.
fn margin(result: &SubmissionResult, limit_ms: u64, tle_margin: f64) -> Option<String> {
    let limit = limit_ms as f64;
    let slowest = result
        .tests
        .iter()
        .reduce(|a, b| if b.cpu_ms > a.cpu_ms { b } else { a })?;
    let cpu = slowest.cpu_ms;
    match result.verdict? {
        Verdict::AC => Some(format!(
            "accepted with {} s to spare: its slowest test ({}) takes {} s of the {} s limit ({:.0}%)",
            seconds(limit - cpu),
            slowest.name,
            seconds(cpu),
            seconds(limit),
            cpu / limit * 100.0
        )),
        Verdict::TLE => {
            let test = result.tests.iter().find(|t| t.verdict == Verdict::TLE)?;
            // The launcher stops a run a little past its CPU limit: within 5% of it, it was stopped.
            let stopped_at = limit * tle_margin;
            if test.cpu_ms <= limit {
                // Stopped by the wall clock (idle), not by its CPU time.
                return Some(format!(
                    "TLE on {} by the wall clock, at {} s of CPU time of the {} s limit",
                    test.name,
                    seconds(test.cpu_ms),
                    seconds(limit)
                ));
            }
            Some(match test.cpu_ms < stopped_at * 0.95 {
                // It ended before the longer limit it ran under: how far over is known.
                true => format!(
                    "too slow by {} s: {} takes {} s of the {} s limit ({:.0}%)",
                    seconds(test.cpu_ms - limit),
                    test.name,
                    seconds(test.cpu_ms),
                    seconds(limit),
                    test.cpu_ms / limit * 100.0
                ),
                false if tle_margin > 1.0 => format!(
                    "over the {} s limit on {}: still running at {} s (the limit × {tle_margin}), where it was stopped",
                    seconds(limit),
                    test.name,
                    seconds(stopped_at)
                ),
                false => format!(
                    "over the {} s limit on {} (stopped there: --tle-margin F runs it further to say by how much)",
                    seconds(limit),
                    test.name
                ),
            })
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Expected, TestResult};

    fn submission(verdict: Verdict, tests: &[(&str, Verdict, f64)]) -> SubmissionResult {
        SubmissionResult {
            verdict: Some(verdict),
            tests: tests
                .iter()
                .map(|(name, verdict, cpu_ms)| TestResult {
                    verdict: *verdict,
                    cpu_ms: *cpu_ms,
                    ..TestResult::compile_error(name)
                })
                .collect(),
            ..SubmissionResult::new("p", "a.rs", Expected::Accepted)
        }
    }

    #[test]
    fn accepted_and_tle_submissions_say_their_margin_under_a_computed_limit() {
        let fast = submission(
            Verdict::AC,
            &[("1", Verdict::AC, 120.0), ("2", Verdict::AC, 400.0)],
        );
        assert_eq!(
            margin(&fast, 2000, 1.0).as_deref(),
            Some("accepted with 1.6 s to spare: its slowest test (2) takes 0.4 s of the 2 s limit (20%)")
        );
        // Run under the limit × 1.5 (--tle-margin), it finished: how far over is known.
        let slow = submission(
            Verdict::TLE,
            &[("1", Verdict::AC, 10.0), ("2", Verdict::TLE, 2500.0)],
        );
        assert_eq!(
            margin(&slow, 2000, 1.5).as_deref(),
            Some("too slow by 0.5 s: 2 takes 2.5 s of the 2 s limit (125%)")
        );
        // Stopped a little past the limit, or past the limit × 1.5: only a bound is known.
        let stopped = submission(Verdict::TLE, &[("1", Verdict::TLE, 2004.0)]);
        assert_eq!(
            margin(&stopped, 2000, 1.0).as_deref(),
            Some("over the 2 s limit on 1 (stopped there: --tle-margin F runs it further to say by how much)")
        );
        let longer = submission(Verdict::TLE, &[("1", Verdict::TLE, 3003.0)]);
        assert_eq!(
            margin(&longer, 2000, 1.5).as_deref(),
            Some("over the 2 s limit on 1: still running at 3 s (the limit × 1.5), where it was stopped")
        );
        let wrong = submission(Verdict::WA, &[("1", Verdict::WA, 5.0)]);
        assert_eq!(margin(&wrong, 2000, 1.0), None);
    }
}
