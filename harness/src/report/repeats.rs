//! What repeated runs (`--repeat N`) and the machine's checks found, for people: every test whose verdict
//! changed between repeats, how widely each problem's times spread, the margins that computed time limits
//! keep, and what on the machine makes times vary.

use std::fmt::Write as _;

use super::human::Paint;
use crate::model::repeats::Repeats;
use crate::model::{ProblemResult, Report, SubmissionResult, TestResult};

/// The CPU limit a problem's tests were judged against, when the report has its row.
fn limit_of(report: &Report, problem: &str) -> Option<u64> {
    report
        .problems
        .iter()
        .find(|p| p.id == problem && p.cpu_limit_ms > 0)
        .map(|p| p.cpu_limit_ms)
}

/// Every program's tests, named `problem/test  program`.
fn every_test(report: &Report) -> Vec<(String, &str, Option<u64>, &TestResult)> {
    let rows = report
        .problems
        .iter()
        .filter(|p| p.package.is_none())
        .flat_map(|p| {
            p.tests.iter().map(move |t| {
                (
                    "solution".to_string(),
                    p.id.as_str(),
                    Some(p.cpu_limit_ms),
                    t,
                )
            })
        });
    let submissions = report.submissions.iter().flatten().flat_map(|s| {
        let name = program(s);
        s.tests.iter().map(move |t| {
            (
                name.clone(),
                s.problem.as_str(),
                limit_of(report, &s.problem),
                t,
            )
        })
    });
    rows.chain(submissions).collect()
}

fn program(s: &SubmissionResult) -> String {
    match s.given {
        true => s.file.clone(),
        false => format!("{}/{}", s.expected.folder(), s.name()),
    }
}

/// The tests whose verdict changed between repeats, each with its verdicts and CPU times.
pub(super) fn flips(text: &mut String, report: &Report, paint: &Paint) {
    let tests = every_test(report);
    let flipped: Vec<_> = tests
        .iter()
        .filter_map(|(program, problem, limit, t)| {
            let repeats = t.repeats.as_ref().filter(|r| r.flipped())?;
            Some((program, problem, limit, t, repeats))
        })
        .collect();
    if flipped.is_empty() {
        return;
    }
    let allowed = match report.summary.flips_allowed {
        true => "allowed by --allow-flips",
        false => "each a failure unless --allow-flips",
    };
    let _ = writeln!(
        text,
        "\n{} ({allowed})",
        paint.yellow("Verdicts that changed between repeats")
    );
    for (program, problem, limit, test, repeats) in flipped {
        let _ = writeln!(
            text,
            "{problem}/{}  {program}: {}",
            test.name,
            repeats.describe(*limit)
        );
    }
}

/// Per problem, how its solution's CPU times spread over the repeats: the slowest median against the
/// limit, and the widest spread.
pub(super) fn spread(text: &mut String, report: &Report) {
    if report.summary.repeats < 2 {
        return;
    }
    let rows: Vec<(&ProblemResult, &TestResult, &Repeats, &TestResult, &Repeats)> = report
        .problems
        .iter()
        .filter_map(|p| {
            let with = |t: &'_ TestResult| t.repeats.is_some();
            let slowest = p.tests.iter().filter(|t| with(t)).reduce(|a, b| {
                if b.cpu_ms > a.cpu_ms {
                    b
                } else {
                    a
                }
            })?;
            let widest = p.tests.iter().filter(|t| with(t)).reduce(|a, b| {
                if spread_of(b) > spread_of(a) {
                    b
                } else {
                    a
                }
            })?;
            Some((
                p,
                slowest,
                slowest.repeats.as_ref()?,
                widest,
                widest.repeats.as_ref()?,
            ))
        })
        .collect();
    if rows.is_empty() {
        return;
    }
    let _ = writeln!(
        text,
        "\nCPU time over {} repeats (median of the slowest test against the limit; the widest spread)",
        report.summary.repeats
    );
    for (problem, slowest, s, widest, w) in rows {
        let _ = writeln!(
            text,
            "{}  median {:.0} ms of {} ms ({}, {:.0}–{:.0} ms); widest spread {:.0} ms ({}, {:.0}–{:.0} ms)",
            problem.id,
            s.cpu_median_ms,
            problem.cpu_limit_ms,
            slowest.name,
            s.cpu_min_ms,
            s.cpu_max_ms,
            w.spread_ms,
            widest.name,
            w.cpu_min_ms,
            w.cpu_max_ms,
        );
    }
}

fn spread_of(test: &TestResult) -> f64 {
    test.repeats.as_ref().map_or(0.0, |r| r.spread_ms)
}

/// `-v`: a test's figures over the repeats, after its own.
pub(super) fn test_figures(test: &TestResult) -> String {
    match &test.repeats {
        Some(r) => format!(
            "  ×{}: {:.1}–{:.1} ms, spread {:.1} ms{}",
            r.runs,
            r.cpu_min_ms,
            r.cpu_max_ms,
            r.spread_ms,
            match r.flipped() {
                true => "  FLIPS",
                false => "",
            }
        ),
        None => String::new(),
    }
}

/// The margins the submissions keep under a computed time limit (a package that gives none).
pub(super) fn margins(text: &mut String, report: &Report) {
    let with: Vec<&SubmissionResult> = report
        .submissions
        .iter()
        .flatten()
        .filter(|s| s.time_margin.is_some())
        .collect();
    if with.is_empty() {
        return;
    }
    let _ = writeln!(text, "\nMargins under the computed time limits");
    for s in with {
        let _ = writeln!(
            text,
            "{}: {}",
            s.file,
            s.time_margin.as_deref().unwrap_or_default()
        );
    }
}

