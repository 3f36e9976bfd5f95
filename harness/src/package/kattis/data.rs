//! The test data of a Kattis problem package: `data/sample/` then `data/secret/`, each walked recursively,
//! groups and cases in lexicographic order of their names; a case is a `.in` file with its `.ans`. The
//! output validator's arguments of each case: legacy `validator_flags` followed by the group's
//! `output_validator_flags` (`testdata.yaml`); in the new formats `output_validator_args` of the closest
//! `test_group.yaml` (or `testdata.yaml`), or of the case's own `.yaml`.

use std::path::{Path, PathBuf};

use anyhow::{bail, Result};

use super::FormatVersion;
use super::yaml::YamlMap;
use crate::model::{BuiltinChecker, TestCase, TestGroup};

/// Arguments, and the file they come from.
#[derive(Debug, Clone)]
struct Args {
    words: Vec<String>,
    from: String,
}

/// Every test case of the package, samples first, with its output validator's arguments (`flags`: those
/// of the default validator, each test's checked).
pub fn load_tests(
    dir: &Path,
    format: FormatVersion,
    base: &[String],
    flags: bool,
) -> Result<Vec<TestCase>> {
    let data = super::data_dir(dir);
    let root = Args {
        words: base.to_vec(),
        from: "problem.yaml".into(),
    };
    let walk = Walk {
        dir,
        data: &data,
        format,
        base: base.to_vec(),
        flags,
    };
    let root = walk.resolve(group_args(&data, dir)?, &root);
    let mut tests = Vec::new();
    for (name, group) in [("sample", TestGroup::Sample), ("secret", TestGroup::Secret)] {
        let folder = data.join(name);
        if folder.is_dir() {
            walk.group(&folder, group, &root, &mut tests)?;
        }
    }
    // DOMjudge judges a package with samples only (its own `hello`) on those: so does this judge, saying
    // so in the package's warnings.
    if !data.join("secret").is_dir() && !data.join("sample").is_dir() {
        bail!(
            "{}: no data/secret/ folder (nor data/sample/); the secret test cases go there",
            dir.display()
        );
    }
    if tests.is_empty() {
        bail!(
            "{}: no test cases (`.in` with `.ans`) under data/sample/ or data/secret/",
            dir.display()
        );
    }
    Ok(tests)
}

/// The cases of one folder of examples under `data/` (`invalid_answer`, `invalid_output`,
/// `valid_output`: each a `.in` with its `.ans`), with their output validator arguments; none when the
/// folder is not there.
pub fn load_examples(dir: &Path, format: FormatVersion, folder: &str) -> Result<Vec<TestCase>> {
    let data = super::data_dir(dir);
    let walk = Walk {
        dir,
        data: &data,
        format,
        base: Vec::new(),
        flags: false,
    };
    let root = Args {
        words: Vec::new(),
        from: "problem.yaml".into(),
    };
    let root = walk.resolve(group_args(&data, dir)?, &root);
    let mut cases = Vec::new();
    let folder = data.join(folder);
    if folder.is_dir() {
        walk.group(&folder, TestGroup::Secret, &root, &mut cases)?;
    }
    Ok(cases)
}

struct Walk<'a> {
    dir: &'a Path,
    data: &'a Path,
    format: FormatVersion,
    base: Vec<String>,
    flags: bool,
}

impl Walk<'_> {
    /// A group's arguments: its own (in legacy packages after problem.yaml's `validator_flags`), else
    /// those it inherits.
    fn resolve(&self, own: Option<Args>, inherited: &Args) -> Args {
        match (own, self.format) {
            (None, _) => inherited.clone(),
            (Some(own), FormatVersion::Legacy) => Args {
                words: [self.base.clone(), own.words].concat(),
                from: own.from,
            },
            (Some(own), _) => own,
        }
    }

    fn group(
        &self,
        folder: &Path,
        group: TestGroup,
        inherited: &Args,
        tests: &mut Vec<TestCase>,
    ) -> Result<()> {
        let args = self.resolve(group_args(folder, self.dir)?, inherited);
        for (stem, path) in entries(folder)? {
            if path.is_dir() {
                if !stem.ends_with(".files") {
                    self.group(&path, group, &args, tests)?;
                }
                continue;
            }
            if path.extension().and_then(|e| e.to_str()) != Some("in") {
                continue;
            }
            let answer = path.with_extension("ans");
            if !answer.is_file() {
                bail!(
                    "{}: `{stem}.in` has no `{stem}.ans`; every test case needs its answer file",
                    folder.display()
                );
            }
            crate::package::readable_file(&path)?;
            crate::package::readable_file(&answer)?;
            let case_args = match self.format {
                FormatVersion::Legacy => None,
                _ => case_args(&path.with_extension("yaml"), self.dir)?,
            };
            let name = path.with_extension("");
            let name = name.strip_prefix(self.data).unwrap_or(&name);
            let name = name.to_string_lossy().into_owned();
            let Args { words, from } = case_args.unwrap_or_else(|| args.clone());
            if self.flags {
                BuiltinChecker::from_kattis_flags(&words).map_err(|why| {
                    anyhow::anyhow!("{from}: validator flags of test {name}: {why}")
                })?;
            }
            tests.push(TestCase {
                name,
                group,
                input: path.clone(),
                expected: answer,
                checker_args: Some(words),
            });
        }
        Ok(())
    }
}

/// The entries of a folder by name (a `.in` file by its name without `.in`), hidden ones aside.
fn entries(folder: &Path) -> Result<Vec<(String, PathBuf)>> {
    let entries = crate::package::text::entries(folder)?.into_iter().map(|path| {
        let name = path.file_name().unwrap_or_default().to_string_lossy();
        (name.strip_suffix(".in").unwrap_or(&name).to_string(), path)
    });
    let mut found: Vec<(String, PathBuf)> = entries.collect();
    found.sort();
    Ok(found)
}

/// A group's own validator arguments, from its `test_group.yaml` or `testdata.yaml`.
fn group_args(folder: &Path, package: &Path) -> Result<Option<Args>> {
    let new = folder.join("test_group.yaml");
    let old = folder.join("testdata.yaml");
    if new.is_file() && old.is_file() {
        bail!(
            "{}: both test_group.yaml and testdata.yaml; keep one (test_group.yaml in the new formats)",
            folder.display()
        );
    }
    let file = if new.is_file() { new } else { old };
    let Some(yaml) = YamlMap::read_if_exists(&file)? else {
        return Ok(None);
    };
    args_of(&yaml, package)
}

/// A test case's own `output_validator_args`, from its `.yaml`.
fn case_args(file: &Path, package: &Path) -> Result<Option<Args>> {
    match YamlMap::read_if_exists(file)? {
        Some(yaml) => args_of(&yaml, package),
        None => Ok(None),
    }
}

fn args_of(yaml: &YamlMap, package: &Path) -> Result<Option<Args>> {
    let words = match yaml.words("output_validator_args")? {
        Some(words) => Some(words),
        None => yaml.words("output_validator_flags")?,
    };
    let from = yaml.path.strip_prefix(package).unwrap_or(&yaml.path);
    Ok(words.map(|words| Args {
        words,
        from: from.to_string_lossy().into_owned(),
    }))
}
