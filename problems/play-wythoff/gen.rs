//! play-wythoff generator: `gen small|max|long <seed>` prints one INPUT of the interactor (the seed, G, then G
//! lines `a b`), deterministic in the arguments; every game starts from a won position. `small`: up to 30
//! games with piles up to 10, 30 or 100. `max`: 100 games with piles up to 10^18, most of them next to a
//! lost pair (floor(k φ), floor(k φ) + k) with k >= 10^16, where an f64 golden ratio misjudges: shifted
//! along the diagonal (win: take the same from both), or with one pile grown (win: shrink it back), in
//! either order; odd seeds add uniform random pairs, even seeds equal piles and a zero pile. `long`: 100
//! games next to large lost pairs chosen for long lines of play (see `long`). `fib`: 100 games one move away
//! from the lost pairs whose k φ is nearest an integer (see `fib`), where a golden ratio of 64 bits,
//! 113 bits (quad) or 28 decimal digits aims at the wrong pair.

#[path = "../.shared/gen.rs"]
mod shared;

use shared::Rng;
use std::collections::HashMap;

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

/// The other pile of the lost pair holding `a` (a >= 1): a + j when a = floor(j φ), else floor(j φ) where
/// a = floor(j φ) + j (the two Beatty sequences cover every a >= 1 once); j is next to floor(a / φ).
fn partner(a: u64) -> u64 {
    let wide = u128::from(a);
    let j0 = ((isqrt(5 * wide * wide) - wide) / 2) as u64;
    if let Some(j) = (j0.saturating_sub(2)..=j0 + 2).find(|&j| lower(j) == a) {
        return a + j;
    }
    let j1 = a - j0;
    let j = (j1.saturating_sub(2)..=j1 + 2)
        .find(|&j| j >= 1 && lower(j) + j == a)
        .expect("a is in one of the two Beatty sequences");
    lower(j)
}

/// The lost pair (smaller pile first) that the textbook move from the won position (s, b), s <= b, leads
/// to: both piles down to (f, f + k) when s > f = floor(k φ), k = b - s, else b down to the partner of s.
fn answer(s: u64, b: u64) -> (u64, u64) {
    let f = lower(b - s);
    if s > f {
        (f, b - s + f)
    } else if s == 0 {
        (0, 0)
    } else {
        (s, partner(s))
    }
}

/// The most moves of the player on the winning side from the lost pair (s, b), s <= b, with the judge to
/// move, over every sequence of the judge's kinds of move (half of either pile, or of the smaller from
/// both, rounded up), the winner always answering with the textbook move `answer`.
fn longest(s: u64, b: u64, memo: &mut HashMap<(u64, u64), u64>) -> u64 {
    if b == 0 {
        return 0;
    }
    if let Some(&n) = memo.get(&(s, b)) {
        return n;
    }
    let half = s - s / 2;
    let mut after = vec![(s, b / 2)];
    if s > 0 {
        after.push((s / 2, b));
        after.push((s / 2, b - half));
    }
    let n = after
        .into_iter()
        .map(|(x, y)| {
            let (s, b) = answer(x.min(y), x.max(y));
            1 + longest(s, b, memo)
        })
        .max()
        .unwrap_or(0);
    memo.insert((s, b), n);
    n
}

/// 100 games, each one move away from a large lost pair (f, f + k): the smaller pile f and the other grown
/// by up to 10^6 (or to 10^18), in either order. Of 16 random k from the top half of the range (f + k <
/// 10^18), the pair whose longest line against the former judge's kinds of move (halving a pile) is
/// longest: about 55 moves of the winner. The judge now searches the least moves that lower a bit length
/// (`games::wythoff_longest`) and every such game lasts 61 moves of the winner, one more than the bits of
/// the bigger pile; the selection is kept so that the data stays as it was.
fn long(rng: &mut Rng) -> Vec<(u64, u64)> {
    // The largest k with f + k < 10^18, by bisection (f + k grows with k).
    let (mut top, mut above) = (1, MAX_PILE / 2);
    while above - top > 1 {
        let mid = (top + above) / 2;
        if lower(mid) + mid < MAX_PILE {
            top = mid;
        } else {
            above = mid;
        }
    }
    let mut memo = HashMap::new();
    (0..100)
        .map(|_| {
            let k = (0..16)
                .map(|_| rng.range(top / 2, top))
                .max_by_key(|&k| (longest(lower(k), lower(k) + k, &mut memo), k))
                .expect("16 draws");
            let f = lower(k);
            let b = (f + k + rng.range(1, 1_000_000)).min(MAX_PILE);
            if rng.range(0, 1) == 0 {
                (f, b)
            } else {
                (b, f)
            }
        })
        .collect()
}

/// 100 games one move away from a lost pair (f, f + k) whose k φ lies within φ^-m of an integer: k = F(n),
/// 40 <= n (|F(n) φ - F(n+1)| = φ^-n), with seed 2 also k = F(n) ± F(m), n - m >= 2, m >= 30. The pair
/// shifted up the diagonal by 1 or more (win: take the same from both), or its bigger pile grown (win: cut
/// it back), or its bigger member against a bigger pile (win: cut that to f); either order, all <= 10^18.
fn fib(rng: &mut Rng, seed: u64) -> Vec<(u64, u64)> {
    let mut f = vec![0u64, 1];
    while f[f.len() - 1] + f[f.len() - 2] <= MAX_PILE {
        f.push(f[f.len() - 1] + f[f.len() - 2]);
    }
    let top = f.len() - 1;
    let mut ks: Vec<u64> = (40..=top).map(|n| f[n]).collect();
    if seed % 2 == 0 {
        for n in (40..=top).rev() {
            let m = rng.range(30, (n - 2) as u64) as usize;
            ks.push(f[n] - f[m]);
            ks.push(f[n] + f[m]);
        }
    }
    ks.retain(|&k| lower(k) < MAX_PILE);
    let mut games = Vec::new();
    while games.len() < 100 {
        let k = ks[rng.range(0, (ks.len() - 1) as u64) as usize];
        let (a, b) = (lower(k), lower(k) + k);
        let room = MAX_PILE.saturating_sub(b);
        let cap = [1, 1000, room.max(1)][rng.range(0, 2) as usize];
        let t = rng.range(1, cap);
        let (x, y) = match rng.range(0, 2) {
            0 if t <= room => (a + t, b + t),
            1 if t <= room => (a, b + t),
            _ if b < MAX_PILE => (b, rng.range(b + 1, MAX_PILE)),
            _ => (a, rng.range(a + 1, MAX_PILE)),
        };
        if !lost(x, y) {
            games.push(if rng.range(0, 1) == 0 { (x, y) } else { (y, x) });
        }
    }
    games
}

fn main() {
    let (kind, seed) = shared::args(&["small", "max", "long", "fib"]);
    let mut rng = Rng(seed);
    let games = match kind {
        "small" => small(&mut rng),
        "long" => long(&mut rng),
        "fib" => fib(&mut rng, seed),
        _ => max(&mut rng, seed),
    };
    let mut out = format!("{seed}\n{}\n", games.len());
    for (a, b) in &games {
        out.push_str(&format!("{a} {b}\n"));
    }
    shared::emit(&out);
}
