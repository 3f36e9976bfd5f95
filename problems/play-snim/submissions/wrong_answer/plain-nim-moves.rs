//! ignores S and plays plain Nim on the heap sizes: it takes h - (h ^ X) beads, X the xor of the heaps,
//! a count that is usually not in S (or a heap of xor 0 makes it take 1 from the first heap): an illegal
//! move.

use std::io::{self, BufRead, Write};

fn main() {
    let mut lines = io::stdin().lock().lines().map(|l| l.expect("read"));
    let mut out = io::stdout().lock();
    let games: usize = lines.next().expect("G").trim().parse().expect("G");
    for _ in 0..games {
        let _set = lines.next().expect("S");
        let mut heaps: Vec<u64> = lines
            .next()
            .expect("heaps")
            .split_ascii_whitespace()
            .skip(1)
            .map(|t| t.parse().expect("heap"))
            .collect();
        loop {
            let xor = heaps.iter().fold(0, |x, &h| x ^ h);
            let (i, k) = match heaps.iter().position(|&h| h ^ xor < h) {
                Some(i) => (i, heaps[i] - (heaps[i] ^ xor)),
                None => (heaps.iter().position(|&h| h > 0).unwrap_or(0), 1),
            };
            heaps[i] = heaps[i].saturating_sub(k);
            writeln!(out, "{} {k}", i + 1).expect("write");
            out.flush().expect("flush");
            let Some(reply) = lines.next() else {
                return; // the judge has stopped
            };
            let reply: Vec<u64> = reply
                .split_ascii_whitespace()
                .map(|t| t.parse().expect("integer"))
                .collect();
            if reply[0] == 0 {
                break;
            }
            heaps[reply[0] as usize - 1] -= reply[1];
        }
    }
}
