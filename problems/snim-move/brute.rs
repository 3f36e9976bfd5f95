//! snim-move brute force: memoised win/lose search over whole positions (sorted tuples of heap sizes), a move
//! subtracting some s in S from one heap. No Grundy numbers. The printed move is the first one, by heap and
//! then by S in input order, that leaves a lost position. Small inputs only.

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
    let sets = tokens.next().expect("T");
    for _ in 0..sets {
        let k = tokens.next().expect("k");
        let set: Vec<usize> = tokens.by_ref().take(k).collect();
        // A fresh memo per test set: positions are only comparable under the same S.
        let mut memo = HashMap::new();
        let m = tokens.next().expect("m");
        for _ in 0..m {
            let l = tokens.next().expect("l");
            let heaps: Vec<usize> = tokens.by_ref().take(l).collect();
            let mut answer = "lose".to_string();
            'search: for i in 0..l {
                for &s in &set {
                    if s <= heaps[i] {
                        let mut next = heaps.clone();
                        next[i] -= s;
                        next.sort_unstable();
                        if !wins(&next, &set, &mut memo) {
                            answer = format!("{} {s}", i + 1);
                            break 'search;
                        }
                    }
                }
            }
            out.push_str(&answer);
            out.push('\n');
        }
    }
    io::stdout()
        .write_all(out.as_bytes())
        .expect("write stdout");
}
