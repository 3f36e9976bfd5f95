//! How two outputs differ, for people: the first differing token or line, a unified diff around it, and
//! bytes shown with the invisible made visible.

use std::fmt::Write as _;

use std::path::Path;

use super::builtin::{same_token_of, tokens};
use crate::model::BuiltinChecker;

/// Lines of context shown before the first difference, and lines shown from it.
pub(super) const DIFF_BEFORE: usize = 2;
pub(super) const DIFF_AFTER: usize = 12;
/// Longest line shown in a diff or a difference, in characters.
pub(super) const MAX_SHOWN: usize = 120;

/// "line 3, token 2: expected `Yes`, got `No`" for the first differing token; when either line holds more
/// than one token, the whole lines (`expected `BAD MOVE`, got `I WIN``): an answer of several words is
/// read as a line, not cut into words.
pub(super) fn first_token_difference(
    checker: BuiltinChecker,
    expected: &[u8],
    got: &[u8],
) -> String {
    let mut want = located_tokens(expected);
    let mut have = located_tokens(got);
    loop {
        match (want.next(), have.next()) {
            (Some((line, index, w)), Some((got_line, _, h))) => {
                if !same_token_of(checker, w, h) {
                    let (w_line, h_line) = (nth_line(expected, line), nth_line(got, got_line));
                    if tokens(w_line).nth(1).is_none() && tokens(h_line).nth(1).is_none() {
                        return format!(
                            "line {line}, token {index}: expected `{}`, got `{}`",
                            show(w),
                            show(h)
                        );
                    }
                    let elsewhere = match got_line == line {
                        true => String::new(),
                        false => format!(" (its line {got_line})"),
                    };
                    return format!(
                        "line {line}, token {index}: expected `{}`, got `{}`{elsewhere}",
                        show(w_line.trim_ascii()),
                        show(h_line.trim_ascii())
                    );
                }
            }
            (Some((line, index, w)), None) => {
                return format!(
                    "line {line}, token {index}: expected `{}`, got end of output",
                    show(w)
                )
            }
            (None, Some((line, index, h))) => {
                return format!(
                    "line {line}, token {index}: expected end of output, got `{}`",
                    show(h)
                )
            }
            // Same tokens: the difference is in the spacing (the exact checker's PE).
            (None, None) => return first_line_difference(expected, got),
        }
    }
}

/// Line `n` (1-based) of a text, without its newline.
fn nth_line(text: &[u8], n: usize) -> &[u8] {
    text.split(|&b| b == b'\n').nth(n - 1).unwrap_or_default()
}

/// (line, token index within the line, token), 1-based.
fn located_tokens(text: &[u8]) -> impl Iterator<Item = (usize, usize, &[u8])> {
    text.split(|&b| b == b'\n')
        .enumerate()
        .flat_map(|(i, line)| {
            tokens(line)
                .enumerate()
                .map(move |(j, token)| (i + 1, j + 1, token))
        })
}

/// "line 2: expected `1 2`, got `1␣␣2`" for the first line that differs byte for byte.
pub(super) fn first_line_difference(expected: &[u8], got: &[u8]) -> String {
    let mut want = expected.split(|&b| b == b'\n');
    let mut have = got.split(|&b| b == b'\n');
    for line in 1.. {
        match (want.next(), have.next()) {
            (Some(w), Some(h)) if w == h => continue,
            (Some(w), Some(h)) => {
                return format!(
                    "line {line}: expected `{}`, got `{}` (spacing differs)",
                    visible(w),
                    visible(h)
                )
            }
            (Some(w), None) => {
                return format!("line {line}: expected `{}`, got end of output", visible(w))
            }
            (None, Some(h)) => {
                return format!("line {line}: expected end of output, got `{}`", visible(h))
            }
            (None, None) => break,
        }
    }
    "outputs differ only in the final newline".to_string()
}

