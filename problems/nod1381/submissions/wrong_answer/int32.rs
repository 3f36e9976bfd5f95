//! keeps R in a 32-bit int, as `int r; scanf("%d", &r); printf("%d", 2 * r)` would: R above 2^31 is truncated and 2R wraps.

use std::io::{self, Read, Write};

fn main() {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input).expect("read stdin");
    let mut tokens = input
        .split_ascii_whitespace()
        .map(|t| t.parse::<i64>().expect("integer") as i32);
    let cases = tokens.next().unwrap_or(0);
    let mut out = String::new();
    for r in tokens.take(cases as usize) {
        out.push_str(&format!("{}\n", r.wrapping_mul(2)));
    }
    io::stdout()
        .write_all(out.as_bytes())
        .expect("write stdout");
}
