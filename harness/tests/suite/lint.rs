//! End to end: `harness lint` on the fixture workspace `fixtures/lint`, whose problem `messy` has one
//! clippy finding and one unformatted file, and `clean` none.

use super::common::{copy_of, harness, printed, stdout};

#[test]
fn lint_reports_each_finding_with_its_file_and_line_and_fails() {
    let root = copy_of("lint", "lint-fixtures/findings");
    let output = harness(&root, &["lint"]);
    assert_eq!(output.status.code(), Some(1), "{}", printed(&output));
    let text = stdout(&output);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        lines,
        [
            "problems/messy/brute.rs:5: clippy: the loop variable `i` is only used to index `v`",
            "problems/messy/gen.rs:1: rustfmt: not formatted (run `rustfmt --edition 2021` on the file)",
            "3 files checked by rustfmt and clippy: 2 findings",
        ],
        "{}",
        printed(&output)
    );
}

#[test]
fn lint_of_a_clean_problem_passes() {
    let root = copy_of("lint", "lint-fixtures/clean");
    let output = harness(&root, &["lint", "clean"]);
    assert_eq!(output.status.code(), Some(0), "{}", printed(&output));
    assert!(
        stdout(&output).contains("1 files checked by rustfmt and clippy: 0 findings"),
        "{}",
        printed(&output)
    );
}
