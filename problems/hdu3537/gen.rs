//! hdu3537 generator: `gen small <seed>` (positions < 13, checkable by brute.rs) or `gen max <seed>`
//! (4000 cases of 100 positions below 1e8, half of them losing, all with coins named repeatedly).

#[path = "../.shared/gen.rs"]
mod shared;

use shared::Rng;

const LIMIT: u64 = 100_000_000;

fn write_case(out: &mut String, heads: &[u64]) {
    out.push_str(&format!("{}\n", heads.len()));
    let line: Vec<String> = heads.iter().map(u64::to_string).collect();
    out.push_str(&line.join(" "));
    out.push('\n');
}

/// Distinct positions below `bound` forming a losing position: an even number of heads whose positions
/// XOR to 0 (the odious-number characterisation of Mock Turtles P-positions). `count` is odd.
fn losing_set(rng: &mut Rng, count: usize, bound: u64) -> Vec<u64> {
    loop {
        let mut v: Vec<u64> = (0..count).map(|_| rng.range(0, bound - 1)).collect();
        let last = v.iter().fold(0, |acc, &x| acc ^ x);
        v.push(last);
        let mut s = v.clone();
        s.sort_unstable();
        s.dedup();
        if last < bound && s.len() == v.len() {
            return v;
        }
    }
}

fn small(rng: &mut Rng) -> String {
    let bound = [1, 2, 3, 4, 6, 8, 10, 13][rng.range(0, 7) as usize];
    let cases = if rng.next() % 5 == 0 {
        1
    } else {
        rng.range(1, 20)
    };
    let mut out = String::new();
    for _ in 0..cases {
        let heads: Vec<u64> = match rng.range(0, 5) {
            0 => Vec::new(),
            1 if bound >= 8 => {
                // six distinct coins below 8 never XOR to 0, so five-plus-one needs bound >= 10
                let count = if bound >= 10 {
                    3 + 2 * rng.range(0, 1) as usize
                } else {
                    3
                };
                let mut v = losing_set(rng, count, bound);
                if rng.next() % 2 == 0 {
                    let x = v[rng.range(0, v.len() as u64 - 1) as usize];
                    v.push(x);
                }
                rng.shuffle(&mut v);
                v
            }
            2 => {
                // one coin named several times
                let x = rng.range(0, bound - 1);
                vec![x; rng.range(1, 4) as usize]
            }
            _ => {
                let n = rng.range(1, 12);
                (0..n).map(|_| rng.range(0, bound - 1)).collect()
            }
        };
        write_case(&mut out, &heads);
    }
    out
}

fn max(rng: &mut Rng, seed: u64) -> String {
    const CASES: usize = 4000;
    let mut out = String::with_capacity(CASES * 920);
    for c in 0..CASES {
        // seed 1: 61..=91 distinct coins, then some of them named again up to 100 (a coin named an even
        // number of times fools a missing dedup); other seeds: 4 distinct coins named 100 times in all.
        let count = if seed == 1 {
            1 + 2 * rng.range(30, 45) as usize
        } else {
            3
        };
        let mut heads: Vec<u64> = if c % 2 == 0 {
            losing_set(rng, count, LIMIT)
        } else {
            (0..=count).map(|_| rng.range(0, LIMIT - 1)).collect()
        };
        if c == 1 {
            heads[0] = LIMIT - 1;
        }
        let distinct = heads.clone();
        while heads.len() < 100 {
            let x = distinct[rng.range(0, distinct.len() as u64 - 1) as usize];
            heads.push(x);
        }
        rng.shuffle(&mut heads);
        write_case(&mut out, &heads);
    }
    out
}

fn main() {
    let (kind, seed) = shared::args(&["small", "max"]);
    let mut rng = Rng(seed ^ 0x3537);
    let text = if kind == "small" {
        small(&mut rng)
    } else {
        max(&mut rng, seed)
    };
    shared::emit(&text);
}
