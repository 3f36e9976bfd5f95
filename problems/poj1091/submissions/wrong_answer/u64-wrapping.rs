//! 64-bit arithmetic: the inclusion–exclusion is right but (M/d)^N wraps modulo 2^64 (N = 15, M = 20 already gives 2^64.8).
//! Subtask 1 (M^N <= 200000) keeps every answer far below 2^64, where the wrapped sum is exact: it
//! earns that subtask.
//! @EXPECTED_SCORE@: 40

use std::io::{self, Read, Write};

fn main() {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input).expect("read stdin");
    let mut tokens = input.split_ascii_whitespace();
    let mut out = String::new();
    while let (Some(n), Some(m)) = (tokens.next(), tokens.next()) {
        let n: u32 = n.parse().expect("N");
        let mut m: u64 = m.parse().expect("M");
        let total = m;
        let mut primes = Vec::new();
        let mut p = 2;
        while p * p <= m {
            if m % p == 0 {
                primes.push(p);
                while m % p == 0 {
                    m /= p;
                }
            }
            p += 1;
        }
        if m > 1 {
            primes.push(m);
        }
        let mut answer = 0u64;
        for mask in 0u32..1 << primes.len() {
            let d: u64 = (0..primes.len())
                .filter(|&i| mask >> i & 1 == 1)
                .map(|i| primes[i])
                .product();
            let term = (total / d).wrapping_pow(n);
            answer = if mask.count_ones() % 2 == 0 {
                answer.wrapping_add(term)
            } else {
                answer.wrapping_sub(term)
            };
        }
        out.push_str(&format!("{answer}\n"));
    }
    io::stdout()
        .write_all(out.as_bytes())
        .expect("write stdout");
}
