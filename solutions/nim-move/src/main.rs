//! nim-move — Nim: a winning move (original problem, judged by a checker), https://en.wikipedia.org/wiki/Nim
//!
//! Idea: Bouton. With X the xor of all piles, the position is lost iff X = 0. Otherwise the pile holding X's
//! highest set bit satisfies a ^ X < a, and leaving a ^ X there makes the xor 0: take a - (a ^ X) stones.
//! O(n) per position. Piles are <= 10^18 < 2^60, so u64 holds every pile, every xor and every difference.

use std::fmt::Write as _;
use std::io::{self, Read, Write};

fn solve(input: &str) -> String {
    let mut tokens = input
        .split_ascii_whitespace()
        .map(|t| t.parse::<u64>().expect("integer"));
    let mut out = String::new();
    let cases = tokens.next().unwrap_or(0);
    for _ in 0..cases {
        let Some(n) = tokens.next() else { break };
        let piles: Vec<u64> = tokens.by_ref().take(n as usize).collect();
        let xor = piles.iter().fold(0, |acc, &a| acc ^ a);
        // a ^ xor < a exactly when a has the highest set bit of xor; some pile has it when xor != 0.
        match piles.iter().position(|&a| a ^ xor < a) {
            Some(i) => {
                let a = piles[i];
                writeln!(out, "{} {}", i + 1, a - (a ^ xor)).expect("write to String");
            }
            None => out.push_str("lose\n"),
        }
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
        assert_eq!(
            solve(
                "5\n3\n3 4 5\n2\n7 7\n1\n10\n3\n1 1 1\n\
                 2\n1000000000000000000 999999999999999999\n"
            ),
            "1 2\nlose\n1 10\n1 1\n1 1\n"
        );
    }

    /// Applies the printed move and returns the xor left behind.
    fn xor_after(piles: &[u64], answer: &str) -> u64 {
        let mut piles = piles.to_vec();
        let mut parts = answer.split_ascii_whitespace();
        let i: usize = parts.next().unwrap().parse().unwrap();
        let k: u64 = parts.next().unwrap().parse().unwrap();
        assert!(i >= 1 && i <= piles.len() && k >= 1 && k <= piles[i - 1]);
        piles[i - 1] -= k;
        piles.iter().fold(0, |acc, &a| acc ^ a)
    }

    #[test]
    fn textbook_p_positions_lose() {
        for piles in ["1 1", "1 2 3", "4 5 6 7", "0", "0 0 0", "5 9 12", "1 4 5"] {
            let n = piles.split_ascii_whitespace().count();
            assert_eq!(solve(&format!("1\n{n}\n{piles}\n")), "lose\n", "{piles}");
        }
    }

    #[test]
    fn every_small_n_position_gets_a_move_to_xor_zero() {
        for a in 0..8u64 {
            for b in 0..8 {
                for c in 0..8 {
                    let answer = solve(&format!("1\n3\n{a} {b} {c}\n"));
                    if a ^ b ^ c == 0 {
                        assert_eq!(answer, "lose\n");
                    } else {
                        assert_eq!(xor_after(&[a, b, c], &answer), 0, "{a} {b} {c}");
                    }
                }
            }
        }
    }

    #[test]
    fn the_pile_with_the_top_bit_not_the_largest() {
        // xor 3: only 2 has bit 1; 5 and 4 would have to grow.
        assert_eq!(solve("1\n3\n5 4 2\n"), "3 1\n");
        // A single non-empty pile is taken whole, even when it comes last.
        assert_eq!(solve("1\n4\n0 0 0 9\n"), "4 9\n");
    }

    #[test]
    fn limits_and_ragged_whitespace() {
        let big = 1_000_000_000_000_000_000u64;
        assert_eq!(
            solve(&format!("2\r\n1\r\n{big}\r\n\r\n3 {big}\t{big} 1 \r\n")),
            format!("1 {big}\n3 1\n")
        );
    }
}
