//! Grading submissions: each is compiled once and run on its problem's tests in order, stopping at the
//! first test it does not pass (all of them with `--all-tests`); its verdict is that test's, and it is as
//! expected when its folder allows that verdict (for `accepted`: every test passed). An accepted submission
//! above half the limit is warned about (problemtools' `ac_to_time_limit`). A time-limit-exceeded
//! submission runs only as long as it takes to be sure of the TLE: under the limit itself. With
//! `--tle-margin F` it runs under the limit × F instead, is judged against the limit, and is warned about
//! when it passes within the longer limit (problemtools' `time_limit_to_tle`): one run says both.

use std::borrow::Borrow;

use anyhow::Result;
use rayon::prelude::*;

use super::{run_test, Run};
use crate::events::Event;
use crate::grade::run_verdict::within;
use crate::lang::{Compiled, Executable};
use crate::model::{Expected, SubmissionResult, TestResult, Verdict};
use crate::plan::PlannedSubmission;

/// Compiles and runs the submissions in parallel.
pub(super) fn grade<S: Borrow<PlannedSubmission> + Sync>(
    plan: &[S],
    run: &Run,
) -> Result<Vec<SubmissionResult>> {
    let plan: Vec<&PlannedSubmission> = plan.iter().map(Borrow::borrow).collect();
    let compiled: Vec<Compiled> = plan
        .par_iter()
        .map(|s| match &run.checkers.get(&s.problem.id) {
            Some(Ok(_)) => match super::answer_files(&s.problem, &s.submission.path) {
                Some(answers) => Ok(Compiled::Ok(answers)),
                None => match run.compiler.table().program(&s.submission.path) {
                    Ok(_) => super::compile_for(run.compiler, &s.problem, &s.submission.path),
                    Err(unknown) => Ok(Compiled::Skipped {
                        reason: format!("{}: {unknown:#}", s.submission.relative),
                    }),
                },
            },
            Some(Err(why)) => Ok(Compiled::Skipped {
                reason: format!("the problem cannot be judged: {why}"),
            }),
            None => Ok(Compiled::Skipped {
                reason: "the problem was not planned".to_string(),
            }),
        })
        .collect::<Result<_>>()?;
    let runs = plan
        .iter()
        .zip(&compiled)
        .filter(|(_, c)| matches!(c, Compiled::Ok(_)))
        .map(|(s, _)| s.tests.len())
        .sum();
    run.options.events.emit(Event::RunsPlanned { runs });
    // The longest first, so that they do not end the run alone. The results keep the plan's order.
    let mut order: Vec<(usize, &PlannedSubmission, Compiled)> = plan
        .iter()
        .zip(compiled)
        .enumerate()
        .map(|(i, (s, c))| (i, *s, c))
        .collect();
    order.sort_by_key(|(i, s, _)| (!may_run_to_the_limit(s.submission.expected), *i));
    let mut graded: Vec<(usize, SubmissionResult)> = super::one_by_one(order.into_par_iter())
        .map(|(i, s, compiled)| Ok((i, grade_one(s, compiled, run)?)))
        .collect::<Result<_>>()?;
    graded.sort_by_key(|(i, _)| *i);
    Ok(graded.into_iter().map(|(_, result)| result).collect())
}

/// Whether a submission's folder allows a time limit exceeded: then it runs to the limit on a test at least
/// (a `time_limit_exceeded/` one, and a `partially_accepted/` one, too slow for its larger groups).
fn may_run_to_the_limit(expected: Expected) -> bool {
    expected.allows(Verdict::TLE)
}

