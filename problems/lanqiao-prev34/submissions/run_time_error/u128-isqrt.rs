//! exact integer square root, but in u128: parsing a number above 2^128 (39 digits) panics.

use std::io::{self, Read, Write};

fn isqrt(n: u128) -> u128 {
    // Largest r with r * r <= n, by binary search on r < 2^64.
    let (mut lo, mut hi) = (0u128, u128::from(u64::MAX));
    while lo < hi {
        let mid = lo + (hi - lo + 1) / 2;
        if mid * mid <= n {
            lo = mid;
        } else {
            hi = mid - 1;
        }
    }
    lo
}

fn main() {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input).expect("read stdin");
    let mut tokens = input.split_ascii_whitespace();
    let (Some(n), Some(m)) = (tokens.next(), tokens.next()) else {
        return;
    };
    let n: u128 = n.parse().expect("n fits in u128");
    let m: u128 = m.parse().expect("m fits in u128");
    let answer = isqrt(n) * isqrt(m);
    io::stdout()
        .write_all(format!("{answer}\n").as_bytes())
        .expect("write stdout");
}
