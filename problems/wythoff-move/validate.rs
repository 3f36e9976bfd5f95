//! Input validator for wythoff-move: `T`, then `T` lines `a b`.
//!
//! Exits 42 when stdin is a valid input, otherwise 43 with one line on stderr naming the line and the fault.
//! `--relaxed` (first argument): any ASCII whitespace separates tokens and the line structure is not
//! checked; values, ranges and counts still are.

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