fn grade_one(s: &PlannedSubmission, compiled: Compiled, run: &Run) -> Result<SubmissionResult> {
    let program = run.compiler.program(&s.submission.path).ok();
    let language = program.as_ref().map(|p| p.language.name.clone());
    let mut result = SubmissionResult {
        language,
        why: s.submission.why.clone(),
        given: s.submission.given,
        ..SubmissionResult::new(&s.problem.id, &s.submission.relative, s.submission.expected)
    };
    match compiled {
        Compiled::Skipped { reason } => result.skipped = Some(reason),
        Compiled::Failed { message } => {
            result.verdict = Some(Verdict::CE);
            result.compile_error = Some(message);
            result.tests = s
                .tests
                .iter()
                .map(|t| TestResult::compile_error(&t.name))
                .collect();
        }
        Compiled::Ok(executable) => {
            if executable.is_answers() {
                result.language = Some("answer files".to_string());
            }
            let passes_longer;
            (result.tests, passes_longer) = match &s.problem.scoring {
                Some(scoring) => {
                    let (tests, score) = run_scored(s, scoring, &executable, run)?;
                    result.score = Some(score);
                    (tests, false)
                }
                None => run_until_failure(s, &executable, run)?,
            };
            let first_failure = result.tests.iter().find(|t| t.verdict != Verdict::AC);
            result.verdict = Some(first_failure.map_or(Verdict::AC, |t| t.verdict));
            result.stopped_at = first_failure.map(|t| t.name.clone());
            result.max_cpu_ms = result.tests.iter().map(|t| t.cpu_ms).fold(0.0, f64::max);
            result.time_warning = time_warning(s, &result, passes_longer, run);
            name_sources_as_submitted(&mut result.tests, &executable.dir, s);
            if let Some(program) = &program {
                footprint_hint(
                    &mut result.tests,
                    &program.language,
                    run.options.limits(&s.problem).memory_kb,
                );
            }
        }
    }
    let verdicts: Vec<Verdict> = result.tests.iter().map(|t| t.verdict).collect();
    result.matched = result.verdict.is_some() && s.submission.expected.allows_tests(&verdicts);
    if let (Some(score), Some(scoring)) = (&mut result.score, &s.problem.scoring) {
        // A scored submission is judged by its aggregated verdict and its score.
        result.verdict = Some(score.verdict);
        if score.verdict == Verdict::AC {
            // Accepted overall: the groups' first failures are in the score.
            result.stopped_at = None;
        }
        score.expected = scoring.expected_for(&s.submission.path);
        let judged = crate::model::judge_expectation(
            s.submission.expected,
            score,
            score.expected,
            scoring.partial,
        );
        score.mismatch = judged.clone().err();
        result.matched = judged.is_ok();
    }
    Ok(result)
}

/// A message of an interpreted program (a Python traceback) names the copy of its sources it runs from, in
/// the build cache: shown as the files submitted (`problems/<id>/submissions/.../x.py`, or the path given).
fn name_sources_as_submitted(
    tests: &mut [TestResult],
    build: &std::path::Path,
    s: &PlannedSubmission,
) {
    let copies = format!("{}/", build.join("src").display());
    let relative = std::path::Path::new(&s.submission.relative);
    let submitted = match s.submission.path.is_dir() {
        true => relative,
        false => relative.parent().unwrap_or(std::path::Path::new("")),
    };
    let submitted = match submitted.as_os_str().is_empty() {
        true => String::new(),
        false => format!("{}/", submitted.display()),
    };
    for test in tests.iter_mut() {
        for text in [&mut test.stderr_tail, &mut test.detail]
            .into_iter()
            .flatten()
        {
            if text.contains(&copies) {
                *text = text.replace(&copies, &submitted);
            }
        }
    }
}

/// An MLE of a program whose runtime alone takes about as much memory as the limit allows (PyPy: 49 MiB,
/// where many old problems allow 32) says so, and what to do: the program is not the cause.
fn footprint_hint(tests: &mut [TestResult], language: &crate::lang::Language, limit_kb: u64) {
    let Some(footprint) = crate::lang::table::footprint_mib(&language.id) else {
        return;
    };
    let limit_mib = limit_kb / 1024;
    // Within 4 MiB of the limit: reading the input alone crosses it.
    if footprint + 4 < limit_mib {
        return;
    }
    for test in tests.iter_mut().filter(|t| t.verdict == Verdict::MLE) {
        let hint = format!(
            "{} itself takes about {footprint} MiB before running any code, and this problem allows {limit_mib} MiB: submit in C++ or Rust (the original judge may not offer Python), or raise memory_limit_mb if this judge's limit is meant for it",
            language.name
        );
        test.detail = Some(match test.detail.take() {
            Some(detail) => format!("{detail}; {hint}"),
            None => hint,
        });
    }
}

/// A submission of a scoring problem: its tests in the order of the groups, as far as their `on_reject`
/// rules go, and its score.
fn run_scored(
    s: &PlannedSubmission,
    scoring: &crate::model::Scoring,
    executable: &Executable,
    run: &Run,
) -> Result<(Vec<TestResult>, crate::model::SubmissionScore)> {
    let mut tests: Vec<TestResult> = Vec::new();
    // A setup problem of the grader (its scratch files) stops the run; what it says is its group's.
    let grader = match &run.checkers[&s.problem.id] {
        Ok(judges) => judges.grader.clone(),
        Err(_) => None,
    };
    let setup = std::cell::RefCell::new(None);
    let custom = |children: &[(Verdict, f64)], flags: &[String]| {
        let Some(grader) = &grader else {
            return Err("the package has no custom grader".to_string());
        };
        grader
            .grade(children, flags, run.scratch)
            .unwrap_or_else(|error| {
                let why = format!("{error:#}");
                setup.borrow_mut().get_or_insert(error);
                Err(why)
            })
    };
    let score = crate::grade::score::score_explained(scoring, Some(&custom), &mut |name| {
        let Some(test) = s.tests.iter().find(|t| t.name == name) else {
            return Ok(None);
        };
        // A test in two groups (a large group including the small tests) runs once.
        if let Some(done) = tests.iter().find(|t: &&TestResult| t.name == name) {
            return Ok(Some(crate::grade::score::explained(done)));
        }
        let mut result = run_test(&s.problem, test, executable, run)?;
        keep_the_cause(&mut result, s.submission.given);
        let judged = crate::grade::score::explained(&result);
        tests.push(result);
        Ok(Some(judged))
    })?;
    if let Some(error) = setup.into_inner() {
        return Err(error);
    }
    // The tests its groups' rules left unrun (`on_reject: break`, a group that needs another passed).
    for skipped in s
        .tests
        .iter()
        .filter(|t| tests.iter().all(|r| r.name != t.name))
    {
        run.options.events.emit(Event::TestSkipped {
            problem: &s.problem.id,
            test: &skipped.name,
        });
    }
    Ok((tests, score))
}

