//! Input validator for hdu1846 (Brave Game): `C`, then `C` lines `n m`.
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
    // C is "a positive integer" in the original statement.
    let c = r.int("C", 1, 100);
    r.newline();
    for _ in 0..c {
        r.int("n", 1, 1000);
        r.space();
        r.int("m", 1, 1000);
        r.newline();
    }
    r.finish();
}
