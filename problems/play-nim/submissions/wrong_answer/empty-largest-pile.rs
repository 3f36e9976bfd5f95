//! greedy "take the most": always empties the largest pile, whatever the xor. That wins a single pile,
//! but from 3 4 5 it leaves 3 4, a won position for the judge, which then never lets the game go back.

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
            let i = (0..piles.len()).max_by_key(|&i| piles[i]).expect("a pile");
            let k = piles[i];
            piles[i] = 0;
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
