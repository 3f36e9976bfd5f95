//! Our own problem layout: `problems/<id>/problem.toml` (DESIGN §2), the solution in `solutions/<id>/`, and
//! the test pairs in `testdata/<id>/`.

use std::collections::BTreeMap;

use anyhow::{bail, Context, Result};
use serde::Deserialize;

use super::text::{
    limit, line_of, read_text, readable_file, toml_error, MAX_MEMORY_MB, MAX_TIME_MS,
};
use super::workspace::Workspace;
use crate::model::{BuiltinChecker, Problem, TestCase, TestGroup};

/// `problems/<id>/problem.toml` as written; see DESIGN §2.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct ProblemToml {
    title: String,
    judge: String,
    number: String,
    url: String,
    time_limit_ms: toml::Spanned<i64>,
    memory_limit_mb: toml::Spanned<i64>,
    #[serde(default)]
    checker: Option<toml::Spanned<String>>,
    #[serde(default)]
    same_as: Option<toml::Spanned<String>>,
}

impl Workspace {
    /// Loads and validates one problem, resolving `same_as`.
    pub fn load_problem(&self, id: &str) -> Result<Problem> {
        let dir = self.problem_dir(id);
        let path = dir.join("problem.toml");
        if dir.is_dir() && !path.exists() {
            bail!(
                "{} does not exist: add it (see README.md, \"Adding a problem\") or remove the folder",
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
        let time_limit_ms = limit(
            &path,
            &text,
            "time_limit_ms",
            &raw.time_limit_ms,
            MAX_TIME_MS,
        )?;
        let memory_limit_mb = limit(
            &path,
            &text,
            "memory_limit_mb",
            &raw.memory_limit_mb,
            MAX_MEMORY_MB,
        )?;
        let checker = match &raw.checker {
            None => BuiltinChecker::Lines,
            Some(spanned) => BuiltinChecker::parse(spanned.get_ref()).map_err(|msg| {
                anyhow::anyhow!(
                    "{}:{}: key `checker`: {msg}",
                    path.display(),
                    line_of(&text, spanned.span().start)
                )
            })?,
        };
        let data_id = match &raw.same_as {
            None => id.to_string(),
            Some(spanned) => {
                let other = spanned.get_ref();
                let line = line_of(&text, spanned.span().start);
                if other == id {
                    bail!("{}:{line}: key `same_as`: a problem cannot be the same as itself; remove the key", path.display());
                }
                let other_toml = self.problem_dir(other).join("problem.toml");
                if !other_toml.is_file() {
                    bail!(
                        "{}:{line}: key `same_as`: no problem `{other}` ({} does not exist); correct the id or remove the key",
                        path.display(),
                        other_toml.display()
                    );
                }
                let other_text = read_text(&other_toml)?;
                let other_raw: ProblemToml = toml::from_str(&other_text)
                    .map_err(|e| toml_error(&other_toml, &other_text, &e))?;
                if other_raw.same_as.is_some() {
                    bail!(
                        "{}:{line}: key `same_as`: `{other}` is itself a same_as problem; point at the original",
                        path.display()
                    );
                }
                other.clone()
            }
        };
        Ok(Problem {
            id: id.to_string(),
            title: raw.title,
            judge: raw.judge,
            number: raw.number,
            url: raw.url,
            time_limit_ms,
            memory_limit_mb,
            checker,
            data_id,
            dir,
        })
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
            let stem = stem.to_string_lossy().into_owned();
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
            });
        }
        if tests.is_empty() {
            bail!(
                "{}: no tests; add <name>.in/<name>.out pairs (or run `harness gen {}`)",
                dir.display(),
                problem.data_id
            );
        }
        Ok(tests)
    }
}
