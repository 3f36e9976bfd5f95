//! Input validators, in any format that has them (`Format::input_validation`: ours, `validate.rs`; a Kattis
//! package's `input_validators/`): each reads one input on stdin and exits 42 when it meets the statement's
//! constraints exactly, 43 with a message otherwise. Every input the format names must be accepted by
//! every validator, and every invalid example rejected by one, with the arguments of its group.

use std::ffi::OsString;
use std::path::{Path, PathBuf};

use anyhow::{bail, Result};
use rayon::prelude::*;

use crate::grade::scratch::Scratch;
use crate::lang::{Compiled, Compiler, Executable};
use crate::model::{Exit, Limits};
use crate::package::source::{InputCheck, Must};
use crate::package::{self, Workspace};
use crate::sandbox::Invocation;
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
    /// Validators that cannot run here, each with why (`SKIPPED: ...`).
    pub skipped: Vec<String>,
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
        let mut validators = Vec::new();
        for path in &validation.validators {
            match compile(&compiler, path, workspace)? {
                Ok(validator) => validators.push(validator),
                Err(why) => outcome
                    .skipped
                    .push(format!("SKIPPED: {}: {why}", workspace.relative(path))),
            }
        }
        if validators.is_empty() {
            outcome.problems += 1;
            continue; // every validator skipped, with the reason
        }
        let (checks, testlib) = (validation.checks, validation.testlib);
        outcome.exempt += checks.iter().filter(|c| c.must == Must::Exempt).count();
        let judged: Vec<Judged> = pool.install(|| {
            checks
                .par_iter()
                .filter(|c| c.must != Must::Exempt)
                .map(|check| run(&sandbox, &validators, check, testlib, &scratch))
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

/// An input validator ready to run: a program, or a checktestdata script run by a checktestdata tool.
pub enum Validator {
    Program(Executable),
    Checktestdata { tool: PathBuf, script: PathBuf },
}

/// A validator built: a file by the language table, a folder as one program (or by its scripts); a
/// `.ctd` script by the checktestdata found here. `Err` within: it cannot run here, and why.
fn compile(
    compiler: &Compiler,
    path: &Path,
    workspace: &Workspace,
) -> Result<std::result::Result<Validator, String>> {
    if !path.exists() {
        bail!(
            "{} does not exist: write the input validator (exit 42 valid, 43 invalid; see docs/setter.md)",
            path.display()
        );
    }
    if path.is_dir() {
        let shown = workspace.relative(path);
        let built = crate::exec::build(path, &shown, "input validator", compiler)?;
        return Ok(Ok(Validator::Program(built.map_err(anyhow::Error::msg)?)));
    }
    match path.extension().and_then(|e| e.to_str()) {
        Some("ctd") => {
            return Ok(match checktestdata(&workspace.root) {
                Some(tool) => Ok(Validator::Checktestdata {
                    tool,
                    script: path.to_path_buf(),
                }),
                None => Err(format!(
                    "a checktestdata script, and no checktestdata here (DOMjudge's `checktestdata` or \
                     the Python `pyctd` on PATH, or {CHECKTESTDATA_VAR}; scripts/install-checktestdata \
                     installs one); its inputs are not checked by it"
                )),
            })
        }
        Some("viva") => {
            return Ok(Err(
                "a VIVA script: this judge has no VIVA implementation yet; its inputs are not checked by it"
                    .to_string(),
            ))
        }
        _ => {}
    }
    match compiler.compile(path)? {
        Compiled::Ok(executable) => Ok(Ok(Validator::Program(executable))),
        Compiled::Failed { message } => bail!("{} does not compile:\n{message}", path.display()),
        Compiled::Skipped { reason } => bail!("{}: {reason}", path.display()),
    }
}

/// The variable naming the checktestdata program to use.
pub const CHECKTESTDATA_VAR: &str = "HARNESS_CHECKTESTDATA";

/// A checktestdata implementation (`checktestdata SCRIPT` with the input on stdin: exit 0 valid, 1 not):
/// `$HARNESS_CHECKTESTDATA`, else DOMjudge's `checktestdata` or the Python package's `pyctd` on PATH, else
/// the one scripts/install-checktestdata puts under the workspace's `target/`.
pub fn checktestdata(root: &Path) -> Option<PathBuf> {
    if let Some(tool) = std::env::var_os(CHECKTESTDATA_VAR).filter(|v| !v.is_empty()) {
        return Some(PathBuf::from(tool));
    }
    let path = std::env::var_os("PATH").unwrap_or_default();
    for name in ["checktestdata", "pyctd"] {
        for dir in std::env::split_paths(&path) {
            if dir.join(name).is_file() {
                return Some(dir.join(name));
            }
        }
    }
    let ours = root.join("target/checktestdata/bin/pyctd");
    ours.is_file().then_some(ours)
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
    validators: &[Validator],
    check: &InputCheck,
    testlib: bool,
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
        let command = match validator {
            Validator::Program(program) => program.invocation(limits.memory_kb / 1024, &args),
            // The judge's own tool reading a script (no program of the package): run as its other
            // tools are, outside the containment of the package's programs.
            Validator::Checktestdata { tool, script } => Invocation {
                program: tool.clone().into_os_string(),
                args: vec![script.clone().into_os_string()],
                ..Invocation::default()
            },
        };
        let stdout = scratch.file("validator.out");
        let mut outcome = sandbox.run(&command, &check.input, &stdout, &limits)?;
        if let Validator::Checktestdata { .. } = validator {
            // checktestdata's exit codes in the validators' convention.
            outcome.exit = match outcome.exit {
                Exit::Code(0) => Exit::Code(VALID),
                Exit::Code(1) => Exit::Code(INVALID),
                other => other,
            };
        } else if testlib {
            // testlib's: 0 valid, any other code (3 from its checks) invalid; a signal stays a failure.
            outcome.exit = match outcome.exit {
                Exit::Code(0) => Exit::Code(VALID),
                Exit::Code(_) => Exit::Code(INVALID),
                other => other,
            };
        }
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
