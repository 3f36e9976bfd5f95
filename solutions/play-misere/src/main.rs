//! play-misere — Play misère Nim (original interactive problem, the rules of HDOJ 1907),
//! https://en.wikipedia.org/wiki/Nim
//!
//! Idea: Bouton, with the misère twist. While two piles or more hold at least two stones, play plain Nim
//! (leave xor 0: a move to xor 0 never leaves exactly one such pile). Once one pile holds two or more, cut
//! it to 0 or 1 so that an odd number of 1-piles remains; with only 1-piles left, the opponent then takes
//! the last stone. O(n) per move; piles <= 10^18 < 2^60 fit in u64.

use std::io::{self, BufRead, Write};

/// A winning move (0-based pile, stones to take) when whoever takes the last stone loses, or `None` when
/// every move loses.
fn winning_move(piles: &[u64]) -> Option<(usize, u64)> {
    let ones = piles.iter().filter(|&&a| a == 1).count();
    let mut big = (0..piles.len()).filter(|&i| piles[i] >= 2);
    match (big.next(), big.next()) {
        // Only 1-piles: take one when their number is even, leaving an odd number.
        (None, _) if ones % 2 == 0 => piles.iter().position(|&a| a == 1).map(|i| (i, 1)),
        (None, _) => None,
        // Exactly one big pile: keep 1 of it when the 1-piles are even, none when they are odd.
        (Some(i), None) => Some((i, piles[i] - u64::from(ones % 2 == 0))),
        // Plain Nim: the pile holding the top bit of the xor goes down to a ^ xor.
        (Some(_), Some(_)) => {
            let xor = piles.iter().fold(0, |x, &a| x ^ a);
            let i = piles.iter().position(|&a| a ^ xor < a)?;
            Some((i, piles[i] - (piles[i] ^ xor)))
        }
    }
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
            // The judge's answer: its move `j t`, or `0 0` when it would have to take the last stone.
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

#[cfg(test)]
mod tests {
    use super::{play, winning_move};
    use std::collections::HashMap;

    #[test]
    fn sample_interaction() {
        let judge = "3\n3 3 5 1\n3 1\n2 1\n0 0\n2 1 1\n0 0\n1 7\n0 0\n";
        let mut moves = Vec::new();
        play(judge.as_bytes(), &mut moves).unwrap();
        assert_eq!(
            String::from_utf8(moves).unwrap(),
            "2 3\n1 1\n1 2\n1 1\n1 6\n"
        );
    }

    #[test]
    fn textbook_lost_positions() {
        // An odd number of 1-piles, or xor 0 with a pile of two or more.
        for piles in [
            &[1][..],
            &[1, 1, 1],
            &[1, 1, 1, 1, 1],
            &[2, 2],
            &[1, 2, 3],
            &[3, 5, 6],
            &[4, 4, 1, 1],
        ] {
            assert_eq!(winning_move(piles), None, "{piles:?}");
        }
    }

    #[test]
    fn textbook_won_positions_and_their_moves() {
        // Two 1-piles: take one and leave the last stone to the opponent.
        assert_eq!(winning_move(&[1, 1]), Some((0, 1)));
        // A single pile: keep one stone.
        assert_eq!(winning_move(&[7]), Some((0, 6)));
        // 3 5 1 (HDOJ 1907's sample): two big piles, so the Nim move: xor 7, the 5 goes down to 2.
        assert_eq!(winning_move(&[3, 5, 1]), Some((1, 3)));
        // 2 1: plain Nim would leave 1 1; misère empties the 2 and leaves one 1-pile.
        assert_eq!(winning_move(&[2, 1]), Some((0, 2)));
        // 5 1 1: keep one of the 5, leaving three 1-piles.
        assert_eq!(winning_move(&[5, 1, 1]), Some((0, 4)));
    }

    /// `true` iff the player to move wins from `piles` (sorted) when whoever takes the last stone loses.
    fn wins(piles: &[u64], memo: &mut HashMap<Vec<u64>, bool>) -> bool {
        if piles.iter().all(|&a| a == 0) {
            return true; // the opponent took the last stone
        }
        if let Some(&w) = memo.get(piles) {
            return w;
        }
        let mut result = false;
        for i in 0..piles.len() {
            for left in 0..piles[i] {
                let mut next = piles.to_vec();
                next[i] = left;
                next.sort_unstable();
                result |= !wins(&next, memo);
            }
        }
        memo.insert(piles.to_vec(), result);
        result
    }

    #[test]
    fn agrees_with_exhaustive_search_on_three_piles() {
        let mut memo = HashMap::new();
        for a in 0..7u64 {
            for b in 0..7 {
                for c in 0..7 {
                    let piles = [a, b, c];
                    if a + b + c == 0 {
                        continue;
                    }
                    let mut sorted = piles;
                    sorted.sort_unstable();
                    let won = wins(&sorted, &mut memo);
                    match winning_move(&piles) {
                        None => assert!(!won, "{piles:?}"),
                        Some((i, k)) => {
                            assert!(k >= 1 && k <= piles[i], "{piles:?}");
                            let mut after = piles;
                            after[i] -= k;
                            after.sort_unstable();
                            assert!(!wins(&after, &mut memo), "{piles:?}: ({i}, {k})");
                        }
                    }
                }
            }
        }
    }
}
