//! right game theory, wrong output spelling: prints `First` / `Second` instead of lowercase.

use std::io::{self, Read, Write};

fn main() {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input).expect("read stdin");
    let mut tokens = input
        .split_ascii_whitespace()
        .map(|t| t.parse::<u64>().expect("integer"));
    let cases = tokens.next().unwrap_or(0);
    let mut out = String::new();
    for _ in 0..cases {
        let (Some(n), Some(m)) = (tokens.next(), tokens.next()) else {
            break;
        };
        out.push_str(if n % (m + 1) != 0 {
            "First\n"
        } else {
            "Second\n"
        });
    }
    io::stdout()
        .write_all(out.as_bytes())
        .expect("write stdout");
}
