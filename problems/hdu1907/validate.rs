//! Input validator for hdu1907 (John): `T`, then `T` cases `N` / `A1..AN`.
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
    let t = r.int("T", 1, 474);
    r.newline();
    for _ in 0..t {
        let n = r.int("N", 1, 47);
        r.newline();
        r.list(n as usize, "A", 1, 4747);
        r.newline();
    }
    r.finish();
}