/// The machine's checks that found something: what, what it means, and the fix.
pub(super) fn machine(text: &mut String, report: &Report, paint: &Paint) {
    let Some(machine) = &report.machine else {
        return;
    };
    let warnings: Vec<_> = machine.warnings().collect();
    if warnings.is_empty() || report.summary.repeats < 2 && report.summary.flips == 0 {
        return;
    }
    let _ = writeln!(
        text,
        "\n{} (harness doctor says more)",
        paint.yellow("The machine makes times vary")
    );
    for finding in warnings {
        let _ = writeln!(
            text,
            "{}: {}; fix: {}",
            finding.check,
            finding.found,
            finding.fix.as_deref().unwrap_or("-")
        );
    }
}

/// The line before the last: how many times every test ran, and what flipped.
pub(super) fn summary_line(text: &mut String, report: &Report) {
    let s = &report.summary;
    if s.repeats < 2 {
        return;
    }
    let flips = match (s.flips, s.flips_allowed) {
        (0, _) => "no verdict changed between them".to_string(),
        (n, allowed) => format!(
            "{n} test{} changed verdict between them ({})",
            if n == 1 { "" } else { "s" },
            match allowed {
                true => "allowed by --allow-flips",
                false => "a failure; --allow-flips accepts them",
            }
        ),
    };
    let _ = writeln!(
        text,
        "every test ran {} times: {flips}; times shown are medians",
        s.repeats
    );
}

// What the HTML page shows of it: plain text, which the page escapes.

/// A cell's title over the repeats: `×5: 0.9–204.9 ms; AC 3 of 5 …`.
pub(super) fn cell_title(test: &TestResult) -> String {
    match &test.repeats {
        Some(r) => format!(
            "\n×{}: {:.1}–{:.1} ms, median {:.1} ms{}",
            r.runs,
            r.cpu_min_ms,
            r.cpu_max_ms,
            r.cpu_median_ms,
            match r.flipped() {
                true => format!("\nverdict changed: {}", r.describe(None)),
                false => String::new(),
            }
        ),
        None => String::new(),
    }
}

/// The widest spread of a row's tests, beside its limit: `, spread ≤ 12 ms`.
pub(super) fn spread_label(row: &ProblemResult) -> String {
    let widest = row
        .tests
        .iter()
        .filter_map(|t| t.repeats.as_ref())
        .map(|r| r.spread_ms);
    match widest.reduce(f64::max) {
        Some(spread) => format!(", spread ≤ {spread:.0} ms"),
        None => String::new(),
    }
}

/// Under a problem's limits: its tests' spread over the repeats, and the tests whose verdict flipped.
pub(super) fn spread_sentence(row: &ProblemResult) -> Option<String> {
    let repeated: Vec<(&TestResult, &Repeats)> = row
        .tests
        .iter()
        .filter_map(|t| Some((t, t.repeats.as_ref()?)))
        .collect();
    let runs = repeated.iter().map(|(_, r)| r.runs).max()?;
    let (slowest, s) = repeated.iter().copied().reduce(|a, b| {
        if b.1.cpu_median_ms > a.1.cpu_median_ms {
            b
        } else {
            a
        }
    })?;
    let (widest, w) =
        repeated
            .iter()
            .copied()
            .reduce(|a, b| if b.1.spread_ms > a.1.spread_ms { b } else { a })?;
    let mut text = format!(
        "Over {runs} repeats, against the {} ms limit: slowest median {:.0} ms ({}, {:.0}–{:.0} ms, {:.0}% of the limit); widest spread {:.0} ms ({}, {:.0}–{:.0} ms).",
        row.cpu_limit_ms,
        s.cpu_median_ms,
        slowest.name,
        s.cpu_min_ms,
        s.cpu_max_ms,
        s.cpu_median_ms / row.cpu_limit_ms.max(1) as f64 * 100.0,
        w.spread_ms,
        widest.name,
        w.cpu_min_ms,
        w.cpu_max_ms
    );
    for (test, r) in repeated.iter().filter(|(_, r)| r.flipped()) {
        let _ = write!(
            text,
            " ↯ {}: {}.",
            test.name,
            r.describe(Some(row.cpu_limit_ms))
        );
    }
    Some(text)
}

/// The run's fact `repeats`: how many, and what flipped.
pub(super) fn repeats_fact(report: &Report) -> String {
    let s = &report.summary;
    format!(
        "every test {} times, pass after pass; {} test{} changed verdict{}",
        s.repeats,
        s.flips,
        if s.flips == 1 { "" } else { "s" },
        match (s.flips, s.flips_allowed) {
            (0, _) => "",
            (_, true) => " (allowed)",
            (_, false) => " (a failure)",
        }
    )
}

/// The headline's part: `; 2 verdicts flipped over 5 repeats`.
pub(super) fn headline_part(report: &Report) -> String {
    let s = &report.summary;
    format!("; {} flipped over {} repeats", s.flips, s.repeats)
}

/// The machine's checks as facts of the run: `machine: aslr` → `warn: on (…); fix: …`.
pub(super) fn machine_facts(report: &Report) -> Vec<(String, String)> {
    let Some(machine) = &report.machine else {
        return Vec::new();
    };
    machine
        .findings
        .iter()
        .map(|f| {
            let fix = f
                .fix
                .as_ref()
                .map(|fix| format!("; fix: {fix}"))
                .unwrap_or_default();
            (
                format!("machine: {}", f.check),
                format!("{}: {}{fix}", f.status.name(), f.found),
            )
        })
        .collect()
}
