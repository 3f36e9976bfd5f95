//! Input validator for lanqiao-prev6 (翻硬币): two lines, each a row of `*` and `o` of the same length
//! `1..=999`, differing in an even number of places (the statement promises the target is reachable).
//!
//! Exits 42 when stdin is a valid input, otherwise 43 with one line on stderr naming the line and the fault.
//! `--relaxed` (first argument): the same lines, but spaces and tabs may surround and separate the tokens
//! on a line, lines may end in `\r\n` and blank lines may follow the last one; values, ranges, counts and
//! the line structure are still checked.

#[path = "../.shared/validate.rs"]
mod reader;

use reader::Reader;

fn row(r: &mut Reader, name: &str) -> Vec<u8> {
    let t = r.token(name);
    if let Some(c) = t.chars().find(|&c| c != '*' && c != 'o') {
        r.fail(&format!("the {name} has `{c}`, not `*` or `o`"));
    }
    if t.len() > 999 {
        r.fail(&format!("the {name} has {} coins, more than 999", t.len()));
    }
    t.into_bytes()
}

fn main() {
    let mut r = Reader::from_stdin();
    let start = row(&mut r, "start row");
    r.newline();
    let target = row(&mut r, "target row");
    if start.len() != target.len() {
        r.fail(&format!(
            "the target row has {} coins, the start row {}",
            target.len(),
            start.len()
        ));
    }
    let differ = start.iter().zip(&target).filter(|(a, b)| a != b).count();
    if differ % 2 == 1 {
        r.fail(&format!(
            "the rows differ in an odd number of places ({differ}): the target cannot be reached"
        ));
    }
    r.newline();
    r.finish();
}
