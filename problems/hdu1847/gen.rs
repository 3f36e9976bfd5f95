//! hdu1847 generator: `gen small <seed>` (up to 50 piles) or `gen max <seed>` (100000 piles: random for
//! seed 1, every n from 1 to 1000 a hundred times over for other seeds). All piles in 1..=1000.

#[path = "../.shared/gen.rs"]
mod shared;

use shared::Rng;

fn main() {
    let (kind, seed) = shared::args(&["small", "max"]);
    let mut rng = Rng(seed ^ 0x1847);
    let piles: Vec<u64> = if kind == "small" {
        let count = if rng.next() % 5 == 0 {
            1
        } else {
            rng.range(1, 50)
        };
        let top = [3, 10, 100, 1000][rng.range(0, 3) as usize];
        (0..count)
            .map(|_| match rng.range(0, 5) {
                0 => 1,
                1 => top,
                2 => 3 * rng.range(1, top / 3),
                _ => rng.range(1, top),
            })
            .collect()
    } else if seed == 1 {
        (0..100_000).map(|_| rng.range(1, 1000)).collect()
    } else {
        (0..100_000).map(|i| i % 1000 + 1).collect()
    };
    let mut out = String::with_capacity(piles.len() * 5);
    for p in piles {
        out.push_str(&format!("{p}\n"));
    }
    shared::emit(&out);
}
