//! hdu1847 brute force: win/lose table for every pile size up to the largest in the input, trying every
//! move of 1, 2, 4, 8, ... cards that fits. O(N log N).

use std::io::{self, Read, Write};

fn main() {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input).expect("read stdin");
    let piles: Vec<usize> = input
        .split_ascii_whitespace()
        .map(|t| t.parse().expect("integer"))
        .collect();
    let n = piles.iter().copied().max().unwrap_or(0);
    // win[x]: the player to move with x cards left wins (0 cards: the previous player took the last one).
    let mut win = vec![false; n + 1];
    for x in 1..=n {
        let mut take = 1;
        while take <= x {
            if !win[x - take] {
                win[x] = true;
            }
            take *= 2;
        }
    }
    let mut out = String::new();
    for p in piles {
        out.push_str(if win[p] { "Kiki\n" } else { "Cici\n" });
    }
    io::stdout()
        .write_all(out.as_bytes())
        .expect("write stdout");
}
