//! Our own problem layout: `problems/<id>/problem.toml` (ARCHITECTURE.md, "Problems"), the solution in
//! `solutions/<id>/`, the test pairs in `testdata/<id>/` (how they are made: `tests_toml`), test groups
//! (`groups`), known-wrong submissions (`submissions`), the input validator (`validation`).

pub mod groups;
pub mod submissions;
pub mod tests_toml;
pub mod validation;

use std::collections::BTreeMap;
use std::path::Path;

use anyhow::{anyhow, bail, Context, Result};
use serde::Deserialize;

use crate::package::source::{InputValidation, ProblemSource};
use crate::package::text::{
    limit, line_of, read_text, readable_file, toml_error, MAX_MEMORY_MB, MAX_TIME_MS,
};
use crate::package::Workspace;
use crate::model::{
    BuiltinChecker, CheckerSpec, Problem, ProgramSpec, Protocol, TestCase, TestGroup,
};

/// The format: `problems/<id>/problem.toml` in a workspace.
pub struct Native;

impl crate::package::Format for Native {
    fn describe(&self) -> &'static str {
        "a problem of ours (problem.toml)"
    }
    fn detects(&self, dir: &Path) -> bool {
        dir.join("problem.toml").is_file()
    }
    fn load(&self, dir: &Path, submissions: bool) -> Result<ProblemSource> {
        let (workspace, id) = place(dir);
        let mut problem = workspace.load_problem(&id)?;
        workspace.check_placeholders(&problem)?;
        let tests = workspace.load_tests(&problem)?;
        if !problem.groups.is_empty() {
            let scoring = workspace.native_scoring(&problem, &tests)?;
            problem.scoring = Some(std::sync::Arc::new(scoring));
        }
        let submissions = match submissions {
            true => workspace.submissions(&problem)?,
            false => Vec::new(),
        };
        Ok(ProblemSource {
            solution: Some(workspace.solution_file(&problem.data_id)),
            submissions: submissions.into_iter().map(|s| (s, false)).collect(),
            ..ProblemSource::of(problem, tests)
        })
    }
    fn problem(&self, dir: &Path) -> Result<Problem> {
        let (workspace, id) = place(dir);
        workspace.load_problem(&id)
    }
    fn input_validation(&self, dir: &Path) -> Result<Option<InputValidation>> {
        let (workspace, id) = place(dir);
        validation::load(&workspace, &id)
    }
    fn has_setter_files(&self) -> bool {
        true
    }
}

/// The workspace of `problems/<id>/`, and the id.
fn place(dir: &Path) -> (Workspace, String) {
    let root = dir.ancestors().nth(2).unwrap_or(dir);
    let id = dir.file_name().unwrap_or_default().to_string_lossy();
    let workspace = Workspace {
        root: root.to_path_buf(),
    };
    (workspace, id.into_owned())
}

/// `problems/<id>/problem.toml` as written; see ARCHITECTURE.md, "Problems".
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct ProblemToml {
    title: toml::Spanned<String>,
    judge: toml::Spanned<String>,
    number: toml::Spanned<String>,
    url: toml::Spanned<String>,
    time_limit_ms: toml::Spanned<i64>,
    /// The memory limit in MiB, under either name (`memory_limit_mb` is the older one): exactly one.
    #[serde(default)]
    memory_limit_mb: Option<toml::Spanned<i64>>,
    #[serde(default)]
    memory_limit_mib: Option<toml::Spanned<i64>>,
    #[serde(default)]
    checker: Option<toml::Spanned<CheckerToml>>,
    #[serde(default)]
    interactor: Option<toml::Spanned<ProgramToml>>,
    #[serde(default)]
    same_as: Option<toml::Spanned<String>>,
    /// Test groups with points (`[[group]]`): a scored problem.
    #[serde(default)]
    group: Vec<toml::Spanned<groups::GroupToml>>,
}

/// `checker = "lines"`, or a `[checker]` table naming a program.
#[derive(Debug, Deserialize)]
#[serde(untagged)]
enum CheckerToml {
    Builtin(String),
    Program(ProgramToml),
}

/// A `[checker]` or `[interactor]` table.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct ProgramToml {
    program: String,
    protocol: Protocol,
    #[serde(default)]
    args: Vec<String>,
}

