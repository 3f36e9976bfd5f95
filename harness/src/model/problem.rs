//! What is judged: a problem with its limits and checker, its test cases, and the submissions graded on it.

use std::path::PathBuf;

use serde::Serialize;

use super::expected::Expected;

/// How a solution's output is compared with the expected output by the judge itself (ARCHITECTURE.md, "Verdicts").
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum BuiltinChecker {
    /// The HDOJ rule: trailing spaces, tabs, CR and trailing blank lines ignored; other spacing is PE.
    Lines,
    /// Byte for byte; equal tokens with other spacing is PE.
    Exact,
    /// Tokens, as the Kattis default output validator compares them (`tokens` and `float:EPS` are two
    /// spellings of it).
    Tokens(TokenOptions),
}

/// The options of the Kattis default output validator.
#[derive(Debug, Clone, Copy, PartialEq, Default, Serialize)]
pub struct TokenOptions {
    /// Tokens must match in case (`case_sensitive`); the Kattis default is case-insensitive.
    pub case_sensitive: bool,
    /// Whitespace must match exactly (`space_change_sensitive`).
    pub space_sensitive: bool,
    /// A number in the answer accepts any number within this absolute difference.
    pub absolute_tolerance: Option<f64>,
    /// ... or within this relative difference.
    pub relative_tolerance: Option<f64>,
}

impl BuiltinChecker {
    /// `lines`, `exact`, `tokens` (case-sensitive), `float:EPS` (tokens, numbers within EPS absolute or
    /// relative), or `default` followed by Kattis default-validator flags.
    pub fn parse(text: &str) -> Result<BuiltinChecker, String> {
        let exact = TokenOptions {
            case_sensitive: true,
            ..TokenOptions::default()
        };
        match text {
            "lines" => return Ok(BuiltinChecker::Lines),
            "exact" => return Ok(BuiltinChecker::Exact),
            "tokens" => return Ok(BuiltinChecker::Tokens(exact)),
            _ => {}
        }
        if let Some(flags) = text.strip_prefix("default") {
            if flags.is_empty() || flags.starts_with(' ') {
                let flags: Vec<String> = flags.split_whitespace().map(String::from).collect();
                return BuiltinChecker::from_kattis_flags(&flags);
            }
        }
        match text.strip_prefix("float:").map(str::parse::<f64>) {
            Some(Ok(eps)) if eps.is_finite() && eps >= 0.0 => {
                Ok(BuiltinChecker::Tokens(TokenOptions {
                    absolute_tolerance: Some(eps),
                    relative_tolerance: Some(eps),
                    ..exact
                }))
            }
            _ => Err(format!(
                "unknown checker `{text}`: expected lines, exact, tokens, float:EPS (e.g. float:1e-6), or default with Kattis validator flags (e.g. `default case_sensitive float_tolerance 1e-6`)"
            )),
        }
    }

    /// The Kattis default output validator with its flags: `case_sensitive`, `space_change_sensitive`,
    /// `float_absolute_tolerance E`, `float_relative_tolerance E`, `float_tolerance E` (both).
    pub fn from_kattis_flags(flags: &[String]) -> Result<BuiltinChecker, String> {
        let mut options = TokenOptions::default();
        let mut flags = flags.iter();
        while let Some(flag) = flags.next() {
            let mut tolerance = || -> Result<f64, String> {
                let value = flags
                    .next()
                    .ok_or_else(|| format!("validator flag `{flag}` needs a number after it"))?;
                match value.parse::<f64>() {
                    Ok(v) if v.is_finite() && v >= 0.0 => Ok(v),
                    _ => Err(format!(
                        "validator flag `{flag}`: `{value}` is not a non-negative number"
                    )),
                }
            };
            match flag.as_str() {
                "case_sensitive" => options.case_sensitive = true,
                "space_change_sensitive" => options.space_sensitive = true,
                "float_absolute_tolerance" => options.absolute_tolerance = Some(tolerance()?),
                "float_relative_tolerance" => options.relative_tolerance = Some(tolerance()?),
                "float_tolerance" => {
                    let eps = tolerance()?;
                    options.absolute_tolerance = Some(eps);
                    options.relative_tolerance = Some(eps);
                }
                other => {
                    return Err(format!(
                        "unknown validator flag `{other}`: expected case_sensitive, space_change_sensitive, float_absolute_tolerance E, float_relative_tolerance E or float_tolerance E"
                    ))
                }
            }
        }
        Ok(BuiltinChecker::Tokens(options))
    }
}

