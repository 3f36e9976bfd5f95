//! Input validator for hdu1079 (Calendar Game): `T`, then `T` lines `YYYY MM DD` (no zero padding), every date
//! a real Gregorian date from 1900-01-01 to 2001-11-04.
//!
//! Exits 42 when stdin is a valid input, otherwise 43 with one line on stderr naming the line and the fault.
//! `--relaxed` (first argument): the same lines, but spaces and tabs may surround and separate the tokens
//! on a line, lines may end in `\r\n` and blank lines may follow the last one; values, ranges, counts and
//! the line structure are still checked.

#[path = "../.shared/validate.rs"]
mod reader;

use reader::Reader;

/// T is not bounded by the original statement; ours says the tests use up to 100000, and T = 0 would be an
/// empty test.
const MAX_T: u64 = 100_000;

fn days_in_month(y: u64, m: u64) -> u64 {
    match m {
        2 if (y % 4 == 0 && y % 100 != 0) || y % 400 == 0 => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

fn main() {
    let mut r = Reader::from_stdin();
    let t = r.int("T", 1, MAX_T);
    r.newline();
    for _ in 0..t {
        let y = r.int("YYYY", 1900, 2001);
        r.space();
        let m = r.int("MM", 1, 12);
        r.space();
        let d = r.int("DD", 1, 31);
        if d > days_in_month(y, m) {
            r.fail(&format!(
                "{y} {m} {d} is not a date: month {m} of {y} has {} days",
                days_in_month(y, m)
            ));
        }
        if (y, m, d) > (2001, 11, 4) {
            r.fail(&format!("{y} {m} {d} is after 2001-11-04"));
        }
        r.newline();
    }
    r.finish();
}
