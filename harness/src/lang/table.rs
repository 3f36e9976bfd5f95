//! The language table: how each language is compiled and run, as data (`languages.toml` beside this file,
//! overridden or extended by a `languages.toml` at the workspace root), and how a program's language is
//! told from its files (as problemtools does: the language with the most matching files, ties broken by
//! priority; a `#!...python2` line makes a `.py` file Python 2).

use std::fs;
use std::path::{Path, PathBuf};

use anyhow::{bail, Context, Result};
use serde::Deserialize;

const BUILTIN: &str = include_str!("languages.toml");

/// A hidden file in a program's folder naming its main file (relative to the folder), as a package's
/// changed copy of a submission says its entry point (`package::kattis::prepared`).
pub const ENTRYPOINT_FILE: &str = ".entrypoint";

/// One language.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Language {
    /// Short lowercase id: `cpp`, `rust`, `python3`.
    pub id: String,
    pub name: String,
    /// Breaks ties when a program's files match several languages; the highest wins.
    pub priority: i32,
    /// File extensions, without the dot (case-sensitive: `C` is C++, `c` is C).
    pub extensions: Vec<String>,
    /// When set, a file counts towards this language only if its first line is a `#!` line naming it.
    #[serde(default)]
    pub shebang: Option<String>,
    /// When set and the main file is not obvious, the main file is the first that contains this text.
    #[serde(default)]
    pub main_marker: Option<String>,
    /// The compile (or syntax-check) command; empty for none.
    #[serde(default)]
    pub compile: Vec<String>,
    pub run: Vec<String>,
    /// Prints the toolchain's version; its output is part of every cache key.
    pub version: Vec<String>,
    /// The runtime reserves far more address space than it uses (JVM, V8): no address-space cap.
    #[serde(default)]
    pub unlimited_address_space: bool,
    /// An environment variable that, when set, names the compiler to use instead (`RUSTC`).
    #[serde(default)]
    pub compiler_env: Option<String>,
    /// The language (by id) that runs this one's programs when its toolchain is missing: Python 3 runs
    /// under PyPy where it is installed, else under CPython.
    #[serde(default)]
    pub fallback: Option<String>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct LanguagesToml {
    #[serde(default)]
    language: Vec<Language>,
}

/// Every language the judge knows.
#[derive(Debug, Clone)]
pub struct LanguageTable {
    pub languages: Vec<Language>,
}

impl LanguageTable {
    /// The built-in table.
    pub fn builtin() -> LanguageTable {
        let parsed: LanguagesToml =
            toml::from_str(BUILTIN).expect("the built-in language table is valid");
        LanguageTable {
            languages: parsed.language,
        }
    }

    /// The built-in table with `<root>/languages.toml` applied: a language with a known id replaces it,
    /// a new id is added.
    pub fn for_workspace(root: &Path) -> Result<LanguageTable> {
        let mut table = LanguageTable::builtin();
        let path = root.join("languages.toml");
        if !path.exists() {
            return Ok(table);
        }
        let text =
            fs::read_to_string(&path).with_context(|| format!("cannot read {}", path.display()))?;
        let parsed: LanguagesToml = toml::from_str(&text).map_err(|e| {
            anyhow::anyhow!(
                "{}: {}; fix it (same schema as the built-in table, see docs/contestant.md, \"Languages\")",
                path.display(),
                e.message().trim_end()
            )
        })?;
        for language in parsed.language {
            if language.run.is_empty() || language.version.is_empty() {
                bail!(
                    "{}: language `{}` needs a `run` and a `version` command",
                    path.display(),
                    language.id
                );
            }
            match table.languages.iter_mut().find(|l| l.id == language.id) {
                Some(known) => *known = language,
                None => table.languages.push(language),
            }
        }
        Ok(table)
    }

    pub fn by_id(&self, id: &str) -> Option<&Language> {
        self.languages.iter().find(|l| l.id == id)
    }

    /// The program at `path` (a file, or a folder of files in one language), with its language and main
    /// file; an error that names the path when no language matches.
    pub fn program(&self, path: &Path) -> Result<Program> {
        let path = &std::path::absolute(path)
            .with_context(|| format!("cannot resolve {}", path.display()))?;
        let files = source_files(path)?;
        let Some(language) = self.detect(&files) else {
            let mut known: Vec<String> = Vec::new();
            for extension in self.languages.iter().flat_map(|l| &l.extensions) {
                let dotted = format!(".{extension}");
                if !known.contains(&dotted) {
                    known.push(dotted);
                }
            }
            bail!(
                "no known language (extensions: {}); rename it or add the language to languages.toml",
                known.join(" ")
            );
        };
        let (files, others): (Vec<PathBuf>, Vec<PathBuf>) = files
            .into_iter()
            .partition(|f| has_extension(f, &language.extensions));
        let named = fs::read_to_string(path.join(ENTRYPOINT_FILE))
            .ok()
            .map(|name| path.join(name.trim()))
            .filter(|main| files.contains(main));
        let main = named.unwrap_or_else(|| main_file(&files, language));
        Ok(Program {
            language: language.clone(),
            files,
            others,
            main,
        })
    }

    /// The language of one source file; `None` for a file of no language (a header, a text).
    pub fn language_of(&self, file: &Path) -> Option<&Language> {
        self.detect(&[file.to_path_buf()])
    }

