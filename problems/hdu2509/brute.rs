//! hdu2509 brute force: memoised misère search over multisets of rows, with the splitting moves.

use std::collections::HashMap;
use std::io::{self, Read, Write};

/// Does the player to move win? `rows` is sorted and holds no zeros; the one who takes the last apple loses.
fn wins(rows: &[u32], memo: &mut HashMap<Vec<u32>, bool>) -> bool {
    if rows.is_empty() {
        // The opponent just took the last apple.
        return true;
    }
    if let Some(&w) = memo.get(rows) {
        return w;
    }
    let mut result = false;
    'search: for i in 0..rows.len() {
        if i > 0 && rows[i] == rows[i - 1] {
            continue;
        }
        let h = rows[i];
        // Keep `left` apples before the block, remove `take`, keep the rest after it.
        for left in 0..h {
            for take in 1..=h - left {
                let right = h - left - take;
                let mut next: Vec<u32> = rows[..i].iter().chain(&rows[i + 1..]).copied().collect();
                next.extend([left, right].into_iter().filter(|&r| r > 0));
                next.sort_unstable();
                if !wins(&next, memo) {
                    result = true;
                    break 'search;
                }
            }
        }
    }
    memo.insert(rows.to_vec(), result);
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
    while let Some(n) = tokens.next() {
        let rows: Option<Vec<u32>> = (0..n).map(|_| tokens.next()).collect();
        let Some(mut rows) = rows else { break };
        rows.retain(|&r| r > 0);
        rows.sort_unstable();
        out.push_str(if wins(&rows, &mut memo) {
            "Yes\n"
        } else {
            "No\n"
        });
    }
    io::stdout()
        .write_all(out.as_bytes())
        .expect("write stdout");
}
