//! hdu1850 generator: `gen small|max <seed>` prints one input (cases `M` / `N1..NM`, then `0`), deterministic
//! in the arguments. About a third of the cases are forced to xor 0 (answer 0). `max`: 5000 cases of
//! M = 100 piles up to 10^6; odd seeds uniform piles, even seeds piles drawn from [2^19, 10^6] (so many of
//! them can be winning moves) mixed with tiny piles.

#[path = "../.shared/gen.rs"]
mod shared;

use shared::Rng;

/// Replaces the last pile by the xor of the others when that is a legal pile (>= 1, <= cap).
fn close_xor(piles: &mut [u32], cap: u32) {
    let (last, rest) = piles.split_last_mut().expect("at least one pile");
    let x = rest.iter().fold(0, |acc, &n| acc ^ n);
    if (1..=cap).contains(&x) {
        *last = x;
    }
}

fn small(rng: &mut Rng) -> Vec<Vec<u32>> {
    let count = match rng.range_u32(0, 3) {
        0 => 1,
        1 => rng.range_u32(1, 4),
        _ => rng.range_u32(1, 10),
    };
    (0..count)
        .map(|_| {
            let (m, cap) = if rng.range_u32(0, 3) == 0 {
                (rng.range_u32(4, 5), 3)
            } else {
                (rng.range_u32(2, 3), [2, 5, 7][rng.range_u32(0, 2) as usize])
            };
            let mut piles: Vec<u32> = (0..m).map(|_| rng.range_u32(1, cap)).collect();
            if rng.range_u32(0, 2) == 0 {
                close_xor(&mut piles, cap);
            }
            piles
        })
        .collect()
}

fn max(rng: &mut Rng, high: bool) -> Vec<Vec<u32>> {
    const CAP: u32 = 1_000_000;
    (0..5000)
        .map(|_| {
            let mut piles: Vec<u32> = (0..100)
                .map(|_| match (high, rng.range_u32(0, 9)) {
                    (true, 0) => rng.range_u32(1, 3),
                    (true, _) => rng.range_u32(1 << 19, CAP),
                    (false, _) => rng.range_u32(1, CAP),
                })
                .collect();
            if rng.range_u32(0, 2) == 0 {
                close_xor(&mut piles, CAP);
            }
            piles
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
    for piles in cases {
        let row: Vec<String> = piles.iter().map(u32::to_string).collect();
        out.push_str(&format!("{}\n{}\n", piles.len(), row.join(" ")));
    }
    out.push_str("0\n");
    shared::emit(&out);
}
