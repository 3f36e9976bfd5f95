//! play-nim — Play Nim (original interactive problem), https://en.wikipedia.org/wiki/Nim
//!
//! Idea: Bouton. The player to move loses iff the xor X of the piles is 0. From X != 0 the pile holding X's
//! highest set bit has a ^ X < a, and leaving a ^ X there makes the xor 0 again; every judge move breaks
//! it. O(n) per move. Piles are <= 10^18 < 2^60, so u64 holds every pile and every xor.

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

#[cfg(test)]
mod tests {
    use super::{play, winning_move};

    #[test]
    fn sample_interaction() {
        let judge = "3\n3 3 4 5\n1 1\n3 2\n2 1\n2 1\n0 0\n2 7 3\n2 2\n1 1\n0 0\n1 10\n0 0\n";
        let mut moves = Vec::new();
        play(judge.as_bytes(), &mut moves).unwrap();
        assert_eq!(
            String::from_utf8(moves).unwrap(),
            "1 2\n3 1\n2 2\n3 1\n3 1\n1 4\n1 2\n2 1\n1 10\n"
        );
    }

    #[test]
    fn textbook_p_positions_have_no_winning_move() {
        for piles in [
            &[1, 1][..],
            &[1, 2, 3],
            &[4, 5, 6, 7],
            &[0],
            &[5, 9, 12],
            &[1, 4, 5],
        ] {
            assert_eq!(winning_move(piles), None, "{piles:?}");
        }
    }

    #[test]
    fn the_move_is_legal_and_leaves_xor_zero() {
        let cases: [&[u64]; 6] = [
            &[3, 4, 5],
            &[5, 4, 2],
            &[10],
            &[1, 1, 1],
            &[1_000_000_000_000_000_000, 999_999_999_999_999_999],
            &[0, 0, 7, 0],
        ];
        for piles in cases {
            let (i, k) = winning_move(piles).expect("a won position");
            assert!(k >= 1 && k <= piles[i], "{piles:?}: ({i}, {k})");
            let mut after = piles.to_vec();
            after[i] -= k;
            assert_eq!(after.iter().fold(0, |x, &a| x ^ a), 0, "{piles:?}");
        }
    }

    #[test]
    fn the_pile_with_the_top_bit_is_played_not_the_largest() {
        // 5 ^ 4 ^ 2 = 3: only the 2 holds bit 1; it goes down to 1.
        assert_eq!(winning_move(&[5, 4, 2]), Some((2, 1)));
        assert_eq!(winning_move(&[3, 4, 5]), Some((0, 2)));
    }

    #[test]
    fn every_small_won_position_gets_a_winning_move() {
        for a in 0..8u64 {
            for b in 0..8 {
                for c in 0..8 {
                    let piles = [a, b, c];
                    match winning_move(&piles) {
                        None => assert_eq!(a ^ b ^ c, 0),
                        Some((i, k)) => {
                            let mut after = piles;
                            assert!(k >= 1 && k <= after[i]);
                            after[i] -= k;
                            assert_eq!(after[0] ^ after[1] ^ after[2], 0);
                        }
                    }
                }
            }
        }
    }
}
