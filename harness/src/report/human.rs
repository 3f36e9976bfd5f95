//! The report for a terminal or a log: a line per problem (with its slowest test and its submissions),
//! the accepted tests close to the time limit, each failure with its details, a summary, and last the line
//! `N passed, M failed`.

use std::fmt::Write as _;
use std::io::Write;

use anyhow::Result;
use unicode_width::{UnicodeWidthChar, UnicodeWidthStr};

use super::submissions::{
    submission_failure, submission_lines, submissions_summary, time_warnings,
};
use crate::model::{PackageInfo, ProblemResult, Report, SubmissionResult, TestResult, Verdict};

#[derive(Debug, Clone, Copy)]
pub struct HumanOptions {
    pub color: bool,
    /// Leave out the diffs of WA / PE tests.
    pub no_diff: bool,
    /// List every test, not only the failures, and detail every failure.
    pub verbose: bool,
    /// Failed tests detailed per problem; the rest are counted. 0: all.
    pub max_failures: usize,
}

impl Default for HumanOptions {
    fn default() -> Self {
        HumanOptions {
            color: false,
            no_diff: false,
            verbose: false,
            max_failures: crate::model::limits::DEFAULT_MAX_FAILURES,
        }
    }
}

/// Lines of a compile error or a stderr tail shown at most.
pub(super) const MAX_MESSAGE_LINES: usize = 20;
/// Titles are cut to this many terminal columns.
const MAX_TITLE_WIDTH: usize = 24;

pub fn render_human(report: &Report, options: &HumanOptions, out: &mut dyn Write) -> Result<()> {
    let report = &super::shown::report(report);
    let paint = Paint {
        color: options.color,
    };
    let id_width = report
        .problems
        .iter()
        .map(|p| p.id.len())
        .max()
        .unwrap_or(0)
        .max(7);
    let title_width = report
        .problems
        .iter()
        .map(|p| title_of(p).width())
        .max()
        .unwrap_or(0)
        .min(MAX_TITLE_WIDTH);
    let submissions = report.submissions.as_deref();
    let mut text = String::new();
    for problem in &report.problems {
        problem_line(&mut text, problem, id_width, title_width, &paint);
        if let Some(package) = &problem.package {
            package_lines(&mut text, problem, package, id_width);
        }
        if problem.error.is_none() {
            detail_line(&mut text, problem, submissions, id_width, &paint);
        }
        if let Some(score) = &problem.score {
            let _ = writeln!(
                text,
                "    solution  score {}",
                super::submissions::score_of(score.score, score.max)
            );
            super::submissions::score_lines(&mut text, score, &paint);
        }
        if options.verbose {
            every_test(&mut text, problem, &paint);
        }
        let mine = submissions.unwrap_or_default().iter();
        submission_lines(&mut text, mine.filter(|s| s.problem == problem.id), &paint);
    }
    // Programs given with --submission have no problem row of their own.
    if report.problems.is_empty() {
        for submission in submissions.unwrap_or_default() {
            let _ = writeln!(text, "{}", paint.bold(&submission.problem));
            submission_lines(&mut text, std::iter::once(submission), &paint);
        }
    }
    near_limit(&mut text, report, &paint);
    time_warnings(&mut text, report, &paint);
    super::repeats::margins(&mut text, report);
    super::repeats::spread(&mut text, report);
    super::repeats::flips(&mut text, report, &paint);
    super::repeats::machine(&mut text, report, &paint);
    super::parity::human(&mut text, report, &paint);
    failures(&mut text, report, options, &paint);
    summary(&mut text, report);
    out.write_all(text.as_bytes())?;
    Ok(())
}

/// `-v`: every test of a problem, one line each.
fn every_test(text: &mut String, problem: &ProblemResult, paint: &Paint) {
    for test in &problem.tests {
        let _ = write!(
            text,
            "    {:<24} {}",
            test.name,
            paint.verdict(test.verdict, 3)
        );
        // A test that never ran has no figures.
        if test.verdict != Verdict::CE {
            let _ = write!(
                text,
                "  {:>7.1} ms  {:>9}",
                test.cpu_ms,
                memory(test.peak_kib)
            );
            text.push_str(&super::repeats::test_figures(test));
        }
        text.push('\n');
    }
}

