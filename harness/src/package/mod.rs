//! Loading problems from disk: the workspace's folders, and the formats a problem folder may be in, each
//! a folder here that detects its folders and reads them into one format-neutral `ProblemSource`
//! (`source`): our own layout (`native`: `problem.toml`, `tests.toml`, `testdata/`) and Kattis problem
//! packages (`kattis`: `problem.yaml`), Codeforces Polygon packages (`polygon`: `problem.xml`), CMS
//! tasks in the italian_yaml layout (`cms`: `task.yaml`), TPS tasks (`tps`: `problem.json`). A format
//! is registered by one line in `formats!` below.

pub mod archive;
pub mod changes;
pub mod generated;
pub mod links;
pub mod source;
pub mod text;
pub mod workspace;

use std::path::Path;

use anyhow::{bail, Context, Result};

pub use kattis::program::script_language;
pub use native::tests_toml::{load_test_specs, AnswerSource, InputSource, TestSpec, Validation};
pub use source::{InputValidation, ProblemSource, Timing};
pub use text::{read_text, readable_file};
pub use workspace::Workspace;

use crate::model::Problem;

/// A way of laying out a problem on disk.
pub trait Format: Sync {
    /// What a problem in it is, naming its marker file: "a problem package (problem.yaml)".
    fn describe(&self) -> &'static str;
    /// Whether `dir` is a problem in this format: its marker file is there.
    fn detects(&self, dir: &Path) -> bool;
    /// Reads the problem in `dir`, its submissions only when `submissions` (a format may read them
    /// anyway). Errors name the file and the key.
    fn load(&self, dir: &Path, submissions: bool) -> Result<ProblemSource>;
    /// The problem alone, for `harness list` when the rest cannot be read.
    fn problem(&self, dir: &Path) -> Result<Problem> {
        Ok(self.load(dir, false)?.problem)
    }
    /// Its input validators and the inputs they must judge (`harness validate`); `None` when the format
    /// has none. A problem without its validator yet names it all the same: validating says it is missing.
    fn input_validation(&self, _dir: &Path) -> Result<Option<InputValidation>> {
        Ok(None)
    }
    /// Whether the problem in `dir` generates its data (`generate` has something to make).
    fn generates(&self, _dir: &Path) -> bool {
        false
    }
    /// Makes the data it generates (BAPCtools' `generators.yaml`) before it is read, and returns the
    /// folder its loader reads as its data; `None` when it generates nothing.
    fn generate(
        &self,
        _dir: &Path,
        _maker: &generated::Maker,
    ) -> Result<Option<std::path::PathBuf>> {
        Ok(None)
    }
    /// Its committed data compared with what its generators make (`harness gen --check`); `None` when
    /// it has no generators.
    fn compare_generated(
        &self,
        _dir: &Path,
        _maker: &generated::Maker,
    ) -> Result<Option<generated::Comparison>> {
        Ok(None)
    }
    /// The problem folders of a contest folder in this format (Polygon's `contest.xml`), in the
    /// contest's order; `None` when `dir` is not one.
    fn contest(&self, _dir: &Path) -> Result<Option<Vec<std::path::PathBuf>>> {
        Ok(None)
    }

    /// The problem's scoring under `rules` (`verify --scoring-rules`): the format's own reading of its
    /// groups for other rules than the specification's; an error where the format has no such reading.
    fn scoring_rules(
        &self,
        dir: &Path,
        scoring: &crate::model::Scoring,
        rules: crate::model::ScoringRules,
    ) -> Result<crate::model::Scoring> {
        match rules {
            crate::model::ScoringRules::Specification => Ok(scoring.clone()),
            crate::model::ScoringRules::DomJudge => bail!(
                "{}: DOMjudge's scoring rules apply to problem packages (problem.yaml), not to {}",
                dir.display(),
                self.describe()
            ),
        }
    }

    /// The files compiled with every submission in the language `language` (an id of the table) of the
    /// problem in `dir`: a CMS task's grader, which has `main`, and the headers beside it. The sources of
    /// that language are compiled; the others are only there to be read.
    fn compiled_with(&self, _dir: &Path, _language: &str) -> Vec<std::path::PathBuf> {
        Vec::new()
    }
    /// Whether it keeps the files of our setter tools (`tests.toml` and its generators, `brute.rs`, one
    /// file solutions): `gen`, `stress`, `submit-check` and `export` need them.
    fn has_setter_files(&self) -> bool {
        false
    }
}

/// Declares the format modules and `FORMATS` from one list.
macro_rules! formats {
    ($($module:ident::$format:ident),* $(,)?) => {
        $(pub mod $module;)*
        /// Every format, in the order they are tried on a folder: the first that detects it reads it.
        pub static FORMATS: &[&dyn Format] = &[$(&$module::$format),*];
    };
}

// Ours first: it wins in a folder that has both marker files, and it reads a folder no format detects
// (saying what is missing).
formats! {
    native::Native,
    kattis::Kattis,
    polygon::Polygon,
    cms::Cms,
    tps::Tps,
}

/// The format of the problem in `dir`: the first that detects it, else ours.
pub fn format_of(dir: &Path) -> &'static dyn Format {
    let detected = FORMATS.iter().find(|format| format.detects(dir));
    *detected.unwrap_or(&FORMATS[0])
}

/// The problem folders that paths given on the command line name: a `.zip` is unpacked into `cache`
/// (`archive`), a contest folder stands for its problems; any other path is itself.
pub fn expand(paths: &[std::path::PathBuf], cache: &Path) -> Result<Vec<std::path::PathBuf>> {
    let mut dirs = Vec::new();
    for path in paths {
        let dir = match archive::is_zip(path) {
            true => archive::unpacked(path, cache)?,
            false => path.clone(),
        };
        let mut members = None;
        for format in FORMATS {
            if let Some(found) = format.contest(&dir)? {
                members = Some(found);
                break;
            }
        }
        match members {
            Some(members) => dirs.extend(members),
            None => dirs.push(dir),
        }
    }
    Ok(dirs)
}

/// Reads the problem in `dir` with its format. In a workspace, its submissions are named from the
/// workspace's root, as every other path of a report; elsewhere from the problem's folder.
pub fn load(dir: &Path, workspace: Option<&Workspace>, submissions: bool) -> Result<ProblemSource> {
    if !dir.is_dir() {
        bail!("{}: no such problem folder", dir.display());
    }
    let dir =
        &std::path::absolute(dir).with_context(|| format!("cannot resolve {}", dir.display()))?;
    let mut source = format_of(dir).load(dir, submissions)?;
    if let Some(workspace) = workspace {
        let prefix = workspace.relative(dir);
        for (submission, _) in &mut source.submissions {
            submission.relative = workspace.relative(&submission.path);
        }
        for unplanned in &mut source.unplanned {
            unplanned.relative = format!("{prefix}/{}", unplanned.relative);
        }
    }
    Ok(source)
}
