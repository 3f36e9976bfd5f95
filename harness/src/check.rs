//! Checkers: (expected, got) -> AC / PE / WA, the first difference, and a readable diff (DESIGN §4).

use std::fmt::Write as _;

use serde::Serialize;

use crate::problem::Checker;

/// What a checker decided.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum Judgement {
    #[serde(rename = "AC")]
    Accepted,
    #[serde(rename = "PE")]
    Presentation,
    #[serde(rename = "WA")]
    Wrong,
}

/// A checker's full answer: the judgement and, when not accepted, where the outputs first differ.
#[derive(Debug, Clone, PartialEq)]
pub struct CheckResult {
    pub judgement: Judgement,
    pub first_difference: Option<String>,
    pub diff: Option<String>,
}

/// Lines of context shown before the first difference, and lines shown from it.
const DIFF_BEFORE: usize = 2;
const DIFF_AFTER: usize = 12;
/// Longest line shown in a diff or a difference, in characters.
const MAX_SHOWN: usize = 120;

pub fn check(checker: Checker, expected: &[u8], got: &[u8]) -> CheckResult {
    let judgement = judge(checker, expected, got);
    if judgement == Judgement::Accepted {
        return CheckResult {
            judgement,
            first_difference: None,
            diff: None,
        };
    }
    let first_difference = Some(match judgement {
        Judgement::Wrong => first_token_difference(checker, expected, got),
        _ => first_line_difference(expected, got),
    });
    CheckResult {
        judgement,
        first_difference,
        diff: Some(diff(expected, got)),
    }
}

fn judge(checker: Checker, expected: &[u8], got: &[u8]) -> Judgement {
    if expected == got {
        return Judgement::Accepted;
    }
    let tokens_equal = || tokens(expected).eq(tokens(got));
    match checker {
        Checker::Lines if lines_equal(expected, got) => Judgement::Accepted,
        Checker::Lines | Checker::Exact if tokens_equal() => Judgement::Presentation,
        Checker::Tokens if tokens_equal() => Judgement::Accepted,
        Checker::Float(eps) if tokens_match_float(expected, got, eps) => Judgement::Accepted,
        _ => Judgement::Wrong,
    }
}

fn tokens(text: &[u8]) -> impl Iterator<Item = &[u8]> {
    text.split(|b| b.is_ascii_whitespace())
        .filter(|t| !t.is_empty())
}

/// Whether two texts have the same lines once trailing spaces, tabs and CR are removed from every line and
/// trailing blank lines are dropped. Compares lazily: nothing is collected, whatever the size.
fn lines_equal(expected: &[u8], got: &[u8]) -> bool {
    let trim = |line: &[u8]| -> usize {
        line.iter()
            .rposition(|b| !matches!(b, b' ' | b'\t' | b'\r'))
            .map_or(0, |i| i + 1)
    };
    let mut want = expected.split(|&b| b == b'\n').map(|l| &l[..trim(l)]);
    let mut have = got.split(|&b| b == b'\n').map(|l| &l[..trim(l)]);
    loop {
        match (want.next(), have.next()) {
            (Some(w), Some(h)) if w == h => continue,
            (Some(_), Some(_)) => return false,
            (Some(w), None) => return w.is_empty() && want.all(<[u8]>::is_empty),
            (None, Some(h)) => return h.is_empty() && have.all(<[u8]>::is_empty),
            (None, None) => return true,
        }
    }
}

fn tokens_match_float(expected: &[u8], got: &[u8], eps: f64) -> bool {
    let mut got_tokens = tokens(got);
    for want in tokens(expected) {
        let Some(have) = got_tokens.next() else {
            return false;
        };
        if want == have {
            continue;
        }
        let parse = |t: &[u8]| {
            std::str::from_utf8(t)
                .ok()
                .and_then(|s| s.parse::<f64>().ok())
        };
        match (parse(want), parse(have)) {
            (Some(w), Some(h)) if w.is_finite() && h.is_finite() => {
                let diff = (w - h).abs();
                if diff > eps && diff > eps * w.abs() {
                    return false;
                }
            }
            _ => return false,
        }
    }
    got_tokens.next().is_none()
}

