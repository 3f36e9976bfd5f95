//! The testset `tests` of `<judging>`: its limits, its input and answer path patterns, and each test
//! (`manual` or `generated` by a `cmd`, `sample`, `group`, `points`), read into `TestCase`s; the other
//! testsets are reported, not judged.

use std::path::Path;

use anyhow::{bail, Result};
use roxmltree::Node;

use super::xml::{child, child_text, children, path_of, Xml};
use crate::model::{TestCase, TestGroup};

/// The testset the package is judged on.
pub struct Testset<'a, 'i> {
    pub time_limit_ms: u64,
    pub memory_limit_bytes: u64,
    pub tests: Vec<PolygonTest>,
    /// Why the tests cannot be judged as they are on disk (generated inputs, missing answers).
    pub unsupported: Option<String>,
    /// The `<testset>` element (its `<groups>` are read by `groups`).
    pub node: Node<'a, 'i>,
}

/// One test as `problem.xml` describes it, with its files.
pub struct PolygonTest {
    pub case: TestCase,
    pub group: Option<String>,
    pub points: Option<f64>,
    /// Its number (1, 2, ...), and its input's and answer's paths in the package.
    pub number: usize,
    pub input: String,
    pub answer: String,
    /// The generator's command line of a `generated` test (`gen 10 3`), and which of the files the
    /// generator writes is the test (`from-file`) when it writes several.
    pub cmd: Option<String>,
    pub from_file: Option<String>,
}

/// Reads the testset `tests` of `<judging>` (Polygon judges that one; the others, such as a
/// `pretests` set, are named in the warnings).
pub fn load<'a, 'i>(
    xml: &Xml,
    judging: Node<'a, 'i>,
    dir: &Path,
    warnings: &mut Vec<String>,
) -> Result<Testset<'a, 'i>> {
    let mut found = None;
    for testset in children(judging, "testset") {
        match testset.attribute("name") {
            Some("tests") => found = Some(testset),
            Some(other) => warnings.push(format!(
                "problem.xml: testset `{other}` not judged (only `tests` is)"
            )),
            None => {}
        }
    }
    let Some(testset) = found else {
        bail!(
            "{}: <judging> has no <testset name=\"tests\">, the tests a Polygon problem is judged on",
            xml.at(judging)
        );
    };
    let time_limit_ms = xml.number(testset, "time-limit")?.unwrap_or(0);
    let memory_limit_bytes = xml.number(testset, "memory-limit")?.unwrap_or(0);
    if time_limit_ms == 0 || memory_limit_bytes == 0 {
        bail!(
            "{}: the testset needs a <time-limit> (milliseconds) and a <memory-limit> (bytes) above 0",
            xml.at(testset)
        );
    }
    let listed: Vec<Node> = child(testset, "tests")
        .map(|tests| children(tests, "test").collect())
        .unwrap_or_default();
    if let Some(count) = xml.number(testset, "test-count")? {
        if count as usize != listed.len() {
            bail!(
                "{}: <test-count> says {count}, but <tests> lists {}",
                xml.at(child(testset, "test-count").unwrap_or(testset)),
                listed.len()
            );
        }
    }
    let pattern = |name: &str| -> Result<&str> {
        match child_text(testset, name) {
            Some(pattern) => Ok(pattern),
            None => bail!(
                "{}: the testset needs an <{name}> (such as tests/%02d)",
                xml.at(testset)
            ),
        }
    };
    let (inputs, answers) = (pattern("input-path-pattern")?, pattern("answer-path-pattern")?);
    // Where the tests a standard package does not hold were made in this run.
    let made = crate::package::generated::data_of(dir);
    let found = |relative: &str| -> Option<std::path::PathBuf> {
        std::iter::once(dir.join(relative))
            .chain(made.as_ref().map(|made| made.join(relative)))
            .find(|path| path.is_file())
    };
    let mut tests = Vec::new();
    let mut generated = Vec::new();
    let mut unanswered = Vec::new();
    for (index, test) in listed.iter().enumerate() {
        let number = index + 1;
        let file = |pattern: &str| {
            path_of(pattern, number).map_err(|e| anyhow::anyhow!("{}: {e}", xml.at(testset)))
        };
        let (input, answer) = (file(inputs)?, file(answers)?);
        let method = test.attribute("method").unwrap_or("manual");
        if !matches!(method, "manual" | "generated") {
            bail!(
                "{}: test {number}: method `{method}`; expected manual or generated",
                xml.at(*test)
            );
        }
        let cmd = test.attribute("cmd").map(str::to_string);
        if method == "generated" && cmd.is_none() {
            bail!(
                "{}: test {number}: a generated test needs its generator's `cmd`",
                xml.at(*test)
            );
        }
        if found(&input).is_none() {
            match &cmd {
                Some(cmd) if method == "generated" => {
                    generated.push(format!("{number} (`{cmd}`)"))
                }
                _ => bail!(
                    "{}: test {number}: its input {input} is missing from the package",
                    xml.at(*test)
                ),
            }
        } else if found(&answer).is_none() {
            unanswered.push(answer.clone());
        }
        let sample = test.attribute("sample") == Some("true");
        let name = Path::new(&input)
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_else(|| number.to_string());
        tests.push(PolygonTest {
            case: TestCase {
                name,
                group: if sample { TestGroup::Sample } else { TestGroup::Secret },
                input: found(&input).unwrap_or_else(|| dir.join(&input)),
                expected: found(&answer).unwrap_or_else(|| dir.join(&answer)),
                checker_args: None,
            },
            group: test.attribute("group").map(str::to_string),
            points: xml.decimal(*test, "points")?,
            number,
            input,
            answer,
            cmd: cmd.filter(|_| method == "generated"),
            from_file: test.attribute("from-file").map(str::to_string),
        });
    }
    if tests.is_empty() {
        bail!("{}: the testset `tests` has no tests", xml.at(testset));
    }
    let unsupported = if !generated.is_empty() {
        Some(format!(
            "tests not made: {} (the package's generators make them when the problem is judged)",
            shortened(&generated)
        ))
    } else if !unanswered.is_empty() {
        Some(format!(
            "answer files missing: {} (the main solution makes them when the problem is judged, save for an interactive problem's: download the full package from Polygon, which holds them)",
            shortened(&unanswered)
        ))
    } else {
        None
    };
    Ok(Testset {
        time_limit_ms,
        memory_limit_bytes,
        tests,
        unsupported,
        node: testset,
    })
}

/// The first few of a list, and how many more.
fn shortened(items: &[String]) -> String {
    const SHOWN: usize = 5;
    let mut text = items[..items.len().min(SHOWN)].join(", ");
    if items.len() > SHOWN {
        text.push_str(&format!(" and {} more", items.len() - SHOWN));
    }
    text
}
