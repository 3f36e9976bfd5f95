//! play-nim, accepted: Bouton's strategy, choosing among the winning moves the one that lowers its pile's
//! bit length the most (the judge's long games count on keeping bit lengths): games end sooner than the
//! reference solution's, and it still wins them all. Its longest game measures how long a game the judge
//! can force on any winning player.

use std::io::{self, BufRead, Write};

/// A winning move (0-based pile, stones to take), or `None` when the xor is 0 and every move loses.
fn winning_move(piles: &[u64]) -> Option<(usize, u64)> {
    let xor = piles.iter().fold(0, |x, &a| x ^ a);
    // a ^ xor < a exactly when a holds the highest set bit of xor; some pile does when xor != 0.
    // Of the piles holding that bit, the one whose answer drops the most bits: the quickest finish.
    let bits = |a: u64| 64 - a.leading_zeros();
    let i = (0..piles.len())
        .filter(|&i| piles[i] ^ xor < piles[i])
        .max_by_key(|&i| (bits(piles[i]) - bits(piles[i] ^ xor), std::cmp::Reverse(i)))?;
    Some((i, piles[i] - (piles[i] ^ xor)))
}

/// Plays every game: reads the judge a line at a time and flushes each move.
fn play(input: impl BufRead, mut out: impl Write) -> io::Result<()> {
    let mut judge = Judge::new(input);
    let Some(games) = judge.next() else {
        return Ok(());
    };
    for _ in 0..games {
        let Some(n) = judge.next() else {
            return Ok(());
        };
        let mut piles: Vec<u64> = (0..n).map_while(|_| judge.next()).collect();
        loop {
            // Never happens against the judge, which hands out won positions only; still a legal move.
            let fallback = || piles.iter().position(|&a| a > 0).map(|i| (i, 1));
            let Some((i, k)) = winning_move(&piles).or_else(fallback) else {
                return Ok(());
            };
            piles[i] -= k;
            writeln!(out, "{} {k}", i + 1)?;
            out.flush()?;
            // The judge's answer: its move `j t`, or `0 0` when we took the last stone.
            let (Some(j), Some(t)) = (judge.next(), judge.next()) else {
                return Ok(());
            };
            if j == 0 {
                break;
            }
            if let Some(pile) = piles.get_mut(j as usize - 1) {
                *pile = pile.saturating_sub(t);
            }
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
