//! Input validator for hdu1536 (S-Nim): test sets `k s1..sk` / `m` / `m` lines `l h1..hl`, then a line `0`.
//!
//! Exits 42 when stdin is a valid input, otherwise 43 with one line on stderr naming the line and the fault.
//! `--relaxed` (first argument): any ASCII whitespace separates tokens and the line structure is not
//! checked; values, ranges and counts still are.

#[path = "../.shared/validate.rs"]
mod reader;

use reader::Reader;

/// The number of test sets is not stated; we allow up to 100 (the largest test has 60, about 3 MB).
const MAX_SETS: usize = 100;

fn main() {
    let mut r = Reader::from_stdin();
    let mut sets = 0;
    loop {
        if r.at_end() {
            r.fail("missing the final line `0`");
        }
        let k = r.int("k", 0, 100);
        if k == 0 {
            if sets == 0 {
                r.fail("no test set before the final `0`");
            }
            r.newline();
            break;
        }
        if sets == MAX_SETS {
            r.fail(&format!("more than {MAX_SETS} test sets"));
        }
        let mut s = r.list(k as usize, "s", 1, 10_000);
        // k is the size of the set S, so its elements are distinct.
        s.sort_unstable();
        if let Some(w) = s.windows(2).find(|w| w[0] == w[1]) {
            r.fail(&format!("s = {} appears twice in S", w[0]));
        }
        r.newline();
        let m = r.int("m", 1, 100);
        r.newline();
        for _ in 0..m {
            let l = r.int("l", 1, 100);
            r.list(l as usize, "h", 0, 10_000);
            r.newline();
        }
        sets += 1;
    }
    r.finish();
}
