//! `harness gen`: (re)generates test data from `problems/<id>/tests.toml`, or with `--check` proves that the
//! committed data is exactly what it generates. Writes are atomic (temporary file + rename) and touch only the
//! files that tests.toml declares as generated; hand-made inputs and answers are only read.

use std::fs;
use std::io::Write as _;
use std::path::{Path, PathBuf};

use anyhow::{bail, Context, Result};
use rayon::prelude::*;

use super::tools::{keep_failed, run_tool, Tools};
use crate::check::{CheckFiles, Judgement};
use crate::grade::scratch::Scratch;
use crate::lang::Compiler;
use crate::model::{CheckerSpec, Problem};
use crate::package::{self, AnswerSource, InputSource, TestSpec, Workspace};

/// `gen --check` on problems of formats that generate their data from their own generators (a package's
/// `generators.yaml`): their committed data compared with what those make. `None` when one of them is
/// ours (then every one is checked as ours).
fn check_packages(
    workspace: &Workspace,
    ids: &[String],
    jobs: usize,
) -> Result<Option<GenOutcome>> {
    let dirs: Vec<_> = ids.iter().map(|id| workspace.problem_dir(id)).collect();
    if dirs
        .iter()
        .any(|dir| package::format_of(dir).has_setter_files() || !dir.is_dir())
    {
        return Ok(None);
    }
    let context = crate::exec::RunContext::of(workspace, jobs)?;
    let maker = package::generated::Maker {
        compiler: &context.compiler,
    };
    let mut outcome = GenOutcome {
        packages: true,
        ..GenOutcome::default()
    };
    for dir in &dirs {
        let format = package::format_of(dir);
        let compared = context
            .pool
            .install(|| format.compare_generated(dir, &maker))?;
        let Some(compared) = compared else {
            bail!(
                "{}: {}, without generators (generators/generators.yaml): nothing to check",
                dir.display(),
                format.describe()
            );
        };
        outcome.problems += 1;
        outcome.unchanged += compared.current;
        outcome.mismatches.extend(compared.differences);
    }
    context.sandbox.end_idle();
    Ok(Some(outcome))
}

/// One file that tests.toml says is generated, with the bytes it should hold.
struct Generated {
    path: PathBuf,
    bytes: Vec<u8>,
}

/// What `gen` did or found.
#[derive(Debug, Default)]
pub struct GenOutcome {
    pub problems: usize,
    pub written: usize,
    pub unchanged: usize,
    /// Files that differ from what tests.toml generates (`--check`), or undeclared files.
    pub mismatches: Vec<String>,
    /// The data's statistics, one line per group of tests (see `stats`), and its warnings.
    pub stats: Vec<String>,
    pub warnings: Vec<String>,
    /// Packages checked against their own generators (`gen --check` on packages), not tests.toml.
    pub packages: bool,
}

pub fn gen(workspace: &Workspace, ids: &[String], check: bool, jobs: usize) -> Result<GenOutcome> {
    if check && !ids.is_empty() {
        if let Some(outcome) = check_packages(workspace, ids, jobs)? {
            return Ok(outcome);
        }
    }
    let ids = if ids.is_empty() {
        workspace
            .problem_ids()?
            .into_iter()
            .filter(|id| workspace.problem_dir(id).join("tests.toml").is_file())
            .collect()
    } else {
        for id in ids {
            workspace.load_problem(id)?;
        }
        ids.to_vec()
    };
    let crate::exec::RunContext {
        pool,
        scratch,
        compiler,
        ..
    } = crate::exec::RunContext::of(workspace, jobs)?;
    let mut outcome = GenOutcome::default();
    for id in &ids {
        let problem = workspace.load_problem(id)?;
        if problem.data_id != problem.id {
            continue; // judged with another problem's data
        }
        let specs = package::load_test_specs(&problem.dir)?;
        let dir = workspace.testdata_dir(id);
        let generated =
            pool.install(|| generate(workspace, &compiler, id, &specs, &dir, &scratch))?;
        outcome.problems += 1;
        for file in generated {
            let current = fs::read(&file.path).ok();
            if current.as_deref() == Some(file.bytes.as_slice()) {
                outcome.unchanged += 1;
            } else if check {
                let what = if current.is_some() {
                    "differs from what tests.toml generates"
                } else {
                    "is missing"
                };
                outcome
                    .mismatches
                    .push(format!("{} {what}", file.path.display()));
            } else {
                write_atomically(&file.path, &file.bytes)?;
                outcome.written += 1;
            }
        }
        for leftover in interrupted_temporaries(&dir)? {
            if check {
                outcome.mismatches.push(format!(
                    "{} is left over from an interrupted `harness gen`; remove it (or run `harness gen`)",
                    leftover.display()
                ));
            } else {
                fs::remove_file(&leftover)
                    .with_context(|| format!("cannot remove {}", leftover.display()))?;
            }
        }
        for name in undeclared_files(&dir, &specs)? {
            outcome.mismatches.push(format!(
                "{} is not declared in {}",
                dir.join(name).display(),
                problem.dir.join("tests.toml").display()
            ));
        }
        let rejected =
            pool.install(|| answers_rejected(workspace, &compiler, &problem, &specs, &scratch))?;
        outcome.mismatches.extend(rejected);
        // Interactive answers are not answers (the interactor plays); missing files are reported above.
        if problem.interactor.is_none() {
            if let Ok(groups) = super::stats::data_stats(&dir, &specs) {
                outcome.stats.push(super::stats::describe(id, &groups));
                outcome.warnings.extend(super::stats::warnings(id, &groups));
            }
        }
    }
    // Every input proven valid: the problems' input validators, where they have one.
    let validated: Vec<String> = ids
        .iter()
        .filter(|id| workspace.problem_dir(id).join("validate.rs").is_file())
        .cloned()
        .collect();
    if check && !validated.is_empty() {
        let validation = super::validate::validate(workspace, &validated, jobs)?;
        outcome.mismatches.extend(validation.failures);
    }
    Ok(outcome)
}

