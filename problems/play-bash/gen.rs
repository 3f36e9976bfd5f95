//! play-bash generator: `gen small|max|long <seed>` prints one INPUT of the interactor (the seed, G, then G lines
//! `n m`), deterministic in the arguments; every game starts from a won position (n not a multiple of
//! m + 1). `small`: up to 40 games with n <= 60 and m <= 6 (sometimes 20). `max`: piles up to 10^18 and the
//! sum of n / (m + 1) close to its bound 3000; odd seeds 1000 games of at most 5 rounds, even seeds a few
//! games of 400 to 1000 rounds (m = 1 among them) and games where one move takes everything. `long`: the
//! bound of 3000 rounds spent on games with a real choice (m >= 2, the judge's random moves vary the
//! answer): seed 1 one game of 3000 rounds with m in 2..=10, seed 2 one of 3000 rounds with m near the
//! largest that fits (n <= 10^18), other seeds three games of 1000 rounds (m = 2, m in 3..=1000, a large m).

#[path = "../.shared/gen.rs"]
mod shared;

use shared::Rng;

const MAX_N: u64 = 1_000_000_000_000_000_000;
const MAX_ROUNDS: u64 = 3000;

/// A won game with exactly `rounds` full rounds: n = rounds (m + 1) + r, 1 <= r <= m.
fn game(rng: &mut Rng, rounds: u64, m: u64) -> (u64, u64) {
    (rounds * (m + 1) + rng.range(1, m), m)
}

fn small(rng: &mut Rng) -> Vec<(u64, u64)> {
    let games = rng.range(1, 40);
    (0..games)
        .map(|_| {
            let m = if rng.range(0, 4) == 0 {
                rng.range(1, 20)
            } else {
                rng.range(1, 6)
            };
            loop {
                let n = rng.range(1, 60);
                let remainder = n % (m + 1);
                if remainder > 0 {
                    return (n, m);
                }
            }
        })
        .collect()
}

fn max(rng: &mut Rng, seed: u64) -> Vec<(u64, u64)> {
    let mut games = Vec::new();
    if seed % 2 == 1 {
        let mut left = MAX_ROUNDS;
        for _ in 0..1000 {
            let rounds = rng.range(0, 5).min(left);
            left -= rounds;
            // (rounds + 1) (m + 1) <= 10^18 keeps n <= 10^18.
            let m = rng.range(1, MAX_N / (rounds + 1) - 1);
            games.push(game(rng, rounds, m));
        }
        return games;
    }
    // Long games: with m = 1 the parity game, then big m.
    games.push(game(rng, 1000, 1));
    let m = rng.range(2, 1000);
    games.push(game(rng, 800, m));
    let m = rng.range(1000, MAX_N / 801 - 1);
    games.push(game(rng, 800, m));
    games.push(game(rng, 397, MAX_N / 398 - 1));
    // One move takes everything: n <= m, up to n = m = 10^18.
    games.push((MAX_N, MAX_N));
    games.push((1, MAX_N));
    for _ in 0..20 {
        let m = rng.range(1, MAX_N);
        games.push((rng.range(1, m), m));
    }
    // One full round, with m + 1 just below n.
    games.push((MAX_N, MAX_N - 2));
    games.push(game(rng, 1, MAX_N / 2 - 1));
    games
}

/// Games of `rounds` rounds each with m >= 2, the whole bound of 3000 rounds.
fn long(rng: &mut Rng, seed: u64) -> Vec<(u64, u64)> {
    // (rounds + 1) (m + 1) <= 10^18 keeps n <= 10^18.
    let largest = |rounds: u64| MAX_N / (rounds + 1) - 1;
    match seed {
        1 => {
            let m = rng.range(2, 10);
            vec![game(rng, MAX_ROUNDS, m)]
        }
        2 => {
            let m = rng.range(largest(MAX_ROUNDS) - 1000, largest(MAX_ROUNDS));
            vec![game(rng, MAX_ROUNDS, m)]
        }
        _ => {
            let ms = [2, rng.range(3, 1000), rng.range(1001, largest(1000))];
            ms.iter().map(|&m| game(rng, 1000, m)).collect()
        }
    }
}

fn main() {
    let (kind, seed) = shared::args(&["small", "max", "long"]);
    let mut rng = Rng(seed);
    let games = match kind {
        "small" => small(&mut rng),
        "max" => max(&mut rng, seed),
        _ => long(&mut rng, seed),
    };
    let mut out = format!("{seed}\n{}\n", games.len());
    for (n, m) in &games {
        out.push_str(&format!("{n} {m}\n"));
    }
    shared::emit(&out);
}
