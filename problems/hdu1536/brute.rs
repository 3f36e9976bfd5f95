//! hdu1536 brute force: memoised win/lose search over whole positions (sorted tuples of heap sizes),
//! a move subtracting some s in S from one heap. No Grundy numbers. Small inputs only.

use std::collections::HashMap;
use std::io::{self, Read, Write};

/// `true` iff the player to move wins from `heaps` (sorted), under subtraction set `set`.
fn wins(heaps: &[usize], set: &[usize], memo: &mut HashMap<Vec<usize>, bool>) -> bool {
    if let Some(&w) = memo.get(heaps) {
        return w;
    }
    let mut result = false;
    'moves: for i in 0..heaps.len() {
        for &s in set {
            if s <= heaps[i] {
                let mut next = heaps.to_vec();
                next[i] -= s;
                next.sort_unstable();
                if !wins(&next, set, memo) {
                    result = true;
                    break 'moves;
                }
            }
        }
    }
    // No move at all leaves result = false: the player to move loses.
    memo.insert(heaps.to_vec(), result);
    result
}

fn main() {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input).expect("read stdin");
    let mut tokens = input
        .split_ascii_whitespace()
        .map(|t| t.parse::<usize>().expect("integer"));
    let mut out = String::new();
    while let Some(k) = tokens.next() {
        if k == 0 {
            break;
        }
        let set: Vec<usize> = tokens.by_ref().take(k).collect();
        // A fresh memo per test set: positions are only comparable under the same S.
        let mut memo = HashMap::new();
        let m = tokens.next().expect("m");
        for _ in 0..m {
            let l = tokens.next().expect("l");
            let mut heaps: Vec<usize> = tokens.by_ref().take(l).collect();
            heaps.sort_unstable();
            out.push(if wins(&heaps, &set, &mut memo) {
                'W'
            } else {
                'L'
            });
        }
        out.push('\n');
    }
    io::stdout()
        .write_all(out.as_bytes())
        .expect("write stdout");
}
