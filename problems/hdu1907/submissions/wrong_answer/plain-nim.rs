//! plays normal Nim (xor != 0 wins) on a misère game; wrong whenever every pile is 1.

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
        let xor = tokens.by_ref().take(n).fold(0, |acc, a| acc ^ a);
        out.push_str(if xor != 0 { "John\n" } else { "Brother\n" });
    }
    io::stdout()
        .write_all(out.as_bytes())
        .expect("write stdout");
}
