//! lanqiao-prev34 brute force: lay out the n×m grid, apply Q to every coin literally, and count the coins
//! that were flipped an odd number of times (those started tails up, since all end heads up).
//! O(Σ n/x · m/y) = O(n log n · m log m); small n, m only.

use std::io::{self, Read, Write};

fn main() {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input).expect("read stdin");
    let mut tokens = input.split_ascii_whitespace();
    let (Some(n), Some(m)) = (tokens.next(), tokens.next()) else {
        return;
    };
    let n: usize = n.parse().expect("small n");
    let m: usize = m.parse().expect("small m");
    // tails[i][j] for rows and columns numbered from 1.
    let mut tails = vec![vec![false; m + 1]; n + 1];
    for x in 1..=n {
        for y in 1..=m {
            // Q on (x, y): flip every coin in a row i·x and a column j·y.
            for i in (x..=n).step_by(x) {
                for j in (y..=m).step_by(y) {
                    tails[i][j] = !tails[i][j];
                }
            }
        }
    }
    let count = tails.iter().flatten().filter(|&&t| t).count();
    io::stdout()
        .write_all(format!("{count}\n").as_bytes())
        .expect("write stdout");
}
