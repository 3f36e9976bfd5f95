//! The built-in checkers on outputs too large to hold: when the output or the answer is larger than
//! `STREAMED_COMPARISON_BYTES`, both are read as streams through buffers of a fixed size, so the judge's
//! memory stays bounded whatever their sizes. The rules are those of `builtin`: `lines` (the same lines
//! once trailing spaces, tabs and CR and trailing blank lines are dropped), `exact`, and the Kattis default
//! validator. A token is held only up to `Sizes::token` bytes: a longer one matches only a token equal
//! to it as text (ignoring case where the rule does), never as a number within a tolerance. The report
//! names the first differing token or line, and the diff shows the lines around it.

use std::fmt::Write as _;
use std::fs::File;
use std::io::{BufRead, BufReader};
use std::path::Path;

use anyhow::{Context, Result};

use super::builtin::same_token;
use super::diff::{render_unified, visible, DIFF_AFTER, DIFF_BEFORE, MAX_SHOWN};
use super::{CheckResult, Judgement};
use crate::model::{BuiltinChecker, TokenOptions};

/// The bounds of a streamed comparison: each file's read buffer, and the longest token held whole.
#[derive(Debug, Clone, Copy)]
pub struct Sizes {
    pub chunk: usize,
    pub token: usize,
}

pub const SIZES: Sizes = Sizes {
    chunk: 64 << 10,
    token: 64 << 10,
};

/// Bytes of a line or token kept for the report: more than `visible` shows.
const SHOWN_BYTES: usize = 4 * MAX_SHOWN;

/// Bytes of one line read to show it (in the diff, in a message): a longer line is cut there, unread past
/// it. Without this bound a single line of gigabytes (a sparse answer file of NULs, no newline) would be
/// read whole only to show its first characters.
const LINE_READ_BYTES: usize = 1 << 20;

/// Checks the output file at `output` against the answer file at `answer`, both streamed.
pub fn check_files(checker: BuiltinChecker, answer: &Path, output: &Path) -> Result<CheckResult> {
    let open = |path: &Path| {
        let file = File::open(path).with_context(|| format!("cannot read {}", path.display()))?;
        Ok(BufReader::with_capacity(SIZES.chunk, file))
    };
    check(checker, SIZES, || open(answer), || open(output))
}

/// Checks the output `output` opens against the answer `answer` opens (each opened afresh for every pass:
/// the judgement, then where the outputs first differ, then the lines around it).
pub fn check<R: BufRead>(
    checker: BuiltinChecker,
    sizes: Sizes,
    answer: impl Fn() -> Result<R>,
    output: impl Fn() -> Result<R>,
) -> Result<CheckResult> {
    let texts =
        || -> Result<(Text<R>, Text<R>)> { Ok((Text::new(answer()?), Text::new(output()?))) };
    let exact = TokenOptions {
        case_sensitive: true,
        ..TokenOptions::default()
    };
    let (judgement, found) = match checker {
        BuiltinChecker::Lines | BuiltinChecker::Exact => {
            // Lines are not counted on this pass: it only judges.
            let (mut a, mut b) = texts()?;
            (a.counting, b.counting) = (false, false);
            let same = match checker {
                BuiltinChecker::Lines => lines_equal(&mut a, &mut b)?,
                _ => bytes_equal(&mut a, &mut b)?,
            };
            match same {
                true => (Judgement::Accepted, Found::Same),
                false => {
                    let (mut a, mut b) = texts()?;
                    match tokens_match(&exact, sizes.token, &mut a, &mut b)? {
                        Found::Same | Found::Spacing => (Judgement::Presentation, Found::Spacing),
                        token => (Judgement::Wrong, token),
                    }
                }
            }
        }
        BuiltinChecker::Tokens(options) => {
            let (mut a, mut b) = texts()?;
            match tokens_match(&options, sizes.token, &mut a, &mut b)? {
                Found::Same => (Judgement::Accepted, Found::Same),
                other => (Judgement::Wrong, other),
            }
        }
    };
    let (line, first_difference) = match found {
        Found::Same => {
            return Ok(CheckResult {
                judgement,
                first_difference: None,
                diff: None,
                message: None,
                score: None,
                score_multiplier: None,
            })
        }
        Found::Token(difference) => (difference.line(), difference.message()),
        Found::Spacing => {
            let (mut a, mut b) = texts()?;
            first_line_difference(&mut a, &mut b)?
        }
    };
    let first = line - 1;
    let start = first.saturating_sub(DIFF_BEFORE);
    let count = first + DIFF_AFTER - start;
    let old = window(&mut Text::new(answer()?), start, count)?;
    let new = window(&mut Text::new(output()?), start, count)?;
    Ok(CheckResult {
        judgement,
        first_difference: Some(first_difference),
        diff: Some(render_unified(&old, &new, start)),
        message: None,
        score: None,
        score_multiplier: None,
    })
}

