//! acwing891 generator: `gen small|max <seed>` prints one input (n, then n pile sizes).

#[path = "../.shared/gen.rs"]
mod shared;

use shared::Rng;

const MAX_PILE: u64 = 1_000_000_000;

fn main() {
    let (kind, seed) = shared::args(&["small", "max"]);
    let mut rng = Rng(seed);
    let piles: Vec<u64> = match kind {
        "small" => {
            // At most 4 piles of at most 6 stones. Shapes: all ones, a mirrored pair plus extras, random; a third
            // of the seeds force XOR 0 by fixing the last pile when that is possible.
            let n = rng.range(1, 4) as usize;
            let mut p: Vec<u64> = match rng.range(0, 2) {
                0 => vec![1; n],
                1 => {
                    let x = rng.range(1, 6);
                    let mut v = vec![x, x];
                    v.truncate(n.max(1));
                    while v.len() < n {
                        v.push(rng.range(1, 6));
                    }
                    v
                }
                _ => (0..n).map(|_| rng.range(1, 6)).collect(),
            };
            if seed % 3 == 0 && n >= 2 {
                let x = p[..n - 1].iter().fold(0, |a, &b| a ^ b);
                if (1..=6).contains(&x) {
                    p[n - 1] = x;
                }
            }
            p
        }
        "max" => {
            // n = 100000 at the top of the range. Odd seeds: uniform sizes in 1..=10^9. Even seeds: XOR 0 (the last
            // pile is the XOR of the others, redrawn until that lands in 1..=10^9), so the answer is No.
            let mut p: Vec<u64> = (0..100_000).map(|_| rng.range(1, MAX_PILE)).collect();
            // One pile at the bound itself: uniform draws alone stop just below it.
            p[0] = MAX_PILE;
            if seed % 2 == 0 {
                loop {
                    let x = p[..99_999].iter().fold(0, |a, &b| a ^ b);
                    if (1..=MAX_PILE).contains(&x) {
                        p[99_999] = x;
                        break;
                    }
                    p[99_998] = rng.range(1, MAX_PILE);
                }
            }
            p
        }
        _ => unreachable!(),
    };
    let line: Vec<String> = piles.iter().map(|p| p.to_string()).collect();
    shared::emit(&format!("{}\n{}\n", piles.len(), line.join(" ")));
}