/// "line 3, token 2: expected `Yes`, got `No`" for the first differing token.
fn first_token_difference(checker: Checker, expected: &[u8], got: &[u8]) -> String {
    let mut want = located_tokens(expected);
    let mut have = located_tokens(got);
    loop {
        match (want.next(), have.next()) {
            (Some((line, index, w)), Some((_, _, h))) => {
                let same = match checker {
                    Checker::Float(eps) => tokens_match_float(w, h, eps),
                    _ => w == h,
                };
                if !same {
                    return format!(
                        "line {line}, token {index}: expected `{}`, got `{}`",
                        show(w),
                        show(h)
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
fn first_line_difference(expected: &[u8], got: &[u8]) -> String {
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

/// A unified-style diff around the first differing line, with invisible characters made visible.
fn diff(expected: &[u8], got: &[u8]) -> String {
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
    let old = window(expected);
    let new = window(got);
    let mut out = String::new();
    let _ = writeln!(out, "--- expected\n+++ got\n@@ from line {} @@", start + 1);
    for change in similar::TextDiff::from_lines(&old, &new).iter_all_changes() {
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
    let more = line_count(expected)
        .max(line_count(got))
        .saturating_sub(end);
    if more > 1 {
        let _ = writeln!(out, " … ({} more lines not shown)", more - 1);
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
    use Judgement::*;

    fn verdict(checker: Checker, expected: &str, got: &str) -> Judgement {
        check(checker, expected.as_bytes(), got.as_bytes()).judgement
    }

    #[test]
    fn lines_checker_table() {
        let expected = "Yes\nNo\n1 2 3\n";
        let table: &[(&str, &str, Judgement)] = &[
            ("identical", "Yes\nNo\n1 2 3\n", Accepted),
            ("CRLF line endings", "Yes\r\nNo\r\n1 2 3\r\n", Accepted),
            ("trailing spaces", "Yes  \nNo\t\n1 2 3 \n", Accepted),
            ("trailing blank lines", "Yes\nNo\n1 2 3\n\n\n", Accepted),
            ("missing final newline", "Yes\nNo\n1 2 3", Accepted),
            ("extra inner space", "Yes\nNo\n1  2 3\n", Presentation),
            ("leading space", "Yes\n No\n1 2 3\n", Presentation),
            ("changed line break", "Yes No\n1 2 3\n", Presentation),
            ("blank line inside", "Yes\n\nNo\n1 2 3\n", Presentation),
            ("changed token", "Yes\nYes\n1 2 3\n", Wrong),
            ("changed case", "yes\nNo\n1 2 3\n", Wrong),
            ("missing output", "Yes\nNo\n", Wrong),
            ("extra output", "Yes\nNo\n1 2 3\n4\n", Wrong),
            ("empty output", "", Wrong),
        ];
        for (what, got, want) in table {
            assert_eq!(verdict(Checker::Lines, expected, got), *want, "{what}");
        }
    }

    #[test]
    fn exact_tokens_and_float_checkers_table() {
        let table: &[(Checker, &str, &str, Judgement)] = &[
            (Checker::Exact, "1 2\n", "1 2\n", Accepted),
            (Checker::Exact, "1 2\n", "1 2", Presentation),
            (Checker::Exact, "1 2\n", "1 2\r\n", Presentation),
            (Checker::Exact, "1 2\n", "1 3\n", Wrong),
            (Checker::Tokens, "1 2\n", "1\n\n2", Accepted),
            (Checker::Tokens, "1 2\n", "1 2 3", Wrong),
            (Checker::Float(1e-6), "0.5 x\n", "0.5000001 x\n", Accepted),
            (Checker::Float(1e-6), "1000000\n", "1000000.5\n", Accepted),
            (Checker::Float(1e-6), "0.5\n", "0.51\n", Wrong),
            (Checker::Float(1e-6), "0.5 x\n", "0.5 y\n", Wrong),
            (Checker::Float(1e-6), "0.5\n", "0.5 0.5\n", Wrong),
            (Checker::Float(1e-6), "nan\n", "nan\n", Accepted),
        ];
        for (checker, expected, got, want) in table {
            assert_eq!(
                verdict(*checker, expected, got),
                *want,
                "{checker} {expected:?} vs {got:?}"
            );
        }
    }

    #[test]
    fn whitespace_only_outputs_are_empty() {
        assert_eq!(verdict(Checker::Lines, "\n", ""), Accepted);
        assert_eq!(verdict(Checker::Lines, "", " \r\n\n"), Accepted);
    }

    #[test]
    fn first_difference_names_line_and_token() {
        let result = check(Checker::Lines, b"W\nLWW\nWWL\n", b"W\nLWW\nWWW\n");
        assert_eq!(
            result.first_difference.as_deref(),
            Some("line 3, token 1: expected `WWL`, got `WWW`")
        );
        let result = check(Checker::Lines, b"1 2 3\n", b"1 2\n");
        assert_eq!(
            result.first_difference.as_deref(),
            Some("line 1, token 3: expected `3`, got end of output")
        );
        let result = check(Checker::Lines, b"1\n", b"1\n2\n");
        assert_eq!(
            result.first_difference.as_deref(),
            Some("line 2, token 1: expected end of output, got `2`")
        );
        let result = check(Checker::Lines, b"1 2\n", b"1  2\n");
        assert_eq!(
            result.first_difference.as_deref(),
            Some("line 1: expected `1 2`, got `1  2` (spacing differs)")
        );
    }

    #[test]
    fn diff_makes_invisible_characters_visible() {
        let result = check(Checker::Exact, b"a\nb\n", b"a \r\nb\tc");
        let diff = result.diff.unwrap();
        assert!(diff.contains("+a ␍"), "{diff}");
        assert!(diff.contains("+b→c⏎ (no newline at end)"), "{diff}");
        assert!(diff.contains("-a\n"), "{diff}");
    }

    #[test]
    fn non_utf8_output_is_escaped_not_a_panic() {
        let result = check(Checker::Lines, b"Yes\n", b"\xff\xfeYes\n");
        assert_eq!(result.judgement, Wrong);
        assert_eq!(
            result.first_difference.as_deref(),
            Some("line 1, token 1: expected `Yes`, got `\\xff\\xfeYes`")
        );
    }

    #[test]
    fn long_outputs_are_truncated() {
        let expected: String = (0..1000).map(|i| format!("{i}\n")).collect();
        let got = expected.replace("500\n", "501\n");
        let diff = check(Checker::Lines, expected.as_bytes(), got.as_bytes())
            .diff
            .unwrap();
        assert!(diff.lines().count() < 25, "{diff}");
        assert!(
            diff.contains("-500") && diff.contains("+501") && diff.contains("more lines not shown"),
            "{diff}"
        );
    }
}
