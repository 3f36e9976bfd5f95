//! hdu1907 generator: `gen small|max <seed>` prints one input (T, then T cases `N` / `A1..AN`), deterministic in
//! the arguments. Both kinds mix all-ones cases (odd and even counts), ones plus a bigger pile, xor-0 cases
//! and random ones. `max`: T = 474, N = 47, odd seeds mostly random piles up to 4747, even seeds mostly
//! ones-heavy shapes with N = 46 or 47.

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
    fn range(&mut self, lo: u32, hi: u32) -> u32 {
        lo + (self.next() % u64::from(hi - lo + 1)) as u32
    }
}

/// `n` piles in 1..=cap whose xor is 0 (needs n >= 2), else random piles.
fn xor_zero(rng: &mut Rng, n: usize, cap: u32) -> Vec<u32> {
    for _ in 0..1000 {
        let mut piles: Vec<u32> = (1..n).map(|_| rng.range(1, cap)).collect();
        let last = piles.iter().fold(0, |acc, &a| acc ^ a);
        if (1..=cap).contains(&last) {
            piles.push(last);
            return piles;
        }
    }
    (0..n).map(|_| rng.range(1, cap)).collect()
}

/// One case of `n` piles up to `cap`; `ones_bias` in 0..=4 makes ones-heavy shapes likelier.
fn case(rng: &mut Rng, n: usize, cap: u32, ones_bias: u32) -> Vec<u32> {
    let shape = rng.range(0, 9);
    if shape < 1 + ones_bias {
        return vec![1; n];
    }
    if shape < 2 + 2 * ones_bias {
        let mut piles = vec![1; n];
        let i = rng.range(0, n as u32 - 1) as usize;
        piles[i] = rng.range(2, cap);
        return piles;
    }
    if shape < 5 && n >= 2 {
        return xor_zero(rng, n, cap);
    }
    (0..n)
        .map(|_| match rng.range(0, 3) {
            0 => 1,
            _ => rng.range(1, cap),
        })
        .collect()
}

fn small(rng: &mut Rng) -> Vec<Vec<u32>> {
    let t = match rng.range(0, 3) {
        0 => 1,
        1 => rng.range(1, 5),
        _ => rng.range(1, 30),
    };
    (0..t)
        .map(|_| {
            let n = rng.range(1, 5) as usize;
            let cap = [2, 4, 6][rng.range(0, 2) as usize];
            if rng.range(0, 4) == 0 {
                // Longer all-ones / nearly-all-ones rows stay cheap for the brute force.
                let long = rng.range(1, 9) as usize;
                case(rng, long, 2, 4)
            } else {
                case(rng, n, cap, 1)
            }
        })
        .collect()
}

fn max(rng: &mut Rng, ones_heavy: bool) -> Vec<Vec<u32>> {
    (0..474)
        .map(|_| {
            if ones_heavy {
                // N = 46 or 47, so all-ones rows come with both parities.
                let n = rng.range(46, 47) as usize;
                case(rng, n, 4747, 3)
            } else {
                case(rng, 47, 4747, 0)
            }
        })
        .collect()
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let seed = args.get(2).and_then(|s| s.parse::<u64>().ok());
    let (Some(kind), Some(seed)) = (args.get(1), seed) else {
        eprintln!("usage: gen small|max <seed>");
        std::process::exit(2);
    };
    let mut rng = Rng(seed);
    let cases = match kind.as_str() {
        "small" => small(&mut rng),
        "max" => max(&mut rng, seed % 2 == 0),
        _ => {
            eprintln!("unknown kind `{kind}`: expected small or max");
            std::process::exit(2);
        }
    };
    let mut out = format!("{}\n", cases.len());
    for piles in cases {
        let row: Vec<String> = piles.iter().map(u32::to_string).collect();
        out.push_str(&format!("{}\n{}\n", piles.len(), row.join(" ")));
    }
    io::stdout()
        .write_all(out.as_bytes())
        .expect("write stdout");
}
