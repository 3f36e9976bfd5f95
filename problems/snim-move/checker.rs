//! snim-move checker, testlib protocol: `checker INPUT OUTPUT ANSWER`, exit 0 AC, 1 WA, 2 PE, 3 FAIL, one line
//! on stderr saying why. For every test set it builds the Grundy table of S itself (sg(x) = mex of sg(x - s),
//! s in S, s <= x), decides each position (lost iff the xor of sg over its heaps is 0), and applies the
//! contestant's move to the input, so any winning move is accepted, not only the jury's. The jury's answer is
//! held to the same rules (FAIL when it is not).
//!
//! Output grammar, one answer per position: `lose` | INT INT. A token that is neither, or output that ends
//! early, is PE; a well-formed answer that is wrong (no such heap, a count not in S or above the heap, a
//! non-zero xor left, `lose` on a won position, a move on a lost one) or anything after the last position is
//! WA. Numbers of any length are read without panicking: one too large for i128 is "huge".

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

/// sg(x) for x = 0..=top under the subtraction set `set` (any order). At most |S| <= 100 values are
/// reachable from any x, so every sg value is at most 100.
fn grundy(set: &[usize], top: usize) -> Vec<usize> {
    let mut sg = vec![0; top + 1];
    for x in 0..=top {
        let mut reachable = vec![false; set.len() + 1];
        for &s in set {
            if s <= x && sg[x - s] <= set.len() {
                reachable[sg[x - s]] = true;
            }
        }
        sg[x] = reachable.iter().position(|&r| !r).unwrap_or(set.len() + 1);
    }
    sg
}

/// One answer to one position.
enum Answer {
    Lose,
    /// Heap index (1-based) and bead count, `None` where the number was too large for i128.
    Move(Option<i128>, Option<i128>),
}

/// Reads one answer; `Err` says why the text is malformed.
fn read_answer(tokens: &mut Tokens) -> Result<Answer, String> {
    let first = tokens
        .next()
        .ok_or("the output ended; expected `lose` or a move `i s`")?;
    if first == b"lose" {
        return Ok(Answer::Lose);
    }
    let i = integer(first)
        .ok_or_else(|| format!("expected `lose` or a heap index, got {}", show(first)))?;
    let second = tokens
        .next()
        .ok_or("the output ended after a heap index; expected a number of beads")?;
    let s = integer(second)
        .ok_or_else(|| format!("expected a number of beads, got {}", show(second)))?;
    Ok(Answer::Move(i, s))
}

fn show_number(v: Option<i128>) -> String {
    v.map_or("a huge number".to_string(), |v| v.to_string())
}

/// `Ok` iff the answer is right for `heaps` under `set` with Grundy table `sg`; `Err` says what is wrong.
fn judge(set: &[usize], sg: &[usize], heaps: &[usize], answer: &Answer) -> Result<(), String> {
    let xor = heaps.iter().fold(0, |acc, &h| acc ^ sg[h]);
    let (i, s) = match (answer, xor) {
        (Answer::Lose, 0) => return Ok(()),
        (Answer::Lose, _) => {
            return Err(format!(
                "the position is won (Grundy xor {xor}) but the answer is `lose`"
            ))
        }
        (Answer::Move(..), 0) => {
            return Err(
                "the position is lost (Grundy xor 0), so the answer must be `lose`, not a move"
                    .into(),
            )
        }
        (Answer::Move(i, s), _) => (*i, *s),
    };
    let heap = match i {
        Some(i) if 1 <= i && i <= heaps.len() as i128 => i as usize,
        _ => {
            return Err(format!(
                "heap {} does not exist (there are {} heaps)",
                show_number(i),
                heaps.len()
            ))
        }
    };
    let h = heaps[heap - 1];
    let s = match s {
        Some(s) if set.iter().any(|&e| e as i128 == s) => s as usize,
        _ => return Err(format!("{} is not in S", show_number(s))),
    };
    if s > h {
        return Err(format!("heap {heap} has {h} beads, cannot remove {s}"));
    }
    let left = xor ^ sg[h] ^ sg[h - s];
    if left != 0 {
        return Err(format!(
            "removing {s} from heap {heap} ({h} -> {}, Grundy {} -> {}) leaves Grundy xor {left}, not 0",
            h - s,
            sg[h],
            sg[h - s]
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

    // Every number of the input, checked against the statement's bounds (which also bound the work here).
    let mut number = |what: &str, lo: usize, hi: usize| -> usize {
        match input
            .next()
            .and_then(|t| std::str::from_utf8(t).ok()?.parse().ok())
        {
            Some(v) if lo <= v && v <= hi => v,
            _ => quit(
                FAIL,
                format!("the input is malformed: expected {what} in {lo}..={hi}"),
            ),
        }
    };
    let sets = number("the number of test sets", 1, 20);
    let mut case = 0;
    for set_no in 1..=sets {
        let k = number("k", 1, 100);
        let set: Vec<usize> = (0..k)
            .map(|_| number("an element of S", 1, 10000))
            .collect();
        let m = number("m", 1, 100);
        let positions: Vec<Vec<usize>> = (0..m)
            .map(|_| {
                let l = number("l", 1, 100);
                (0..l).map(|_| number("a heap", 0, 10000)).collect()
            })
            .collect();
        let top = positions.iter().flatten().copied().max().unwrap_or(0);
        let sg = grundy(&set, top);
        for (p, heaps) in positions.iter().enumerate() {
            case += 1;
            let at = format!("case {case} (test set {set_no}, position {})", p + 1);
            let jury = read_answer(&mut answer)
                .unwrap_or_else(|e| quit(FAIL, format!("answer file, {at}: {e}")));
            if let Err(e) = judge(&set, &sg, heaps, &jury) {
                quit(FAIL, format!("answer file, {at}: {e}"));
            }
            let got = read_answer(&mut output).unwrap_or_else(|e| quit(PE, format!("{at}: {e}")));
            if let Err(e) = judge(&set, &sg, heaps, &got) {
                quit(WA, format!("{at}: {e}"));
            }
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
    quit(AC, format!("ok: {case} cases"));
}
