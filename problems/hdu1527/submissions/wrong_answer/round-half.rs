//! rounds k * phi to the nearest integer ((int)(k * phi + 0.5)) instead of taking the floor; already wrong on the samples.

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
        out.push_str(if a == (k as f64 * phi + 0.5) as i64 {
            "0\n"
        } else {
            "1\n"
        });
    }
    io::stdout()
        .write_all(out.as_bytes())
        .expect("write stdout");
}
