//! plays plain Nim (xor of the pile sizes), as if any number of stones could be taken.

use std::io::{self, Read, Write};

fn main() {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input).expect("read stdin");
    let mut tokens = input
        .split_ascii_whitespace()
        .map(|t| t.parse::<u32>().expect("integer"));
    let mut out = String::new();
    while let (Some(m), Some(n), Some(p)) = (tokens.next(), tokens.next(), tokens.next()) {
        if m == 0 && n == 0 && p == 0 {
            break;
        }
        out.push_str(if m ^ n ^ p != 0 { "Fibo\n" } else { "Nacci\n" });
    }
    io::stdout()
        .write_all(out.as_bytes())
        .expect("write stdout");
}
