//! reads one pile and stops, instead of reading test cases until the end of the input.

use std::io::{self, Read, Write};

fn main() {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input).expect("read stdin");
    let n: u64 = input
        .split_ascii_whitespace()
        .next()
        .map_or(0, |t| t.parse().expect("integer"));
    let answer = if n % 3 == 0 { "Cici\n" } else { "Kiki\n" };
    io::stdout()
        .write_all(answer.as_bytes())
        .expect("write stdout");
}