/// Every problem and submission that is not as it should be, with its details.
fn failures(text: &mut String, report: &Report, options: &HumanOptions, paint: &Paint) {
    let mut failing: Vec<&ProblemResult> =
        report.problems.iter().filter(|p| !p.accepted()).collect();
    failing.sort_by_key(|p| p.verdict() != Some(Verdict::JE));
    let submissions_failing: Vec<&SubmissionResult> = report
        .submissions
        .as_deref()
        .unwrap_or_default()
        .iter()
        .filter(|s| s.failed())
        .collect();
    if !failing.is_empty() || !submissions_failing.is_empty() {
        let _ = writeln!(text, "\n{}", paint.bold("Failures"));
    }
    for problem in failing {
        failure_details(text, problem, options, paint);
    }
    for submission in submissions_failing {
        submission_failure(text, submission, options, paint);
    }
}

/// The closing lines: problems, submissions, and last `N passed, M failed`.
fn summary(text: &mut String, report: &Report) {
    let s = &report.summary;
    let scale = match s.time_scale == 1.0 {
        true => String::new(),
        false => format!("; time limits × {}", s.time_scale),
    };
    if s.judge_errors > 0 {
        let _ = writeln!(
            text,
            "\njudge errors: {} tests: not judged (a checker or interactor failed, or the machine was too busy: each says why); fix that, not the submission",
            s.judge_errors
        );
    }
    let errors = match s.problem_errors {
        0 => String::new(),
        n => format!(", {n} in error"),
    };
    let all = report.submissions.as_deref().unwrap_or_default();
    let given: Vec<&SubmissionResult> = all.iter().filter(|s| s.given).collect();
    // A run of programs given with --submission grades no solution: it says what it judged them against.
    if report.problems.is_empty() && !given.is_empty() {
        let accepted = given
            .iter()
            .filter(|s| s.verdict == Some(Verdict::AC))
            .count();
        let _ = writeln!(
            text,
            "\n{} (--submission), each expected to pass every test: {} accepted, {} not; {} in {:.2} s{scale}",
            super::count(given.len(), "given program"),
            accepted,
            given.len() - accepted,
            super::count(s.tests, "test"),
            s.wall_ms / 1000.0
        );
    } else {
        let _ = writeln!(
            text,
            "\n{}: {} accepted, {} not accepted{errors}; {} in {:.2} s{scale}",
            super::count(s.problems, "problem"),
            s.problems_accepted,
            s.problems - s.problems_accepted - s.problem_errors,
            super::count(s.tests, "test"),
            s.wall_ms / 1000.0
        );
    }
    let known: Vec<&SubmissionResult> = all.iter().filter(|s| !s.given).collect();
    if report.submissions.is_some() && (given.is_empty() || !known.is_empty()) {
        let graded = known.iter().filter(|s| s.skipped.is_none());
        let matched = graded.clone().filter(|s| s.matched).count();
        let skipped = match s.submissions_skipped {
            0 => String::new(),
            n => format!(" ({n} skipped: see above)"),
        };
        let _ = writeln!(
            text,
            "submissions: {matched} of {} as expected{skipped}",
            graded.count()
        );
    }
    super::repeats::summary_line(text, report);
    let _ = writeln!(
        text,
        "{} passed, {} failed",
        s.judged_passed, s.judged_failed
    );
}

fn title_of(problem: &ProblemResult) -> String {
    match &problem.same_as {
        Some(other) => format!("{} (= {other})", problem.title),
        None => problem.title.clone(),
    }
}

/// `text` cut to `width` terminal columns (CJK characters take two) and padded to exactly that width.
fn fit(text: &str, width: usize) -> String {
    let whole = text.width() <= width;
    // Room for the `…` that marks a cut title.
    let room = if whole {
        width
    } else {
        width.saturating_sub(1)
    };
    let mut out = String::new();
    let mut used = 0;
    for c in text.chars() {
        let w = c.width().unwrap_or(0);
        if used + w > room {
            break;
        }
        out.push(c);
        used += w;
    }
    if !whole && width > 0 {
        out.push('…');
        used += 1;
    }
    out + &" ".repeat(width - used)
}

