//! bzoj2017 generator: `gen small|max <seed>` prints one input (N, then N coin values one per line),
//! deterministic in the arguments.

#[path = "../.shared/gen.rs"]
mod shared;

use shared::Rng;

/// N coins in one of several shapes: all equal, tiny values (many ties), a few huge coins among small ones,
/// increasing towards the bottom, or uniform in 1..=100000.
fn coins(rng: &mut Rng, n: usize) -> Vec<u64> {
    match rng.range(0, 5) {
        0 => vec![rng.range(1, 100_000); n],
        1 => (0..n).map(|_| rng.range(1, 3)).collect(),
        2 => (0..n)
            .map(|_| {
                if rng.range(0, 4) == 0 {
                    100_000
                } else {
                    rng.range(1, 10)
                }
            })
            .collect(),
        3 => (1..=n as u64).map(|i| i * 7 % 100_000 + 1).collect(),
        _ => (0..n).map(|_| rng.range(1, 100_000)).collect(),
    }
}

fn main() {
    let (kind, seed) = shared::args(&["small", "max"]);
    let mut rng = Rng(seed);
    let values = match kind {
        // 5..=40 coins: the memoised brute force answers in milliseconds.
        "small" => {
            let n = if rng.range(0, 3) == 0 {
                5
            } else {
                rng.range(5, 40) as usize
            };
            coins(&mut rng, n)
        }
        // N = 2000; seed 1 is every coin 100000 (largest sums), other seeds random values.
        "max" => {
            if seed == 1 {
                vec![100_000; 2000]
            } else {
                (0..2000).map(|_| rng.range(1, 100_000)).collect()
            }
        }
        _ => unreachable!(),
    };
    let mut out = format!("{}\n", values.len());
    for v in values {
        out.push_str(&format!("{v}\n"));
    }
    shared::emit(&out);
}
