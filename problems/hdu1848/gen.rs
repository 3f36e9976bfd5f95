//! Generator for hdu1848: `gen small|max <seed>` prints one input (triples, then the `0 0 0` sentinel).

#[path = "../.shared/gen.rs"]
mod shared;

use shared::Rng;

fn main() {
    let (kind, seed) = shared::args(&["small", "max"]);
    let mut rng = Rng::scrambled(seed, 1848);
    let mut out = String::new();
    if kind == "small" {
        // Values up to 40 keep the brute force's (a+1)(b+1)(c+1) states small.
        let cases = if seed % 5 == 0 { 1 } else { rng.range(1, 20) };
        let top = rng.range(1, 40);
        for _ in 0..cases {
            let a = rng.range(1, top);
            let mut b = rng.range(1, top);
            let c = rng.range(1, top);
            if rng.range(0, 3) == 0 {
                b = a;
            }
            out.push_str(&format!("{a} {b} {c}\n"));
        }
    } else {
        // Odd seeds: uniform in 1..=1000; even seeds: only the two ends of the range.
        for _ in 0..100_000 {
            let mut v = [0u64; 3];
            for x in &mut v {
                *x = if seed % 2 == 1 {
                    rng.range(1, 1000)
                } else if rng.range(0, 1) == 0 {
                    rng.range(1, 20)
                } else {
                    rng.range(981, 1000)
                };
            }
            out.push_str(&format!("{} {} {}\n", v[0], v[1], v[2]));
        }
    }
    out.push_str("0 0 0\n");
    shared::emit(&out);
}
