//! hdu1527 brute force: win/lose table over every position (a, b) up to the largest pile in the input,
//! trying every move (take t from one pile, or t from both). O(N^3); small inputs only.

use std::io::{self, Read, Write};

fn main() {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input).expect("read stdin");
    let nums: Vec<usize> = input
        .split_ascii_whitespace()
        .map(|t| t.parse().expect("integer"))
        .collect();
    let pairs: Vec<(usize, usize)> = nums.chunks_exact(2).map(|p| (p[0], p[1])).collect();
    let n = pairs.iter().map(|&(a, b)| a.max(b)).max().unwrap_or(0) + 1;
    // lose[a][b]: the player to move from (a, b) loses. Every move lowers a or b, so row-major order works.
    let mut lose = vec![vec![false; n]; n];
    for a in 0..n {
        for b in 0..n {
            let mut can_win = false;
            for t in 1..=a {
                can_win |= lose[a - t][b];
            }
            for t in 1..=b {
                can_win |= lose[a][b - t];
            }
            for t in 1..=a.min(b) {
                can_win |= lose[a - t][b - t];
            }
            lose[a][b] = !can_win;
        }
    }
    let mut out = String::new();
    for (a, b) in pairs {
        out.push_str(if lose[a][b] { "0\n" } else { "1\n" });
    }
    io::stdout()
        .write_all(out.as_bytes())
        .expect("write stdout");
}
