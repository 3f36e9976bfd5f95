//! hdu1536 generator: `gen small|max|grundy <seed>` prints one input (test sets ended by `0`), deterministic in
//! the arguments. S is printed unsorted. `small` keeps within subtask 1's bounds (statement.md: `k <= 5`,
//! `si <= 10`, `hi <= 20`; it draws k <= 4, si <= 8, hi <= 12) and asserts them, as `validate --small`
//! checks them. `max`: odd seeds draw S from 1..=10000, even seeds from 1..=200 (dense
//! S, Grundy values up to about 50); either way 60 test sets of k = 100, m = 100, l = 100, heaps up to 10000.
//! `grundy`: 60 test sets whose Grundy values reach the largest possible, k = 100 (see `grundy`).

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
    let mut out = String::new();
    for _ in 0..sets {
        let k = rng.range_usize(1, 4);
        let set = subtraction_set(rng, k, 8);
        let m = if rng.range_usize(0, 3) == 0 {
            1
        } else {
            rng.range_usize(1, 8)
        };
        let cap = [3, 8, 12][rng.range_usize(0, 2)];
        let positions: Vec<Vec<usize>> = (0..m)
            .map(|_| {
                let l = rng.range_usize(1, 4);
                (0..l)
                    .map(|_| {
                        if rng.range_usize(0, 5) == 0 {
                            0
                        } else {
                            rng.range_usize(0, cap)
                        }
                    })
                    .collect()
            })
            .collect();
        assert!(
            k <= SMALL.0
                && set.iter().all(|&s| s <= SMALL.1)
                && positions.iter().flatten().all(|&h| h <= SMALL.2),
            "subtask 1's bounds"
        );
        test_set(&mut out, &set, &positions);
    }
    out + "0\n"
}

/// Subtask 1's bounds of k, of the members of S and of the heaps.
const SMALL: (usize, usize, usize) = (5, 10, 20);

fn max(rng: &mut Rng, dense: bool) -> String {
    let mut out = String::new();
    for _ in 0..60 {
        let set = subtraction_set(rng, 100, if dense { 200 } else { 10000 });
        let mut positions: Vec<Vec<usize>> = (0..100)
            .map(|_| (0..100).map(|_| rng.range_usize(0, 10000)).collect())
            .collect();
        positions[0][0] = 10000;
        test_set(&mut out, &set, &positions);
    }
    out + "0\n"
}

/// sg(x) for x in 0..=10000 under `set`. Only to aim positions at chosen Grundy values: the expected output
/// still comes from the solution.
fn grundy_table(set: &[usize]) -> Vec<usize> {
    let mut sg = vec![0; 10001];
    let mut seen = vec![usize::MAX; 102];
    for x in 1..sg.len() {
        for &s in set.iter().filter(|&&s| s <= x) {
            seen[sg[x - s]] = x;
        }
        sg[x] = seen.iter().position(|&v| v != x).expect("mex <= k <= 100");
    }
    sg
}

/// Sets with Grundy values far past 64, up to k = 100, in turn: the multiples {a, 2a, ..., 100a} of a random
/// a <= 100 (sg(x) = floor(x / a) mod 101, so sg = 100 first at heap 100a, for a = 100 only at heap 10000);
/// {1..100} with one to three members (not 1) swapped for values in 101..=10000; and the multiples with one
/// member swapped for any value. Heaps are mostly those with a Grundy value of 64 or more, and every other
/// position ends with a heap that brings the xor to 0 when one exists, so half the answers are `L`.
fn grundy(rng: &mut Rng) -> String {
    let mut out = String::new();
    for set_no in 0..60 {
        let family = set_no % 3;
        let mut set: Vec<usize> = if family == 1 {
            (1..=100).collect()
        } else {
            let a = rng.range_usize(1, 100);
            (1..=100).map(|i| i * a).collect()
        };
        // (how many members to swap, the smallest replacement, the first index that may be swapped)
        let (swaps, lo, first) = match family {
            0 => (0, 1, 0),
            1 => (rng.range_usize(1, 3), 101, 1),
            _ => (1, 1, 0),
        };
        for _ in 0..swaps {
            let i = rng.range_usize(first, 99);
            loop {
                let s = rng.range_usize(lo, 10000);
                if !set.contains(&s) {
                    set[i] = s;
                    break;
                }
            }
        }
        rng.shuffle(&mut set);
        let sg = grundy_table(&set);
        let high: Vec<usize> = (0..sg.len()).filter(|&x| sg[x] >= 64).collect();
        let mut by_value = vec![Vec::new(); 101];
        for (x, &v) in sg.iter().enumerate() {
            by_value[v].push(x);
        }
        let positions: Vec<Vec<usize>> = (0..100)
            .map(|i| {
                let l = if i == 0 { 100 } else { rng.range_usize(1, 12) };
                let mut heaps: Vec<usize> = (0..l)
                    .map(|_| {
                        if !high.is_empty() && rng.range_usize(0, 3) > 0 {
                            high[rng.range_usize(0, high.len() - 1)]
                        } else {
                            rng.range_usize(0, 10000)
                        }
                    })
                    .collect();
                if i % 2 == 1 {
                    let xor = heaps[..l - 1].iter().fold(0, |acc, &h| acc ^ sg[h]);
                    if let Some(xs) = by_value.get(xor).filter(|xs| !xs.is_empty()) {
                        heaps[l - 1] = xs[rng.range_usize(0, xs.len() - 1)];
                    }
                }
                heaps
            })
            .collect();
        test_set(&mut out, &set, &positions);
    }
    out + "0\n"
}

fn main() {
    let (kind, seed) = shared::args(&["small", "max", "grundy"]);
    let mut rng = Rng(seed);
    let input = match kind {
        "small" => small(&mut rng),
        "max" => max(&mut rng, seed % 2 == 0),
        "grundy" => grundy(&mut rng),
        _ => unreachable!(),
    };
    shared::emit(&input);
}