fn problem_line(
    text: &mut String,
    problem: &ProblemResult,
    id_width: usize,
    title_width: usize,
    paint: &Paint,
) {
    let title = fit(&title_of(problem), title_width);
    let _ = write!(text, "{:<id_width$}  {title}  ", problem.id);
    if problem.error.is_some() {
        let _ = writeln!(text, "{}", paint.red("ERROR"));
        return;
    }
    let verdict = problem.verdict().unwrap_or(Verdict::AC);
    let _ = write!(
        text,
        "{}  {:>3}/{:<3}",
        paint.verdict(verdict, 3),
        problem.passed(),
        problem.tests.len(),
    );
    // Figures only of tests that ran: a solution that does not compile has none.
    match (problem.max_cpu(), problem.max_peak()) {
        (Some(cpu), Some(peak)) => {
            let _ = write!(
                text,
                "  cpu {:>5} / {} ms  mem {:>9} / {} MiB",
                format!("{cpu:.0}"),
                problem.cpu_limit_ms,
                memory(peak),
                problem.memory_limit_mib
            );
        }
        _ if problem.compile_error.is_some() => text.push_str("  does not compile"),
        _ => {}
    }
    text.push('\n');
}

/// What a package is, its time limit and where it comes from, and what its loader warned about.
fn package_lines(text: &mut String, problem: &ProblemResult, package: &PackageInfo, width: usize) {
    let _ = writeln!(
        text,
        "{:width$}  {}: {} package, {}, {} tests, validator {}",
        "", package.dir, package.format, package.kind, package.tests, package.validator
    );
    if let (true, Some(source)) = (problem.time_limit_ms > 0, &package.time_limit_source) {
        let _ = writeln!(
            text,
            "{:width$}  time limit {} s ({source}); output {} MiB",
            "",
            problem.time_limit_ms as f64 / 1000.0,
            package.output_limit_mib
        );
    }
    for warning in &package.warnings {
        let _ = writeln!(text, "{:width$}  warning: {warning}", "");
    }
}

/// The line under a problem: its slowest test, and how its submissions fared.
fn detail_line(
    text: &mut String,
    problem: &ProblemResult,
    submissions: Option<&[SubmissionResult]>,
    id_width: usize,
    paint: &Paint,
) {
    let mut parts = Vec::new();
    if let (Some(test), None) = (problem.slowest(), &problem.compile_error) {
        parts.push(format!("slowest {}", test.name));
    }
    if let Some(submissions) = submissions {
        parts.push(submissions_summary(problem, submissions, paint));
    }
    if !parts.is_empty() {
        let _ = writeln!(text, "{:id_width$}  {}", "", parts.join("; "));
    }
}

/// Accepted tests whose CPU time is above half the limit: they may fail on a slower judge.
fn near_limit(text: &mut String, report: &Report, paint: &Paint) {
    let close: Vec<(&ProblemResult, &TestResult)> = report
        .problems
        .iter()
        .flat_map(|p| p.tests.iter().map(move |t| (p, t)))
        .filter(|(_, t)| t.near_limit && t.verdict == Verdict::AC)
        .collect();
    if close.is_empty() {
        return;
    }
    let _ = writeln!(
        text,
        "\n{} (accepted, but CPU time above half the limit)",
        paint.yellow("Close to the time limit")
    );
    for (problem, test) in close {
        let _ = writeln!(
            text,
            "{}/{}  cpu {:.0} ms of {} ms",
            problem.id, test.name, test.cpu_ms, problem.cpu_limit_ms
        );
    }
}

fn failure_details(
    text: &mut String,
    problem: &ProblemResult,
    options: &HumanOptions,
    paint: &Paint,
) {
    if let Some(error) = &problem.error {
        let _ = writeln!(text, "{}  {}", paint.bold(&problem.id), paint.red("ERROR"));
        let _ = writeln!(text, "{}", indent(error, MAX_MESSAGE_LINES));
        return;
    }
    if let Some(message) = &problem.compile_error {
        let _ = writeln!(
            text,
            "{}  {} ({})",
            paint.bold(&problem.id),
            paint.verdict(Verdict::CE, 0),
            super::count(problem.tests.len(), "test")
        );
        let _ = writeln!(text, "{}", indent(message, MAX_MESSAGE_LINES));
        return;
    }
    let mut failed: Vec<&TestResult> = problem
        .tests
        .iter()
        .filter(|t| t.verdict != Verdict::AC)
        .collect();
    // Judge errors first: they mean the problem is broken.
    failed.sort_by_key(|t| t.verdict != Verdict::JE);
    let shown = match (options.verbose, options.max_failures) {
        (true, _) | (_, 0) => failed.len(),
        (false, most) => most,
    };
    for test in failed.iter().take(shown) {
        test_details(text, problem, test, options, paint);
    }
    if failed.len() > shown {
        let _ = writeln!(
            text,
            "    … and {} more failed tests of {} (--max-failures 0 or -v shows all)",
            failed.len() - shown,
            problem.id
        );
    }
}

