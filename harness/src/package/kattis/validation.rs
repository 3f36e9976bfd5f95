//! A package's input validators (`input_validators/`, legacy `input_format_validators/`: each folder a
//! program, each source file beside them one) and what they must say, as problemtools' `InputValidators`
//! part checks it: every input of `data/` accepted by every validator, with the arguments of its group
//! (`input_validator_flags` in legacy `testdata.yaml`, `input_validator_args` in the newer versions);
//! and, in the newer versions, every input of `data/invalid_input/` rejected by one of them. Beside them,
//! BAPCtools' `answer_validators/` on every answer, and the 2025-09 examples of answers and outputs
//! (`data/invalid_answer/`, `invalid_output/`, `valid_output/`), whose inputs must be valid.

use std::path::{Path, PathBuf};

use anyhow::{bail, Context, Result};

use super::yaml::YamlMap;
use super::FormatVersion;
use crate::model::TestCase;
use crate::package::source::{InputCheck, InputValidation, Must, OutputCheck, OutputKind};

/// The validators' folder: `input_validators/`, or its legacy name when that is there.
pub fn folder(dir: &Path) -> PathBuf {
    let old = dir.join("input_format_validators");
    match old.is_dir() {
        true => old,
        false => dir.join("input_validators"),
    }
}

pub fn load(dir: &Path, format: FormatVersion, tests: &[TestCase]) -> Result<InputValidation> {
    let folder = folder(dir);
    // Without the folder, the validators are missing: validating by name says so, verify goes on
    // with the answers and outputs.
    let validators = match folder.is_dir() {
        true => programs(&folder)?,
        false => vec![folder.clone()],
    };
    if validators.is_empty() {
        bail!(
            "{}: no input validator; add one there (input on stdin, exit 42 when valid, 43 when not)",
            folder.display()
        );
    }
    let mut checks = Vec::new();
    for test in tests {
        let args = group_args(&test.input, dir, format)?;
        checks.push(InputCheck {
            input: test.input.clone(),
            must: Must::Accept,
            args,
        });
    }
    let invalid = super::data_dir(dir).join("invalid_input");
    if format != FormatVersion::Legacy && invalid.is_dir() {
        let inputs = walkdir::WalkDir::new(&invalid).sort_by_file_name().into_iter();
        for entry in inputs {
            let entry = entry.with_context(|| format!("cannot list {}", invalid.display()))?;
            if entry.path().extension().is_some_and(|e| e == "in") {
                checks.push(InputCheck {
                    args: group_args(entry.path(), dir, format)?,
                    input: entry.into_path(),
                    must: Must::Reject,
                });
            }
        }
    }
    // Every answer, for the answer validators; the invalid and valid examples of answers and outputs,
    // whose inputs must be valid all the same (BAPCtools' `bt validate`).
    let mut outputs: Vec<OutputCheck> = tests
        .iter()
        .map(|test| OutputCheck {
            test: test.clone(),
            kind: OutputKind::Answer,
        })
        .collect();
    if format != FormatVersion::Legacy {
        for kind in [
            OutputKind::InvalidAnswer,
            OutputKind::InvalidOutput,
            OutputKind::ValidOutput,
        ] {
            for test in super::data::load_examples(dir, format, kind.folder())? {
                let out = test.input.with_extension("out");
                if kind != OutputKind::InvalidAnswer && !out.is_file() {
                    bail!(
                        "{}: no {}; every case of data/{}/ needs its output",
                        test.input.display(),
                        out.file_name().unwrap_or_default().to_string_lossy(),
                        kind.folder()
                    );
                }
                checks.push(InputCheck {
                    args: group_args(&test.input, dir, format)?,
                    input: test.input.clone(),
                    must: Must::Accept,
                });
                outputs.push(OutputCheck { test, kind });
            }
        }
    }
    let answer_validators = match dir.join("answer_validators") {
        folder if folder.is_dir() => programs(&folder)?,
        _ => Vec::new(),
    };
    Ok(InputValidation {
        validators,
        checks,
        testlib: false,
        answer_validators,
        outputs,
    })
}

/// The programs of the validators' folder, by name, checktestdata (`.ctd`) and VIVA (`.viva`) scripts
/// among them (`setter::validate` runs the first through checktestdata and skips the second).
fn programs(folder: &Path) -> Result<Vec<PathBuf>> {
    let mut found = Vec::new();
    for path in crate::package::text::entries(folder)? {
        let name = path.file_name().unwrap_or_default().to_string_lossy();
        match path.extension().unwrap_or_default().to_string_lossy().as_ref() {
            "h" | "hpp" | "md" | "txt" => {}
            _ if name.starts_with("README") => {}
            _ => found.push(path),
        }
    }
    Ok(found)
}

/// The validator arguments of an input: its own `.yaml`'s (not in legacy packages), else those of the
/// nearest `testdata.yaml` (or `test_group.yaml`) between its folder and `data/` that gives them.
fn group_args(input: &Path, dir: &Path, format: FormatVersion) -> Result<Vec<String>> {
    let data = super::data_dir(dir);
    // The newer versions' key, and the legacy one they still read (BAPCtools reads it deprecated, and
    // upgrades it; our exports to the 2023-07 draft write it).
    let keys: &[&str] = match format {
        FormatVersion::Legacy => &["input_validator_flags"],
        _ => &["input_validator_args", "input_validator_flags"],
    };
    // A test case's own `.yaml` first (the newer versions), then its groups'.
    if format != FormatVersion::Legacy {
        if let Some(yaml) = YamlMap::read_if_exists(&input.with_extension("yaml"))? {
            for key in keys {
                if let Some(words) = yaml.words(key)? {
                    return Ok(words);
                }
            }
        }
    }
    for folder in input.ancestors().skip(1).take_while(|f| f.starts_with(&data)) {
        for file in ["test_group.yaml", "testdata.yaml"] {
            let Some(yaml) = YamlMap::read_if_exists(&folder.join(file))? else {
                continue;
            };
            for key in keys {
                if yaml.get(key).is_some_and(|v| v.is_mapping()) {
                    bail!(
                        "{}: key `{key}`: arguments by validator are not supported yet; give one list",
                        yaml.path.display()
                    );
                }
                if let Some(words) = yaml.words(key)? {
                    return Ok(words);
                }
            }
        }
    }
    Ok(Vec::new())
}
