//! Input validator for hdu2509 (Be the Winner): cases `n` / `n` row lengths up to the end of the file, two
//! cases separated by at most one empty line (the statement allows blank lines between cases).
//!
//! Exits 42 when stdin is a valid input, otherwise 43 with one line on stderr naming the line and the fault.
//! `--relaxed` (first argument): the same lines, but spaces and tabs may surround and separate the tokens
//! on a line, lines may end in `\r\n` and blank lines may follow the last one; values, ranges, counts and
//! the line structure are still checked.

#[path = "../.shared/validate.rs"]
mod reader;

use reader::Reader;

/// The number of cases is not stated; we allow up to 10000 (the largest test has 2000).
const MAX_CASES: usize = 10_000;

fn main() {
    let mut r = Reader::from_stdin();
    let mut cases = 0;
    loop {
        if cases == MAX_CASES {
            r.fail(&format!("more than {MAX_CASES} test cases"));
        }
        let n = r.int("n", 1, 100);
        r.newline();
        r.list(n as usize, "row length", 1, 100);
        r.newline();
        cases += 1;
        if r.at_end() {
            break;
        }
        r.blank_line();
    }
    r.finish();
}
