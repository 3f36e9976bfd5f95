//! Generator for hdu1404: `gen small|max <seed>` prints one input, a digit string of length 1..=6 per line
//! (leading zeros allowed).

use std::env;
use std::process;

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

/// `len` digits, each in 0..=top; a leading zero only when `lead_zero`.
fn digits(rng: &mut SplitMix64, len: u64, top: u64, lead_zero: bool) -> String {
    (0..len)
        .map(|i| {
            let d = match (i, lead_zero) {
                (0, true) => 0,
                (0, false) => rng.range(1, top.max(1)),
                _ => rng.range(0, top),
            };
            char::from(b'0' + d as u8)
        })
        .collect()
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
    let mut rng = SplitMix64(seed.wrapping_mul(0x2545_F491_4F6C_DD1D) ^ 1404);
    let mut out = String::new();
    if kind == "small" {
        // Length <= 5 with any digits, or length 6 with digits <= 3: a few thousand states for the brute force.
        let cases = if seed % 5 == 0 { 1 } else { rng.range(1, 12) };
        for _ in 0..cases {
            let lead_zero = rng.range(0, 4) == 0;
            let len = rng.range(1, 5);
            let s = match rng.range(0, 5) {
                0 => ["0", "00", "1", "10", "01", "000000", "100000", "11", "20"]
                    [rng.range(0, 8) as usize]
                    .to_string(),
                1 => digits(&mut rng, 6, 3, lead_zero),
                2 => digits(&mut rng, len, 2, lead_zero),
                _ => digits(&mut rng, len, 9, lead_zero),
            };
            out.push_str(&s);
            out.push('\n');
        }
    } else {
        // Odd seeds: lengths 1..=6, one string in ten with a leading zero; even seeds: length 6, no leading 0.
        for _ in 0..200_000 {
            let s = if seed % 2 == 1 {
                let len = rng.range(1, 6);
                let lead_zero = rng.range(0, 9) == 0;
                digits(&mut rng, len, 9, lead_zero)
            } else {
                digits(&mut rng, 6, 9, false)
            };
            out.push_str(&s);
            out.push('\n');
        }
    }
    print!("{out}");
}
