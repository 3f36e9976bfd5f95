//! What our input validator must say: `problems/<id>/validate.rs` accepts every input of the data as
//! tests.toml declares it (strictly, `--relaxed`, or not at all) and rejects every file of
//! `problems/<id>/invalid/`, so a validator that accepts everything is caught; a `[[group]]` with
//! `input_validator_args` (a subtask's bounds) has its tests checked with them too, and the files of
//! `invalid/<group>/` must be rejected with them.

use std::path::{Path, PathBuf};

use anyhow::{bail, Result};

use super::tests_toml::{load_test_specs, Validation};
use crate::package::source::{InputCheck, InputValidation, Must};
use crate::package::Workspace;

/// Every input of the data (as tests.toml declares it) and every file of `invalid/`.
pub fn load(workspace: &Workspace, id: &str) -> Result<Option<InputValidation>> {
    let dir = workspace.problem_dir(id);
    let validator = dir.join("validate.rs");
    if !validator.is_file() {
        let validators = vec![validator];
        return Ok(Some(InputValidation {
            validators,
            ..Default::default()
        }));
    }
    let problem = workspace.load_problem(id)?;
    if problem.data_id != problem.id {
        return Ok(Some(InputValidation::default())); // validated with the original's data
    }
    let data = workspace.testdata_dir(id);
    let mut checks: Vec<InputCheck> = load_test_specs(&dir)?
        .into_iter()
        .map(|spec| InputCheck {
            input: data.join(format!("{}.in", spec.name)),
            must: mode(spec.validate),
            args: Vec::new(),
        })
        .collect();
    let mode_of = |name: &str| {
        checks
            .iter()
            .find(|c| c.input == data.join(format!("{name}.in")))
            .map(|c| c.must)
    };
    let mut by_group = Vec::new();
    if problem
        .groups
        .iter()
        .any(|g| !g.input_validator_args.is_empty())
    {
        let tests = workspace.load_tests(&problem)?;
        let scoring = workspace.native_scoring(&problem, &tests)?;
        for group in problem
            .groups
            .iter()
            .filter(|g| !g.input_validator_args.is_empty())
        {
            let args = group.input_validator_args.clone();
            let members = scoring.root.items.iter().find_map(|item| match item {
                crate::model::ScoreItem::Group(g) if g.name == group.name => Some(&g.items),
                _ => None,
            });
            for member in members.into_iter().flatten() {
                let crate::model::ScoreItem::Test(name) = member else {
                    continue;
                };
                let mode = mode_of(name).unwrap_or(Must::Accept);
                if mode != Must::Exempt {
                    by_group.push(InputCheck {
                        input: data.join(format!("{name}.in")),
                        must: mode,
                        args: args.clone(),
                    });
                }
            }
            let invalid = dir.join("invalid").join(&group.name);
            for input in inputs_in(&invalid)? {
                by_group.push(InputCheck {
                    input,
                    must: Must::Reject,
                    args: args.clone(),
                });
            }
        }
    }
    let invalid = dir.join("invalid");
    let bad = inputs_in(&invalid)?;
    if bad.len() < 3 {
        bail!(
            "{}: {} invalid inputs; add at least three (each breaking a different rule) that the validator must reject",
            invalid.display(),
            bad.len()
        );
    }
    checks.extend(bad.into_iter().map(|input| InputCheck {
        input,
        must: Must::Reject,
        args: Vec::new(),
    }));
    checks.extend(by_group);
    let validators = vec![dir.join("validate.rs")];
    Ok(Some(InputValidation {
        validators,
        checks,
        ..Default::default()
    }))
}

fn mode(validation: Validation) -> Must {
    match validation {
        Validation::Strict => Must::Accept,
        Validation::Relaxed => Must::AcceptRelaxed,
        Validation::None => Must::Exempt,
    }
}

/// The `.in` files right in `folder` (none when it does not exist), sorted.
fn inputs_in(folder: &Path) -> Result<Vec<PathBuf>> {
    let entries = crate::package::text::entries(folder)?.into_iter();
    Ok(entries.filter(|p| p.extension().is_some_and(|e| e == "in")).collect())
}
