//! plays plain Nim (leave xor 0) as if the last stone won. Under the misère rule that is right only
//! while two piles hold two stones or more: once a single pile holds two or more, the Nim move cuts it to
//! the xor of the 1-piles and leaves an even number of 1-piles, a won position for the judge (from 2 1 it
//! leaves 1 1); with one big pile and no 1-pile it takes the last stone itself.

use std::io::{self, BufRead, Write};

fn main() {
    let mut lines = io::stdin().lock().lines().map(|l| l.expect("read"));
    let mut out = io::stdout().lock();
    let games: usize = lines.next().expect("G").trim().parse().expect("G");
    for _ in 0..games {
        let line = lines.next().expect("position");
        let mut piles: Vec<u64> = line
            .split_ascii_whitespace()
            .skip(1)
            .map(|t| t.parse().expect("pile"))
            .collect();
        loop {
            let xor = piles.iter().fold(0, |x, &a| x ^ a);
            let (i, k) = match piles.iter().position(|&a| a ^ xor < a) {
                Some(i) => (i, piles[i] - (piles[i] ^ xor)),
                None => (piles.iter().position(|&a| a > 0).expect("a stone"), 1),
            };
            piles[i] -= k;
            writeln!(out, "{} {k}", i + 1).expect("write");
            out.flush().expect("flush");
            let Some(reply) = lines.next() else {
                return; // the judge has stopped: the game was lost
            };
            let reply: Vec<u64> = reply
                .split_ascii_whitespace()
                .map(|t| t.parse().expect("integer"))
                .collect();
            if reply[0] == 0 {
                break;
            }
            piles[reply[0] as usize - 1] -= reply[1];
        }
    }
}