/// Every answer must pass its own checker (as BAPCtools validates answers): each `.out`, given to a
/// checker program as the contestant's output, must be accepted. Nothing to do for built-in checkers.
fn answers_rejected(
    workspace: &Workspace,
    compiler: &Compiler,
    problem: &Problem,
    specs: &[TestSpec],
    scratch: &Scratch,
) -> Result<Vec<String>> {
    if !matches!(problem.checker, CheckerSpec::Program(_)) {
        return Ok(Vec::new());
    }
    let checker = crate::exec::checker(problem, compiler)?.map_err(anyhow::Error::msg)?;
    let dir = workspace.testdata_dir(&problem.id);
    let found: Vec<Option<String>> = specs
        .par_iter()
        .map(|spec| -> Result<Option<String>> {
            let input = dir.join(format!("{}.in", spec.name));
            let answer = dir.join(format!("{}.out", spec.name));
            if !input.is_file() || !answer.is_file() {
                return Ok(None); // reported as missing above
            }
            let scratch_dir = scratch.worker_dir()?;
            let files = CheckFiles {
                input: &input,
                answer: &answer,
                output: &answer,
                scratch: &scratch_dir,
                args: None,
            };
            let checked = checker.check(&files)?;
            Ok((checked.judgement != Judgement::Accepted).then(|| {
                format!(
                    "{} is not accepted by its own checker ({}): {}",
                    answer.display(),
                    checked.judgement.verdict(),
                    checked
                        .message
                        .unwrap_or_default()
                        .lines()
                        .next()
                        .unwrap_or("")
                )
            }))
        })
        .collect::<Result<_>>()?;
    Ok(found.into_iter().flatten().collect())
}

