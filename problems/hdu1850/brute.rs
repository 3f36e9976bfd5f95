//! hdu1850 brute force: memoised Nim search over positions (sorted tuples of piles), then every first move
//! (pile i, new size 0..N_i) is tried and those leaving a lost position are counted. Small inputs only.

use std::collections::HashMap;
use std::io::{self, Read, Write};

/// `true` iff the player to move wins from `piles` (sorted); taking the last card wins.
fn wins(piles: &[u32], memo: &mut HashMap<Vec<u32>, bool>) -> bool {
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
    // No cards at all: the opponent took the last one, result stays false.
    memo.insert(piles.to_vec(), result);
    result
}

fn main() {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input).expect("read stdin");
    let mut tokens = input
        .split_ascii_whitespace()
        .map(|t| t.parse::<u32>().expect("integer"));
    let mut memo = HashMap::new();
    let mut out = String::new();
    while let Some(m) = tokens.next() {
        if m == 0 {
            break;
        }
        let piles: Vec<u32> = tokens.by_ref().take(m as usize).collect();
        let mut count = 0;
        for i in 0..piles.len() {
            for left in 0..piles[i] {
                let mut next = piles.clone();
                next[i] = left;
                next.sort_unstable();
                if !wins(&next, &mut memo) {
                    count += 1;
                }
            }
        }
        out.push_str(&format!("{count}\n"));
    }
    io::stdout()
        .write_all(out.as_bytes())
        .expect("write stdout");
}
