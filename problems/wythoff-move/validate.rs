//! Input validator for wythoff-move: `T`, then `T` lines `a b`.
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
    let t = r.int("T", 1, 100_000);
    r.newline();
    for _ in 0..t {
        r.int("a", 0, 1_000_000_000_000_000_000);
        r.space();
        r.int("b", 0, 1_000_000_000_000_000_000);
        r.newline();
    }
    r.finish();
}
