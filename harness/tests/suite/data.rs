//! The real workspace's data proves itself: every problem with data of its own has an input validator and
//! at least three invalid inputs for it (`harness validate` and `gen --check` then run them, in CI).

use std::fs;

use super::common::workspace_root;

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
