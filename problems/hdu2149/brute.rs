//! hdu2149 brute force: win/lose table over "amount still needed", then test every first raise.

use std::io::{self, Read, Write};

fn main() {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input).expect("read stdin");
    let nums: Vec<usize> = input
        .split_ascii_whitespace()
        .map(|t| t.parse().expect("integer"))
        .collect();
    let mut out = String::new();
    for case in nums.chunks_exact(2) {
        let (m, n) = (case[0], case[1]);
        // win[r]: the bidder to move wins when the price is still r short of m (r >= 1).
        let mut win = vec![false; m + 1];
        for r in 1..=m {
            win[r] = (1..=n).any(|t| t >= r || !win[r - t]);
        }
        let good: Vec<String> = (1..=n)
            .filter(|&t| t >= m || !win[m - t])
            .map(|t| t.to_string())
            .collect();
        if good.is_empty() {
            out.push_str("none\n");
        } else {
            out.push_str(&good.join(" "));
            out.push('\n');
        }
    }
    io::stdout()
        .write_all(out.as_bytes())
        .expect("write stdout");
}
