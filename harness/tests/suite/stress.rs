//! End to end: `harness stress` and `harness gen` on a copy of the fixture workspace `fixtures/stress`
//! (sum of two numbers; the `wrong` solution is off by one once the sum reaches 100).

use std::fs;
use std::path::PathBuf;

use super::common::{harness, printed};

/// A fresh copy of the fixture workspace, private to one test.
fn workspace(test: &str) -> PathBuf {
    super::common::copy_of("stress", &format!("stress-fixtures/{test}"))
}

#[test]
fn stress_agrees_on_a_right_solution() {
    let root = workspace("agree");
    let output = harness(&root, &["stress", "right", "--cases", "40", "--seed", "7"]);
    assert_eq!(output.status.code(), Some(0), "{}", printed(&output));
    assert!(
        printed(&output).contains("agree on 40 inputs (gen small 7..=46)"),
        "{}",
        printed(&output)
    );
}

#[test]
fn stress_reports_the_smallest_disagreement_with_a_replay_command() {
    let root = workspace("disagree");
    let output = harness(&root, &["stress", "wrong", "--cases", "60"]);
    assert_eq!(output.status.code(), Some(1), "{}", printed(&output));
    let text = printed(&output);
    assert!(
        text.contains("the solution disagrees with brute.rs on `gen small "),
        "{text}"
    );
    assert!(
        text.contains("--- input")
            && text.contains("--- brute.rs (expected)")
            && text.contains("--- solution (got)")
    );
    // Smallest first: two two-digit numbers is the shortest input whose sum reaches 100.
    let input = text
        .lines()
        .skip_while(|l| *l != "--- input")
        .nth(1)
        .unwrap();
    assert_eq!(input.len(), 5, "{text}");
    let replay = text.lines().find(|l| l.starts_with("replay: ")).unwrap();
    let seed = replay.rsplit(' ').next().unwrap();
    // The replay command reproduces the same disagreement on its own.
    let again = harness(&root, &["stress", "wrong", "--cases", "1", "--seed", seed]);
    assert_eq!(again.status.code(), Some(1));
    assert!(printed(&again).contains(&format!("`gen small {seed}`")));
}

#[test]
fn stress_save_adds_a_declared_test_and_never_overwrites() {
    let root = workspace("save");
    let output = harness(&root, &["stress", "wrong", "--cases", "60", "--save"]);
    assert_eq!(output.status.code(), Some(1), "{}", printed(&output));
    let text = printed(&output);
    let seed = text
        .lines()
        .find(|l| l.starts_with("replay: "))
        .unwrap()
        .rsplit(' ')
        .next()
        .unwrap()
        .to_string();
    let saved_in = root.join(format!("testdata/wrong/stress-{seed}.in"));
    let saved_out = root.join(format!("testdata/wrong/stress-{seed}.out"));
    assert!(saved_in.is_file() && saved_out.is_file(), "{text}");
    let tests_toml = fs::read_to_string(root.join("problems/wrong/tests.toml")).unwrap();
    assert!(
        tests_toml.contains(&format!("name = \"stress-{seed}\"")),
        "{tests_toml}"
    );
    // The saved test is declared so that `gen --check` can reproduce it.
    let check = harness(&root, &["gen", "--check", "wrong"]);
    assert_eq!(check.status.code(), Some(0), "{}", printed(&check));
    // The grading now fails on it.
    let graded = harness(&root, &["wrong", "--test", "stress-*"]);
    assert_eq!(graded.status.code(), Some(1));

    // Saving again must not overwrite: a hand edit survives, and the command says why it stopped.
    fs::write(&saved_out, "hand edit\n").unwrap();
    let again = harness(&root, &["stress", "wrong", "--cases", "60", "--save"]);
    assert_ne!(again.status.code(), Some(0));
    assert!(
        printed(&again).contains("already exists"),
        "{}",
        printed(&again)
    );
    assert_eq!(fs::read_to_string(&saved_out).unwrap(), "hand edit\n");

    // The files gone but the entry still declared: refused too, so tests.toml never declares it twice.
    fs::remove_file(&saved_in).unwrap();
    fs::remove_file(&saved_out).unwrap();
    let third = harness(&root, &["stress", "wrong", "--cases", "60", "--save"]);
    assert_ne!(third.status.code(), Some(0));
    assert!(
        printed(&third).contains("already declares"),
        "{}",
        printed(&third)
    );
    assert_eq!(
        fs::read_to_string(root.join("problems/wrong/tests.toml")).unwrap(),
        tests_toml
    );
    assert!(!saved_in.exists());
}

#[test]
fn gen_check_finds_stale_data_and_gen_rewrites_only_generated_files() {
    let root = workspace("gen");
    let check = harness(&root, &["gen", "--check"]);
    assert_eq!(check.status.code(), Some(0), "{}", printed(&check));

    let generated = root.join("testdata/right/rand-01.out");
    let hand_made = root.join("testdata/right/sample-1.out");
    fs::write(&generated, "0\n").unwrap();
    fs::write(&hand_made, "3 \n").unwrap();
    let check = harness(&root, &["gen", "--check"]);
    assert_eq!(check.status.code(), Some(1));
    assert!(
        printed(&check).contains("rand-01.out differs from what tests.toml generates"),
        "{}",
        printed(&check)
    );
    assert_eq!(
        fs::read_to_string(&generated).unwrap(),
        "0\n",
        "--check writes nothing"
    );

    let gen = harness(&root, &["gen", "right"]);
    assert_eq!(gen.status.code(), Some(0), "{}", printed(&gen));
    assert_ne!(fs::read_to_string(&generated).unwrap(), "0\n");
    assert_eq!(
        fs::read_to_string(&hand_made).unwrap(),
        "3 \n",
        "hand-made files are never touched"
    );

    fs::write(root.join("testdata/right/extra.in"), "1 1\n").unwrap();
    let check = harness(&root, &["gen", "--check"]);
    assert_eq!(check.status.code(), Some(1));
    assert!(
        printed(&check).contains("extra.in is not declared"),
        "{}",
        printed(&check)
    );
}

#[test]
fn validate_accepts_the_data_and_rejects_the_invalid_examples() {
    let root = workspace("validate");
    let output = harness(&root, &["validate"]);
    assert_eq!(output.status.code(), Some(0), "{}", printed(&output));
    assert!(
        printed(&output).contains("1 problems: 2 inputs valid, 3 invalid examples rejected"),
        "{}",
        printed(&output)
    );
    // A validator that accepts everything is caught by the invalid examples, in validate and gen --check.
    fs::write(
        root.join("problems/right/validate.rs"),
        "fn main() { std::process::exit(42) }\n",
    )
    .unwrap();
    for args in [&["validate"][..], &["gen", "--check"][..]] {
        let output = harness(&root, args);
        assert_eq!(
            output.status.code(),
            Some(1),
            "{args:?}: {}",
            printed(&output)
        );
        assert!(
            printed(&output).contains("invalid/too-big.in: accepted, but it is an invalid input"),
            "{}",
            printed(&output)
        );
    }
    // And one that rejects a declared input names the file and the reason.
    fs::write(
        root.join("problems/right/validate.rs"),
        "fn main() { eprintln!(\"line 1: no\"); std::process::exit(43) }\n",
    )
    .unwrap();
    let output = harness(&root, &["validate"]);
    assert_eq!(output.status.code(), Some(1));
    assert!(
        printed(&output).contains("sample-1.in: rejected: line 1: no"),
        "{}",
        printed(&output)
    );
}
