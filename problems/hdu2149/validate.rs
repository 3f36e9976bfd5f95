//! Input validator for hdu2149 (Public Sale): lines `M N` with `0 < M, N < 1100`, up to the end of the file.
//!
//! Exits 42 when stdin is a valid input, otherwise 43 with one line on stderr naming the line and the fault.
//! `--relaxed` (first argument): the same lines, but spaces and tabs may surround and separate the tokens
//! on a line, lines may end in `\r\n` and blank lines may follow the last one; values, ranges, counts and
//! the line structure are still checked.

#[path = "../.shared/validate.rs"]
mod reader;

use reader::Reader;

/// The number of cases is not stated; we allow up to 200000 (the largest test has 100000).
const MAX_CASES: usize = 200_000;

fn main() {
    let mut r = Reader::from_stdin();
    let mut cases = 0;
    loop {
        if cases == MAX_CASES {
            r.fail(&format!("more than {MAX_CASES} test cases"));
        }
        r.int("M", 1, 1099);
        r.space();
        r.int("N", 1, 1099);
        r.newline();
        cases += 1;
        if r.at_end() {
            break;
        }
    }
    r.finish();
}
