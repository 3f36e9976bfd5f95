//! What is judged: a problem with its limits and checker, its test cases, and the submissions graded on it.

use std::path::PathBuf;

use serde::Serialize;

use super::verdict::Verdict;

/// How a solution's output is compared with the expected output by the judge itself (DESIGN §4).
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum BuiltinChecker {
    /// The HDOJ rule: trailing spaces, tabs, CR and trailing blank lines ignored.
    Lines,
    /// Byte for byte.
    Exact,
    /// Whitespace-separated tokens.
    Tokens,
    /// Tokens, numbers within an absolute or relative epsilon.
    Float(f64),
}

impl BuiltinChecker {
    pub fn parse(text: &str) -> Result<BuiltinChecker, String> {
        match text {
            "lines" => Ok(BuiltinChecker::Lines),
            "exact" => Ok(BuiltinChecker::Exact),
            "tokens" => Ok(BuiltinChecker::Tokens),
            _ => match text.strip_prefix("float:").map(str::parse::<f64>) {
                Some(Ok(eps)) if eps.is_finite() && eps >= 0.0 => Ok(BuiltinChecker::Float(eps)),
                _ => Err(format!(
                    "unknown checker `{text}`: expected lines, exact, tokens or float:EPS (e.g. float:1e-6)"
                )),
            },
        }
    }
}

impl std::fmt::Display for BuiltinChecker {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            BuiltinChecker::Lines => f.write_str("lines"),
            BuiltinChecker::Exact => f.write_str("exact"),
            BuiltinChecker::Tokens => f.write_str("tokens"),
            BuiltinChecker::Float(eps) => write!(f, "float:{eps}"),
        }
    }
}

/// A validated problem.
#[derive(Debug, Clone, Serialize)]
pub struct Problem {
    pub id: String,
    pub title: String,
    pub judge: String,
    pub number: String,
    pub url: String,
    pub time_limit_ms: u64,
    pub memory_limit_mb: u64,
    pub checker: BuiltinChecker,
    /// The problem whose solution and data this one is judged with (itself when not `same_as`).
    pub data_id: String,
    #[serde(skip)]
    pub dir: PathBuf,
}

/// Which part of the data a test belongs to: the statement's samples, or the rest.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum TestGroup {
    Sample,
    Secret,
}

impl TestGroup {
    /// Samples are named `sample-*` (DESIGN §6).
    pub fn of_name(name: &str) -> TestGroup {
        match name.starts_with("sample") {
            true => TestGroup::Sample,
            false => TestGroup::Secret,
        }
    }
}

/// One input/expected-output pair.
#[derive(Debug, Clone)]
pub struct TestCase {
    pub name: String,
    pub group: TestGroup,
    pub input: PathBuf,
    pub expected: PathBuf,
}

/// A program graded on a problem's tests besides its solution: a known-wrong submission.
#[derive(Debug, Clone)]
pub struct Submission {
    /// The problem it is graded on.
    pub problem: String,
    pub path: PathBuf,
    /// The file relative to the workspace root, as reports name it.
    pub relative: String,
    /// The verdict it must get on some test, or why its declaration is not valid.
    pub expect: Result<Verdict, String>,
    /// What is wrong with it, in words.
    pub why: Option<String>,
}
