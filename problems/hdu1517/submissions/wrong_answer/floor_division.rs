//! reduces n with floor division (`n /= 18`) instead of ceiling division, so e.g. 163..=167 flip.

use std::io::{self, Read, Write};

fn main() {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input).expect("read stdin");
    let mut out = String::new();
    for token in input.split_ascii_whitespace() {
        let mut n: u64 = token.parse().expect("integer");
        while n > 18 {
            n /= 18;
        }
        out.push_str(if n <= 9 {
            "Stan wins.\n"
        } else {
            "Ollie wins.\n"
        });
    }
    io::stdout()
        .write_all(out.as_bytes())
        .expect("write stdout");
}
