//! nod1381 generator: `gen small <seed>` (up to 50 radii, some beyond 32 bits) or `gen max <seed>`
//! (T = 10000 radii up to 1e10, with the 32-bit boundaries and R = 1e10 itself).

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

const LIMIT: u64 = 10_000_000_000;

/// Radii where 32-bit reading or doubling breaks: around 2^30, 2^31 and 2^32, and the top of the range.
const BOUNDARIES: [u64; 10] = [
    1_073_741_823,
    1_073_741_824,
    2_147_483_647,
    2_147_483_648,
    4_294_967_295,
    4_294_967_296,
    9_999_999_999,
    LIMIT,
    1,
    2,
];

fn radius(rng: &mut Rng) -> u64 {
    match rng.range(0, 5) {
        0 => rng.range(1, 10),
        1 => rng.range(1, 1000),
        2 => BOUNDARIES[rng.range(0, BOUNDARIES.len() as u64 - 1) as usize],
        3 => rng.range(1 << 31, LIMIT),
        _ => rng.range(1, LIMIT),
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
    let mut rng = Rng(seed ^ 0x1381);
    let radii: Vec<u64> = if kind == "small" {
        let t = if rng.next() % 5 == 0 {
            1
        } else {
            rng.range(1, 50)
        };
        (0..t).map(|_| radius(&mut rng)).collect()
    } else if seed == 1 {
        // mixed radii, every boundary included
        let mut v: Vec<u64> = BOUNDARIES.to_vec();
        while v.len() < 10_000 {
            v.push(radius(&mut rng));
        }
        v
    } else {
        // the largest radii only
        (0..10_000)
            .map(|_| LIMIT - rng.range(0, 1_000_000))
            .collect()
    };
    let mut out = format!("{}\n", radii.len());
    for r in radii {
        out.push_str(&format!("{r}\n"));
    }
    io::stdout()
        .write_all(out.as_bytes())
        .expect("write stdout");
}
