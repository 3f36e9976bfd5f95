//! knows the lost pairs exactly but only looks for winning moves on a single pile. When the only winning
//! move takes the same number from both piles (from 2 2, or 4 6: take 1 from both), it believes it has lost
//! and quits in the middle of the game.

use std::io::{self, BufRead, Write};

fn isqrt(n: u128) -> u128 {
    if n < 2 {
        return n;
    }
    // 2^ceil(bits / 2) > sqrt(n), with bits = 128 - leading zeros.
    let mut x = 1u128 << (64 - n.leading_zeros() / 2);
    loop {
        let y = (x + n / x) / 2;
        if y >= x {
            return x;
        }
        x = y;
    }
}

fn lost(a: u64, b: u64) -> bool {
    let (small, big) = (u128::from(a.min(b)), u128::from(a.max(b)));
    let k = big - small;
    small == (k + isqrt(5 * k * k)) / 2
}

/// A single-pile move to a lost pair, by binary search over what is left of that pile... or none.
fn single_pile_move(a: u64, b: u64) -> Option<(u64, u64)> {
    // Leaving `left` of one pile: at most two values of `left` make a lost pair; try them all cheaply by
    // scanning the lost pair (left, other) over the differences that can occur.
    for (pile, other, first) in [(a, b, true), (b, a, false)] {
        // (left, other) lost with left < pile: left = floor(j φ) and other = left + j, or the reverse.
        for left in candidates(other) {
            if left < pile && lost(left, other) {
                let take = pile - left;
                return Some(if first { (take, 0) } else { (0, take) });
            }
        }
    }
    None
}

/// The values that can pair with `other` in a lost pair (the two Beatty neighbours), as a small list.
fn candidates(other: u64) -> Vec<u64> {
    let wide = u128::from(other);
    let near = ((isqrt(5 * wide * wide) - wide) / 2) as u64; // floor(other / φ)
    let mut list = Vec::new();
    for c in near.saturating_sub(2)..=near + 2 {
        list.push(c);
    }
    let far = other + near; // about other * φ
    for c in far.saturating_sub(2)..=far + 2 {
        list.push(c);
    }
    list
}

fn main() {
    let mut lines = io::stdin().lock().lines().map(|l| l.expect("read"));
    let mut out = io::stdout().lock();
    let games: usize = lines.next().expect("G").trim().parse().expect("G");
    for _ in 0..games {
        let ab: Vec<u64> = lines
            .next()
            .expect("game")
            .split_ascii_whitespace()
            .map(|t| t.parse().expect("integer"))
            .collect();
        let (mut a, mut b) = (ab[0], ab[1]);
        loop {
            let Some((x, y)) = single_pile_move(a, b) else {
                return; // "lost anyway": gives up
            };
            a -= x;
            b -= y;
            writeln!(out, "{x} {y}").expect("write");
            out.flush().expect("flush");
            let Some(reply) = lines.next() else {
                return;
            };
            let xy: Vec<u64> = reply
                .split_ascii_whitespace()
                .map(|t| t.parse().expect("integer"))
                .collect();
            if xy == [0, 0] {
                break;
            }
            a -= xy[0];
            b -= xy[1];
        }
    }
}