impl Workspace {
    /// Loads and validates one problem, resolving `same_as`.
    pub fn load_problem(&self, id: &str) -> Result<Problem> {
        if !is_problem_id(id) {
            bail!(
                "`{id}` is not a problem id: ids are folder names under {} (see `harness list`)",
                self.root.join("problems").display()
            );
        }
        let dir = self.problem_dir(id);
        let path = dir.join("problem.toml");
        let format = crate::package::format_of(&dir);
        if !format.has_setter_files() {
            bail!(
                "{}: {}; `harness run`, `list`, `verify` and `validate` judge it, this command needs our own layout (problem.toml)",
                dir.display(),
                format.describe()
            );
        }
        if dir.is_dir() && !path.exists() {
            bail!(
                "{} does not exist: add it (see docs/setter.md, \"Adding a problem\") or remove the folder",
                path.display()
            );
        }
        if !path.exists() {
            bail!(
                "unknown problem `{id}`: {} does not exist (see `harness list`)",
                path.display()
            );
        }
        let text = read_text(&path)?;
        let raw: ProblemToml = toml::from_str(&text).map_err(|e| toml_error(&path, &text, &e))?;
        let at = |key: &str, span: std::ops::Range<usize>| {
            format!(
                "{}:{}: key `{key}`",
                path.display(),
                line_of(&text, span.start)
            )
        };
        let time_limit_ms = limit(
            &path,
            &text,
            "time_limit_ms",
            &raw.time_limit_ms,
            MAX_TIME_MS,
        )?;
        let (memory_key, memory) = match (&raw.memory_limit_mib, &raw.memory_limit_mb) {
            (Some(mib), None) => ("memory_limit_mib", mib),
            (None, Some(mb)) => ("memory_limit_mb", mb),
            (Some(mib), Some(_)) => bail!(
                "{}: both `memory_limit_mib` and `memory_limit_mb` are set (the same limit, in MiB); keep one",
                at("memory_limit_mib", mib.span())
            ),
            (None, None) => bail!(
                "{}: missing field `memory_limit_mib` (the memory limit in MiB; `memory_limit_mb` is its older name); add the key (see docs/setter.md, \"Adding a problem\")",
                path.display()
            ),
        };
        let memory_limit_mb = limit(&path, &text, memory_key, memory, MAX_MEMORY_MB)?;
        let checker = match &raw.checker {
            None => CheckerSpec::Builtin(BuiltinChecker::Lines),
            Some(spanned) => {
                let place = at("checker", spanned.span());
                match spanned.get_ref() {
                    CheckerToml::Builtin(name) => CheckerSpec::Builtin(
                        BuiltinChecker::parse(name).map_err(|msg| anyhow!("{place}: {msg}"))?,
                    ),
                    CheckerToml::Program(program) => {
                        CheckerSpec::Program(program_spec(&dir, program, &place)?)
                    }
                }
            }
        };
        let interactor = match &raw.interactor {
            None => None,
            Some(spanned) => {
                let place = at("interactor", spanned.span());
                Some(program_spec(&dir, spanned.get_ref(), &place)?)
            }
        };
        let data_id = match &raw.same_as {
            None => id.to_string(),
            Some(spanned) => {
                self.original_of(id, spanned.get_ref(), &at("same_as", spanned.span()))?
            }
        };
        Ok(Problem {
            id: id.to_string(),
            title: raw.title.into_inner(),
            judge: raw.judge.into_inner(),
            number: raw.number.into_inner(),
            url: raw.url.into_inner(),
            time_limit_ms,
            memory_limit_mb,
            output_limit_mib: None,
            checker,
            interactor,
            grader: None,
            data_id,
            dir,
            runs: Default::default(),
            scoring: None,
            groups: groups::declared(&path, &text, &raw.group)?,
            files: Default::default(),
        })
    }

    /// The ids of the problems in our own layout: what the setter commands that need its files (gen,
    /// stress, export, submit-check) work on when no id is named.
    pub fn native_problem_ids(&self) -> Result<Vec<String>> {
        let ids = self.problem_ids()?.into_iter();
        let ours = |id: &String| crate::package::format_of(&self.problem_dir(id)).has_setter_files();
        Ok(ids.filter(ours).collect())
    }

    /// A problem is graded only once the placeholders `harness new` leaves in problem.toml (`TODO`, when it
    /// cannot guess the title, judge, number or page) are filled in: an error naming the file, the line and
    /// every key still to fill in.
    pub fn check_placeholders(&self, problem: &Problem) -> Result<()> {
        let path = problem.dir.join("problem.toml");
        let text = read_text(&path)?;
        let raw: ProblemToml = toml::from_str(&text).map_err(|e| toml_error(&path, &text, &e))?;
        let keys = [
            ("title", &raw.title),
            ("judge", &raw.judge),
            ("number", &raw.number),
            ("url", &raw.url),
        ];
        let left: Vec<String> = keys
            .iter()
            .filter(|(_, value)| is_placeholder(value.get_ref()))
            .map(|(key, value)| {
                format!(
                    "{}:{}: key `{key}` is still the placeholder {:?} that `harness new` wrote; fill it in",
                    path.display(),
                    line_of(&text, value.span().start),
                    value.get_ref()
                )
            })
            .collect();
        if !left.is_empty() {
            bail!("{}", left.join("\n"));
        }
        Ok(())
    }

    /// The problem `same_as = "<other>"` points at, which must exist and be an original itself.
    fn original_of(&self, id: &str, other: &str, place: &str) -> Result<String> {
        if other == id {
            bail!("{place}: a problem cannot be the same as itself; remove the key");
        }
        if !is_problem_id(other) {
            bail!("{place}: `{other}` is not a problem id (a folder name under problems/); correct it");
        }
        let other_toml = self.problem_dir(other).join("problem.toml");
        if !other_toml.is_file() {
            bail!(
                "{place}: no problem `{other}` ({} does not exist); correct the id or remove the key",
                other_toml.display()
            );
        }
        let other_text = read_text(&other_toml)?;
        let other_raw: ProblemToml =
            toml::from_str(&other_text).map_err(|e| toml_error(&other_toml, &other_text, &e))?;
        if other_raw.same_as.is_some() {
            bail!("{place}: `{other}` is itself a same_as problem; point at the original");
        }
        Ok(other.to_string())
    }

