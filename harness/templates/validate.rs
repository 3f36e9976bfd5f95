//! Input validator for {ID}: reads one input on stdin and checks it against the constraints of
//! statement.md exactly (format, whitespace, ranges, counts, end of file).
//!
//! Exits 42 when stdin is a valid input, otherwise 43 with one line on stderr naming the line and the fault.
//! `--relaxed` (first argument): any ASCII whitespace separates tokens and the line structure is not
//! checked; values, ranges and counts still are. Every file of invalid/ must be rejected.

use std::io::Read;
use std::process::exit;

/// Reads the whole input and checks it token by token. Strict: tokens one space apart, every line ended by
/// `\n`, nothing else. Relaxed (`--relaxed`): any ASCII whitespace separates tokens, `space` and `newline`
/// check nothing; values, ranges and counts are checked all the same.
struct Reader {
    data: Vec<u8>,
    pos: usize,
    line: usize,
    relaxed: bool,
}

// The reader whole: methods this validator does not call are allowed (delete them when it is done).
#[allow(dead_code)]
impl Reader {
    fn from_stdin() -> Reader {
        let relaxed = match std::env::args().nth(1).as_deref() {
            None => false,
            Some("--relaxed") => true,
            Some(other) => {
                eprintln!("unknown argument `{other}`; usage: validate [--relaxed] < input");
                exit(2);
            }
        };
        let mut data = Vec::new();
        if let Err(e) = std::io::stdin().read_to_end(&mut data) {
            eprintln!("cannot read stdin: {e}");
            exit(2);
        }
        Reader {
            data,
            pos: 0,
            line: 1,
            relaxed,
        }
    }

    fn fail(&self, msg: &str) -> ! {
        eprintln!("line {}: {msg}", self.line);
        exit(43);
    }

    fn peek(&self) -> Option<u8> {
        self.data.get(self.pos).copied()
    }

    /// What the reader is looking at, for error messages.
    fn found(&self) -> String {
        let line_start = self.pos == 0 || self.data[self.pos - 1] == b'\n';
        match self.peek() {
            None => "end of file".to_string(),
            Some(b'\n') if line_start => "an empty line".to_string(),
            Some(b'\n') => "end of line".to_string(),
            Some(b' ') => "a space".to_string(),
            Some(b'\r') => "a carriage return".to_string(),
            Some(b'\t') => "a tab".to_string(),
            Some(c) if c.is_ascii_graphic() => format!("`{}`", c as char),
            Some(c) => format!("byte 0x{c:02x}"),
        }
    }

    fn skip_whitespace(&mut self) {
        if !self.relaxed {
            return;
        }
        while let Some(c) = self.peek().filter(u8::is_ascii_whitespace) {
            self.line += usize::from(c == b'\n');
            self.pos += 1;
        }
    }

    /// The next token; in strict mode it must start exactly here.
    fn token(&mut self, what: &str) -> String {
        self.skip_whitespace();
        let start = self.pos;
        while self.peek().is_some_and(|c| !c.is_ascii_whitespace()) {
            self.pos += 1;
        }
        if start == self.pos {
            self.fail(&format!("expected {what}, found {}", self.found()));
        }
        String::from_utf8_lossy(&self.data[start..self.pos]).into_owned()
    }

    /// A decimal integer in `lo..=hi`, without sign or leading zeros.
    fn int(&mut self, name: &str, lo: u64, hi: u64) -> u64 {
        let t = self.token(name);
        if !t.bytes().all(|c| c.is_ascii_digit()) {
            self.fail(&format!(
                "{name} = `{}` is not a non-negative integer",
                short(&t)
            ));
        }
        if t.len() > 1 && t.starts_with('0') {
            self.fail(&format!("{name} = {} has a leading zero", short(&t)));
        }
        // Every bound is below 2^64, so a number that does not fit in a u64 is above it.
        match t.parse::<u64>() {
            Ok(v) if v < lo => self.fail(&format!("{name} = {v} is below {lo}")),
            Ok(v) if v <= hi => v,
            _ => self.fail(&format!("{name} = {} is above {hi}", short(&t))),
        }
    }

    /// `count` integers in `lo..=hi` up to the end of the line, one space apart (and one space after what
    /// precedes them on the line). The end of the line itself is left to `newline`.
    fn list(&mut self, count: usize, name: &str, lo: u64, hi: u64) -> Vec<u64> {
        let mut values = Vec::with_capacity(count);
        for i in 0..count {
            if !self.relaxed && matches!(self.peek(), Some(b'\n') | None) {
                self.fail(&format!(
                    "{i} values of {name} on the line, expected {count}"
                ));
            }
            if self.pos > 0 && self.data[self.pos - 1] != b'\n' {
                self.space();
            }
            values.push(self.int(name, lo, hi));
        }
        let next = self.data.get(self.pos + 1);
        if !self.relaxed
            && self.peek() == Some(b' ')
            && next.is_some_and(|c| !c.is_ascii_whitespace())
        {
            self.fail(&format!("more than {count} values of {name} on the line"));
        }
        values
    }

    /// Strict: exactly one space separates two tokens.
    fn space(&mut self) {
        if !self.relaxed {
            if self.peek() != Some(b' ') {
                self.fail(&format!("expected a single space, found {}", self.found()));
            }
            self.pos += 1;
        }
    }

    /// Strict: the line ends here, with `\n`.
    fn newline(&mut self) {
        if !self.relaxed {
            if self.peek() != Some(b'\n') {
                self.fail(&format!("expected end of line, found {}", self.found()));
            }
            self.pos += 1;
            self.line += 1;
        }
    }

    /// True when the input is over (relaxed: only whitespace is left).
    fn at_end(&mut self) -> bool {
        self.skip_whitespace();
        self.pos == self.data.len()
    }

    /// Accepts the input if nothing follows.
    fn finish(&mut self) -> ! {
        if !self.at_end() {
            self.fail(&format!("expected end of file, found {}", self.found()));
        }
        exit(42);
    }
}

/// A token cut to a readable length for messages.
fn short(t: &str) -> String {
    if t.chars().count() <= 30 {
        t.to_string()
    } else {
        format!("{}…", t.chars().take(30).collect::<String>())
    }
}

fn main() {
    let mut r = Reader::from_stdin();
    // E.g. a line `T`, then `T` lines `n m`: `let t = r.int("T", 1, 100); r.newline();`, then per case
    // `r.int("n", 1, 1000); r.space(); r.int("m", 1, 1000); r.newline();`, and at the end `r.finish()`.
    let first = r.int("the first value", 0, u64::MAX);
    todo!("check the input of statement.md (it starts with {first}), then call `r.finish()`")
}
