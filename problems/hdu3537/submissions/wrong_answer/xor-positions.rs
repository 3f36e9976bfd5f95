//! plays it as Nim on the positions (XOR of the distinct positions), forgetting that Mock Turtles needs Grundy values 2x or 2x + 1; a single head at 0 becomes a loss.

use std::io::{self, Read, Write};

fn main() {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input).expect("read stdin");
    let mut tokens = input
        .split_ascii_whitespace()
        .map(|t| t.parse::<u32>().expect("integer"));
    let mut out = String::new();
    while let Some(n) = tokens.next() {
        let mut heads: Vec<u32> = tokens.by_ref().take(n as usize).collect();
        heads.sort_unstable();
        heads.dedup();
        let sum = heads.iter().fold(0, |acc, &x| acc ^ x);
        out.push_str(if sum == 0 { "Yes\n" } else { "No\n" });
    }
    io::stdout()
        .write_all(out.as_bytes())
        .expect("write stdout");
}
