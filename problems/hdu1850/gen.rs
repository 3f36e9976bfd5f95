//! hdu1850 generator: `gen small|max <seed>` prints one input (cases `M` / `N1..NM`, then `0`), deterministic
//! in the arguments. About a third of the cases are forced to xor 0 (answer 0). `max`: 5000 cases of
//! M = 100 piles up to 10^6; odd seeds uniform piles, even seeds piles drawn from [2^19, 10^6] (so many of
//! them can be winning moves) mixed with tiny piles.

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

/// Replaces the last pile by the xor of the others when that is a legal pile (>= 1, <= cap).
fn close_xor(piles: &mut [u32], cap: u32) {
    let (last, rest) = piles.split_last_mut().expect("at least one pile");
    let x = rest.iter().fold(0, |acc, &n| acc ^ n);
    if (1..=cap).contains(&x) {
        *last = x;
    }
}

fn small(rng: &mut Rng) -> Vec<Vec<u32>> {
    let count = match rng.range(0, 3) {
        0 => 1,
        1 => rng.range(1, 4),
        _ => rng.range(1, 10),
    };
    (0..count)
        .map(|_| {
            let (m, cap) = if rng.range(0, 3) == 0 {
                (rng.range(4, 5), 3)
            } else {
                (rng.range(2, 3), [2, 5, 7][rng.range(0, 2) as usize])
            };
            let mut piles: Vec<u32> = (0..m).map(|_| rng.range(1, cap)).collect();
            if rng.range(0, 2) == 0 {
                close_xor(&mut piles, cap);
            }
            piles
        })
        .collect()
}

fn max(rng: &mut Rng, high: bool) -> Vec<Vec<u32>> {
    const CAP: u32 = 1_000_000;
    (0..5000)
        .map(|_| {
            let mut piles: Vec<u32> = (0..100)
                .map(|_| match (high, rng.range(0, 9)) {
                    (true, 0) => rng.range(1, 3),
                    (true, _) => rng.range(1 << 19, CAP),
                    (false, _) => rng.range(1, CAP),
                })
                .collect();
            if rng.range(0, 2) == 0 {
                close_xor(&mut piles, CAP);
            }
            piles
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
    let mut out = String::new();
    for piles in cases {
        let row: Vec<String> = piles.iter().map(u32::to_string).collect();
        out.push_str(&format!("{}\n{}\n", piles.len(), row.join(" ")));
    }
    out.push_str("0\n");
    io::stdout()
        .write_all(out.as_bytes())
        .expect("write stdout");
}
