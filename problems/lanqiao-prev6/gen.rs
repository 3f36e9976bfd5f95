//! lanqiao-prev6 generator: `gen small <seed>` (rows of 1..=16 coins, checkable by brute.rs) or
//! `gen max <seed>` (rows of 999 coins). The target always differs from the start in an even number of
//! places, so it is reachable.

use std::io::{self, Write};

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    /// Uniform in lo..=hi.
    fn range(&mut self, lo: u64, hi: u64) -> u64 {
        lo + self.next() % (hi - lo + 1)
    }
}

fn flip(c: u8) -> u8 {
    if c == b'*' {
        b'o'
    } else {
        b'*'
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let seed = args.get(2).and_then(|s| s.parse::<u64>().ok());
    let (kind, seed) = match (args.get(1).map(String::as_str), seed) {
        (Some(k @ ("small" | "max")), Some(s)) => (k, s),
        _ => {
            eprintln!("usage: gen small|max <seed>");
            std::process::exit(2);
        }
    };
    let mut rng = Rng(seed ^ 0x0006);
    let len = if kind == "max" {
        999
    } else {
        [1, 2, 3, 5, 8, 12, 16][rng.range(0, 6) as usize]
    };
    // start row: all heads, all tails, or random
    let style = rng.range(0, 3);
    let start: Vec<u8> = (0..len)
        .map(|_| match style {
            0 => b'*',
            1 => b'o',
            _ => {
                if rng.next() % 2 == 0 {
                    b'*'
                } else {
                    b'o'
                }
            }
        })
        .collect();
    let mut target = start.clone();
    if kind == "max" && seed != 1 {
        // the longest answer: the only differences at both ends
        target[0] = flip(target[0]);
        target[len - 1] = flip(target[len - 1]);
    } else {
        // few (sparse) or many (dense) differences
        let density = if kind == "max" {
            50
        } else {
            [15, 35, 60][rng.range(0, 2) as usize]
        };
        let mut count = 0;
        for c in target.iter_mut() {
            if rng.range(1, 100) <= density {
                *c = flip(*c);
                count += 1;
            }
        }
        if count % 2 == 1 {
            let i = rng.range(0, len as u64 - 1) as usize;
            target[i] = flip(target[i]);
        }
    }
    let mut out = String::from_utf8(start).expect("ascii");
    out.push('\n');
    out.push_str(&String::from_utf8(target).expect("ascii"));
    out.push('\n');
    io::stdout()
        .write_all(out.as_bytes())
        .expect("write stdout");
}
