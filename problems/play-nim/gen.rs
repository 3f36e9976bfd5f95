//! play-nim generator: `gen small|max|long <seed>` prints one INPUT of the interactor (the seed, G, then G lines
//! `n a1 .. an`), deterministic in the arguments; every game starts from a won position (xor != 0).
//! `small`: up to 30 games of 1..=6 piles below 16 (sometimes 100). `max`: 200 piles in all (the bound) with
//! piles up to 10^18: odd seeds 2 games of 100 uniform piles (0 and 10^18 included), even seeds a game of
//! 100 piles where only the last pile holds the xor's top bit, then short games of 1..=20 piles, half of
//! them empty. `long`: 2 games of 100 piles of 10^18 but one (see `long`).
#[path = "../.shared/gen.rs"]
mod shared;

use shared::Rng;

const MAX_PILE: u64 = 1_000_000_000_000_000_000;
/// 2^59 < 10^18 <= 2^60: piles below it xor to below it.
const LOW: u64 = 1 << 59;

/// Draws piles until their xor is not 0 (a won start).
fn won(rng: &mut Rng, n: usize, pile: &mut dyn FnMut(&mut Rng) -> u64) -> Vec<u64> {
    loop {
        let piles: Vec<u64> = (0..n).map(|_| pile(rng)).collect();
        if piles.iter().fold(0, |x, &a| x ^ a) != 0 {
            return piles;
        }
    }
}

fn small(rng: &mut Rng) -> Vec<Vec<u64>> {
    let games = rng.range(1, 30);
    (0..games)
        .map(|_| {
            let n = rng.range(1, 6) as usize;
            let cap = [3, 7, 15, 100][rng.range(0, 3) as usize];
            won(rng, n, &mut |rng| rng.range(0, cap))
        })
        .collect()
}

fn max(rng: &mut Rng, seed: u64) -> Vec<Vec<u64>> {
    if seed % 2 == 1 {
        return (0..2)
            .map(|g| {
                let mut piles = won(rng, 100, &mut |rng| rng.range(0, MAX_PILE));
                piles[g] = [MAX_PILE, 0][g % 2];
                if piles.iter().fold(0, |x, &a| x ^ a) == 0 {
                    piles[g + 1] ^= 1;
                }
                piles
            })
            .collect();
    }
    let mut first = won(rng, 100, &mut |rng| rng.range(0, LOW - 1));
    first[99] = rng.range(LOW, MAX_PILE);
    let mut games = vec![first];
    // Short games with the other 100 piles.
    let mut left = 100;
    while left > 0 {
        let n = rng.range(1, left.min(20) as u64) as usize;
        left -= n;
        games.push(won(rng, n, &mut |rng| {
            if rng.range(0, 1) == 0 {
                0
            } else {
                rng.range(1, MAX_PILE)
            }
        }));
    }
    games
}

/// Two games of 100 piles of 10^18 (the bound: 6000 bits each), one of them (the first in game 1, a random
/// one in game 2) 10^18 - d with d in 1..=1000 so that the xor is not 0. Every judge move halves a pile of the
/// top length, and the solution must answer on another pile holding that bit (dozens of them to choose
/// from): games of about B / 2 = 3000 of its moves, the longest any start within the bounds was seen to give.
fn long(rng: &mut Rng) -> Vec<Vec<u64>> {
    (0..2)
        .map(|g| {
            let mut piles = vec![MAX_PILE; 100];
            let i = if g == 0 { 0 } else { rng.range(0, 99) as usize };
            piles[i] -= rng.range(1, 1000);
            piles
        })
        .collect()
}

fn main() {
    let (kind, seed) = shared::args(&["small", "max", "long"]);
    let mut rng = Rng(seed);
    let games = match kind {
        "small" => small(&mut rng),
        "long" => long(&mut rng),
        _ => max(&mut rng, seed),
    };
    let mut out = format!("{seed}\n{}\n", games.len());
    for piles in &games {
        out.push_str(&piles.len().to_string());
        for a in piles {
            out.push(' ');
            out.push_str(&a.to_string());
        }
        out.push('\n');
    }
    shared::emit(&out);
}
