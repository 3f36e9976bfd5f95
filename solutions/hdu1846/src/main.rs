//! hdu1846 — Brave Game (HDOJ 1846), http://acm.hdu.edu.cn/showproblem.php?pid=1846
//!
//! Idea: Bash game. A pile that is a multiple of m + 1 is lost for the player to move: whatever t in 1..=m
//! they take, the opponent takes m + 1 - t. So the first player wins iff n % (m + 1) != 0. O(1) per case.

use std::io::{self, Read, Write};

fn solve(input: &str) -> String {
    let mut tokens = input
        .split_ascii_whitespace()
        .map(|t| t.parse::<u64>().expect("integer"));
    let cases = tokens.next().unwrap_or(0);
    let mut out = String::new();
    for _ in 0..cases {
        let (Some(n), Some(m)) = (tokens.next(), tokens.next()) else {
            break;
        };
        out.push_str(if n % (m + 1) != 0 {
            "first\n"
        } else {
            "second\n"
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
    use super::solve;

    #[test]
    fn samples() {
        assert_eq!(solve("2\n23 2\n4 3\n"), "first\nsecond\n");
    }

    #[test]
    fn take_one_to_three_loses_on_multiples_of_four() {
        let got: String = (1..=8).map(|n| solve(&format!("1 {n} 3"))).collect();
        assert_eq!(
            got,
            "first\nfirst\nfirst\nsecond\nfirst\nfirst\nfirst\nsecond\n"
        );
    }

    #[test]
    fn whole_pile_when_m_at_least_n() {
        assert_eq!(solve("3\n1 1\n5 9\n1000 1000\n"), "first\nfirst\nfirst\n");
    }

    #[test]
    fn crlf_and_blank_lines() {
        assert_eq!(solve("2\r\n\r\n1000 999 \r\n 3\t1\r\n"), "second\nfirst\n");
    }
}
