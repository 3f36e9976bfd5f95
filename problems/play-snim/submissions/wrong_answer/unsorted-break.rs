//! the Grundy table scans S in the order given and stops at the first s > x, as if S were sorted. S is
//! given unsorted, so moves are missed, some values come out wrong, and the "winning" move it finds (or
//! the move it falls back to) hands the judge a won position.

use std::io::{self, BufRead, Write};

fn grundy(set: &[usize], max_heap: usize) -> Vec<usize> {
    let mut sg = vec![0; max_heap + 1];
    for x in 1..=max_heap {
        let mut seen = vec![false; set.len() + 2];
        for &s in set {
            if s > x {
                break; // wrong unless S is sorted
            }
            seen[sg[x - s]] = true;
        }
        sg[x] = seen.iter().position(|&v| !v).expect("mex");
    }
    sg
}

fn main() {
    let mut lines = io::stdin().lock().lines().map(|l| l.expect("read"));
    let mut out = io::stdout().lock();
    let games: usize = lines.next().expect("G").trim().parse().expect("G");
    for _ in 0..games {
        let set: Vec<usize> = lines
            .next()
            .expect("S")
            .split_ascii_whitespace()
            .skip(1)
            .map(|t| t.parse().expect("s"))
            .collect();
        let mut heaps: Vec<usize> = lines
            .next()
            .expect("heaps")
            .split_ascii_whitespace()
            .skip(1)
            .map(|t| t.parse().expect("heap"))
            .collect();
        let sg = grundy(&set, heaps.iter().copied().max().unwrap_or(0));
        loop {
            let xor = heaps.iter().fold(0, |x, &h| x ^ sg[h]);
            let mut chosen = None;
            for (i, &h) in heaps.iter().enumerate() {
                for &s in &set {
                    if s <= h && sg[h - s] == sg[h] ^ xor && chosen.is_none() {
                        chosen = Some((i, s));
                    }
                }
            }
            // No winning move found: any legal move.
            let fallback = || {
                heaps
                    .iter()
                    .enumerate()
                    .find_map(|(i, &h)| set.iter().find(|&&s| s <= h).map(|&s| (i, s)))
            };
            let Some((i, s)) = chosen.or_else(fallback) else {
                return;
            };
            heaps[i] -= s;
            writeln!(out, "{} {s}", i + 1).expect("write");
            out.flush().expect("flush");
            let Some(reply) = lines.next() else {
                return; // the judge has stopped: the game was lost
            };
            let reply: Vec<usize> = reply
                .split_ascii_whitespace()
                .map(|t| t.parse().expect("integer"))
                .collect();
            if reply[0] == 0 {
                break;
            }
            heaps[reply[0] - 1] -= reply[1];
        }
    }
}
