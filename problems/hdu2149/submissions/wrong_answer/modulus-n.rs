//! Bash game with the wrong period: uses M % N instead of M % (N + 1) when N < M.

use std::io::{self, Read, Write};

fn main() {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input).expect("read stdin");
    let mut tokens = input
        .split_ascii_whitespace()
        .map(|t| t.parse::<u32>().expect("integer"));
    let mut out = String::new();
    while let (Some(m), Some(n)) = (tokens.next(), tokens.next()) {
        if n >= m {
            let bids: Vec<String> = (m..=n).map(|b| b.to_string()).collect();
            out.push_str(&bids.join(" "));
            out.push('\n');
        } else if m % n == 0 {
            out.push_str("none\n");
        } else {
            out.push_str(&format!("{}\n", m % n));
        }
    }
    io::stdout()
        .write_all(out.as_bytes())
        .expect("write stdout");
}
