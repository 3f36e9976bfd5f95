//! The HTML report: one self-contained page (inline CSS, SVG and a little JS; no network asset) with an
//! overview of every problem, a verdict matrix and a time chart per problem, the details of every failure,
//! and what the run ran on. Every table reads without JS; every text from a run is escaped.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::io::Write;

use anyhow::Result;

use crate::model::{
    Chunk, Direction, ProblemResult, Report, SubmissionResult, SubmissionScore, TestResult, Verdict,
};

/// What the page says beyond the report: the machine it ran on.
#[derive(Debug, Clone, Default)]
pub struct HtmlOptions {
    /// The machine, in words (processor, cores, kernel); `None`: not said.
    pub machine: Option<String>,
}

/// Lines of a message (compile error, stderr, checker) shown at most.
const MAX_LINES: usize = 40;
/// Exchanges of a transcript shown at most: the first and last halves.
const MAX_EXCHANGES: usize = 40;
/// The time chart's drawing area, in SVG units.
const CHART_WIDTH: f64 = 760.0;
const CHART_HEIGHT: f64 = 150.0;
const CHART_LEFT: f64 = 56.0;
const CHART_TOP: f64 = 8.0;
/// The bottom of a time chart's logarithmic scale.
const LOG_FLOOR_MS: f64 = 0.1;

/// The colours of the programs in a time chart, in order (the solution first).
const PALETTE: [&str; 10] = [
    "#1f77b4", "#ff7f0e", "#2ca02c", "#9467bd", "#8c564b", "#e377c2", "#7f7f7f", "#bcbd22",
    "#17becf", "#d62728",
];

pub fn render_html(report: &Report, options: &HtmlOptions, out: &mut dyn Write) -> Result<()> {
    let report = &super::shown::report(report);
    let sections = sections(report);
    let mut html = String::with_capacity(64 * 1024);
    html.push_str("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n");
    html.push_str("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n");
    let _ = writeln!(html, "<title>harness report: {}</title>", headline(report));
    let _ = writeln!(html, "<style>{STYLE}</style>\n</head>\n<body>");
    let _ = writeln!(
        html,
        "<header><h1>harness report</h1><p id=\"headline\" class=\"{}\">{}</p></header>",
        if report.all_accepted() { "ok" } else { "bad" },
        headline(report)
    );
    html.push_str(
        "<nav id=\"filter\" hidden><label><input type=\"checkbox\" id=\"only-failing\"> only problems \
         not accepted</label> <input type=\"search\" id=\"find\" placeholder=\"problem id\"></nav>\n",
    );
    overview(&mut html, report, &sections);
    for section in &sections {
        problem_section(&mut html, section);
    }
    super::parity::html(&mut html, report);
    run_facts(&mut html, report, options);
    let _ = writeln!(html, "<script>{SCRIPT}</script>\n</body>\n</html>");
    out.write_all(html.as_bytes())?;
    Ok(())
}

/// A problem and the programs judged on it: its solution's row (absent when only `--submission` programs
/// ran) and its submissions.
struct Section<'a> {
    id: &'a str,
    row: Option<&'a ProblemResult>,
    submissions: Vec<&'a SubmissionResult>,
}

impl Section<'_> {
    /// Every test some program ran, in the order of the solution's row, then as the submissions met them.
    fn columns(&self) -> Vec<&str> {
        let mut names: Vec<&str> = Vec::new();
        let rows = self.row.map(|r| &r.tests).into_iter();
        for tests in rows.chain(self.submissions.iter().map(|s| &s.tests)) {
            for test in tests {
                if !names.contains(&test.name.as_str()) {
                    names.push(&test.name);
                }
            }
        }
        names
    }

    /// Whether a program of the section has a score (a scoring problem).
    fn scored(&self) -> bool {
        self.row.is_some_and(|r| r.score.is_some())
            || self.submissions.iter().any(|s| s.score.is_some())
    }

    /// Everything as it should be: the solution accepted, every submission as expected.
    fn good(&self) -> bool {
        self.row.is_none_or(ProblemResult::accepted)
            && self
                .submissions
                .iter()
                .all(|s| !s.failed() && (!s.given || s.verdict == Some(Verdict::AC)))
    }
}

fn sections(report: &Report) -> Vec<Section<'_>> {
    let submissions = report.submissions.as_deref().unwrap_or_default();
    let mut sections: Vec<Section> = report
        .problems
        .iter()
        .map(|row| Section {
            id: &row.id,
            row: Some(row),
            submissions: Vec::new(),
        })
        .collect();
    for submission in submissions {
        match sections.iter_mut().find(|s| s.id == submission.problem) {
            Some(section) => section.submissions.push(submission),
            None => sections.push(Section {
                id: &submission.problem,
                row: None,
                submissions: vec![submission],
            }),
        }
    }
    sections
}

/// "2 problems: 2 accepted; 44 tests: 44 passed, 0 failed; submissions: 12 of 12 as expected".
fn headline(report: &Report) -> String {
    let s = &report.summary;
    let given: Vec<_> = report
        .submissions
        .iter()
        .flatten()
        .filter(|s| s.given)
        .collect();
    // A run of programs given with --submission grades no problem's solution: it counts those programs.
    let given_only = report.problems.is_empty() && !given.is_empty();
    let mut text = match given_only {
        true => format!(
            "{} (--submission): {} accepted",
            super::count(given.len(), "given program"),
            given
                .iter()
                .filter(|s| s.verdict == Some(Verdict::AC))
                .count()
        ),
        false => format!(
            "{}: {} accepted",
            super::count(s.problems, "problem"),
            s.problems_accepted
        ),
    };
    if s.problem_errors > 0 {
        let _ = write!(text, ", {} in error", s.problem_errors);
    }
    let _ = write!(
        text,
        "; {}: {} passed, {} failed",
        super::count(s.tests, "test"),
        s.passed,
        s.failed
    );
    if report.submissions.is_some() && s.submissions > 0 && !given_only {
        let _ = write!(
            text,
            "; submissions: {} of {} as expected",
            s.submissions_matched, s.submissions
        );
    }
    if s.repeats > 1 {
        text.push_str(&super::repeats::headline_part(report));
    }
    esc(&text)
}

fn overview(html: &mut String, report: &Report, sections: &[Section]) {
    html.push_str(
        "<section id=\"overview\"><h2>Overview</h2>\n<div class=\"scroll\"><table class=\"overview\">\n\
         <thead><tr><th>problem</th><th>title</th><th>verdict</th><th>tests passed</th>\
         <th>max CPU / limit</th><th>peak memory / limit</th><th>submissions as expected</th></tr></thead>\n<tbody>\n",
    );
    for section in sections {
        let _ = write!(
            html,
            "<tr data-problem=\"{id}\" class=\"{}\"><td><a href=\"#p-{id}\">{id}</a></td>",
            if section.good() { "good" } else { "failing" },
            id = esc(section.id)
        );
        let Some(row) = section.row else {
            let _ = writeln!(
                html,
                "<td colspan=\"5\">programs given with --submission</td><td>{}</td></tr>",
                submission_count(section)
            );
            continue;
        };
        let _ = write!(html, "<td>{}</td>", esc(&title_of(row)));
        if let Some(error) = &row.error {
            let first = error.lines().next().unwrap_or("");
            let _ = writeln!(
                html,
                "<td>{}</td><td colspan=\"4\" class=\"error\">{}</td></tr>",
                badge_text("ERROR", "v-JE"),
                esc(first)
            );
            continue;
        }
        let verdict = row.verdict.unwrap_or(Verdict::AC);
        let score = match &row.score {
            Some(score) => format!(
                "<br><span class=\"score\" title=\"score\">score {}</span>",
                esc(&score_of(score.score, score.max))
            ),
            None => String::new(),
        };
        let _ = write!(
            html,
            "<td>{}</td><td class=\"num\">{}/{}{score}</td>",
            badge(verdict),
            row.passed(),
            row.tests.len()
        );
        match (row.max_cpu_ms, row.max_peak_kib) {
            (Some(cpu), Some(peak)) => {
                let limit_kib = row.memory_limit_mib as f64 * 1024.0;
                bar(
                    html,
                    cpu / row.cpu_limit_ms.max(1) as f64,
                    &format!(
                        "{cpu:.0} / {} ms{}",
                        row.cpu_limit_ms,
                        super::repeats::spread_label(row)
                    ),
                );
                bar(
                    html,
                    peak as f64 / limit_kib.max(1.0),
                    &format!("{} / {} MiB", mib(peak), row.memory_limit_mib),
                );
            }
            _ => html.push_str("<td colspan=\"2\">no test ran</td>"),
        }
        let _ = writeln!(html, "<td>{}</td></tr>", submission_count(section));
    }
    let _ = write!(html, "</tbody></table></div>");
    let s = &report.summary;
    let scale = match s.time_scale == 1.0 {
        true => String::new(),
        false => format!("; time limits × {}", s.time_scale),
    };
    let _ = writeln!(
        html,
        "<p class=\"note\">{} tests in {:.2} s{scale}. Bars: the most CPU time and memory of a test \
         against the limit (yellow above half the limit, red above it).</p></section>",
        s.tests,
        s.wall_ms / 1000.0
    );
}