/// A text read through a buffer, with where its reader is: the line (1-based) and the number of tokens
/// already begun on it, when `counting` (on by default).
struct Text<R> {
    reader: R,
    line: usize,
    index: usize,
    counting: bool,
}

impl<R: BufRead> Text<R> {
    fn new(reader: R) -> Text<R> {
        Text {
            reader,
            line: 1,
            index: 0,
            counting: true,
        }
    }

    fn chunk(&mut self) -> Result<&[u8]> {
        self.reader.fill_buf().context("cannot read an output")
    }

    fn peek(&mut self) -> Result<Option<u8>> {
        Ok(self.chunk()?.first().copied())
    }

    /// Moves past the byte just peeked.
    fn bump(&mut self, byte: u8) {
        self.reader.consume(1);
        if byte == b'\n' {
            self.line += 1;
            self.index = 0;
        }
    }

    /// Moves past the bytes that `skip` accepts; returns the first it refuses (`None` at the end).
    fn skip(&mut self, skip: impl Fn(u8) -> bool) -> Result<Option<u8>> {
        loop {
            let chunk = self.chunk()?;
            let Some(&first) = chunk.first() else {
                return Ok(None);
            };
            let n = match chunk.iter().position(|&b| !skip(b)) {
                Some(0) => return Ok(Some(first)),
                Some(n) => n,
                None => chunk.len(),
            };
            self.consume_counted(n);
        }
    }

    /// Moves past the first `n` bytes of the current chunk (already filled), counting its newlines.
    fn consume_counted(&mut self, n: usize) {
        if !self.counting {
            self.reader.consume(n);
            return;
        }
        let chunk = self.reader.fill_buf().unwrap_or_default();
        let newlines = chunk[..n].iter().filter(|&&b| b == b'\n').count();
        if newlines > 0 {
            self.line += newlines;
            self.index = 0;
        }
        self.reader.consume(n);
    }

    /// The next token (at most `cap` bytes of it, into `into`, cleared first), the reader left after what
    /// was taken; true when the token ended within `cap` bytes.
    fn token(&mut self, cap: usize, into: &mut Vec<u8>) -> Result<bool> {
        into.clear();
        loop {
            let chunk = self.chunk()?;
            if chunk.is_empty() {
                return Ok(true);
            }
            let room = cap - into.len();
            let end = chunk.iter().take(room).position(u8::is_ascii_whitespace);
            let n = end.unwrap_or(room.min(chunk.len()));
            into.extend_from_slice(&chunk[..n]);
            self.reader.consume(n);
            if end.is_some() {
                return Ok(true);
            }
            if into.len() == cap {
                let next = self.peek()?;
                return Ok(next.is_none_or(|b| b.is_ascii_whitespace()));
            }
        }
    }

    /// The rest of the current line, at most `SHOWN_BYTES` of it appended to `into`; the reader is left on
    /// the newline (or at the end), and true returned; false when the line goes on past `LINE_READ_BYTES`
    /// (the reader left there, within the line).
    fn rest_of_line(&mut self, into: &mut Vec<u8>) -> Result<bool> {
        let mut read = 0;
        loop {
            let chunk = self.chunk()?;
            if chunk.is_empty() {
                return Ok(true);
            }
            if read >= LINE_READ_BYTES {
                return Ok(false);
            }
            let end = chunk.iter().position(|&b| b == b'\n');
            let n = end.unwrap_or(chunk.len());
            let room = SHOWN_BYTES.saturating_sub(into.len());
            into.extend_from_slice(&chunk[..n.min(room)]);
            self.reader.consume(n);
            read += n;
            if end.is_some() {
                return Ok(true);
            }
        }
    }
}

