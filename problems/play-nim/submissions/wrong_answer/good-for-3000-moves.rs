//! play-nim, wrong: plays Bouton's strategy for its first 3000 moves of a game, then takes one stone from
//! the first non-empty pile. Against a judge that halved random piles the longest game took 2984 of its
//! moves and it won every test; a judge that picks the pile keeping the game longest makes games of 100
//! piles of 10^18 last over 5000 of its moves, and it loses them.

use std::io::{self, BufRead, Write};

/// A winning move (0-based pile, stones to take), or `None` when the xor is 0 and every move loses.
fn winning_move(piles: &[u64]) -> Option<(usize, u64)> {
    let xor = piles.iter().fold(0, |x, &a| x ^ a);
    // a ^ xor < a exactly when a holds the highest set bit of xor; some pile does when xor != 0.
    let i = piles.iter().position(|&a| a ^ xor < a)?;
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
        let mut moves = 0;
        loop {
            moves += 1;
            if moves > 3000 {
                // Past its horizon: one stone from the first non-empty pile, whatever the xor.
                let Some(i) = piles.iter().position(|&a| a > 0) else {
                    return Ok(());
                };
                piles[i] -= 1;
                writeln!(out, "{} 1", i + 1)?;
                out.flush()?;
                let (Some(j), Some(t)) = (judge.next(), judge.next()) else {
                    return Ok(());
                };
                if j == 0 {
                    break;
                }
                if let Some(pile) = piles.get_mut(j as usize - 1) {
                    *pile = pile.saturating_sub(t);
                }
                continue;
            }
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
