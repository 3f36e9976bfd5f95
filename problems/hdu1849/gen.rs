//! hdu1849 generator: `gen small|max <seed>` prints one input (cases `m` / `K1..Km`, then `0`), deterministic
//! in the arguments. Cells 0 are frequent on purpose. `max`: 1000 cases of m = 1000 pieces on cells up to
//! 1000; odd seeds random, even seeds half of the cases forced to xor 0 and many pieces on cell 0.

#[path = "../.shared/gen.rs"]
mod shared;

use shared::Rng;

/// `m` cells in 0..=cap, a piece on cell 0 with probability about `zero_pct`%; with `xor_zero`, the last
/// piece is placed so that the xor is 0 when that cell exists.
fn case(rng: &mut Rng, m: usize, cap: u32, zero_pct: u32, xor_zero: bool) -> Vec<u32> {
    let mut cells: Vec<u32> = (0..m)
        .map(|_| {
            if rng.range_u32(1, 100) <= zero_pct {
                0
            } else {
                rng.range_u32(0, cap)
            }
        })
        .collect();
    if xor_zero {
        let rest = cells[..m - 1].iter().fold(0, |acc, &k| acc ^ k);
        if rest <= cap {
            cells[m - 1] = rest;
        }
    }
    cells
}

fn small(rng: &mut Rng) -> Vec<Vec<u32>> {
    let count = match rng.range_u32(0, 3) {
        0 => 1,
        1 => rng.range_u32(1, 4),
        _ => rng.range_u32(1, 15),
    };
    (0..count)
        .map(|_| {
            let (m, cap) = if rng.range_u32(0, 3) == 0 {
                (rng.range_u32(1, 6), 3)
            } else {
                (rng.range_u32(1, 4), [1, 4, 7][rng.range_u32(0, 2) as usize])
            };
            let xor_zero = rng.range_u32(0, 2) == 0;
            case(rng, m as usize, cap, 25, xor_zero)
        })
        .collect()
}

fn max(rng: &mut Rng, shaped: bool) -> Vec<Vec<u32>> {
    (0..1000)
        .map(|i| {
            if shaped {
                case(rng, 1000, 1000, 40, i % 2 == 0)
            } else {
                case(rng, 1000, 1000, 0, false)
            }
        })
        .collect()
}

fn main() {
    let (kind, seed) = shared::args(&["small", "max"]);
    let mut rng = Rng(seed);
    let cases = match kind {
        "small" => small(&mut rng),
        "max" => max(&mut rng, seed % 2 == 0),
        _ => unreachable!(),
    };
    let mut out = String::new();
    for cells in cases {
        let row: Vec<String> = cells.iter().map(u32::to_string).collect();
        out.push_str(&format!("{}\n{}\n", cells.len(), row.join(" ")));
    }
    out.push_str("0\n");
    shared::emit(&out);
}
