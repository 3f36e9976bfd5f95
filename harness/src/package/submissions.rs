//! The submissions of a problem besides its solution: `problems/<id>/submissions/<folder>/<entry>`, each
//! entry a file or a folder of files in one language, the folder naming the verdict it must get (the
//! Kattis folders `accepted`, `wrong_answer`, `time_limit_exceeded`, `run_time_error`, `rejected`, and
//! our `presentation_error`, `memory_limit_exceeded`). Entries ending in `.disabled` are ignored.

use std::fs;
use std::path::{Path, PathBuf};

use anyhow::{bail, Context, Result};

use super::workspace::Workspace;
use crate::model::{Expected, Problem, Submission};

impl Workspace {
    /// The submissions of a problem, by folder then name. A `same_as` problem has none of its own: they
    /// are graded once, under the original problem.
    pub fn submissions(&self, problem: &Problem) -> Result<Vec<Submission>> {
        if problem.data_id != problem.id {
            return Ok(Vec::new());
        }
        let root = problem.dir.join("submissions");
        let mut found = Vec::new();
        for folder in entries(&root)? {
            if !folder.is_dir() {
                continue; // a README beside the folders
            }
            let name = folder.file_name().unwrap_or_default().to_string_lossy();
            let partial = (name == crate::model::PARTIALLY_ACCEPTED).then(|| {
                Expected::Verdicts(crate::model::VerdictRule {
                    folder: crate::model::VerdictRule::folder_name(&name),
                    permitted: crate::model::VerdictSet::of(&crate::model::Verdict::ALL),
                    required: crate::model::VerdictSet::of(&crate::model::Verdict::ALL),
                })
            });
            if partial.is_some() && problem.groups.is_empty() {
                bail!(
                    "{}: partially_accepted/ is for problems scored by test groups; declare [[group]]s in {} or move the submissions",
                    folder.display(),
                    problem.dir.join("problem.toml").display()
                );
            }
            let Some(expected) = partial.or_else(|| Expected::from_folder(&name)) else {
                bail!(
                    "{}: unknown submissions folder `{name}`; use one of {}",
                    folder.display(),
                    crate::model::Expected::ALL
                        .iter()
                        .map(|e| e.folder())
                        .collect::<Vec<_>>()
                        .join(", ")
                );
            };
            for path in entries(&folder)? {
                let file_name = path.file_name().unwrap_or_default().to_string_lossy();
                if file_name.ends_with(".disabled") || file_name.starts_with('.') {
                    continue;
                }
                found.push(Submission {
                    problem: problem.id.clone(),
                    relative: self.relative(&path),
                    why: leading_comment(&path),
                    path,
                    expected,
                    given: false,
                });
            }
        }
        Ok(found)
    }
}

/// The entries of a folder, sorted; none when it does not exist.
fn entries(dir: &Path) -> Result<Vec<PathBuf>> {
    if !dir.is_dir() {
        return Ok(Vec::new());
    }
    let mut paths = Vec::new();
    for entry in fs::read_dir(dir).with_context(|| format!("cannot list {}", dir.display()))? {
        paths.push(
            entry
                .with_context(|| format!("cannot list {}", dir.display()))?
                .path(),
        );
    }
    paths.sort();
    Ok(paths)
}

/// The first line of a file's leading comment (`//!`, `//`, or `#` but not a `#!` line).
pub fn leading_comment(path: &Path) -> Option<String> {
    let text = fs::read_to_string(path).ok()?;
    text.lines()
        .map(str::trim)
        .take_while(|line| line.starts_with("//") || line.starts_with('#'))
        .filter(|line| !line.starts_with("#!") && !line.starts_with("#include"))
        .map(|line| line.trim_start_matches(['/', '!', '#']).trim())
        .find(|line| !line.is_empty())
        .map(|line| line.chars().take(200).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_leading_comment_says_what_a_submission_is() {
        let dir = std::env::temp_dir().join(format!("harness-why-{}", std::process::id()));
        fs::create_dir_all(&dir).unwrap();
        let cases = [
            (
                "a.rs",
                "//! Plain Nim on a misere game.\n//! More.\nfn main() {}\n",
                Some("Plain Nim on a misere game."),
            ),
            (
                "b.py",
                "#!/usr/bin/env python3\n# Reads lines.\nprint(1)\n",
                Some("Reads lines."),
            ),
            (
                "c.cpp",
                "// hdu1527: WRONG. Double.\n#include <cstdio>\n",
                Some("hdu1527: WRONG. Double."),
            ),
            ("d.rs", "fn main() {}\n// late\n", None),
        ];
        for (name, text, want) in cases {
            fs::write(dir.join(name), text).unwrap();
            assert_eq!(leading_comment(&dir.join(name)).as_deref(), want, "{name}");
        }
        let _ = fs::remove_dir_all(&dir);
    }
}