/// How two outputs differ, shown whole: line by line when both have as many lines (an answer per line),
/// else a unified diff around the first difference. `input` (the test's `.in`) tells which case a line
/// answers; `spacing` says the outputs differ only in spacing (PE).
pub(super) fn diff(
    checker: BuiltinChecker,
    spacing: bool,
    input: Option<&Path>,
    expected: &[u8],
    got: &[u8],
) -> String {
    line_by_line(checker, spacing, input, expected, got)
        .unwrap_or_else(|| unified_diff(expected, got))
}

/// An output without its trailing blank lines (empty, or a lone CR) and the final newline.
fn body(text: &[u8]) -> &[u8] {
    let mut end = text.len();
    loop {
        let start = text[..end]
            .iter()
            .rposition(|&b| b == b'\n')
            .map_or(0, |i| i + 1);
        let line = &text[start..end];
        if !line.is_empty() && line != b"\r" {
            return &text[..end];
        }
        if start == 0 {
            return &text[..0];
        }
        end = start - 1;
    }
}

/// The lines of an output's body; none for an empty one.
fn lines_of(body: &[u8]) -> impl Iterator<Item = &[u8]> {
    body.split(|&b| b == b'\n')
        .filter(move |_| !body.is_empty())
}

fn body_lines(body: &[u8]) -> usize {
    match body.is_empty() {
        true => 0,
        false => body.iter().filter(|&&b| b == b'\n').count() + 1,
    }
}

/// Both outputs with the same number of lines: each differing line side by side, with its number and the
/// case of the input it answers when the input's shape tells. `None` for other shapes. Nothing is
/// collected but the lines shown: outputs can be tens of megabytes of short lines.
fn line_by_line(
    checker: BuiltinChecker,
    spacing: bool,
    input: Option<&Path>,
    expected: &[u8],
    got: &[u8],
) -> Option<String> {
    let (want, have) = (body(expected), body(got));
    let lines = body_lines(want);
    if lines != body_lines(have) {
        return None;
    }
    let differs = |w: &[u8], h: &[u8]| match (spacing, checker) {
        (true, BuiltinChecker::Lines) => trim_end(w) != trim_end(h),
        (true, _) => w != h,
        (false, _) => {
            let (mut a, mut b) = (tokens(w), tokens(h));
            loop {
                match (a.next(), b.next()) {
                    (None, None) => return false,
                    (Some(x), Some(y)) if same_token_of(checker, x, y) => continue,
                    _ => return true,
                }
            }
        }
    };
    let mut shown: Vec<(usize, &[u8], &[u8])> = Vec::new();
    let mut differing = 0;
    for (i, (w, h)) in lines_of(want).zip(lines_of(have)).enumerate() {
        if differs(w, h) {
            differing += 1;
            if shown.len() < DIFF_AFTER {
                shown.push((i, w, h));
            }
        }
    }
    if differing == 0 {
        return None;
    }
    // An input larger than the outputs the judge reads whole is not read: its cases stay unknown.
    let small = |path: &&Path| {
        std::fs::metadata(path)
            .is_ok_and(|m| m.len() <= crate::model::limits::STREAMED_COMPARISON_BYTES)
    };
    let text = input
        .filter(small)
        .and_then(|path| std::fs::read(path).ok());
    let at: Vec<usize> = shown.iter().map(|(i, _, _)| *i).collect();
    let cases = text
        .as_deref()
        .map_or(Cases::Unknown, |t| Cases::of(t, lines, &at));
    let mut out = format!(
        "line by line: {differing} of {lines} line{} {}{}\n",
        if lines == 1 { "" } else { "s" },
        if differing == 1 { "differs" } else { "differ" },
        cases.legend()
    );
    for (k, (i, w, h)) in shown.iter().enumerate() {
        let _ = writeln!(
            out,
            "{}: expected `{}`, got `{}`{}",
            cases.name(*i),
            visible(w),
            visible(h),
            cases.input(k)
        );
    }
    if differing > DIFF_AFTER {
        let _ = writeln!(out, "… {} more differing lines", differing - DIFF_AFTER);
    }
    Some(out)
}

