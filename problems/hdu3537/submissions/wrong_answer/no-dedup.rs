//! XORs the Mock Turtles Grundy value of every listed position without removing repeats, so a coin named twice cancels out instead of counting once.

use std::io::{self, Read, Write};

fn grundy(x: u32) -> u32 {
    2 * x + u32::from(x.count_ones() % 2 == 0)
}

fn main() {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input).expect("read stdin");
    let mut tokens = input
        .split_ascii_whitespace()
        .map(|t| t.parse::<u32>().expect("integer"));
    let mut out = String::new();
    while let Some(n) = tokens.next() {
        let heads: Vec<u32> = tokens.by_ref().take(n as usize).collect();
        let sum = heads.iter().fold(0, |acc, &x| acc ^ grundy(x));
        out.push_str(if sum == 0 { "Yes\n" } else { "No\n" });
    }
    io::stdout()
        .write_all(out.as_bytes())
        .expect("write stdout");
}
