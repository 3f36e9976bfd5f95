//! the textbook O(N^3) DP: every F(i, j) for j up to N scans all k ≤ 2j again (about 3·10^9 steps at N = 2000).

use std::io::{self, Read, Write};

fn main() {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input).expect("read stdin");
    let mut tokens = input
        .split_ascii_whitespace()
        .map(|t| t.parse::<usize>().expect("integer"));
    let n = tokens.next().unwrap_or(0);
    let coins: Vec<u32> = tokens.take(n).map(|c| c as u32).collect();
    let n = coins.len();
    let mut below = vec![0u32; n + 1];
    for i in 1..=n {
        below[i] = below[i - 1] + coins[n - i];
    }
    // f[i][j]: bottom i coins left, opponent took j.
    let mut f = vec![vec![0u32; n + 1]; n + 1];
    for i in 1..=n {
        for j in 1..=n {
            let mut best = 0;
            for k in 1..=(2 * j).min(i) {
                best = best.max(below[i] - f[i - k][k]);
            }
            f[i][j] = best;
        }
    }
    io::stdout()
        .write_all(format!("{}\n", f[n][1]).as_bytes())
        .expect("write stdout");
}