/// A line without its trailing spaces, tabs and CR (the `lines` checker ignores them).
fn trim_end(line: &[u8]) -> &[u8] {
    let end = line
        .iter()
        .rposition(|b| !matches!(b, b' ' | b'\t' | b'\r'))
        .map_or(0, |i| i + 1);
    &line[..end]
}

/// Which case of the input each line of the output answers, as far as the input's shape tells.
enum Cases<'a> {
    /// Nothing is known: lines are only lines.
    Unknown,
    /// Line i answers case i; `Some`: each case is one line of the input, and these are the inputs of
    /// the lines shown, in order.
    Known(Option<Vec<&'a [u8]>>),
}

impl<'a> Cases<'a> {
    /// For an output of `answers` lines, of which the lines `at` are shown: an input that is a count
    /// T = answers then T one-line cases, one line per case until the end, or a count T = answers then
    /// cases of several lines.
    fn of(input: &'a [u8], answers: usize, at: &[usize]) -> Cases<'a> {
        let nonblank = || {
            input
                .split(|&b| b == b'\n')
                .filter(|l| !l.trim_ascii().is_empty())
        };
        let count = nonblank()
            .next()
            .and_then(|l| std::str::from_utf8(l.trim_ascii()).ok())
            .and_then(|l| l.parse::<usize>().ok());
        let total = nonblank().count();
        // Where case 1's line is: after the count, or first (one line per case until the end; a count
        // first would leave a case without its line).
        let first = if count == Some(answers) && total == answers + 1 {
            1
        } else if total == answers {
            0
        } else if count == Some(answers) {
            return Cases::Known(None);
        } else {
            return Cases::Unknown;
        };
        let lines: Vec<&[u8]> = nonblank()
            .skip(first)
            .enumerate()
            .filter(|(i, _)| at.contains(i))
            .map(|(_, line)| line)
            .collect();
        Cases::Known(Some(lines))
    }

    fn legend(&self) -> &'static str {
        match self {
            Cases::Unknown => "",
            Cases::Known(_) => " (line i answers case i of the input)",
        }
    }

    /// "case 3 (line 3)", or "line 3" when the case is not known.
    fn name(&self, i: usize) -> String {
        match self {
            Cases::Unknown => format!("line {}", i + 1),
            Cases::Known(_) => format!("case {} (line {})", i + 1, i + 1),
        }
    }

    /// The input of the `k`-th line shown, when its case is one line.
    fn input(&self, k: usize) -> String {
        match self {
            Cases::Known(Some(lines)) => lines
                .get(k)
                .map_or(String::new(), |line| format!("; input `{}`", visible(line))),
            _ => String::new(),
        }
    }
}

/// A unified-style diff around the first differing line, with invisible characters made visible.
fn unified_diff(expected: &[u8], got: &[u8]) -> String {
    // Only the lines around the first difference are collected: outputs can be tens of megabytes.
    let first = expected
        .split(|&b| b == b'\n')
        .zip(got.split(|&b| b == b'\n'))
        .position(|(w, h)| w != h)
        .unwrap_or_else(|| line_count(expected).min(line_count(got)));
    let start = first.saturating_sub(DIFF_BEFORE);
    let end = first + DIFF_AFTER;
    let window = |whole: &[u8]| -> String {
        let total = line_count(whole);
        let mut text = String::new();
        for (i, line) in whole
            .split(|&b| b == b'\n')
            .enumerate()
            .take(end)
            .skip(start)
        {
            let last = i + 1 == total;
            if last && line.is_empty() {
                break; // the empty piece after a final newline
            }
            text.push_str(&visible(line));
            if last && !whole.ends_with(b"\n") {
                text.push_str("⏎ (no newline at end)");
            }
            text.push('\n');
        }
        text
    };
    let mut out = render_unified(&window(expected), &window(got), start);
    let more = line_count(expected)
        .max(line_count(got))
        .saturating_sub(end);
    if more > 1 {
        let _ = writeln!(out, " … ({} more lines not shown)", more - 1);
    }
    out
}

