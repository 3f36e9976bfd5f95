//! Problem packages: the `problem.toml` and `tests.toml` schemas, and discovery of problems and test pairs.

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};

use anyhow::{bail, Context, Result};
use serde::{Deserialize, Serialize};

/// How a solution's output is compared with the expected output (DESIGN §4).
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Checker {
    /// The HDOJ rule: trailing spaces, tabs, CR and trailing blank lines ignored.
    Lines,
    /// Byte for byte.
    Exact,
    /// Whitespace-separated tokens.
    Tokens,
    /// Tokens, numbers within an absolute or relative epsilon.
    Float(f64),
}

impl Checker {
    pub fn parse(text: &str) -> Result<Checker, String> {
        match text {
            "lines" => Ok(Checker::Lines),
            "exact" => Ok(Checker::Exact),
            "tokens" => Ok(Checker::Tokens),
            _ => match text.strip_prefix("float:").map(str::parse::<f64>) {
                Some(Ok(eps)) if eps.is_finite() && eps >= 0.0 => Ok(Checker::Float(eps)),
                _ => Err(format!(
                    "unknown checker `{text}`: expected lines, exact, tokens or float:EPS (e.g. float:1e-6)"
                )),
            },
        }
    }
}

impl std::fmt::Display for Checker {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Checker::Lines => f.write_str("lines"),
            Checker::Exact => f.write_str("exact"),
            Checker::Tokens => f.write_str("tokens"),
            Checker::Float(eps) => write!(f, "float:{eps}"),
        }
    }
}

/// `problems/<id>/problem.toml` as written; see DESIGN §2.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct ProblemToml {
    title: String,
    judge: String,
    number: String,
    url: String,
    time_limit_ms: i64,
    memory_limit_mb: i64,
    #[serde(default)]
    checker: Option<toml::Spanned<String>>,
    #[serde(default)]
    same_as: Option<toml::Spanned<String>>,
}

/// A validated problem package.
#[derive(Debug, Clone, Serialize)]
pub struct Problem {
    pub id: String,
    pub title: String,
    pub judge: String,
    pub number: String,
    pub url: String,
    pub time_limit_ms: u64,
    pub memory_limit_mb: u64,
    pub checker: Checker,
    /// The problem whose solution and data this one is judged with (itself when not `same_as`).
    pub data_id: String,
    #[serde(skip)]
    pub dir: PathBuf,
}

/// The project's folders, found from a root directory.
#[derive(Debug, Clone)]
pub struct Workspace {
    pub root: PathBuf,
}

impl Workspace {
    /// The workspace that holds `start`: the nearest ancestor with a `problems/` folder.
    pub fn find(start: &Path) -> Result<Workspace> {
        let start = start
            .canonicalize()
            .with_context(|| format!("cannot resolve {}", start.display()))?;
        for dir in start.ancestors() {
            if dir.join("problems").is_dir() {
                return Ok(Workspace {
                    root: dir.to_path_buf(),
                });
            }
        }
        bail!(
            "no workspace found at or above {}: expected a folder with problems/ (use --root DIR)",
            start.display()
        )
    }

    pub fn problem_dir(&self, id: &str) -> PathBuf {
        self.root.join("problems").join(id)
    }
    pub fn solution_file(&self, id: &str) -> PathBuf {
        self.root
            .join("solutions")
            .join(id)
            .join("src")
            .join("main.rs")
    }
    pub fn testdata_dir(&self, id: &str) -> PathBuf {
        self.root.join("testdata").join(id)
    }
    /// Where compiled binaries and scratch files live: `$HARNESS_CACHE_DIR`, else `target/harness`.
    pub fn cache_dir(&self) -> PathBuf {
        match std::env::var_os("HARNESS_CACHE_DIR") {
            Some(dir) if !dir.is_empty() => PathBuf::from(dir),
            _ => self.root.join("target").join("harness"),
        }
    }

    /// Every problem id: the folders of `problems/` that hold a `problem.toml`, sorted.
    pub fn problem_ids(&self) -> Result<Vec<String>> {
        let dir = self.root.join("problems");
        let mut ids = Vec::new();
        for entry in walkdir::WalkDir::new(&dir)
            .min_depth(1)
            .max_depth(1)
            .sort_by_file_name()
        {
            let entry = entry.with_context(|| format!("cannot list {}", dir.display()))?;
            if entry.file_type().is_dir() && entry.path().join("problem.toml").is_file() {
                ids.push(entry.file_name().to_string_lossy().into_owned());
            }
        }
        Ok(ids)
    }