/// Where the outputs first differ.
enum Found {
    Same,
    /// Every token matches but the spacing differs.
    Spacing,
    Token(TokenDifference),
}

/// A token of a text (its first bytes) and where it is; `None` past the last.
struct Located {
    line: usize,
    index: usize,
    token: Option<Vec<u8>>,
}

struct TokenDifference {
    want: Located,
    have: Located,
}

impl TokenDifference {
    /// The line the diff is shown around: the answer's, or the output's extra token's.
    fn line(&self) -> usize {
        match self.want.token {
            Some(_) => self.want.line,
            None => self.have.line,
        }
    }

    fn message(&self) -> String {
        let shown = |token: &[u8]| visible(&token[..token.len().min(SHOWN_BYTES)]);
        let (want, have) = (&self.want, &self.have);
        match (&want.token, &have.token) {
            (Some(w), Some(h)) => {
                let elsewhere = match have.line == want.line {
                    true => String::new(),
                    false => format!(" (its line {})", have.line),
                };
                format!(
                    "line {}, token {}: expected `{}`, got `{}`{elsewhere}",
                    want.line,
                    want.index,
                    shown(w),
                    shown(h)
                )
            }
            (Some(w), None) => format!(
                "line {}, token {}: expected `{}`, got end of output",
                want.line,
                want.index,
                shown(w)
            ),
            (None, Some(h)) => format!(
                "line {}, token {}: expected end of output, got `{}`",
                have.line,
                have.index,
                shown(h)
            ),
            (None, None) => unreachable!("two ends of output do not differ"),
        }
    }
}

fn is_blank(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\r')
}

/// Moves both texts past the bytes they have in common, a chunk at a time; false when both are at their end.
fn common_prefix<R: BufRead>(a: &mut Text<R>, b: &mut Text<R>) -> Result<bool> {
    loop {
        let (x, y) = (a.reader.fill_buf()?, b.reader.fill_buf()?);
        if x.is_empty() && y.is_empty() {
            return Ok(false);
        }
        let n = same_bytes(x, y);
        if n == 0 {
            return Ok(true);
        }
        a.consume_counted(n);
        b.consume_counted(n);
    }
}

/// How many bytes two chunks have in common from their start (whole chunks compared at once first: equal
/// outputs are the common case).
fn same_bytes(x: &[u8], y: &[u8]) -> usize {
    let m = x.len().min(y.len());
    match x[..m] == y[..m] {
        true => m,
        false => x.iter().zip(y).take_while(|(p, q)| p == q).count(),
    }
}

fn bytes_equal<R: BufRead>(a: &mut Text<R>, b: &mut Text<R>) -> Result<bool> {
    Ok(!common_prefix(a, b)?)
}

/// The `lines` rule. After a common prefix, the lines where the texts part are the same once trimmed only
/// if the rest of both is blank; a text that ends first leaves the other only blank lines.
fn lines_equal<R: BufRead>(a: &mut Text<R>, b: &mut Text<R>) -> Result<bool> {
    while common_prefix(a, b)? {
        match (a.skip(is_blank)?, b.skip(is_blank)?) {
            (Some(b'\n'), Some(b'\n')) => {
                a.bump(b'\n');
                b.bump(b'\n');
            }
            (None, None) => return Ok(true),
            (Some(b'\n'), None) => return Ok(a.skip(|b| b.is_ascii_whitespace())?.is_none()),
            (None, Some(b'\n')) => return Ok(b.skip(|b| b.is_ascii_whitespace())?.is_none()),
            _ => return Ok(false),
        }
    }
    Ok(true)
}

