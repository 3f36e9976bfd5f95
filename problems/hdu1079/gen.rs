//! Generator for hdu1079: `gen small|max <seed>` prints one input: T, then T dates `YYYY M D` between
//! 1900-01-01 and 2001-11-04 (Gregorian calendar).

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

fn days_in_month(y: u64, m: u64) -> u64 {
    let leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
    match m {
        2 if leap => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

fn in_range(y: u64, m: u64, d: u64) -> bool {
    (1900..=2001).contains(&y) && d >= 1 && d <= days_in_month(y, m) && (y, m, d) <= (2001, 11, 4)
}

/// A uniformly random valid date (rejection sampling).
fn any_date(rng: &mut SplitMix64) -> (u64, u64, u64) {
    loop {
        let (y, m, d) = (rng.range(1900, 2001), rng.range(1, 12), rng.range(1, 31));
        if in_range(y, m, d) {
            return (y, m, d);
        }
    }
}

/// A date next to a pitfall: Sept 30 / Nov 30 and their neighbours, month ends, leap days, the two ends.
fn special_date(rng: &mut SplitMix64) -> (u64, u64, u64) {
    loop {
        let y = match rng.range(0, 3) {
            0 => [1900, 2000, 1996, 2001][rng.range(0, 3) as usize],
            _ => rng.range(1900, 2001),
        };
        let (m, d) = match rng.range(0, 5) {
            0 => [(9, 30), (11, 30), (9, 29), (11, 29), (10, 1), (12, 1)][rng.range(0, 5) as usize],
            1 => (rng.range(1, 12), 31 - rng.range(0, 3)),
            2 => (2, 27 + rng.range(0, 2)),
            3 => (rng.range(1, 12), rng.range(1, 2)),
            4 => {
                return [(2001, 11, 4), (2001, 11, 3), (2001, 10, 4), (1900, 1, 1)]
                    [rng.range(0, 3) as usize]
            }
            _ => (rng.range(10, 11), rng.range(1, 31)),
        };
        if in_range(y, m, d) {
            return (y, m, d);
        }
    }
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
    let mut rng = SplitMix64(seed.wrapping_mul(0x2545_F491_4F6C_DD1D) ^ 1079);
    let (cases, special_share) = if kind == "small" {
        (if seed % 5 == 0 { 1 } else { rng.range(1, 30) }, 50)
    } else {
        // Odd seeds: uniform dates; even seeds: only dates next to the pitfalls.
        (100_000, if seed % 2 == 1 { 0 } else { 100 })
    };
    let mut out = format!("{cases}\n");
    for _ in 0..cases {
        let (y, m, d) = if rng.range(1, 100) <= special_share {
            special_date(&mut rng)
        } else {
            any_date(&mut rng)
        };
        out.push_str(&format!("{y} {m} {d}\n"));
    }
    print!("{out}");
}
