//! The submissions in the human report: a line each under its problem (language, folder, verdict, the
//! test where it stopped, its CPU time), a count on the problem's line, the details of those not as
//! expected, and problemtools' time-limit warnings.

use std::fmt::Write as _;

use super::human::{indent, HumanOptions, Paint, MAX_MESSAGE_LINES};
use crate::model::{ProblemResult, Report, SubmissionResult, TestResult, Verdict};

/// One line per submission, under its problem.
pub(super) fn submission_lines<'a>(
    text: &mut String,
    submissions: impl Iterator<Item = &'a SubmissionResult>,
    paint: &Paint,
) {
    for s in submissions {
        let path = match s.given {
            true => s.file.clone(),
            false => format!("{}/{}", s.expected.folder(), s.name()),
        };
        let language = s.language.as_deref().unwrap_or("?");
        let outcome = match (&s.skipped, s.verdict) {
            (Some(reason), _) => {
                // The reason, whole, without the path it starts with: the line already names the
                // submission. Further lines go under it.
                let reason = reason
                    .split_once(": ")
                    .map_or(reason.as_str(), |(_, rest)| rest);
                format!("skipped: {}", reason.trim_end().replace('\n', "\n        "))
            }
            (None, Some(verdict)) => {
                let at = s
                    .stopped_at
                    .as_ref()
                    .map(|t| format!(" at {t}"))
                    .unwrap_or_default();
                let cpu = match verdict {
                    Verdict::CE => String::new(),
                    _ => format!("  cpu {:.0} ms", s.max_cpu_ms),
                };
                format!("{}{at}{cpu}", paint.verdict(verdict, 0))
            }
            (None, None) => String::new(),
        };
        let mark = match s.skipped.is_none() && !s.matched && !s.given {
            true => format!("  {}", paint.red("NOT AS EXPECTED")),
            false => String::new(),
        };
        let score = match &s.score {
            Some(score) => format!("  score {}", score_of(score.score, score.max)),
            None => String::new(),
        };
        let _ = writeln!(text, "    {path:<40} {language:<10} {outcome}{score}{mark}");
        if let Some(score) = &s.score {
            score_lines(text, score, paint);
        }
    }
}

/// `50/100`, or `50` when the score is unbounded.
pub(super) fn score_of(score: f64, max: Option<f64>) -> String {
    use crate::model::score::shown;
    match max {
        Some(max) => format!("{}/{}", shown(score), shown(max)),
        None => shown(score),
    }
}

/// A scored submission's groups, one line each (verdict, score, tests passed, first failure, the groups it
/// needs that did not pass) with the
/// reason of a group's judge error under it, and why its score is not as expected.
pub(super) fn score_lines(text: &mut String, score: &crate::model::SubmissionScore, paint: &Paint) {
    for group in score.all_groups() {
        let depth = group.group.matches('/').count();
        let name = format!("{}{}", "  ".repeat(depth), group.group);
        let first = group
            .first_failure
            .as_ref()
            .map(|t| format!("  first failure {t}"))
            .unwrap_or_default();
        let unmet = match &group.unmet {
            Some(groups) => format!("  no points: needs {}", groups.join(", ")),
            None => String::new(),
        };
        let _ = writeln!(
            text,
            "        {name:<30} {} {:>9}  {}/{} tests{first}{unmet}",
            paint.verdict(group.verdict, 3),
            score_of(group.score, group.max),
            group.passed,
            group.tests
        );
        if let Some(error) = &group.error {
            let _ = writeln!(text, "        {}", paint.red(error));
        }
    }
    if let Some(error) = &score.error {
        let _ = writeln!(text, "        {}", paint.red(error));
    }
    if let Some(expected) = score.expected {
        let _ = writeln!(text, "        expected score {expected}");
    }
    if let Some(why) = &score.mismatch {
        let _ = writeln!(text, "        {}", paint.red(why));
    }
}

/// How a problem's submissions fared, for the line under it.
pub(super) fn submissions_summary(
    problem: &ProblemResult,
    submissions: &[SubmissionResult],
    paint: &Paint,
) -> String {
    if let Some(original) = &problem.same_as {
        return format!("submissions: graded under {original}");
    }
    let mine: Vec<&SubmissionResult> = submissions
        .iter()
        .filter(|s| s.problem == problem.id && s.skipped.is_none())
        .collect();
    if mine.is_empty() {
        return format!(
            "submissions: none (add problems/{}/submissions/<folder>/)",
            problem.id
        );
    }
    let matched = mine.iter().filter(|s| s.matched).count();
    let count = format!("{matched}/{}", mine.len());
    let count = match matched == mine.len() {
        true => paint.green(&count),
        false => paint.red(&count),
    };
    format!("submissions as expected: {count}")
}

