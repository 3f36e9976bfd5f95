//! acwing891 — Nim游戏 (AcWing 891), https://www.acwing.com/problem/content/893/
//!
//! Idea: Bouton's theorem: the first player wins iff the XOR of the pile sizes is non-zero. O(n) over one read of
//! the whole input. Piles are at most 10^9 < 2^30, so u32 holds every XOR.

use std::io::{self, Read, Write};

fn solve(input: &str) -> String {
    let mut tokens = input
        .split_ascii_whitespace()
        .map(|t| t.parse::<u32>().expect("integer"));
    let n = tokens.next().unwrap_or(0);
    let xor = tokens.take(n as usize).fold(0, |acc, pile| acc ^ pile);
    (if xor != 0 { "Yes\n" } else { "No\n" }).to_string()
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
        assert_eq!(solve("2\n2 3\n"), "Yes\n");
    }

    #[test]
    fn textbook_positions() {
        // Equal piles are lost; (14, 21, 39) and (55, 81, 121) are won (take 12 from 39, 19 from 121);
        // (1, 2, 3) is lost.
        assert_eq!(solve("2\n7 7\n"), "No\n");
        assert_eq!(solve("3\n14 21 39\n"), "Yes\n");
        assert_eq!(solve("3\n14 21 27\n"), "No\n");
        assert_eq!(solve("3\n55 81 121\n"), "Yes\n");
        assert_eq!(solve("3\n55 81 102\n"), "No\n");
        assert_eq!(solve("3\n1 2 3\n"), "No\n");
    }

    #[test]
    fn normal_play_not_misere() {
        assert_eq!(solve("1\n1\n"), "Yes\n");
        assert_eq!(solve("2\r\n1 1 \r\n\r\n"), "No\n");
    }
}
