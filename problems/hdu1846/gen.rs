//! hdu1846 generator: `gen small|max <seed>` prints one input (C cases of `n m`), deterministic in the arguments.

#[path = "../.shared/gen.rs"]
mod shared;

use shared::Rng;

/// One case drawn with values up to `cap`, biased towards the shapes that matter:
/// n a multiple of m + 1 (second wins), m >= n, and the extremes 1 and cap.
fn case(rng: &mut Rng, cap: u64) -> (u64, u64) {
    match rng.range(0, 5) {
        0 => {
            let m = rng.range(1, cap - 1);
            let k = rng.range(1, (cap / (m + 1)).max(1));
            ((k * (m + 1)).min(cap), m)
        }
        1 => {
            let n = rng.range(1, cap);
            (n, rng.range(n, cap))
        }
        2 => {
            let pick = |rng: &mut Rng| [1, 2, cap - 1, cap][rng.range(0, 3) as usize];
            (pick(rng), pick(rng))
        }
        _ => (rng.range(1, cap), rng.range(1, cap)),
    }
}

fn small(rng: &mut Rng) -> Vec<(u64, u64)> {
    let count = match rng.range(0, 3) {
        0 => 1,
        1 => rng.range(1, 5),
        _ => rng.range(1, 100),
    };
    let cap = [5, 12, 60][rng.range(0, 2) as usize];
    (0..count).map(|_| case(rng, cap)).collect()
}

fn max(rng: &mut Rng) -> Vec<(u64, u64)> {
    (0..100).map(|_| case(rng, 1000)).collect()
}

fn main() {
    let (kind, seed) = shared::args(&["small", "max"]);
    let mut rng = Rng(seed);
    let cases = match kind {
        "small" => small(&mut rng),
        "max" => max(&mut rng),
        _ => unreachable!(),
    };
    let mut out = format!("{}\n", cases.len());
    for (n, m) in cases {
        out.push_str(&format!("{n} {m}\n"));
    }
    shared::emit(&out);
}
