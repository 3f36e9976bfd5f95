//! nod1381 — 硬币游戏 (51nod 1381), http://www.51nod.com/Challenge/Problem.html#problemId=1381
//!
//! Idea: the coin's diameter covers a segment of length 2R; for an integer R it meets exactly 2R lines,
//! except when its centre lies on a line (2R + 1), which has probability 0. So the answer is 2R. O(T).
//! R <= 1e10 exceeds 32 bits: read and double it in u64 (2R <= 2e10); never print through a float.

use std::fmt::Write as _;
use std::io::{self, Read, Write};

fn solve(input: &str) -> String {
    let mut tokens = input
        .split_ascii_whitespace()
        .map(|t| t.parse::<u64>().expect("integer"));
    let cases = tokens.next().unwrap_or(0);
    let mut out = String::new();
    for r in tokens.take(cases as usize) {
        let _ = writeln!(out, "{}", 2 * r);
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
        assert_eq!(solve("1\n1\n"), "2\n");
    }

    #[test]
    fn beyond_32_bits() {
        assert_eq!(
            solve("4\n2147483648\n4294967296\n9999999999\n10000000000\n"),
            "4294967296\n8589934592\n19999999998\n20000000000\n"
        );
    }

    #[test]
    fn stops_at_the_count_and_at_eof() {
        assert_eq!(solve("2\r\n3\r\n\r\n5 \r\n7\r\n"), "6\n10\n");
        assert_eq!(solve("3\n1\n2"), "2\n4\n");
    }
}
