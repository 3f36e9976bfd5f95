//! nim-move checker, testlib protocol: `checker INPUT OUTPUT ANSWER`, exit 0 AC, 1 WA, 2 PE, 3 FAIL, one line
//! on stderr saying why. It decides every position itself (lost iff the xor of the piles is 0) and applies
//! the contestant's move to the input, so any winning move is accepted, not only the jury's. The jury's
//! answer is held to the same rules: a jury `lose` on a won position, or a jury move that is illegal or does
//! not win, is FAIL.
//!
//! Output grammar, per case: `lose` | INT INT. A token that is neither, or output that ends early, is PE;
//! a well-formed answer that is wrong (bad pile, bad count, xor left non-zero, `lose` on a won position, a
//! move on a lost one) or anything after the last case is WA. Numbers of any length are read without
//! panicking: one too large for i128 is "huge" and can never be a legal pile index or stone count.

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

/// One answer to one case.
enum Answer {
    Lose,
    /// Pile index (1-based) and stone count, `None` where the number was too large for i128.
    Move(Option<i128>, Option<i128>),
}

/// Reads one answer; `Err` says why the text is malformed.
fn read_answer(tokens: &mut Tokens) -> Result<Answer, String> {
    let first = tokens
        .next()
        .ok_or("the output ended; expected `lose` or a move `i k`")?;
    if first == b"lose" {
        return Ok(Answer::Lose);
    }
    let i = integer(first)
        .ok_or_else(|| format!("expected `lose` or a pile index, got {}", show(first)))?;
    let second = tokens
        .next()
        .ok_or("the output ended after a pile index; expected a stone count")?;
    let k =
        integer(second).ok_or_else(|| format!("expected a stone count, got {}", show(second)))?;
    Ok(Answer::Move(i, k))
}

fn show_number(v: Option<i128>) -> String {
    v.map_or("a huge number".to_string(), |v| v.to_string())
}

/// `Ok` iff the answer is right for `piles` (xor `xor`); `Err` says what is wrong with it.
fn judge(piles: &[u64], xor: u64, answer: &Answer) -> Result<(), String> {
    let (i, k) = match (answer, xor) {
        (Answer::Lose, 0) => return Ok(()),
        (Answer::Lose, _) => {
            return Err(format!(
                "the position is won (xor {xor}) but the answer is `lose`"
            ))
        }
        (Answer::Move(..), 0) => {
            return Err(
                "the position is lost (xor 0), so the answer must be `lose`, not a move".into(),
            )
        }
        (Answer::Move(i, k), _) => (*i, *k),
    };
    let pile = match i {
        Some(i) if 1 <= i && i <= piles.len() as i128 => i as usize,
        _ => {
            return Err(format!(
                "pile {} does not exist (there are {} piles)",
                show_number(i),
                piles.len()
            ))
        }
    };
    let a = piles[pile - 1];
    let k = match k {
        Some(k) if 1 <= k && k <= i128::from(a) => k as u64,
        Some(k) if k < 1 => return Err(format!("must take at least 1 stone, not {k}")),
        _ => {
            return Err(format!(
                "pile {pile} has {a} stones, cannot take {}",
                show_number(k)
            ))
        }
    };
    let left = xor ^ a ^ (a - k);
    if left != 0 {
        return Err(format!(
            "taking {k} from pile {pile} ({a} -> {}) leaves xor {left}, not 0",
            a - k
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
        let n = number("a pile count");
        let piles: Vec<u64> = (0..n).map(|_| number("a pile")).collect();
        let xor = piles.iter().fold(0, |acc, &a| acc ^ a);

        let jury = read_answer(&mut answer)
            .unwrap_or_else(|e| quit(FAIL, format!("answer file, case {case}: {e}")));
        if let Err(e) = judge(&piles, xor, &jury) {
            quit(FAIL, format!("answer file, case {case}: {e}"));
        }
        let got =
            read_answer(&mut output).unwrap_or_else(|e| quit(PE, format!("case {case}: {e}")));
        if let Err(e) = judge(&piles, xor, &got) {
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
