//! hdu2188 generator: `gen small|max <seed>` prints one input (a count C, then C lines `n m`).

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
    let mut cases = Vec::new();
    match kind {
        "small" => {
            // Some files hold one case; n up to a seed-dependent cap, with n <= m, n a multiple of m + 1 and
            // n = 1 all likely.
            let count = if seed % 4 == 0 { 1 } else { rng.range(1, 30) };
            let cap = [4, 15, 60, 300][(seed % 4) as usize];
            for _ in 0..count {
                let m = rng.range(1, 10);
                let n = match rng.range(0, 4) {
                    0 => ((m + 1) * rng.range(1, (cap / (m + 1)).max(1))).min(9999),
                    1 => rng.range(1, m),
                    _ => rng.range(1, cap),
                };
                cases.push((n, m));
            }
        }
        "max" => {
            // 100000 cases at the (unconfirmed) limits: n up to 9999, m from 1 to 10; even seeds put every n
            // on or next to a multiple of m + 1.
            for _ in 0..100_000 {
                let m = rng.range(1, 10);
                let n = if seed % 2 == 1 {
                    rng.range(1, 9999)
                } else {
                    // k >= 2 and k <= 9999, so k - 1 and min(k + 1, 9999) stay in range.
                    let k = (m + 1) * rng.range(1, 9999 / (m + 1));
                    match rng.range(0, 2) {
                        0 => k,
                        1 => k - 1,
                        _ => (k + 1).min(9999),
                    }
                };
                cases.push((n, m));
            }
        }
        _ => {
            eprintln!("unknown kind `{kind}`: use small or max");
            exit(2);
        }
    }
    let mut out = format!("{}\n", cases.len());
    for (n, m) in cases {
        out.push_str(&format!("{n} {m}\n"));
    }
    print!("{out}");
}