fn submission_count(section: &Section) -> String {
    let graded: Vec<&&SubmissionResult> = section
        .submissions
        .iter()
        .filter(|s| s.skipped.is_none() && !s.given)
        .collect();
    if graded.is_empty() {
        return "<span class=\"muted\">none</span>".to_string();
    }
    let matched = graded.iter().filter(|s| s.matched).count();
    let class = if matched == graded.len() { "ok" } else { "bad" };
    format!("<span class=\"{class}\">{matched}/{}</span>", graded.len())
}

/// A cell with a bar of `fraction` of its width and `label` beside it.
fn bar(html: &mut String, fraction: f64, label: &str) {
    let class = match fraction {
        f if f > 1.0 => "over",
        f if f > 0.5 => "near",
        _ => "low",
    };
    let width = (fraction * 100.0).clamp(0.0, 100.0);
    let _ = write!(
        html,
        "<td class=\"barcell\"><span class=\"bar\"><span class=\"{class}\" style=\"width:{width:.1}%\"></span></span> {}</td>",
        esc(label)
    );
}

fn problem_section(html: &mut String, section: &Section) {
    let id = esc(section.id);
    let _ = write!(
        html,
        "<section class=\"problem {}\" id=\"p-{id}\" data-problem=\"{id}\"><h2>{id}",
        if section.good() { "good" } else { "failing" }
    );
    if let Some(row) = section.row {
        let _ = write!(
            html,
            " <span class=\"title\">{}</span>",
            esc(&title_of(row))
        );
        let _ = writeln!(html, "</h2>");
        if row.error.is_none() {
            let _ = writeln!(
                html,
                "<p class=\"limits\">time limit {} ms (judged against {} ms CPU), memory {} MiB, checker <code>{}</code></p>",
                row.time_limit_ms,
                row.cpu_limit_ms,
                row.memory_limit_mib,
                esc(&row.checker)
            );
            if let Some(spread) = super::repeats::spread_sentence(row) {
                let _ = writeln!(html, "<p class=\"limits spread\">{}</p>", esc(&spread));
            }
        }
    } else {
        let _ = writeln!(html, "</h2>");
    }
    let columns = section.columns();
    if !columns.is_empty() {
        matrix(html, section, &columns);
        chart(html, section, &columns);
    }
    failures(html, section);
    html.push_str("</section>\n");
}

/// The verdict matrix: a row per program, a column per test (grouped by kind), a coloured cell per run.
fn matrix(html: &mut String, section: &Section, columns: &[&str]) {
    let scored = section.scored();
    html.push_str("<h3>Verdicts</h3>\n<div class=\"scroll\"><table class=\"matrix\">\n<thead><tr><th rowspan=\"2\">program</th><th rowspan=\"2\">expected</th><th rowspan=\"2\">got</th>");
    if scored {
        html.push_str("<th rowspan=\"2\">score</th>");
    }
    let mut groups: Vec<(String, usize)> = Vec::new();
    for name in columns {
        let kind = kind_of(name);
        match groups.last_mut() {
            Some((last, n)) if *last == kind => *n += 1,
            _ => groups.push((kind, 1)),
        }
    }
    for (kind, n) in &groups {
        let _ = write!(
            html,
            "<th colspan=\"{n}\" class=\"group\">{}</th>",
            esc(kind)
        );
    }
    html.push_str("</tr>\n<tr>");
    for name in columns {
        let _ = write!(
            html,
            "<th class=\"test\" title=\"{}\">{}</th>",
            esc(name),
            esc(short_name(name))
        );
    }
    html.push_str("</tr></thead>\n<tbody>\n");
    if let Some(row) = section.row {
        let got = match (&row.error, row.verdict) {
            (Some(_), _) => badge_text("ERROR", "v-JE"),
            (None, Some(v)) => badge(v),
            (None, None) => String::new(),
        };
        let _ = write!(
            html,
            "<tr data-program=\"solution\" class=\"{}\"><th class=\"program\">solution</th><td>AC</td><td>{got}</td>",
            if row.accepted() { "as-expected" } else { "not-as-expected" }
        );
        if scored {
            score_cell(html, row.score.as_ref());
        }
        cells(html, section.id, columns, &row.tests, true);
        html.push_str("</tr>\n");
    }
    for s in &section.submissions {
        let expected = match s.given {
            true => "given".to_string(),
            false => s.expected.folder().to_string(),
        };
        let (class, got) = match (&s.skipped, s.verdict) {
            (Some(_), _) => (
                "skipped",
                "<span class=\"muted\">skipped</span>".to_string(),
            ),
            (None, Some(v)) if s.given => ("given", badge(v)),
            (None, Some(v)) if s.matched => ("as-expected", badge(v)),
            (None, Some(v)) => (
                "not-as-expected",
                badge(v) + " <b class=\"bad\">not as expected</b>",
            ),
            (None, None) => ("skipped", String::new()),
        };
        let what = [s.language.clone(), s.why.clone(), s.skipped.clone()]
            .into_iter()
            .flatten()
            .collect::<Vec<_>>()
            .join(": ");
        let _ = write!(
            html,
            "<tr data-program=\"{}\" data-expected=\"{}\" class=\"{class}\"><th class=\"program\" title=\"{}\">{}</th><td>{}</td><td>{got}</td>",
            esc(&program_name(s)),
            esc(&expected),
            esc(&what),
            esc(&program_name(s)),
            esc(&expected),
        );
        if scored {
            score_cell(html, s.score.as_ref());
        }
        cells(html, section.id, columns, &s.tests, s.given);
        html.push_str("</tr>\n");
    }
    html.push_str("</tbody></table></div>\n");
    if scored {
        group_scores(html, section);
    }
}

/// A program's total score (with the expected one, when required), or a blank when it has none.
fn score_cell(html: &mut String, score: Option<&SubmissionScore>) {
    let Some(score) = score else {
        html.push_str("<td></td>");
        return;
    };
    let expected = match score.expected {
        Some(expected) => format!(" <span class=\"muted\">(expected {expected})</span>"),
        None => String::new(),
    };
    let class = match score.mismatch {
        Some(_) => " bad",
        None => "",
    };
    let _ = write!(
        html,
        "<td class=\"score{class}\" title=\"{}\">{}{expected}</td>",
        esc(score.mismatch.as_deref().unwrap_or("score")),
        esc(&score_of(score.score, score.max))
    );
}

