//! confuses the target with the xor: shrinks the first pile larger than X = xor of all piles down to X
//! itself instead of to a ^ X. The move is legal but leaves xor a, never 0.

use std::io::{self, Read, Write};

fn main() {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input).expect("read stdin");
    let mut tokens = input
        .split_ascii_whitespace()
        .map(|t| t.parse::<u64>().expect("integer"));
    let mut out = String::new();
    let cases = tokens.next().expect("T");
    for _ in 0..cases {
        let n = tokens.next().expect("n") as usize;
        let piles: Vec<u64> = tokens.by_ref().take(n).collect();
        let x = piles.iter().fold(0, |acc, &a| acc ^ a);
        match piles.iter().position(|&a| x != 0 && a > x) {
            Some(i) => out.push_str(&format!("{} {}\n", i + 1, piles[i] - x)),
            None => out.push_str("lose\n"),
        }
    }
    io::stdout()
        .write_all(out.as_bytes())
        .expect("write stdout");
}
