//! nod1381 brute force: average, over M evenly spaced centre offsets y in (0, 1), the number of lines
//! (integers k) with |k - y| <= R, counted exactly in scaled integers. The count only changes where y - R
//! or y + R is an integer, i.e. at y = 0 for integer R, so the midpoint average is the exact expectation.

use std::io::{self, Read, Write};

/// Number of integers k with lo <= k * den <= hi (den > 0).
fn integers_between(lo: i128, hi: i128, den: i128) -> i128 {
    let floor_hi = hi.div_euclid(den);
    let ceil_lo = -(-lo).div_euclid(den);
    (floor_hi - ceil_lo + 1).max(0)
}

fn main() {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input).expect("read stdin");
    let mut tokens = input
        .split_ascii_whitespace()
        .map(|t| t.parse::<i128>().expect("integer"));
    let cases = tokens.next().unwrap_or(0);
    const M: i128 = 1000;
    let mut out = String::new();
    for r in tokens.take(cases as usize) {
        // centre y = (2j + 1) / (2M); everything scaled by 2M to stay in integers.
        let total: i128 = (0..M)
            .map(|j| integers_between(2 * j + 1 - 2 * M * r, 2 * j + 1 + 2 * M * r, 2 * M))
            .sum();
        // integer part of the expectation total / M (total >= 0)
        out.push_str(&format!("{}\n", total / M));
    }
    io::stdout()
        .write_all(out.as_bytes())
        .expect("write stdout");
}
