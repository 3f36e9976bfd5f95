//! The output validator of a package: `output_validators/<name>/` (legacy) or `output_validator/`, a file
//! or a folder. Those the language table cannot build alone: a folder with `build` and/or `run`
//! scripts, and a folder of Python files run as a module (`__main__.py`). Each becomes a row of the
//! language table, made for that program (its marker file named by the hash of every file): its "compile"
//! command copies the folder into its build folder and runs `build` there, in the sandbox as every
//! compiler; its run command is that copy's `run` (or `python3 <copy>`). The compiler then caches and runs it like any program; a `build` that
//! fails is a compile error with the script's output.

use std::fs;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};

use anyhow::{bail, Context, Result};
use sha2::{Digest, Sha256};

use super::FormatVersion;
use super::yaml::YamlMap;
use crate::lang::{Language, LanguageTable};

/// How a judge's program (a checker, interactor or custom grader, ours or a package's) is built and run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ProgramKind {
    /// A file or folder compiled by the judge's language table.
    Table,
    /// A folder with `build` and/or `run` scripts.
    BuildRun,
    /// A folder of Python files run as a module (`__main__.py`).
    PythonPackage,
}

/// A custom output validator (the interactor of an interactive problem).
#[derive(Debug, Clone)]
pub struct ValidatorProgram {
    pub path: PathBuf,
    /// Relative to the package, as reports name it.
    pub relative: String,
}

impl ValidatorProgram {
    /// The program at `path` of the package in `dir`.
    fn in_package(dir: &Path, path: PathBuf) -> ValidatorProgram {
        ValidatorProgram {
            relative: path
                .strip_prefix(dir)
                .unwrap_or(&path)
                .to_string_lossy()
                .into_owned(),
            path,
        }
    }
}

/// The custom output validator, when there is one: `output_validators/<name>` (legacy, with
/// `validation: custom`) or `output_validator/` (the new formats).
pub fn validator(
    dir: &Path,
    yaml: &YamlMap,
    format: FormatVersion,
    interactive: bool,
    warnings: &mut Vec<String>,
) -> Result<Option<ValidatorProgram>> {
    let legacy_dir = dir.join("output_validators");
    let new_dir = dir.join("output_validator");
    let program = match format {
        FormatVersion::Legacy => {
            let custom = yaml.words("validation")?.unwrap_or_default();
            let custom = custom.first().is_some_and(|w| w == "custom");
            let mut found = single_program(&legacy_dir)?;
            if found.is_none() && new_dir.is_dir() {
                // DOMjudge's importer takes the new formats' singular folder in any package.
                warnings.push("output_validator/ in a legacy package: read as DOMjudge reads it (the legacy folder is output_validators/<name>/)".into());
                found = Some(new_dir.clone());
            }
            if !custom {
                if found.is_some() {
                    warnings.push("output_validators/ is ignored: problem.yaml says `validation: default`".into());
                }
                return Ok(None);
            }
            found.with_context(|| {
                format!(
                    "{}: key `validation` says custom, but {} holds no validator",
                    yaml.path.display(),
                    legacy_dir.display()
                )
            })?
        }
        _ if new_dir.is_dir() => new_dir,
        _ if new_dir.is_file() => bail!("{}: must be a folder", new_dir.display()),
        _ => match single_program(&legacy_dir)? {
            Some(found) => {
                warnings.push("output_validators/ is the legacy folder; the new formats use output_validator/".into());
                found
            }
            None if interactive => bail!(
                "{}: key `type` says interactive, but there is no output_validator/ (the interactor)",
                yaml.path.display()
            ),
            None => return Ok(None),
        },
    };
    Ok(Some(ValidatorProgram::in_package(dir, program)))
}

