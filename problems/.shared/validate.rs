//! The strict input reader shared by the input validators `problems/<id>/validate.rs`: reads stdin whole,
//! checks it token by token (strict: tokens one space apart, every line ended by `\n`; `--relaxed`: the same
//! lines, with spaces and tabs around and between the tokens, `\r\n` line ends and blank lines at the end) and
//! exits 42 (valid) or 43 (invalid, with one line on stderr naming the line
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
/// `\n`, nothing else. Relaxed (`--relaxed`, the deliberately messy `edge-crlf-*` tests): the lines are those
/// of a strict input, so a program that reads line by line as the statement says still reads them, but a
/// line may begin or end with spaces and tabs, tokens on it may be separated by any run of them, it may end
/// in `\r\n`, and blank lines (spaces, tabs, `\r`) may follow the last line. Values, ranges, counts and the
/// line structure are checked all the same: no blank line in the middle, no token moved to another line.
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
            Some(b'\r') if self.data.get(self.pos + 1) == Some(&b'\n') && line_start => {
                "an empty line".to_string()
            }
            Some(b'\r') => "a carriage return".to_string(),
            Some(b'\t') => "a tab".to_string(),
            Some(c) if c.is_ascii_graphic() => format!("`{}`", c as char),
            Some(c) => format!("byte 0x{c:02x}"),
        }
    }

    /// Relaxed: skips the spaces and tabs here (never a line end). Strict: nothing.
    pub fn skip_whitespace(&mut self) {
        if !self.relaxed {
            return;
        }
        while matches!(self.peek(), Some(b' ' | b'\t')) {
            self.pos += 1;
        }
    }

    /// Relaxed: skips spaces and tabs and a `\r` before the line end, and says whether the line ends here.
    fn at_line_end(&mut self) -> bool {
        self.skip_whitespace();
        if self.relaxed && self.peek() == Some(b'\r') && self.data.get(self.pos + 1) == Some(&b'\n')
        {
            self.pos += 1;
        }
        self.peek() == Some(b'\n')
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
            let rest_of_line = self.pos;
            let line_over = self.at_line_end() || self.peek().is_none();
            self.pos = rest_of_line;
            if line_over {
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

    /// Strict: exactly one space separates two tokens. Relaxed: a run of spaces and tabs.
    #[allow(dead_code)] // only the validators with two values on a line
    pub fn space(&mut self) {
        let separator = match self.peek() {
            Some(b' ') => true,
            Some(b'\t') => self.relaxed,
            _ => false,
        };
        if !separator {
            let want = if self.relaxed {
                "a space or a tab"
            } else {
                "a single space"
            };
            self.fail(&format!("expected {want}, found {}", self.found()));
        }
        self.pos += 1;
        self.skip_whitespace();
    }

    /// Consumes one empty line if there is one here (relaxed: of spaces, tabs and a `\r`).
    #[allow(dead_code)] // only the validators whose cases are separated by empty lines
    pub fn blank_line(&mut self) {
        let start = self.pos;
        if self.at_line_end() {
            self.pos += 1;
            self.line += 1;
        } else {
            self.pos = start;
        }
    }

    /// The line ends here, with `\n` (relaxed: after spaces, tabs and a `\r`).
    pub fn newline(&mut self) {
        if !self.at_line_end() {
            self.fail(&format!("expected end of line, found {}", self.found()));
        }
        self.pos += 1;
        self.line += 1;
    }

    /// True when the input is over (relaxed: only whitespace is left, which is then consumed; otherwise only
    /// the spaces and tabs before the next token are).
    pub fn at_end(&mut self) -> bool {
        if self.relaxed && self.data[self.pos..].iter().all(u8::is_ascii_whitespace) {
            self.pos = self.data.len();
        }
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
