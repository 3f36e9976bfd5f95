//! hdu1527 generator: `gen small <seed>` (piles <= 200, checkable by brute.rs) or `gen max <seed>`
//! (100000 lines, piles up to 1e9, with every cold position that an f64 golden ratio misjudges).

#[path = "../.shared/gen.rs"]
mod shared;

use shared::Rng;

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
    rng.shuffle(&mut rows);
    let mut out = String::with_capacity(LINES * 22);
    for (a, b) in rows {
        push(&mut out, rng, a, b);
    }
    out
}

fn main() {
    let (kind, seed) = shared::args(&["small", "max"]);
    let mut rng = Rng(seed ^ 0x1527);
    let text = if kind == "small" {
        small(&mut rng)
    } else {
        max(&mut rng, seed)
    };
    shared::emit(&text);
}
