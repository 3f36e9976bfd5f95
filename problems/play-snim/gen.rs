//! play-snim generator: `gen small|max|long <seed>` prints one INPUT of the interactor (the seed, G, then per game
//! a line `k s1 .. sk`, S unsorted, and a line `l h1 .. hl`), deterministic in the arguments; every game
//! starts from a won position. `small`: up to 20 games, S within 1..=8, up to 4 heaps below 13. `max`:
//! games until the sum of (heaps / min S) reaches its bound 2 * 10^4: odd seeds k = 100 random S within
//! 1..=10000 and up to 100 heaps up to 10000; even seeds S with Grundy values up to k = 100: {1..100}
//! (sg(x) = x mod 101), the multiples {a, 2a, .., 100a}, and {1..100} with a few members swapped. `long`:
//! one game of 100 heaps whose W is the whole bound 2 * 10^4, small members in S so that every move has a
//! choice: seed 1 S = {1, 2, 3}, seed 2 {1, 3, 4}, seed 3 {1} and 99 members within 2..=200, other seeds
//! {2, ..., 11} (min S = 2, heaps twice as large).

#[path = "../.shared/gen.rs"]
mod shared;

use shared::Rng;

const MAX_MOVES: usize = 20_000;

/// sg[x] for x in 0..=10000 under `set`: to aim heaps at won positions (brute.rs checks small games
/// without it).
fn grundy(set: &[usize]) -> Vec<usize> {
    let mut sg = vec![0; 10_001];
    let mut seen = vec![usize::MAX; set.len() + 2];
    for x in 1..sg.len() {
        for &s in set.iter().filter(|&&s| s <= x) {
            seen[sg[x - s]] = x;
        }
        sg[x] = seen.iter().position(|&v| v != x).expect("mex <= k");
    }
    sg
}

/// `k` distinct values from 1..=cap, in random order (never sorted on purpose).
fn subtraction_set(rng: &mut Rng, k: usize, cap: usize) -> Vec<usize> {
    let mut set = Vec::with_capacity(k);
    while set.len() < k {
        let s = rng.range_usize(1, cap);
        if !set.contains(&s) {
            set.push(s);
        }
    }
    set
}

/// Heaps drawn by `heap` until the position is won (xor of the Grundy values not 0); `None` after 1000
/// tries (every heap in reach may be lost, e.g. S = {8} with heaps below 8).
fn won_heaps(
    rng: &mut Rng,
    sg: &[usize],
    l: usize,
    heap: &mut dyn FnMut(&mut Rng) -> usize,
) -> Option<Vec<usize>> {
    (0..1000).find_map(|_| {
        let heaps: Vec<usize> = (0..l).map(|_| heap(rng)).collect();
        (heaps.iter().fold(0, |x, &h| x ^ sg[h]) != 0).then_some(heaps)
    })
}

fn small(rng: &mut Rng) -> Vec<(Vec<usize>, Vec<usize>)> {
    let games = rng.range_usize(1, 20);
    let mut list = Vec::new();
    while list.len() < games {
        let k = rng.range_usize(1, 4);
        let set = subtraction_set(rng, k, 8);
        let sg = grundy(&set);
        let l = rng.range_usize(1, 4);
        let cap = [3, 8, 12][rng.range_usize(0, 2)];
        let heaps = won_heaps(rng, &sg, l, &mut |rng| {
            if rng.range_usize(0, 5) == 0 {
                0
            } else {
                rng.range_usize(0, cap)
            }
        });
        if let Some(heaps) = heaps {
            list.push((set, heaps));
        }
    }
    list
}

/// An S of 100 elements for the even max seeds, by family: Grundy values up to 100.
fn grundy_family(rng: &mut Rng, family: usize) -> Vec<usize> {
    let mut set: Vec<usize> = match family {
        0 => (1..=100).collect(),
        1 => {
            let a = rng.range_usize(20, 100);
            (1..=100).map(|i| i * a).collect()
        }
        _ => {
            let mut set: Vec<usize> = (1..=100).collect();
            for _ in 0..rng.range_usize(1, 3) {
                let i = rng.range_usize(1, 99);
                loop {
                    let s = rng.range_usize(101, 10_000);
                    if !set.contains(&s) {
                        set[i] = s;
                        break;
                    }
                }
            }
            set
        }
    };
    rng.shuffle(&mut set);
    set
}

fn max(rng: &mut Rng, seed: u64) -> Vec<(Vec<usize>, Vec<usize>)> {
    let mut games = Vec::new();
    let mut left = MAX_MOVES;
    while games.len() < 100 && left >= 200 {
        let set = if seed % 2 == 1 {
            subtraction_set(rng, 100, 10_000)
        } else {
            grundy_family(rng, games.len() % 3)
        };
        let min = *set.iter().min().expect("k >= 1");
        let sg = grundy(&set);
        // Heaps where the values are high, up to the bound on the moves left.
        let cap = if min == 1 { 300 } else { 10_000 };
        let l = rng
            .range_usize(1, 100)
            .min(left * min / cap.max(min))
            .max(1);
        let Some(heaps) = won_heaps(rng, &sg, l, &mut |rng| rng.range_usize(0, cap)) else {
            continue;
        };
        let moves = heaps.iter().sum::<usize>() / min;
        if moves > left {
            continue;
        }
        left -= moves;
        games.push((set, heaps));
    }
    games
}

/// One long game: 100 heaps within lo..=hi, with 100 hi / min S = 2 * 10^4.
fn long(rng: &mut Rng, seed: u64) -> Vec<(Vec<usize>, Vec<usize>)> {
    let (mut set, lo, hi) = match seed {
        1 => (vec![1, 2, 3], 100, 200),
        2 => (vec![1, 3, 4], 100, 200),
        3 => {
            let mut set = vec![1];
            set.extend(
                subtraction_set(rng, 200, 200)
                    .into_iter()
                    .filter(|&s| s > 1)
                    .take(99),
            );
            (set, 100, 200)
        }
        _ => ((2..=11).collect(), 200, 400),
    };
    rng.shuffle(&mut set);
    let sg = grundy(&set);
    let heaps = won_heaps(rng, &sg, 100, &mut |rng| rng.range_usize(lo, hi)).expect("a won start");
    vec![(set, heaps)]
}

fn main() {
    let (kind, seed) = shared::args(&["small", "max", "long"]);
    let mut rng = Rng(seed);
    let games = match kind {
        "small" => small(&mut rng),
        "max" => max(&mut rng, seed),
        _ => long(&mut rng, seed),
    };
    let line = |xs: &[usize]| {
        let mut l = xs.len().to_string();
        for x in xs {
            l.push(' ');
            l.push_str(&x.to_string());
        }
        l + "\n"
    };
    let mut out = format!("{seed}\n{}\n", games.len());
    for (set, heaps) in &games {
        out.push_str(&line(set));
        out.push_str(&line(heaps));
    }
    shared::emit(&out);
}
