//! computes floor(k·phi) and floor(a/phi) with an f64 golden ratio. f64 carries 53 bits, so for piles
//! near 10^18 the products are off by dozens of units: lost positions are missed and the moves it prints
//! lead to won positions (it already fails on the f64 traps below 10^9, e.g. (165580140, 267914295)).

use std::io::{self, Read, Write};

fn main() {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input).expect("read stdin");
    let mut tokens = input
        .split_ascii_whitespace()
        .map(|t| t.parse::<u64>().expect("integer"));
    let phi = (1.0 + 5f64.sqrt()) / 2.0;
    let lower = |k: u64| (k as f64 * phi) as u64;
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
            let j = (a as f64 / phi) as u64 + 1;
            if lower(j) == a {
                (a, a + j)
            } else {
                let j = a - (a as f64 / phi) as u64;
                (a, lower(j))
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
