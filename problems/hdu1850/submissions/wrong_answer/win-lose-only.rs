//! answers whether the first player wins (1 / 0) instead of counting the winning first moves.

use std::io::{self, Read, Write};

fn main() {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input).expect("read stdin");
    let mut tokens = input
        .split_ascii_whitespace()
        .map(|t| t.parse::<u32>().expect("integer"));
    let mut out = String::new();
    while let Some(m) = tokens.next() {
        if m == 0 {
            break;
        }
        let piles: Vec<u32> = tokens.by_ref().take(m as usize).collect();
        let xor = piles.iter().fold(0, |acc, &n| acc ^ n);
        let answer = usize::from(xor != 0);
        out.push_str(&format!("{answer}\n"));
    }
    io::stdout()
        .write_all(out.as_bytes())
        .expect("write stdout");
}
