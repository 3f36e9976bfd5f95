//! plays Bouton's strategy but keeps the piles in u32, as if they were small: parsing a pile above
//! 4294967295 panics, and the program dies in the middle of the exchange.

use std::io::{self, BufRead, Write};

fn main() {
    let mut lines = io::stdin().lock().lines().map(|l| l.expect("read"));
    let mut out = io::stdout().lock();
    let games: usize = lines.next().expect("G").trim().parse().expect("G");
    for _ in 0..games {
        let line = lines.next().expect("position");
        let mut piles: Vec<u32> = line
            .split_ascii_whitespace()
            .skip(1)
            .map(|t| t.parse().expect("pile fits in u32"))
            .collect();
        loop {
            let xor = piles.iter().fold(0, |x, &a| x ^ a);
            let i = piles
                .iter()
                .position(|&a| a ^ xor < a)
                .expect("a won position");
            let k = piles[i] - (piles[i] ^ xor);
            piles[i] -= k;
            writeln!(out, "{} {k}", i + 1).expect("write");
            out.flush().expect("flush");
            let reply: Vec<u32> = lines
                .next()
                .expect("reply")
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
