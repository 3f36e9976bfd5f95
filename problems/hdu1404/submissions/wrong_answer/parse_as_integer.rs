//! reads each string as an integer (like scanf("%d")), so "01" becomes "1" and the leading-zero win is lost.

use std::io::{self, Read, Write};

fn main() {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input).expect("read stdin");
    let mut wins = vec![false; 1_000_000];
    for i in 1..1_000_000usize {
        if wins[i] {
            continue;
        }
        let len = i.to_string().len();
        let mut place = 1;
        for _ in 0..len {
            let digit = i / place % 10;
            for higher in digit + 1..=9 {
                wins[i + (higher - digit) * place] = true;
            }
            place *= 10;
        }
        for tail in 0..6usize.saturating_sub(len) {
            let base = i * 10usize.pow(tail as u32 + 1);
            for rest in 0..10usize.pow(tail as u32) {
                wins[base + rest] = true;
            }
        }
    }
    let mut out = String::new();
    for token in input.split_ascii_whitespace() {
        let n: usize = token.parse().expect("integer");
        // The value 0 ("0", "00", ...) is still recognised as the empty-after-erase win.
        out.push_str(if n == 0 || wins[n] { "Yes\n" } else { "No\n" });
    }
    io::stdout()
        .write_all(out.as_bytes())
        .expect("write stdout");
}
