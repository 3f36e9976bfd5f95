//! {ID} generator: `gen small|max <seed>` prints one valid input, deterministic in the arguments. `small`
//! inputs are for the brute force (`rand-*` tests), `max` inputs reach the constraints (`max-*` tests).

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

/// One input whose values go up to `cap`.
fn input(rng: &mut Rng, cap: u64) -> String {
    let first = rng.range(1, cap);
    todo!("draw one whole input with values up to {cap} (e.g. starting with {first})")
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let seed = args.get(2).and_then(|s| s.parse::<u64>().ok());
    let cap = match (args.get(1).map(String::as_str), seed) {
        (Some("small"), Some(_)) => 10,
        (Some("max"), Some(_)) => todo!("the largest value the constraints allow"),
        _ => {
            eprintln!("usage: gen small|max <seed>");
            std::process::exit(2);
        }
    };
    let mut rng = Rng(seed.unwrap_or(0));
    io::stdout()
        .write_all(input(&mut rng, cap).as_bytes())
        .expect("write stdout");
}
