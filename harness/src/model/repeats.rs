//! Repeated runs (`--repeat N`): the passes of one plan merged into one set of results. Each test keeps
//! its median run, with the spread of its CPU time over the repeats and every verdict it got, so that a
//! verdict that changed between repeats (a flip) is seen and counted.

use std::fmt::Write as _;

use serde::{Deserialize, Serialize};

use super::result::{ProblemResult, SubmissionResult, TestResult};
use super::verdict::Verdict;

/// A test's runs over the repeats.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Repeats {
    /// How many times it ran: a submission stops at its first failure, so in a repeat where an earlier
    /// test failed, a later one did not run.
    pub runs: usize,
    pub cpu_min_ms: f64,
    pub cpu_median_ms: f64,
    pub cpu_max_ms: f64,
    /// The most CPU time less the least.
    pub spread_ms: f64,
    /// Every verdict it got, with how many runs got it and their CPU times: the most frequent first.
    pub verdicts: Vec<VerdictCount>,
}

/// How many runs of a test got one verdict, and their least and most CPU time.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct VerdictCount {
    pub verdict: Verdict,
    pub runs: usize,
    pub cpu_min_ms: f64,
    pub cpu_max_ms: f64,
}

impl Repeats {
    /// The runs' figures; `None` for no run.
    pub fn of(runs: &[TestResult]) -> Option<Repeats> {
        let mut cpu: Vec<f64> = runs.iter().map(|t| t.cpu_ms).collect();
        cpu.sort_by(f64::total_cmp);
        let (min, max) = (*cpu.first()?, *cpu.last()?);
        let mut verdicts: Vec<VerdictCount> = Vec::new();
        for run in runs {
            match verdicts.iter_mut().find(|v| v.verdict == run.verdict) {
                Some(count) => {
                    count.runs += 1;
                    count.cpu_min_ms = count.cpu_min_ms.min(run.cpu_ms);
                    count.cpu_max_ms = count.cpu_max_ms.max(run.cpu_ms);
                }
                None => verdicts.push(VerdictCount {
                    verdict: run.verdict,
                    runs: 1,
                    cpu_min_ms: run.cpu_ms,
                    cpu_max_ms: run.cpu_ms,
                }),
            }
        }
        // The most frequent first; among as frequent, the most severe.
        verdicts.sort_by(|a, b| b.runs.cmp(&a.runs).then(a.verdict.cmp(&b.verdict)));
        Some(Repeats {
            runs: runs.len(),
            cpu_min_ms: min,
            cpu_median_ms: median(&cpu),
            cpu_max_ms: max,
            spread_ms: max - min,
            verdicts,
        })
    }

    /// The verdict changed between repeats.
    pub fn flipped(&self) -> bool {
        self.verdicts.len() > 1
    }

    /// Its verdicts in words against the CPU limit judged against: `AC 4 of 5 at 0.91–0.98 s, TLE 1 of 5
    /// at 1.02 s, of a 1 s limit`.
    pub fn describe(&self, limit_ms: Option<u64>) -> String {
        let mut text = String::new();
        for (i, v) in self.verdicts.iter().enumerate() {
            let separator = if i == 0 { "" } else { ", " };
            let _ = write!(
                text,
                "{separator}{} {} of {} at ",
                v.verdict, v.runs, self.runs
            );
            match seconds(v.cpu_min_ms) == seconds(v.cpu_max_ms) {
                true => {
                    let _ = write!(text, "{} s", seconds(v.cpu_max_ms));
                }
                false => {
                    let _ = write!(
                        text,
                        "{}–{} s",
                        seconds(v.cpu_min_ms),
                        seconds(v.cpu_max_ms)
                    );
                }
            }
        }
        if let Some(limit_ms) = limit_ms {
            let _ = write!(text, ", of a {} s limit", seconds(limit_ms as f64));
        }
        text
    }
}

/// Milliseconds as seconds to the millisecond, without trailing zeros: `1020` → `1.02`, `400` → `0.4`.
pub fn seconds(ms: f64) -> String {
    let text = format!("{:.3}", ms / 1000.0);
    let text = text.trim_end_matches('0').trim_end_matches('.');
    text.to_string()
}

