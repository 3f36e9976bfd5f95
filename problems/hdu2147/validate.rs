//! Input validator for hdu2147 (kiki's game): lines `n m` with `0 < n, m <= 2000`, then the line `0 0`.
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
        if r.at_end() {
            r.fail("missing the final line `0 0`");
        }
        let n = r.int("n", 0, 2000);
        r.space();
        let m = r.int("m", 0, 2000);
        if (n, m) == (0, 0) {
            if cases == 0 {
                r.fail("no test case before `0 0`");
            }
            r.newline();
            break;
        }
        for (name, v) in [("n", n), ("m", m)] {
            if v == 0 {
                r.fail(&format!(
                    "{name} = 0 is below 1 (only `0 0` ends the input)"
                ));
            }
        }
        if cases == MAX_CASES {
            r.fail(&format!("more than {MAX_CASES} test cases"));
        }
        r.newline();
        cases += 1;
    }
    r.finish();
}
