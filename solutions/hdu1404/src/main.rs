//! hdu1404 — Digital Deletions (HDOJ 1404), http://acm.hdu.edu.cn/showproblem.php?pid=1404
//!
//! Idea: a string with a leading 0 wins at once (erase that 0 and everything after it, emptying the string).
//! Strings without one are the numbers 1..10^6, and every move lowers the number, so one ascending pass marks
//! them: an unmarked number is lost (P), and it marks its predecessors, the numbers with one digit raised and
//! the ones equal to it followed by a 0 and any tail, as won. About 10^6 * 60 steps once, then O(1) per case.

use std::io::{self, Read, Write};

const LIMIT: usize = 1_000_000;

/// `wins[v]` for the digit string of v (no leading zero), 1 <= v < 10^6: does the player to move win?
fn winning_table() -> Vec<bool> {
    let mut wins = vec![false; LIMIT];
    for i in 1..LIMIT {
        if wins[i] {
            continue;
        }
        let len = i.to_string().len();
        let mut place = 1;
        for _ in 0..len {
            let digit = i / place % 10;
            for higher in digit + 1..=9 {
                wins[i + (higher - digit) * place] = true;
            }
            place *= 10;
        }
        // i, then a 0, then a tail of `tail` digits: erasing that 0 leads to i.
        for tail in 0..6usize.saturating_sub(len) {
            let base = i * 10usize.pow(tail as u32 + 1);
            for rest in 0..10usize.pow(tail as u32) {
                wins[base + rest] = true;
            }
        }
    }
    wins
}

fn solve(input: &str) -> String {
    let wins = winning_table();
    let mut out = String::new();
    for token in input.split_ascii_whitespace() {
        // Never parse the whole string as a number first: "01" and "1" are different positions.
        let first_wins = token.starts_with('0') || wins[token.parse::<usize>().expect("digits")];
        out.push_str(if first_wins { "Yes\n" } else { "No\n" });
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
    use super::{solve, winning_table};

    #[test]
    fn samples() {
        assert_eq!(solve("0\n00\n1\n20\n"), "Yes\nYes\nNo\nNo\n");
    }

    #[test]
    fn leading_zeros_win_at_once() {
        assert_eq!(solve("01\r\n000000 \r\n011111\r\n"), "Yes\nYes\nYes\n");
    }

    #[test]
    fn short_positions_by_hand() {
        // 1: only move to "0", which the opponent erases. 2..9: lower to 1. 10: erase the 0, leaving 1.
        // 11: both moves ("01", "10") leave a win. 12: lower to 11.
        assert_eq!(solve("1 2 9 10 11 12"), "No\nYes\nYes\nYes\nNo\nYes\n");
    }

    #[test]
    fn number_of_losing_positions() {
        assert_eq!(winning_table()[1..].iter().filter(|&&w| !w).count(), 79_644);
    }
}
