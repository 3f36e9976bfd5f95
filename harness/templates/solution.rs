//! {ID} — {TITLE} ({JUDGE} {NUMBER}), {URL}
//!
//! Idea: TODO, in two or three lines, with the complexity.

use std::fmt::Write as _;
use std::io::{self, Read, Write};

fn solve(input: &str) -> String {
    let mut tokens = input.split_ascii_whitespace();
    let mut out = String::new();
    while let Some(token) = tokens.next() {
        let _ = token;
        todo!("parse a case and write its answer into `out`");
    }
    let _ = writeln!(out);
    out
}

fn main() {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input).expect("read stdin");
    io::stdout().write_all(solve(&input).as_bytes()).expect("write stdout");
}

#[cfg(test)]
mod tests {
    use super::solve;

    #[test]
    fn samples() {
        assert_eq!(solve("TODO sample input"), "TODO sample output\n");
    }
}