/// The Kattis default validator's rule (`builtin::tokens_match`) on the answer `a` and the output `b`.
fn tokens_match<R: BufRead>(
    options: &TokenOptions,
    cap: usize,
    a: &mut Text<R>,
    b: &mut Text<R>,
) -> Result<Found> {
    let (mut want, mut have) = (Vec::new(), Vec::new());
    let mut spacing = false;
    loop {
        if options.space_sensitive {
            // The same whitespace, byte for byte.
            loop {
                match (a.peek()?, b.peek()?) {
                    (Some(x), Some(y)) if x.is_ascii_whitespace() && x == y => {
                        a.bump(x);
                        b.bump(y);
                    }
                    (x, y) => {
                        let space = |c: Option<u8>| c.is_some_and(|c| c.is_ascii_whitespace());
                        if space(x) || space(y) {
                            spacing = true;
                        }
                        break;
                    }
                }
            }
        }
        a.skip(|b| b.is_ascii_whitespace())?;
        b.skip(|b| b.is_ascii_whitespace())?;
        let (a_line, b_line) = (a.line, b.line);
        let whole_a = a.token(cap, &mut want)?;
        let whole_b = b.token(cap, &mut have)?;
        if want.is_empty() && have.is_empty() {
            return Ok(if spacing { Found::Spacing } else { Found::Same });
        }
        let matched = match (want.is_empty(), have.is_empty(), whole_a && whole_b) {
            (false, false, true) => same_token(options, &want, &have),
            (false, false, false) => same_long_token(options, a, b, &want, &have)?,
            _ => false,
        };
        for (text, token) in [(&mut *a, &want), (&mut *b, &have)] {
            if !token.is_empty() {
                text.index += 1;
            }
        }
        if !matched {
            let located = |line: usize, index: usize, token: &[u8]| Located {
                line,
                index,
                token: (!token.is_empty()).then(|| token.to_vec()),
            };
            return Ok(Found::Token(TokenDifference {
                want: located(a_line, a.index, &want),
                have: located(b_line, b.index, &have),
            }));
        }
        if spacing {
            return Ok(Found::Spacing);
        }
    }
}

/// Whether two tokens of which at least one is longer than the cap are equal as text, their first bytes
/// (`want`, `have`) already read; the rest is compared as it is read.
fn same_long_token<R: BufRead>(
    options: &TokenOptions,
    a: &mut Text<R>,
    b: &mut Text<R>,
    want: &[u8],
    have: &[u8],
) -> Result<bool> {
    let same = |x: u8, y: u8| match options.case_sensitive {
        true => x == y,
        false => x.eq_ignore_ascii_case(&y),
    };
    if want.len() != have.len() || !want.iter().zip(have).all(|(&x, &y)| same(x, y)) {
        return Ok(false);
    }
    loop {
        match (a.peek()?, b.peek()?) {
            (Some(x), Some(y)) if !x.is_ascii_whitespace() && !y.is_ascii_whitespace() => {
                if !same(x, y) {
                    return Ok(false);
                }
                a.bump(x);
                b.bump(y);
            }
            (x, y) => {
                let end = |c: Option<u8>| c.is_none_or(|c| c.is_ascii_whitespace());
                return Ok(end(x) && end(y));
            }
        }
    }
}

