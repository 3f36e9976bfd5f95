//! The real workspace's data proves itself: every problem with data of its own has an input validator and
//! at least three invalid inputs for it (`harness validate` and `gen --check` then run them, in CI), and
//! `harness new` scaffolds the validator.

use std::fs;
use std::process::Command;

use super::common::{harness, printed, scratch, workspace_root};

#[test]
fn every_problem_with_its_own_data_has_a_validator_and_invalid_examples() {
    let problems = workspace_root().join("problems");
    let mut missing = Vec::new();
    let mut checked = 0;
    for entry in fs::read_dir(&problems).unwrap() {
        let dir = entry.unwrap().path();
        let toml = fs::read_to_string(dir.join("problem.toml")).unwrap_or_default();
        if !dir.is_dir() || toml.is_empty() || toml.contains("same_as") {
            continue; // not a problem, or judged with another problem's data and validator
        }
        checked += 1;
        let id = dir.file_name().unwrap().to_string_lossy().into_owned();
        if !dir.join("validate.rs").is_file() {
            missing.push(format!("{id}: no validate.rs"));
        }
        let invalid = fs::read_dir(dir.join("invalid")).map_or(0, |entries| {
            entries
                .filter(|e| {
                    let path = e.as_ref().unwrap().path();
                    path.extension().is_some_and(|x| x == "in")
                })
                .count()
        });
        if invalid < 3 {
            missing.push(format!(
                "{id}: {invalid} files in invalid/, at least 3 needed"
            ));
        }
    }
    assert!(checked >= 30, "only {checked} problems found");
    assert!(missing.is_empty(), "{}", missing.join("\n"));
}

#[test]
fn new_scaffolds_a_validator_that_compiles_and_asks_for_invalid_examples() {
    let root = scratch("data-new-validator");
    fs::create_dir_all(root.join("problems")).unwrap();
    let output = harness(&root, &["new", "hdu9998"]);
    assert_eq!(output.status.code(), Some(0), "{}", printed(&output));
    let validator = root.join("problems/hdu9998/validate.rs");
    assert!(
        printed(&output).contains("created problems/hdu9998/validate.rs"),
        "{}",
        printed(&output)
    );
    assert!(root.join("problems/hdu9998/invalid/README.md").is_file());
    // The workspace had no shared reader: it is written, and the validator includes it.
    assert!(
        printed(&output).contains("created problems/.shared/validate.rs"),
        "{}",
        printed(&output)
    );
    let shared = root.join("problems/.shared/validate.rs");
    assert!(fs::read_to_string(&shared)
        .unwrap()
        .contains("pub struct Reader"));
    let text = fs::read_to_string(&validator).unwrap();
    assert!(
        text.contains("#[path = \"../.shared/validate.rs\"]\nmod reader;"),
        "{text}"
    );
    assert!(
        text.starts_with("//! Input validator for hdu9998:"),
        "{text}"
    );
    let rustfmt = Command::new("rustfmt")
        .args(["--check", "--edition", "2021"])
        .arg(&validator)
        .output()
        .unwrap();
    assert!(
        rustfmt.status.success(),
        "{}",
        String::from_utf8_lossy(&rustfmt.stdout)
    );
    // It compiles (the lint runs clippy on it, -D warnings) and is there to be completed.
    let lint = harness(&root, &["lint", "hdu9998"]);
    assert_eq!(lint.status.code(), Some(0), "{}", printed(&lint));
    assert!(
        printed(&lint).contains("3 files checked by rustfmt and clippy: 0 findings"),
        "{}",
        printed(&lint)
    );
    // Until three invalid inputs are written, validating says so, naming the folder.
    fs::write(root.join("testdata/hdu9998/sample-1.in"), "1\n").unwrap();
    fs::write(root.join("testdata/hdu9998/sample-1.out"), "1\n").unwrap();
    let validate = harness(&root, &["validate", "hdu9998"]);
    assert_eq!(validate.status.code(), Some(2), "{}", printed(&validate));
    assert!(
        printed(&validate).contains("invalid: 0 invalid inputs; add at least three"),
        "{}",
        printed(&validate)
    );
    // A second problem never overwrites the workspace's own reader.
    let edited = format!("{}// edited\n", fs::read_to_string(&shared).unwrap());
    fs::write(&shared, &edited).unwrap();
    let second = harness(&root, &["new", "hdu9997"]);
    assert_eq!(second.status.code(), Some(0), "{}", printed(&second));
    assert!(!printed(&second).contains("created problems/.shared/validate.rs"));
    assert_eq!(fs::read_to_string(&shared).unwrap(), edited);
}

/// A subtask's bounds are checked where its group says so: the small groups of hdu1536 and poj1091 pass
/// `--small` to the validator (`input_validator_args`), so each of their tests must meet the subtask's
/// bounds and each file of `invalid/small/` (valid for the full problem) must be rejected with it. A
/// copy of poj1091 whose small group takes in a maximal test fails, naming the test and the flag.
#[test]
fn a_groups_validator_args_check_its_tests_and_its_invalid_examples() {
    let output = harness(&workspace_root(), &["validate", "hdu1536", "poj1091"]);
    let text = printed(&output);
    assert_eq!(output.status.code(), Some(0), "{text}");
    for rejected in [
        "problems/hdu1536/invalid/small/k-6.in: rejected: line 1: k = 6 is above 5",
        "problems/hdu1536/invalid/small/s-11.in: rejected: line 1: s = 11 is above 10",
        "problems/hdu1536/invalid/small/heap-21.in: rejected: line 3: h = 21 is above 20",
        "problems/poj1091/invalid/small/cards-200704.in: rejected: line 1: M^N = 448^2 is above 200000",
    ] {
        assert!(text.contains(rejected), "{rejected}: {text}");
    }

    let copy = scratch("validate-group-args");
    let real = workspace_root();
    for dir in [
        "problems/.shared",
        "problems/poj1091",
        "solutions/poj1091",
        "testdata/poj1091",
    ] {
        super::common::copy_tree(&real.join(dir), &copy.join(dir));
    }
    let toml = copy.join("problems/poj1091/problem.toml");
    let text = fs::read_to_string(&toml).unwrap();
    fs::write(
        &toml,
        text.replacen("\"rand-*\"]", "\"rand-*\", \"max-01\"]", 1),
    )
    .unwrap();
    let output = harness(&copy, &["validate", "poj1091"]);
    let text = printed(&output);
    assert_eq!(output.status.code(), Some(1), "{text}");
    assert!(
        text.contains("testdata/poj1091/max-01.in (with --small): rejected: line 1: M^N = 100000000^15 is above 200000"),
        "{text}"
    );
}
