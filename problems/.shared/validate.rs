//! The strict input reader shared by the input validators `problems/<id>/validate.rs`: reads stdin whole,
//! checks it token by token (strict: tokens one space apart, every line ended by `\n`; `--relaxed`: any ASCII
//! whitespace separates tokens) and exits 42 (valid) or 43 (invalid, with one line on stderr naming the line
//! and the fault). A validator includes it with
//!
//! ```text
//! #[path = "../.shared/validate.rs"]
//! mod reader;
//! ```
//!
//! and keeps only its problem's checks in `main`. Every validator depends on this file: a changed message or
//! rule changes what all of them accept, and `harness validate` proves they still accept the data and reject
//! `invalid/`. `harness export` inlines this module into the exported validator (the package must stand
//! alone), and `harness new` writes it into a workspace that has none.
//!
//! The folder is hidden so that the judge does not take it for a problem. Items that only some validators
//! use carry `#[allow(dead_code)]`: each validator compiles this file as its own module, and an item it does
//! not call would otherwise be a warning.

use std::io::Read;
use std::process::exit;

/// Reads the whole input and checks it token by token. Strict: tokens one space apart, every line ended by
/// `\n`, nothing else. Relaxed (`--relaxed`): any ASCII whitespace separates tokens, `space` and `newline`
/// check nothing; values, ranges and counts are checked all the same.
pub struct Reader {
    data: Vec<u8>,
    pos: usize,
    line: usize,
    relaxed: bool,
}

impl Reader {
    #[allow(dead_code)]
    pub fn from_stdin() -> Reader {
        Reader::from_stdin_with(&[]).0
    }

    /// As `from_stdin`, with the problem's own flags besides `--relaxed` (a subtask's tighter bounds,
    /// `--small`), in any order: which of `flags` were given.
    #[allow(dead_code)]
    pub fn from_stdin_with(flags: &[&'static str]) -> (Reader, Vec<&'static str>) {
        let mut relaxed = false;
        let mut given = Vec::new();
        for arg in std::env::args().skip(1) {
            match flags.iter().find(|f| **f == arg) {
                _ if arg == "--relaxed" => relaxed = true,
                Some(flag) => given.push(*flag),
                None => {
                    let usage: Vec<String> = flags.iter().map(|f| format!(" [{f}]")).collect();
                    eprintln!(
                        "unknown argument `{arg}`; usage: validate [--relaxed]{} < input",
                        usage.concat()
                    );
                    exit(2);
                }
            }
        }
        (Reader::read_stdin(relaxed), given)
    }

    fn read_stdin(relaxed: bool) -> Reader {
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

    pub fn fail(&self, msg: &str) -> ! {
        eprintln!("line {}: {msg}", self.line);
        exit(43);
    }

    pub fn peek(&self) -> Option<u8> {
        self.data.get(self.pos).copied()
    }

    /// What the reader is looking at, for error messages.
    pub fn found(&self) -> String {
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

    pub fn skip_whitespace(&mut self) {
        if !self.relaxed {
            return;
        }
        while let Some(c) = self.peek().filter(u8::is_ascii_whitespace) {
            self.line += usize::from(c == b'\n');
            self.pos += 1;
        }
    }

    /// The next token; in strict mode it must start exactly here.
    pub fn token(&mut self, what: &str) -> String {
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
    #[allow(dead_code)] // only the validators that read integers
    pub fn int(&mut self, name: &str, lo: u64, hi: u64) -> u64 {
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

    /// The first two lines of a game-playing problem's test file: the seed of the judge's random moves (any
    /// 64-bit value), then `G` in `1..=max_games`. Returns `G`.
    #[allow(dead_code)] // only the validators of the play-* problems
    pub fn games_header(&mut self, max_games: u64) -> u64 {
        self.int("the seed", 0, u64::MAX);
        self.newline();
        let games = self.int("G", 1, max_games);
        self.newline();
        games
    }

    /// `count` integers in `lo..=hi` up to the end of the line, one space apart (and one space after what
    /// precedes them on the line). The end of the line itself is left to `newline`.
    #[allow(dead_code)] // only the validators that read a line of values
    pub fn list(&mut self, count: usize, name: &str, lo: u64, hi: u64) -> Vec<u64> {
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
    #[allow(dead_code)] // only the validators with two values on a line
    pub fn space(&mut self) {
        if !self.relaxed {
            if self.peek() != Some(b' ') {
                self.fail(&format!("expected a single space, found {}", self.found()));
            }
            self.pos += 1;
        }
    }

    /// Strict: consumes one empty line if there is one there. Relaxed: there are no lines.
    #[allow(dead_code)] // only the validators whose cases are separated by empty lines
    pub fn blank_line(&mut self) {
        if !self.relaxed && self.peek() == Some(b'\n') {
            self.pos += 1;
            self.line += 1;
        }
    }

    /// Strict: the line ends here, with `\n`.
    pub fn newline(&mut self) {
        if !self.relaxed {
            if self.peek() != Some(b'\n') {
                self.fail(&format!("expected end of line, found {}", self.found()));
            }
            self.pos += 1;
            self.line += 1;
        }
    }

    /// True when the input is over (relaxed: only whitespace is left).
    pub fn at_end(&mut self) -> bool {
        self.skip_whitespace();
        self.pos == self.data.len()
    }

    /// Accepts the input if nothing follows.
    pub fn finish(&mut self) -> ! {
        if !self.at_end() {
            self.fail(&format!("expected end of file, found {}", self.found()));
        }
        exit(42);
    }
}

/// A token cut to a readable length for messages.
#[allow(dead_code)] // used by `int`, and by the validators that quote a token
pub fn short(t: &str) -> String {
    if t.chars().count() <= 30 {
        t.to_string()
    } else {
        format!("{}…", t.chars().take(30).collect::<String>())
    }
}
