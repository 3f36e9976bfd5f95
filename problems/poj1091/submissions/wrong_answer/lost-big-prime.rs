//! factorisation forgets the prime left over after trial division up to √M (M = 10 loses 5; M prime loses M).

use std::io::{self, Read, Write};

fn main() {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input).expect("read stdin");
    let mut tokens = input.split_ascii_whitespace();
    let mut out = String::new();
    while let (Some(n), Some(m)) = (tokens.next(), tokens.next()) {
        let n: u32 = n.parse().expect("N");
        let total: u64 = m.parse().expect("M");
        let mut m = total;
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
        // Bug: the leftover `m > 1` is a prime factor too, and is never pushed.
        // u128 is enough for every test this is meant to fail on; the max tests overflow it as well.
        let mut answer = 0i128;
        for mask in 0u32..1 << primes.len() {
            let d: u64 = (0..primes.len())
                .filter(|&i| mask >> i & 1 == 1)
                .map(|i| primes[i])
                .product();
            let term = i128::from(total / d).wrapping_pow(n);
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
