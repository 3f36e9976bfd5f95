//! memoised sg table filled once and never reset, so later test sets reuse the previous S's values.

use std::io::{self, Read, Write};

const UNKNOWN: usize = usize::MAX;

fn sg(x: usize, set: &[usize], memo: &mut [usize]) -> usize {
    if memo[x] != UNKNOWN {
        return memo[x];
    }
    let mut seen = vec![false; set.len() + 1];
    for &s in set {
        if s <= x {
            let v = sg(x - s, set, memo);
            if v < seen.len() {
                seen[v] = true;
            }
        }
    }
    memo[x] = seen.iter().position(|&b| !b).unwrap_or(set.len());
    memo[x]
}

fn main() {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input).expect("read stdin");
    let mut tokens = input
        .split_ascii_whitespace()
        .map(|t| t.parse::<usize>().expect("integer"));
    let mut out = String::new();
    let mut memo = vec![UNKNOWN; 10001]; // BUG: belongs inside the loop
    while let Some(k) = tokens.next() {
        if k == 0 {
            break;
        }
        let set: Vec<usize> = tokens.by_ref().take(k).collect();
        let m = tokens.next().expect("m");
        for _ in 0..m {
            let l = tokens.next().expect("l");
            let mut xor = 0;
            for _ in 0..l {
                xor ^= sg(tokens.next().expect("h"), &set, &mut memo);
            }
            out.push(if xor != 0 { 'W' } else { 'L' });
        }
        out.push('\n');
    }
    io::stdout()
        .write_all(out.as_bytes())
        .expect("write stdout");
}
