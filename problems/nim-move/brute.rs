//! nim-move brute force: memoised win/lose search over whole positions (sorted tuples of piles), a move
//! leaving any smaller size in one pile. No xor. The printed move is the first one, by pile and then by
//! stone count, that leaves a lost position. Small inputs only.

use std::collections::HashMap;
use std::io::{self, Read, Write};

/// `true` iff the player to move wins from `piles` (sorted); with no stones left there is no move.
fn wins(piles: &[u64], memo: &mut HashMap<Vec<u64>, bool>) -> bool {
    if let Some(&w) = memo.get(piles) {
        return w;
    }
    let mut result = false;
    'moves: for i in 0..piles.len() {
        for left in 0..piles[i] {
            let mut next = piles.to_vec();
            next[i] = left;
            next.sort_unstable();
            if !wins(&next, memo) {
                result = true;
                break 'moves;
            }
        }
    }
    memo.insert(piles.to_vec(), result);
    result
}

fn main() {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input).expect("read stdin");
    let mut tokens = input
        .split_ascii_whitespace()
        .map(|t| t.parse::<u64>().expect("integer"));
    let mut memo = HashMap::new();
    let mut out = String::new();
    let cases = tokens.next().expect("T");
    for _ in 0..cases {
        let n = tokens.next().expect("n") as usize;
        let piles: Vec<u64> = tokens.by_ref().take(n).collect();
        let mut answer = "lose".to_string();
        'search: for i in 0..n {
            for k in 1..=piles[i] {
                let mut next = piles.clone();
                next[i] -= k;
                next.sort_unstable();
                if !wins(&next, &mut memo) {
                    answer = format!("{} {k}", i + 1);
                    break 'search;
                }
            }
        }
        out.push_str(&answer);
        out.push('\n');
    }
    io::stdout()
        .write_all(out.as_bytes())
        .expect("write stdout");
}
