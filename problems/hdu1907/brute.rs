//! hdu1907 brute force: memoised misère search over positions (sorted tuples of non-empty piles). A move eats
//! 1..=a candies from one pile; whoever eats the last candy loses. Small inputs only.

use std::collections::HashMap;
use std::io::{self, Read, Write};

/// `true` iff the player to move wins from `piles` (sorted, no zeros).
fn wins(piles: &[u32], memo: &mut HashMap<Vec<u32>, bool>) -> bool {
    if piles.is_empty() {
        // Nothing left: the opponent just ate the last candy and lost.
        return true;
    }
    if let Some(&w) = memo.get(piles) {
        return w;
    }
    let mut result = false;
    'moves: for i in 0..piles.len() {
        for eat in 1..=piles[i] {
            let mut next = piles.to_vec();
            next[i] -= eat;
            next.retain(|&a| a > 0);
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
        .map(|t| t.parse::<u32>().expect("integer"));
    let cases = tokens.next().unwrap_or(0);
    let mut memo = HashMap::new();
    let mut out = String::new();
    for _ in 0..cases {
        let n = tokens.next().expect("N") as usize;
        let mut piles: Vec<u32> = tokens.by_ref().take(n).filter(|&a| a > 0).collect();
        piles.sort_unstable();
        out.push_str(if wins(&piles, &mut memo) {
            "John\n"
        } else {
            "Brother\n"
        });
    }
    io::stdout()
        .write_all(out.as_bytes())
        .expect("write stdout");
}
