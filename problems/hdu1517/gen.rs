//! Generator for hdu1517: `gen small|max <seed>` prints one input, one n (2 <= n <= 4294967294) a line.

#[path = "../.shared/gen.rs"]
mod shared;

use shared::Rng;

const MAX_N: u64 = 4_294_967_294;

/// A value within 3 of a boundary 18^k or 9 * 18^k of the Stan intervals, clamped to 2..=MAX_N.
fn near_boundary(rng: &mut Rng) -> u64 {
    let k = rng.range(0, 7) as u32;
    let base = 18u64.pow(k) * if rng.range(0, 1) == 0 { 1 } else { 9 };
    (base + rng.range(0, 6)).saturating_sub(3).clamp(2, MAX_N)
}

fn main() {
    let (kind, seed) = shared::args(&["small", "max"]);
    let mut rng = Rng::scrambled(seed, 1517);
    let mut out = String::new();
    if kind == "small" {
        let cases = if seed % 4 == 0 { 1 } else { rng.range(1, 30) };
        for _ in 0..cases {
            let n = match rng.range(0, 5) {
                0 | 1 => rng.range(2, 400),
                2 => near_boundary(&mut rng),
                3 => rng.range(2, MAX_N),
                4 => rng.range(1 << 31, MAX_N),
                _ => [2, 3, 9, 10, 18, 19, MAX_N - 1, MAX_N][rng.range(0, 7) as usize],
            };
            out.push_str(&format!("{n}\n"));
        }
    } else {
        // Odd seeds: uniform over the whole range; even seeds: above 2^31 or at interval boundaries.
        for _ in 0..200_000 {
            let n = if seed % 2 == 1 {
                rng.range(2, MAX_N)
            } else if rng.range(0, 1) == 0 {
                rng.range(1 << 31, MAX_N)
            } else {
                near_boundary(&mut rng)
            };
            out.push_str(&format!("{n}\n"));
        }
    }
    shared::emit(&out);
}
