//! the O(N^2) DP is right, but a full (N+1)×(N+1) table of i64 is 32 MB, over the 20 MB limit.

use std::io::{self, Read, Write};

fn main() {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input).expect("read stdin");
    let mut tokens = input
        .split_ascii_whitespace()
        .map(|t| t.parse::<i64>().expect("integer"));
    let n = tokens.next().unwrap_or(0) as usize;
    let coins: Vec<i64> = tokens.take(n).collect();
    let n = coins.len();
    let mut below = vec![0i64; n + 1];
    for i in 1..=n {
        below[i] = below[i - 1] + coins[n - i];
    }
    let mut f = vec![vec![0i64; n + 1]; n + 1];
    for i in 1..=n {
        for j in 1..=n {
            let mut best = f[i][j - 1];
            for k in [2 * j - 1, 2 * j] {
                if k <= i {
                    best = best.max(below[i] - f[i - k][k]);
                }
            }
            f[i][j] = best;
        }
    }
    io::stdout()
        .write_all(format!("{}\n", f[n][1]).as_bytes())
        .expect("write stdout");
}
