//! hdu1848 — Fibonacci again and again (HDOJ 1848), http://acm.hdu.edu.cn/showproblem.php?pid=1848
//!
//! Idea: each pile is a subtraction game with the Fibonacci numbers 1, 2, 3, 5, 8, ... as moves, and the three
//! piles are a sum of games, so the first player wins iff sg(m) ^ sg(n) ^ sg(p) != 0. The Grundy table for
//! 0..=1000 is built once per process by mex over at most 15 moves: O(1000 * 15), then O(1) per case.

use std::io::{self, Read, Write};

const MAX_PILE: usize = 1000;

/// Grundy numbers of one pile of 0..=MAX_PILE stones.
fn grundy_table() -> Vec<u8> {
    let mut moves = vec![1usize, 2];
    while moves[moves.len() - 1] + moves[moves.len() - 2] <= MAX_PILE {
        moves.push(moves[moves.len() - 1] + moves[moves.len() - 2]);
    }
    let mut sg = vec![0u8; MAX_PILE + 1];
    for x in 1..=MAX_PILE {
        // At most 15 moves, so the mex is at most 15 and fits a u32 bit set.
        let mut seen = 0u32;
        for &f in moves.iter().take_while(|&&f| f <= x) {
            seen |= 1 << sg[x - f];
        }
        sg[x] = seen.trailing_ones() as u8;
    }
    sg
}

fn solve(input: &str) -> String {
    let mut tokens = input
        .split_ascii_whitespace()
        .map(|t| t.parse::<usize>().expect("integer"));
    let sg = grundy_table();
    let mut out = String::new();
    while let (Some(m), Some(n), Some(p)) = (tokens.next(), tokens.next(), tokens.next()) {
        if m == 0 && n == 0 && p == 0 {
            break;
        }
        out.push_str(if sg[m] ^ sg[n] ^ sg[p] != 0 {
            "Fibo\n"
        } else {
            "Nacci\n"
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
    use super::{grundy_table, solve};

    #[test]
    fn samples() {
        assert_eq!(solve("1 1 1\n1 4 1\n0 0 0\n"), "Fibo\nNacci\n");
    }

    #[test]
    fn grundy_numbers_of_the_fibonacci_subtraction_game() {
        let sg = grundy_table();
        // mex by hand: sg(8) = mex{sg 7, 6, 5, 3, 0} = mex{3, 2, 1, 3, 0} = 4, sg(10) = mex{5, 4, 3, 1, 2} = 0.
        assert_eq!(
            sg[..20],
            [0, 1, 2, 3, 0, 1, 2, 3, 4, 5, 0, 1, 2, 3, 0, 1, 2, 3, 4, 5]
        );
        assert_eq!(sg.iter().max(), Some(&9));
    }

    #[test]
    fn stops_at_the_sentinel_and_at_early_eof() {
        assert_eq!(solve("1 1 1\r\n0 0 0\r\n4 1 1\r\n"), "Fibo\n");
        assert_eq!(solve("4 1 1 \n\n9 9 9\n2 2"), "Nacci\nFibo\n");
    }
}
