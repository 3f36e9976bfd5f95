//! play-misere generator: `gen small|max|long <seed>` prints one INPUT of the interactor (the seed, G, then G
//! lines `n a1 .. an`, every pile at least 1), deterministic in the arguments; every game starts from a
//! position won for the first player under the misère rule. `small`: up to 30 games of 1..=6 piles below
//! 16, a third of them only 1-piles. `max`: 200 piles in all (the bound), up to 10^18: odd seeds 2 games of
//! 100 uniform piles; even seeds a game of 100 piles, 1-piles with one to three big ones, and games of only
//! 1-piles (an even number of them). `long`: 2 games of 100 piles of 10^18 but one (see `long`).
#[path = "../.shared/gen.rs"]
mod shared;

use shared::Rng;

const MAX_PILE: u64 = 1_000_000_000_000_000_000;

/// Won for the player to move when whoever takes the last stone loses (brute.rs checks it without theory).
fn won(piles: &[u64]) -> bool {
    if piles.iter().all(|&a| a <= 1) {
        piles.iter().filter(|&&a| a == 1).count() % 2 == 0
    } else {
        piles.iter().fold(0, |x, &a| x ^ a) != 0
    }
}

/// Draws positions until one is won for the first player.
fn draw(rng: &mut Rng, position: &mut dyn FnMut(&mut Rng) -> Vec<u64>) -> Vec<u64> {
    loop {
        let piles = position(rng);
        if won(&piles) {
            return piles;
        }
    }
}

fn small(rng: &mut Rng) -> Vec<Vec<u64>> {
    let games = rng.range(1, 30);
    (0..games)
        .map(|_| {
            let cap = [1, 1, 3, 7, 15][rng.range(0, 4) as usize];
            if cap == 1 {
                // Only 1-piles: won exactly when their number is even.
                return vec![1; 2 * rng.range(1, 3) as usize];
            }
            let n = rng.range(1, 6) as usize;
            draw(rng, &mut |rng| (0..n).map(|_| rng.range(1, cap)).collect())
        })
        .collect()
}

fn max(rng: &mut Rng, seed: u64) -> Vec<Vec<u64>> {
    if seed % 2 == 1 {
        return (0..2)
            .map(|_| {
                draw(rng, &mut |rng| {
                    (0..100).map(|_| rng.range(1, MAX_PILE)).collect()
                })
            })
            .collect();
    }
    // 1-piles with one, two or three big piles, in random places.
    let big = rng.range(1, 3);
    let mut games = vec![draw(rng, &mut |rng| {
        let mut piles = vec![1; 100];
        for _ in 0..big {
            let i = rng.range(0, 99) as usize;
            piles[i] = rng.range(2, MAX_PILE);
        }
        piles
    })];
    // Only 1-piles, an even number of them: 2, 4, ..., 18 (90 piles), then 10 (sum of n exactly 200).
    for n in (2..=18).step_by(2) {
        games.push(vec![1; n]);
    }
    games.push(vec![1; 10]);
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
