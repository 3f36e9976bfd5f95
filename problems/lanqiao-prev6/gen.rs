//! lanqiao-prev6 generator: `gen small <seed>` (rows of 1..=16 coins, checkable by brute.rs) or
//! `gen max <seed>` (rows of 999 coins). The target always differs from the start in an even number of
//! places, so it is reachable.

#[path = "../.shared/gen.rs"]
mod shared;

use shared::Rng;

fn flip(c: u8) -> u8 {
    if c == b'*' {
        b'o'
    } else {
        b'*'
    }
}

fn main() {
    let (kind, seed) = shared::args(&["small", "max"]);
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
    shared::emit(&out);
}
