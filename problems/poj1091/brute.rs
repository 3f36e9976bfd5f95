//! poj1091 brute force: enumerate every card (a1, ..., aN) in 1..=M and test gcd(a1, ..., aN, M) = 1.
//! M^N cards, so tiny N and M only.

use std::io::{self, Read, Write};

fn gcd(a: u64, b: u64) -> u64 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

fn count_cards(n: usize, m: u64) -> u64 {
    let mut card = vec![1u64; n];
    let mut count = 0;
    loop {
        if card.iter().fold(m, |g, &a| gcd(g, a)) == 1 {
            count += 1;
        }
        // Next card in odometer order; stop after (M, ..., M).
        let mut i = 0;
        while i < n && card[i] == m {
            card[i] = 1;
            i += 1;
        }
        if i == n {
            return count;
        }
        card[i] += 1;
    }
}

fn main() {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input).expect("read stdin");
    let mut tokens = input.split_ascii_whitespace();
    let mut out = String::new();
    while let (Some(n), Some(m)) = (tokens.next(), tokens.next()) {
        let n: usize = n.parse().expect("N is an integer");
        let m: u64 = m.parse().expect("M is an integer");
        out.push_str(&format!("{}\n", count_cards(n, m)));
    }
    io::stdout()
        .write_all(out.as_bytes())
        .expect("write stdout");
}
