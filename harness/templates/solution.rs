//! {ID} — {TITLE} ({JUDGE} {NUMBER}), {URL}
//!
//! Idea: TODO, in two or three lines, with the complexity.

use std::io::{self, Read, Write};

fn solve(input: &str) -> String {
    let tokens: Vec<&str> = input.split_ascii_whitespace().collect();
    todo!(
        "parse the {} tokens of the input and return the whole output",
        tokens.len()
    )
}

fn main() {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input).expect("read stdin");
    io::stdout()
        .write_all(solve(&input).as_bytes())
        .expect("write stdout");
}

#[cfg(test)]
mod tests {
    use super::solve;

    #[test]
    fn samples() {
        assert_eq!(
            solve("TODO: the statement's sample input"),
            "TODO: its output\n"
        );
    }
}
