//! hdu1907 generator: `gen small|max <seed>` prints one input (T, then T cases `N` / `A1..AN`), deterministic in
//! the arguments. Both kinds mix all-ones cases (odd and even counts), ones plus a bigger pile, xor-0 cases
//! and random ones. `max`: T = 474, N = 47, odd seeds mostly random piles up to 4747, even seeds mostly
//! ones-heavy shapes with N = 46 or 47.

#[path = "../.shared/gen.rs"]
mod shared;

use shared::Rng;

/// `n` piles in 1..=cap whose xor is 0 (needs n >= 2), else random piles.
fn xor_zero(rng: &mut Rng, n: usize, cap: u32) -> Vec<u32> {
    for _ in 0..1000 {
        let mut piles: Vec<u32> = (1..n).map(|_| rng.range_u32(1, cap)).collect();
        let last = piles.iter().fold(0, |acc, &a| acc ^ a);
        if (1..=cap).contains(&last) {
            piles.push(last);
            return piles;
        }
    }
    (0..n).map(|_| rng.range_u32(1, cap)).collect()
}

/// One case of `n` piles up to `cap`; `ones_bias` in 0..=4 makes ones-heavy shapes likelier.
fn case(rng: &mut Rng, n: usize, cap: u32, ones_bias: u32) -> Vec<u32> {
    let shape = rng.range_u32(0, 9);
    if shape < 1 + ones_bias {
        return vec![1; n];
    }
    if shape < 2 + 2 * ones_bias {
        let mut piles = vec![1; n];
        let i = rng.range_u32(0, n as u32 - 1) as usize;
        piles[i] = rng.range_u32(2, cap);
        return piles;
    }
    if shape < 5 && n >= 2 {
        return xor_zero(rng, n, cap);
    }
    (0..n)
        .map(|_| match rng.range_u32(0, 3) {
            0 => 1,
            _ => rng.range_u32(1, cap),
        })
        .collect()
}

fn small(rng: &mut Rng) -> Vec<Vec<u32>> {
    let t = match rng.range_u32(0, 3) {
        0 => 1,
        1 => rng.range_u32(1, 5),
        _ => rng.range_u32(1, 30),
    };
    (0..t)
        .map(|_| {
            let n = rng.range_u32(1, 5) as usize;
            let cap = [2, 4, 6][rng.range_u32(0, 2) as usize];
            if rng.range_u32(0, 4) == 0 {
                // Longer all-ones / nearly-all-ones rows stay cheap for the brute force.
                let long = rng.range_u32(1, 9) as usize;
                case(rng, long, 2, 4)
            } else {
                case(rng, n, cap, 1)
            }
        })
        .collect()
}

fn max(rng: &mut Rng, ones_heavy: bool) -> Vec<Vec<u32>> {
    (0..474)
        .map(|_| {
            if ones_heavy {
                // N = 46 or 47, so all-ones rows come with both parities.
                let n = rng.range_u32(46, 47) as usize;
                case(rng, n, 4747, 3)
            } else {
                case(rng, 47, 4747, 0)
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
    let mut out = format!("{}\n", cases.len());
    for piles in cases {
        let row: Vec<String> = piles.iter().map(u32::to_string).collect();
        out.push_str(&format!("{}\n{}\n", piles.len(), row.join(" ")));
    }
    shared::emit(&out);
}
