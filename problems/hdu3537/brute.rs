//! hdu3537 brute force: the coins as a bitmask (a listed coin sets its bit, so repeats are one head) and a
//! win/lose table over every mask up to the highest listed position, trying every legal move: pick a head r,
//! then flip r and zero, one or two distinct coins left of it. Positions up to about 14 only.

use std::io::{self, Read, Write};

fn main() {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input).expect("read stdin");
    let mut tokens = input
        .split_ascii_whitespace()
        .map(|t| t.parse::<usize>().expect("integer"));
    let mut cases: Vec<usize> = Vec::new();
    let mut bits = 1;
    while let Some(n) = tokens.next() {
        let heads: Vec<usize> = tokens.by_ref().take(n).collect();
        if heads.len() < n {
            break;
        }
        let mut mask = 0;
        for &h in &heads {
            assert!(h < 20, "brute force: position {h} too large");
            mask |= 1 << h;
            bits = bits.max(h + 1);
        }
        cases.push(mask);
    }
    // lose[m]: the player to move from m loses. Every move clears the highest flipped bit r and only
    // touches bits below it, so the new mask is smaller than m: increasing order works.
    let mut lose = vec![false; 1 << bits];
    for m in 0..1usize << bits {
        let mut can_win = false;
        for r in (0..bits).filter(|&r| m >> r & 1 == 1) {
            let base = m ^ (1 << r);
            can_win |= lose[base];
            for i in 0..r {
                can_win |= lose[base ^ (1 << i)];
                for j in 0..i {
                    can_win |= lose[base ^ (1 << i) ^ (1 << j)];
                }
            }
        }
        lose[m] = !can_win;
    }
    let mut out = String::new();
    for m in cases {
        out.push_str(if lose[m] { "Yes\n" } else { "No\n" });
    }
    io::stdout()
        .write_all(out.as_bytes())
        .expect("write stdout");
}
