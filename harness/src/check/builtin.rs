//! The built-in checkers (ARCHITECTURE.md, "Verdicts"): `lines` (the HDOJ rule), `exact`, `tokens` and `float:EPS`, comparing
//! the expected output with the program's, both read into per-worker buffers when small (either larger
//! than `STREAMED_COMPARISON_BYTES`: both are streamed instead, `stream`).

use std::cell::RefCell;
use std::fs;
use std::io::Read as _;
use std::path::Path;

use anyhow::{Context, Result};

use super::diff::{diff, first_line_difference, first_token_difference};
use super::{CheckFiles, CheckResult, Checker, Judgement};
use crate::model::limits::STREAMED_COMPARISON_BYTES;
use crate::model::{BuiltinChecker, TokenOptions};

impl Checker for BuiltinChecker {
    fn check(&self, files: &CheckFiles) -> Result<CheckResult> {
        // A test's own arguments are the Kattis default validator's flags (checked when it was loaded).
        if let Some(flags) = files.args {
            let own = BuiltinChecker::from_kattis_flags(flags).map_err(anyhow::Error::msg)?;
            return own.check(&CheckFiles {
                args: None,
                ..*files
            });
        }
        let size = |path: &Path| {
            fs::metadata(path)
                .map(|m| m.len())
                .with_context(|| format!("cannot read {}", path.display()))
        };
        // Large files are compared as streams, so the judge's memory is bounded whatever their sizes;
        // small ones (nearly every test) are read whole, which is faster.
        if size(files.output)?.max(size(files.answer)?) > STREAMED_COMPARISON_BYTES {
            return super::stream::check_files(*self, files.answer, files.output);
        }
        OUTPUTS.with(|buffers| {
            // Buffers kept per worker: outputs would otherwise cost fresh page faults on every test.
            let (expected, got) = &mut *buffers.borrow_mut();
            read_into(files.output, got)?;
            read_into(files.answer, expected)?;
            Ok(details(
                *self,
                Some(files.input),
                judge(*self, expected, got),
                expected,
                got,
            ))
        })
    }
}

thread_local! {
    /// The expected and the actual output of the test a worker is checking (each at most
    /// `STREAMED_COMPARISON_BYTES`).
    static OUTPUTS: RefCell<(Vec<u8>, Vec<u8>)> = const { RefCell::new((Vec::new(), Vec::new())) };
}

/// Reads a whole file into `buffer`, reusing its allocation.
fn read_into(path: &Path, buffer: &mut Vec<u8>) -> Result<()> {
    buffer.clear();
    fs::File::open(path)
        .and_then(|mut file| file.read_to_end(buffer))
        .with_context(|| format!("cannot read {}", path.display()))?;
    Ok(())
}

pub fn compare(checker: BuiltinChecker, expected: &[u8], got: &[u8]) -> CheckResult {
    details(checker, None, judge(checker, expected, got), expected, got)
}

/// The result of a judgement, with where the outputs first differ and a diff when not accepted; the
/// test's input, when given, tells which case a differing line answers.
fn details(
    checker: BuiltinChecker,
    input: Option<&Path>,
    judgement: Judgement,
    expected: &[u8],
    got: &[u8],
) -> CheckResult {
    if judgement == Judgement::Accepted {
        return CheckResult {
            judgement,
            first_difference: None,
            diff: None,
            message: None,
            score: None,
            score_multiplier: None,
        };
    }
    let first_difference = Some(match judgement {
        Judgement::Wrong => first_token_difference(checker, expected, got),
        _ => first_line_difference(expected, got),
    });
    CheckResult {
        judgement,
        first_difference,
        diff: Some(diff(
            checker,
            judgement == Judgement::Presentation,
            input,
            expected,
            got,
        )),
        message: None,
        score: None,
        score_multiplier: None,
    }
}

/// The judgement of `got` by `checker`'s rule: `lines` (else PE when the tokens are the same), `exact` (PE
/// when the tokens are the same), and the Kattis default validator (`tokens`, `float:EPS`, `default FLAGS`).
fn judge(checker: BuiltinChecker, expected: &[u8], got: &[u8]) -> Judgement {
    if expected == got {
        return Judgement::Accepted;
    }
    let exact = TokenOptions {
        case_sensitive: true,
        ..TokenOptions::default()
    };
    match checker {
        BuiltinChecker::Lines if lines_equal(expected, got) => Judgement::Accepted,
        BuiltinChecker::Lines | BuiltinChecker::Exact if tokens_match(&exact, expected, got) => {
            Judgement::Presentation
        }
        BuiltinChecker::Tokens(options) if tokens_match(&options, expected, got) => {
            Judgement::Accepted
        }
        _ => Judgement::Wrong,
    }
}

