//! Input validator for poj1091 (跳蚤): one line `N M`.
//!
//! Exits 42 when stdin is a valid input, otherwise 43 with one line on stderr naming the line and the fault.
//! `--relaxed` (first argument): any ASCII whitespace separates tokens and the line structure is not
//! checked; values, ranges and counts still are.

#[path = "../.shared/validate.rs"]
mod reader;

use reader::Reader;

fn main() {
    let mut r = Reader::from_stdin();
    r.int("N", 1, 15);
    r.space();
    r.int("M", 1, 100_000_000);
    r.newline();
    r.finish();
}
