//! Generator for hdu1079: `gen small|max <seed>` prints one input: T, then T dates `YYYY M D` between
//! 1900-01-01 and 2001-11-04 (Gregorian calendar).

#[path = "../.shared/gen.rs"]
mod shared;

use shared::Rng;

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
fn any_date(rng: &mut Rng) -> (u64, u64, u64) {
    loop {
        let (y, m, d) = (rng.range(1900, 2001), rng.range(1, 12), rng.range(1, 31));
        if in_range(y, m, d) {
            return (y, m, d);
        }
    }
}

/// A date next to a pitfall: Sept 30 / Nov 30 and their neighbours, month ends, leap days, the two ends.
fn special_date(rng: &mut Rng) -> (u64, u64, u64) {
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
    let (kind, seed) = shared::args(&["small", "max"]);
    let mut rng = Rng::scrambled(seed, 1079);
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
    shared::emit(&out);
}
