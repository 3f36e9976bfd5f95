//! counts the 2R + 1 lines met when the centre lies on a line, an event of probability 0; the expectation is 2R.

use std::io::{self, Read, Write};

fn main() {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input).expect("read stdin");
    let mut tokens = input
        .split_ascii_whitespace()
        .map(|t| t.parse::<u64>().expect("integer"));
    let cases = tokens.next().unwrap_or(0);
    let mut out = String::new();
    for r in tokens.take(cases as usize) {
        out.push_str(&format!("{}\n", 2 * r + 1));
    }
    io::stdout()
        .write_all(out.as_bytes())
        .expect("write stdout");
}
