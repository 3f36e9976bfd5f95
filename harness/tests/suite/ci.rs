//! The closing line of CI (`scripts/test-total`, called last by `.ci/run`): the `test result:` lines of a
//! `cargo test` run summed into `N passed, M failed`, with an exit status that agrees with it.

use std::fs;
use std::process::Command;

use super::common::{scratch, workspace_root};

/// `scripts/test-total` on this cargo output and exit status: its exit code and the lines it printed.
fn total(log: &str, cargo_status: i32) -> (Option<i32>, Vec<String>) {
    let dir = scratch(&format!("ci-total-{cargo_status}-{}", log.len()));
    let file = dir.join("cargo-test.log");
    fs::write(&file, log).unwrap();
    let output = Command::new("bash")
        .arg(workspace_root().join("scripts/test-total"))
        .arg(&file)
        .arg(cargo_status.to_string())
        .output()
        .unwrap();
    let lines = String::from_utf8_lossy(&output.stdout)
        .lines()
        .map(str::to_string)
        .collect();
    (output.status.code(), lines)
}

const PASSING: &str = "\
running 62 tests
test result: ok. 62 passed; 0 failed; 0 ignored; 0 measured; 0 filtered out; finished in 0.05s

     Running unittests src/main.rs (target/debug/deps/hdu1846-0123)
test result: ok. 3 passed; 0 failed; 0 ignored; 0 measured; 0 filtered out; finished in 0.00s
   Doc-tests harness
test result: ok. 0 passed; 0 failed; 0 ignored; 0 measured; 0 filtered out; finished in 0.00s
";

#[test]
fn every_result_block_is_summed_into_one_closing_line() {
    let (code, lines) = total(PASSING, 0);
    assert_eq!(code, Some(0), "{lines:?}");
    assert_eq!(
        lines.last().map(String::as_str),
        Some("65 passed, 0 failed")
    );
    assert_eq!(lines.len(), 1, "only the closing line: {lines:?}");

    let failing = format!(
        "{PASSING}test result: FAILED. 85 passed; 2 failed; 1 ignored; 0 measured; 0 filtered out; finished in 9.1s\n"
    );
    let (code, lines) = total(&failing, 101);
    assert_eq!(code, Some(1));
    assert_eq!(
        lines.last().map(String::as_str),
        Some("150 passed, 2 failed")
    );
}

#[test]
fn skipped_tests_are_listed_above_the_closing_line() {
    let log = format!(
        "{PASSING}SKIPPED control group sweep: no cgroup v1 cpuacct controller\n\
         SKIPPED export: problemtools is not installed\n\
         SKIPPED control group sweep: no cgroup v1 cpuacct controller\n"
    );
    let (code, lines) = total(&log, 0);
    assert_eq!(code, Some(0), "a skip is not a failure");
    assert_eq!(
        lines,
        [
            "test-total: 2 skipped (the test passed without them):",
            "  control group sweep: no cgroup v1 cpuacct controller",
            "  export: problemtools is not installed",
            "65 passed, 0 failed",
        ]
    );
}

#[test]
fn cargo_failing_without_a_failed_test_is_a_failure() {
    // A build error after some crates were tested: cargo fails, no test did.
    let (code, lines) = total(PASSING, 101);
    assert_eq!(code, Some(1));
    assert_eq!(
        lines.last().map(String::as_str),
        Some("65 passed, 1 failed")
    );
    assert!(lines[0].contains("exited with status 101"), "{lines:?}");
    // Nothing tested at all.
    let (code, lines) = total("error[E0308]: mismatched types\n", 101);
    assert_eq!(code, Some(1));
    assert_eq!(lines.last().map(String::as_str), Some("0 passed, 1 failed"));
}

#[test]
fn ci_ends_with_the_total_of_the_readme_test_command() {
    let run = fs::read_to_string(workspace_root().join(".ci/run")).unwrap();
    let readme = fs::read_to_string(workspace_root().join("README.md")).unwrap();
    assert!(readme.contains("cargo test --workspace"));
    assert!(
        run.contains("cargo test --workspace 2>&1 | tee \"$log\""),
        "{run}"
    );
    let last = run.lines().rev().find(|l| !l.trim().is_empty()).unwrap();
    assert_eq!(last, "scripts/test-total \"$log\" \"$status\"");
}
