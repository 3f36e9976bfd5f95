//! nod1381 generator: `gen small <seed>` (up to 50 radii, some beyond 32 bits) or `gen max <seed>`
//! (T = 10000 radii up to 1e10, with the 32-bit boundaries and R = 1e10 itself).

#[path = "../.shared/gen.rs"]
mod shared;

use shared::Rng;

const LIMIT: u64 = 10_000_000_000;

/// Radii where 32-bit reading or doubling breaks: around 2^30, 2^31 and 2^32, and the top of the range.
const BOUNDARIES: [u64; 10] = [
    1_073_741_823,
    1_073_741_824,
    2_147_483_647,
    2_147_483_648,
    4_294_967_295,
    4_294_967_296,
    9_999_999_999,
    LIMIT,
    1,
    2,
];

fn radius(rng: &mut Rng) -> u64 {
    match rng.range(0, 5) {
        0 => rng.range(1, 10),
        1 => rng.range(1, 1000),
        2 => BOUNDARIES[rng.range(0, BOUNDARIES.len() as u64 - 1) as usize],
        3 => rng.range(1 << 31, LIMIT),
        _ => rng.range(1, LIMIT),
    }
}

fn main() {
    let (kind, seed) = shared::args(&["small", "max"]);
    let mut rng = Rng(seed ^ 0x1381);
    let radii: Vec<u64> = if kind == "small" {
        let t = if rng.next() % 5 == 0 {
            1
        } else {
            rng.range(1, 50)
        };
        (0..t).map(|_| radius(&mut rng)).collect()
    } else if seed == 1 {
        // mixed radii, every boundary included
        let mut v: Vec<u64> = BOUNDARIES.to_vec();
        while v.len() < 10_000 {
            v.push(radius(&mut rng));
        }
        v
    } else {
        // the largest radii only
        (0..10_000)
            .map(|_| LIMIT - rng.range(0, 1_000_000))
            .collect()
    };
    let mut out = format!("{}\n", radii.len());
    for r in radii {
        out.push_str(&format!("{r}\n"));
    }
    shared::emit(&out);
}
