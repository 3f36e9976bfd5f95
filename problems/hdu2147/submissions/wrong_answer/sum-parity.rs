//! guesses "kiki loses iff n + m is even", which misjudges boards with both sides even.

use std::io::{self, Read, Write};

fn main() {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input).expect("read stdin");
    let mut tokens = input
        .split_ascii_whitespace()
        .map(|t| t.parse::<u32>().expect("integer"));
    let mut out = String::new();
    while let (Some(n), Some(m)) = (tokens.next(), tokens.next()) {
        if n == 0 && m == 0 {
            break;
        }
        out.push_str(if (n + m) % 2 == 0 {
            "What a pity!\n"
        } else {
            "Wonderful!\n"
        });
    }
    io::stdout()
        .write_all(out.as_bytes())
        .expect("write stdout");
}
