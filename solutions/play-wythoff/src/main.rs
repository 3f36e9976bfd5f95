//! play-wythoff — Play Wythoff's game (original interactive problem), https://en.wikipedia.org/wiki/Wythoff%27s_game
//!
//! Idea: with a <= b and k = b - a, the player to move loses iff a = floor(k φ) (Wythoff). Since k φ =
//! (k + sqrt(5 k^2)) / 2, floor(k φ) = (k + isqrt(5 k^2)) / 2 exactly, in u128 (5 k^2 < 2^123 for k <=
//! 10^18); no floating point, which misjudges piles this large. From a won position: if a > floor(k φ),
//! take a - floor(k φ) from both; otherwise shrink b to the partner of a in its lost pair (a + j when a =
//! floor(j φ), floor(j φ) when a = floor(j φ) + j). O(log) per move.

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
        loop {
            // A lost position never happens against the judge; one stone from a pile is still legal.
            let (x, y) = winning_move(a, b).unwrap_or(if a > 0 { (1, 0) } else { (0, 1) });
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

#[cfg(test)]
mod tests {
    use super::{isqrt, lower, play, winning_move};

    #[test]
    fn sample_interaction() {
        let judge = "3\n4 6\n2 2\n0 1\n0 0\n10 3\n2 2\n1 1\n0 0\n2 2\n0 0\n";
        let mut moves = Vec::new();
        play(judge.as_bytes(), &mut moves).unwrap();
        assert_eq!(
            String::from_utf8(moves).unwrap(),
            "1 1\n0 1\n1 1\n5 0\n1 0\n1 0\n2 2\n"
        );
    }

    #[test]
    fn isqrt_is_exact_around_squares() {
        for r in [
            0u128,
            1,
            2,
            3,
            1 << 20,
            999_999_999_999,
            (1 << 62) - 1,
            1 << 62,
            2_236_067_977_499_789_696,
        ] {
            assert_eq!(isqrt(r * r), r);
            if r > 0 {
                assert_eq!(isqrt(r * r - 1), r - 1);
            }
            assert_eq!(isqrt(r * r + 2 * r), r);
        }
        assert_eq!(isqrt(u128::MAX), u128::from(u64::MAX));
    }

    #[test]
    fn textbook_lost_pairs() {
        let pairs = [
            (0, 0),
            (1, 2),
            (3, 5),
            (4, 7),
            (6, 10),
            (8, 13),
            (9, 15),
            (11, 18),
            (12, 20),
        ];
        for (k, &(a, b)) in pairs.iter().enumerate() {
            assert_eq!(lower(k as u64), a);
            assert_eq!(winning_move(a, b), None, "({a} {b})");
            assert_eq!(winning_move(b, a), None, "({b} {a})");
        }
    }

    #[test]
    fn huge_piles_use_the_exact_golden_ratio() {
        // floor(k φ) for k = 10^17: an f64 φ is off here.
        let k = 100_000_000_000_000_000;
        let f = lower(k);
        assert_eq!(f, 161_803_398_874_989_484);
        assert_eq!(winning_move(f, f + k), None);
        assert_eq!(winning_move(f + 1, f + k + 1), Some((1, 1)));
        assert_eq!(winning_move(f + k + 5, f), Some((5, 0)));
    }

    #[test]
    fn agrees_with_a_table_of_wins() {
        const N: usize = 120;
        // win[a][b]: the player to move wins from (a, b).
        let mut win = vec![vec![false; N]; N];
        for a in 0..N {
            for b in 0..N {
                let from_a = (1..=a).any(|x| !win[a - x][b]);
                let from_b = (1..=b).any(|y| !win[a][b - y]);
                let from_both = (1..=a.min(b)).any(|d| !win[a - d][b - d]);
                win[a][b] = from_a || from_b || from_both;
                match winning_move(a as u64, b as u64) {
                    None => assert!(!win[a][b], "({a} {b})"),
                    Some((x, y)) => {
                        let (x, y) = (x as usize, y as usize);
                        assert!((x > 0 || y > 0) && (x == 0 || y == 0 || x == y));
                        assert!(x <= a && y <= b, "({a} {b}): ({x} {y})");
                        assert!(!win[a - x][b - y], "({a} {b}): ({x} {y})");
                    }
                }
            }
        }
    }
}