/// The median of sorted values: the middle one, or the mean of the two middle ones.
fn median(sorted: &[f64]) -> f64 {
    let n = sorted.len();
    match n % 2 {
        1 => sorted[n / 2],
        _ => (sorted[n / 2 - 1] + sorted[n / 2]) / 2.0,
    }
}

/// The index of the median of `values` (the lower one of an even count): the run that tells a test.
fn median_index(values: impl Iterator<Item = f64>) -> usize {
    let mut indexed: Vec<(usize, f64)> = values.enumerate().collect();
    indexed.sort_by(|a, b| a.1.total_cmp(&b.1));
    indexed[(indexed.len() - 1) / 2].0
}

/// A test's runs as one result: its median run (by CPU time), its CPU time the median of them all, and
/// the figures of every run.
pub fn merge_test(runs: Vec<TestResult>) -> TestResult {
    let repeats = Repeats::of(&runs);
    let chosen = median_index(runs.iter().map(|t| t.cpu_ms));
    let mut test = runs.into_iter().nth(chosen).expect("at least one run");
    if let Some(repeats) = repeats {
        test.cpu_ms = repeats.cpu_median_ms;
        test.repeats = Some(repeats);
    }
    test
}

/// The tests of the same program over the repeats, by name, in the order they were first met.
fn merge_tests(passes: Vec<Vec<TestResult>>) -> Vec<TestResult> {
    let mut by_name: Vec<(String, Vec<TestResult>)> = Vec::new();
    for test in passes.into_iter().flatten() {
        match by_name.iter_mut().find(|(name, _)| *name == test.name) {
            Some((_, runs)) => runs.push(test),
            None => by_name.push((test.name.clone(), vec![test])),
        }
    }
    by_name
        .into_iter()
        .map(|(_, runs)| merge_test(runs))
        .collect()
}

/// The problems' rows of several passes over one plan (the same rows in the same order) as one.
pub fn merge_problems(passes: Vec<Vec<ProblemResult>>) -> Vec<ProblemResult> {
    transpose(passes)
        .into_iter()
        .map(|mut rows| {
            let tests = rows
                .iter_mut()
                .map(|r| std::mem::take(&mut r.tests))
                .collect();
            let mut row = rows.swap_remove(0);
            row.tests = merge_tests(tests);
            row
        })
        .collect()
}

/// The submissions of several passes over one plan as one: each told by its median repeat (by its most
/// CPU time: its verdict, whether as expected), with every test merged and the verdicts of every repeat.
pub fn merge_submissions(passes: Vec<Vec<SubmissionResult>>) -> Vec<SubmissionResult> {
    transpose(passes)
        .into_iter()
        .map(|mut repeats| {
            let verdicts: Vec<TestResult> = repeats
                .iter()
                .filter_map(|s| {
                    let verdict = s.verdict?;
                    Some(TestResult {
                        verdict,
                        cpu_ms: s.max_cpu_ms,
                        ..TestResult::compile_error("")
                    })
                })
                .collect();
            let tests = repeats
                .iter_mut()
                .map(|s| std::mem::take(&mut s.tests))
                .collect();
            let chosen = median_index(repeats.iter().map(|s| s.max_cpu_ms));
            let mut submission = repeats.swap_remove(chosen);
            submission.tests = merge_tests(tests);
            if let Some(slowest) = submission.tests.iter().map(|t| t.cpu_ms).reduce(f64::max) {
                submission.max_cpu_ms = slowest;
            }
            submission.repeats = Repeats::of(&verdicts).map(|r| r.verdicts);
            submission
        })
        .collect()
}