/// The first line that differs byte for byte, and "line N: expected `…`, got `…`".
fn first_line_difference<R: BufRead>(a: &mut Text<R>, b: &mut Text<R>) -> Result<(usize, String)> {
    // The part of the current line both have, kept from its start.
    let mut head = Vec::new();
    loop {
        let (x, y) = (a.reader.fill_buf()?, b.reader.fill_buf()?);
        let n = same_bytes(x, y);
        if n == 0 {
            break;
        }
        let common = &x[..n];
        match common.iter().rposition(|&c| c == b'\n') {
            Some(last) => {
                head.clear();
                head.extend_from_slice(&common[last + 1..(last + 1 + SHOWN_BYTES).min(n)]);
            }
            None => {
                let room = SHOWN_BYTES.saturating_sub(head.len());
                head.extend_from_slice(&common[..n.min(room)]);
            }
        }
        a.consume_counted(n);
        b.consume_counted(n);
    }
    let line = a.line;
    let (at_a, at_b) = (a.peek()?, b.peek()?);
    // One text ends where the other has a newline: the line is the same, the next exists on one side only.
    let ends = |x: Option<u8>, y: Option<u8>| x == Some(b'\n') && y.is_none();
    if ends(at_a, at_b) || ends(at_b, at_a) {
        let (text, side) = match at_a {
            Some(_) => (a, "expected"),
            None => (b, "got"),
        };
        text.bump(b'\n');
        let mut next = Vec::new();
        text.rest_of_line(&mut next)?;
        let message = match side {
            "expected" => format!("expected `{}`, got end of output", visible(&next)),
            _ => format!("expected end of output, got `{}`", visible(&next)),
        };
        return Ok((line + 1, format!("line {}: {message}", line + 1)));
    }
    let (mut w, mut h) = (head.clone(), head);
    a.rest_of_line(&mut w)?;
    b.rest_of_line(&mut h)?;
    if at_a.is_none() && at_b.is_none() {
        return Ok((line, "outputs differ only in the final newline".to_string()));
    }
    Ok((
        line,
        format!(
            "line {line}: expected `{}`, got `{}` (spacing differs)",
            visible(&w),
            visible(&h)
        ),
    ))
}

/// Lines `start..start + count` (0-based) of a text as the unified diff shows them: made visible, a final
/// line without its newline marked.
fn window<R: BufRead>(text: &mut Text<R>, start: usize, count: usize) -> Result<String> {
    while text.line <= start {
        if text.skip(|b| b != b'\n')?.is_none() {
            return Ok(String::new());
        }
        text.bump(b'\n');
    }
    let mut shown = String::new();
    for _ in 0..count {
        let mut line = Vec::new();
        if !text.rest_of_line(&mut line)? {
            shown.push_str(&visible(&line));
            let _ = writeln!(
                shown,
                " … (a line of more than {} MiB: not read further)",
                LINE_READ_BYTES >> 20
            );
            break;
        }
        match text.peek()? {
            Some(_) => {
                text.bump(b'\n');
                shown.push_str(&visible(&line));
                shown.push('\n');
            }
            None => {
                if !line.is_empty() {
                    shown.push_str(&visible(&line));
                    shown.push_str("⏎ (no newline at end)\n");
                }
                break;
            }
        }
    }
    Ok(shown)
}

#[cfg(test)]
mod tests {
    use super::*;
    use Judgement::*;

    /// Checks `got` against `answer` streamed through buffers of `chunk` bytes, tokens held up to `token`.
    fn streamed(
        checker: &str,
        answer: &[u8],
        got: &[u8],
        chunk: usize,
        token: usize,
    ) -> CheckResult {
        let checker = BuiltinChecker::parse(checker).unwrap();
        let sizes = Sizes { chunk, token };
        check(
            checker,
            sizes,
            || Ok(BufReader::with_capacity(chunk, answer)),
            || Ok(BufReader::with_capacity(chunk, got)),
        )
        .unwrap()
    }

    fn in_memory(checker: &str, answer: &[u8], got: &[u8]) -> CheckResult {
        super::super::compare(BuiltinChecker::parse(checker).unwrap(), answer, got)
    }

    /// An answer of 60 lines of one to three tokens (words, integers, decimals).
    fn answer() -> String {
        (0..60)
            .map(|i| match i % 3 {
                0 => format!("{}\n", i * 7),
                1 => format!("Case {}: {:.6}\n", i, i as f64 / 7.0),
                _ => format!("word{i} Yes {}\n", -i),
            })
            .collect()
    }

