//! nim-move generator: `gen small|max <seed>` prints one input (`T`, then each case as `n` and `n` piles),
//! deterministic in the arguments. About half of the cases are forced to xor 0 (answer `lose`). `max` makes
//! the sum of n exactly 10^5 with piles up to 10^18: seeds = 1 mod 3 one case of uniform piles (10^18 and 0
//! included); seeds = 2 mod 3 one case where only the last pile can win (the others stay below 2^59, the
//! last is at least 2^59); seeds = 0 mod 3 about 25000 cases of 1..=7 piles, half of them lost.

#[path = "../.shared/gen.rs"]
mod shared;

use shared::Rng;

const MAX_PILE: u64 = 1_000_000_000_000_000_000;
const SUM_N: usize = 100_000;
/// 2^59 < 10^18: xors of piles below it stay below it, so a closing pile is always legal.
const LOW: u64 = 1 << 59;

/// Replaces the last pile by the xor of the others when that is a legal pile (<= cap): xor 0.
fn close_xor(piles: &mut [u64], cap: u64) {
    let (last, rest) = piles.split_last_mut().expect("at least one pile");
    let x = rest.iter().fold(0, |acc, &a| acc ^ a);
    if x <= cap {
        *last = x;
    }
}

fn small(rng: &mut Rng) -> Vec<Vec<u64>> {
    let count = match rng.range(0, 3) {
        0 => 1,
        1 => rng.range(1, 5),
        _ => rng.range(1, 30),
    };
    (0..count)
        .map(|_| {
            let (n, cap) = match rng.range(0, 4) {
                0 => (1, rng.range(0, 12)),
                1 => (rng.range(4, 5), 3),
                _ => (rng.range(2, 3), [1, 3, 7, 12][rng.range(0, 3) as usize]),
            };
            let mut piles: Vec<u64> = (0..n).map(|_| rng.range(0, cap)).collect();
            if n > 1 && rng.range(0, 1) == 0 {
                close_xor(&mut piles, cap);
            }
            piles
        })
        .collect()
}

fn max(rng: &mut Rng, seed: u64) -> Vec<Vec<u64>> {
    match seed % 3 {
        1 => {
            let mut piles: Vec<u64> = (0..SUM_N).map(|_| rng.range(0, MAX_PILE)).collect();
            for _ in 0..100 {
                let i = rng.range(0, SUM_N as u64 - 1) as usize;
                piles[i] = if rng.range(0, 1) == 0 { MAX_PILE } else { 0 };
            }
            vec![piles]
        }
        2 => {
            let mut piles: Vec<u64> = (0..SUM_N).map(|_| rng.range(0, LOW - 1)).collect();
            piles[SUM_N - 1] = rng.range(LOW, MAX_PILE);
            vec![piles]
        }
        _ => {
            let mut cases = Vec::new();
            let mut left = SUM_N;
            while left > 0 {
                let n = (rng.range(1, 7) as usize).min(left);
                left -= n;
                let lost = n > 1 && rng.range(0, 1) == 0;
                let cap = if lost { LOW - 1 } else { MAX_PILE };
                let mut piles: Vec<u64> = (0..n).map(|_| rng.range(0, cap)).collect();
                if lost {
                    close_xor(&mut piles, cap);
                }
                cases.push(piles);
            }
            cases
        }
    }
}

fn main() {
    let (kind, seed) = shared::args(&["small", "max"]);
    let mut rng = Rng(seed);
    let cases = match kind {
        "small" => small(&mut rng),
        _ => max(&mut rng, seed),
    };
    let mut out = format!("{}\n", cases.len());
    for piles in cases {
        let row: Vec<String> = piles.iter().map(u64::to_string).collect();
        out.push_str(&format!("{}\n{}\n", piles.len(), row.join(" ")));
    }
    shared::emit(&out);
}
