//! {ID} generator: `gen small|max <seed>` prints one valid input, deterministic in the arguments. `small`
//! inputs are for the brute force (`rand-*` tests), `max` inputs reach the constraints (`max-*` tests).

#[path = "../.shared/gen.rs"]
mod shared;

use shared::Rng;

/// One input whose values go up to `cap`.
fn input(rng: &mut Rng, cap: u64) -> String {
    let first = rng.range(1, cap);
    todo!("draw one whole input with values up to {cap} (e.g. starting with {first})")
}

fn main() {
    let (kind, seed) = shared::args(&["small", "max"]);
    let cap = match kind {
        "small" => 10,
        "max" => todo!("the largest value the constraints allow"),
        _ => unreachable!(),
    };
    let mut rng = Rng(seed);
    shared::emit(&input(&mut rng, cap));
}
