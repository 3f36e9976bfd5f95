//! Input validators, in any format that has them (`Format::input_validation`: ours, `validate.rs`; a Kattis
//! package's `input_validators/`): each reads one input on stdin and exits 42 when it meets the statement's
//! constraints exactly, 43 with a message otherwise. Every input the format names must be accepted by
//! every validator, and every invalid example rejected by one, with the arguments of its group. Then the
//! answers and outputs, where the format has them (BAPCtools' answer validators, the 2025-09
//! `invalid_answer`, `invalid_output` and `valid_output`), by the answer validators and the problem's
//! output validator. `harness validate` runs it on problems, `harness verify` on its packages first.

use std::ffi::OsString;
use std::path::{Path, PathBuf};

use anyhow::{bail, Result};
use rayon::prelude::*;

use crate::grade::scratch::Scratch;
use crate::lang::{Compiled, Compiler, Executable};
use crate::model::{Exit, Limits};
use crate::package::source::{InputCheck, InputValidation, Must, OutputCheck, OutputKind};
use crate::package::{self, Workspace};
use crate::sandbox::protocol::Bind;
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
    /// Answers accepted by the answer validators, valid outputs by the output validator.
    pub outputs_accepted: usize,
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
    let context = crate::exec::RunContext::of(workspace, jobs)?;
    // The data a package generates is made first, once, and validated as its data.
    let dirs: Vec<_> = ids.iter().map(|id| workspace.problem_dir(id)).collect();
    context
        .pool
        .install(|| package::generated::prepare(&dirs, &context.compiler))?;
    let tools = Tools {
        context: &context,
        root: &workspace.root,
    };
    let mut outcome = ValidateOutcome::default();
    for dir in &dirs {
        tools.problem(dir, named, &mut outcome)?;
    }
    Ok(outcome)
}

/// Validates the packages in `dirs` whose data `harness verify` is about to judge, with its run context:
/// their data already made. A package without input validators is validated by what else it has.
pub fn validate_packages(
    dirs: &[PathBuf],
    context: &crate::exec::RunContext,
) -> Result<ValidateOutcome> {
    let mut outcome = ValidateOutcome::default();
    for dir in dirs {
        let dir = std::path::absolute(dir).unwrap_or_else(|_| dir.clone());
        let root = dir.parent().unwrap_or(&dir).to_path_buf();
        let tools = Tools {
            context,
            root: &root,
        };
        tools.problem(&dir, false, &mut outcome)?;
    }
    Ok(outcome)
}

/// What validating runs with: the run's context, and the folder paths are shown from.
struct Tools<'a> {
    context: &'a crate::exec::RunContext,
    root: &'a Path,
}

