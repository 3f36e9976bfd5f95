//! play-bash — Play the Bash game (original interactive problem), https://en.wikipedia.org/wiki/Subtraction_game
//!
//! Idea: one pile, a move takes 1..=m stones. The player to move loses iff the stones left are a multiple
//! of m + 1: every move from a multiple leaves a non-multiple, and from a non-multiple taking the remainder
//! n mod (m + 1) leaves a multiple. O(1) per move; m + 1 <= 10^18 + 1 fits in u64.

use std::io::{self, BufRead, Write};

/// The winning move (stones to take) with `n` stones left, or `None` when every move loses.
fn winning_move(n: u64, m: u64) -> Option<u64> {
    match n % (m + 1) {
        0 => None,
        r => Some(r),
    }
}

/// Plays every game: reads the judge a line at a time and flushes each move.
fn play(input: impl BufRead, mut out: impl Write) -> io::Result<()> {
    let mut judge = Judge::new(input);
    let Some(games) = judge.next() else {
        return Ok(());
    };
    for _ in 0..games {
        let (Some(mut n), Some(m)) = (judge.next(), judge.next()) else {
            return Ok(());
        };
        loop {
            // A lost position never happens against the judge; taking one stone is still legal.
            let k = winning_move(n, m).unwrap_or(1);
            n -= k;
            writeln!(out, "{k}")?;
            out.flush()?;
            // The judge's answer: its move, or 0 when we took the last stone.
            match judge.next() {
                None => return Ok(()),
                Some(0) => break,
                Some(t) => n = n.saturating_sub(t),
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
        let judge = "3\n10 3\n3\n2\n0\n7 7\n0\n21 4\n\
                     4\n2\n2\n1\n0\n";
        let mut moves = Vec::new();
        play(judge.as_bytes(), &mut moves).unwrap();
        assert_eq!(
            String::from_utf8(moves).unwrap(),
            "2\n1\n2\n7\n1\n1\n3\n3\n\
            4\n"
        );
    }

    #[test]
    fn multiples_of_m_plus_one_are_lost() {
        for (n, m) in [
            (4, 3),
            (8, 3),
            (2, 1),
            (10, 1),
            (11, 10),
            (1_000_000_000_000_000_000, 999_999),
        ] {
            assert_eq!(winning_move(n, m), None, "{n} {m}");
        }
    }

    #[test]
    fn the_move_leaves_a_multiple_of_m_plus_one() {
        assert_eq!(winning_move(10, 3), Some(2));
        assert_eq!(winning_move(3, 3), Some(3));
        assert_eq!(winning_move(1, 1_000_000_000_000_000_000), Some(1));
        assert_eq!(
            winning_move(1_000_000_000_000_000_000, 1_000_000_000_000_000_000),
            Some(1_000_000_000_000_000_000)
        );
        for n in 1..60 {
            for m in 1..8 {
                if let Some(k) = winning_move(n, m) {
                    assert!(k >= 1 && k <= m && k <= n);
                    assert_eq!((n - k) % (m + 1), 0);
                }
            }
        }
    }

    #[test]
    fn agrees_with_a_table_of_wins() {
        for m in 1..8u64 {
            // win[x]: the player to move with x stones left wins.
            let mut win = [false; 80];
            for x in 1..win.len() {
                win[x] = (1..=m.min(x as u64)).any(|k| !win[x - k as usize]);
                assert_eq!(winning_move(x as u64, m).is_some(), win[x], "{x} {m}");
            }
        }
    }
}
