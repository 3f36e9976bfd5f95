//! The built-in checkers on an answer file much larger than the program's output, read as a stream: the
//! judge's memory stays bounded by the output (itself bounded by the output limit), whatever the size of
//! the `.out`. An answer's line or token longer than the whole output can match nothing in it, so each is
//! kept only up to that length (a line's trailing blanks aside, which the `lines` rule drops anyway). The
//! rules are those of `builtin`, on this `Answer`.

use std::fs::File;
use std::io::{BufRead, BufReader, Read};
use std::path::Path;

use anyhow::{Context, Result};

use super::builtin::{judge_answer, Answer, Cut};
use super::Judgement;
use crate::model::BuiltinChecker;

/// The judgement of `got` against the answer file at `answer`, read as a stream. The answer is known to be
/// longer than `got`, so never byte-for-byte equal to it.
pub fn judge_streaming(checker: BuiltinChecker, answer: &Path, got: &[u8]) -> Result<Judgement> {
    let open = || -> Result<Bytes> {
        let file =
            File::open(answer).with_context(|| format!("cannot read {}", answer.display()))?;
        Ok(Bytes::new(file, got.len() + 1))
    };
    judge_answer(checker, open, got)
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
    line: Piece,
    space: Piece,
    token: Piece,
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
    fn clear(&mut self) {
        self.bytes.clear();
        self.too_long = false;
    }
    fn cut(&self) -> Cut<'_> {
        Cut {
            bytes: &self.bytes,
            too_long: self.too_long,
        }
    }
}

impl Bytes {
    fn new(file: File, cap: usize) -> Bytes {
        Bytes {
            reader: BufReader::with_capacity(64 << 10, file),
            cap,
            line: Piece::default(),
            space: Piece::default(),
            token: Piece::default(),
        }
    }
}

/// Calls `take` on bytes while it returns true; stops before the first it refuses. False at the end.
fn take_while(reader: &mut BufReader<File>, mut take: impl FnMut(u8) -> bool) -> Result<bool> {
    loop {
        let buffer = reader.fill_buf().context("cannot read the answer")?;
        if buffer.is_empty() {
            return Ok(false);
        }
        let taken = buffer.iter().position(|&b| !take(b));
        let used = taken.unwrap_or(buffer.len());
        reader.consume(used);
        if taken.is_some() {
            return Ok(true);
        }
    }
}

impl Answer for Bytes {
    fn piece(&mut self) -> Result<(Cut<'_>, Cut<'_>)> {
        let cap = self.cap;
        let (space, token) = (&mut self.space, &mut self.token);
        space.clear();
        token.clear();
        take_while(&mut self.reader, |b| {
            let blank = b.is_ascii_whitespace();
            if blank {
                space.push(b, cap);
            }
            blank
        })?;
        // A token longer than the whole output matches nothing: no need to read the rest of it.
        take_while(&mut self.reader, |b| {
            let blank = b.is_ascii_whitespace();
            if !blank {
                token.push(b, cap);
            }
            !blank && !token.too_long
        })?;
        Ok((self.space.cut(), self.token.cut()))
    }

    fn line(&mut self) -> Result<Option<Cut<'_>>> {
        let cap = self.cap;
        let line = &mut self.line;
        line.clear();
        // Blanks past the cap matter only if something follows them on the line: that makes it too long.
        let mut any = false;
        let more = take_while(&mut self.reader, |b| {
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
        let end = super::builtin::trim_end(&line.bytes).len();
        line.bytes.truncate(end);
        Ok(Some(self.line.cut()))
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
