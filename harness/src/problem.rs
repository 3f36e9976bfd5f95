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
    time_limit_ms: toml::Spanned<i64>,
    memory_limit_mb: toml::Spanned<i64>,
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

    /// Every problem id: the folders of `problems/` (but hidden ones), sorted. A folder without a
    /// `problem.toml` is listed too, so that grading reports it instead of skipping it in silence.
    pub fn problem_ids(&self) -> Result<Vec<String>> {
        let dir = self.root.join("problems");
        let mut ids = Vec::new();
        for entry in walkdir::WalkDir::new(&dir)
            .min_depth(1)
            .max_depth(1)
            .sort_by_file_name()
        {
            let entry = entry.with_context(|| format!("cannot list {}", dir.display()))?;
            let name = entry.file_name().to_string_lossy();
            if entry.file_type().is_dir() && !name.starts_with('.') {
                ids.push(name.into_owned());
            }
        }
        Ok(ids)
    }

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
        // Names say where a pair came from (DESIGN §6), and `harness gen` never writes a hand-made file:
        // so a sample or an edge case can never be declared as generated input.
        if spec.name.starts_with("sample-")
            && (spec.input, spec.answer) != (InputSource::Statement, AnswerSource::Statement)
        {
            bail!(
                "{}: test `{}`: a sample is copied from the statement: use `input = \"statement\"` and `answer = \"statement\"`, or rename the test",
                path.display(),
                spec.name
            );
        }
        if spec.name.starts_with("edge-") && spec.input != InputSource::Hand {
            bail!(
                "{}: test `{}`: an edge case's input is hand-made: use `input = \"hand\"`, or rename the test",
                path.display(),
                spec.name
            );
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
    fs::read_to_string(path).map_err(|e| {
        anyhow::anyhow!(
            "cannot read {}: {e}; make it a readable UTF-8 text file",
            path.display()
        )
    })
}

/// Checks that a data file is a regular file that can be opened, so that a broken one is a setup error
/// found before anything runs (the judge itself opens it only when its test runs).
pub fn readable_file(path: &Path) -> Result<()> {
    let metadata = fs::metadata(path).map_err(|e| {
        anyhow::anyhow!(
            "cannot read {}: {e}; fix it (a dangling link?) or remove it",
            path.display()
        )
    })?;
    if !metadata.is_file() {
        bail!("{} is not a file: remove it or rename it", path.display());
    }
    fs::File::open(path).map_err(|e| {
        anyhow::anyhow!(
            "cannot read {}: {e}; make it readable (chmod a+r) or remove it",
            path.display()
        )
    })?;
    Ok(())
}

/// The largest limits accepted: an hour of CPU time, 1 TiB of memory. More is a typo, and would overflow
/// the arithmetic of the limits.
const MAX_TIME_MS: u64 = 3_600_000;
const MAX_MEMORY_MB: u64 = 1 << 20;

/// A limit: a positive integer no larger than `max`, or an error naming the file, the line and the key.
fn limit(path: &Path, text: &str, key: &str, value: &toml::Spanned<i64>, max: u64) -> Result<u64> {
    let line = line_of(text, value.span().start);
    let got = *value.get_ref();
    match u64::try_from(got) {
        Ok(v) if (1..=max).contains(&v) => Ok(v),
        Ok(v) if v > max => bail!(
            "{}:{line}: key `{key}`: {v} is more than the largest accepted, {max}; fix the value",
            path.display()
        ),
        _ => bail!(
            "{}:{line}: key `{key}`: must be a positive integer, got {got}; set the judge's limit, e.g. `{key} = {}`",
            path.display(),
            if key == "time_limit_ms" { 1000 } else { 64 }
        ),
    }
}

/// 1-based line of a byte offset.
fn line_of(text: &str, offset: usize) -> usize {
    text[..offset.min(text.len())]
        .bytes()
        .filter(|&b| b == b'\n')
        .count()
        + 1
}

/// A TOML error as `path:line: message; what to do`, naming the key when serde does.
fn toml_error(path: &Path, text: &str, err: &toml::de::Error) -> anyhow::Error {
    let message = err.message().trim_end();
    // A missing key has no line of its own; any other error points at one.
    let line = err
        .span()
        .filter(|_| !message.starts_with("missing field"))
        .map(|span| line_of(text, span.start));
    // Name the key of that line when the message does not (`invalid type: ...`).
    let key = line
        .and_then(|line| text.lines().nth(line - 1))
        .and_then(|source| source.split_once('='))
        .map(|(key, _)| key.trim())
        .filter(|key| !key.is_empty() && !key.starts_with('#') && !message.contains(*key));
    let message = match key {
        Some(key) => format!("key `{key}`: {message}"),
        None => message.to_string(),
    };
    let fix = if message.contains("missing field") {
        "add the key"
    } else if message.contains("unknown field") {
        "remove the key or correct its name"
    } else if message.contains("invalid type") || message.contains("unknown variant") {
        "correct the value"
    } else {
        "fix the TOML syntax"
    };
    let location = match line {
        Some(line) => format!("{}:{line}", path.display()),
        None => path.display().to_string(),
    };
    anyhow::anyhow!("{location}: {message}; {fix} (see README.md, \"Adding a problem\")")
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
