//! play-bash generator: `gen small|max <seed>` prints one INPUT of the interactor (the seed, G, then G lines
//! `n m`), deterministic in the arguments; every game starts from a won position (n not a multiple of
//! m + 1). `small`: up to 40 games with n <= 60 and m <= 6 (sometimes 20). `max`: piles up to 10^18 and the
//! sum of n / (m + 1) close to its bound 3000; odd seeds 1000 games of at most 5 rounds, even seeds a few
//! games of 400 to 1000 rounds (m = 1 among them) and games where one move takes everything.

use std::io::{self, Write};

/// splitmix64: tiny, deterministic, good enough for test data.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in lo..=hi (hi - lo < 2^64 - 1).
    fn range(&mut self, lo: u64, hi: u64) -> u64 {
        lo + self.next() % (hi - lo + 1)
    }
}

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

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let seed = args.get(2).and_then(|s| s.parse::<u64>().ok());
    let (Some(kind), Some(seed)) = (args.get(1), seed) else {
        eprintln!("usage: gen small|max <seed>");
        std::process::exit(2);
    };
    let mut rng = Rng(seed);
    let games = match kind.as_str() {
        "small" => small(&mut rng),
        "max" => max(&mut rng, seed),
        _ => {
            eprintln!("unknown kind `{kind}`: expected small or max");
            std::process::exit(2);
        }
    };
    let mut out = format!("{seed}\n{}\n", games.len());
    for (n, m) in &games {
        out.push_str(&format!("{n} {m}\n"));
    }
    io::stdout()
        .write_all(out.as_bytes())
        .expect("write stdout");
}
