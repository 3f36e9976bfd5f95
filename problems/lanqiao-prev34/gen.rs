//! lanqiao-prev34 generator: `gen small|max <seed>` prints one input `n m`, deterministic in the arguments.

#[path = "../.shared/gen.rs"]
mod shared;

use shared::Rng;

/// One side of a small grid (the brute force simulates every flip), biased towards perfect squares and
/// their neighbours, where the answer steps.
fn small_side(rng: &mut Rng, cap: u64) -> u64 {
    match rng.range(0, 3) {
        0 => {
            let root = rng.range(1, 12);
            (root * root).min(cap)
        }
        1 => {
            let root = rng.range(2, 12);
            (root * root - 1).min(cap)
        }
        _ => rng.range(1, cap),
    }
}

fn small(rng: &mut Rng) -> (String, String) {
    let cap = [3, 12, 60, 144][rng.range(0, 3) as usize];
    (
        small_side(rng, cap).to_string(),
        small_side(rng, cap).to_string(),
    )
}

/// A random number with exactly `len` decimal digits.
fn digits(rng: &mut Rng, len: usize) -> String {
    (0..len)
        .map(|i| {
            let lo = if i == 0 { 1 } else { 0 };
            char::from(b'0' + rng.range(lo, 9) as u8)
        })
        .collect()
}

/// n, m at the limit 10^1000: seed 1 is 10^1000 twice; seed 2 is (10^500 - 1)^2, a perfect square, and
/// that minus one (roots differ by one); other seeds draw two random 1000-digit numbers.
fn max(rng: &mut Rng, seed: u64) -> (String, String) {
    match seed {
        1 => {
            let ten_1000 = format!("1{}", "0".repeat(1000));
            (ten_1000.clone(), ten_1000)
        }
        2 => (
            format!("{}8{}1", "9".repeat(499), "0".repeat(499)),
            format!("{}8{}0", "9".repeat(499), "0".repeat(499)),
        ),
        _ => (digits(rng, 1000), digits(rng, 1000)),
    }
}

fn main() {
    let (kind, seed) = shared::args(&["small", "max"]);
    let mut rng = Rng(seed);
    let (n, m) = match kind {
        "small" => small(&mut rng),
        "max" => max(&mut rng, seed),
        _ => unreachable!(),
    };
    shared::emit(&format!("{n} {m}\n"));
}
