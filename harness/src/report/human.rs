//! The report for a terminal or a log: a line per problem, then each failure with its details, then a
//! summary, and last the line `N passed, M failed`.

use std::fmt::Write as _;
use std::io::Write;

use anyhow::Result;

use crate::judge::{ProblemResult, Report, TestResult, Verdict};

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
        .map(|p| title_of(p).chars().count())
        .max()
        .unwrap_or(0)
        .min(36);
    let mut text = String::new();
    for problem in &report.problems {
        problem_line(&mut text, problem, id_width, title_width, &paint);
        if options.verbose {
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
        }
    }

    let failing: Vec<&ProblemResult> = report.problems.iter().filter(|p| !p.accepted()).collect();
    if !failing.is_empty() {
        let _ = writeln!(text, "\n{}", paint.bold("Failures"));
    }
    for problem in failing {
        failure_details(&mut text, problem, options, &paint);
    }

    let s = &report.summary;
    let _ = writeln!(
        text,
        "\n{} problems: {} accepted, {} not accepted{}; {} tests in {:.2} s",
        s.problems,
        s.problems_accepted,
        s.problems - s.problems_accepted - s.problem_errors,
        if s.problem_errors > 0 {
            format!(", {} in error", s.problem_errors)
        } else {
            String::new()
        },
        s.tests,
        s.wall_ms / 1000.0
    );
    let _ = writeln!(text, "{} passed, {} failed", s.passed, s.failed);
    out.write_all(text.as_bytes())?;
    Ok(())
}

fn title_of(problem: &ProblemResult) -> String {
    match &problem.same_as {
        Some(other) => format!("{} (= {other})", problem.title),
        None => problem.title.clone(),
    }
}

fn problem_line(
    text: &mut String,
    problem: &ProblemResult,
    id_width: usize,
    title_width: usize,
    paint: &Paint,
) {
    let title: String = title_of(problem).chars().take(title_width).collect();
    let pad = title_width - title.chars().count();
    let _ = write!(text, "{:<id_width$}  {title}{:pad$}  ", problem.id, "");
    if problem.error.is_some() {
        let _ = writeln!(text, "{}", paint.red("ERROR"));
        return;
    }
    let verdict = problem.verdict().unwrap_or(Verdict::AC);
    let max_cpu = problem.tests.iter().map(|t| t.cpu_ms).fold(0.0, f64::max);
    let peak = problem.tests.iter().map(|t| t.peak_kb).max().unwrap_or(0);
    let _ = writeln!(
        text,
        "{}  {:>3}/{:<3}  cpu {:>5} / {} ms  mem {:>7} / {} MB",
        paint.verdict(verdict, 3),
        problem.passed(),
        problem.tests.len(),
        format!("{max_cpu:.0}"),
        problem.time_limit_ms,
        memory(peak),
        problem.memory_limit_mb
    );
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
    let failed: Vec<&TestResult> = problem
        .tests
        .iter()
        .filter(|t| t.verdict != Verdict::AC)
        .collect();
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
    fn verdict(&self, verdict: Verdict, width: usize) -> String {
        let name = format!("{:<width$}", verdict.name());
        match verdict {
            Verdict::AC => self.wrap("1;32", &name),
            Verdict::PE => self.wrap("1;33", &name),
            _ => self.wrap("1;31", &name),
        }
    }
}
