//! wythoff-move checker, testlib protocol: `checker INPUT OUTPUT ANSWER`, exit 0 AC, 1 WA, 2 PE, 3 FAIL, one
//! line on stderr saying why. It decides every position itself, exactly: (a, b) with a <= b is lost iff
//! a = floor((b - a)·phi) = (k + isqrt(5k²)) / 2 with k = b - a, in u128 (5k² <= 5·10^36 < 2^128). It checks that
//! the printed position is reachable in one move and lost, so any winning move is accepted, not only the
//! jury's; the jury's answer is held to the same rules (FAIL when it is not).
//!
//! Output grammar, per case: `lose` | INT INT. A token that is neither, or output that ends early, is PE; a
//! well-formed answer that is wrong (not reachable, not lost, `lose` on a won position, a move on a lost one)
//! or anything after the last case is WA. Numbers of any length are read without panicking: one too large
//! for i128 is "huge" and can never be a pile size here.

use std::fmt;
use std::process::exit;

const AC: i32 = 0;
const WA: i32 = 1;
const PE: i32 = 2;
const FAIL: i32 = 3;

fn quit(code: i32, message: impl fmt::Display) -> ! {
    eprintln!("{message}");
    exit(code)
}

/// Whitespace-separated tokens of a file read as bytes (the output may not be UTF-8).
struct Tokens {
    data: Vec<u8>,
    pos: usize,
}

impl Tokens {
    fn open(path: &str, what: &str) -> Tokens {
        match std::fs::read(path) {
            Ok(data) => Tokens { data, pos: 0 },
            Err(e) => quit(FAIL, format!("cannot read the {what} file {path}: {e}")),
        }
    }

    fn next(&mut self) -> Option<&[u8]> {
        while self.pos < self.data.len() && self.data[self.pos].is_ascii_whitespace() {
            self.pos += 1;
        }
        let start = self.pos;
        while self.pos < self.data.len() && !self.data[self.pos].is_ascii_whitespace() {
            self.pos += 1;
        }
        (self.pos > start).then(|| &self.data[start..self.pos])
    }
}

/// A token for a message: lossy, escaped and cut short, so that garbage cannot flood or garble stderr.
fn show(token: &[u8]) -> String {
    let text: String = String::from_utf8_lossy(&token[..token.len().min(24)])
        .chars()
        .flat_map(char::escape_debug)
        .collect();
    if token.len() > 24 {
        format!("`{text}...`")
    } else {
        format!("`{text}`")
    }
}

/// An integer token: `-?[0-9]+`. `Some(None)` when it is well-formed but does not fit an i128.
fn integer(token: &[u8]) -> Option<Option<i128>> {
    let digits = token.strip_prefix(b"-").unwrap_or(token);
    if digits.is_empty() || !digits.iter().all(u8::is_ascii_digit) {
        return None;
    }
    // Only ASCII digits and a sign remain, so the text is valid UTF-8; parse fails only on overflow.
    Some(std::str::from_utf8(token).ok().and_then(|t| t.parse().ok()))
}

/// floor(sqrt(n)), exactly, by Newton's method on integers from a start above the root.
fn isqrt(n: u128) -> u128 {
    if n < 2 {
        return n;
    }
    let mut x = 1u128 << ((129 - n.leading_zeros()) / 2);
    loop {
        let y = (x + n / x) / 2;
        if y >= x {
            return x;
        }
        x = y;
    }
}

/// Whether (x, y), in either order, is a lost position. Piles <= 10^18, so 5k² fits u128.
fn is_lost(x: u64, y: u64) -> bool {
    let (a, b) = (u128::from(x.min(y)), u128::from(x.max(y)));
    let k = b - a;
    a == (k + isqrt(5 * k * k)) / 2
}

/// One answer to one case.
enum Answer {
    Lose,
    /// The two piles after the move, `None` where the number was too large for i128.
    Move(Option<i128>, Option<i128>),
}

