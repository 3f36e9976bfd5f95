//! The built-in checkers on an answer file much larger than the program's output, read as a stream: the
//! judge's memory stays bounded by the output (itself bounded by the output limit), whatever the size of
//! the `.out`. An answer's line or token longer than the whole output can match nothing in it, so each is
//! kept only up to that length (a line's trailing blanks aside, which the `lines` rule drops anyway).

use std::fs::File;
use std::io::{BufRead, BufReader, Read};
use std::path::Path;

use anyhow::{Context, Result};

use super::builtin::{lines_of, same_token, tokens};
use super::Judgement;
use crate::model::{BuiltinChecker, TokenOptions};

/// The judgement of `got` against the answer file at `answer`, read as a stream. The answer is known to be
/// longer than `got`, so never byte-for-byte equal to it.
pub fn judge_streaming(checker: BuiltinChecker, answer: &Path, got: &[u8]) -> Result<Judgement> {
    let open = || -> Result<Bytes> {
        let file =
            File::open(answer).with_context(|| format!("cannot read {}", answer.display()))?;
        Ok(Bytes::new(file, got.len() + 1))
    };
    let exact = TokenOptions {
        case_sensitive: true,
        ..TokenOptions::default()
    };
    Ok(match checker {
        BuiltinChecker::Lines if lines_equal(&mut open()?, got)? => Judgement::Accepted,
        BuiltinChecker::Lines | BuiltinChecker::Exact
            if tokens_match(&exact, &mut open()?, got)? =>
        {
            Judgement::Presentation
        }
        BuiltinChecker::Tokens(options) if tokens_match(&options, &mut open()?, got)? => {
            Judgement::Accepted
        }
        _ => Judgement::Wrong,
    })
}

/// The first bytes of a file, at most `limit`.
pub fn read_prefix(path: &Path, limit: usize) -> Result<Vec<u8>> {
    let mut prefix = Vec::new();
    File::open(path)
        .and_then(|file| file.take(limit as u64).read_to_end(&mut prefix))
        .with_context(|| format!("cannot read {}", path.display()))?;
    Ok(prefix)
}

/// A buffered reader that hands out pieces of text capped at `cap` bytes: longer ones are only marked.
struct Bytes {
    reader: BufReader<File>,
    cap: usize,
}

/// A piece of the answer: its first `cap` bytes, and whether it was longer.
#[derive(Default)]
struct Piece {
    bytes: Vec<u8>,
    too_long: bool,
}

impl Piece {
    fn push(&mut self, byte: u8, cap: usize) {
        match self.bytes.len() < cap {
            true => self.bytes.push(byte),
            false => self.too_long = true,
        }
    }
}

impl Bytes {
    fn new(file: File, cap: usize) -> Bytes {
        Bytes {
            reader: BufReader::with_capacity(64 << 10, file),
            cap,
        }
    }

    /// Calls `take` on bytes while it returns true; stops before the first it refuses. False at the end.
    fn take_while(&mut self, mut take: impl FnMut(u8) -> bool) -> Result<bool> {
        loop {
            let buffer = self.reader.fill_buf().context("cannot read the answer")?;
            if buffer.is_empty() {
                return Ok(false);
            }
            let taken = buffer.iter().position(|&b| !take(b));
            let used = taken.unwrap_or(buffer.len());
            self.reader.consume(used);
            if taken.is_some() {
                return Ok(true);
            }
        }
    }

    /// The whitespace before the next token, and the token (empty at the end), like `builtin::pieces`.
    fn piece(&mut self) -> Result<(Piece, Piece)> {
        let cap = self.cap;
        let (mut space, mut token) = (Piece::default(), Piece::default());
        self.take_while(|b| {
            let blank = b.is_ascii_whitespace();
            if blank {
                space.push(b, cap);
            }
            blank
        })?;
        // A token longer than the whole output matches nothing: no need to read the rest of it.
        self.take_while(|b| {
            let blank = b.is_ascii_whitespace();
            if !blank {
                token.push(b, cap);
            }
            !blank && !token.too_long
        })?;
        Ok((space, token))
    }

    /// The next line without its trailing spaces, tabs and CR; `None` at the end of the file.
    fn line(&mut self) -> Result<Option<Piece>> {
        let cap = self.cap;
        let mut line = Piece::default();
        // Blanks past the cap matter only if something follows them on the line: that makes it too long.
        let mut any = false;
        let more = self.take_while(|b| {
            any = true;
            if b == b'\n' {
                return false;
            }
            match (line.bytes.len() < cap, matches!(b, b' ' | b'\t' | b'\r')) {
                (true, _) => line.bytes.push(b),
                (false, true) => {}
                (false, false) => line.too_long = true,
            }
            // Likewise a line: it can match nothing.
            !line.too_long
        })?;
        if more && !line.too_long {
            self.reader.consume(1); // the newline
        }
        if !any && !more {
            return Ok(None);
        }
        let end = line
            .bytes
            .iter()
            .rposition(|b| !matches!(b, b' ' | b'\t' | b'\r'))
            .map_or(0, |i| i + 1);
        line.bytes.truncate(end);
        Ok(Some(line))
    }
}

