//! hdu2188 brute force: win/lose table over the amount still needed, trying every donation.

use std::io::{self, Read, Write};

fn main() {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input).expect("read stdin");
    let mut tokens = input
        .split_ascii_whitespace()
        .map(|t| t.parse::<usize>().expect("integer"));
    let cases = tokens.next().unwrap_or(0);
    let mut out = String::new();
    for _ in 0..cases {
        let (Some(n), Some(m)) = (tokens.next(), tokens.next()) else {
            break;
        };
        // win[r]: the donor to move gets the place when the total is still r short of n (r >= 1).
        let mut win = vec![false; n + 1];
        for r in 1..=n {
            win[r] = (1..=m).any(|d| d >= r || !win[r - d]);
        }
        out.push_str(if win[n] { "Grass\n" } else { "Rabbit\n" });
    }
    io::stdout()
        .write_all(out.as_bytes())
        .expect("write stdout");
}
