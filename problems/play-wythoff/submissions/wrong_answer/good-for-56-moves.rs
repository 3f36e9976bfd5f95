//! play-wythoff, wrong: plays Wythoff's game exactly for its first 56 moves of a game, then takes one stone
//! from a non-empty pile. Against a judge that halved a pile of a random kind the longest game took 52 of
//! its moves and it won every test; a judge that searches for the move keeping the game longest makes
//! games from piles near 10^18 last 61 of its moves (one more than the bits of the bigger pile), and it
//! loses them.

use std::io::{self, BufRead, Write};

/// floor(sqrt(n)), exactly: Newton's method on integers, started above the root so that it decreases to it.
fn isqrt(n: u128) -> u128 {
    if n < 2 {
        return n;
    }
    // 2^ceil(bits / 2) > sqrt(n), with bits = 128 - leading zeros.
    let mut x = 1u128 << (64 - n.leading_zeros() / 2);
    loop {
        let y = (x + n / x) / 2;
        if y >= x {
            return x;
        }
        x = y;
    }
}

/// floor(k φ) = (k + isqrt(5 k^2)) / 2, as floor((k + x) / 2) = floor((k + floor(x)) / 2) for integer k.
fn lower(k: u64) -> u64 {
    let k = u128::from(k);
    ((k + isqrt(5 * k * k)) / 2) as u64
}

/// The other pile of the lost pair containing `a`: a + j when a = floor(j φ), floor(j φ) when a =
/// floor(j φ) + j (every a >= 1 is exactly one of them: the two are complementary Beatty sequences).
fn partner(a: u64) -> u64 {
    if a == 0 {
        return 0;
    }
    let wide = u128::from(a);
    // floor(a / φ) = (isqrt(5 a^2) - a) / 2: j is next to it in the first case, next to a - it in the second.
    let j0 = ((isqrt(5 * wide * wide) - wide) / 2) as u64;
    if let Some(j) = (j0.saturating_sub(2)..=j0 + 2).find(|&j| lower(j) == a) {
        return a + j;
    }
    let j1 = a - j0;
    let j = (j1.saturating_sub(2)..=j1 + 2)
        .find(|&j| j >= 1 && lower(j) + j == a)
        .expect("a is in one of the two Beatty sequences");
    lower(j)
}

/// A winning move `(x, y)` — take x from the first pile and y from the second — or `None` when lost.
fn winning_move(a: u64, b: u64) -> Option<(u64, u64)> {
    let (small, big) = (a.min(b), a.max(b));
    let f = lower(big - small);
    let (from_small, from_big) = if small > f {
        // Both piles down to (f, f + k): the difference k stays.
        (small - f, small - f)
    } else if small == f {
        return None;
    } else {
        // Keep the smaller pile; its partner is below the bigger one.
        (0, big - partner(small))
    };
    Some(if a <= b {
        (from_small, from_big)
    } else {
        (from_big, from_small)
    })
}

/// Plays every game: reads the judge a line at a time and flushes each move.
fn play(input: impl BufRead, mut out: impl Write) -> io::Result<()> {
    let mut judge = Judge::new(input);
    let Some(games) = judge.next() else {
        return Ok(());
    };
    for _ in 0..games {
        let (Some(mut a), Some(mut b)) = (judge.next(), judge.next()) else {
            return Ok(());
        };
        let mut moves = 0;
        loop {
            moves += 1;
            // Past its horizon, one stone from a non-empty pile, whatever the position.
            let stone = if a > 0 { (1, 0) } else { (0, 1) };
            let (x, y) = if moves > 56 {
                stone
            } else {
                winning_move(a, b).unwrap_or(stone)
            };
            a -= x;
            b -= y;
            writeln!(out, "{x} {y}")?;
            out.flush()?;
            // The judge's answer: its move `x y`, or `0 0` when we took the last stones.
            let (Some(x), Some(y)) = (judge.next(), judge.next()) else {
                return Ok(());
            };
            if (x, y) == (0, 0) {
                break;
            }
            a = a.saturating_sub(x);
            b = b.saturating_sub(y);
        }
    }
    Ok(())
}

/// The judge's numbers, read one line at a time: never waits for input that is not needed yet.
struct Judge<R> {
    input: R,
    pending: Vec<u64>,
}

impl<R: BufRead> Judge<R> {
    fn new(input: R) -> Self {
        Judge {
            input,
            pending: Vec::new(),
        }
    }

    /// The next number, or `None` once the judge's output has ended.
    fn next(&mut self) -> Option<u64> {
        while self.pending.is_empty() {
            let mut line = String::new();
            if self.input.read_line(&mut line).ok()? == 0 {
                return None;
            }
            self.pending = line
                .split_ascii_whitespace()
                .rev()
                .map(|t| t.parse().expect("integer"))
                .collect();
        }
        self.pending.pop()
    }
}

fn main() {
    play(io::stdin().lock(), io::stdout().lock()).expect("write to the judge");
}