/// The scores by group: a row per scored program, a column per group (in the data's order), each cell
/// the group's verdict, points and first failing test.
fn group_scores(html: &mut String, section: &Section) {
    let mut programs: Vec<(String, &SubmissionScore)> = Vec::new();
    if let Some(score) = section.row.and_then(|r| r.score.as_ref()) {
        programs.push(("solution".to_string(), score));
    }
    for s in &section.submissions {
        if let Some(score) = &s.score {
            programs.push((program_name(s), score));
        }
    }
    let mut groups: Vec<&str> = Vec::new();
    for (_, score) in &programs {
        for group in score.all_groups() {
            if !groups.contains(&group.group.as_str()) {
                groups.push(&group.group);
            }
        }
    }
    html.push_str("<h3>Scores by group</h3>\n<div class=\"scroll\"><table class=\"matrix scores\">\n<thead><tr><th>program</th><th>total</th>");
    for group in &groups {
        let _ = write!(html, "<th class=\"group\">{}</th>", esc(group));
    }
    html.push_str("</tr></thead>\n<tbody>\n");
    for (name, score) in &programs {
        let _ = write!(
            html,
            "<tr data-scored=\"{}\"><th class=\"program\">{}</th>",
            esc(name),
            esc(name)
        );
        score_cell(html, Some(score));
        let all = score.all_groups();
        for group in &groups {
            let Some(g) = all.iter().find(|g| g.group == *group) else {
                html.push_str("<td class=\"nr\" title=\"not run\">·</td>");
                continue;
            };
            let first = match &g.first_failure {
                Some(first) => format!(
                    "<br><span class=\"first\">first failure {}</span>",
                    esc(first)
                ),
                None => String::new(),
            };
            // A judge error says why in its cell.
            let first = match &g.error {
                Some(why) => format!("{first}<br><span class=\"why\">{}</span>", esc(why)),
                None => first,
            };
            let _ = write!(
                html,
                "<td class=\"v v-{v}\" title=\"{}: {v}, {}/{} tests passed\">{v} {}{first}</td>",
                esc(group),
                g.passed,
                g.tests,
                esc(&score_of(g.score, g.max)),
                v = g.verdict.name(),
            );
        }
        html.push_str("</tr>\n");
    }
    html.push_str("</tbody></table></div>\n");
}

/// `30/100`, or `30` when the score is unbounded.
fn score_of(score: f64, max: Option<f64>) -> String {
    super::submissions::score_of(score, max)
}

/// One cell per column: the run's verdict, with its figures on hover; a dot for a test not run.
fn cells(html: &mut String, id: &str, columns: &[&str], tests: &[TestResult], linked: bool) {
    for name in columns {
        match tests.iter().find(|t| t.name == *name) {
            None => html.push_str("<td class=\"nr\" title=\"not run\">·</td>"),
            Some(t) => {
                let figures = match t.verdict {
                    Verdict::CE => String::new(),
                    _ => format!(", cpu {:.0} ms, mem {} MiB", t.cpu_ms, mib(t.peak_kib)),
                };
                let what = t.cause().map(|w| format!("\n{w}")).unwrap_or_default();
                let repeated = super::repeats::cell_title(t);
                let title = format!("{}: {}{figures}{what}{repeated}", t.name, t.verdict.name());
                let mut text = match (linked && t.verdict != Verdict::AC, t.verdict) {
                    (true, v) => format!("<a href=\"#f-{}\">{}</a>", anchor(id, &t.name), v.name()),
                    (false, v) => v.name().to_string(),
                };
                if t.repeats.as_ref().is_some_and(|r| r.flipped()) {
                    text.push_str("<span class=\"flip\">↯</span>");
                }
                let _ = write!(
                    html,
                    "<td class=\"v v-{}\" title=\"{}\">{text}</td>",
                    t.verdict.name(),
                    esc(&title)
                );
            }
        }
    }
}

/// The time chart: each program's CPU time per test against the limit judged against.
fn chart(html: &mut String, section: &Section, columns: &[&str]) {
    let limit = section.row.map(|r| r.cpu_limit_ms).filter(|l| *l > 0);
    let mut programs: Vec<(String, &[TestResult])> = Vec::new();
    if let Some(row) = section.row {
        programs.push(("solution".to_string(), &row.tests));
    }
    for s in &section.submissions {
        programs.push((program_name(s), &s.tests));
    }
    let ran = |t: &&TestResult| t.verdict != Verdict::CE;
    let top = programs
        .iter()
        .flat_map(|(_, tests)| tests.iter().filter(ran).map(|t| t.cpu_ms))
        .fold(limit.unwrap_or(1) as f64, f64::max)
        * 1.08;
    if programs.iter().all(|(_, t)| !t.iter().any(|t| ran(&t))) {
        return;
    }
    let plot = CHART_WIDTH - CHART_LEFT - 44.0;
    let (first, step) = match columns.len() {
        0 | 1 => (plot / 2.0, 0.0),
        n => (0.0, plot / (n - 1) as f64),
    };
    let x = |i: usize| CHART_LEFT + first + step * i as f64;
    // Fast programs (every one under a tenth of the limit) would lie flat along the bottom of a linear
    // scale: the scale is then logarithmic, from 0.1 ms, with a tick at each power of ten.
    let peak = programs
        .iter()
        .flat_map(|(_, tests)| tests.iter().filter(ran).map(|t| t.cpu_ms))
        .fold(0.0, f64::max);
    let log = limit.is_some_and(|limit| peak * 10.0 < limit as f64);
    let y = |ms: f64| {
        let share = match log {
            true => (ms.max(LOG_FLOOR_MS) / LOG_FLOOR_MS).log10() / (top / LOG_FLOOR_MS).log10(),
            false => ms / top,
        };
        CHART_TOP + CHART_HEIGHT * (1.0 - share)
    };
    let bottom = CHART_TOP + CHART_HEIGHT;
    html.push_str(match log {
        true => "<h3>CPU time per test <span class=\"muted\">(logarithmic scale)</span></h3>\n",
        false => "<h3>CPU time per test</h3>\n",
    });
    let _ = write!(
        html,
        "<svg class=\"chart\" viewBox=\"0 0 {CHART_WIDTH} {}\" role=\"img\" aria-label=\"CPU time per test of every program against the time limit{}\">",
        bottom + 22.0,
        if log { ", on a logarithmic scale" } else { "" }
    );
    let _ = write!(
        html,
        "<line class=\"axis\" x1=\"{CHART_LEFT}\" y1=\"{bottom}\" x2=\"{CHART_WIDTH}\" y2=\"{bottom}\"/>\
         <line class=\"axis\" x1=\"{CHART_LEFT}\" y1=\"{CHART_TOP}\" x2=\"{CHART_LEFT}\" y2=\"{bottom}\"/>"
    );
    let ticks: Vec<(f64, String)> = match log {
        true => std::iter::successors(Some(LOG_FLOOR_MS), |ms| Some(ms * 10.0))
            .take_while(|ms| *ms <= top)
            .map(|ms| (y(ms), format!("{ms} ms")))
            .collect(),
        false => vec![
            (bottom, "0".to_string()),
            (CHART_TOP + 8.0, format!("{top:.0} ms")),
        ],
    };
    for (at, label) in ticks {
        let _ = write!(
            html,
            "<text x=\"{}\" y=\"{at:.1}\" class=\"tick\">{label}</text>",
            CHART_LEFT - 4.0
        );
    }
    if let Some(limit) = limit {
        let (ly, hy) = (y(limit as f64), y(limit as f64 / 2.0));
        let _ = write!(
            html,
            "<rect class=\"near\" x=\"{CHART_LEFT}\" y=\"{ly:.1}\" width=\"{:.1}\" height=\"{:.1}\"><title>above half the limit</title></rect>\
             <line class=\"limit\" x1=\"{CHART_LEFT}\" y1=\"{ly:.1}\" x2=\"{CHART_WIDTH}\" y2=\"{ly:.1}\"/>\
             <text class=\"tick limit-label\" x=\"{}\" y=\"{:.1}\">limit {limit} ms</text>",
            CHART_WIDTH - CHART_LEFT,
            hy - ly,
            CHART_WIDTH - 4.0,
            ly - 3.0
        );
    }
    // A label under the first test of each group.
    let mut last_kind = String::new();
    for (i, name) in columns.iter().enumerate() {
        let kind = kind_of(name);
        if kind != last_kind {
            let _ = write!(
                html,
                "<text class=\"tick group-label\" x=\"{:.1}\" y=\"{}\">{}</text>",
                x(i),
                bottom + 14.0,
                esc(&kind)
            );
            last_kind = kind;
        }
    }
    let mut legend = String::new();
    for (k, (name, tests)) in programs.iter().enumerate() {
        let colour = PALETTE[k % PALETTE.len()];
        let mut path = String::new();
        let mut dots = String::new();
        for (i, column) in columns.iter().enumerate() {
            let Some(t) = tests.iter().find(|t| t.name == *column).filter(ran) else {
                continue;
            };
            let command = if path.is_empty() { 'M' } else { 'L' };
            let (px, py) = (x(i), y(t.cpu_ms));
            let _ = write!(path, "{command}{px:.1} {py:.1}");
            let _ = write!(dots, "<circle cx=\"{px:.1}\" cy=\"{py:.1}\" r=\"2\"/>");
        }
        if path.is_empty() {
            continue;
        }
        let _ = write!(
            html,
            "<g stroke=\"{colour}\" fill=\"{colour}\"><title>{}</title><path class=\"series\" d=\"{path}\"/>{dots}</g>",
            esc(name)
        );
        let _ = write!(
            legend,
            "<li><span class=\"swatch\" style=\"background:{colour}\"></span>{}</li>",
            esc(name)
        );
    }
    let _ = writeln!(html, "</svg>\n<ul class=\"legend\">{legend}</ul>");
}