impl Tools<'_> {
    fn relative(&self, path: &Path) -> String {
        path.strip_prefix(self.root)
            .unwrap_or(path)
            .to_string_lossy()
            .into_owned()
    }

    /// Validates the problem in `dir` into `outcome`; `named`: it was asked for by name, and a format
    /// without input validators is an error.
    fn problem(&self, dir: &Path, named: bool, outcome: &mut ValidateOutcome) -> Result<()> {
        let format = package::format_of(dir);
        let validation = match format.input_validation(dir)? {
            Some(v) => v,
            None if !named => return Ok(()),
            None => bail!(
                "{}: {}; its format has no input validators",
                dir.display(),
                format.describe()
            ),
        };
        if validation.validators.is_empty() {
            return Ok(()); // validated with the original's data
        }
        // Not asked for by name, a problem without its input validators is validated by what else it
        // has (answer validators, invalid and valid outputs), if anything.
        let inputs = named || validation.validators.iter().any(|p| p.exists());
        let outputs = !validation.answer_validators.is_empty()
            || validation
                .outputs
                .iter()
                .any(|o| o.kind != OutputKind::Answer);
        if !inputs && !outputs {
            return Ok(());
        }
        outcome.problems += 1;
        if inputs {
            self.inputs(&validation, outcome)?;
        }
        self.outputs(dir, &validation, outcome)
    }

    /// The inputs of a problem, by its input validators.
    fn inputs(&self, validation: &InputValidation, outcome: &mut ValidateOutcome) -> Result<()> {
        let crate::exec::RunContext {
            pool,
            scratch,
            compiler,
            sandbox,
            ..
        } = self.context;
        let mut validators = Vec::new();
        for path in &validation.validators {
            match compile(compiler, path, &self.relative(path), self.root)? {
                Ok(validator) => validators.push(validator),
                Err(why) => outcome
                    .skipped
                    .push(format!("SKIPPED: {}: {why}", self.relative(path))),
            }
        }
        if validators.is_empty() {
            return Ok(()); // every validator skipped, with the reason
        }
        let (checks, testlib) = (&validation.checks, validation.testlib);
        outcome.exempt += checks.iter().filter(|c| c.must == Must::Exempt).count();
        let judged: Vec<Judged> = pool.install(|| {
            checks
                .par_iter()
                .filter(|c| c.must != Must::Exempt)
                .map(|check| run(sandbox, &validators, check, testlib, scratch))
                .collect::<Result<_>>()
        })?;
        for (check, judged) in checks.iter().filter(|c| c.must != Must::Exempt).zip(judged) {
            outcome.record(judged, &self.relative(&check.input), false);
        }
        Ok(())
    }

    /// The answers and outputs of the problem in `dir`, by its answer validators and output validator.
    fn outputs(
        &self,
        dir: &Path,
        validation: &InputValidation,
        outcome: &mut ValidateOutcome,
    ) -> Result<()> {
        let examples = validation
            .outputs
            .iter()
            .any(|o| o.kind != OutputKind::Answer);
        if validation.answer_validators.is_empty() && !examples {
            return Ok(());
        }
        let crate::exec::RunContext {
            pool,
            scratch,
            compiler,
            sandbox,
            ..
        } = self.context;
        let mut answer_validators = Vec::new();
        for path in &validation.answer_validators {
            match compile(compiler, path, &self.relative(path), self.root)? {
                Ok(validator) => answer_validators.push(validator),
                Err(why) => outcome
                    .skipped
                    .push(format!("SKIPPED: {}: {why}", self.relative(path))),
            }
        }
        // The output validator, for the examples of answers and outputs.
        let checker = match examples {
            false => None,
            true => {
                let problem = package::load(dir, None, false)?.problem;
                match crate::exec::checker(&problem, compiler)? {
                    Ok(checker) => Some(checker),
                    Err(why) => {
                        outcome.failures.push(format!(
                            "{}: its invalid and valid outputs are not checked: {why}",
                            dir.display()
                        ));
                        return Ok(());
                    }
                }
            }
        };
        let judges = OutputJudges {
            some_skipped: answer_validators.len() < validation.answer_validators.len(),
            answer_validators: &answer_validators,
            checker: checker.as_deref(),
            sandbox,
            scratch,
        };
        let checks: Vec<&OutputCheck> = validation
            .outputs
            .iter()
            .filter(|c| c.kind != OutputKind::Answer || !answer_validators.is_empty())
            .collect();
        let judged: Vec<Judged> = pool.install(|| {
            checks
                .par_iter()
                .map(|check| judges.judge(check))
                .collect::<Result<_>>()
        })?;
        for (check, judged) in checks.iter().zip(judged) {
            let file = match check.kind {
                OutputKind::Answer | OutputKind::InvalidAnswer => check.test.expected.clone(),
                _ => check.test.input.with_extension("out"),
            };
            outcome.record(judged, &self.relative(&file), true);
        }
        Ok(())
    }
}