    /// Outputs against `answer()`, each with the verdict of every rule it was built for: (what, output).
    fn outputs() -> Vec<(&'static str, String)> {
        let answer = answer();
        let replace_line = |n: usize, with: &str| -> String {
            answer
                .lines()
                .enumerate()
                .map(|(i, l)| match i == n {
                    true => format!("{with}\n"),
                    false => format!("{l}\n"),
                })
                .collect()
        };
        let last = answer.lines().count() - 1;
        vec![
            ("equal", answer.clone()),
            ("first token differs", answer.replacen("0\n", "1\n", 1)),
            ("middle token differs", replace_line(30, "211")),
            ("last token differs", replace_line(last, "word59 Yes -58")),
            ("last line missing", replace_line(last, "")),
            ("extra line", format!("{answer}extra\n")),
            ("extra token at the end", format!("{answer}7")),
            ("trailing spaces", answer.replace('\n', " \t \n")),
            ("CRLF", answer.replace('\n', "\r\n")),
            ("trailing blank lines", format!("{answer}\n\n \n\r\n")),
            ("no final newline", answer.trim_end().to_string()),
            (
                "inner space doubled",
                answer.replacen("Case 1:", "Case  1:", 1),
            ),
            ("leading space", replace_line(last, " word59 Yes -59")),
            (
                "line break moved",
                answer.replacen("Case 1: ", "Case 1:\n", 1),
            ),
            ("blank line inside", answer.replacen("\n", "\n\n", 1)),
            ("tab between tokens", answer.replace("Yes ", "Yes\t")),
            ("case changed", answer.replace("Yes", "YES")),
            ("word's case changed", answer.replace("word20", "WORD20")),
            (
                "word's first letter changed",
                answer.replace("word20", "xord20"),
            ),
            ("decimal close", answer.replace("0.142857", "0.1428575")),
            ("decimal far", answer.replace("0.142857", "0.15")),
            ("decimal as integer", answer.replace("0.000000", "0")),
            ("empty", String::new()),
            ("only blanks", " \n\n\t\r\n".to_string()),
        ]
    }

    const RULES: &[&str] = &[
        "lines",
        "exact",
        "tokens",
        "default",
        "default case_sensitive",
        "default space_change_sensitive",
        "float:1e-6",
        "default float_absolute_tolerance 1e-3",
        "default float_relative_tolerance 1e-2",
    ];

    #[test]
    fn streamed_verdicts_are_those_in_memory_whatever_the_chunk_size() {
        let answer = answer();
        let mut seen = std::collections::BTreeSet::new();
        for (what, got) in outputs() {
            for rule in RULES {
                let want = in_memory(rule, answer.as_bytes(), got.as_bytes()).judgement;
                seen.insert(format!("{want:?}"));
                for chunk in [1, 2, 3, 7, 64, 1 << 16] {
                    for token in [1, 2, 5, 64] {
                        // A token longer than the cap is compared as text only: decimals need it whole.
                        if token < 10 && rule.contains("e-") {
                            continue;
                        }
                        let result =
                            streamed(rule, answer.as_bytes(), got.as_bytes(), chunk, token);
                        assert_eq!(
                            result.judgement, want,
                            "{rule}, {what}, chunks of {chunk}, tokens held up to {token}"
                        );
                        assert_eq!(
                            result.first_difference.is_some(),
                            want != Accepted,
                            "{rule}, {what}"
                        );
                    }
                }
            }
        }
        assert_eq!(seen.len(), 3, "AC, PE and WA all occur: {seen:?}");
    }

    #[test]
    fn the_lines_rule_on_blank_tails_and_empty_texts() {
        #[rustfmt::skip]
        let table: &[(&str, &str, Judgement)] = &[
            ("", "", Accepted),
            ("", "\n \r\n", Accepted),
            ("\n\n", "", Accepted),
            ("5", "5 \r", Accepted),
            ("5\n", "5\n\n6", Wrong),
            ("5 \n6", "5\n6 ", Accepted),
            ("5  x", "5 x", Presentation),
            ("a\r\nb", "a\nb\r\n\r\n", Accepted),
            ("a\rb", "a\nb", Presentation),
        ];
        for (answer, got, want) in table {
            for chunk in [1, 2, 3, 64] {
                let result = streamed("lines", answer.as_bytes(), got.as_bytes(), chunk, 64);
                assert_eq!(
                    result.judgement, *want,
                    "{answer:?} vs {got:?}, chunks of {chunk}"
                );
                assert_eq!(
                    in_memory("lines", answer.as_bytes(), got.as_bytes()).judgement,
                    *want,
                    "in memory: {answer:?} vs {got:?}"
                );
            }
        }
    }

