//! the C precedence bug `sg[m]^sg[n]^sg[p]==0`, which tests sg[m] ^ sg[n] ^ (sg[p] == 0).

use std::io::{self, Read, Write};

fn main() {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input).expect("read stdin");
    let mut fib = vec![1usize, 2];
    while fib[fib.len() - 1] + fib[fib.len() - 2] <= 1000 {
        fib.push(fib[fib.len() - 1] + fib[fib.len() - 2]);
    }
    let mut sg = vec![0u32; 1001];
    for x in 1..=1000 {
        let mut seen = 0u32;
        for &f in fib.iter().filter(|&&f| f <= x) {
            seen |= 1 << sg[x - f];
        }
        sg[x] = seen.trailing_ones();
    }
    let mut tokens = input
        .split_ascii_whitespace()
        .map(|t| t.parse::<usize>().expect("integer"));
    let mut out = String::new();
    while let (Some(m), Some(n), Some(p)) = (tokens.next(), tokens.next(), tokens.next()) {
        if m == 0 && n == 0 && p == 0 {
            break;
        }
        // C: if (sg[m] ^ sg[n] ^ sg[p] == 0) puts("Nacci"); else puts("Fibo");
        let nacci = sg[m] ^ sg[n] ^ u32::from(sg[p] == 0) != 0;
        out.push_str(if nacci { "Nacci\n" } else { "Fibo\n" });
    }
    io::stdout()
        .write_all(out.as_bytes())
        .expect("write stdout");
}