/// The custom grader (legacy `graders/`), when the scoring has a group under `grading: custom`; one
/// program, read as `output_validators/` is.
pub fn grader(dir: &Path, needed: bool) -> Result<Option<ValidatorProgram>> {
    let folder = dir.join("graders");
    if !needed {
        return Ok(None);
    }
    let program = single_program(&folder)?.with_context(|| {
        format!(
            "a test group says `grading: custom`, but {} holds no grader",
            folder.display()
        )
    })?;
    Ok(Some(ValidatorProgram::in_package(dir, program)))
}

/// The one program in a folder of programs (legacy `output_validators/`): each subfolder is a program, and
/// the files beside them are one more when they hold sources: all of them together, headers and sources
/// (`checker.cpp` with `testlib.h`, `validate.cpp` with `common.h`), built as one program as problemtools
/// and DOMjudge build them. Sources in two languages are two programs; more than one is an error.
fn single_program(folder: &Path) -> Result<Option<PathBuf>> {
    if !folder.is_dir() {
        return Ok(None);
    }
    let mut entries = crate::package::text::entries(folder)?;
    entries.retain(|p| !p.file_name().unwrap_or_default().to_string_lossy().starts_with("README"));
    let (mut programs, files): (Vec<PathBuf>, Vec<PathBuf>) =
        entries.into_iter().partition(|p| p.is_dir());
    let table = LanguageTable::builtin();
    let mut languages: Vec<&str> = files
        .iter()
        .filter_map(|f| table.language_of(f))
        .map(|l| l.id.as_str())
        .collect();
    languages.sort_unstable();
    languages.dedup();
    let loose = match files.as_slice() {
        [] => None,
        // One file: the program, or the file the table names as of no known language.
        [only] if programs.is_empty() || !languages.is_empty() => Some(only.clone()),
        _ if languages.is_empty() && !programs.is_empty() => None,
        _ => Some(folder.to_path_buf()),
    };
    let count = programs.len() + languages.len().max(usize::from(loose.is_some()));
    match count {
        0 | 1 => Ok(programs.pop().or(loose)),
        _ => bail!(
            "{}: holds {count} programs ({}); this judge runs one output validator",
            folder.display(),
            programs
                .iter()
                .map(|p| format!("{}/", p.file_name().unwrap_or_default().to_string_lossy()))
                .chain(languages.iter().map(|l| format!("{l} files")))
                .collect::<Vec<_>>()
                .join(", ")
        ),
    }
}

fn program_kind(path: &Path) -> ProgramKind {
    if path.join("build").is_file() || path.join("run").is_file() {
        ProgramKind::BuildRun
    } else if path.join("__main__.py").is_file() {
        ProgramKind::PythonPackage
    } else {
        ProgramKind::Table
    }
}

/// Copies the folder and runs `build` in the copy; `run` must exist afterwards.
const BUILD_RUN: &str = r#"set -e
rm -rf "$2"
mkdir -p "$2"
cp -R "$1/." "$2"
cd "$2"
if [ -f build ]; then
    chmod +x build
    ./build
fi
if [ ! -f run ]; then
    echo "no run script after build" >&2
    exit 1
fi
chmod +x run
"#;

/// Copies the folder; Python checks the syntax of every file.
const PYTHON_PACKAGE: &str = r#"set -e
rm -rf "$2"
mkdir -p "$2"
cp -R "$1/." "$2"
cd "$2"
python3 -c 'import sys, pathlib; [compile(p.read_bytes(), str(p), "exec") for p in pathlib.Path(".").rglob("*.py")]'
"#;

