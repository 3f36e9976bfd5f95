//! wythoff-move generator: `gen small <seed>` (piles <= 80, checkable by brute.rs) or `gen max <seed>`
//! (T = 10^5, piles up to 10^18), deterministic in the arguments. Positions are drawn around the lost pairs
//! (L(k), L(k) + k): the pair itself, a pair plus t on both piles (won by the diagonal move), a pair plus t on
//! one pile, off-by-one neighbours, equal piles, an empty pile, and uniform ones; either order. `max` also
//! holds the extremes (0 / 10^18, the largest pair (618033988749894848, 10^18)) and the pairs where an f64
//! golden ratio first goes wrong; odd seeds draw k up to the limit, even seeds draw k of every bit length.
//! `gen fib <seed>` puts positions next to the lost pairs whose k·φ is nearest an integer: k a Fibonacci
//! number (|F(n)·φ − F(n+1)| = φ^−n), and with seed 2 also sums and differences of two far-apart Fibonacci
//! numbers, up to the top of the range. A golden ratio of 64 bits, 113 bits (quad) or 28 decimal digits is
//! right on random positions and wrong on these.

#[path = "../.shared/gen.rs"]
mod shared;

use shared::Rng;

/// In 1..=cap (cap >= 1), with a random bit length, so that small values are as common as large ones.
fn amount(rng: &mut Rng, cap: u64) -> u64 {
    let bits = rng.range(0, 62);
    rng.range(1, cap.min(1 << bits))
}

const LIMIT: u64 = 1_000_000_000_000_000_000;

/// k values (b - a of a lost pair) where `(k as f64 * phi) as u64` is one too big: the first ones below 10^9.
const F64_TRAPS: [u64; 6] = [
    102334155, 141422324, 180510493, 204668310, 219598662, 370248451,
];

/// floor(sqrt(n)), exactly (integer Newton from above the root).
fn isqrt(n: u128) -> u128 {
    if n < 2 {
        return n;
    }
    let mut x = 1u128 << ((129 - n.leading_zeros()) / 2);
    loop {
        let y = (x + n / x) / 2;
        if y >= x {
            return x;
        }
        x = y;
    }
}

/// The k-th lost pair (L(k), L(k) + k), L(k) = floor(k phi); 5k² < 2^128 for k <= 10^18.
fn cold(k: u64) -> (u64, u64) {
    let k128 = u128::from(k);
    let a = ((k128 + isqrt(5 * k128 * k128)) / 2) as u64;
    (a, a + k)
}

