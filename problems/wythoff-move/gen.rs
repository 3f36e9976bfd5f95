//! wythoff-move generator: `gen small <seed>` (piles <= 80, checkable by brute.rs) or `gen max <seed>`
//! (T = 10^5, piles up to 10^18), deterministic in the arguments. Positions are drawn around the lost pairs
//! (L(k), L(k) + k): the pair itself, a pair plus t on both piles (won by the diagonal move), a pair plus t on
//! one pile, off-by-one neighbours, equal piles, an empty pile, and uniform ones; either order. `max` also
//! holds the extremes (0 / 10^18, the largest pair (618033988749894848, 10^18)) and the pairs where an f64
//! golden ratio first goes wrong; odd seeds draw k up to the limit, even seeds draw k of every bit length.

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

fn main() {
    let (kind, seed) = shared::args(&["small", "max"]);
    let mut rng = Rng(seed);
    let rows = match kind {
        "small" => small(&mut rng),
        _ => max(&mut rng, seed),
    };
    let mut out = String::with_capacity(rows.len() * 40);
    out.push_str(&format!("{}\n", rows.len()));
    for (a, b) in rows {
        out.push_str(&format!("{a} {b}\n"));
    }
    shared::emit(&out);
}