impl std::fmt::Display for BuiltinChecker {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let options = match self {
            BuiltinChecker::Lines => return f.write_str("lines"),
            BuiltinChecker::Exact => return f.write_str("exact"),
            BuiltinChecker::Tokens(options) => options,
        };
        let plain = options.case_sensitive && !options.space_sensitive;
        match (options.absolute_tolerance, options.relative_tolerance) {
            (None, None) if plain => return f.write_str("tokens"),
            (Some(a), Some(r)) if plain && a == r => return write!(f, "float:{a}"),
            _ => {}
        }
        f.write_str("default")?;
        if options.case_sensitive {
            f.write_str(" case_sensitive")?;
        }
        if options.space_sensitive {
            f.write_str(" space_change_sensitive")?;
        }
        if let Some(a) = options.absolute_tolerance {
            write!(f, " float_absolute_tolerance {a}")?;
        }
        if let Some(r) = options.relative_tolerance {
            write!(f, " float_relative_tolerance {r}")?;
        }
        Ok(())
    }
}

/// The exit-code protocol of a checker or interactor program (ARCHITECTURE.md, "Problems").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Protocol {
    /// `PROG IN OUT ANS`: 0 AC, 1 WA, 2 PE, 3 FAIL, 4 PE, 7 points, 8 WA (unexpected end of output).
    Testlib,
    /// `PROG IN ANS FEEDBACK_DIR [args] < OUT`: 42 AC, 43 WA, anything else a judge error.
    Kattis,
    /// `PROG IN ANS OUT`: exit 0, the outcome (0 to 1) on stdout's first line, the message on stderr's
    /// (CMS's checkers; not an interactor's).
    Cms,
}

/// A checker or interactor program of a problem.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ProgramSpec {
    /// The file or folder, relative to the problem's folder, as problem.toml names it.
    pub program: String,
    #[serde(skip)]
    pub path: PathBuf,
    pub protocol: Protocol,
    pub args: Vec<String>,
    /// The limits of its runs (a package's `validation_*`); `None`: a checker's defaults.
    #[serde(skip)]
    pub limits: Option<super::limits::Limits>,
}

/// How a problem's answers are judged: by the judge itself, or by a checker program.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(untagged)]
pub enum CheckerSpec {
    Builtin(BuiltinChecker),
    Program(ProgramSpec),
}

impl std::fmt::Display for CheckerSpec {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            CheckerSpec::Builtin(builtin) => builtin.fmt(f),
            CheckerSpec::Program(program) => {
                let protocol = match program.protocol {
                    Protocol::Testlib => "testlib",
                    Protocol::Kattis => "kattis",
                    Protocol::Cms => "cms",
                };
                write!(f, "{protocol}:{}", program.program)
            }
        }
    }
}