    /// The test pairs of a problem: `testdata/<data_id>/*.in` each with its `.out`, sorted by name.
    pub fn load_tests(&self, problem: &Problem) -> Result<Vec<TestCase>> {
        let dir = self.testdata_dir(&problem.data_id);
        if !dir.is_dir() {
            bail!(
                "{}: no test data folder; add <name>.in/<name>.out pairs there (or run `harness gen {}`)",
                dir.display(),
                problem.data_id
            );
        }
        let mut inputs = BTreeMap::new();
        let mut outputs = BTreeMap::new();
        for entry in walkdir::WalkDir::new(&dir).min_depth(1).max_depth(1) {
            let entry = entry.with_context(|| format!("cannot list {}", dir.display()))?;
            let path = entry.path();
            let (Some(stem), Some(ext)) = (path.file_stem(), path.extension()) else {
                continue;
            };
            // Names are compared as they are: two names that differ only in bytes that are not UTF-8
            // must not become one test.
            let Some(stem) = stem.to_str().map(str::to_string) else {
                bail!("{}: test names must be UTF-8; rename it", path.display());
            };
            let map = match ext.to_str() {
                Some("in") => &mut inputs,
                Some("out") => &mut outputs,
                _ => continue,
            };
            readable_file(path)?;
            map.insert(stem, path.to_path_buf());
        }
        if let Some(orphan) = outputs.keys().find(|name| !inputs.contains_key(*name)) {
            bail!(
                "{}: `{orphan}.out` has no `{orphan}.in`; add the input or delete the output",
                dir.display()
            );
        }
        let mut tests = Vec::new();
        for (name, input) in inputs {
            let Some(expected) = outputs.remove(&name) else {
                bail!(
                    "{}: `{name}.in` has no `{name}.out`; add the expected output (see tests.toml, `harness gen`)",
                    dir.display()
                );
            };
            tests.push(TestCase {
                group: TestGroup::of_name(&name),
                name,
                input,
                expected,
                checker_args: None,
            });
        }
        if tests.is_empty() {
            bail!(
                "{}: no tests; add <name>.in/<name>.out pairs (or run `harness gen {}`)",
                dir.display(),
                problem.data_id
            );
        }
        self.check_declared(&problem.data_id, &tests)?;
        Ok(tests)
    }

    /// tests.toml, where the problem has one, is the source of truth for its data when grading too: a
    /// pair it does not declare, or a declared test without its pair, is a setup error (as for `gen`).
    fn check_declared(&self, data_id: &str, tests: &[TestCase]) -> Result<()> {
        let problem_dir = self.problem_dir(data_id);
        let toml = problem_dir.join("tests.toml");
        if !toml.exists() {
            return Ok(());
        }
        let specs = tests_toml::load_test_specs(&problem_dir)?;
        let data = self.testdata_dir(data_id);
        if let Some(test) = tests
            .iter()
            .find(|t| !specs.iter().any(|s| s.name == t.name))
        {
            bail!(
                "{}: `{}.in` and `{}.out` are not declared in {}; add a [[test]] entry saying where they came from, or delete them",
                data.display(),
                test.name,
                test.name,
                toml.display()
            );
        }
        if let Some(spec) = specs
            .iter()
            .find(|s| !tests.iter().any(|t| t.name == s.name))
        {
            bail!(
                "{}: test `{}` is declared but {} has no `{}.in`/`{}.out`; run `harness gen {data_id}` or remove the entry",
                toml.display(),
                spec.name,
                data.display(),
                spec.name,
                spec.name
            );
        }
        Ok(())
    }
}

/// A checker or interactor program named in problem.toml: a file or folder inside the problem's folder.
fn program_spec(dir: &Path, program: &ProgramToml, place: &str) -> Result<ProgramSpec> {
    let relative = Path::new(&program.program);
    let inside = relative
        .components()
        .all(|c| matches!(c, std::path::Component::Normal(_)));
    if program.program.is_empty() || !inside {
        bail!(
            "{place}: program `{}` must be a file or folder inside {}",
            program.program,
            dir.display()
        );
    }
    let path = dir.join(relative);
    if !path.exists() {
        bail!(
            "{place}: {} does not exist; write the program there or correct `program`",
            path.display()
        );
    }
    Ok(ProgramSpec {
        program: program.program.clone(),
        path,
        protocol: program.protocol,
        args: program.args.clone(),
        limits: None,
    })
}

/// A value `harness new` could not guess: it starts with `TODO`.
fn is_placeholder(value: &str) -> bool {
    value.trim_start().starts_with("TODO")
}

/// A folder name under problems/: not empty, no path separators, not `.` or `..`, not hidden.
pub fn is_problem_id(id: &str) -> bool {
    !id.is_empty() && !id.starts_with('.') && !id.contains(['/', '\\', '\0'])
}
