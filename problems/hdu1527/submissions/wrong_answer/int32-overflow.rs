//! exact formula a == (k + isqrt(5 k^2)) / 2, but 5 k^2 is computed in 32-bit arithmetic and wraps once k > 20724.

use std::io::{self, Read, Write};

fn isqrt(n: i64) -> i64 {
    if n <= 0 {
        return 0;
    }
    let mut r = (n as f64).sqrt() as i64;
    while r * r > n {
        r -= 1;
    }
    while (r + 1) * (r + 1) <= n {
        r += 1;
    }
    r
}

fn main() {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input).expect("read stdin");
    let mut tokens = input
        .split_ascii_whitespace()
        .map(|t| t.parse::<i32>().expect("integer"));
    let mut out = String::new();
    while let (Some(x), Some(y)) = (tokens.next(), tokens.next()) {
        let (a, b) = (x.min(y), x.max(y));
        let k = b - a;
        let five_k2 = 5i32.wrapping_mul(k).wrapping_mul(k);
        let cold = i64::from(a) == (i64::from(k) + isqrt(i64::from(five_k2))) / 2;
        out.push_str(if cold { "0\n" } else { "1\n" });
    }
    io::stdout()
        .write_all(out.as_bytes())
        .expect("write stdout");
}