/// Every failure of the section: the problem's error or compile error, each failed test of the solution
/// in full, each submission not as expected (and every given one) with its first failed test, and a
/// table of the known-wrong submissions that failed as they should.
fn failures(html: &mut String, section: &Section) {
    let mut blocks = String::new();
    if let Some(row) = section.row {
        if let Some(error) = &row.error {
            let _ = write!(
                blocks,
                "<div class=\"failure\"><p><b class=\"bad\">cannot be graded</b></p>{}</div>",
                pre(error, "error")
            );
        }
        if let Some(message) = &row.compile_error {
            let _ = write!(
                blocks,
                "<div class=\"failure\"><p>{} the solution does not compile</p>{}</div>",
                badge(Verdict::CE),
                pre(message, "compile")
            );
        }
        for test in row
            .tests
            .iter()
            .filter(|t| !matches!(t.verdict, Verdict::AC | Verdict::CE))
        {
            test_details(&mut blocks, section.id, "solution", test, true);
        }
        if let Some(why) = row.score.as_ref().and_then(|c| c.error.as_ref()) {
            let _ = write!(
                blocks,
                "<div class=\"failure\"><p><b>solution</b> {} <span class=\"why\">{}</span></p></div>",
                badge(Verdict::JE),
                esc(why)
            );
        }
    }
    let mut expected_rows = String::new();
    for s in &section.submissions {
        let failed = s.tests.iter().find(|t| t.verdict != Verdict::AC);
        if s.failed() || s.given {
            if let Some(message) = &s.compile_error {
                let _ = write!(
                    blocks,
                    "<div class=\"failure\"><p><b>{}</b> {} does not compile</p>{}</div>",
                    esc(&program_name(s)),
                    badge(Verdict::CE),
                    pre(message, "compile")
                );
            }
            let details: Vec<&TestResult> = match s.given {
                true => s
                    .tests
                    .iter()
                    .filter(|t| t.verdict != Verdict::AC)
                    .collect(),
                false => failed.into_iter().collect(),
            };
            for test in details.into_iter().filter(|t| t.verdict != Verdict::CE) {
                test_details(&mut blocks, section.id, &program_name(s), test, s.given);
            }
            if let Some(why) = s.score.as_ref().and_then(|c| c.error.as_ref()) {
                let _ = write!(
                    blocks,
                    "<div class=\"failure\"><p><b>{}</b> {} <span class=\"why\">{}</span></p></div>",
                    esc(&program_name(s)),
                    badge(Verdict::JE),
                    esc(why)
                );
            }
            if let (true, Some(why)) = (
                s.failed(),
                s.score.as_ref().and_then(|c| c.mismatch.as_ref()),
            ) {
                let _ = write!(
                    blocks,
                    "<div class=\"failure\"><p><b>{}</b> in <code>{}/</code>: <b class=\"bad\">{}</b></p></div>",
                    esc(&program_name(s)),
                    esc(s.expected.folder()),
                    esc(why)
                );
            } else if s.failed() && failed.is_none() && s.compile_error.is_none() {
                let _ = write!(
                    blocks,
                    "<div class=\"failure\"><p><b>{}</b> in <code>{}/</code> passed every test: <b class=\"bad\">not as expected</b></p></div>",
                    esc(&program_name(s)),
                    esc(s.expected.folder())
                );
            }
        } else if let (Some(test), None) = (failed, &s.skipped) {
            let what = test.cause().unwrap_or("");
            let _ = write!(
                expected_rows,
                "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>",
                esc(&program_name(s)),
                badge(test.verdict),
                esc(&test.name),
                esc(what)
            );
        }
    }
    if !blocks.is_empty() {
        let _ = write!(html, "<h3>Failures</h3>\n{blocks}\n");
    }
    if !expected_rows.is_empty() {
        let _ = writeln!(
            html,
            "<details class=\"expected\"><summary>Known-wrong submissions, rejected as expected</summary>\
             <table class=\"plain\"><thead><tr><th>submission</th><th>verdict</th><th>at</th><th>why</th></tr></thead>\
             <tbody>{expected_rows}</tbody></table></details>"
        );
    }
}

/// One failed test in full: first difference, diff side by side, checker message, transcript, input,
/// stderr.
fn test_details(html: &mut String, id: &str, program: &str, test: &TestResult, anchored: bool) {
    let what = test.cause().unwrap_or("");
    let anchor_id = match anchored && program == "solution" {
        true => format!(" id=\"f-{}\"", anchor(id, &test.name)),
        false => String::new(),
    };
    let _ = write!(
        html,
        "<details class=\"failure\" open{anchor_id} data-test=\"{}\"><summary><b>{}</b> {} {} <span class=\"what\">{}</span> \
         <span class=\"muted\">(cpu {:.0} ms, wall {:.0} ms, mem {} MiB)</span></summary>",
        esc(&test.name),
        esc(program),
        esc(&test.name),
        badge(test.verdict),
        esc(what),
        test.cpu_ms,
        test.wall_ms,
        mib(test.peak_kib)
    );
    if let Some(diff) = &test.diff {
        html.push_str(&diff_html(diff));
    }
    if let Some(message) = &test.checker_message {
        let _ = write!(
            html,
            "<p class=\"label\">checker says</p>{}",
            pre(message, "checker")
        );
    }
    if let Some(transcript) = &test.transcript {
        html.push_str(&dialogue(transcript));
    }
    for (number, pass) in test.passes.iter().flatten().enumerate() {
        let _ = write!(
            html,
            "<p class=\"label\">pass {} {} <span class=\"what\">{}</span> <span class=\"muted\">(cpu {:.0} ms, wall {:.0} ms, mem {} MiB)</span></p>",
            number + 1,
            badge(pass.verdict),
            esc(pass.detail.as_deref().unwrap_or("")),
            pass.cpu_ms,
            pass.wall_ms,
            mib(pass.peak_kib)
        );
        for (label, part) in [
            ("input", &pass.input_head),
            ("output", &pass.output_head),
            ("validator's feedback", &pass.feedback),
        ] {
            if let Some(part) = part {
                let _ = write!(html, "<p class=\"label\">{label}</p>{}", pre(part, "input"));
            }
        }
        if let Some(transcript) = &pass.transcript {
            html.push_str(&dialogue(transcript));
        }
    }
    if test.input_path.is_some() || test.input_head.is_some() {
        let path = test
            .input_path
            .as_deref()
            .map(|p| format!(" <code>{}</code>", esc(p)))
            .unwrap_or_default();
        let _ = write!(html, "<p class=\"label\">input{path}</p>");
        if let Some(head) = &test.input_head {
            let _ = write!(html, "{}", pre(head, "input"));
        }
    }
    if let Some(stderr) = &test.stderr_tail {
        let lines: Vec<String> = stderr
            .lines()
            .map(|l| crate::check::visible(l.as_bytes()))
            .collect();
        let tail = lines[lines.len().saturating_sub(MAX_LINES)..].join("\n");
        let _ = write!(
            html,
            "<p class=\"label\">stderr (last lines)</p>{}",
            pre(&tail, "stderr")
        );
    }
    html.push_str("</details>\n");
}

