//! Generator for hdu1517: `gen small|max <seed>` prints one input, one n (2 <= n <= 4294967294) a line.

use std::env;
use std::process;

const MAX_N: u64 = 4_294_967_294;

struct SplitMix64(u64);

impl SplitMix64 {
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

/// A value within 3 of a boundary 18^k or 9 * 18^k of the Stan intervals, clamped to 2..=MAX_N.
fn near_boundary(rng: &mut SplitMix64) -> u64 {
    let k = rng.range(0, 7) as u32;
    let base = 18u64.pow(k) * if rng.range(0, 1) == 0 { 1 } else { 9 };
    (base + rng.range(0, 6)).saturating_sub(3).clamp(2, MAX_N)
}

fn main() {
    let args: Vec<String> = env::args().collect();
    let (kind, seed) = match (args.get(1), args.get(2).and_then(|s| s.parse::<u64>().ok())) {
        (Some(k), Some(s)) if k == "small" || k == "max" => (k.clone(), s),
        _ => {
            eprintln!("usage: gen small|max <seed>");
            process::exit(2);
        }
    };
    let mut rng = SplitMix64(seed.wrapping_mul(0x2545_F491_4F6C_DD1D) ^ 1517);
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
    print!("{out}");
}
