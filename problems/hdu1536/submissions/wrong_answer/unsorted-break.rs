//! stops scanning S at the first s > x as if S were sorted; S is given unsorted, so moves are missed.

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
            let mut seen = vec![false; k + 1];
            for &s in &set {
                if s > x {
                    break; // BUG: only right when S is sorted
                }
                seen[sg[x - s]] = true;
            }
            sg[x] = seen.iter().position(|&b| !b).unwrap_or(k);
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