/// A diff as the checker wrote it, side by side: the line-by-line form as a table of expected and got
/// lines, the unified form as two columns; anything else as it is.
fn diff_html(diff: &str) -> String {
    marked(diff_table(diff))
}

/// A carriage return as the checker marks it (`␍`), which Debian's default fonts lack (Chromium shows an
/// empty box): drawn as a small boxed `CR` instead.
const CARRIAGE_RETURN: &str = "<span class=\"cr\" title=\"a carriage return (\\r)\">CR</span>";

/// Escaped HTML content with the checker's carriage-return mark drawn (`CARRIAGE_RETURN`); never for an
/// attribute's value.
fn marked(html: String) -> String {
    match html.contains('␍') {
        true => html.replace('␍', CARRIAGE_RETURN),
        false => html,
    }
}

fn diff_table(diff: &str) -> String {
    let mut lines = diff.lines();
    let Some(first) = lines.next() else {
        return String::new();
    };
    let mut out = String::new();
    if let Some(rest) = first.strip_prefix("line by line:") {
        let _ = write!(
            out,
            "<p class=\"label\">line by line:{}</p><table class=\"diff\"><thead><tr><th>where</th><th>expected</th><th>got</th><th>input</th></tr></thead><tbody>",
            esc(rest)
        );
        for line in lines {
            match split_line_difference(line) {
                Some((at, want, got, input)) => {
                    let _ = write!(
                        out,
                        "<tr><td>{}</td><td class=\"del\">{}</td><td class=\"ins\">{}</td><td>{}</td></tr>",
                        esc(at),
                        esc(want),
                        esc(got),
                        esc(input.unwrap_or(""))
                    );
                }
                None => {
                    let _ = write!(out, "<tr><td colspan=\"4\">{}</td></tr>", esc(line));
                }
            }
        }
        out.push_str("</tbody></table>");
        return out;
    }
    if first == "--- expected" {
        out.push_str(
            "<table class=\"diff\"><thead><tr><th>expected</th><th>got</th></tr></thead><tbody>",
        );
        let (mut left, mut right): (Vec<&str>, Vec<&str>) = (Vec::new(), Vec::new());
        let flush = |out: &mut String, left: &mut Vec<&str>, right: &mut Vec<&str>| {
            for i in 0..left.len().max(right.len()) {
                let cell = |side: &[&str], class: &str| match side.get(i) {
                    Some(text) => format!("<td class=\"{class}\">{}</td>", esc(text)),
                    None => "<td class=\"gap\"></td>".to_string(),
                };
                let _ = write!(out, "<tr>{}{}</tr>", cell(left, "del"), cell(right, "ins"));
            }
            left.clear();
            right.clear();
        };
        for line in lines {
            if line.starts_with("+++") && left.is_empty() && right.is_empty() {
                continue;
            }
            if let Some(text) = line.strip_prefix('-') {
                left.push(text);
            } else if let Some(text) = line.strip_prefix('+') {
                right.push(text);
            } else {
                flush(&mut out, &mut left, &mut right);
                let text = line.strip_prefix(' ').unwrap_or(line);
                let class = if line.starts_with("@@") {
                    "hunk"
                } else {
                    "same"
                };
                let _ = write!(
                    out,
                    "<tr class=\"{class}\"><td>{t}</td><td>{t}</td></tr>",
                    t = esc(text)
                );
            }
        }
        flush(&mut out, &mut left, &mut right);
        out.push_str("</tbody></table>");
        return out;
    }
    pre(diff, "diff")
}

/// "case 3 (line 3): expected `Yes`, got `No`; input `4 7`" as (where, expected, got, input).
fn split_line_difference(line: &str) -> Option<(&str, &str, &str, Option<&str>)> {
    let (at, rest) = line.split_once(": expected `")?;
    let (rest, input) = match rest.rsplit_once("`; input `") {
        Some((rest, input)) => (rest, Some(input.strip_suffix('`')?)),
        None => (rest.strip_suffix('`')?, None),
    };
    let (want, got) = rest.rsplit_once("`, got `")?;
    Some((at, want, got, input))
}

/// An interactive transcript as a dialogue: what the interactor said on the left, the solution's answers
/// on the right, in order, with their times; the middle of a long one left out.
fn dialogue(transcript: &[Chunk]) -> String {
    let mut lines: Vec<(f64, Direction, String)> = Vec::new();
    for chunk in transcript {
        for line in chunk.text.lines() {
            lines.push((
                chunk.t_ms,
                chunk.dir,
                crate::check::visible(line.as_bytes()),
            ));
        }
    }
    let mut out = String::from(
        "<p class=\"label\">transcript</p><table class=\"dialogue\"><thead><tr><th>ms</th><th>interactor → solution</th><th>solution → interactor</th></tr></thead><tbody>",
    );
    if lines.is_empty() {
        out.push_str("<tr><td colspan=\"3\" class=\"muted\">nothing was said</td></tr>");
    }
    let skipped = lines.len().saturating_sub(MAX_EXCHANGES);
    let head = MAX_EXCHANGES / 2;
    for (i, (t, dir, text)) in lines.iter().enumerate() {
        if skipped > 0 && i >= head && i < head + skipped {
            if i == head {
                let _ = write!(
                    out,
                    "<tr><td colspan=\"3\" class=\"muted\">… {skipped} lines not shown</td></tr>"
                );
            }
            continue;
        }
        let (left, right) = match dir {
            Direction::ToSolution => (esc(text), String::new()),
            Direction::FromSolution => (String::new(), esc(text)),
        };
        let _ = write!(
            out,
            "<tr><td class=\"num\">{t:.1}</td><td class=\"to\">{left}</td><td class=\"from\">{right}</td></tr>"
        );
    }
    out.push_str("</tbody></table>");
    out
}

/// The run's facts: when, the toolchains, the containment layers, the machine.
fn run_facts(html: &mut String, report: &Report, options: &HtmlOptions) {
    html.push_str("<section id=\"run\"><h2>The run</h2><table class=\"plain facts\"><tbody>");
    let mut fact = |name: &str, value: &str| {
        let _ = write!(
            html,
            "<tr><th>{}</th><td>{}</td></tr>",
            esc(name),
            esc(value)
        );
    };
    fact(
        "started",
        report.started.as_deref().unwrap_or("not recorded"),
    );
    fact(
        "wall time",
        &format!("{:.2} s", report.summary.wall_ms / 1000.0),
    );
    fact("time scale", &format!("× {}", report.summary.time_scale));
    if let Some(machine) = &options.machine {
        fact("machine", machine);
    }
    let layers = match report.isolation.is_empty() {
        true => "none".to_string(),
        false => report.isolation.join(", "),
    };
    fact("containment", &layers);
    if report.summary.repeats > 1 {
        fact("repeats", &super::repeats::repeats_fact(report));
    }
    if let Some(profile) = &report.profile {
        fact("profile", profile);
    }
    for (name, value) in super::repeats::machine_facts(report) {
        fact(&name, &value);
    }
    let toolchains: &BTreeMap<String, String> = &report.toolchains;
    for (language, version) in toolchains {
        // Its first line: `g++ --version` goes on with the whole copyright notice.
        fact(
            &format!("toolchain {language}"),
            version.lines().next().unwrap_or_default(),
        );
    }
    html.push_str("</tbody></table></section>\n");
}

fn title_of(row: &ProblemResult) -> String {
    match &row.same_as {
        Some(other) => format!("{} (= {other})", row.title),
        None => row.title.clone(),
    }
}

/// How a submission is named in its problem's section: `wrong_answer/plain-nim.rs`, or the given path.
fn program_name(s: &SubmissionResult) -> String {
    match s.given {
        true => s.file.clone(),
        false => format!("{}/{}", s.expected.folder(), s.name()),
    }
}