    fn padded(head: &str, pad: &str, tail: &str) -> Vec<u8> {
        let mut text = head.as_bytes().to_vec();
        text.extend(pad.repeat((256 << 10) / pad.len()).bytes());
        text.extend(tail.bytes());
        text
    }

    /// Runs of blanks, blank lines or one token longer than the buffers the judge streams with.
    #[test]
    fn runs_longer_than_the_buffers() {
        #[rustfmt::skip]
        let table: &[(&str, Vec<u8>, &str, Judgement)] = &[
            ("lines", padded("5\n", " \n", ""), "5\n", Accepted),
            ("lines", padded("5", " ", "\n"), "5\n", Accepted),
            ("lines", padded("5", "\t\r", "\n\n"), "5", Accepted),
            ("lines", padded("5", " ", "x\n"), "5\n", Wrong),
            ("lines", padded("5", "a", "\n"), "5\n", Wrong),
            ("lines", padded("1  2\n", "\n", ""), "1 2\n", Presentation),
            ("lines", padded("1\n", "\n", "2\n"), "1\n2\n", Presentation),
            ("exact", padded("1 2\n", "\n", ""), "1 2\n", Presentation),
            ("exact", padded("1 2\n", "\n", "3"), "1 2\n", Wrong),
            ("tokens", padded("Yes\n", " ", ""), "Yes", Accepted),
            ("default", padded("Yes\n", " ", "No"), "yes", Wrong),
            ("float:1e-6", padded("0.5\n", "\n", ""), "0.5000001\n", Accepted),
            ("default space_change_sensitive", padded("1 2\n3", " ", ""), "1 2\n3", Wrong),
        ];
        for (rule, answer, got, want) in table {
            let head = String::from_utf8_lossy(&answer[..8]).into_owned();
            for (expected, output) in [(&answer[..], got.as_bytes()), (got.as_bytes(), &answer[..])]
            {
                let result = streamed(rule, expected, output, SIZES.chunk, SIZES.token);
                let in_memory = in_memory(rule, expected, output).judgement;
                assert_eq!(
                    result.judgement, in_memory,
                    "{rule}: {head:?}... against {got:?}"
                );
                if expected.len() > output.len() {
                    assert_eq!(
                        result.judgement, *want,
                        "{rule}: {head:?}... against {got:?}"
                    );
                }
            }
        }
    }

    #[test]
    fn long_tokens_match_only_as_text() {
        let long = "7".repeat(100);
        for chunk in [1, 3, 64] {
            for (rule, answer, got, want) in [
                ("tokens", long.clone(), long.clone(), Accepted),
                ("tokens", long.clone(), format!("{long}7"), Wrong),
                ("tokens", format!("{long}7"), long.clone(), Wrong),
                ("tokens", format!("8{long}"), format!("9{long}"), Wrong),
                ("default", format!("a{long}"), format!("A{long}"), Accepted),
                ("tokens", format!("x {long}"), format!("x {long}"), Accepted),
                ("default", format!("{long}A"), format!("{long}a"), Accepted),
                ("tokens", format!("{long}A"), format!("{long}a"), Wrong),
                (
                    "lines",
                    format!("{long}  1"),
                    format!("{long} 1"),
                    Presentation,
                ),
            ] {
                let result = streamed(rule, answer.as_bytes(), got.as_bytes(), chunk, 5);
                assert_eq!(result.judgement, want, "{rule}: chunks of {chunk}");
            }
        }
    }

