//! Code shared by the test-data generators `problems/<id>/gen.rs`: the splitmix64 random-number generator,
//! the `gen <kind> <seed>` argument parsing and the write to stdout. The interactors of the game problems
//! draw their random moves from the same `Rng`. A generator includes it with
//!
//! ```text
//! #[path = "../.shared/gen.rs"]
//! mod shared;
//! ```
//!
//! The committed test data depends on this file byte for byte: every number a generator draws comes from
//! `Rng`, so a changed constant, `range` formula or order of draws (`shuffle`) changes the data of every
//! problem at once. `harness gen --check` proves the data still matches. A generator that needs another
//! distribution gets a new function here (or keeps it in its own gen.rs); never change an existing one.
//!
//! The folder is hidden so that the judge does not take it for a problem. Items that only some generators
//! use carry `#[allow(dead_code)]`: each generator compiles this file as its own module, and an item it does
//! not call would otherwise be a warning.

use std::io::{self, Write};
use std::process;

/// splitmix64: tiny, deterministic, good enough for test data.
pub struct Rng(pub u64);

impl Rng {
    /// A generator whose state is `seed` scrambled by a multiplication, then xored with a per-problem `salt`.
    #[allow(dead_code)] // only the generators that scramble their seed
    pub fn scrambled(seed: u64, salt: u64) -> Rng {
        Rng(seed.wrapping_mul(0x2545_F491_4F6C_DD1D) ^ salt)
    }

    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in lo..=hi (hi - lo < 2^64 - 1).
    #[allow(dead_code)] // the generators that draw u32 or usize values use the variants below
    pub fn range(&mut self, lo: u64, hi: u64) -> u64 {
        lo + self.next() % (hi - lo + 1)
    }

    /// `range` with u32 bounds: the same draw gives the same value.
    #[allow(dead_code)] // only the generators that draw u32 values
    pub fn range_u32(&mut self, lo: u32, hi: u32) -> u32 {
        lo + (self.next() % u64::from(hi - lo + 1)) as u32
    }

    /// `range` with usize bounds: the same draw gives the same value (usize is 64 bits wide here).
    #[allow(dead_code)] // only the generators that draw usize values
    pub fn range_usize(&mut self, lo: usize, hi: usize) -> usize {
        lo + (self.next() % (hi - lo + 1) as u64) as usize
    }

    /// Random order, in place: from the back, position i swaps with `range(0, i)`.
    #[allow(dead_code)] // only the generators that shuffle
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.range(0, i as u64) as usize;
            items.swap(i, j);
        }
    }
}

/// The kind and the seed of `gen <kind> <seed>`, the kind one of `kinds`. Anything else (a missing or
/// unknown kind, a seed that is not a u64) prints `usage: gen small|max <seed>` (the kinds joined by `|`)
/// and exits with code 2.
#[allow(dead_code)] // not in the interactors
pub fn args(kinds: &[&'static str]) -> (&'static str, u64) {
    let args: Vec<String> = std::env::args().collect();
    let kind = args
        .get(1)
        .and_then(|given| kinds.iter().copied().find(|&kind| kind == given.as_str()));
    let seed = args.get(2).and_then(|s| s.parse::<u64>().ok());
    match (kind, seed) {
        (Some(kind), Some(seed)) => (kind, seed),
        _ => {
            eprintln!("usage: gen {} <seed>", kinds.join("|"));
            process::exit(2);
        }
    }
}

/// Prints the generated input, exactly as given.
#[allow(dead_code)] // not in the interactors
pub fn emit(text: &str) {
    io::stdout()
        .write_all(text.as_bytes())
        .expect("write stdout");
}
