//! Input validator for lanqiao-prev34 (矩阵翻硬币): one line `n m` with `1 <= n, m <= 10^1000`. The numbers
//! are checked as digit strings, never parsed.
//!
//! Exits 42 when stdin is a valid input, otherwise 43 with one line on stderr naming the line and the fault.
//! `--relaxed` (first argument): the same lines, but spaces and tabs may surround and separate the tokens
//! on a line, lines may end in `\r\n` and blank lines may follow the last one; values, ranges, counts and
//! the line structure are still checked.

#[path = "../.shared/validate.rs"]
mod reader;

use reader::{short, Reader};

/// A decimal integer in `1..=10^1000`: up to 1000 digits, or exactly `1` followed by 1000 zeros.
fn big(r: &mut Reader, name: &str) {
    let t = r.token(name);
    if !t.bytes().all(|c| c.is_ascii_digit()) {
        r.fail(&format!(
            "{name} = `{}` is not a positive integer",
            short(&t)
        ));
    }
    if t == "0" {
        r.fail(&format!("{name} = 0 is below 1"));
    }
    if t.starts_with('0') {
        r.fail(&format!("{name} = {} has a leading zero", short(&t)));
    }
    let power = t.len() == 1001 && t[1..].bytes().all(|c| c == b'0');
    if t.len() > 1001 || (t.len() == 1001 && !power) {
        r.fail(&format!("{name} ({} digits) is above 10^1000", t.len()));
    }
}

fn main() {
    let mut r = Reader::from_stdin();
    big(&mut r, "n");
    r.space();
    big(&mut r, "m");
    r.newline();
    r.finish();
}
