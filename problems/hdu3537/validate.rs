//! Input validator for hdu3537 (Daizhenyang's Coin): cases `n` / `n` positions up to the end of the file. For
//! `n = 0` the positions line is empty or missing. Repeated positions are allowed.
//!
//! Exits 42 when stdin is a valid input, otherwise 43 with one line on stderr naming the line and the fault.
//! `--relaxed` (first argument): the same lines, but spaces and tabs may surround and separate the tokens
//! on a line, lines may end in `\r\n` and blank lines may follow the last one; values, ranges, counts and
//! the line structure are still checked.

#[path = "../.shared/validate.rs"]
mod reader;

use reader::Reader;

/// The number of cases is not stated; we allow up to 10000 (the largest test has 4000).
const MAX_CASES: usize = 10_000;

fn main() {
    let mut r = Reader::from_stdin();
    let mut cases = 0;
    loop {
        if cases == MAX_CASES {
            r.fail(&format!("more than {MAX_CASES} test cases"));
        }
        let n = r.int("n", 0, 100);
        r.newline();
        if n == 0 {
            r.blank_line();
        } else {
            r.list(n as usize, "position", 0, 99_999_999);
            r.newline();
        }
        cases += 1;
        if r.at_end() {
            break;
        }
    }
    r.finish();
}
