//! Input validator for hdu2188 (volunteer selection): `C`, then `C` lines `n m` with `0 < n < 10000` and
//! `1 <= m <= 10` (bounds UNCONFIRMED, as in the statement).
//!
//! Exits 42 when stdin is a valid input, otherwise 43 with one line on stderr naming the line and the fault.
//! `--relaxed` (first argument): the same lines, but spaces and tabs may surround and separate the tokens
//! on a line, lines may end in `\r\n` and blank lines may follow the last one; values, ranges, counts and
//! the line structure are still checked.

#[path = "../.shared/validate.rs"]
mod reader;

use reader::Reader;

/// C is "a positive integer" with no stated bound; we allow up to 200000 (the largest test has 100000).
const MAX_C: u64 = 200_000;

fn main() {
    let mut r = Reader::from_stdin();
    let c = r.int("C", 1, MAX_C);
    r.newline();
    for _ in 0..c {
        r.int("n", 1, 9999);
        r.space();
        r.int("m", 1, 10);
        r.newline();
    }
    r.finish();
}
