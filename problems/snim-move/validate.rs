//! Input validator for snim-move: `T` test sets, each `k s1..sk` / `m` / `m` lines `l h1..hl`.
//!
//! Exits 42 when stdin is a valid input, otherwise 43 with one line on stderr naming the line and the fault.
//! `--relaxed` (first argument): the same lines, but spaces and tabs may surround and separate the tokens
//! on a line, lines may end in `\r\n` and blank lines may follow the last one; values, ranges, counts and
//! the line structure are still checked.

#[path = "../.shared/validate.rs"]
mod reader;

use reader::Reader;

fn main() {
    let mut r = Reader::from_stdin();
    let t = r.int("T", 1, 20);
    r.newline();
    for _ in 0..t {
        let k = r.int("k", 1, 100);
        let mut s = r.list(k as usize, "s", 1, 10_000);
        // k is the size of the set S, so its elements are distinct.
        s.sort_unstable();
        if let Some(w) = s.windows(2).find(|w| w[0] == w[1]) {
            r.fail(&format!("s = {} appears twice in S", w[0]));
        }
        r.newline();
        let m = r.int("m", 1, 100);
        r.newline();
        for _ in 0..m {
            let l = r.int("l", 1, 100);
            r.list(l as usize, "h", 0, 10_000);
            r.newline();
        }
    }
    r.finish();
}
