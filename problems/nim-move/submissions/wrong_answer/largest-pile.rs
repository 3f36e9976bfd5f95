//! always plays in the largest pile, leaving a ^ X there (X = xor of all piles). When the largest pile
//! lacks X's highest bit, a ^ X > a and the u64 subtraction a - (a ^ X) wraps around (no overflow check in
//! an optimised build): it prints a count near 2^64, more stones than the pile holds.

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
        if x == 0 {
            out.push_str("lose\n");
            continue;
        }
        let mut i = 0;
        for j in 1..n {
            if piles[j] > piles[i] {
                i = j;
            }
        }
        let a = piles[i];
        out.push_str(&format!("{} {}\n", i + 1, a.wrapping_sub(a ^ x)));
    }
    io::stdout()
        .write_all(out.as_bytes())
        .expect("write stdout");
}
