//! numbers the cells from 1: a piece on cell K becomes a Nim heap of K + 1, so pieces on cell 0 count.

use std::io::{self, Read, Write};

fn main() {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input).expect("read stdin");
    let mut tokens = input
        .split_ascii_whitespace()
        .map(|t| t.parse::<u32>().expect("integer"));
    let mut out = String::new();
    while let Some(m) = tokens.next() {
        if m == 0 {
            break;
        }
        let cells: Vec<u32> = tokens.by_ref().take(m as usize).collect();
        let rabbit = cells.iter().fold(0, |acc, &k| acc ^ (k + 1)) != 0;
        out.push_str(if rabbit {
            "Rabbit Win!\n"
        } else {
            "Grass Win!\n"
        });
    }
    io::stdout()
        .write_all(out.as_bytes())
        .expect("write stdout");
}
