//! collects the reachable Grundy values in a u64 bitmask, and `1 << v` for v >= 64 wraps to bit v - 64 (as `1ULL << v` does on x86), so large values mark small ones as reachable.
//! Subtask 1 (k <= 5) keeps every Grundy value at most 5, where it is right: it earns that subtask.
//! @EXPECTED_SCORE@: 30

use std::io::{self, Read, Write};

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
        let mut sg = vec![0u32; 10001];
        for x in 1..sg.len() {
            let mut reachable = 0u64;
            for &s in &set {
                if s <= x {
                    reachable |= 1u64.wrapping_shl(sg[x - s]); // BUG: only 64 bits
                }
            }
            sg[x] = reachable.trailing_ones();
        }
        let m = tokens.next().expect("m");
        for _ in 0..m {
            let l = tokens.next().expect("l");
            let mut xor = 0;
            for _ in 0..l {
                xor ^= sg[tokens.next().expect("h")];
            }
            out.push(if xor != 0 { 'W' } else { 'L' });
        }
        out.push('\n');
    }
    io::stdout()
        .write_all(out.as_bytes())
        .expect("write stdout");
}