/// One failed test: its verdict and first difference, then its diff, what the checker said, the
/// transcript, the input and stderr, as far as it has them.
fn test_details(
    text: &mut String,
    problem: &ProblemResult,
    test: &TestResult,
    options: &HumanOptions,
    paint: &Paint,
) {
    let what = escaped(test.cause().unwrap_or(""));
    let _ = writeln!(
        text,
        "{}  {}  {what}  (cpu {:.0} ms, wall {:.0} ms, mem {})",
        paint.bold(&format!("{}/{}", problem.id, test.name)),
        paint.verdict(test.verdict, 0),
        test.cpu_ms,
        test.wall_ms,
        memory(test.peak_kib)
    );
    if let (Some(diff), false) = (&test.diff, options.no_diff) {
        let _ = write!(text, "{}", indent(diff, usize::MAX));
    }
    // A one-line message is already the line above.
    if let Some(message) = test
        .checker_message
        .as_ref()
        .filter(|m| m.lines().count() > 1)
    {
        let _ = writeln!(text, "    checker says:");
        let _ = write!(
            text,
            "{}",
            indent(&indent(message, MAX_MESSAGE_LINES), usize::MAX)
        );
    }
    if let Some(transcript) = &test.transcript {
        let _ = writeln!(
            text,
            "    transcript (last exchanges; > read by the solution, < written by it):"
        );
        let _ = write!(
            text,
            "{}",
            indent(&indent(&last_exchanges(transcript), usize::MAX), usize::MAX)
        );
    }
    for (number, pass) in test.passes.iter().flatten().enumerate() {
        pass_details(text, number + 1, pass, paint);
    }
    if let Some(input) = &test.input_head {
        let path = test
            .input_path
            .as_ref()
            .map(|p| format!(" {p}"))
            .unwrap_or_default();
        let _ = writeln!(text, "    input{path} (first lines):");
        let _ = write!(
            text,
            "{}",
            indent(&indent(input, MAX_MESSAGE_LINES), usize::MAX)
        );
    }
    if let Some(stderr) = &test.stderr_tail {
        if test.verdict != Verdict::WA && test.verdict != Verdict::PE {
            let _ = writeln!(text, "    stderr (last lines):");
            // A program's stderr reaches the terminal with its control characters made visible.
            let shown: Vec<String> = stderr
                .lines()
                .map(|l| crate::check::visible(l.as_bytes()))
                .collect();
            let lines: Vec<&str> = shown.iter().map(String::as_str).collect();
            let tail = lines[lines.len().saturating_sub(MAX_MESSAGE_LINES)..].join("\n");
            let _ = writeln!(text, "{}", indent(&tail, MAX_MESSAGE_LINES));
        }
    }
}

/// One pass of a multi-pass test: its verdict and figures, its input, its output or transcript, and the
/// validator's feedback after it.
fn pass_details(text: &mut String, number: usize, pass: &crate::model::Pass, paint: &Paint) {
    let detail = pass.detail.as_deref().map(escaped).unwrap_or_default();
    let _ = writeln!(
        text,
        "    pass {number}: {}  {detail}  (cpu {:.0} ms, wall {:.0} ms, mem {})",
        paint.verdict(pass.verdict, 0),
        pass.cpu_ms,
        pass.wall_ms,
        memory(pass.peak_kib)
    );
    let parts = [
        ("input (first lines)", pass.input_head.clone()),
        ("output (first lines)", pass.output_head.clone()),
        (
            "transcript (last exchanges)",
            pass.transcript.as_deref().map(last_exchanges),
        ),
        ("validator's feedback", pass.feedback.clone()),
    ];
    for (label, part) in parts {
        if let Some(part) = part.filter(|p| !p.trim().is_empty()) {
            let _ = writeln!(text, "        {label}:");
            let _ = write!(
                text,
                "{}",
                indent(
                    &indent(&indent(&part, MAX_MESSAGE_LINES), usize::MAX),
                    usize::MAX
                )
            );
        }
    }
}

