//! treats it as a Bash game with moves 1..=3 (loses iff n % 4 == 0); the moves are powers of two, which make the multiples of 3 the losing piles.

use std::io::{self, Read, Write};

fn main() {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input).expect("read stdin");
    let mut out = String::new();
    for n in input
        .split_ascii_whitespace()
        .map(|t| t.parse::<u64>().expect("integer"))
    {
        out.push_str(if n % 4 == 0 { "Cici\n" } else { "Kiki\n" });
    }
    io::stdout()
        .write_all(out.as_bytes())
        .expect("write stdout");
}
