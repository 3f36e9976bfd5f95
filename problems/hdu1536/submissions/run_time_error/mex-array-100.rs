//! the mex array has 100 entries, one per possible move, but the mex itself can be k = 100 (S = {1..100}, heap 100): the scan for it runs past the end and panics.
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
        let mut sg = vec![0usize; 10001];
        for x in 1..sg.len() {
            let mut seen = [false; 100]; // BUG: needs 101 entries, as the mex ranges over 0..=k
            for &s in &set {
                if s <= x {
                    seen[sg[x - s]] = true;
                }
            }
            let mut mex = 0;
            while seen[mex] {
                mex += 1;
            }
            sg[x] = mex;
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
