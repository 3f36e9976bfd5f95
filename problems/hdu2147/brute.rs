//! hdu2147 brute force: win/lose table over the grid for each case, by the three moves.

use std::io::{self, Read, Write};

fn main() {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input).expect("read stdin");
    let mut tokens = input
        .split_ascii_whitespace()
        .map(|t| t.parse::<usize>().expect("integer"));
    let mut out = String::new();
    while let (Some(n), Some(m)) = (tokens.next(), tokens.next()) {
        if n == 0 && m == 0 {
            break;
        }
        // win[r][c] for the coin in row r (1 = top) and column c (1 = left); moves go to (r, c-1), (r+1, c),
        // (r+1, c-1). Fill from the bottom row up and from the left column rightwards.
        let mut win = vec![vec![false; m + 1]; n + 2];
        for r in (1..=n).rev() {
            for c in 1..=m {
                let mut moves = Vec::new();
                if c > 1 {
                    moves.push((r, c - 1));
                }
                if r < n {
                    moves.push((r + 1, c));
                }
                if r < n && c > 1 {
                    moves.push((r + 1, c - 1));
                }
                win[r][c] = moves.iter().any(|&(rr, cc)| !win[rr][cc]);
            }
        }
        out.push_str(if win[1][m] {
            "Wonderful!\n"
        } else {
            "What a pity!\n"
        });
    }
    io::stdout()
        .write_all(out.as_bytes())
        .expect("write stdout");
}
