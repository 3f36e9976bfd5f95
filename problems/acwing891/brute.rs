//! acwing891 brute force: memoised normal-play search over sorted pile tuples, trying every move.

use std::collections::HashMap;
use std::io::{self, Read, Write};

/// Does the player to move win? `piles` is sorted; the player with no stone to take loses.
fn wins(piles: &[u64], memo: &mut HashMap<Vec<u64>, bool>) -> bool {
    if let Some(&w) = memo.get(piles) {
        return w;
    }
    let mut result = false;
    'search: for i in 0..piles.len() {
        for left in 0..piles[i] {
            let mut next = piles.to_vec();
            next[i] = left;
            next.sort_unstable();
            if !wins(&next, memo) {
                result = true;
                break 'search;
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
    let n = tokens.next().unwrap_or(0) as usize;
    let mut piles: Vec<u64> = tokens.take(n).collect();
    piles.sort_unstable();
    let answer = if wins(&piles, &mut HashMap::new()) {
        "Yes\n"
    } else {
        "No\n"
    };
    io::stdout()
        .write_all(answer.as_bytes())
        .expect("write stdout");
}