/// The `lines` rule (see `builtin::lines_equal`), the answer streamed.
fn lines_equal(answer: &mut Bytes, got: &[u8]) -> Result<bool> {
    let mut have = lines_of(got);
    loop {
        let want = answer.line()?;
        match (want, have.next()) {
            (Some(w), Some(h)) if !w.too_long && w.bytes == h => continue,
            (Some(_), Some(_)) => return Ok(false),
            (Some(w), None) => {
                if !w.bytes.is_empty() || w.too_long {
                    return Ok(false);
                }
                // The rest of the answer must be blank lines.
                while let Some(w) = answer.line()? {
                    if !w.bytes.is_empty() || w.too_long {
                        return Ok(false);
                    }
                }
                return Ok(true);
            }
            (None, Some(h)) => return Ok(h.is_empty() && have.all(<[u8]>::is_empty)),
            (None, None) => return Ok(true),
        }
    }
}

/// The Kattis default validator's rule (see `builtin::tokens_match`), the answer streamed.
fn tokens_match(options: &TokenOptions, answer: &mut Bytes, got: &[u8]) -> Result<bool> {
    if options.space_sensitive {
        let mut have = super::builtin::pieces(got);
        loop {
            let (space, token) = answer.piece()?;
            let Some((ws, h)) = have.next() else {
                return Ok(false);
            };
            let last = token.bytes.is_empty() && !token.too_long;
            if space.too_long
                || token.too_long
                || space.bytes != ws
                || !same_token(options, &token.bytes, h)
            {
                return Ok(false);
            }
            if last {
                return Ok(have.next().is_none());
            }
        }
    }
    let mut have = tokens(got);
    loop {
        let (_, token) = answer.piece()?;
        if token.bytes.is_empty() && !token.too_long {
            return Ok(have.next().is_none());
        }
        match have.next() {
            Some(h) if !token.too_long && same_token(options, &token.bytes, h) => {}
            _ => return Ok(false),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Judgement::*;

    /// Judges `got` against `answer` written to a file, streamed.
    fn streamed(checker: &str, answer: &[u8], got: &str) -> Judgement {
        let path = std::env::temp_dir().join(format!(
            "harness-stream-test-{}-{:?}",
            std::process::id(),
            std::thread::current().id()
        ));
        std::fs::write(&path, answer).unwrap();
        let checker = BuiltinChecker::parse(checker).unwrap();
        let judged = judge_streaming(checker, &path, got.as_bytes()).unwrap();
        std::fs::remove_file(&path).unwrap();
        judged
    }

    fn padded(head: &str, pad: &str, tail: &str) -> Vec<u8> {
        let mut text = head.as_bytes().to_vec();
        text.extend(pad.repeat((3 << 20) / pad.len()).bytes());
        text.extend(tail.bytes());
        text
    }

    #[test]
    fn large_answers_get_the_verdicts_of_the_rules() {
        #[rustfmt::skip]
        let table: &[(&str, Vec<u8>, &str, Judgement)] = &[
            ("lines", padded("5\n", " \n", ""), "5\n", Accepted),
            ("lines", padded("5", " ", "\n"), "5\n", Accepted),
            ("lines", padded("5", "\t\r", "\n\n"), "5", Accepted),
            ("lines", padded("5", " ", "x\n"), "5\n", Wrong),
            ("lines", padded("5", "a", "\n"), "5\n", Wrong),
            ("lines", padded("1  2\n", "\n", ""), "1 2\n", Presentation),
            ("lines", padded("1\n\n2\n", "\n", ""), "1\n\n2\n", Accepted),
            ("lines", padded("1\n\n2\n", "\n", ""), "1\n2\n", Presentation),
            ("lines", padded("1\n", "\n", "2\n"), "1\n2\n", Presentation),
            ("lines", padded("1\n", "\n", "2\n"), "1\n", Wrong),
            ("lines", b"".to_vec(), "", Accepted),
            ("exact", padded("1 2\n", "\n", ""), "1 2\n", Presentation),
            ("exact", padded("1 2\n", "\n", "3"), "1 2\n", Wrong),
            ("tokens", padded("Yes\n", " ", ""), "Yes", Accepted),
            ("tokens", padded("Yes\n", " ", ""), "yes", Wrong),
            ("default", padded("Yes\n", " ", ""), "yes", Accepted),
            ("default", padded("Yes\n", " ", "No"), "yes", Wrong),
            ("float:1e-6", padded("0.5\n", "\n", ""), "0.5000001\n", Accepted),
            ("float:1e-6", padded("0.5\n", "\n", ""), "0.6\n", Wrong),
            ("float:1e-6", padded("0.5\n", "0", ""), "0.5\n", Wrong),
        ];
        for (checker, answer, got, want) in table {
            let head = String::from_utf8_lossy(&answer[..answer.len().min(8)]).into_owned();
            assert_eq!(
                streamed(checker, answer, got),
                *want,
                "{checker}: answer {head:?}... ({} bytes) against {got:?}",
                answer.len()
            );
        }
    }

    #[test]
    fn space_sensitive_tokens_streamed() {
        let sensitive = "default space_change_sensitive";
        let answer = b"1 2\n3\n";
        assert_eq!(streamed(sensitive, answer, "1 2\n3\n"), Accepted);
        assert_eq!(streamed(sensitive, answer, "1  2\n3\n"), Wrong);
        assert_eq!(streamed(sensitive, answer, "1 2\n3"), Wrong);
        assert_eq!(
            streamed(sensitive, &padded("1 2\n3", " ", ""), "1 2\n3"),
            Wrong
        );
    }
}
