//! the exact formula L(k) = (k + isqrt(5k²)) / 2, but 5k² in u64: from k = 1920767767 on it exceeds
//! 2^64 and wraps (no overflow check in an optimised build), so lost positions with larger differences are
//! misjudged. 5k² <= 5·10^36 needs u128.

use std::io::{self, Read, Write};

/// Exact floor(sqrt(n)) for any u64 (binary search on r < 2^32, where r * r cannot overflow).
fn isqrt(n: u64) -> u64 {
    let (mut lo, mut hi) = (0u64, 1u64 << 32);
    while hi - lo > 1 {
        let mid = lo + (hi - lo) / 2;
        if mid * mid <= n {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    lo
}

fn lower(k: u64) -> u64 {
    (k + isqrt(5 * k * k)) / 2
}

fn main() {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input).expect("read stdin");
    let mut tokens = input
        .split_ascii_whitespace()
        .map(|t| t.parse::<u64>().expect("integer"));
    let mut out = String::new();
    let cases = tokens.next().expect("T");
    for _ in 0..cases {
        let (x, y) = (tokens.next().expect("a"), tokens.next().expect("b"));
        let (a, b) = (x.min(y), x.max(y));
        let k = b - a;
        let cold = lower(k);
        let (c, d) = if a == cold {
            out.push_str("lose\n");
            continue;
        } else if a > cold {
            (cold, cold + k)
        } else {
            let f = (isqrt(5 * a * a) - a) / 2;
            if lower(f + 1) == a {
                (a, a + f + 1)
            } else {
                (a, lower(a - f))
            }
        };
        if x > y {
            out.push_str(&format!("{d} {c}\n"));
        } else {
            out.push_str(&format!("{c} {d}\n"));
        }
    }
    io::stdout()
        .write_all(out.as_bytes())
        .expect("write stdout");
}
