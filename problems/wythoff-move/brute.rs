//! wythoff-move brute force: win/lose table over every position (a, b) up to the largest pile in the input,
//! trying every move (take t from one pile, or t from both). No golden ratio. The printed move is the first
//! one that leaves a lost position, in this order: shrink the first pile (to 0, 1, ...), then the second,
//! then both (by 1, 2, ...). O(N^3); small inputs only.

use std::io::{self, Read, Write};

fn main() {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input).expect("read stdin");
    let nums: Vec<usize> = input
        .split_ascii_whitespace()
        .map(|t| t.parse().expect("integer"))
        .collect();
    let cases = nums[0];
    let pairs: Vec<(usize, usize)> = nums[1..=2 * cases]
        .chunks_exact(2)
        .map(|p| (p[0], p[1]))
        .collect();
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
        let moves = (0..a)
            .map(|c| (c, b))
            .chain((0..b).map(|d| (a, d)))
            .chain((1..=a.min(b)).map(|t| (a - t, b - t)));
        let mut answer = "lose".to_string();
        for (c, d) in moves {
            if lose[c][d] {
                answer = format!("{c} {d}");
                break;
            }
        }
        out.push_str(&answer);
        out.push('\n');
    }
    io::stdout()
        .write_all(out.as_bytes())
        .expect("write stdout");
}
