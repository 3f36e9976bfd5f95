//! Input validators, in any format that has them (`Format::input_validation`: ours, `validate.rs`; a Kattis
//! package's `input_validators/`): each reads one input on stdin and exits 42 when it meets the statement's
//! constraints exactly, 43 with a message otherwise. Every input the format names must be accepted by
//! every validator, and every invalid example rejected by one, with the arguments of its group.

use std::ffi::OsString;
use std::path::Path;

use anyhow::{bail, Result};
use rayon::prelude::*;

use crate::grade::scratch::Scratch;
use crate::lang::{Compiled, Compiler, Executable};
use crate::model::{Exit, Limits};
use crate::package::source::{InputCheck, Must};
use crate::package::{self, Workspace};
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

/// Validates the problems `ids` (all that have an input validator when empty), of any format that has
/// input validators.
pub fn validate(workspace: &Workspace, ids: &[String], jobs: usize) -> Result<ValidateOutcome> {
    let named = !ids.is_empty();
    let ids = match named {
        true => ids.to_vec(),
        false => workspace.problem_ids()?,
    };
    let crate::exec::RunContext {
        pool,
        scratch,
        compiler,
        sandbox,
        ..
    } = crate::exec::RunContext::of(workspace, jobs)?;
    // The data a package generates is made first, once, and validated as its data.
    let dirs: Vec<_> = ids.iter().map(|id| workspace.problem_dir(id)).collect();
    pool.install(|| package::generated::prepare(&dirs, &compiler))?;
    let mut outcome = ValidateOutcome::default();
    for id in &ids {
        let dir = workspace.problem_dir(id);
        let format = package::format_of(&dir);
        let validation = match format.input_validation(&dir)? {
            Some(v) if named || v.validators.iter().any(|p| p.exists()) => v,
            Some(_) | None if !named => continue,
            _ => bail!(
                "{}: {}; its format has no input validators",
                dir.display(),
                format.describe()
            ),
        };
        if validation.validators.is_empty() {
            continue; // validated with the original's data
        }
        let validators = validation.validators.iter();
        let validators = validators
            .map(|path| compile(&compiler, path, workspace))
            .collect::<Result<Vec<_>>>()?;
        let checks = validation.checks;
        outcome.exempt += checks.iter().filter(|c| c.must == Must::Exempt).count();
        let judged: Vec<Judged> = pool.install(|| {
            checks
                .par_iter()
                .filter(|c| c.must != Must::Exempt)
                .map(|check| run(&sandbox, &validators, check, &scratch))
                .collect::<Result<_>>()
        })?;
        outcome.problems += 1;
        for (check, judged) in checks.iter().filter(|c| c.must != Must::Exempt).zip(judged) {
            match judged {
                Judged::Failed(failure) => outcome.failures.push(failure),
                Judged::Rejected(why) => {
                    outcome.rejected += 1;
                    let shown = workspace.relative(&check.input);
                    outcome.rejections.push(format!("{shown}: rejected: {why}"));
                }
                Judged::Accepted => outcome.accepted += 1,
            }
        }
    }
    Ok(outcome)
}

/// A validator built: a file by the language table, a folder as one program (or by its scripts).
fn compile(compiler: &Compiler, path: &Path, workspace: &Workspace) -> Result<Executable> {
    if !path.exists() {
        bail!(
            "{} does not exist: write the input validator (exit 42 valid, 43 invalid; see README.md)",
            path.display()
        );
    }
    if path.is_dir() {
        let shown = workspace.relative(path);
        return crate::exec::build(path, &shown, "input validator", compiler)?
            .map_err(anyhow::Error::msg);
    }
    match compiler.compile(path)? {
        Compiled::Ok(executable) => Ok(executable),
        Compiled::Failed { message } => bail!("{} does not compile:\n{message}", path.display()),
        Compiled::Skipped { reason } => bail!("{}: {reason}", path.display()),
    }
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

/// Runs the validators on one input, up to the first that judges it as it must not (a valid input) or
/// as it must (an invalid one, which one validator's rejection is enough to refuse).
fn run(
    sandbox: &Sandbox,
    validators: &[Executable],
    check: &InputCheck,
    scratch: &Scratch,
) -> Result<Judged> {
    let mut args: Vec<OsString> = match check.must {
        Must::AcceptRelaxed => vec!["--relaxed".into()],
        _ => Vec::new(),
    };
    args.extend(check.args.iter().map(OsString::from));
    let shown = check.input.display();
    let limits = Limits::tool();
    for validator in validators {
        let command = validator.invocation(limits.memory_kb / 1024, &args);
        let stdout = scratch.file("validator.out");
        let outcome = sandbox.run(&command, &check.input, &stdout, &limits)?;
        // Its message: the first line of its stderr, else of its stdout.
        let printed = std::fs::read(&stdout).unwrap_or_default();
        let said = [&outcome.stderr_tail, &printed]
            .into_iter()
            .find_map(|text| {
                let text = String::from_utf8_lossy(text);
                text.lines()
                    .find(|l| !l.trim().is_empty())
                    .map(str::to_string)
            });
        let said = said.unwrap_or_default();
        match (check.must, outcome.exit) {
            (Must::Reject, Exit::Code(INVALID)) => {
                return Ok(Judged::Rejected(match said.is_empty() {
                    true => "(the validator said nothing)".to_string(),
                    false => said,
                }))
            }
            (_, Exit::Code(VALID)) => {}
            (_, Exit::Code(INVALID)) => {
                let with = with(&check.args);
                return Ok(Judged::Failed(format!("{shown}{with}: rejected: {said}")));
            }
            (_, exit) => {
                return Ok(Judged::Failed(format!(
                    "{shown}: the validator failed ({exit}), instead of exiting 42 or 43: {said}"
                )))
            }
        }
    }
    Ok(match check.must {
        Must::Reject => Judged::Failed(format!(
            "{shown}{}: accepted, but it is an invalid input the validator must reject",
            with(&check.args)
        )),
        _ => Judged::Accepted,
    })
}

/// ` (with --small)`: the group's arguments a check ran with, for its messages.
fn with(args: &[String]) -> String {
    match args.is_empty() {
        true => String::new(),
        false => {
            format!(" (with {})", args.join(" "))
        }
    }
}
