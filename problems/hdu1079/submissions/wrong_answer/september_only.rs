//! keeps the Sept 30 exception but forgets Nov 30 (from which Dec 1 keeps the odd parity).

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
        let (Some(_), Some(m), Some(d)) = (tokens.next(), tokens.next(), tokens.next()) else {
            break;
        };
        let win = (m + d) % 2 == 0 || (m, d) == (9, 30);
        out.push_str(if win { "YES\n" } else { "NO\n" });
    }
    io::stdout()
        .write_all(out.as_bytes())
        .expect("write stdout");
}
