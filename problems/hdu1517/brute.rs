//! Brute force for hdu1517: for each n, a memoised win/lose search over the values p reachable from 1
//! (products of 2..=9, at most a few thousand below 2^32). The player to move at p wins iff some factor k
//! in 2..=9 gives p * k >= n, or leads to a p * k from which the opponent loses.

use std::collections::HashMap;
use std::io::{self, Read};

fn wins(p: u64, n: u64, memo: &mut HashMap<u64, bool>) -> bool {
    if let Some(&w) = memo.get(&p) {
        return w;
    }
    let win = (2..=9u64).any(|k| p * k >= n || !wins(p * k, n, memo));
    memo.insert(p, win);
    win
}

fn main() {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input).expect("read stdin");
    let mut out = String::new();
    for token in input.split_ascii_whitespace() {
        let n: u64 = token.parse().expect("integer");
        let mut memo = HashMap::new();
        out.push_str(if wins(1, n, &mut memo) {
            "Stan wins.\n"
        } else {
            "Ollie wins.\n"
        });
    }
    print!("{out}");
}
