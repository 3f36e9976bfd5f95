//! acwing891 generator: `gen small|max <seed>` prints one input (n, then n pile sizes).

use std::process::exit;

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

const MAX_PILE: u64 = 1_000_000_000;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let (kind, seed) = match (args.get(1), args.get(2).and_then(|s| s.parse::<u64>().ok())) {
        (Some(k), Some(s)) => (k.as_str(), s),
        _ => {
            eprintln!("usage: gen small|max <seed>");
            exit(2);
        }
    };
    let mut rng = Rng(seed);
    let piles: Vec<u64> = match kind {
        "small" => {
            // At most 4 piles of at most 6 stones. Shapes: all ones, a mirrored pair plus extras, random; a third
            // of the seeds force XOR 0 by fixing the last pile when that is possible.
            let n = rng.range(1, 4) as usize;
            let mut p: Vec<u64> = match rng.range(0, 2) {
                0 => vec![1; n],
                1 => {
                    let x = rng.range(1, 6);
                    let mut v = vec![x, x];
                    v.truncate(n.max(1));
                    while v.len() < n {
                        v.push(rng.range(1, 6));
                    }
                    v
                }
                _ => (0..n).map(|_| rng.range(1, 6)).collect(),
            };
            if seed % 3 == 0 && n >= 2 {
                let x = p[..n - 1].iter().fold(0, |a, &b| a ^ b);
                if (1..=6).contains(&x) {
                    p[n - 1] = x;
                }
            }
            p
        }
        "max" => {
            // n = 100000 at the top of the range. Odd seeds: uniform sizes in 1..=10^9. Even seeds: XOR 0 (the last
            // pile is the XOR of the others, redrawn until that lands in 1..=10^9), so the answer is No.
            let mut p: Vec<u64> = (0..100_000).map(|_| rng.range(1, MAX_PILE)).collect();
            if seed % 2 == 0 {
                loop {
                    let x = p[..99_999].iter().fold(0, |a, &b| a ^ b);
                    if (1..=MAX_PILE).contains(&x) {
                        p[99_999] = x;
                        break;
                    }
                    p[99_998] = rng.range(1, MAX_PILE);
                }
            }
            p
        }
        _ => {
            eprintln!("unknown kind `{kind}`: use small or max");
            exit(2);
        }
    };
    let line: Vec<String> = piles.iter().map(|p| p.to_string()).collect();
    print!("{}\n{}\n", piles.len(), line.join(" "));
}