    /// Loads and validates one problem, resolving `same_as`.
    pub fn load_problem(&self, id: &str) -> Result<Problem> {
        let dir = self.problem_dir(id);
        let path = dir.join("problem.toml");
        if !path.is_file() {
            bail!(
                "unknown problem `{id}`: {} does not exist (see `harness list`)",
                path.display()
            );
        }
        let text = read_text(&path)?;
        let raw: ProblemToml = toml::from_str(&text).map_err(|e| toml_error(&path, &text, &e))?;
        let time_limit_ms = positive(&path, "time_limit_ms", raw.time_limit_ms)?;
        let memory_limit_mb = positive(&path, "memory_limit_mb", raw.memory_limit_mb)?;
        let checker = match &raw.checker {
            None => Checker::Lines,
            Some(spanned) => Checker::parse(spanned.get_ref()).map_err(|msg| {
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
                        "{}:{line}: key `same_as`: no problem `{other}` ({} does not exist)",
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
            match ext.to_str() {
                Some("in") => inputs.insert(stem, path.to_path_buf()),
                Some("out") => outputs.insert(stem, path.to_path_buf()),
                _ => None,
            };
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

/// One input/expected-output pair.
#[derive(Debug, Clone)]
pub struct TestCase {
    pub name: String,
    pub input: PathBuf,
    pub expected: PathBuf,
}

/// Where a test's input comes from (`tests.toml`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum InputSource {
    Statement,
    Hand,
    Gen,
}

/// Where a test's expected output comes from (`tests.toml`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum AnswerSource {
    Statement,
    Hand,
    Brute,
    Solution,
}

/// One `[[test]]` entry of `tests.toml`.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TestSpec {
    pub name: String,
    pub input: InputSource,
    pub answer: AnswerSource,
    #[serde(default)]
    pub args: Option<Vec<String>>,
    #[serde(default)]
    pub note: Option<String>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct TestsToml {
    #[serde(default)]
    test: Vec<TestSpec>,
}

/// Reads and validates `problems/<id>/tests.toml`.
pub fn load_test_specs(problem_dir: &Path) -> Result<Vec<TestSpec>> {
    let path = problem_dir.join("tests.toml");
    let text = read_text(&path)?;
    let raw: TestsToml = toml::from_str(&text).map_err(|e| toml_error(&path, &text, &e))?;
    let mut seen = std::collections::HashSet::new();
    for spec in &raw.test {
        let valid_name = !spec.name.is_empty()
            && spec
                .name
                .bytes()
                .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-' || b == b'_');
        if !valid_name {
            bail!(
                "{}: test `{}`: names use lowercase letters, digits and dashes",
                path.display(),
                spec.name
            );
        }
        if !seen.insert(spec.name.as_str()) {
            bail!("{}: test `{}` is declared twice", path.display(), spec.name);
        }
        match (spec.input, &spec.args) {
            (InputSource::Gen, None) => {
                bail!("{}: test `{}`: `input = \"gen\"` needs `args = [...]` for gen.rs", path.display(), spec.name)
            }
            (InputSource::Statement | InputSource::Hand, Some(_)) => bail!(
                "{}: test `{}`: `args` is only for `input = \"gen\"`; remove it or change the input source",
                path.display(),
                spec.name
            ),
            _ => {}
        }
        if spec.input == InputSource::Gen
            && matches!(spec.answer, AnswerSource::Statement | AnswerSource::Hand)
        {
            bail!(
                "{}: test `{}`: a generated input needs a generated answer (`brute` or `solution`)",
                path.display(),
                spec.name
            );
        }
    }
    Ok(raw.test)
}

pub fn read_text(path: &Path) -> Result<String> {
    fs::read_to_string(path).with_context(|| format!("cannot read {}", path.display()))
}

fn positive(path: &Path, key: &str, value: i64) -> Result<u64> {
    if value <= 0 {
        bail!(
            "{}: key `{key}`: must be a positive integer, got {value}",
            path.display()
        );
    }
    Ok(value as u64)
}

/// 1-based line of a byte offset.
fn line_of(text: &str, offset: usize) -> usize {
    text[..offset.min(text.len())]
        .bytes()
        .filter(|&b| b == b'\n')
        .count()
        + 1
}

/// A TOML error as `path:line: message`, naming the key when serde does.
fn toml_error(path: &Path, text: &str, err: &toml::de::Error) -> anyhow::Error {
    let line = err.span().map(|span| line_of(text, span.start));
    let message = err.message().trim_end();
    match line {
        Some(line) => anyhow::anyhow!("{}:{line}: {message}", path.display()),
        None => anyhow::anyhow!("{}: {message}", path.display()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn checker_names_round_trip() {
        for name in ["lines", "exact", "tokens", "float:0.000001"] {
            assert_eq!(Checker::parse(name).unwrap().to_string(), name);
        }
        assert!(Checker::parse("float:abc").is_err());
        assert!(Checker::parse("diff").is_err());
    }

    #[test]
    fn line_numbers_are_one_based() {
        assert_eq!(line_of("a\nb\nc", 0), 1);
        assert_eq!(line_of("a\nb\nc", 2), 2);
        assert_eq!(line_of("a\nb\nc", 4), 3);
    }
}
