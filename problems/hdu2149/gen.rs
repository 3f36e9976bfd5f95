//! hdu2149 generator: `gen small|max <seed>` prints one input (pairs `M N` until EOF).

#[path = "../.shared/gen.rs"]
mod shared;

use shared::Rng;

fn main() {
    let (kind, seed) = shared::args(&["small", "max"]);
    let mut rng = Rng(seed);
    let mut out = String::new();
    match kind {
        "small" => {
            // Some files hold one case; values from 1 to a seed-dependent cap, so N >= M, N = M, M a multiple
            // of N + 1 and M = 1 all come up.
            let cases = if seed % 4 == 0 { 1 } else { rng.range(1, 30) };
            let cap = [3, 8, 20, 60][(seed % 4) as usize];
            for _ in 0..cases {
                let m;
                let n;
                match rng.range(0, 5) {
                    0 => {
                        n = rng.range(1, cap);
                        m = (n + 1) * rng.range(1, (cap / (n + 1)).max(1));
                    }
                    1 => {
                        m = rng.range(1, cap);
                        n = m;
                    }
                    2 => {
                        m = rng.range(1, cap);
                        n = rng.range(m, cap.max(m));
                    }
                    _ => {
                        m = rng.range(1, cap);
                        n = rng.range(1, cap);
                    }
                }
                out.push_str(&format!("{m} {n}\n"));
            }
        }
        "max" => {
            // Odd seeds: 100000 Bash-type cases (N < M) over the whole range. Even seeds: 800 cases with N >= M,
            // each answer a line of about a thousand numbers (about 4 MB of output).
            if seed % 2 == 1 {
                for _ in 0..100_000 {
                    let m = rng.range(2, 1099);
                    let n = rng.range(1, m - 1);
                    out.push_str(&format!("{m} {n}\n"));
                }
            } else {
                for _ in 0..800 {
                    let m = rng.range(1, 20);
                    let n = rng.range(1000, 1099);
                    out.push_str(&format!("{m} {n}\n"));
                }
            }
        }
        _ => unreachable!(),
    }
    shared::emit(&out);
}
