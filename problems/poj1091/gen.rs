//! poj1091 generator: `gen small|max <seed>` prints one input `N M`, deterministic in the arguments. `small`
//! keeps within subtask 1's bound (statement.md: `M^N <= 200000`) and asserts it, as `validate --small`
//! checks it.

#[path = "../.shared/gen.rs"]
mod shared;

use shared::Rng;

/// Largest M with M^n <= 200000 (the brute force enumerates M^n cards), capped at 60.
fn max_m(n: u32) -> u64 {
    (1..=60u64)
        .take_while(|m| m.pow(n) <= 200_000)
        .last()
        .unwrap_or(1)
}

/// Small cases, biased towards the shapes that matter: M = 1, M prime, M with a prime factor above √M
/// (trial division leaves it over), prime powers, several distinct primes, N = 1 (Euler's phi).
fn small(rng: &mut Rng) -> (u32, u64) {
    let n = match rng.range(0, 9) {
        0 => 1,
        1..=4 => 2,
        5..=7 => 3,
        _ => rng.range(4, 6) as u32,
    };
    let cap = max_m(n);
    let shapes: Vec<u64> = [1u64, 2, 6, 10, 12, 14, 22, 30, 36, 42, 46, 49, 58, 60]
        .into_iter()
        .filter(|&m| m <= cap)
        .collect();
    let m = match rng.range(0, 4) {
        0 => shapes[rng.range(0, shapes.len() as u64 - 1) as usize],
        1 => cap,
        _ => rng.range(1, cap),
    };
    assert!(
        m.checked_pow(n).is_some_and(|cards| cards <= 200_000),
        "subtask 1's bound"
    );
    (n, m)
}

/// N = 15 and M at the limit: seed 1 is M = 10^8, seed 2 has eight distinct primes (256 terms), seed 3 is
/// the largest prime below 10^8, other seeds draw M from [9·10^7, 10^8].
fn max(rng: &mut Rng, seed: u64) -> (u32, u64) {
    let m = match seed {
        1 => 100_000_000,
        2 => 96_996_900,
        3 => 99_999_989,
        _ => rng.range(90_000_000, 100_000_000),
    };
    (15, m)
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
