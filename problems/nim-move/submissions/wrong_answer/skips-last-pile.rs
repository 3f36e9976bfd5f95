//! off by one: looks for the pile holding the xor's highest bit among piles 1..n-1 only, and says `lose`
//! when it is not found there, so a won position whose only winning pile is the last (a single pile, say)
//! is called lost.

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
        let mut answer = "lose".to_string();
        for (i, &a) in piles.iter().enumerate().take(n - 1) {
            if a ^ x < a {
                answer = format!("{} {}", i + 1, a - (a ^ x));
                break;
            }
        }
        out.push_str(&answer);
        out.push('\n');
    }
    io::stdout()
        .write_all(out.as_bytes())
        .expect("write stdout");
}