/// The language row that builds and runs the program at `path` (a folder with `build`/`run` scripts or
/// a `__main__.py`), and the file to hand the compiler; `None` for a program the language table builds.
pub fn script_language(path: &Path, cache_dir: &Path) -> Result<Option<(Language, PathBuf)>> {
    let kind = program_kind(path);
    let (script, name) = match kind {
        ProgramKind::Table => return Ok(None),
        ProgramKind::BuildRun => (BUILD_RUN, "build/run scripts"),
        ProgramKind::PythonPackage => (PYTHON_PACKAGE, "Python 3 module"),
    };
    let hash = folder_hash(path)?;
    let home = std::path::absolute(cache_dir.join("kattis").join(&hash))
        .with_context(|| format!("cannot resolve {}", cache_dir.display()))?;
    fs::create_dir_all(&home).with_context(|| format!("cannot create {}", home.display()))?;
    let extension = format!("kattis-{hash}");
    let marker = home.join(format!("validator.{extension}"));
    let source =
        std::path::absolute(path).with_context(|| format!("cannot resolve {}", path.display()))?;
    fs::write(&marker, format!("{}\n{hash}\n", source.display()))
        .with_context(|| format!("cannot write {}", marker.display()))?;
    // The copy is made in the build folder, the one folder its compiler may write and its runs see.
    let copy = "{path}/program".to_string();
    let text = |p: &Path| p.to_string_lossy().into_owned();
    let run = match kind {
        ProgramKind::PythonPackage => vec!["python3".to_string(), copy.clone()],
        _ => vec![format!("{copy}/run")],
    };
    let language = Language {
        id: extension.clone(),
        name: name.to_string(),
        priority: 0,
        extensions: vec![extension],
        shebang: None,
        main_marker: None,
        compile: ["sh", "-c", script, "sh"]
            .iter()
            .map(|s| s.to_string())
            .chain([text(&source), copy])
            .collect(),
        run,
        version: ["sh", "-c", "echo kattis-program-1"]
            .map(String::from)
            .to_vec(),
        unlimited_address_space: false,
        compiler_env: None,
        fallback: None,
    };
    Ok(Some((language, marker)))
}

/// The hash of every file of a folder: names, contents and whether each is executable.
fn folder_hash(dir: &Path) -> Result<String> {
    let mut hasher = Sha256::new();
    for entry in walkdir::WalkDir::new(dir).sort_by_file_name() {
        let entry = entry.with_context(|| format!("cannot list {}", dir.display()))?;
        if !entry.file_type().is_file() {
            continue;
        }
        let path = entry.path();
        let name = path.strip_prefix(dir).unwrap_or(path);
        let content = fs::read(path).with_context(|| format!("cannot read {}", path.display()))?;
        let mode = entry
            .metadata()
            .map(|m| m.permissions().mode() & 0o111)
            .unwrap_or(0);
        hasher.update(name.to_string_lossy().as_bytes());
        hasher.update([0, u8::from(mode != 0)]);
        hasher.update((content.len() as u64).to_le_bytes());
        hasher.update(&content);
    }
    Ok(hasher
        .finalize()
        .iter()
        .take(12)
        .map(|b| format!("{b:02x}"))
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn folder(name: &str, files: &[&str]) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("harness-validators-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        for file in files {
            let path = dir.join(file);
            fs::create_dir_all(path.parent().unwrap()).unwrap();
            fs::write(path, "").unwrap();
        }
        dir
    }

    #[test]
    fn a_folder_of_validators_holds_one_program() {
        let cases: &[(&str, &[&str], Option<&str>)] = &[
            ("one-file", &["check.cpp"], Some("check.cpp")),
            (
                "header",
                &["checker.cpp", "testlib.h", "README.md"],
                Some(""),
            ),
            ("c-sources", &["main.c", "util.c", "util.h"], Some("")),
            ("subfolder", &["pair/pair.cpp", "notes.txt"], Some("pair")),
            ("empty", &[], None),
        ];
        for (name, files, want) in cases {
            let dir = folder(name, files);
            let found = single_program(&dir).unwrap();
            assert_eq!(found, want.map(|w| dir.join(w)), "{name}");
        }
        for (name, files) in [
            ("two-languages", &["check.cpp", "check.py"][..]),
            ("two-folders", &["a/a.cpp", "b/b.cpp"]),
            ("folder-and-file", &["a/a.cpp", "b.cpp"]),
        ] {
            let error = single_program(&folder(name, files))
                .unwrap_err()
                .to_string();
            assert!(error.contains("holds 2 programs"), "{name}: {error}");
        }
    }
}
