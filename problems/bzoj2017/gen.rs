//! bzoj2017 generator: `gen small|max <seed>` prints one input (N, then N coin values one per line),
//! deterministic in the arguments.

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

/// N coins in one of several shapes: all equal, tiny values (many ties), a few huge coins among small ones,
/// increasing towards the bottom, or uniform in 1..=100000.
fn coins(rng: &mut Rng, n: usize) -> Vec<u64> {
    match rng.range(0, 5) {
        0 => vec![rng.range(1, 100_000); n],
        1 => (0..n).map(|_| rng.range(1, 3)).collect(),
        2 => (0..n)
            .map(|_| {
                if rng.range(0, 4) == 0 {
                    100_000
                } else {
                    rng.range(1, 10)
                }
            })
            .collect(),
        3 => (1..=n as u64).map(|i| i * 7 % 100_000 + 1).collect(),
        _ => (0..n).map(|_| rng.range(1, 100_000)).collect(),
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let seed = args.get(2).and_then(|s| s.parse::<u64>().ok());
    let (Some(kind), Some(seed)) = (args.get(1), seed) else {
        eprintln!("usage: gen small|max <seed>");
        std::process::exit(2);
    };
    let mut rng = Rng(seed);
    let values = match kind.as_str() {
        // 5..=40 coins: the memoised brute force answers in milliseconds.
        "small" => {
            let n = if rng.range(0, 3) == 0 {
                5
            } else {
                rng.range(5, 40) as usize
            };
            coins(&mut rng, n)
        }
        // N = 2000; seed 1 is every coin 100000 (largest sums), other seeds random values.
        "max" => {
            if seed == 1 {
                vec![100_000; 2000]
            } else {
                (0..2000).map(|_| rng.range(1, 100_000)).collect()
            }
        }
        _ => {
            eprintln!("unknown kind `{kind}`: expected small or max");
            std::process::exit(2);
        }
    };
    let mut out = format!("{}\n", values.len());
    for v in values {
        out.push_str(&format!("{v}\n"));
    }
    io::stdout()
        .write_all(out.as_bytes())
        .expect("write stdout");
}
