//! Input validators, as in Kattis packages: `problems/<id>/validate.rs` reads one input on stdin and exits
//! 42 when it meets the statement's constraints exactly, 43 with a message otherwise. Every input of the
//! problem's data must be accepted (as tests.toml says: strictly, `--relaxed`, or not at all), and every
//! file of `problems/<id>/invalid/` must be rejected, so a validator that accepts everything is caught.
//! A `[[group]]` with `input_validator_args` (a subtask's bounds) has its tests checked with them too, and
//! the files of `invalid/<group>/` must be rejected with them.

use std::ffi::OsString;
use std::fs;
use std::path::{Path, PathBuf};

use anyhow::{bail, Context, Result};
use rayon::prelude::*;

use crate::grade::scratch::Scratch;
use crate::lang::{Compiled, Compiler, Executable};
use crate::model::{Exit, Limits};
use crate::package::{self, Validation, Workspace};
use crate::sandbox::Sandbox;

/// The validator's exit codes (the Kattis convention).
const VALID: i32 = 42;
const INVALID: i32 = 43;

/// What validating found.
#[derive(Debug, Default)]
pub struct ValidateOutcome {
    pub problems: usize,
    /// Inputs accepted as they must be, invalid inputs rejected as they must be.
    pub accepted: usize,
    pub rejected: usize,
    /// Inputs tests.toml exempts (`validate = "none"`).
    pub exempt: usize,
    /// Every input not judged as it must be, with the validator's message.
    pub failures: Vec<String>,
    /// Every invalid example rejected as it must be, with the validator's reason: it must be the rule
    /// the example breaks, not another.
    pub rejections: Vec<String>,
}

/// Validates the problems `ids` (all that have a validator when empty).
pub fn validate(workspace: &Workspace, ids: &[String], jobs: usize) -> Result<ValidateOutcome> {
    let ids = match ids.is_empty() {
        true => workspace
            .problem_ids()?
            .into_iter()
            .filter(|id| workspace.problem_dir(id).join("validate.rs").is_file())
            .collect(),
        false => ids.to_vec(),
    };
    let crate::exec::RunContext {
        pool,
        scratch,
        compiler,
        sandbox,
        ..
    } = crate::exec::RunContext::of(workspace, jobs)?;
    let mut outcome = ValidateOutcome::default();
    for id in &ids {
        let problem = workspace.load_problem(id)?;
        if problem.data_id != problem.id {
            continue; // validated with the original's data
        }
        let validator = compile(&compiler, &problem.dir.join("validate.rs"))?;
        let checks = plan(workspace, id)?;
        outcome.exempt += checks.iter().filter(|c| c.mode == Mode::Exempt).count();
        let judged: Vec<Judged> = pool.install(|| {
            checks
                .par_iter()
                .filter(|c| c.mode != Mode::Exempt)
                .map(|check| run(&sandbox, &validator, check, &scratch))
                .collect::<Result<_>>()
        })?;
        outcome.problems += 1;
        for (check, judged) in checks.iter().filter(|c| c.mode != Mode::Exempt).zip(judged) {
            match (judged, check.mode) {
                (Judged::Failed(failure), _) => outcome.failures.push(failure),
                (Judged::Rejected(why), _) => {
                    outcome.rejected += 1;
                    let shown = workspace.relative(&check.input);
                    outcome.rejections.push(format!("{shown}: rejected: {why}"));
                }
                (Judged::Accepted, _) => outcome.accepted += 1,
            }
        }
    }
    Ok(outcome)
}

