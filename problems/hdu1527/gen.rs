//! hdu1527 generator: `gen small <seed>` (piles <= 200, checkable by brute.rs) or `gen max <seed>`
//! (100000 lines, piles up to 1e9, with every cold position that an f64 golden ratio misjudges).

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

const LIMIT: u64 = 1_000_000_000;

/// k values (b - a of a cold position, b <= 1e9) where `(k as f64 * phi) as u64` is one too big;
/// found by an exhaustive scan over every k and confirmed with 60-digit decimal arithmetic.
const F64_TRAPS: [u64; 14] = [
    102334155, 141422324, 180510493, 204668310, 219598662, 243756479, 267914296, 282844648,
    307002465, 321932817, 336863169, 346090634, 361020986, 370248451,
];

fn isqrt(n: u64) -> u64 {
    let mut r = (n as f64).sqrt() as u64;
    while r * r > n {
        r -= 1;
    }
    while (r + 1) * (r + 1) <= n {
        r += 1;
    }
    r
}

/// The k-th cold position (a_k, a_k + k).
fn cold(k: u64) -> (u64, u64) {
    let a = (k + isqrt(5 * k * k)) / 2;
    (a, a + k)
}

/// Largest k whose cold position fits under `bound`.
fn max_k(bound: u64) -> u64 {
    let mut k = bound / 1000 * 382 + 382;
    while cold(k).1 > bound {
        k -= 1;
    }
    k
}

fn push(out: &mut String, rng: &mut Rng, a: u64, b: u64) {
    let (a, b) = if rng.next() % 2 == 0 { (a, b) } else { (b, a) };
    out.push_str(&format!("{a} {b}\n"));
}

fn small(rng: &mut Rng) -> String {
    let bound = [1, 2, 3, 10, 20, 50, 100, 150, 200][rng.range(0, 8) as usize];
    let lines = if rng.next() % 5 == 0 {
        1
    } else {
        rng.range(1, 40)
    };
    let kmax = max_k(bound);
    let mut out = String::new();
    for _ in 0..lines {
        match rng.range(0, 9) {
            0..=2 => {
                let (a, b) = cold(rng.range(0, kmax));
                push(&mut out, rng, a, b);
            }
            3 => {
                let (a, b) = cold(rng.range(0, kmax));
                let (a, b) = match rng.range(0, 3) {
                    0 => (a + 1, b),
                    1 => (a, b + 1),
                    2 => (a + 1, b + 1),
                    _ => (a.saturating_sub(1), b),
                };
                push(&mut out, rng, a.min(bound), b.min(bound));
            }
            4 => {
                let a = rng.range(0, bound);
                push(&mut out, rng, a, a);
            }
            5 => {
                let b = rng.range(0, bound);
                push(&mut out, rng, 0, b);
            }
            _ => {
                let (a, b) = (rng.range(0, bound), rng.range(0, bound));
                push(&mut out, rng, a, b);
            }
        }
    }
    out
}

fn max(rng: &mut Rng, seed: u64) -> String {
    const LINES: usize = 100_000;
    let kmax = max_k(LIMIT);
    let mut fixed = vec![
        (0, 0),
        (LIMIT, LIMIT),
        (0, LIMIT),
        (LIMIT - 1, LIMIT),
        cold(kmax),
    ];
    let (a, b) = cold(kmax);
    fixed.push((a + 1, b + 1));
    for &k in &F64_TRAPS {
        let (a, b) = cold(k);
        fixed.push((a, b));
        fixed.push((a + 1, b + 1));
    }
    let mut rows: Vec<(u64, u64)> = Vec::with_capacity(LINES);
    rows.extend(&fixed);
    while rows.len() < LINES {
        // seed 1: a mix of cold, near-cold and random positions; other seeds: cold and near-cold only.
        let kind = if seed == 1 {
            rng.range(0, 3)
        } else {
            rng.range(0, 1)
        };
        let k = rng.range(kmax / 2, kmax);
        let (a, b) = cold(k);
        rows.push(match kind {
            0 => (a, b),
            1 => match rng.range(0, 2) {
                0 => (a + 1, b + 1),
                1 => (a - 1, b),
                _ => (a, b + 1),
            },
            _ => (rng.range(0, LIMIT), rng.range(0, LIMIT)),
        });
    }
    // Spread the fixed rows over the file.
    for i in (1..rows.len()).rev() {
        let j = rng.range(0, i as u64) as usize;
        rows.swap(i, j);
    }
    let mut out = String::with_capacity(LINES * 22);
    for (a, b) in rows {
        push(&mut out, rng, a, b);
    }
    out
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
    let mut rng = Rng(seed ^ 0x1527);
    let text = if kind == "small" {
        small(&mut rng)
    } else {
        max(&mut rng, seed)
    };
    io::stdout()
        .write_all(text.as_bytes())
        .expect("write stdout");
}