/// Rows by pass into passes by row; every pass has as many rows.
fn transpose<T>(passes: Vec<Vec<T>>) -> Vec<Vec<T>> {
    let rows = passes.first().map_or(0, Vec::len);
    let mut out: Vec<Vec<T>> = (0..rows).map(|_| Vec::new()).collect();
    for pass in passes {
        assert_eq!(pass.len(), rows, "every pass of a plan has the same rows");
        for (row, item) in out.iter_mut().zip(pass) {
            row.push(item);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(name: &str, verdict: Verdict, cpu_ms: f64) -> TestResult {
        TestResult {
            verdict,
            cpu_ms,
            ..TestResult::compile_error(name)
        }
    }

    #[test]
    fn a_test_keeps_its_median_run_and_the_spread_of_all() {
        let runs = vec![
            run("t", Verdict::AC, 910.0),
            run("t", Verdict::TLE, 1020.0),
            run("t", Verdict::AC, 950.0),
            run("t", Verdict::AC, 930.0),
            run("t", Verdict::AC, 980.0),
        ];
        let merged = merge_test(runs);
        assert_eq!((merged.verdict, merged.cpu_ms), (Verdict::AC, 950.0));
        let repeats = merged.repeats.unwrap();
        assert_eq!(
            (repeats.runs, repeats.cpu_min_ms, repeats.cpu_max_ms),
            (5, 910.0, 1020.0)
        );
        assert_eq!(repeats.spread_ms, 110.0);
        assert!(repeats.flipped());
        assert_eq!(
            repeats.describe(Some(1000)),
            "AC 4 of 5 at 0.91–0.98 s, TLE 1 of 5 at 1.02 s, of a 1 s limit"
        );
    }

    #[test]
    fn a_steady_test_does_not_flip_and_an_even_count_has_the_mean_of_its_middle_runs() {
        let runs = vec![
            run("t", Verdict::AC, 10.0),
            run("t", Verdict::AC, 40.0),
            run("t", Verdict::AC, 20.0),
            run("t", Verdict::AC, 30.0),
        ];
        let merged = merge_test(runs);
        let repeats = merged.repeats.unwrap();
        assert!(!repeats.flipped());
        assert_eq!(repeats.cpu_median_ms, 25.0);
        assert_eq!(merged.cpu_ms, 25.0);
        assert_eq!(
            repeats.describe(Some(400)),
            "AC 4 of 4 at 0.01–0.04 s, of a 0.4 s limit"
        );
    }

    #[test]
    fn a_majority_of_tle_runs_makes_the_test_tle() {
        let verdicts = [Verdict::TLE, Verdict::AC, Verdict::TLE];
        let runs = verdicts
            .iter()
            .zip([1001.0, 30.0, 1002.0])
            .map(|(v, cpu)| run("t", *v, cpu))
            .collect();
        let merged = merge_test(runs);
        assert_eq!(merged.verdict, Verdict::TLE);
        assert_eq!(
            merged.repeats.unwrap().describe(None),
            "TLE 2 of 3 at 1.001–1.002 s, AC 1 of 3 at 0.03 s"
        );
    }

    #[test]
    fn submissions_merge_by_test_name_though_a_repeat_stopped_earlier() {
        let submission = |tests: Vec<TestResult>, verdict| SubmissionResult {
            verdict: Some(verdict),
            max_cpu_ms: tests.iter().map(|t| t.cpu_ms).fold(0.0, f64::max),
            tests,
            ..SubmissionResult::new("p", "s.rs", crate::model::Expected::Accepted)
        };
        let passes = vec![
            vec![submission(
                vec![run("a", Verdict::AC, 5.0), run("b", Verdict::AC, 90.0)],
                Verdict::AC,
            )],
            vec![submission(
                vec![run("a", Verdict::TLE, 101.0)],
                Verdict::TLE,
            )],
            vec![submission(
                vec![run("a", Verdict::AC, 6.0), run("b", Verdict::AC, 80.0)],
                Verdict::AC,
            )],
        ];
        let merged = merge_submissions(passes).remove(0);
        assert_eq!(merged.verdict, Some(Verdict::AC));
        let names: Vec<(&str, usize)> = merged
            .tests
            .iter()
            .map(|t| (t.name.as_str(), t.repeats.as_ref().unwrap().runs))
            .collect();
        assert_eq!(names, [("a", 3), ("b", 2)]);
        assert!(merged.tests[0].repeats.as_ref().unwrap().flipped());
        assert_eq!(merged.max_cpu_ms, 85.0, "the most of the tests' medians");
        let verdicts: Vec<(Verdict, usize)> = merged
            .repeats
            .unwrap()
            .iter()
            .map(|v| (v.verdict, v.runs))
            .collect();
        assert_eq!(verdicts, [(Verdict::AC, 2), (Verdict::TLE, 1)]);
    }
}