/// The kind of a test, for grouping columns: its folder (`secret/group1`) when it has one, else the part
/// of its name before the first dash (`sample`, `rand`, `max`).
fn kind_of(name: &str) -> String {
    if let Some((folder, _)) = name.rsplit_once('/') {
        return folder.to_string();
    }
    match name.split_once('-') {
        Some((kind, _)) if !kind.is_empty() => kind.to_string(),
        _ => "tests".to_string(),
    }
}

/// A test's column header: its name without the kind.
fn short_name(name: &str) -> &str {
    match name.rsplit_once('/') {
        Some((_, rest)) => rest,
        None => name.split_once('-').map_or(name, |(_, rest)| rest),
    }
}

/// A fragment id for a test of a problem: only letters, digits, `-` and `_`.
fn anchor(id: &str, test: &str) -> String {
    format!("{id}-{test}")
        .chars()
        .map(
            |c| match c.is_ascii_alphanumeric() || c == '-' || c == '_' {
                true => c,
                false => '_',
            },
        )
        .collect()
}

fn badge(verdict: Verdict) -> String {
    badge_text(verdict.name(), &format!("v-{}", verdict.name()))
}

fn badge_text(text: &str, class: &str) -> String {
    format!("<span class=\"badge {class}\">{}</span>", esc(text))
}

/// A block of text from a run, its first lines, escaped.
fn pre(text: &str, class: &str) -> String {
    let lines: Vec<&str> = text.trim_end().lines().collect();
    let mut shown = lines[..lines.len().min(MAX_LINES)].join("\n");
    if lines.len() > MAX_LINES {
        let _ = write!(shown, "\n… ({} more lines)", lines.len() - MAX_LINES);
    }
    marked(format!(
        "<pre class=\"{class}\">{}</pre>",
        esc_block(&shown)
    ))
}

/// Memory in MiB with one decimal.
fn mib(kib: u64) -> String {
    format!("{:.1}", kib as f64 / 1024.0)
}

/// Text for HTML: `&`, `<`, `>`, quotes escaped, and control characters shown as `\xNN` (a line break
/// too: use `esc_block` for text whose lines matter).
pub fn esc(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        push_escaped(&mut out, c, false);
    }
    out
}

/// Like `esc`, keeping line breaks and tabs (inside `<pre>`).
fn esc_block(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        push_escaped(&mut out, c, true);
    }
    out
}

fn push_escaped(out: &mut String, c: char, block: bool) {
    match c {
        '&' => out.push_str("&amp;"),
        '<' => out.push_str("&lt;"),
        '>' => out.push_str("&gt;"),
        '"' => out.push_str("&quot;"),
        '\'' => out.push_str("&#39;"),
        '\n' | '\t' if block => out.push(c),
        '\n' => out.push_str("&#10;"),
        c if c.is_control() => {
            let _ = write!(out, "\\x{:02x}", c as u32);
        }
        c if super::shown::is_unsafe_in_name(c) => {
            let _ = write!(out, "\\u{{{:04x}}}", c as u32);
        }
        c => out.push(c),
    }
}