/// A submission whose verdict its folder does not allow.
pub(super) fn submission_failure(
    text: &mut String,
    s: &SubmissionResult,
    options: &HumanOptions,
    paint: &Paint,
) {
    let verdict = s.verdict.map_or("?", Verdict::name);
    let mismatch = s.score.as_ref().and_then(|score| score.mismatch.clone());
    let got = match (s.verdict, &s.stopped_at) {
        // The mismatch says what it got itself ("got WA overall, ...").
        _ if mismatch.is_some() => {
            let mismatch = mismatch.unwrap_or_default();
            mismatch
                .strip_prefix("got ")
                .map_or(mismatch.clone(), str::to_string)
        }
        (Some(Verdict::AC), _) => format!("every test {}", paint.green("AC")),
        (_, Some(test)) => format!("{verdict} at {test}"),
        _ => verdict.to_string(),
    };
    match s.given {
        true => writeln!(text, "{}  {}", paint.bold(&s.file), got),
        false => writeln!(
            text,
            "{}  {}: in {}/, got {got}",
            paint.bold(&s.file),
            paint.red("NOT AS EXPECTED"),
            s.expected.folder()
        ),
    }
    .expect("writing to a String");
    if let Some(why) = &s.why {
        let _ = writeln!(text, "    about it: {why}");
    }
    let failed = s.tests.iter().find(|t| t.verdict != Verdict::AC);
    // A program given with --submission is someone's attempt: show what went wrong in full, every failed
    // test up to --max-failures (all with -v).
    if s.given {
        let failures: Vec<&TestResult> = s
            .tests
            .iter()
            .filter(|t| !matches!(t.verdict, Verdict::AC | Verdict::CE))
            .collect();
        let shown = match (options.verbose, options.max_failures) {
            (true, _) | (_, 0) => failures.len(),
            (false, most) => most,
        };
        for test in failures.iter().take(shown) {
            given_failure(text, test, failures.len() > 1, paint);
        }
        if failures.len() > shown {
            let _ = writeln!(
                text,
                "    … and {} more failed tests (--max-failures 0 or -v shows all)",
                failures.len() - shown
            );
        }
    } else if let Some(failed) = failed {
        if let Some(what) = failed.cause() {
            let _ = writeln!(text, "    {}", super::human::escaped(what));
        }
        // A crash says why on its stderr (kept for run-time errors only).
        if let Some(tail) = &failed.stderr_tail {
            let _ = write!(text, "{}", indent(&stderr_block(tail), MAX_MESSAGE_LINES));
        }
    }
    if let Some(message) = &s.compile_error {
        let _ = writeln!(text, "{}", indent(message, MAX_MESSAGE_LINES));
    }
}

/// One failed test of a program given with --submission: what differs, the diff, what the checker said,
/// the transcript, the input and stderr. Headed by the test's name when more than one is shown.
fn given_failure(text: &mut String, test: &TestResult, named: bool, paint: &Paint) {
    let what = test.cause();
    if named {
        let _ = writeln!(
            text,
            "  {}  {}  {}  (cpu {:.0} ms, mem {:.1} MiB)",
            paint.bold(&test.name),
            paint.verdict(test.verdict, 0),
            super::human::escaped(what.unwrap_or("")),
            test.cpu_ms,
            test.peak_kib as f64 / 1024.0
        );
    } else if let Some(what) = what {
        let _ = writeln!(text, "    {}", super::human::escaped(what));
    }
    let message = test
        .checker_message
        .as_ref()
        .filter(|m| m.lines().count() > 1);
    let path = test
        .input_path
        .as_ref()
        .map(|p| format!(" {p}"))
        .unwrap_or_default();
    let input = test.input_head.as_ref().map(|i| {
        format!(
            "input{path} (first lines):\n{}",
            indent(i, MAX_MESSAGE_LINES)
        )
    });
    let transcript = test.transcript.as_ref().map(|t| {
        format!(
            "transcript (last exchanges; > read by the solution, < written by it):\n{}",
            indent(&super::human::last_exchanges(t), usize::MAX)
        )
    });
    let stderr = test.stderr_tail.as_deref().map(stderr_block);
    for block in [
        test.diff.as_ref(),
        message,
        transcript.as_ref(),
        input.as_ref(),
        stderr.as_ref(),
    ]
    .into_iter()
    .flatten()
    {
        let _ = write!(text, "{}", indent(block, MAX_MESSAGE_LINES));
    }
}

/// problemtools' time-limit checks, one line per submission they flag.
pub(super) fn time_warnings(text: &mut String, report: &Report, paint: &Paint) {
    let flagged: Vec<&SubmissionResult> = report
        .submissions
        .as_deref()
        .unwrap_or_default()
        .iter()
        .filter(|s| s.time_warning.is_some())
        .collect();
    if flagged.is_empty() {
        return;
    }
    let _ = writeln!(text, "\n{}", paint.yellow("Time-limit warnings"));
    for s in flagged {
        let _ = writeln!(
            text,
            "{}: {}",
            s.file,
            s.time_warning.as_deref().unwrap_or("")
        );
    }
}

/// A program's stderr, headed, its last lines indented: it reaches the terminal with its control
/// characters made visible.
fn stderr_block(tail: &str) -> String {
    let lines: Vec<String> = tail
        .lines()
        .map(|l| crate::check::visible(l.as_bytes()))
        .collect();
    // As many lines as the block under its heading shows.
    let last = &lines[lines.len().saturating_sub(MAX_MESSAGE_LINES - 1)..];
    format!(
        "stderr (last lines):\n{}",
        indent(&last.join("\n"), MAX_MESSAGE_LINES)
    )
}
