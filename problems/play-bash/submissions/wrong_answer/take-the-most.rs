//! greedy "take the most": always takes min(m, stones left). It wins when n <= m, but from n = 10,
//! m = 3 it leaves 7, a won position for the judge (take 3, leave 4), and the judge never lets go.

use std::io::{self, BufRead, Write};

fn main() {
    let mut lines = io::stdin().lock().lines().map(|l| l.expect("read"));
    let mut out = io::stdout().lock();
    let games: usize = lines.next().expect("G").trim().parse().expect("G");
    for _ in 0..games {
        let line = lines.next().expect("game");
        let nm: Vec<u64> = line
            .split_ascii_whitespace()
            .map(|t| t.parse().expect("integer"))
            .collect();
        let (mut n, m) = (nm[0], nm[1]);
        loop {
            let k = m.min(n);
            n -= k;
            writeln!(out, "{k}").expect("write");
            out.flush().expect("flush");
            let Some(reply) = lines.next() else {
                return; // the judge has stopped: the game was lost
            };
            let t: u64 = reply.trim().parse().expect("integer");
            if t == 0 {
                break;
            }
            n -= t;
        }
    }
}
