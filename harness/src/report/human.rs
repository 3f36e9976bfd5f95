//! The report for a terminal or a log: a line per problem (with its slowest test and its wrong submissions),
//! the accepted tests close to the time limit, each failure with its details, a summary, and last the line
//! `N passed, M failed`.

use std::fmt::Write as _;
use std::io::Write;

use anyhow::Result;
use unicode_width::{UnicodeWidthChar, UnicodeWidthStr};

use crate::model::{ProblemResult, Report, TestResult, Verdict, WrongResult, WrongStatus};

#[derive(Debug, Clone, Copy, Default)]
pub struct HumanOptions {
    pub color: bool,
    /// Leave out the diffs of WA / PE tests.
    pub no_diff: bool,
    /// List every test, not only the failures.
    pub verbose: bool,
}

/// Lines of a compile error or a stderr tail shown at most.
const MAX_MESSAGE_LINES: usize = 20;
/// Failures detailed per problem at most; the rest are counted.
const MAX_FAILURES_SHOWN: usize = 5;
/// Titles are cut to this many terminal columns.
const MAX_TITLE_WIDTH: usize = 24;

pub fn render_human(report: &Report, options: &HumanOptions, out: &mut dyn Write) -> Result<()> {
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
    let wrong = report.wrong_submissions.as_deref();
    let mut text = String::new();
    for problem in &report.problems {
        problem_line(&mut text, problem, id_width, title_width, &paint);
        if problem.error.is_none() {
            detail_line(&mut text, problem, wrong, id_width, &paint);
        }
        if options.verbose {
            every_test(&mut text, problem, wrong.unwrap_or_default(), &paint);
        }
    }
    near_limit(&mut text, report, &paint);
    failures(&mut text, report, options, &paint);
    summary(&mut text, report);
    out.write_all(text.as_bytes())?;
    Ok(())
}

/// `-v`: every test of a problem and every wrong submission, one line each.
fn every_test(text: &mut String, problem: &ProblemResult, wrong: &[WrongResult], paint: &Paint) {
    for test in &problem.tests {
        let _ = writeln!(
            text,
            "    {:<24} {}  {:>7.1} ms  {:>8}",
            test.name,
            paint.verdict(test.verdict, 3),
            test.cpu_ms,
            memory(test.peak_kb)
        );
    }
    for submission in wrong.iter().filter(|w| w.problem == problem.id) {
        let got = match submission.status {
            WrongStatus::BadHeader => "not graded: invalid header".to_string(),
            _ => format!("got {}", counts(submission)),
        };
        let _ = writeln!(
            text,
            "    wrong/{:<18} expect {:<3}  {got}",
            submission.name(),
            submission.expect.map_or("?", Verdict::name),
        );
    }
}

/// Every problem and wrong submission that is not as it should be, with its details.
fn failures(text: &mut String, report: &Report, options: &HumanOptions, paint: &Paint) {
    let mut failing: Vec<&ProblemResult> =
        report.problems.iter().filter(|p| !p.accepted()).collect();
    failing.sort_by_key(|p| p.verdict() != Some(Verdict::JE));
    let wrong_failing: Vec<&WrongResult> = report
        .wrong_submissions
        .as_deref()
        .unwrap_or_default()
        .iter()
        .filter(|w| w.status != WrongStatus::Rejected)
        .collect();
    if !failing.is_empty() || !wrong_failing.is_empty() {
        let _ = writeln!(text, "\n{}", paint.bold("Failures"));
    }
    for problem in failing {
        failure_details(text, problem, options, paint);
    }
    for submission in wrong_failing {
        wrong_failure(text, submission, paint);
    }
}

/// The closing lines: problems, wrong submissions, and last `N passed, M failed`.
fn summary(text: &mut String, report: &Report) {
    let s = &report.summary;
    let scale = match s.time_scale == 1.0 {
        true => String::new(),
        false => format!("; time limits × {}", s.time_scale),
    };
    if s.judge_errors > 0 {
        let _ = writeln!(
            text,
            "\njudge errors: {} tests: a checker failed; fix the problem, not the submission",
            s.judge_errors
        );
    }
    let errors = match s.problem_errors {
        0 => String::new(),
        n => format!(", {n} in error"),
    };
    let _ = writeln!(
        text,
        "\n{} problems: {} accepted, {} not accepted{errors}; {} tests in {:.2} s{scale}",
        s.problems,
        s.problems_accepted,
        s.problems - s.problems_accepted - s.problem_errors,
        s.tests,
        s.wall_ms / 1000.0
    );
    if report.wrong_submissions.is_some() {
        let _ = writeln!(
            text,
            "wrong submissions: {} of {} rejected as declared",
            s.wrong_rejected, s.wrong_submissions
        );
    }
    let _ = writeln!(text, "{} passed, {} failed", s.passed, s.failed);
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
    let max_cpu = problem.slowest().map_or(0.0, |t| t.cpu_ms);
    let peak = problem.tests.iter().map(|t| t.peak_kb).max().unwrap_or(0);
    let _ = write!(
        text,
        "{}  {:>3}/{:<3}  cpu {:>5} / {} ms  mem {:>7} / {} MB",
        paint.verdict(verdict, 3),
        problem.passed(),
        problem.tests.len(),
        format!("{max_cpu:.0}"),
        problem.cpu_limit_ms,
        memory(peak),
        problem.memory_limit_mb
    );
    text.push('\n');
}

/// The line under a problem: its slowest test, and how its known-wrong submissions fared.
fn detail_line(
    text: &mut String,
    problem: &ProblemResult,
    wrong: Option<&[WrongResult]>,
    id_width: usize,
    paint: &Paint,
) {
    let mut parts = Vec::new();
    if let (Some(test), None) = (problem.slowest(), &problem.compile_error) {
        parts.push(format!("slowest {}", test.name));
    }
    if let Some(wrong) = wrong {
        parts.push(wrong_summary(problem, wrong, paint));
    }
    if !parts.is_empty() {
        let _ = writeln!(text, "{:id_width$}  {}", "", parts.join("; "));
    }
}

