//! applies the misère Nim rule (a lone pile of one stone loses) to a normal-play Nim problem.

use std::io::{self, Read, Write};

fn main() {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input).expect("read stdin");
    let mut tokens = input
        .split_ascii_whitespace()
        .map(|t| t.parse::<u32>().expect("integer"));
    let n = tokens.next().unwrap_or(0) as usize;
    let piles: Vec<u32> = tokens.take(n).collect();
    let xor = piles.iter().fold(0, |a, &p| a ^ p);
    let big = piles.iter().any(|&p| p > 1);
    let answer = if (xor != 0) == big { "Yes\n" } else { "No\n" };
    io::stdout()
        .write_all(answer.as_bytes())
        .expect("write stdout");
}
