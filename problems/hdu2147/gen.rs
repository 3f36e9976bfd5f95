//! hdu2147 generator: `gen small|max <seed>` prints one input (lines `n m`, then `0 0`).

#[path = "../.shared/gen.rs"]
mod shared;

use shared::Rng;

fn main() {
    let (kind, seed) = shared::args(&["small", "max"]);
    let mut rng = Rng(seed);
    let mut out = String::new();
    match kind {
        "small" => {
            // Some files hold one case; sides up to a seed-dependent cap (at most 40), so 1 x 1, 1 x m, squares
            // and every parity mix come up.
            let cases = if seed % 4 == 0 { 1 } else { rng.range(1, 30) };
            let cap = [2, 5, 12, 40][(seed % 4) as usize];
            for _ in 0..cases {
                let n = rng.range(1, cap);
                let m = if rng.range(0, 4) == 0 {
                    n
                } else {
                    rng.range(1, cap)
                };
                out.push_str(&format!("{n} {m}\n"));
            }
        }
        "max" => {
            // 100000 cases with sides up to 2000; odd seeds uniform, even seeds near the limit (1990..=2000).
            let lo = if seed % 2 == 1 { 1 } else { 1990 };
            for _ in 0..100_000 {
                let n = rng.range(lo, 2000);
                let m = rng.range(lo, 2000);
                out.push_str(&format!("{n} {m}\n"));
            }
        }
        _ => unreachable!(),
    }
    out.push_str("0 0\n");
    shared::emit(&out);
}
