//! Input validator for hdu1850 (Being a Good Boy in Spring Festival): cases `M` / `N1..NM`, then a line `0`.
//!
//! Exits 42 when stdin is a valid input, otherwise 43 with one line on stderr naming the line and the fault.
//! `--relaxed` (first argument): the same lines, but spaces and tabs may surround and separate the tokens
//! on a line, lines may end in `\r\n` and blank lines may follow the last one; values, ranges, counts and
//! the line structure are still checked.

#[path = "../.shared/validate.rs"]
mod reader;

use reader::Reader;

/// The number of cases is not stated; we allow up to 10000 (the largest test has 5000).
const MAX_CASES: usize = 10_000;

fn main() {
    let mut r = Reader::from_stdin();
    let mut cases = 0;
    loop {
        if r.at_end() {
            r.fail("missing the final line `0`");
        }
        let m = r.int("M", 0, 100);
        if m == 0 {
            if cases == 0 {
                r.fail("no test case before the final `0`");
            }
            r.newline();
            break;
        }
        if m == 1 {
            r.fail("M = 1 is below 2");
        }
        if cases == MAX_CASES {
            r.fail(&format!("more than {MAX_CASES} test cases"));
        }
        r.newline();
        r.list(m as usize, "N", 1, 1_000_000);
        r.newline();
        cases += 1;
    }
    r.finish();
}