/// How the known-wrong submissions of a problem fared.
fn wrong_summary(problem: &ProblemResult, wrong: &[WrongResult], paint: &Paint) -> String {
    if let Some(original) = &problem.same_as {
        return format!("wrong submissions: graded under {original}");
    }
    let mine: Vec<&WrongResult> = wrong.iter().filter(|w| w.problem == problem.id).collect();
    if mine.is_empty() {
        return format!(
            "wrong submissions: none (add problems/{}/wrong/*.rs)",
            problem.id
        );
    }
    let rejected = mine
        .iter()
        .filter(|w| w.status == WrongStatus::Rejected)
        .count();
    let count = format!("{rejected}/{}", mine.len());
    let count = match rejected == mine.len() {
        true => paint.green(&count),
        false => paint.red(&count),
    };
    format!("wrong submissions rejected: {count}")
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
            "{}  {} ({} tests)",
            paint.bold(&problem.id),
            paint.verdict(Verdict::CE, 0),
            problem.tests.len()
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
    for test in failed.iter().take(MAX_FAILURES_SHOWN) {
        let what = test
            .first_difference
            .as_deref()
            .or(test.detail.as_deref())
            .unwrap_or("");
        let _ = writeln!(
            text,
            "{}  {}  {what}  (cpu {:.0} ms, wall {:.0} ms, mem {})",
            paint.bold(&format!("{}/{}", problem.id, test.name)),
            paint.verdict(test.verdict, 0),
            test.cpu_ms,
            test.wall_ms,
            memory(test.peak_kb)
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
        if let Some(input) = &test.input_head {
            let _ = writeln!(text, "    input (first lines):");
            let _ = write!(
                text,
                "{}",
                indent(&indent(input, MAX_MESSAGE_LINES), usize::MAX)
            );
        }
        if let Some(stderr) = &test.stderr_tail {
            if test.verdict != Verdict::WA && test.verdict != Verdict::PE {
                let _ = writeln!(text, "    stderr (last lines):");
                let lines: Vec<&str> = stderr.lines().collect();
                let tail = lines[lines.len().saturating_sub(MAX_MESSAGE_LINES)..].join("\n");
                let _ = writeln!(text, "{}", indent(&tail, MAX_MESSAGE_LINES));
            }
        }
    }
    if failed.len() > MAX_FAILURES_SHOWN {
        let _ = writeln!(
            text,
            "    … and {} more failed tests of {}",
            failed.len() - MAX_FAILURES_SHOWN,
            problem.id
        );
    }
}

/// A wrong submission that the data does not reject as its header declares.
fn wrong_failure(text: &mut String, submission: &WrongResult, paint: &Paint) {
    let name = paint.bold(&submission.file);
    let expect = submission.expect.map_or("?", Verdict::name);
    let _ = match submission.status {
        WrongStatus::Rejected => return,
        WrongStatus::Accepted => writeln!(
            text,
            "{name}  {} on every test ({}): the data does not catch this wrong submission (expected {expect})",
            paint.red("ACCEPTED"),
            submission.tests.len()
        ),
        WrongStatus::OtherVerdict => writeln!(
            text,
            "{name}  {}: expected {expect} on some test, got {}",
            paint.red("NOT AS DECLARED"),
            counts(submission)
        ),
        WrongStatus::BadHeader => writeln!(text, "{name}  {}", paint.red("INVALID HEADER")),
    };
    if let Some(message) = &submission.header_error {
        let _ = writeln!(text, "    {message}");
    }
    if let Some(why) = &submission.why {
        let _ = writeln!(text, "    why: {why}");
    }
    if let Some(message) = &submission.compile_error {
        let _ = writeln!(text, "{}", indent(message, MAX_MESSAGE_LINES));
    }
}

/// `3 WA, 16 AC`: how many tests got each verdict, most severe first.
fn counts(submission: &WrongResult) -> String {
    let counts = submission.verdict_counts();
    if counts.is_empty() {
        return "no tests".to_string();
    }
    counts
        .iter()
        .map(|(verdict, n)| format!("{n} {}", verdict.name()))
        .collect::<Vec<_>>()
        .join(", ")
}

fn indent(message: &str, max_lines: usize) -> String {
    let lines: Vec<&str> = message.trim_end().lines().collect();
    let mut out: String = lines
        .iter()
        .take(max_lines)
        .map(|line| format!("    {line}\n"))
        .collect();
    if lines.len() > max_lines {
        let _ = writeln!(out, "    … ({} more lines)", lines.len() - max_lines);
    }
    out.trim_end_matches('\n').to_string() + "\n"
}

/// Peak memory in MB with one decimal.
fn memory(kb: u64) -> String {
    format!("{:.1} MB", kb as f64 / 1024.0)
}

struct Paint {
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
    fn bold(&self, text: &str) -> String {
        self.wrap("1", text)
    }
    fn red(&self, text: &str) -> String {
        self.wrap("1;31", text)
    }
    fn green(&self, text: &str) -> String {
        self.wrap("1;32", text)
    }
    fn yellow(&self, text: &str) -> String {
        self.wrap("1;33", text)
    }
    fn verdict(&self, verdict: Verdict, width: usize) -> String {
        let name = format!("{:<width$}", verdict.name());
        match verdict {
            Verdict::AC => self.wrap("1;32", &name),
            Verdict::PE => self.wrap("1;33", &name),
            _ => self.wrap("1;31", &name),
        }
    }
}
