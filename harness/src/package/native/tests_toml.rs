//! `problems/<id>/tests.toml`: where every file of the test data comes from (ARCHITECTURE.md, "Test data").

use std::path::Path;

use anyhow::{bail, Result};
use serde::{Deserialize, Serialize};

use crate::package::text::{read_text, toml_error};

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
    /// How the input validator checks this input: strictly (default), `relaxed` (the validator's
    /// `--relaxed`, for the deliberately messy `edge-crlf-*` tests: in this workspace's shared reader the
    /// statement's lines with CRLF ends and extra spaces and tabs) or `none` (the test breaks the format on
    /// purpose; its note says why).
    #[serde(default)]
    pub validate: Validation,
}

/// How strictly a test's input is validated.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Deserialize, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Validation {
    #[default]
    Strict,
    Relaxed,
    None,
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
        if spec.validate == Validation::None && spec.note.is_none() {
            bail!(
                "{}: test `{}`: `validate = \"none\"` needs a `note` saying why its input breaks the format",
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
        // Names say where a pair came from (ARCHITECTURE.md, "Test data"), and `harness gen` never writes a hand-made file:
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
