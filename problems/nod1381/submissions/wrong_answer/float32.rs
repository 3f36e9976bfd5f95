//! computes the expectation in single-precision floating point and prints its integer part; f32 keeps only 24 bits, so large radii come out rounded.

use std::io::{self, Read, Write};

fn main() {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input).expect("read stdin");
    let mut tokens = input.split_ascii_whitespace();
    let cases: usize = tokens.next().map_or(0, |t| t.parse().expect("integer"));
    let mut out = String::new();
    for t in tokens.take(cases) {
        let r: f32 = t.parse().expect("number");
        out.push_str(&format!("{}\n", (2.0 * r).floor() as u64));
    }
    io::stdout()
        .write_all(out.as_bytes())
        .expect("write stdout");
}
