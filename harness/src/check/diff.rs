//! How two outputs differ, for people: the first differing token or line, a unified diff around it, and
//! bytes shown with the invisible made visible.

use std::fmt::Write as _;

use super::builtin::{same_token_of, tokens};
use crate::model::BuiltinChecker;

/// Lines of context shown before the first difference, and lines shown from it.
const DIFF_BEFORE: usize = 2;
const DIFF_AFTER: usize = 12;
/// Longest line shown in a diff or a difference, in characters.
const MAX_SHOWN: usize = 120;

/// "line 3, token 2: expected `Yes`, got `No`" for the first differing token.
pub(super) fn first_token_difference(
    checker: BuiltinChecker,
    expected: &[u8],
    got: &[u8],
) -> String {
    let mut want = located_tokens(expected);
    let mut have = located_tokens(got);
    loop {
        match (want.next(), have.next()) {
            (Some((line, index, w)), Some((_, _, h))) => {
                if !same_token_of(checker, w, h) {
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

/// A unified-style diff around the first differing line, with invisible characters made visible.
pub(super) fn diff(expected: &[u8], got: &[u8]) -> String {
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
