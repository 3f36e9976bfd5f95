//! hdu1536 generator: `gen small|max <seed>` prints one input (test sets ended by `0`), deterministic in the
//! arguments. S is printed unsorted. `max`: odd seeds draw S from 1..=10000, even seeds from 1..=200 (dense
//! S, large Grundy values); either way 60 test sets of k = 100, m = 100, l = 100, heaps up to 10000.

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

    /// Uniform in lo..=hi.
    fn range(&mut self, lo: usize, hi: usize) -> usize {
        lo + (self.next() % (hi - lo + 1) as u64) as usize
    }
}

/// `k` distinct values from 1..=cap, in random order (never sorted on purpose).
fn subtraction_set(rng: &mut Rng, k: usize, cap: usize) -> Vec<usize> {
    let mut set = Vec::with_capacity(k);
    while set.len() < k {
        let s = rng.range(1, cap);
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
    let sets = [1, 1, 2, 3, 4][rng.range(0, 4)];
    let mut out = String::new();
    for _ in 0..sets {
        let k = rng.range(1, 4);
        let set = subtraction_set(rng, k, 8);
        let m = if rng.range(0, 3) == 0 {
            1
        } else {
            rng.range(1, 8)
        };
        let cap = [3, 8, 12][rng.range(0, 2)];
        let positions: Vec<Vec<usize>> = (0..m)
            .map(|_| {
                let l = rng.range(1, 4);
                (0..l)
                    .map(|_| {
                        if rng.range(0, 5) == 0 {
                            0
                        } else {
                            rng.range(0, cap)
                        }
                    })
                    .collect()
            })
            .collect();
        test_set(&mut out, &set, &positions);
    }
    out + "0\n"
}

fn max(rng: &mut Rng, dense: bool) -> String {
    let mut out = String::new();
    for _ in 0..60 {
        let set = subtraction_set(rng, 100, if dense { 200 } else { 10000 });
        let mut positions: Vec<Vec<usize>> = (0..100)
            .map(|_| (0..100).map(|_| rng.range(0, 10000)).collect())
            .collect();
        positions[0][0] = 10000;
        test_set(&mut out, &set, &positions);
    }
    out + "0\n"
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let seed = args.get(2).and_then(|s| s.parse::<u64>().ok());
    let (Some(kind), Some(seed)) = (args.get(1), seed) else {
        eprintln!("usage: gen small|max <seed>");
        std::process::exit(2);
    };
    let mut rng = Rng(seed);
    let input = match kind.as_str() {
        "small" => small(&mut rng),
        "max" => max(&mut rng, seed % 2 == 0),
        _ => {
            eprintln!("unknown kind `{kind}`: expected small or max");
            std::process::exit(2);
        }
    };
    io::stdout()
        .write_all(input.as_bytes())
        .expect("write stdout");
}
