//! reads n into a signed 32-bit integer, but n goes up to 4294967294 (the parse panics).

use std::io::{self, Read, Write};

fn main() {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input).expect("read stdin");
    let mut out = String::new();
    for token in input.split_ascii_whitespace() {
        let mut n: i32 = token.parse().expect("integer");
        while n > 18 {
            n = (n + 17) / 18;
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
