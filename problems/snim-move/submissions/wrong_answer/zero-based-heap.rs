//! right Grundy analysis, but prints the heap index 0-based: `0 s` for the first heap (no such heap) and
//! the neighbour's index otherwise.

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
            let mut seen = vec![false; k + 1];
            for &s in set.iter().take_while(|&&s| s <= x) {
                seen[sg[x - s]] = true;
            }
            sg[x] = seen.iter().position(|&b| !b).unwrap_or(k);
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
                            answer = format!("{i} {s}");
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
