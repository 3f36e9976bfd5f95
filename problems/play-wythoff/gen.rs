//! play-wythoff generator: `gen small|max <seed>` prints one INPUT of the interactor (the seed, G, then G
//! lines `a b`), deterministic in the arguments; every game starts from a won position. `small`: up to 30
//! games with piles up to 10, 30 or 100. `max`: 100 games with piles up to 10^18, most of them next to a
//! lost pair (floor(k φ), floor(k φ) + k) with k >= 10^16, where an f64 golden ratio misjudges: shifted
//! along the diagonal (win: take the same from both), or with one pile grown (win: shrink it back), in
//! either order; odd seeds add uniform random pairs, even seeds equal piles and a zero pile.

#[path = "../.shared/gen.rs"]
mod shared;

use shared::Rng;

const MAX_PILE: u64 = 1_000_000_000_000_000_000;

/// floor(sqrt(n)) by Newton's method on integers, exactly.
fn isqrt(n: u128) -> u128 {
    if n < 2 {
        return n;
    }
    // 2^ceil(bits / 2) > sqrt(n), with bits = 128 - leading zeros.
    let mut x = 1u128 << (64 - n.leading_zeros() / 2);
    loop {
        let y = (x + n / x) / 2;
        if y >= x {
            return x;
        }
        x = y;
    }
}

/// floor(k φ), exactly.
fn lower(k: u64) -> u64 {
    let k = u128::from(k);
    ((k + isqrt(5 * k * k)) / 2) as u64
}

/// Lost for the player to move (brute.rs checks small games without this formula).
fn lost(a: u64, b: u64) -> bool {
    a.min(b) == lower(a.max(b) - a.min(b))
}

fn small(rng: &mut Rng) -> Vec<(u64, u64)> {
    let games = rng.range(1, 30);
    (0..games)
        .map(|_| {
            let cap = [10, 30, 100][rng.range(0, 2) as usize];
            loop {
                let (a, b) = (rng.range(0, cap), rng.range(0, cap));
                if !lost(a, b) {
                    return (a, b);
                }
            }
        })
        .collect()
}

/// Next to a lost pair with a large difference: shifted along the diagonal or with one pile grown.
fn near_lost_pair(rng: &mut Rng) -> (u64, u64) {
    loop {
        let k = rng.range(10_000_000_000_000_000, 380_000_000_000_000_000);
        let f = lower(k);
        let cap = [1, 1000, 1_000_000][rng.range(0, 2) as usize];
        let d = rng.range(1, cap);
        let (a, b) = if rng.range(0, 1) == 0 {
            (f + d, f + k + d)
        } else {
            (f, f + k + d)
        };
        if b <= MAX_PILE {
            return if rng.range(0, 1) == 0 { (a, b) } else { (b, a) };
        }
    }
}

fn max(rng: &mut Rng, seed: u64) -> Vec<(u64, u64)> {
    let mut games: Vec<(u64, u64)> = (0..75).map(|_| near_lost_pair(rng)).collect();
    if seed % 2 == 1 {
        while games.len() < 100 {
            let (a, b) = (rng.range(0, MAX_PILE), rng.range(0, MAX_PILE));
            if !lost(a, b) {
                games.push((a, b));
            }
        }
    } else {
        games.push((MAX_PILE, MAX_PILE));
        games.push((0, MAX_PILE));
        games.push((MAX_PILE, 0));
        games.push((1, 1));
        while games.len() < 100 {
            let a = rng.range(1, MAX_PILE);
            games.push(if rng.range(0, 2) == 0 { (0, a) } else { (a, a) });
        }
    }
    games
}

fn main() {
    let (kind, seed) = shared::args(&["small", "max"]);
    let mut rng = Rng(seed);
    let games = match kind {
        "small" => small(&mut rng),
        _ => max(&mut rng, seed),
    };
    let mut out = format!("{seed}\n{}\n", games.len());
    for (a, b) in &games {
        out.push_str(&format!("{a} {b}\n"));
    }
    shared::emit(&out);
}
