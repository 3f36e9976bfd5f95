//! Input validator for play-wythoff, the test file the interactor reads: a seed, `G`, then `G` lines
//! `a b`.
//!
//! Exits 42 when stdin is a valid input, otherwise 43 with one line on stderr naming the line and the fault.
//! `--relaxed` (first argument): the same lines, but spaces and tabs may surround and separate the tokens
//! on a line, lines may end in `\r\n` and blank lines may follow the last one; values, ranges, counts and
//! the line structure are still checked.

#[path = "../.shared/validate.rs"]
mod reader;

use reader::Reader;

const MAX_STONES: u64 = 1_000_000_000_000_000_000;

/// floor(sqrt(n)), exactly: Newton's method on integers, started above the root.
fn isqrt(n: u128) -> u128 {
    if n < 2 {
        return n;
    }
    let mut x = 1u128 << (64 - n.leading_zeros() / 2);
    loop {
        let y = (x + n / x) / 2;
        if y >= x {
            return x;
        }
        x = y;
    }
}

/// The lost positions are (floor(k φ), floor(k φ) + k); floor(k φ) = (k + isqrt(5 k^2)) / 2, and for
/// k <= 10^18, 5 k^2 < 2^123 fits in a u128.
fn lost(a: u64, b: u64) -> bool {
    let (small, big) = (a.min(b), a.max(b));
    let k = u128::from(big - small);
    u128::from(small) == (k + isqrt(5 * k * k)) / 2
}

fn main() {
    let mut r = Reader::from_stdin();
    let games = r.games_header(100);
    for g in 1..=games {
        let a = r.int("a", 0, MAX_STONES);
        r.space();
        let b = r.int("b", 0, MAX_STONES);
        if lost(a, b) {
            r.fail(&format!("game {g} ({a} {b}) is lost for the first player"));
        }
        r.newline();
    }
    r.finish();
}
