//! Input validator for play-snim, the test file the interactor reads: a seed, `G`, then per game the lines
//! `k s1 .. sk` and `l h1 .. hl`.
//!
//! Exits 42 when stdin is a valid input, otherwise 43 with one line on stderr naming the line and the fault.
//! `--relaxed` (first argument): the same lines, but spaces and tabs may surround and separate the tokens
//! on a line, lines may end in `\r\n` and blank lines may follow the last one; values, ranges, counts and
//! the line structure are still checked.

#[path = "../.shared/validate.rs"]
mod reader;

use reader::Reader;

/// The xor of the heaps' Grundy values under the subtraction set `set` (mex of the values one move away).
fn grundy_sum(set: &[u64], heaps: &[u64]) -> usize {
    let top = heaps.iter().copied().max().unwrap_or(0) as usize;
    let mut sg = vec![0usize; top + 1];
    for x in 1..=top {
        let mut seen = vec![false; set.len() + 1];
        for &s in set.iter().filter(|&&s| s as usize <= x) {
            seen[sg[x - s as usize]] = true;
        }
        sg[x] = seen.iter().position(|&b| !b).unwrap_or(set.len());
    }
    heaps.iter().fold(0, |x, &h| x ^ sg[h as usize])
}

fn main() {
    let mut r = Reader::from_stdin();
    let games = r.games_header(100);
    let mut moves = 0;
    for g in 1..=games {
        let k = r.int("k", 1, 100);
        let mut set = r.list(k as usize, "s", 1, 10_000);
        r.newline();
        set.sort_unstable();
        if let Some(w) = set.windows(2).find(|w| w[0] == w[1]) {
            r.fail(&format!("game {g}: s = {} appears twice in S", w[0]));
        }
        let l = r.int("l", 1, 100);
        let heaps = r.list(l as usize, "h", 0, 10_000);
        moves += heaps.iter().sum::<u64>() / set[0];
        if moves > 20_000 {
            r.fail(&format!(
                "the sum of W = floor(sum of heaps / min S) reaches {moves} at game {g}, above 20000"
            ));
        }
        if grundy_sum(&set, &heaps) == 0 {
            r.fail(&format!("game {g} is lost for the first player"));
        }
        r.newline();
    }
    r.finish();
}
