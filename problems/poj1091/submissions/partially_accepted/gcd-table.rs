//! Correct but slow: counts the cards by their running gcd with M, one card number at a time, trying
//! every value 1..=M for it: O(N · d(M) · M) with d(M) the divisors of M, exact in u128. Enough for
//! subtask 1 (M^N <= 200000), far too slow for M = 10^8.
//! @EXPECTED_SCORE@: 40

use std::io::{self, Read, Write};

fn gcd(a: u64, b: u64) -> u64 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

/// The number of cards (a1, ..., aN) in 1..=M with gcd(a1, ..., aN, M) = 1.
fn count(n: usize, m: u64) -> u128 {
    let divisors: Vec<u64> = (1..=m).filter(|d| m % d == 0).collect();
    let index = |d: u64| divisors.binary_search(&d).expect("a divisor of M");
    // ways[i]: the cards so far whose gcd with M is divisors[i]; before any number, the gcd is M.
    let mut ways = vec![0u128; divisors.len()];
    ways[divisors.len() - 1] = 1;
    for _ in 0..n {
        let mut next = vec![0u128; divisors.len()];
        for (i, &g) in divisors.iter().enumerate() {
            if ways[i] == 0 {
                continue;
            }
            for a in 1..=m {
                next[index(gcd(g, a))] += ways[i];
            }
        }
        ways = next;
    }
    ways[0]
}

fn main() {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input).expect("read stdin");
    let mut tokens = input.split_ascii_whitespace();
    let mut out = String::new();
    while let (Some(n), Some(m)) = (tokens.next(), tokens.next()) {
        let n: usize = n.parse().expect("N is an integer");
        let m: u64 = m.parse().expect("M is an integer");
        out.push_str(&format!("{}\n", count(n, m)));
    }
    io::stdout()
        .write_all(out.as_bytes())
        .expect("write stdout");
}
