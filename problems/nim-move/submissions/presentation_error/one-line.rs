//! nim-move, presentation error: the right answers, all on one line (separated by single spaces) instead of
//! one line per position.

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
                write!(out, "{} {} ", i + 1, a - (a ^ xor)).expect("write to String");
            }
            None => out.push_str("lose "),
        }
    }
    out.pop();
    out.push('\n');
    out
}

fn main() {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input).expect("read stdin");
    io::stdout()
        .write_all(solve(&input).as_bytes())
        .expect("write stdout");
}