/// How a submission meets a test (whatever the format calls it).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Runs {
    /// Once per test, batch or interactive.
    #[default]
    Once,
    /// Multi-pass (Kattis 2025-09): run again on the input the output validator writes into its
    /// feedback folder (`nextpass.in`, accepting), at most this many runs in all (`validation_passes`).
    Passes(u32),
    /// No run: a submission is an answer file per test, judged by the checker (Kattis `submit-answer`,
    /// CMS OutputOnly); a program submitted instead is run once per test and its output is its answer.
    Answers,
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
    /// A package's own output limit; `None`: the run's (`--output-limit-mib`).
    #[serde(skip)]
    pub output_limit_mib: Option<u64>,
    pub checker: CheckerSpec,
    /// The interactor of an interactive problem.
    pub interactor: Option<ProgramSpec>,
    /// A package's custom grader (`graders/`), for its groups under `grading: custom`, run under the limits
    /// of `grade::custom_grader` (not the spec's).
    #[serde(skip)]
    pub grader: Option<ProgramSpec>,
    /// The problem whose solution and data this one is judged with (itself when not `same_as`).
    pub data_id: String,
    #[serde(skip)]
    pub dir: PathBuf,
    /// How a submission meets each test: run once, in passes, or not at all (answer files).
    #[serde(skip)]
    pub runs: Runs,
    /// The test groups and how they score, for a scoring problem; `None`: every test must pass.
    #[serde(skip)]
    pub scoring: Option<std::sync::Arc<super::score::Scoring>>,
    /// The `[[group]]`s of problem.toml (our layout), from which the plan makes `scoring` once the tests
    /// are known.
    #[serde(skip)]
    pub groups: Vec<super::score::GroupDecl>,
    /// The files a program reads its input from and writes its output to, in its working folder, where
    /// not stdin and stdout (Polygon's `input-file`, `output-file`).
    #[serde(skip)]
    pub files: NamedFiles,
}

/// A program's input and output files by name (`None`: stdin, stdout).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct NamedFiles {
    pub input: Option<String>,
    pub output: Option<String>,
}

impl NamedFiles {
    /// Whether the program reads or writes a named file.
    pub fn any(&self) -> bool {
        self.input.is_some() || self.output.is_some()
    }
}

/// Which part of the data a test belongs to: the statement's samples, or the rest.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum TestGroup {
    Sample,
    Secret,
}

impl TestGroup {
    /// Samples are named `sample-*` (ARCHITECTURE.md, "Test data").
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
    /// The arguments this test gives the checker or interactor in place of the problem's own (a package's
    /// validator arguments or default-validator flags, per test group or case).
    pub checker_args: Option<Vec<String>>,
}

/// A program graded on a problem's tests besides its solution, in a folder naming what it must get.
#[derive(Debug, Clone)]
pub struct Submission {
    /// The problem it is graded on.
    pub problem: String,
    /// A file, or a folder of files in one language.
    pub path: PathBuf,
    /// The path relative to the workspace root, as reports name it.
    pub relative: String,
    pub expected: Expected,
    /// What it is, in words: the first line of its leading comment.
    pub why: Option<String>,
    /// Given on the command line (`--submission`), not found in the workspace.
    pub given: bool,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn checker_names_round_trip() {
        for name in [
            "lines",
            "exact",
            "tokens",
            "float:0.000001",
            "default",
            "default case_sensitive space_change_sensitive",
            "default float_absolute_tolerance 0.5",
        ] {
            assert_eq!(BuiltinChecker::parse(name).unwrap().to_string(), name);
        }
        assert!(BuiltinChecker::parse("float:abc").is_err());
        assert!(BuiltinChecker::parse("diff").is_err());
        assert!(BuiltinChecker::parse("defaults").is_err());
        assert!(BuiltinChecker::parse("default float_tolerance").is_err());
        assert!(BuiltinChecker::parse("default float_tolerance -1").is_err());
        assert!(BuiltinChecker::parse("default loose").is_err());
    }

    #[test]
    fn float_eps_is_a_spelling_of_the_default_validator() {
        assert_eq!(
            BuiltinChecker::parse("float:0.001"),
            BuiltinChecker::parse("default case_sensitive float_tolerance 0.001")
        );
        assert_eq!(
            BuiltinChecker::parse("tokens"),
            BuiltinChecker::parse("default case_sensitive")
        );
    }
}
