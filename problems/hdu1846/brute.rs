//! hdu1846 brute force: win/lose table over pile sizes 0..=n for the given m, built straight from the rules.

use std::io::{self, Read, Write};

/// `true` iff the player to move wins with `n` stones left when a move takes 1..=m stones.
fn first_wins(n: usize, m: usize) -> bool {
    // win[0] = false: the player to move has no stone to take, the opponent took the last one.
    let mut win = vec![false; n + 1];
    for x in 1..=n {
        win[x] = (1..=m.min(x)).any(|t| !win[x - t]);
    }
    win[n]
}

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
        out.push_str(if first_wins(n, m) {
            "first\n"
        } else {
            "second\n"
        });
    }
    io::stdout()
        .write_all(out.as_bytes())
        .expect("write stdout");
}