/// Computes every generated file of a problem; reads (never writes) the hand-made ones it needs.
fn generate(
    workspace: &Workspace,
    compiler: &Compiler,
    id: &str,
    specs: &[TestSpec],
    dir: &Path,
    scratch: &Scratch,
) -> Result<Vec<Generated>> {
    let needs = |f: &dyn Fn(&TestSpec) -> bool| specs.iter().any(f);
    let tools = Tools::compile(
        workspace,
        compiler,
        id,
        needs(&|s| s.input == InputSource::Gen),
        needs(&|s| s.answer == AnswerSource::Brute),
        needs(&|s| s.answer == AnswerSource::Solution),
    )?;
    let results: Vec<Result<Vec<Generated>>> = specs
        .par_iter()
        .map(|spec| {
            let input_path = dir.join(format!("{}.in", spec.name));
            let answer_path = dir.join(format!("{}.out", spec.name));
            let mut files = Vec::new();
            let stdin = match (&spec.input, &tools.gen) {
                (InputSource::Gen, Some(gen)) => {
                    let args = spec.args.clone().unwrap_or_default();
                    let bytes = run_tool(compiler.sandbox(), gen, "gen", &args, None, scratch)
                        .with_context(|| format!("{id}: test `{}` of tests.toml", spec.name))?;
                    let staged = scratch.named(&format!("{id}.{}.in", spec.name));
                    fs::write(&staged, &bytes).with_context(|| format!("cannot write {}", staged.display()))?;
                    files.push(Generated { path: input_path, bytes });
                    staged
                }
                _ => {
                    if !input_path.is_file() {
                        bail!("{} is declared as hand-made in tests.toml but does not exist; write it", input_path.display());
                    }
                    input_path
                }
            };
            let answer = match spec.answer {
                AnswerSource::Brute => Some(("brute", tools.brute.as_ref())),
                AnswerSource::Solution => Some(("solution", tools.solution.as_ref())),
                AnswerSource::Statement | AnswerSource::Hand => None,
            };
            match answer {
                Some((what, Some(binary))) => {
                    let bytes = run_tool(compiler.sandbox(), binary, what, &[], Some(&stdin), scratch).or_else(|err| {
                        // A generated input lives in the scratch folder: keep it where the message says.
                        let input = match spec.input {
                            InputSource::Gen => {
                                let bytes = fs::read(&stdin).unwrap_or_default();
                                keep_failed(workspace, id, &format!("{}.in", spec.name), &bytes)?
                            }
                            _ => stdin.clone(),
                        };
                        Err(err.context(format!(
                            "{id}: test `{}` of tests.toml, on {}",
                            spec.name,
                            input.display()
                        )))
                    })?;
                    files.push(Generated { path: answer_path, bytes });
                }
                Some((_, None)) => unreachable!("compiled above"),
                None if !answer_path.is_file() => {
                    bail!("{} is declared as hand-made in tests.toml but does not exist; write it", answer_path.display())
                }
                None => {}
            }
            Ok(files)
        })
        .collect();
    let mut all = Vec::new();
    for files in results {
        all.extend(files?);
    }
    Ok(all)
}

/// `.in` / `.out` files in the data folder that tests.toml does not declare.
fn undeclared_files(dir: &Path, specs: &[TestSpec]) -> Result<Vec<String>> {
    let mut names = Vec::new();
    if !dir.is_dir() {
        return Ok(names);
    }
    for entry in fs::read_dir(dir).with_context(|| format!("cannot list {}", dir.display()))? {
        let path = entry?.path();
        let (Some(stem), Some(ext)) = (path.file_stem(), path.extension()) else {
            continue;
        };
        if (ext == "in" || ext == "out") && !specs.iter().any(|s| s.name == stem.to_string_lossy())
        {
            names.push(
                path.file_name()
                    .unwrap_or_default()
                    .to_string_lossy()
                    .into_owned(),
            );
        }
    }
    names.sort();
    Ok(names)
}

/// The temporary files of `write_atomically` whose writer is gone: a `gen` killed between writing and
/// renaming leaves one (the data file itself is intact).
fn interrupted_temporaries(dir: &Path) -> Result<Vec<PathBuf>> {
    let mut found = Vec::new();
    if !dir.is_dir() {
        return Ok(found);
    }
    for entry in fs::read_dir(dir).with_context(|| format!("cannot list {}", dir.display()))? {
        let path = entry?.path();
        let name = path
            .file_name()
            .unwrap_or_default()
            .to_string_lossy()
            .into_owned();
        let writer = name
            .strip_prefix('.')
            .and_then(|rest| rest.rsplit_once(TEMPORARY_MARK))
            .and_then(|(_, pid)| pid.parse::<u32>().ok());
        if writer.is_some_and(|pid| !Path::new("/proc").join(pid.to_string()).exists()) {
            found.push(path);
        }
    }
    found.sort();
    Ok(found)
}

/// What follows a data file's name in the name of its temporary file: `.<name>.tmp-<pid>`.
const TEMPORARY_MARK: &str = ".tmp-";

/// Writes through a temporary file in the same folder and a rename: a reader (or an interrupted run) sees
/// the old file or the new one, never a part.
pub fn write_atomically(path: &Path, bytes: &[u8]) -> Result<()> {
    let dir = path.parent().context("a data file has a folder")?;
    fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
    let temporary = dir.join(format!(
        ".{}{TEMPORARY_MARK}{}",
        path.file_name().unwrap_or_default().to_string_lossy(),
        std::process::id()
    ));
    let result = (|| -> std::io::Result<()> {
        let mut file = fs::File::create(&temporary)?;
        file.write_all(bytes)?;
        file.sync_all()?;
        fs::rename(&temporary, path)
    })();
    if result.is_err() {
        let _ = fs::remove_file(&temporary);
    }
    result.with_context(|| format!("cannot write {}", path.display()))
}
