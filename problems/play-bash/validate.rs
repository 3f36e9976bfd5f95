//! Input validator for play-bash, the test file the interactor reads: a seed, `G`, then `G` lines `n m`.
//!
//! Exits 42 when stdin is a valid input, otherwise 43 with one line on stderr naming the line and the fault.
//! `--relaxed` (first argument): the same lines, but spaces and tabs may surround and separate the tokens
//! on a line, lines may end in `\r\n` and blank lines may follow the last one; values, ranges, counts and
//! the line structure are still checked.

#[path = "../.shared/validate.rs"]
mod reader;

use reader::Reader;

const MAX_STONES: u64 = 1_000_000_000_000_000_000;

fn main() {
    let mut r = Reader::from_stdin();
    let games = r.games_header(1000);
    let mut rounds = 0;
    for g in 1..=games {
        let n = r.int("n", 1, MAX_STONES);
        r.space();
        let m = r.int("m", 1, MAX_STONES);
        // m + 1 <= 10^18 + 1 fits in a u64.
        if n % (m + 1) == 0 {
            r.fail(&format!(
                "game {g}: n = {n} is a multiple of m + 1 = {}: lost for the first player",
                m + 1
            ));
        }
        rounds += n / (m + 1);
        if rounds > 3000 {
            r.fail(&format!(
                "the sum of floor(n / (m + 1)) reaches {rounds} at game {g}, above 3000"
            ));
        }
        r.newline();
    }
    r.finish();
}
