//! hdu1527 — 取石子游戏 (HDOJ 1527), http://acm.hdu.edu.cn/showproblem.php?pid=1527
//!
//! Idea: Wythoff's game. With a <= b and k = b - a, the player to move loses iff a = floor(k * phi),
//! and floor(k * phi) = (k + floor(sqrt(5 k^2))) / 2 exactly, because sqrt(5) k is irrational for k >= 1.
//! O(1) per line. All integer: 5 k^2 <= 5e18 < 2^63 fits in u64, where an f64 phi misjudges 14 positions.

use std::io::{self, Read, Write};

/// floor(sqrt(n)) for n <= 5e18: the f64 estimate is off by a few units at most, then fixed exactly.
/// The root is below 2.3e9, so (r + 1)^2 cannot overflow u64.
fn isqrt(n: u64) -> u64 {
    let mut r = (n as f64).sqrt() as u64;
    while r * r > n {
        r -= 1;
    }
    while (r + 1) * (r + 1) <= n {
        r += 1;
    }
    r
}

fn solve(input: &str) -> String {
    let mut tokens = input
        .split_ascii_whitespace()
        .map(|t| t.parse::<u64>().expect("integer"));
    let mut out = String::new();
    while let (Some(x), Some(y)) = (tokens.next(), tokens.next()) {
        let (a, b) = (x.min(y), x.max(y));
        let k = b - a;
        let cold = a == (k + isqrt(5 * k * k)) / 2;
        out.push_str(if cold { "0\n" } else { "1\n" });
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
    use super::solve;

    #[test]
    fn samples() {
        assert_eq!(solve("2 1\n8 4\n4 7\n"), "0\n1\n0\n");
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
                solve(&format!("{a} {b}\n{b} {a}\n")),
                "0\n0\n",
                "({a}, {b})"
            );
        }
    }

    #[test]
    fn every_other_small_position_wins() {
        let cold = [(0, 0), (1, 2), (3, 5), (4, 7), (6, 10), (8, 13), (9, 15)];
        for a in 0..=15u64 {
            for b in a..=15 {
                let expected = if cold.contains(&(a, b)) { "0\n" } else { "1\n" };
                assert_eq!(solve(&format!("{a} {b}")), expected, "({a}, {b})");
            }
        }
    }

    #[test]
    fn exact_where_f64_golden_ratio_fails() {
        // k = 102334155 and 370248451: k * phi is within 1e-8 of an integer, f64 rounds up.
        assert_eq!(solve("165580140 267914295\n"), "0\n");
        assert_eq!(solve("165580141 267914296\n"), "1\n");
        assert_eq!(solve("599074577 969323028\n"), "0\n");
        assert_eq!(solve("599074578 969323029\n"), "1\n");
    }

    #[test]
    fn limits_and_ragged_whitespace() {
        assert_eq!(
            solve("1000000000 1000000000\r\n\r\n0   1000000000 \r\n0 0\r\n"),
            "1\n1\n0\n"
        );
    }
}
