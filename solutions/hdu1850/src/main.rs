//! hdu1850 — Being a Good Boy in Spring Festival (HDOJ 1850), http://acm.hdu.edu.cn/showproblem.php?pid=1850
//!
//! Idea: Nim. With X the xor of all piles, the only winning move on pile i leaves N_i ^ X cards there, which is
//! legal iff N_i ^ X < N_i; count those piles (none when X = 0). O(M). N_i <= 10^6 < 2^20, so u32 is plenty.

use std::fmt::Write as _;
use std::io::{self, Read, Write};

fn solve(input: &str) -> String {
    let mut tokens = input
        .split_ascii_whitespace()
        .map(|t| t.parse::<u32>().expect("integer"));
    let mut out = String::new();
    while let Some(m) = tokens.next() {
        if m == 0 {
            break;
        }
        let piles: Vec<u32> = tokens.by_ref().take(m as usize).collect();
        if piles.len() < m as usize {
            break;
        }
        let xor = piles.iter().fold(0, |acc, &n| acc ^ n);
        let winning = piles.iter().filter(|&&n| n ^ xor < n).count();
        writeln!(out, "{winning}").expect("write to String");
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
        assert_eq!(solve("3\n5 7 9\n0\n"), "1\n");
    }

    #[test]
    fn textbook_nim_positions() {
        // (14, 21, 39): xor 60, only 39 -> 27 (take 12). (55, 81, 121): xor 31, whose top bit 16 is set in
        // all three piles: 121 -> 102 (take 19), and also 55 -> 40 and 81 -> 78.
        assert_eq!(solve("3\n14 21 39\n3\n55 81 121\n0\n"), "1\n3\n");
    }

    #[test]
    fn losing_positions_count_zero() {
        assert_eq!(
            solve("2\n7 7\n3\n1 2 3\n4\n1000000 1000000 5 5\n0\n"),
            "0\n0\n0\n"
        );
    }
}