    /// The language with the most files counting for it; ties go to the higher priority.
    fn detect(&self, files: &[PathBuf]) -> Option<&Language> {
        self.languages
            .iter()
            .map(|language| {
                let evidence = files.iter().filter(|f| counts_for(f, language)).count();
                (evidence, language.priority, language)
            })
            .filter(|(evidence, _, _)| *evidence > 0)
            .max_by_key(|(evidence, priority, _)| (*evidence, *priority))
            .map(|(_, _, language)| language)
    }
}

/// A program ready to compile: its language, its source files (sorted) and its main file.
#[derive(Debug, Clone)]
pub struct Program {
    pub language: Language,
    pub files: Vec<PathBuf>,
    /// The other files of a folder program (headers, resources): not compiled, but part of its cache key,
    /// since a compiler may read them without saying so.
    pub others: Vec<PathBuf>,
    pub main: PathBuf,
}

/// The memory a language's runtime takes before running any code of a program (an interpreter's own
/// footprint), in MiB, by language id: the peak resident memory of `pypy3 -c pass` (PyPy 7.3, Debian:
/// 49-50 MiB) and `python3 -c pass` (CPython 3.11-3.12: 10-13 MiB). A memory limit close to it is named in
/// an MLE verdict.
pub fn footprint_mib(language_id: &str) -> Option<u64> {
    match language_id {
        "python3" => Some(49),
        "python3-cpython" | "python2" => Some(10),
        _ => None,
    }
}

/// The file itself, or every file under the folder (sorted), hidden ones aside.
fn source_files(path: &Path) -> Result<Vec<PathBuf>> {
    let metadata = fs::metadata(path).with_context(|| format!("cannot read {}", path.display()))?;
    if !metadata.is_dir() {
        return Ok(vec![path.to_path_buf()]);
    }
    let mut files = Vec::new();
    for entry in walkdir::WalkDir::new(path).sort_by_file_name() {
        let entry = entry.with_context(|| format!("cannot list {}", path.display()))?;
        let hidden = entry.file_name().to_string_lossy().starts_with('.');
        if entry.file_type().is_file() && !hidden {
            files.push(entry.into_path());
        }
    }
    Ok(files)
}

fn has_extension(file: &Path, extensions: &[String]) -> bool {
    file.extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| extensions.iter().any(|x| x == e))
}

fn counts_for(file: &Path, language: &Language) -> bool {
    if !has_extension(file, &language.extensions) {
        return false;
    }
    let Some(word) = &language.shebang else {
        return true;
    };
    let first_line = fs::read(file).ok().and_then(|bytes| {
        let line = bytes.split(|&b| b == b'\n').next()?.to_vec();
        String::from_utf8(line).ok()
    });
    first_line.is_some_and(|line| line.starts_with("#!") && line.contains(word.as_str()))
}

/// The only file; else `main.*`; else the first containing the language's main marker; else the first.
fn main_file(files: &[PathBuf], language: &Language) -> PathBuf {
    if let [only] = files {
        return only.clone();
    }
    let stem_is_main = |f: &&PathBuf| {
        f.file_stem()
            .is_some_and(|s| s.to_string_lossy().eq_ignore_ascii_case("main"))
    };
    if let Some(main) = files.iter().find(stem_is_main) {
        return main.clone();
    }
    if let Some(marker) = &language.main_marker {
        let has_marker =
            |f: &&PathBuf| fs::read_to_string(f).is_ok_and(|text| text.contains(marker.as_str()));
        if let Some(main) = files.iter().find(has_marker) {
            return main.clone();
        }
    }
    files[0].clone()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn folder(name: &str, files: &[(&str, &str)]) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("harness-lang-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        for (file, text) in files {
            fs::write(dir.join(file), text).unwrap();
        }
        dir
    }

    #[test]
    fn the_builtin_table_has_every_default_language() {
        let table = LanguageTable::builtin();
        let ids: Vec<&str> = table.languages.iter().map(|l| l.id.as_str()).collect();
        for id in [
            "c",
            "cpp",
            "rust",
            "python2",
            "python3",
            "java",
            "javascript",
            "bash",
        ] {
            assert!(ids.contains(&id), "{id} missing from {ids:?}");
        }
        assert!(table.by_id("java").unwrap().unlimited_address_space);
    }

    #[test]
    fn languages_are_told_from_the_files() {
        let table = LanguageTable::builtin();
        type Files<'a> = &'a [(&'a str, &'a str)];
        let cases: &[(&str, Files, &str, &str)] = &[
            ("cpp", &[("a.cc", ""), ("b.h", "")], "cpp", "a.cc"),
            ("upper-c", &[("x.C", "")], "cpp", "x.C"),
            ("c", &[("main.c", ""), ("util.c", "")], "c", "main.c"),
            ("py3", &[("sol.py", "print(1)\n")], "python3", "sol.py"),
            ("bash", &[("sol.sh", "echo 1\n")], "bash", "sol.sh"),
            // A folder's shell helper does not make it a Bash program.
            (
                "py-with-sh",
                &[("sol.py", ""), ("helper.sh", "")],
                "python3",
                "sol.py",
            ),
            (
                "py2",
                &[("sol.py", "#!/usr/bin/env python2\n")],
                "python2",
                "sol.py",
            ),
            (
                "java",
                &[
                    ("A.java", "class A {}"),
                    (
                        "B.java",
                        "class B { public static void main(String[] a) {} }",
                    ),
                ],
                "java",
                "B.java",
            ),
        ];
        for (name, files, id, main) in cases {
            let program = table.program(&folder(name, files)).unwrap();
            assert_eq!(program.language.id, *id, "{name}");
            assert_eq!(program.main.file_name().unwrap(), *main, "{name}");
        }
        assert!(table.program(&folder("none", &[("x.txt", "")])).is_err());
    }
}
