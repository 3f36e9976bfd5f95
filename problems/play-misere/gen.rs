//! play-misere generator: `gen small|max <seed>` prints one INPUT of the interactor (the seed, G, then G
//! lines `n a1 .. an`, every pile at least 1), deterministic in the arguments; every game starts from a
//! position won for the first player under the misère rule. `small`: up to 30 games of 1..=6 piles below
//! 16, a third of them only 1-piles. `max`: 200 piles in all (the bound), up to 10^18: odd seeds 2 games of
//! 100 uniform piles; even seeds a game of 100 piles, 1-piles with one to three big ones, and games of only
//! 1-piles (an even number of them).
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
    for piles in &games {
        out.push_str(&piles.len().to_string());
        for a in piles {
            out.push(' ');
            out.push_str(&a.to_string());
        }
        out.push('\n');
    }
    io::stdout()
        .write_all(out.as_bytes())
        .expect("write stdout");
}
