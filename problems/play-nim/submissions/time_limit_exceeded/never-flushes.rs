//! plays Bouton's strategy correctly, but writes its moves through a `BufWriter` that it never flushes:
//! the first move stays in the buffer, the judge waits for it, the program waits for the judge's reply, and
//! both wait forever (a deadlock: no CPU time is used, only wall-clock time).

use std::io::{self, BufRead, BufWriter, Write};

fn main() {
    let mut lines = io::stdin().lock().lines().map(|l| l.expect("read"));
    let mut out = BufWriter::new(io::stdout().lock());
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
            let i = piles
                .iter()
                .position(|&a| a ^ xor < a)
                .expect("a won position");
            let k = piles[i] - (piles[i] ^ xor);
            piles[i] -= k;
            writeln!(out, "{} {k}", i + 1).expect("write");
            let reply: Vec<u64> = lines
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
