//! Correct but slow: the Grundy table is rebuilt from 0 for every heap, O(h · k) per heap: enough for
//! subtask 1 (small heaps), too slow for the full constraints.
//! @EXPECTED_SCORE@: 30

use std::io::{self, Read, Write};

/// sg(h) for the set S, from a table of sg(0..=h) built for this heap alone.
fn grundy(h: usize, set: &[usize]) -> usize {
    let mut sg = vec![0usize; h + 1];
    for x in 0..=h {
        let mut seen = vec![false; set.len() + 1];
        for &s in set {
            if s <= x && sg[x - s] < seen.len() {
                seen[sg[x - s]] = true;
            }
        }
        sg[x] = seen.iter().position(|&b| !b).unwrap_or(set.len());
    }
    sg[h]
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
        let m = tokens.next().expect("m");
        for _ in 0..m {
            let l = tokens.next().expect("l");
            let mut xor = 0;
            for _ in 0..l {
                xor ^= grundy(tokens.next().expect("h"), &set);
            }
            out.push(if xor != 0 { 'W' } else { 'L' });
        }
        out.push('\n');
    }
    io::stdout()
        .write_all(out.as_bytes())
        .expect("write stdout");
}
