//! searches the winning move by trying every count k = 1, 2, ... on every pile until the xor becomes 0:
//! correct, but a pile of 10^18 stones that is not the winning one costs 10^18 steps.

use std::io::{self, Read, Write};

fn main() {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input).expect("read stdin");
    let mut tokens = input
        .split_ascii_whitespace()
        .map(|t| t.parse::<u64>().expect("integer"));
    let mut out = String::new();
    let cases = tokens.next().expect("T");
    for _ in 0..cases {
        let n = tokens.next().expect("n") as usize;
        let piles: Vec<u64> = tokens.by_ref().take(n).collect();
        let x = piles.iter().fold(0, |acc, &a| acc ^ a);
        let mut answer = "lose".to_string();
        'search: for (i, &a) in piles.iter().enumerate() {
            let rest = x ^ a;
            let mut k = 1;
            while k <= a {
                if rest ^ (a - k) == 0 {
                    answer = format!("{} {k}", i + 1);
                    break 'search;
                }
                k += 1;
            }
        }
        out.push_str(&answer);
        out.push('\n');
    }
    io::stdout()
        .write_all(out.as_bytes())
        .expect("write stdout");
}
