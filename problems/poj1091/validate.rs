//! Input validator for poj1091 (跳蚤): one line `N M`.
//!
//! Exits 42 when stdin is a valid input, otherwise 43 with one line on stderr naming the line and the fault.
//! `--relaxed`: the same lines, with spaces and tabs around and between the tokens, `\r\n` line ends and blank
//! lines at the end; values, ranges, counts and the line structure are still checked (as for the other
//! problems). `--small`: subtask 1's bound too (statement.md, "Subtasks": `M^N <= 200000`), for
//! the tests of its group (problem.toml, `input_validator_args`).

#[path = "../.shared/validate.rs"]
mod reader;

use reader::Reader;

/// Subtask 1: `M^N <= 200000`.
const SMALL_CARDS: u64 = 200_000;

fn main() {
    let (mut r, flags) = Reader::from_stdin_with(&["--small"]);
    let n = r.int("N", 1, 15);
    r.space();
    let m = r.int("M", 1, 100_000_000);
    if flags.contains(&"--small") {
        let cards = m.checked_pow(n as u32);
        if !cards.is_some_and(|c| c <= SMALL_CARDS) {
            r.fail(&format!("M^N = {m}^{n} is above {SMALL_CARDS} (subtask 1)"));
        }
    }
    r.newline();
    r.finish();
}