/// The unified diff of two windows of lines (made visible, one per line) that begin at line `start` (0-based).
pub(super) fn render_unified(old: &str, new: &str, start: usize) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "--- expected\n+++ got\n@@ from line {} @@", start + 1);
    for change in similar::TextDiff::from_lines(old, new).iter_all_changes() {
        let sign = match change.tag() {
            similar::ChangeTag::Equal => ' ',
            similar::ChangeTag::Delete => '-',
            similar::ChangeTag::Insert => '+',
        };
        let _ = write!(out, "{sign}{}", change.value());
        if change.missing_newline() {
            out.push('\n');
        }
    }
    out
}

/// Pieces between newlines, as `split` counts them (a final newline makes an empty last piece).
fn line_count(text: &[u8]) -> usize {
    text.iter().filter(|&&b| b == b'\n').count() + 1
}

/// A token for a message: escaped and shortened.
fn show(token: &[u8]) -> String {
    visible(token)
}

/// Bytes as text with the invisible made visible: `·` for a trailing space, `→` for a tab, `␍` for CR,
/// `\xNN` for bytes that are not UTF-8, shortened to `MAX_SHOWN` characters.
pub fn visible(bytes: &[u8]) -> String {
    let trailing_from = bytes.iter().rposition(|&b| b != b' ').map_or(0, |i| i + 1);
    let mut out = String::new();
    let mut shown = 0;
    for chunk in bytes[..trailing_from].utf8_chunks() {
        for c in chunk.valid().chars() {
            if shown == MAX_SHOWN {
                out.push('…');
                return out;
            }
            match c {
                '\t' => out.push('→'),
                '\r' => out.push('␍'),
                c if c.is_control() => {
                    let _ = write!(out, "\\x{:02x}", c as u32);
                }
                c => out.push(c),
            }
            shown += 1;
        }
        for b in chunk.invalid() {
            let _ = write!(out, "\\x{b:02x}");
            shown += 1;
        }
    }
    for _ in trailing_from..bytes.len() {
        out.push('·');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_answer_of_several_words_is_shown_as_its_line() {
        let at = |expected: &str, got: &str| {
            first_token_difference(BuiltinChecker::Lines, expected.as_bytes(), got.as_bytes())
        };
        assert_eq!(
            at("Yes\nBrother\n", "Yes\nJohn\n"),
            "line 2, token 1: expected `Brother`, got `John`"
        );
        assert_eq!(
            at("OK\nBAD MOVE\n", "OK\nI WIN\n"),
            "line 2, token 1: expected `BAD MOVE`, got `I WIN`"
        );
        assert_eq!(
            at("1 2 3\n", "1 2\n4\n"),
            "line 1, token 3: expected `1 2 3`, got `4` (its line 2)"
        );
    }

    /// The diff of a wrong answer (`lines` checker) to a test with this input.
    fn wrong(input: &str, expected: &str, got: &str) -> String {
        let file = std::env::temp_dir().join(format!(
            "diff-input-{}-{:?}",
            std::process::id(),
            std::thread::current().id()
        ));
        std::fs::write(&file, input).unwrap();
        let shown = diff(
            BuiltinChecker::Lines,
            false,
            Some(&file),
            expected.as_bytes(),
            got.as_bytes(),
        );
        std::fs::remove_file(&file).unwrap();
        shown
    }

    #[test]
    fn a_count_then_one_line_cases() {
        assert_eq!(
            wrong(
                "4\n1 2\n3 4\n5 6\n7 8\n",
                "Yes\nNo\nYes\nNo\n",
                "Yes\nNo\nNo\nNo\n"
            ),
            "line by line: 1 of 4 lines differs (line i answers case i of the input)\n\
             case 3 (line 3): expected `Yes`, got `No`; input `5 6`\n"
        );
    }

    #[test]
    fn each_line_shown_gets_its_own_case_input() {
        assert_eq!(
            wrong("4\na\n\nb\nc\nd\n", "1\n2\n3\n4\n", "1\n0\n3\n0\n"),
            "line by line: 2 of 4 lines differ (line i answers case i of the input)\n\
             case 2 (line 2): expected `2`, got `0`; input `b`\n\
             case 4 (line 4): expected `4`, got `0`; input `d`\n"
        );
    }

    #[test]
    fn one_line_cases_until_the_end() {
        assert_eq!(
            wrong("1 2\n\n3 4\n", "A\nB\n", "B\nA\n"),
            "line by line: 2 of 2 lines differ (line i answers case i of the input)\n\
             case 1 (line 1): expected `A`, got `B`; input `1 2`\n\
             case 2 (line 2): expected `B`, got `A`; input `3 4`\n"
        );
    }

    #[test]
    fn a_large_input_is_not_read_for_its_cases() {
        let padding = "\n".repeat(crate::model::limits::STREAMED_COMPARISON_BYTES as usize);
        assert_eq!(
            wrong(&format!("2\na\nb\n{padding}"), "1\n2\n", "1\n3\n"),
            "line by line: 1 of 2 lines differs\nline 2: expected `2`, got `3`\n"
        );
        assert_eq!(
            wrong("2\na\nb\n", "1\n2\n", "1\n3\n"),
            "line by line: 1 of 2 lines differs (line i answers case i of the input)\n\
             case 2 (line 2): expected `2`, got `3`; input `b`\n"
        );
    }

    #[test]
    fn a_count_then_cases_of_several_lines() {
        assert_eq!(
            wrong("2\n3\n1 2 3\n1\n5\n", "Yes\nNo\n", "Yes\nYes\n"),
            "line by line: 1 of 2 lines differs (line i answers case i of the input)\n\
             case 2 (line 2): expected `No`, got `Yes`\n"
        );
    }

    #[test]
    fn lines_are_only_lines_when_the_input_does_not_tell() {
        let expected = "1\n2\n3\n";
        let got = "1\n5\n3\n\n";
        let says = "line by line: 1 of 3 lines differs\nline 2: expected `2`, got `5`\n";
        assert_eq!(wrong("5\n1 2 3 4 5\n", expected, got), says);
        // No input at all (the library's `compare`).
        let shown = diff(
            BuiltinChecker::Lines,
            false,
            None,
            expected.as_bytes(),
            got.as_bytes(),
        );
        assert_eq!(shown, says);
    }

    #[test]
    fn other_shapes_keep_the_unified_diff() {
        let shown = wrong("2\n1\n2\n", "Yes\nNo\n", "Yes\n");
        assert!(shown.starts_with("--- expected\n+++ got\n"), "{shown}");
        assert!(shown.contains("-No\n"), "{shown}");
    }

    #[test]
    fn spacing_lines_are_listed_for_a_presentation_error() {
        let shown = diff(
            BuiltinChecker::Lines,
            true,
            None,
            b"1 2\n3\n",
            b"1  2\n3  \n",
        );
        assert_eq!(
            shown,
            "line by line: 1 of 2 lines differs\nline 1: expected `1 2`, got `1  2`\n"
        );
    }

    #[test]
    fn many_differing_lines_are_counted() {
        let expected: String = (0..40).map(|i| format!("{i}\n")).collect();
        let got: String = (0..40).map(|i| format!("{}\n", i + 1)).collect();
        let shown = wrong("", &expected, &got);
        assert!(
            shown.starts_with("line by line: 40 of 40 lines differ\n"),
            "{shown}"
        );
        assert_eq!(shown.lines().count(), 1 + DIFF_AFTER + 1, "{shown}");
        assert!(shown.ends_with("… 28 more differing lines\n"), "{shown}");
    }
}