/// Exchanges shown at the end of a failed interactive test.
const EXCHANGES_SHOWN: usize = 12;

/// The last lines of a transcript, one per line written, with the time it was relayed.
pub(super) fn last_exchanges(transcript: &[crate::model::Chunk]) -> String {
    let mut lines: Vec<String> = Vec::new();
    for chunk in transcript {
        let mark = match chunk.dir {
            crate::model::Direction::ToSolution => '>',
            crate::model::Direction::FromSolution => '<',
        };
        for line in chunk.text.lines() {
            let shown: String = crate::check::visible(line.as_bytes())
                .chars()
                .take(100)
                .collect();
            lines.push(format!("{:>8.1} ms {mark} {shown}", chunk.t_ms));
        }
    }
    if lines.is_empty() {
        return "(nothing was said)".to_string();
    }
    let skipped = lines.len().saturating_sub(EXCHANGES_SHOWN);
    let mut shown = lines.split_off(skipped);
    if skipped > 0 {
        shown.insert(0, format!("… {skipped} earlier lines"));
    }
    shown.join("\n")
}

pub(super) fn indent(message: &str, max_lines: usize) -> String {
    let lines: Vec<&str> = message.trim_end().lines().collect();
    let mut out: String = lines
        .iter()
        .take(max_lines)
        .map(|line| format!("    {}\n", escaped(line)))
        .collect();
    if lines.len() > max_lines {
        let _ = writeln!(out, "    … ({} more lines)", lines.len() - max_lines);
    }
    out.trim_end_matches('\n').to_string() + "\n"
}

/// A line of text that came from a program (its messages, its input, a compiler's words about it), safe
/// for a terminal: control characters but tab shown as `\xNN`, so no escape sequence or NUL reaches it, and
/// the bidirectional controls as `\u{NNNN}`.
pub(super) fn escaped(text: &str) -> std::borrow::Cow<'_, str> {
    match text.contains('\t') {
        false => super::shown::name(text),
        // Tabs kept: split around them.
        true => std::borrow::Cow::Owned(
            text.split('\t')
                .map(super::shown::name)
                .collect::<Vec<_>>()
                .join("\t"),
        ),
    }
}

/// Peak memory in MiB with one decimal.
fn memory(kib: u64) -> String {
    format!("{:.1} MiB", kib as f64 / 1024.0)
}

pub(super) struct Paint {
    color: bool,
}

impl Paint {
    fn wrap(&self, code: &str, text: &str) -> String {
        if self.color {
            format!("\x1b[{code}m{text}\x1b[0m")
        } else {
            text.to_string()
        }
    }
    pub(super) fn bold(&self, text: &str) -> String {
        self.wrap("1", text)
    }
    pub(super) fn red(&self, text: &str) -> String {
        self.wrap("1;31", text)
    }
    pub(super) fn green(&self, text: &str) -> String {
        self.wrap("1;32", text)
    }
    pub(super) fn yellow(&self, text: &str) -> String {
        self.wrap("1;33", text)
    }
    pub(super) fn verdict(&self, verdict: Verdict, width: usize) -> String {
        let name = format!("{:<width$}", verdict.name());
        match verdict {
            Verdict::AC => self.wrap("1;32", &name),
            Verdict::PE => self.wrap("1;33", &name),
            _ => self.wrap("1;31", &name),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What a program says (a checker's message, its stderr, an input, a compile error quoting its
    /// source) never brings an escape sequence or a NUL to the terminal.
    #[test]
    fn control_characters_from_programs_are_shown_escaped() {
        let hostile = "line one\n\u{1b}[2J\u{1b}]0;title\u{7}\ttabbed\0end\r";
        let shown = indent(hostile, usize::MAX);
        assert!(
            !shown
                .chars()
                .any(|c| c.is_control() && c != '\n' && c != '\t'),
            "{shown:?}"
        );
        assert!(
            shown.contains("\\x1b[2J\\x1b]0;title\\x07\ttabbed\\x00end"),
            "{shown:?}"
        );
        assert_eq!(escaped("plain"), "plain");
    }
}
