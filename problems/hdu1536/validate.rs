//! Input validator for hdu1536 (S-Nim): test sets `k s1..sk` / `m` / `m` lines `l h1..hl`, then a line `0`.
//!
//! Exits 42 when stdin is a valid input, otherwise 43 with one line on stderr naming the line and the fault.
//! `--relaxed`: the same lines, with spaces and tabs around and between the tokens, `\r\n` line ends and blank
//! lines at the end; values, ranges, counts and the line structure are still checked (as for the other
//! problems). `--small`: subtask 1's bounds too (statement.md, "Subtasks": `k <= 5`,
//! `si <= 10`, `hi <= 20`), for the tests of its group (problem.toml, `input_validator_args`).

#[path = "../.shared/validate.rs"]
mod reader;

use reader::Reader;

/// The number of test sets is not stated; we allow up to 100 (the largest test has 60, about 3 MB).
const MAX_SETS: usize = 100;

/// The bounds of k, of the members of S and of the heaps: the statement's, or subtask 1's.
const FULL: (u64, u64, u64) = (100, 10_000, 10_000);
const SMALL: (u64, u64, u64) = (5, 10, 20);

fn main() {
    let (mut r, flags) = Reader::from_stdin_with(&["--small"]);
    let (max_k, max_s, max_h) = if flags.contains(&"--small") {
        SMALL
    } else {
        FULL
    };
    let mut sets = 0;
    loop {
        if r.at_end() {
            r.fail("missing the final line `0`");
        }
        let k = r.int("k", 0, max_k);
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
        let mut s = r.list(k as usize, "s", 1, max_s);
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
            r.list(l as usize, "h", 0, max_h);
            r.newline();
        }
        sets += 1;
    }
    r.finish();
}