/// Reads one answer; `Err` says why the text is malformed.
fn read_answer(tokens: &mut Tokens) -> Result<Answer, String> {
    let first = tokens
        .next()
        .ok_or("the output ended; expected `lose` or the two piles after a move")?;
    if first == b"lose" {
        return Ok(Answer::Lose);
    }
    let c = integer(first).ok_or_else(|| {
        format!(
            "expected `lose` or the first pile after a move, got {}",
            show(first)
        )
    })?;
    let second = tokens
        .next()
        .ok_or("the output ended after one pile; expected the second pile after the move")?;
    let d = integer(second).ok_or_else(|| {
        format!(
            "expected the second pile after the move, got {}",
            show(second)
        )
    })?;
    Ok(Answer::Move(c, d))
}

fn show_number(v: Option<i128>) -> String {
    v.map_or("a huge number".to_string(), |v| v.to_string())
}

/// `Ok` iff the answer is right for the position (x, y); `Err` says what is wrong with it.
fn judge(x: u64, y: u64, answer: &Answer) -> Result<(), String> {
    let lost = is_lost(x, y);
    let (c, d) = match answer {
        Answer::Lose if lost => return Ok(()),
        Answer::Lose => return Err(format!("({x}, {y}) is won but the answer is `lose`")),
        Answer::Move(..) if lost => {
            return Err(format!(
                "({x}, {y}) is lost, so the answer must be `lose`, not a move"
            ))
        }
        Answer::Move(c, d) => (*c, *d),
    };
    let pile = |v: Option<i128>, from: u64| match v {
        Some(v) if 0 <= v && v <= i128::from(from) => Ok(v as u64),
        _ => Err(format!(
            "({x}, {y}) -> ({}, {}): a pile cannot go from {from} to {}",
            show_number(c),
            show_number(d),
            show_number(v)
        )),
    };
    let (c, d) = (pile(c, x)?, pile(d, y)?);
    if (c, d) == (x, y) {
        return Err(format!("({x}, {y}) -> ({c}, {d}) takes nothing"));
    }
    if c != x && d != y && x - c != y - d {
        return Err(format!(
            "({x}, {y}) -> ({c}, {d}) takes {} and {}: from both piles the amounts must be equal",
            x - c,
            y - d
        ));
    }
    if !is_lost(c, d) {
        return Err(format!(
            "({x}, {y}) -> ({c}, {d}) is legal, but ({c}, {d}) is won for the opponent"
        ));
    }
    Ok(())
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.len() < 4 {
        quit(FAIL, "usage: checker INPUT OUTPUT ANSWER");
    }
    let mut input = Tokens::open(&args[1], "input");
    let mut output = Tokens::open(&args[2], "output");
    let mut answer = Tokens::open(&args[3], "answer");

    let mut number = |what: &str| -> u64 {
        match input
            .next()
            .and_then(|t| std::str::from_utf8(t).ok()?.parse().ok())
        {
            Some(v) => v,
            None => quit(FAIL, format!("the input is malformed: expected {what}")),
        }
    };
    let cases = number("the number of cases");
    for case in 1..=cases {
        let (x, y) = (number("a pile"), number("a pile"));
        if x > 1_000_000_000_000_000_000 || y > 1_000_000_000_000_000_000 {
            quit(
                FAIL,
                format!("the input is malformed: case {case}: a pile above 10^18"),
            );
        }
        let jury = read_answer(&mut answer)
            .unwrap_or_else(|e| quit(FAIL, format!("answer file, case {case}: {e}")));
        if let Err(e) = judge(x, y, &jury) {
            quit(FAIL, format!("answer file, case {case}: {e}"));
        }
        let got =
            read_answer(&mut output).unwrap_or_else(|e| quit(PE, format!("case {case}: {e}")));
        if let Err(e) = judge(x, y, &got) {
            quit(WA, format!("case {case}: {e}"));
        }
    }
    if let Some(extra) = answer.next() {
        quit(
            FAIL,
            format!(
                "answer file: extra token {} after the last case",
                show(extra)
            ),
        );
    }
    if let Some(extra) = output.next() {
        quit(
            WA,
            format!("extra output {} after the last case", show(extra)),
        );
    }
    quit(AC, format!("ok: {cases} cases"));
}