    #[test]
    fn the_first_difference_is_named_as_in_memory() {
        let cases: &[(&str, &str, &str)] = &[
            ("lines", "W\nLWW\nWWL\n", "W\nLWW\nWWW\n"),
            ("lines", "1\n2\n3\n", "1\n2\n"),
            ("lines", "1\n", "1\n2\n"),
            ("lines", "1 2\n", "1  2\n"),
            ("lines", "1\n2 3\n", "1\n2 3 \n4"),
            ("exact", "1 2\n", "1 2"),
            ("exact", "1 2", "1 2\n"),
            ("exact", "1\n2\n", "1\n2\r\n"),
            ("float:1e-6", "0.5\n0.25\n", "0.5\n0.3\n"),
            ("tokens", "a\nb\n", "a\nc\n"),
            ("lines", "Yes\n", "\u{ff}Yes\n"),
        ];
        for (rule, answer, got) in cases {
            let want = in_memory(rule, answer.as_bytes(), got.as_bytes());
            for chunk in [1, 2, 64] {
                let result = streamed(rule, answer.as_bytes(), got.as_bytes(), chunk, 64);
                assert_eq!(
                    result.first_difference, want.first_difference,
                    "{rule}: {answer:?} vs {got:?}, chunks of {chunk}"
                );
            }
        }
    }

    #[test]
    fn the_diff_shows_the_lines_around_the_first_difference() {
        let answer: String = (1..=1000).map(|i| format!("{i}\n")).collect();
        let got = answer.replace("\n500\n", "\n5000\n");
        let result = streamed("lines", answer.as_bytes(), got.as_bytes(), 7, 64);
        assert_eq!(
            result.first_difference.as_deref(),
            Some("line 500, token 1: expected `500`, got `5000`")
        );
        let diff = result.diff.unwrap();
        assert!(diff.contains("@@ from line 498 @@"), "{diff}");
        assert!(diff.contains(" 498\n 499\n-500\n+5000\n 501\n"), "{diff}");
        assert!(!diff.contains("497") && !diff.contains("512"), "{diff}");
        let tail = streamed(
            "lines",
            answer.as_bytes(),
            answer.trim_end().as_bytes(),
            3,
            64,
        );
        assert_eq!(tail.judgement, Accepted);
        // Extra output far below the answer's end: the diff is around it.
        let extra = format!("{answer}{}end\n", "\n".repeat(100));
        let diff = streamed("lines", answer.as_bytes(), extra.as_bytes(), 64, 64).diff;
        assert!(diff.as_deref().unwrap().contains("+end\n"), "{diff:?}");
        let short = streamed("lines", b"1\n2", b"1\n3", 1, 64).diff.unwrap();
        assert!(short.contains("-2⏎ (no newline at end)\n+3⏎"), "{short}");
    }

    /// A reader of `len` NUL bytes (an answer file with a hole, as `truncate -s 2G` makes) that counts what
    /// was read from it.
    struct Zeros {
        left: u64,
        read: std::rc::Rc<std::cell::Cell<u64>>,
    }

    impl std::io::Read for Zeros {
        fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
            let n = buf.len().min(self.left as usize);
            buf[..n].fill(0);
            self.left -= n as u64;
            self.read.set(self.read.get() + n as u64);
            Ok(n)
        }
    }

    /// A sparse answer of 2 GiB of NULs (one token, one line) against a short output: judged WA on its
    /// first bytes, and its diff shows the start of that line; neither reads the whole answer.
    #[test]
    fn a_huge_line_of_nuls_is_judged_and_shown_without_reading_it_whole() {
        const LEN: u64 = 2 << 30;
        for checker in ["lines", "exact", "tokens"] {
            let read = std::rc::Rc::new(std::cell::Cell::new(0));
            let answer = || {
                let zeros: Box<dyn std::io::Read> = Box::new(Zeros {
                    left: LEN,
                    read: read.clone(),
                });
                Ok(BufReader::with_capacity(SIZES.chunk, zeros))
            };
            let got = || {
                let output: Box<dyn std::io::Read> = Box::new(&b"3\n"[..]);
                Ok(BufReader::with_capacity(SIZES.chunk, output))
            };
            let checker = BuiltinChecker::parse(checker).unwrap();
            let result = check(checker, SIZES, answer, got).unwrap();
            assert_eq!(result.judgement, Wrong, "{checker:?}");
            let diff = result.diff.unwrap();
            assert!(
                diff.contains("\\x00\\x00") && diff.contains("not read further"),
                "{diff}"
            );
            assert!(
                read.get() < 16 << 20,
                "{checker:?}: {} bytes of the answer read",
                read.get()
            );
        }
    }
}
