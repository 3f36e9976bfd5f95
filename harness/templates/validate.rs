//! Input validator for {ID}: reads one input on stdin and checks it against the constraints of
//! statement.md exactly (format, whitespace, ranges, counts, end of file).
//!
//! Exits 42 when stdin is a valid input, otherwise 43 with one line on stderr naming the line and the fault.
//! `--relaxed` (first argument): any ASCII whitespace separates tokens and the line structure is not
//! checked; values, ranges and counts still are. Every file of invalid/ must be rejected.
//!
//! The reader (`int`, `list`, `space`, `newline`, `finish`, `fail`, ...) is the module shared by every
//! validator, problems/.shared/validate.rs: this file keeps only the checks of this problem.

// Until `main` is written it calls few of the reader's methods: delete the `allow` when it is done.
#[allow(dead_code)]
#[path = "../.shared/validate.rs"]
mod reader;

use reader::Reader;

fn main() {
    let mut r = Reader::from_stdin();
    // E.g. a line `T`, then `T` lines `n m`: `let t = r.int("T", 1, 100); r.newline();`, then per case
    // `r.int("n", 1, 1000); r.space(); r.int("m", 1, 1000); r.newline();`, and at the end `r.finish()`.
    let first = r.int("the first value", 0, u64::MAX);
    todo!("check the input of statement.md (it starts with {first}), then call `r.finish()`")
}
