//! snim-move generator: `gen small|max <seed>` prints one input (`T` test sets, each `k S`, `m`, then m lines
//! `l heaps`), deterministic in the arguments. S is printed unsorted. A quarter of the small positions and half
//! of the max ones get their last heap replaced so that the Grundy xor is 0 (answer `lose`), when such a heap
//! size exists. `small`: S within 1..=8, up to 4 heaps up to 20. `max`: 20 test sets of k = m = l = 100, heaps
//! up to 10000 (one is 10000); S is drawn from 1..=10000 for seeds = 1 mod 3, from 1..=200 for seeds = 2 mod 3
//! (dense, Grundy values up to about 50), and is {d, 2d, ..., 100d} shuffled for seeds = 0 mod 3 (Grundy
//! values up to 100).

#[path = "../.shared/gen.rs"]
mod shared;

use shared::Rng;

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

/// Grundy values 0..=top, only to shape the data (lost positions); the answers come from elsewhere.
fn grundy(set: &[usize], top: usize) -> Vec<usize> {
    let mut sg = vec![0; top + 1];
    for x in 0..=top {
        let mut seen = vec![false; set.len() + 1];
        for &s in set.iter().filter(|&&s| s <= x) {
            seen[sg[x - s]] = true;
        }
        sg[x] = seen.iter().position(|&b| !b).unwrap_or(set.len());
    }
    sg
}

/// Replaces the last heap by a random size whose Grundy value is the xor of the others, if there is one.
fn close_xor(rng: &mut Rng, heaps: &mut [usize], sg: &[usize]) {
    let (last, rest) = heaps.split_last_mut().expect("at least one heap");
    let x = rest.iter().fold(0, |acc, &h| acc ^ sg[h]);
    let fits: Vec<usize> = (0..sg.len()).filter(|&h| sg[h] == x).collect();
    if !fits.is_empty() {
        *last = fits[rng.range_usize(0, fits.len() - 1)];
    }
}

/// One test set: `k s1..sk`, `m`, then m lines `l h1..hl`.
fn test_set(out: &mut String, set: &[usize], positions: &[Vec<usize>]) {
    let line = |xs: &[usize]| {
        let mut l = xs.len().to_string();
        for x in xs {
            l.push(' ');
            l.push_str(&x.to_string());
        }
        l + "\n"
    };
    out.push_str(&line(set));
    out.push_str(&format!("{}\n", positions.len()));
    for p in positions {
        out.push_str(&line(p));
    }
}

fn small(rng: &mut Rng) -> String {
    let sets = [1, 1, 2, 3, 4][rng.range_usize(0, 4)];
    let mut out = format!("{sets}\n");
    for _ in 0..sets {
        let k = rng.range_usize(1, 4);
        let set = subtraction_set(rng, k, 8);
        let m = if rng.range_usize(0, 3) == 0 {
            1
        } else {
            rng.range_usize(1, 8)
        };
        let cap = [4, 12, 20][rng.range_usize(0, 2)];
        let sg = grundy(&set, cap);
        let positions: Vec<Vec<usize>> = (0..m)
            .map(|_| {
                let l = rng.range_usize(1, 4);
                let mut heaps: Vec<usize> = (0..l)
                    .map(|_| {
                        if rng.range_usize(0, 5) == 0 {
                            0
                        } else {
                            rng.range_usize(0, cap)
                        }
                    })
                    .collect();
                if rng.range_usize(0, 3) == 0 {
                    close_xor(rng, &mut heaps, &sg);
                }
                heaps
            })
            .collect();
        test_set(&mut out, &set, &positions);
    }
    out
}

/// S = {d, 2d, ..., 100d} for a random d <= 100, shuffled: sg(x) = floor(x / d) mod 101 reaches 100.
fn progression(rng: &mut Rng) -> Vec<usize> {
    let d = rng.range_usize(1, 100);
    let mut set: Vec<usize> = (1..=100).map(|i| i * d).collect();
    for i in (1..set.len()).rev() {
        set.swap(i, rng.range_usize(0, i));
    }
    set
}

fn max(rng: &mut Rng, seed: u64) -> String {
    const SETS: usize = 20;
    const TOP: usize = 10000;
    let mut out = format!("{SETS}\n");
    for _ in 0..SETS {
        let set = match seed % 3 {
            1 => subtraction_set(rng, 100, TOP),
            2 => subtraction_set(rng, 100, 200),
            _ => progression(rng),
        };
        let sg = grundy(&set, TOP);
        let mut positions: Vec<Vec<usize>> = (0..100)
            .map(|_| {
                let mut heaps: Vec<usize> = (0..100).map(|_| rng.range_usize(0, TOP)).collect();
                if rng.range_usize(0, 1) == 0 {
                    close_xor(rng, &mut heaps, &sg);
                }
                heaps
            })
            .collect();
        positions[0][0] = TOP;
        test_set(&mut out, &set, &positions);
    }
    out
}

fn main() {
    let (kind, seed) = shared::args(&["small", "max"]);
    let mut rng = Rng(seed);
    let input = match kind {
        "small" => small(&mut rng),
        _ => max(&mut rng, seed),
    };
    shared::emit(&input);
}
