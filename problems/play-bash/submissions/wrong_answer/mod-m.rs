//! off by one in the period: takes n mod m instead of n mod (m + 1). When m divides the stones left it
//! writes `0`, an illegal move; otherwise it leaves the judge a won position.

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
            let k = n % m;
            n -= k;
            writeln!(out, "{k}").expect("write");
            out.flush().expect("flush");
            let Some(reply) = lines.next() else {
                return; // the judge has stopped
            };
            let t: u64 = reply.trim().parse().expect("integer");
            if t == 0 {
                break;
            }
            n -= t;
        }
    }
}