const STYLE: &str = r#"
:root{--ac:#2e7d32;--pe:#c79100;--wa:#c62828;--tle:#6a1b9a;--mle:#ad1457;--ole:#e65100;--re:#b71c1c;--ce:#616161;--je:#000}
body{font:14px/1.4 system-ui,-apple-system,"Segoe UI",sans-serif;margin:0 auto;padding:0 16px 32px;max-width:1200px;color:#222}
h1{font-size:22px;margin:16px 0 4px}h2{font-size:18px;margin:24px 0 6px;border-bottom:1px solid #ddd}
h3{font-size:14px;margin:12px 0 4px;color:#444}.title{font-weight:normal;color:#555}
#headline{font-weight:600;margin:0 0 8px}.ok{color:var(--ac)}.bad{color:var(--wa)}.muted{color:#888}
.scroll{overflow-x:auto}table{border-collapse:collapse}th,td{padding:2px 6px;text-align:left;vertical-align:top}
.overview td,.overview th,.plain td,.plain th{border-bottom:1px solid #eee}.overview td:first-child{white-space:nowrap}.num{text-align:right}
.badge{display:inline-block;min-width:28px;text-align:center;color:#fff;border-radius:3px;font-size:12px;font-weight:600;padding:0 4px}
.v-AC{background:var(--ac)}.v-PE{background:var(--pe)}.v-WA{background:var(--wa)}.v-TLE{background:var(--tle)}
.v-MLE{background:var(--mle)}.v-OLE{background:var(--ole)}.v-RE{background:var(--re)}.v-CE{background:var(--ce)}.v-JE{background:var(--je)}
.barcell{white-space:nowrap}.bar{display:inline-block;width:90px;height:9px;background:#eee;border-radius:2px;vertical-align:middle}
.bar span{display:block;height:100%;border-radius:2px}.low{background:#66bb6a}.near{background:#fbc02d}.over{background:#e53935}
.matrix{font-size:11px}.matrix td.v,.matrix td.nr{text-align:center;color:#fff;min-width:22px;padding:1px 2px;border:1px solid #fff}
.matrix td.v a{color:#fff}.matrix td.nr{color:#bbb;background:#f6f6f6}.matrix th.test{font-weight:normal;color:#666;font-size:10px;text-align:center}
.matrix th.group{text-align:center;border-bottom:1px solid #ccc;color:#444}.matrix th.program{white-space:nowrap;font-weight:normal}
tr.not-as-expected th.program{color:var(--wa);font-weight:600}tr.skipped{opacity:.6}
td.score{white-space:nowrap;font-weight:600}.scores td.v{white-space:nowrap;padding:2px 6px}.scores .first{font-size:10px;font-weight:normal}
svg.chart{width:100%;max-width:760px;height:auto;display:block}.axis{stroke:#999}.tick{font-size:10px;fill:#666;text-anchor:end}
.group-label{text-anchor:start}.limit{stroke:var(--wa);stroke-dasharray:4 3}.flip{color:var(--wa);font-weight:bold}.limit-label{fill:var(--wa)}rect.near{fill:#fff8e6}
.series{fill:none;stroke-width:1.5;stroke-linejoin:round;stroke-linecap:round}
.legend{list-style:none;padding:0;margin:2px 0;font-size:12px;display:flex;flex-wrap:wrap;gap:2px 14px}
.swatch{display:inline-block;width:10px;height:10px;margin-right:4px;border-radius:2px}
.failure{border-left:3px solid var(--wa);padding:2px 8px;margin:6px 0;background:#fdf7f7}.failure summary{cursor:pointer}
.what{font-family:ui-monospace,monospace}pre{background:#f4f4f4;padding:6px;overflow-x:auto;margin:2px 0;font-size:12px}
.label{margin:6px 0 0;color:#555;font-size:12px}.diff,.dialogue{font:12px ui-monospace,monospace;margin:2px 0}
.diff td,.dialogue td{border:1px solid #e4e4e4;white-space:pre}.cr{font-size:8px;border:1px solid #999;border-radius:2px;padding:0 1px;margin:0 1px;color:#555;vertical-align:1px}.del{background:#fde8e8}.ins{background:#e6f4e6}.gap{background:#f4f4f4}
.hunk td{color:#888;background:#f0f4fa}.dialogue .to{background:#eef3fb}.dialogue .from{background:#f3fbee}
.error{color:var(--wa)}.note{color:#666;font-size:12px}nav{margin:8px 0}.facts th{white-space:nowrap}
body.only-failing .good{display:none}
"#;

const SCRIPT: &str = r#"
(function(){var n=document.getElementById('filter');n.hidden=false;
var f=document.getElementById('only-failing'),q=document.getElementById('find');
function apply(){document.body.classList.toggle('only-failing',f.checked);var t=q.value.trim().toLowerCase();
document.querySelectorAll('[data-problem]').forEach(function(e){e.style.display=(!t||e.dataset.problem.toLowerCase().indexOf(t)>=0)?'':'none';});}
f.addEventListener('change',apply);q.addEventListener('input',apply);})();
"#;

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::model::{Exit, Expected};

    fn test(name: &str, verdict: Verdict) -> TestResult {
        TestResult {
            cpu_ms: 3.0,
            wall_ms: 4.0,
            peak_kib: 2048,
            exit: Some(Exit::Code(0)),
            ..TestResult::compile_error(name)
        }
        .with_verdict(verdict)
    }

    trait WithVerdict {
        fn with_verdict(self, verdict: Verdict) -> Self;
    }
    impl WithVerdict for TestResult {
        fn with_verdict(mut self, verdict: Verdict) -> Self {
            self.verdict = verdict;
            self
        }
    }

    /// A run of a program given with --submission grades no problem: its headline counts that program,
    /// in the singular, not "0 problems".
    #[test]
    fn the_headline_of_a_submission_run_counts_the_given_program() {
        let given = SubmissionResult {
            given: true,
            verdict: Some(Verdict::AC),
            tests: vec![test("sample-1", Verdict::AC)],
            ..SubmissionResult::new("good", "mine.py", Expected::Accepted)
        };
        let report = Report::new(Vec::new(), Some(vec![given]), 1.0, 4.0);
        assert_eq!(
            headline(&report),
            "1 given program (--submission): 1 accepted; 1 test: 1 passed, 0 failed"
        );
        let mut two = hand_made();
        two.submissions = None;
        assert!(
            headline(&two).starts_with("2 problems: 1 accepted; 4 tests"),
            "{}",
            headline(&two)
        );
    }

    /// A toolchain's version is its first line: g++ goes on with its copyright notice.
    #[test]
    fn a_toolchain_is_named_by_the_first_line_of_its_version() {
        let mut report = hand_made();
        report.toolchains.insert(
            "cpp".into(),
            "g++ (Debian 12.2.0-14) 12.2.0\nCopyright (C) 2022 Free Software Foundation, Inc.\nThis is free software".into(),
        );
        let mut out = Vec::new();
        render_html(&report, &HtmlOptions::default(), &mut out).unwrap();
        let html = String::from_utf8(out).unwrap();
        assert!(html.contains("g++ (Debian 12.2.0-14) 12.2.0"), "{html}");
        assert!(!html.contains("Copyright"), "{html}");
    }

    #[test]
    fn text_from_a_run_is_escaped() {
        assert_eq!(
            esc("<script>\"a\" & 'b'\x1b[31m\n"),
            "&lt;script&gt;&quot;a&quot; &amp; &#39;b&#39;\\x1b[31m&#10;"
        );
        assert_eq!(esc_block("a\n<b>\tc\x07"), "a\n&lt;b&gt;\tc\\x07");
    }

    #[test]
    fn a_line_difference_splits_into_its_parts() {
        assert_eq!(
            split_line_difference("case 3 (line 3): expected `Yes`, got `No`; input `4 7`"),
            Some(("case 3 (line 3)", "Yes", "No", Some("4 7")))
        );
        assert_eq!(
            split_line_difference("line 2: expected `a`, got `b`"),
            Some(("line 2", "a", "b", None))
        );
        assert_eq!(split_line_difference("… 3 more differing lines"), None);
    }

    #[test]
    fn columns_are_grouped_by_kind() {
        assert_eq!(kind_of("sample-1"), "sample");
        assert_eq!(kind_of("rand-01"), "rand");
        assert_eq!(kind_of("secret/group1/a"), "secret/group1");
        assert_eq!(kind_of("plain"), "tests");
        assert_eq!(short_name("rand-01"), "01");
        assert_eq!(short_name("secret/group1/a"), "a");
        assert_eq!(anchor("p", "secret/a b"), "p-secret_a_b");
    }

    #[test]
    fn a_unified_diff_is_shown_side_by_side() {
        let diff = "--- expected\n+++ got\n@@ from line 1 @@\n 1\n-2\n-3\n+4\n 5\n";
        let html = diff_html(diff);
        assert!(
            html.contains("<tr><td class=\"del\">2</td><td class=\"ins\">4</td></tr>"),
            "{html}"
        );
        assert!(
            html.contains("<tr><td class=\"del\">3</td><td class=\"gap\"></td></tr>"),
            "{html}"
        );
        assert!(
            html.contains("<tr class=\"same\"><td>5</td><td>5</td></tr>"),
            "{html}"
        );
    }

    /// Debian's default fonts have no `␍`: Chromium drew an empty box where a line ended in CR.
    #[test]
    fn a_carriage_return_is_drawn_as_a_boxed_cr_in_diffs_and_blocks() {
        let got = crate::check::visible(b"7\r");
        let diff = format!("--- expected\n+++ got\n@@ from line 1 @@\n-7\n+{got}\n");
        for html in [diff_html(&diff), pre(&got, "stderr")] {
            assert!(!html.contains('␍'), "{html}");
            assert!(html.contains(&format!("7{CARRIAGE_RETURN}")), "{html}");
        }
        assert_eq!(esc("a␍"), "a␍", "attribute values are left alone");
    }

    #[test]
    fn a_transcript_is_a_dialogue() {
        let transcript = vec![
            Chunk {
                t_ms: 0.5,
                dir: Direction::ToSolution,
                text: "3 <4>\n".into(),
            },
            Chunk {
                t_ms: 1.0,
                dir: Direction::FromSolution,
                text: "take 1\n".into(),
            },
        ];
        let html = dialogue(&transcript);
        assert!(
            html.contains("<td class=\"to\">3 &lt;4&gt;</td><td class=\"from\"></td>"),
            "{html}"
        );
        assert!(
            html.contains("<td class=\"to\"></td><td class=\"from\">take 1</td>"),
            "{html}"
        );
    }

    /// A fast solution (1 and 10 ms under a 1000 ms limit) lay flat along the bottom of a linear chart:
    /// its scale is logarithmic, the two tests a power of ten apart; a slow one keeps the linear scale.
    #[test]
    fn the_time_chart_of_fast_programs_is_logarithmic() {
        let chart_of = |cpu: [f64; 2]| {
            let mut row = ProblemResult::error("p", None, 1000, "");
            row.error = None;
            row.cpu_limit_ms = 1000;
            row.tests = vec![test("rand-01", Verdict::AC), test("rand-02", Verdict::AC)];
            row.tests[0].cpu_ms = cpu[0];
            row.tests[1].cpu_ms = cpu[1];
            let section = Section {
                id: "p",
                row: Some(&row),
                submissions: Vec::new(),
            };
            let mut html = String::new();
            chart(&mut html, &section, &["rand-01", "rand-02"]);
            html
        };
        let heights = |html: &str| -> Vec<f64> {
            html.split("<circle cx=\"")
                .skip(1)
                .map(|c| {
                    c.split("cy=\"")
                        .nth(1)
                        .unwrap()
                        .split('"')
                        .next()
                        .unwrap()
                        .parse()
                        .unwrap()
                })
                .collect()
        };
        let fast = chart_of([1.0, 10.0]);
        assert!(fast.contains("(logarithmic scale)"), "{fast}");
        for tick in [">0.1 ms<", ">1 ms<", ">10 ms<", ">100 ms<", ">1000 ms<"] {
            assert!(fast.contains(tick), "{tick}: {fast}");
        }
        let [one, ten] = heights(&fast)[..] else {
            panic!("two dots: {fast}")
        };
        // A power of ten apart: a quarter of the height between 0.1 ms and the top (1080 ms).
        let decade = CHART_HEIGHT / (1080.0f64 / LOG_FLOOR_MS).log10();
        assert!((one - ten - decade).abs() < 0.2, "{one} {ten} {decade}");
        let slow = chart_of([300.0, 600.0]);
        assert!(!slow.contains("logarithmic"), "{slow}");
        assert!(slow.contains(">0<") && slow.contains(">1080 ms<"), "{slow}");
    }

    /// A report of two problems by hand: one accepted with a submission, one with a wrong answer, a
    /// hostile stderr and a failing submission.
    pub(crate) fn hand_made() -> Report {
        let mut good = ProblemResult::error("good", None, 1000, "");
        good.error = None;
        good.title = "Good <Game>".into();
        good.time_limit_ms = 1000;
        good.memory_limit_mib = 64;
        good.checker = "lines".into();
        good.tests = vec![test("sample-1", Verdict::AC), test("rand-01", Verdict::AC)];
        let mut bad = good.clone();
        bad.id = "bad".into();
        bad.title = "Bad".into();
        let mut wa = test("rand-01", Verdict::WA);
        wa.first_difference = Some("line 1: expected `BAD MOVE`, got `I WIN`".into());
        wa.diff = Some("--- expected\n+++ got\n@@ from line 1 @@\n-BAD MOVE\n+I WIN\n".into());
        wa.input_head = Some("2\n1 2\n3 4".into());
        wa.input_path = Some("testdata/bad/rand-01.in".into());
        wa.stderr_tail = Some("</pre><script>alert(1)</script>\x1b[31m".into());
        bad.tests = vec![test("sample-1", Verdict::AC), wa];
        let submission =
            |problem: &str, folder: Expected, verdict: Verdict, matched: bool| SubmissionResult {
                language: Some("Rust".into()),
                why: Some("plain Nim".into()),
                verdict: Some(verdict),
                stopped_at: (verdict != Verdict::AC).then(|| "sample-1".into()),
                matched,
                max_cpu_ms: 3.0,
                tests: vec![test("sample-1", verdict)],
                ..SubmissionResult::new(
                    problem,
                    &format!("problems/{problem}/submissions/{}/x.rs", folder.folder()),
                    folder,
                )
            };
        let submissions = vec![
            submission("good", Expected::WrongAnswer, Verdict::WA, true),
            submission("bad", Expected::Accepted, Verdict::TLE, false),
        ];
        Report::new(vec![good, bad], Some(submissions), 1.0, 42.0)
    }

    /// A scored problem by hand: groups `small` (30 points: `sample-1`, `rand-01`) and `large` (70:
    /// `max-01`, `max-02`), each `min`; the solution scores 100, a partial submission 30 as it expects,
    /// and another 30 where it expects 70.
    pub(crate) fn scored() -> Report {
        use crate::model::score::ScoreAggregation;
        use crate::model::{GroupRules, ScoreExpectation, ScoreGroup, ScoreItem, Scoring};
        let group = |name: &str, points: f64, tests: &[&str]| {
            ScoreItem::Group(ScoreGroup {
                name: name.into(),
                rules: GroupRules {
                    scores: ScoreAggregation::Min,
                    accept_score: points,
                    range: (0.0, points),
                    ..GroupRules::default()
                },
                items: tests
                    .iter()
                    .map(|t| ScoreItem::Test(t.to_string()))
                    .collect(),
            })
        };
        let scoring = Scoring {
            root: ScoreGroup {
                name: String::new(),
                rules: GroupRules {
                    on_reject: crate::model::OnReject::Continue,
                    verdicts: crate::model::score::VerdictAggregation::FirstError,
                    range: (0.0, 100.0),
                    ..GroupRules::default()
                },
                items: vec![
                    group("small", 30.0, &["sample-1", "rand-01"]),
                    group("large", 70.0, &["max-01", "max-02"]),
                ],
            },
            validator_score: crate::model::ValidatorScore::Forbidden,
            expected: Vec::new(),
            partial: crate::model::score::PartialRule::PointsBelowFull,
            rules: Default::default(),
        };
        let all = ["sample-1", "rand-01", "max-01", "max-02"];
        let mut row = ProblemResult::error("scored", None, 1000, "");
        row.error = None;
        row.title = "Scored".into();
        row.tests = all.iter().map(|t| test(t, Verdict::AC)).collect();
        row.score = Some(crate::grade::score::score_results(&scoring, &row.tests));
        let partial = |name: &str, expected: f64| {
            let tests = vec![
                test("sample-1", Verdict::AC),
                test("rand-01", Verdict::AC),
                test("max-01", Verdict::TLE),
            ];
            let mut score = crate::grade::score::score_results(&scoring, &tests);
            score.expected = Some(ScoreExpectation::exactly(expected));
            let folder = Expected::Verdicts(crate::model::VerdictRule {
                folder: crate::model::VerdictRule::folder_name("partially_accepted"),
                permitted: Default::default(),
                required: Default::default(),
            });
            let judged = crate::grade::score::judge_expectation(
                folder,
                &score,
                score.expected,
                crate::model::score::PartialRule::PointsBelowFull,
            );
            score.mismatch = judged.clone().err();
            let file = format!("problems/scored/submissions/partially_accepted/{name}");
            SubmissionResult {
                language: Some("Rust".into()),
                verdict: Some(score.verdict),
                stopped_at: Some("max-01".into()),
                matched: judged.is_ok(),
                max_cpu_ms: 3.0,
                tests,
                score: Some(score),
                ..SubmissionResult::new("scored", &file, folder)
            }
        };
        let submissions = vec![partial("slow.rs", 30.0), partial("hopeful.rs", 70.0)];
        Report::new(vec![row], Some(submissions), 1.0, 42.0)
    }

    #[test]
    fn scores_are_shown_per_group_and_in_total() {
        let mut out = Vec::new();
        render_html(&scored(), &HtmlOptions::default(), &mut out).unwrap();
        let html = String::from_utf8(out).unwrap();
        for part in [
            "4/4<br><span class=\"score\" title=\"score\">score 100/100</span>",
            "<th rowspan=\"2\">score</th>",
            "<h3>Scores by group</h3>",
            "<th class=\"group\">small</th><th class=\"group\">large</th>",
            "<tr data-scored=\"solution\"><th class=\"program\">solution</th><td class=\"score\" title=\"score\">100/100</td>",
            "<td class=\"v v-AC\" title=\"small: AC, 2/2 tests passed\">AC 30/30</td>",
            "<td class=\"v v-TLE\" title=\"large: TLE, 0/1 tests passed\">TLE 0/70<br><span class=\"first\">first failure max-01</span></td>",
            "<td class=\"score\" title=\"score\">30/100 <span class=\"muted\">(expected 30)</span></td>",
            "<td class=\"score bad\" title=\"score 30, expected 70\">30/100 <span class=\"muted\">(expected 70)</span></td>",
            "<b class=\"bad\">score 30, expected 70</b>",
        ] {
            assert!(html.contains(part), "missing {part}\n{html}");
        }
        // A problem without groups shows no score anywhere.
        let mut plain = Vec::new();
        render_html(&hand_made(), &HtmlOptions::default(), &mut plain).unwrap();
        let plain = String::from_utf8(plain).unwrap();
        assert!(
            !plain.contains("Scores by group") && !plain.contains("class=\"score"),
            "no score without groups"
        );
    }

    #[test]
    fn the_page_has_every_part() {
        let mut out = Vec::new();
        let options = HtmlOptions {
            machine: Some("a test machine".into()),
        };
        render_html(&hand_made(), &options, &mut out).unwrap();
        let html = String::from_utf8(out).unwrap();
        for part in [
            "<tr data-problem=\"good\" class=\"good\">",
            "<tr data-problem=\"bad\" class=\"failing\">",
            "Good &lt;Game&gt;",
            "<tr data-program=\"solution\" class=\"not-as-expected\">",
            "<tr data-program=\"accepted/x.rs\" data-expected=\"accepted\" class=\"not-as-expected\">",
            "<tr data-program=\"wrong_answer/x.rs\" data-expected=\"wrong_answer\" class=\"as-expected\">",
            "<a href=\"#f-bad-rand-01\">WA</a>",
            "id=\"f-bad-rand-01\"",
            "<td class=\"del\">BAD MOVE</td><td class=\"ins\">I WIN</td>",
            "<code>testdata/bad/rand-01.in</code>",
            "&lt;/pre&gt;&lt;script&gt;alert(1)&lt;/script&gt;",
            "limit 1000 ms",
            "a test machine",
            "Known-wrong submissions, rejected as expected",
        ] {
            assert!(html.contains(part), "missing {part}");
        }
        assert!(!html.contains("<script>alert"), "stderr is escaped");
        assert!(
            !html.contains("\x1b"),
            "control characters are shown escaped"
        );
        assert!(
            !html.contains("http://") && !html.contains("https://"),
            "no network asset"
        );
        assert_eq!(html.matches("<script>").count(), 1, "one inline script");
    }
}
