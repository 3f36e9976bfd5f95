//! the O(N^2) step F(i, j) = max(F(i, j - 1), ...) adds only k = 2j and forgets k = 2j - 1 (3, 5, 7, ... coins never get taken).

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
    let mut f = vec![vec![0u32; n + 1]; n + 1];
    for i in 1..=n {
        // j = 1: one or two coins.
        f[i][1] = below[i] - f[i - 1][1];
        if i >= 2 {
            f[i][1] = f[i][1].max(below[i] - f[i - 2][2]);
        }
        for j in 2..=n {
            let mut best = f[i][j - 1];
            if 2 * j <= i {
                best = best.max(below[i] - f[i - 2 * j][2 * j]);
            }
            f[i][j] = best;
        }
    }
    io::stdout()
        .write_all(format!("{}\n", f[n][1]).as_bytes())
        .expect("write stdout");
}
