//! counts single steps: Rabbit wins iff the total distance to cell 0 is odd, ignoring longer moves.

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
        let rabbit = cells.iter().sum::<u32>() % 2 == 1;
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
