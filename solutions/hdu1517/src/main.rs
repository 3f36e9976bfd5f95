//! hdu1517 — A Multiplication Game (HDOJ 1517), http://acm.hdu.edu.cn/showproblem.php?pid=1517
//!
//! Idea: the player to move at p wins at once iff 9p >= n, and is lost iff even 2p cannot get out of that
//! zone, i.e. 18p >= n. So "need to reach n" reduces to "need to reach ceil(n / 18)" after a round of both
//! players, and Stan wins iff the reduced n is <= 9 (equivalently 18^k < n <= 9 * 18^k). O(log n) per case.
//! n < 4294967295 needs 64 bits (or u32); the reduction uses ceiling division in u64, never floor division.

use std::io::{self, Read, Write};

/// Does the first player win when the target is `n` (n >= 2)?
fn stan_wins(mut n: u64) -> bool {
    while n > 18 {
        n = (n + 17) / 18;
    }
    n <= 9
}

fn solve(input: &str) -> String {
    let mut out = String::new();
    for n in input
        .split_ascii_whitespace()
        .map(|t| t.parse::<u64>().expect("integer"))
    {
        out.push_str(if stan_wins(n) {
            "Stan wins.\n"
        } else {
            "Ollie wins.\n"
        });
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
    use super::{solve, stan_wins};

    #[test]
    fn samples() {
        assert_eq!(
            solve("162\n17\n34012226\n"),
            "Stan wins.\nOllie wins.\nStan wins.\n"
        );
    }

    #[test]
    fn stan_intervals_are_18_pow_k_exclusive_to_9_times_18_pow_k() {
        // [2, 9], [19, 162], [325, 2916], [5833, 52488]: the ends and the first values outside.
        for n in [2, 9, 19, 162, 325, 2916, 5833, 52488] {
            assert!(stan_wins(n), "{n}");
        }
        for n in [10, 18, 163, 324, 2917, 5832, 52489] {
            assert!(!stan_wins(n), "{n}");
        }
    }

    #[test]
    fn floor_division_would_get_163_to_167_wrong() {
        assert!((163..=167).all(|n| !stan_wins(n)));
    }

    #[test]
    fn largest_n_needs_more_than_32_signed_bits() {
        // 18^7 = 612220032 < 4294967294 <= 9 * 18^7 = 5509980288.
        assert_eq!(solve("4294967294 \r\n"), "Stan wins.\n");
    }
}
