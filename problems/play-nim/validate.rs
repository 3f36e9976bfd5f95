//! Input validator for play-nim, the test file the interactor reads: a seed, `G`, then `G` lines
//! `n a1 .. an`.
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
    let games = r.games_header(100);
    let mut total = 0;
    for g in 1..=games {
        let n = r.int("n", 1, 100);
        total += n;
        if total > 200 {
            r.fail(&format!("{total} piles by game {g}, above 200 in all"));
        }
        let piles = r.list(n as usize, "a_i", 0, MAX_STONES);
        if piles.iter().fold(0, |x, &a| x ^ a) == 0 {
            r.fail(&format!(
                "game {g}: the xor of the piles is 0: lost for the first player"
            ));
        }
        r.newline();
    }
    r.finish();
}
