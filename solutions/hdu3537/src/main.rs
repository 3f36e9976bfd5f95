//! hdu3537 — Daizhenyang's Coin (HDOJ 3537), http://acm.hdu.edu.cn/showproblem.php?pid=3537
//!
//! Idea: Mock Turtles. A lone head at x has Grundy value 2x or 2x + 1, whichever is odious (odd popcount).
//! A coin listed twice is still one head, so sort and dedup, then XOR; `Yes` (first player loses) iff 0.
//! O(n log n) per case. Positions are below 1e8, so Grundy values stay below 2^28 and fit in u32.

use std::io::{self, Read, Write};

fn grundy(x: u32) -> u32 {
    2 * x + u32::from(x.count_ones() % 2 == 0)
}

fn solve(input: &str) -> String {
    let mut tokens = input
        .split_ascii_whitespace()
        .map(|t| t.parse::<u32>().expect("integer"));
    let mut out = String::new();
    let mut heads = Vec::new();
    while let Some(n) = tokens.next() {
        heads.clear();
        heads.extend(tokens.by_ref().take(n as usize));
        if heads.len() < n as usize {
            break;
        }
        heads.sort_unstable();
        heads.dedup();
        let sum = heads.iter().fold(0, |acc, &x| acc ^ grundy(x));
        out.push_str(if sum == 0 { "Yes\n" } else { "No\n" });
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
    use super::{grundy, solve};

    #[test]
    fn samples() {
        assert_eq!(solve("0\n1\n0\n4\n0 1 2 3\n"), "Yes\nNo\nYes\n");
    }

    #[test]
    fn mock_turtles_grundy_values() {
        let got: Vec<u32> = (0..15).map(grundy).collect();
        assert_eq!(got, [1, 2, 4, 7, 8, 11, 13, 14, 16, 19, 21, 22, 25, 26, 28]);
    }

    #[test]
    fn repeated_coins_are_one_head() {
        assert_eq!(solve("2\n0 0\n"), "No\n");
        assert_eq!(solve("5\n0 0 1 2 3\n"), "Yes\n");
        assert_eq!(solve("3\n7 7 7\n"), "No\n");
    }

    #[test]
    fn empty_case_at_eof_and_truncated_case() {
        assert_eq!(solve("1\n5\n0\n"), "No\nYes\n");
        assert_eq!(solve("0\r\n\r\n2\r\n1 2 \r\n3\n1 2"), "Yes\nNo\n");
    }

    #[test]
    fn largest_positions() {
        // 99999999 has 19 ones (odious), 99999998 has 18 (evil): g = 2x and 2x + 1.
        assert_eq!(grundy(99_999_999), 199_999_998);
        assert_eq!(grundy(99_999_998), 199_999_997);
        assert_eq!(solve("2\n99999999 99999998\n"), "No\n");
    }
}
