//! wythoff-move — Wythoff's game: a winning move (original problem, judged by a checker),
//! https://en.wikipedia.org/wiki/Wythoff%27s_game
//!
//! Idea: the lost positions are (L(k), L(k) + k) with L(k) = floor(k·phi) = (k + isqrt(5k²)) / 2, exact since
//! sqrt(5)·k is irrational for k >= 1. With a <= b and k = b - a: a = L(k) is lost; a > L(k) wins by taking
//! a - L(k) from both; a < L(k) wins by cutting b down to a's partner in the pair that contains a (every
//! number is in exactly one pair). The pair is found with j = floor(a/phi) + 1 (a = L(j), partner a + j) or
//! j = a - floor(a/phi) (a = L(j) + j, partner L(j)). O(1) per position, integers only.

use std::fmt::Write as _;
use std::io::{self, Read, Write};

/// floor(sqrt(n)), exactly, by Newton's method on integers: from a start above the root the steps decrease
/// strictly until they reach floor(sqrt(n)), where the next step no longer decreases.
fn isqrt(n: u128) -> u128 {
    if n < 2 {
        return n;
    }
    // 2^ceil(bits/2) > sqrt(n): a start above the root.
    let mut x = 1u128 << ((129 - n.leading_zeros()) / 2);
    loop {
        let y = (x + n / x) / 2;
        if y >= x {
            return x;
        }
        x = y;
    }
}

/// floor(k·phi). k <= 10^18, so 5k² <= 5·10^36 < 2^128 ≈ 3.4·10^38: u128 holds it; the result fits u64.
fn lower(k: u64) -> u64 {
    let k = u128::from(k);
    ((k + isqrt(5 * k * k)) / 2) as u64
}

/// floor(a/phi) = floor((sqrt(5a²) - a) / 2), since 1/phi = (sqrt(5) - 1) / 2 and floor(y/2) = floor(floor(y)/2).
fn over_phi(a: u64) -> u64 {
    let a = u128::from(a);
    ((isqrt(5 * a * a) - a) / 2) as u64
}

/// The winning move from (a, b) with a <= b, as the new sizes (c, d) of the piles that held a and b (c > d is
/// possible), or `None` when (a, b) is lost.
fn winning_move(a: u64, b: u64) -> Option<(u64, u64)> {
    let k = b - a;
    let cold = lower(k);
    if a == cold {
        return None;
    }
    if a > cold {
        // Same k, smaller a: take a - L(k) from both piles.
        return Some((cold, cold + k));
    }
    // a < L(k): a sits in a pair (L(j), L(j) + j) with j < k, as its smaller or its larger member.
    let f = over_phi(a);
    if lower(f + 1) == a {
        let j = f + 1;
        Some((a, a + j)) // a + j < a + k = b: cut the larger pile.
    } else {
        let j = a - f;
        Some((a, lower(j))) // L(j) < L(j) + j = a <= b: cut the larger pile below a.
    }
}

fn solve(input: &str) -> String {
    let mut tokens = input
        .split_ascii_whitespace()
        .map(|t| t.parse::<u64>().expect("integer"));
    let mut out = String::new();
    let cases = tokens.next().unwrap_or(0);
    for _ in 0..cases {
        let (Some(x), Some(y)) = (tokens.next(), tokens.next()) else {
            break;
        };
        let swapped = x > y;
        let (a, b) = if swapped { (y, x) } else { (x, y) };
        match winning_move(a, b) {
            // (c, d) replaces (a, b) member by member; print it in the input's order.
            Some((c, d)) if swapped => writeln!(out, "{d} {c}"),
            Some((c, d)) => writeln!(out, "{c} {d}"),
            None => writeln!(out, "lose"),
        }
        .expect("write to String");
    }
    out
}

fn main() {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input).expect("read stdin");
    io::stdout()
        .write_all(solve(&input).as_bytes())
        .expect("write stdout");
}

#[cfg(test)]
mod tests {
    use super::{isqrt, lower, solve};

    #[test]
    fn samples() {
        assert_eq!(
            solve("5\n2 1\n8 4\n4 7\n0 5\n1000000000000000000 1000000000000000000\n"),
            "lose\n7 4\nlose\n0 0\n0 0\n"
        );
    }

    #[test]
    fn isqrt_is_exact_at_squares_and_limits() {
        for r in [0u128, 1, 2, 3, 1_000_000_007, u128::from(u64::MAX)] {
            assert_eq!(isqrt(r * r), r);
            if r > 0 {
                assert_eq!(isqrt(r * r - 1), r - 1);
            }
        }
        let top = 5 * 10u128.pow(36);
        assert!(isqrt(top) * isqrt(top) <= top && (isqrt(top) + 1).pow(2) > top);
    }

    #[test]
    fn textbook_p_positions_lose_in_either_order() {
        let cold = [
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
        for (a, b) in cold {
            assert_eq!(
                solve(&format!("2\n{a} {b}\n{b} {a}\n")),
                "lose\nlose\n",
                "({a}, {b})"
            );
        }
    }

    /// Every position with piles up to 30: `lose` exactly on the pairs, otherwise a legal move to a pair.
    #[test]
    fn every_small_n_position_moves_to_a_lost_one() {
        let is_cold = |c: u64, d: u64| {
            let (c, d) = (c.min(d), c.max(d));
            lower(d - c) == c
        };
        for x in 0..=30u64 {
            for y in 0..=30u64 {
                let answer = solve(&format!("1\n{x} {y}\n"));
                if is_cold(x, y) {
                    assert_eq!(answer, "lose\n", "({x}, {y})");
                    continue;
                }
                let v: Vec<u64> = answer
                    .split_whitespace()
                    .map(|t| t.parse().unwrap())
                    .collect();
                let (c, d) = (v[0], v[1]);
                let legal =
                    c <= x && d <= y && (c, d) != (x, y) && (c == x || d == y || x - c == y - d);
                assert!(legal && is_cold(c, d), "({x}, {y}) -> ({c}, {d})");
            }
        }
    }

    #[test]
    fn exact_where_f64_golden_ratio_fails() {
        // k = 102334155: k·phi is within 1e-8 below an integer, and an f64 product rounds up.
        assert_eq!(
            solve("2\n165580140 267914295\n267914295 165580140\n"),
            "lose\nlose\n"
        );
        assert_eq!(solve("1\n165580141 267914296\n"), "165580140 267914295\n");
    }

    #[test]
    fn lost_positions_near_the_limit() {
        // k = 381966011250105152 is the largest k whose pair fits: (618033988749894848, 10^18) exactly.
        let k = 381_966_011_250_105_152u64;
        let a = lower(k);
        assert_eq!(
            (a, a + k),
            (618_033_988_749_894_848, 1_000_000_000_000_000_000)
        );
        assert!(lower(k + 1) + k + 1 > 1_000_000_000_000_000_000);
        assert_eq!(solve(&format!("1\n{} {a}\n", a + k)), "lose\n");
        assert_eq!(
            solve(&format!("1\n{} {}\n", a + 1, a + k + 1)),
            format!("{a} {}\n", a + k)
        );
    }
}