pub(super) fn tokens(text: &[u8]) -> impl Iterator<Item = &[u8]> {
    text.split(|b| b.is_ascii_whitespace())
        .filter(|t| !t.is_empty())
}

/// The `lines` rule (HDOJ's): the same lines once trailing spaces, tabs and CR are removed from every line
/// and trailing blank lines are dropped. Compares lazily: nothing is collected.
fn lines_equal(expected: &[u8], got: &[u8]) -> bool {
    let (mut want, mut have) = (lines_of(expected), lines_of(got));
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

/// A line without its trailing spaces, tabs and CR.
pub(super) fn trim_end(line: &[u8]) -> &[u8] {
    let end = line
        .iter()
        .rposition(|b| !matches!(b, b' ' | b'\t' | b'\r'))
        .map_or(0, |i| i + 1);
    &line[..end]
}

/// The lines of a text without their trailing spaces, tabs and CR.
pub(super) fn lines_of(text: &[u8]) -> impl Iterator<Item = &[u8]> {
    text.split(|&b| b == b'\n').map(trim_end)
}

/// The Kattis default output validator: the same tokens (any whitespace between them, or exactly the same
/// whitespace when space-sensitive), compared as text (ignoring case unless case-sensitive) or, when a
/// tolerance is set and the answer's token is a number, as numbers.
fn tokens_match(options: &TokenOptions, expected: &[u8], got: &[u8]) -> bool {
    if options.space_sensitive {
        let (mut want, mut have) = (pieces(expected), pieces(got));
        loop {
            let (Some((space, w)), Some((blanks, h))) = (want.next(), have.next()) else {
                return false;
            };
            if space != blanks || !same_token(options, w, h) {
                return false;
            }
            if w.is_empty() {
                // Both at their end: only an empty token matches an empty one.
                return true;
            }
        }
    }
    let (mut want, mut have) = (tokens(expected), tokens(got));
    loop {
        match (want.next(), have.next()) {
            (None, None) => return true,
            (Some(w), Some(h)) if same_token(options, w, h) => {}
            _ => return false,
        }
    }
}

/// The whitespace before each token, and the token (an empty token after the final whitespace).
pub(super) fn pieces(text: &[u8]) -> impl Iterator<Item = (&[u8], &[u8])> {
    let mut rest = text;
    let mut done = false;
    std::iter::from_fn(move || {
        if done {
            return None;
        }
        let ws = rest.iter().take_while(|b| b.is_ascii_whitespace()).count();
        let len = rest[ws..]
            .iter()
            .take_while(|b| !b.is_ascii_whitespace())
            .count();
        let piece = (&rest[..ws], &rest[ws..ws + len]);
        rest = &rest[ws + len..];
        done = len == 0;
        Some(piece)
    })
}

/// Whether the program's token `got` matches the answer's token `want` under the checker's rules.
pub(super) fn same_token_of(checker: BuiltinChecker, want: &[u8], got: &[u8]) -> bool {
    match checker {
        BuiltinChecker::Tokens(options) => same_token(&options, want, got),
        _ => want == got,
    }
}

pub(super) fn same_token(options: &TokenOptions, want: &[u8], got: &[u8]) -> bool {
    if want == got || (!options.case_sensitive && want.eq_ignore_ascii_case(got)) {
        return true;
    }
    if options.absolute_tolerance.is_none() && options.relative_tolerance.is_none() {
        return false;
    }
    let number = |t: &[u8]| {
        std::str::from_utf8(t)
            .ok()
            .and_then(|s| s.parse::<f64>().ok())
    };
    let (Some(w), Some(h)) = (number(want), number(got)) else {
        return false;
    };
    let diff = (w - h).abs();
    let within = |tolerance: Option<f64>, bound: f64| tolerance.is_some_and(|t| diff <= t * bound);
    within(options.absolute_tolerance, 1.0) || within(options.relative_tolerance, w.abs())
}

#[cfg(test)]
mod tests {
    use super::*;
    use Judgement::*;

    fn float6() -> BuiltinChecker {
        BuiltinChecker::parse("float:1e-6").unwrap()
    }

    fn verdict(checker: BuiltinChecker, expected: &str, got: &str) -> Judgement {
        compare(checker, expected.as_bytes(), got.as_bytes()).judgement
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
            assert_eq!(
                verdict(BuiltinChecker::Lines, expected, got),
                *want,
                "{what}"
            );
        }
    }

    #[test]
    fn exact_tokens_and_float_checkers_table() {
        let table: &[(BuiltinChecker, &str, &str, Judgement)] = &[
            (BuiltinChecker::Exact, "1 2\n", "1 2\n", Accepted),
            (BuiltinChecker::Exact, "1 2\n", "1 2", Presentation),
            (BuiltinChecker::Exact, "1 2\n", "1 2\r\n", Presentation),
            (BuiltinChecker::Exact, "1 2\n", "1 3\n", Wrong),
            (
                BuiltinChecker::parse("tokens").unwrap(),
                "1 2\n",
                "1\n\n2",
                Accepted,
            ),
            (
                BuiltinChecker::parse("tokens").unwrap(),
                "1 2\n",
                "1 2 3",
                Wrong,
            ),
            (float6(), "0.5 x\n", "0.5000001 x\n", Accepted),
            (float6(), "1000000\n", "1000000.5\n", Accepted),
            (float6(), "0.5\n", "0.51\n", Wrong),
            (float6(), "0.5 x\n", "0.5 y\n", Wrong),
            (float6(), "0.5\n", "0.5 0.5\n", Wrong),
            (float6(), "nan\n", "nan\n", Accepted),
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
        assert_eq!(verdict(BuiltinChecker::Lines, "\n", ""), Accepted);
        assert_eq!(verdict(BuiltinChecker::Lines, "", " \r\n\n"), Accepted);
    }

    #[test]
    fn first_difference_names_line_and_token() {
        let result = compare(BuiltinChecker::Lines, b"W\nLWW\nWWL\n", b"W\nLWW\nWWW\n");
        assert_eq!(
            result.first_difference.as_deref(),
            Some("line 3, token 1: expected `WWL`, got `WWW`")
        );
        let result = compare(BuiltinChecker::Lines, b"1 2 3\n", b"1 2\n");
        assert_eq!(
            result.first_difference.as_deref(),
            Some("line 1, token 3: expected `3`, got end of output")
        );
        let result = compare(BuiltinChecker::Lines, b"1\n", b"1\n2\n");
        assert_eq!(
            result.first_difference.as_deref(),
            Some("line 2, token 1: expected end of output, got `2`")
        );
        let result = compare(BuiltinChecker::Lines, b"1 2\n", b"1  2\n");
        assert_eq!(
            result.first_difference.as_deref(),
            Some("line 1: expected `1 2`, got `1  2` (spacing differs)")
        );
    }

    #[test]
    fn diff_makes_invisible_characters_visible() {
        // Not as many lines on both sides: a unified diff.
        let result = compare(BuiltinChecker::Exact, b"a\nb\n", b"a \r\nb\tc\nd");
        let diff = result.diff.unwrap();
        assert!(diff.contains("+a ␍\n+b→c\n"), "{diff}");
        assert!(diff.contains("+d⏎ (no newline at end)"), "{diff}");
        assert!(diff.contains("-a\n"), "{diff}");
    }

    #[test]
    fn non_utf8_output_is_escaped_not_a_panic() {
        let result = compare(BuiltinChecker::Lines, b"Yes\n", b"\xff\xfeYes\n");
        assert_eq!(result.judgement, Wrong);
        assert_eq!(
            result.first_difference.as_deref(),
            Some("line 1, token 1: expected `Yes`, got `\\xff\\xfeYes`")
        );
    }

    #[test]
    fn long_outputs_are_truncated() {
        let expected: String = (0..1000).map(|i| format!("{i}\n")).collect();
        let got = expected.replace("500\n", "501\n502\n");
        let diff = compare(BuiltinChecker::Lines, expected.as_bytes(), got.as_bytes())
            .diff
            .unwrap();
        assert!(diff.lines().count() < 25, "{diff}");
        assert!(
            diff.contains("-500") && diff.contains("+501") && diff.contains("more lines not shown"),
            "{diff}"
        );
    }
}
