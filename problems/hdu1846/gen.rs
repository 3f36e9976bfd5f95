//! hdu1846 generator: `gen small|max <seed>` prints one input (C cases of `n m`), deterministic in the arguments.

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
    fn range(&mut self, lo: u64, hi: u64) -> u64 {
        lo + self.next() % (hi - lo + 1)
    }
}

/// One case drawn with values up to `cap`, biased towards the shapes that matter:
/// n a multiple of m + 1 (second wins), m >= n, and the extremes 1 and cap.
fn case(rng: &mut Rng, cap: u64) -> (u64, u64) {
    match rng.range(0, 5) {
        0 => {
            let m = rng.range(1, cap - 1);
            let k = rng.range(1, (cap / (m + 1)).max(1));
            ((k * (m + 1)).min(cap), m)
        }
        1 => {
            let n = rng.range(1, cap);
            (n, rng.range(n, cap))
        }
        2 => {
            let pick = |rng: &mut Rng| [1, 2, cap - 1, cap][rng.range(0, 3) as usize];
            (pick(rng), pick(rng))
        }
        _ => (rng.range(1, cap), rng.range(1, cap)),
    }
}

fn small(rng: &mut Rng) -> Vec<(u64, u64)> {
    let count = match rng.range(0, 3) {
        0 => 1,
        1 => rng.range(1, 5),
        _ => rng.range(1, 100),
    };
    let cap = [5, 12, 60][rng.range(0, 2) as usize];
    (0..count).map(|_| case(rng, cap)).collect()
}

fn max(rng: &mut Rng) -> Vec<(u64, u64)> {
    (0..100).map(|_| case(rng, 1000)).collect()
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
        "max" => max(&mut rng),
        _ => {
            eprintln!("unknown kind `{kind}`: expected small or max");
            std::process::exit(2);
        }
    };
    let mut out = format!("{}\n", cases.len());
    for (n, m) in cases {
        out.push_str(&format!("{n} {m}\n"));
    }
    io::stdout()
        .write_all(out.as_bytes())
        .expect("write stdout");
}
