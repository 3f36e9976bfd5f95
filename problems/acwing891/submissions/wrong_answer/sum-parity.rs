//! decides by the parity of the total number of stones, as if every move took exactly one stone.

use std::io::{self, Read, Write};

fn main() {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input).expect("read stdin");
    let mut tokens = input
        .split_ascii_whitespace()
        .map(|t| t.parse::<u64>().expect("integer"));
    let n = tokens.next().unwrap_or(0) as usize;
    let total: u64 = tokens.take(n).sum();
    let answer = if total % 2 == 1 { "Yes\n" } else { "No\n" };
    io::stdout()
        .write_all(answer.as_bytes())
        .expect("write stdout");
}