fn compile(compiler: &Compiler, path: &Path) -> Result<Executable> {
    if !path.is_file() {
        bail!(
            "{} does not exist: write the input validator (exit 42 valid, 43 invalid; see docs/setter.md)",
            path.display()
        );
    }
    match compiler.compile(path)? {
        Compiled::Ok(executable) => Ok(executable),
        Compiled::Failed { message } => bail!("{} does not compile:\n{message}", path.display()),
        Compiled::Skipped { reason } => bail!("{}: {reason}", path.display()),
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Mode {
    MustAccept,
    MustAcceptRelaxed,
    MustReject,
    Exempt,
}

struct Check {
    input: PathBuf,
    mode: Mode,
    /// A group's `input_validator_args`, after `--relaxed` when there is one.
    args: Vec<OsString>,
}

/// Every input of the data (as tests.toml declares it) and every file of `invalid/`.
fn plan(workspace: &Workspace, id: &str) -> Result<Vec<Check>> {
    let dir = workspace.problem_dir(id);
    let data = workspace.testdata_dir(id);
    let mut checks: Vec<Check> = package::load_test_specs(&dir)?
        .into_iter()
        .map(|spec| Check {
            input: data.join(format!("{}.in", spec.name)),
            mode: mode(spec.validate),
            args: Vec::new(),
        })
        .collect();
    let mode_of = |name: &str| {
        checks
            .iter()
            .find(|c| c.input == data.join(format!("{name}.in")))
            .map(|c| c.mode)
    };
    let mut by_group = Vec::new();
    let problem = workspace.load_problem(id)?;
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
            let args: Vec<OsString> = group
                .input_validator_args
                .iter()
                .map(OsString::from)
                .collect();
            let members = scoring.root.items.iter().find_map(|item| match item {
                crate::model::ScoreItem::Group(g) if g.name == group.name => Some(&g.items),
                _ => None,
            });
            for member in members.into_iter().flatten() {
                let crate::model::ScoreItem::Test(name) = member else {
                    continue;
                };
                let mode = mode_of(name).unwrap_or(Mode::MustAccept);
                if mode != Mode::Exempt {
                    by_group.push(Check {
                        input: data.join(format!("{name}.in")),
                        mode,
                        args: args.clone(),
                    });
                }
            }
            let invalid = dir.join("invalid").join(&group.name);
            for input in inputs_in(&invalid)? {
                by_group.push(Check {
                    input,
                    mode: Mode::MustReject,
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
    checks.extend(bad.into_iter().map(|input| Check {
        input,
        mode: Mode::MustReject,
        args: Vec::new(),
    }));
    checks.extend(by_group);
    Ok(checks)
}

fn mode(validation: Validation) -> Mode {
    match validation {
        Validation::Strict => Mode::MustAccept,
        Validation::Relaxed => Mode::MustAcceptRelaxed,
        Validation::None => Mode::Exempt,
    }
}

/// The `.in` files right in `folder` (none when it does not exist), sorted.
fn inputs_in(folder: &Path) -> Result<Vec<PathBuf>> {
    let mut inputs = Vec::new();
    if folder.is_dir() {
        for entry in
            fs::read_dir(folder).with_context(|| format!("cannot list {}", folder.display()))?
        {
            let path = entry?.path();
            if path.extension().is_some_and(|e| e == "in") {
                inputs.push(path);
            }
        }
    }
    inputs.sort();
    Ok(inputs)
}

/// How the validator judged an input.
enum Judged {
    /// Accepted, as it must be.
    Accepted,
    /// An invalid example rejected as it must be, with the validator's reason.
    Rejected(String),
    /// Not as it must be: what happened.
    Failed(String),
}

/// Runs the validator on one input; a failure when it does not judge it as it must.
fn run(
    sandbox: &Sandbox,
    validator: &Executable,
    check: &Check,
    scratch: &Scratch,
) -> Result<Judged> {
    let mut args: Vec<OsString> = match check.mode {
        Mode::MustAcceptRelaxed => vec!["--relaxed".into()],
        _ => Vec::new(),
    };
    args.extend(check.args.iter().cloned());
    let limits = Limits::tool();
    let command = validator.invocation(limits.memory_kb / 1024, &args);
    let stdout = scratch.file("validator.out");
    let outcome = sandbox.run(&command, &check.input, &stdout, &limits)?;
    let said = String::from_utf8_lossy(&outcome.stderr_tail);
    let said = said.lines().next().unwrap_or("").to_string();
    let shown = check.input.display();
    Ok(match (check.mode, outcome.exit) {
        (Mode::MustReject, Exit::Code(INVALID)) => Judged::Rejected(match said.is_empty() {
            true => "(the validator said nothing)".to_string(),
            false => said,
        }),
        (Mode::MustReject, Exit::Code(VALID)) => Judged::Failed(format!(
            "{shown}{}: accepted, but it is an invalid input the validator must reject",
            with(&check.args)
        )),
        (_, Exit::Code(VALID)) => Judged::Accepted,
        (_, Exit::Code(INVALID)) => {
            Judged::Failed(format!("{shown}{}: rejected: {said}", with(&check.args)))
        }
        (_, exit) => Judged::Failed(format!(
            "{shown}: the validator failed ({exit}), instead of exiting 42 or 43: {said}"
        )),
    })
}

/// ` (with --small)`: the group's arguments a check ran with, for its messages.
fn with(args: &[OsString]) -> String {
    match args.is_empty() {
        true => String::new(),
        false => {
            let args: Vec<String> = args
                .iter()
                .map(|a| a.to_string_lossy().into_owned())
                .collect();
            format!(" (with {})", args.join(" "))
        }
    }
}
