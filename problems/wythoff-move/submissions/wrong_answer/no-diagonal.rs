//! forgets the move that takes from both piles: it only looks for a lost position by shrinking one pile
//! (to the partner of the other pile in its Wythoff pair) and says `lose` when there is none, as in (1, 1)
//! or (3, 4), whose only winning move takes from both piles.

use std::io::{self, Read, Write};

fn isqrt(n: u128) -> u128 {
    if n < 2 {
        return n;
    }
    let mut x = 1u128 << ((129 - n.leading_zeros()) / 2);
    loop {
        let y = (x + n / x) / 2;
        if y >= x {
            return x;
        }
        x = y;
    }
}

fn lower(k: u64) -> u64 {
    let k = u128::from(k);
    ((k + isqrt(5 * k * k)) / 2) as u64
}

/// The other member of the Wythoff pair that holds v.
fn partner(v: u64) -> u64 {
    let v128 = u128::from(v);
    let f = ((isqrt(5 * v128 * v128) - v128) / 2) as u64;
    if lower(f + 1) == v {
        v + f + 1
    } else {
        lower(v - f)
    }
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
        if partner(y) < x {
            out.push_str(&format!("{} {y}\n", partner(y)));
        } else if partner(x) < y {
            out.push_str(&format!("{x} {}\n", partner(x)));
        } else {
            out.push_str("lose\n");
        }
    }
    io::stdout()
        .write_all(out.as_bytes())
        .expect("write stdout");
}
