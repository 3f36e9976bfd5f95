//! hdu2188 generator: `gen small|max <seed>` prints one input (a count C, then C lines `n m`).

#[path = "../.shared/gen.rs"]
mod shared;

use shared::Rng;

fn main() {
    let (kind, seed) = shared::args(&["small", "max"]);
    let mut rng = Rng(seed);
    let mut cases = Vec::new();
    match kind {
        "small" => {
            // Some files hold one case; n up to a seed-dependent cap, with n <= m, n a multiple of m + 1 and
            // n = 1 all likely.
            let count = if seed % 4 == 0 { 1 } else { rng.range(1, 30) };
            let cap = [4, 15, 60, 300][(seed % 4) as usize];
            for _ in 0..count {
                let m = rng.range(1, 10);
                let n = match rng.range(0, 4) {
                    0 => ((m + 1) * rng.range(1, (cap / (m + 1)).max(1))).min(9999),
                    1 => rng.range(1, m),
                    _ => rng.range(1, cap),
                };
                cases.push((n, m));
            }
        }
        "max" => {
            // 100000 cases at the (unconfirmed) limits: n up to 9999, m from 1 to 10; even seeds put every n
            // on or next to a multiple of m + 1.
            for _ in 0..100_000 {
                let m = rng.range(1, 10);
                let n = if seed % 2 == 1 {
                    rng.range(1, 9999)
                } else {
                    // k >= 2 and k <= 9999, so k - 1 and min(k + 1, 9999) stay in range.
                    let k = (m + 1) * rng.range(1, 9999 / (m + 1));
                    match rng.range(0, 2) {
                        0 => k,
                        1 => k - 1,
                        _ => (k + 1).min(9999),
                    }
                };
                cases.push((n, m));
            }
        }
        _ => unreachable!(),
    }
    let mut out = format!("{}\n", cases.len());
    for (n, m) in cases {
        out.push_str(&format!("{n} {m}\n"));
    }
    shared::emit(&out);
}
