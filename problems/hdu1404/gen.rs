//! Generator for hdu1404: `gen small|max <seed>` prints one input, a digit string of length 1..=6 per line
//! (leading zeros allowed).

#[path = "../.shared/gen.rs"]
mod shared;

use shared::Rng;

/// `len` digits, each in 0..=top; a leading zero only when `lead_zero`.
fn digits(rng: &mut Rng, len: u64, top: u64, lead_zero: bool) -> String {
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
    let (kind, seed) = shared::args(&["small", "max"]);
    let mut rng = Rng::scrambled(seed, 1404);
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
            // The largest string, 999999, first in the length-6 test: random digits alone rarely reach it.
            let s = match (seed % 2, out.is_empty()) {
                (0, true) => "999999".to_string(),
                _ => s,
            };
            out.push_str(&s);
            out.push('\n');
        }
    }
    shared::emit(&out);
}