/// The submission's tests in order, up to the first not accepted (all with `--all-tests`); and whether a
/// time-limit-exceeded submission's first TLE would pass with the limit × `--tle-margin`.
fn run_until_failure(
    s: &PlannedSubmission,
    executable: &Executable,
    run: &Run,
) -> Result<(Vec<TestResult>, bool)> {
    let limits = run.options.limits(&s.problem);
    let margin = run.options.tle_margin;
    let longer_options = crate::exec::JudgeOptions {
        time_scale: run.options.time_scale * margin,
        ..run.options.clone()
    };
    let longer = Run {
        options: &longer_options,
        ..*run
    };
    let mut tests = Vec::new();
    let mut passes_longer = false;
    for (t, test) in s.tests.iter().enumerate() {
        let mut result = match s.submission.expected {
            Expected::TimeLimitExceeded if margin > 1.0 => {
                let (result, passes) =
                    within(run_test(&s.problem, test, executable, &longer)?, &limits);
                passes_longer |=
                    passes && !tests.iter().any(|r: &TestResult| r.verdict != Verdict::AC);
                result
            }
            _ => run_test(&s.problem, test, executable, run)?,
        };
        let failed = result.verdict != Verdict::AC;
        keep_the_cause(&mut result, s.submission.given);
        tests.push(result);
        if failed && !run.options.all_tests {
            for skipped in &s.tests[t + 1..] {
                run.options.events.emit(Event::TestSkipped {
                    problem: &s.problem.id,
                    test: &skipped.name,
                });
            }
            break;
        }
    }
    Ok((tests, passes_longer))
}

/// What a failed test of a problem's or package's own submission keeps: they fail on purpose, so their
/// diffs and chatter would only be noise; but a run-time error keeps its stderr, which says why it crashed
/// (a traceback, an exception), the cause a report shows when the crash is not what the folder asks.
/// A program given with `--submission` keeps everything.
fn keep_the_cause(result: &mut TestResult, given: bool) {
    if given {
        return;
    }
    result.diff = None;
    if result.verdict != Verdict::RE {
        result.stderr_tail = None;
    }
}

/// problemtools' time-limit checks: `ac_to_time_limit` (an accepted submission above half the limit) and
/// `time_limit_to_tle` (a TLE submission that passes its first TLE test with the limit × `--tle-margin`).
fn time_warning(
    s: &PlannedSubmission,
    result: &SubmissionResult,
    passes_longer: bool,
    run: &Run,
) -> Option<String> {
    let limits = run.options.limits(&s.problem);
    match (s.submission.expected, result.verdict) {
        (Expected::Accepted, Some(Verdict::AC)) if limits.near_limit(result.max_cpu_ms) => Some(format!(
            "accepted, but a test took {:.0} ms of CPU, more than half the {} ms limit: a slower judge may say TLE",
            result.max_cpu_ms, limits.cpu_ms
        )),
        (Expected::TimeLimitExceeded, Some(Verdict::TLE)) if passes_longer => {
            let name = result.stopped_at.as_deref().unwrap_or_default();
            let margin = run.options.tle_margin;
            let longer_ms = (limits.cpu_ms as f64 * margin).ceil() as u64;
            Some(format!(
                "passes {name} with the time limit × {margin} ({longer_ms} ms): it is not clearly too slow"
            ))
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{VerdictRule, VerdictSet};

    #[test]
    fn partially_accepted_submissions_start_first_with_the_time_limit_exceeded_ones() {
        // What a partially_accepted/ folder of our layout allows (package::submissions).
        let partial = Expected::Verdicts(VerdictRule {
            folder: VerdictRule::folder_name("partially_accepted"),
            permitted: VerdictSet::of(&Verdict::ALL),
            required: VerdictSet::of(&Verdict::ALL),
        });
        assert!(may_run_to_the_limit(partial));
        assert!(may_run_to_the_limit(Expected::TimeLimitExceeded));
        for quick in [Expected::Accepted, Expected::WrongAnswer] {
            assert!(!may_run_to_the_limit(quick), "{quick:?}");
        }
    }
}
