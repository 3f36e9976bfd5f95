//! hdu1847 generator: `gen small <seed>` (up to 50 piles) or `gen max <seed>` (100000 piles: random for
//! seed 1, every n from 1 to 1000 a hundred times over for other seeds). All piles in 1..=1000.

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
    let mut rng = Rng(seed ^ 0x1847);
    let piles: Vec<u64> = if kind == "small" {
        let count = if rng.next() % 5 == 0 {
            1
        } else {
            rng.range(1, 50)
        };
        let top = [3, 10, 100, 1000][rng.range(0, 3) as usize];
        (0..count)
            .map(|_| match rng.range(0, 5) {
                0 => 1,
                1 => top,
                2 => 3 * rng.range(1, top / 3),
                _ => rng.range(1, top),
            })
            .collect()
    } else if seed == 1 {
        (0..100_000).map(|_| rng.range(1, 1000)).collect()
    } else {
        (0..100_000).map(|i| i % 1000 + 1).collect()
    };
    let mut out = String::with_capacity(piles.len() * 5);
    for p in piles {
        out.push_str(&format!("{p}\n"));
    }
    io::stdout()
        .write_all(out.as_bytes())
        .expect("write stdout");
}