/// Largest k whose pair fits under `bound` (the pair of bound + 1 never does: its larger pile is >= k).
fn max_k(bound: u64) -> u64 {
    let (mut lo, mut hi) = (0, bound + 1);
    while hi - lo > 1 {
        let mid = lo + (hi - lo) / 2;
        if cold(mid).1 <= bound {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    lo
}

/// One position around pair k, kept under `bound`.
fn position(rng: &mut Rng, k: u64, bound: u64) -> (u64, u64) {
    let (a, b) = cold(k);
    let room = bound - b;
    let (a, b) = match rng.range(0, 9) {
        0..=2 => (a, b),
        3 if room > 0 => {
            let t = amount(rng, room);
            (a + t, b + t)
        }
        4 if room > 0 => (a, b + amount(rng, room)),
        5 => match rng.range(0, 3) {
            0 => (a + 1, b),
            1 => (a, (b + 1).min(bound)),
            2 => (a + 1, (b + 1).min(bound)),
            _ => (a.saturating_sub(1), b),
        },
        6 => {
            let x = rng.range(0, bound);
            (x, x)
        }
        7 => (0, rng.range(0, bound)),
        _ => (rng.range(0, bound), rng.range(0, bound)),
    };
    if rng.range(0, 1) == 0 {
        (a, b)
    } else {
        (b, a)
    }
}

fn small(rng: &mut Rng) -> Vec<(u64, u64)> {
    let bound = [1, 2, 3, 10, 20, 50, 80][rng.range(0, 6) as usize];
    let lines = if rng.range(0, 4) == 0 {
        1
    } else {
        rng.range(1, 40)
    };
    let kmax = max_k(bound);
    (0..lines)
        .map(|_| {
            let k = rng.range(0, kmax);
            position(rng, k, bound)
        })
        .collect()
}

fn max(rng: &mut Rng, seed: u64) -> Vec<(u64, u64)> {
    const LINES: usize = 100_000;
    let kmax = max_k(LIMIT);
    let (a, b) = cold(kmax);
    let mut rows = vec![
        (0, 0),
        (LIMIT, LIMIT),
        (0, LIMIT),
        (LIMIT, 0),
        (LIMIT - 1, LIMIT),
        (a, b),
        (b, a),
        (a + 1, b),
        (a - 1, b),
        (b, a - 1),
    ];
    for &k in &F64_TRAPS {
        let (a, b) = cold(k);
        rows.extend([(a, b), (b, a), (a + 1, b + 1)]);
    }
    while rows.len() < LINES {
        let k = if seed % 2 == 1 {
            rng.range(0, kmax)
        } else {
            let shift = rng.range(0, 58);
            rng.range(0, kmax >> shift)
        };
        rows.push(position(rng, k, LIMIT));
    }
    // Spread the fixed rows over the file.
    for i in (1..rows.len()).rev() {
        let j = rng.range(0, i as u64) as usize;
        rows.swap(i, j);
    }
    rows
}

/// F(0) = 0, F(1) = 1, ..., every Fibonacci number up to the limit.
fn fibonacci() -> Vec<u64> {
    let mut f = vec![0u64, 1];
    while f[f.len() - 1] + f[f.len() - 2] <= LIMIT {
        f.push(f[f.len() - 1] + f[f.len() - 2]);
    }
    f
}

/// Positions next to the lost pair k (a, b): the pair, one step away along the diagonal or on one pile, a
/// random distance along the diagonal or up the bigger pile, the bigger member with a longer pile, and when
/// the pair does not fit (b > 10^18) its smaller member against piles that do. Both orders, all <= 10^18.
fn around(rng: &mut Rng, k: u64, rows: &mut Vec<(u64, u64)>) {
    let (a, b) = cold(k);
    let a = u128::from(a);
    let b = u128::from(b);
    let limit = u128::from(LIMIT);
    let mut near = vec![
        (a, b),
        (a + 1, b + 1),
        (a, b + 1),
        (a + 1, b),
        (a.saturating_sub(1), b),
        (a, b - 1),
        (a.saturating_sub(1), b.saturating_sub(1)),
        (b, b + 1),
    ];
    if b < limit {
        let room = (limit - b) as u64;
        let t = u128::from(amount(rng, room));
        near.extend([(a + t, b + t), (a, b + t), (b, b + t)]);
    }
    if a < limit {
        let room = (limit - a) as u64;
        near.extend([
            (a, a + u128::from(amount(rng, room))),
            (a, limit),
            (a + 1, limit),
        ]);
    }
    for (x, y) in near {
        if y <= limit && x <= limit && (x, y) != (0, 0) {
            let (x, y) = (x as u64, y as u64);
            rows.extend([(x, y), (y, x)]);
        }
    }
}

/// Positions around the pairs of Fibonacci k (seed 1), or of k = F(n) ± F(m) with n - m >= 2 (seed 2: k·φ is
/// within φ^−m + φ^−n of an integer), shuffled.
fn fib(rng: &mut Rng, seed: u64) -> Vec<(u64, u64)> {
    let f = fibonacci();
    let top = f.len() - 1;
    let mut ks = Vec::new();
    if seed % 2 == 1 {
        ks.extend(f[2..].iter().copied());
    } else {
        for n in (40..=top).rev() {
            for m in [n - 2, n - 3, n - 10, n / 2, 30] {
                ks.push(f[n] - f[m]);
                if f[n] + f[m] <= LIMIT {
                    ks.push(f[n] + f[m]);
                }
            }
            let m = rng.range(20, (n - 2) as u64) as usize;
            ks.push(f[n] - f[m]);
        }
    }
    let mut rows = Vec::new();
    for k in ks {
        if cold(k).0 <= LIMIT {
            around(rng, k, &mut rows);
        }
    }
    rng.shuffle(&mut rows);
    rows
}

fn main() {
    let (kind, seed) = shared::args(&["small", "max", "fib"]);
    let mut rng = Rng(seed);
    let rows = match kind {
        "small" => small(&mut rng),
        "fib" => fib(&mut rng, seed),
        _ => max(&mut rng, seed),
    };
    let mut out = String::with_capacity(rows.len() * 40);
    out.push_str(&format!("{}\n", rows.len()));
    for (a, b) in rows {
        out.push_str(&format!("{a} {b}\n"));
    }
    shared::emit(&out);
}