impl ValidateOutcome {
    /// Counts what was judged (`output`: an answer or an output, not an input).
    fn record(&mut self, judged: Judged, shown: &str, output: bool) {
        match judged {
            Judged::Failed(failure) => self.failures.push(failure),
            Judged::Rejected(why) => {
                self.rejected += 1;
                self.rejections.push(format!("{shown}: rejected: {why}"));
            }
            Judged::Unchecked(why) => self.skipped.push(format!("SKIPPED: {shown}: {why}")),
            Judged::Accepted if output => self.outputs_accepted += 1,
            Judged::Accepted => self.accepted += 1,
        }
    }
}

/// What judges answers and outputs: the answer validators (as input validators run, on the answer, with
/// the input's path and the test's output validator arguments) and the output validator.
struct OutputJudges<'a> {
    answer_validators: &'a [Validator],
    /// Some answer validator cannot run here: an invalid answer the others accept is not judged.
    some_skipped: bool,
    checker: Option<&'a dyn crate::check::Checker>,
    sandbox: &'a Sandbox,
    scratch: &'a Scratch,
}

impl OutputJudges<'_> {
    fn judge(&self, check: &OutputCheck) -> Result<Judged> {
        let test = &check.test;
        let answer = &test.expected;
        let args = test.checker_args.clone().unwrap_or_default();
        // Every answer but an invalid one must pass the answer validators.
        let must = match check.kind {
            OutputKind::InvalidAnswer => Must::Reject,
            _ => Must::Accept,
        };
        let by_answer_validators = InputCheck {
            input: answer.clone(),
            must,
            args: args.clone(),
        };
        let bind = test.input.clone();
        let judged = match self.answer_validators.is_empty() {
            true => Judged::Failed(String::new()),
            false => run_with(
                self.sandbox,
                self.answer_validators,
                &by_answer_validators,
                false,
                self.scratch,
                Some(&bind),
            )?,
        };
        let checker = match (check.kind, judged) {
            (OutputKind::Answer, judged) => return Ok(judged),
            (OutputKind::InvalidAnswer, Judged::Rejected(why)) => {
                return Ok(Judged::Rejected(format!("by an answer validator: {why}")))
            }
            (OutputKind::InvalidAnswer, _) => self.checker,
            (_, failed @ Judged::Failed(_)) if !self.answer_validators.is_empty() => {
                return Ok(failed)
            }
            _ => self.checker,
        };
        let Some(checker) = checker else {
            bail!("no output validator to judge {}", answer.display());
        };
        // An invalid answer is given as the output, judged strictly (BAPCtools' answer validation).
        let (output, args) = match check.kind {
            OutputKind::InvalidAnswer => {
                let strict = ["case_sensitive", "space_change_sensitive"].map(String::from);
                (answer.clone(), [strict.to_vec(), args].concat())
            }
            _ => (test.input.with_extension("out"), args),
        };
        let scratch = self.scratch.worker_dir()?;
        let result = checker.check(&crate::check::CheckFiles {
            input: &test.input,
            answer,
            output: &output,
            scratch: &scratch,
            args: Some(&args),
        })?;
        // A program's message, else where the built-in validator found a difference.
        let said = result
            .message
            .as_deref()
            .and_then(|m| m.lines().find(|l| !l.trim().is_empty()))
            .or(result.first_difference.as_deref())
            .unwrap_or("(the output validator said nothing)")
            .to_string();
        let shown = output.display();
        use crate::check::Judgement;
        Ok(match (check.kind, result.judgement) {
            (_, Judgement::JudgeError) => {
                Judged::Failed(format!("{shown}: the output validator failed: {said}"))
            }
            (OutputKind::ValidOutput, Judgement::Accepted) => Judged::Accepted,
            (OutputKind::ValidOutput, verdict) => Judged::Failed(format!(
                "{shown}: {}, but it is a valid output the output validator must accept: {said}",
                verdict.verdict()
            )),
            (OutputKind::InvalidAnswer, Judgement::Accepted) if self.some_skipped => {
                Judged::Unchecked(
                    "an invalid answer the output validator accepts, and an answer validator that \
                     would judge it was skipped"
                        .to_string(),
                )
            }
            (_, Judgement::Accepted) => Judged::Failed(format!(
                "{shown}: accepted, but it is an invalid {} the output validator must reject{}",
                match check.kind {
                    OutputKind::InvalidAnswer => "answer",
                    _ => "output",
                },
                match check.kind {
                    OutputKind::InvalidAnswer => " (or an answer validator)",
                    _ => "",
                }
            )),
            (_, verdict) => Judged::Rejected(format!(
                "by the output validator ({}): {said}",
                verdict.verdict()
            )),
        })
    }
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
    shown: &str,
    root: &Path,
) -> Result<std::result::Result<Validator, String>> {
    // A validator of a package (the folder above its validators' folder) that links out of it is not
    // run: its data is not checked by it, and that is said.
    if let Some(package) = path.parent().and_then(Path::parent) {
        if package.join("problem.yaml").is_file() && path.exists() {
            if let Some(link) = crate::package::links::outside(package, path)?.first() {
                return Ok(Err(format!("not run: {link}")));
            }
        }
    }
    if !path.exists() {
        bail!(
            "{} does not exist: write the input validator (exit 42 valid, 43 invalid; see docs/setter.md)",
            path.display()
        );
    }
    if path.is_dir() {
        let built = crate::exec::build(path, shown, "validator", compiler)?;
        return Ok(Ok(Validator::Program(built.map_err(anyhow::Error::msg)?)));
    }
    match path.extension().and_then(|e| e.to_str()) {
        Some("ctd") => {
            return Ok(match checktestdata(root) {
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

/// What a contained run of the checktestdata `tool` must see beyond the system's folders: the Python
/// virtual environment it is installed in (`pyvenv.cfg` beside its `bin/`), else its own folder; nothing
/// for a tool of the system's folders, which every contained run sees.
fn installation(tool: &Path) -> Option<PathBuf> {
    let tool = std::path::absolute(tool).ok()?;
    let folder = tool.parent()?;
    if ["/usr/", "/bin/", "/opt/"]
        .iter()
        .any(|system| folder.starts_with(system))
    {
        return None;
    }
    match folder.parent() {
        Some(venv) if venv.join("pyvenv.cfg").is_file() => Some(venv.to_path_buf()),
        _ => Some(folder.to_path_buf()),
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
    /// Not judged: a validator that could have was skipped, and why.
    Unchecked(String),
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
    run_with(sandbox, validators, check, testlib, scratch, None)
}

/// As `run`; with `input`, the validators are answer validators: the file on their stdin is an answer,
/// and the test's input is their first argument.
fn run_with(
    sandbox: &Sandbox,
    validators: &[Validator],
    check: &InputCheck,
    testlib: bool,
    scratch: &Scratch,
    input: Option<&Path>,
) -> Result<Judged> {
    let mut args: Vec<OsString> = match check.must {
        Must::AcceptRelaxed => vec!["--relaxed".into()],
        _ => Vec::new(),
    };
    if let Some(input) = input {
        let input = std::path::absolute(input).unwrap_or_else(|_| input.to_path_buf());
        args.insert(0, input.into_os_string());
    }
    args.extend(check.args.iter().map(OsString::from));
    let shown = check.input.display();
    let limits = Limits::tool();
    for validator in validators {
        let command = match validator {
            Validator::Program(program) => Invocation {
                // An answer validator reads the test's input.
                binds: crate::check::program::binds(input.as_slice(), &[]),
                ..program.invocation(limits.memory_kb / 1024, &args)
            },
            // The package's script read by a checktestdata tool: contained as the package's
            // programs are, seeing the script and the tool's installation, read-only.
            Validator::Checktestdata { tool, script } => {
                let script = std::path::absolute(script).unwrap_or_else(|_| script.clone());
                let mut binds = crate::check::program::binds(&[&script], &[]);
                binds.extend(installation(tool).map(Bind::read_only));
                Invocation {
                    program: tool.clone().into_os_string(),
                    args: vec![script.into_os_string()],
                    isolate: true,
                    binds,
                    ..Invocation::default()
                }
            }
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
