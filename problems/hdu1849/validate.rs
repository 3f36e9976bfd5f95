//! Input validator for hdu1849 (Rabbit and Grass): cases `m` / `K1..Km`, then a line `0`.
//!
//! Exits 42 when stdin is a valid input, otherwise 43 with one line on stderr naming the line and the fault.
//! `--relaxed` (first argument): the same lines, but spaces and tabs may surround and separate the tokens
//! on a line, lines may end in `\r\n` and blank lines may follow the last one; values, ranges, counts and
//! the line structure are still checked.

#[path = "../.shared/validate.rs"]
mod reader;

use reader::Reader;

/// The number of cases is not stated; we allow up to 10000 (the largest test has 1000 cases of 1000 pieces).
const MAX_CASES: usize = 10_000;

fn main() {
    let mut r = Reader::from_stdin();
    let mut cases = 0;
    loop {
        if r.at_end() {
            r.fail("missing the final line `0`");
        }
        let m = r.int("m", 0, 1000);
        if m == 0 {
            if cases == 0 {
                r.fail("no test case before the final `0`");
            }
            r.newline();
            break;
        }
        if cases == MAX_CASES {
            r.fail(&format!("more than {MAX_CASES} test cases"));
        }
        r.newline();
        r.list(m as usize, "K", 0, 1000);
        r.newline();
        cases += 1;
    }
    r.finish();
}
