//! Input validator for nod1381 (硬币游戏): `T`, then `T` lines with one integer `R`.
//!
//! Exits 42 when stdin is a valid input, otherwise 43 with one line on stderr naming the line and the fault.
//! `--relaxed` (first argument): any ASCII whitespace separates tokens and the line structure is not
//! checked; values, ranges and counts still are.

#[path = "../.shared/validate.rs"]
mod reader;

use reader::Reader;

fn main() {
    let mut r = Reader::from_stdin();
    let t = r.int("T", 1, 10_000);
    r.newline();
    for _ in 0..t {
        r.int("R", 1, 10_000_000_000);
        r.newline();
    }
    r.finish();
}
