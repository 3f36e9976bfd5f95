//! Input validator for lanqiao-prev6 (翻硬币): two lines, each a row of `*` and `o` of the same length
//! `1..=999`, differing in an even number of places (the statement promises the target is reachable).
//!
//! Exits 42 when stdin is a valid input, otherwise 43 with one line on stderr naming the line and the fault.
//! `--relaxed` (first argument): any ASCII whitespace separates tokens and the line structure is not
//! checked; values, ranges and counts still are.

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

fn row(r: &mut Reader, name: &str) -> Vec<u8> {
    let t = r.token(name);
    if let Some(c) = t.chars().find(|&c| c != '*' && c != 'o') {
        r.fail(&format!("the {name} has `{c}`, not `*` or `o`"));
    }
    if t.len() > 999 {
        r.fail(&format!("the {name} has {} coins, more than 999", t.len()));
    }
    t.into_bytes()
}

fn main() {
    let mut r = Reader::from_stdin();
    let start = row(&mut r, "start row");
    r.newline();
    let target = row(&mut r, "target row");
    if start.len() != target.len() {
        r.fail(&format!(
            "the target row has {} coins, the start row {}",
            target.len(),
            start.len()
        ));
    }
    let differ = start.iter().zip(&target).filter(|(a, b)| a != b).count();
    if differ % 2 == 1 {
        r.fail(&format!(
            "the rows differ in an odd number of places ({differ}): the target cannot be reached"
        ));
    }
    r.newline();
    r.finish();
}
