//! The workspace: its folders (problems/, solutions/, testdata/, the cache) found from a root directory.

use std::path::{Path, PathBuf};

use anyhow::{bail, Context, Result};

/// The project's folders, found from a root directory.
#[derive(Debug, Clone)]
pub struct Workspace {
    pub root: PathBuf,
}

impl Workspace {
    /// The workspace that holds `start`: the nearest ancestor with a `problems/` folder.
    pub fn find(start: &Path) -> Result<Workspace> {
        let start = start
            .canonicalize()
            .with_context(|| format!("cannot resolve {}", start.display()))?;
        for dir in start.ancestors() {
            if dir.join("problems").is_dir() {
                return Ok(Workspace {
                    root: dir.to_path_buf(),
                });
            }
        }
        bail!(
            "no workspace found at or above {}: expected a folder with problems/ (use --root DIR)",
            start.display()
        )
    }

    pub fn problem_dir(&self, id: &str) -> PathBuf {
        self.root.join("problems").join(id)
    }
    pub fn solution_file(&self, id: &str) -> PathBuf {
        self.root
            .join("solutions")
            .join(id)
            .join("src")
            .join("main.rs")
    }
    pub fn testdata_dir(&self, id: &str) -> PathBuf {
        self.root.join("testdata").join(id)
    }
    /// Where the answers are: `testdata/`, and the `data/` folders of `problems/` (the packages').
    pub fn answer_folders(&self) -> Vec<PathBuf> {
        let ids = self.problem_ids().unwrap_or_default();
        let data = ids.iter().map(|id| self.problem_dir(id).join("data"));
        let packages = data.filter(|data| data.is_dir());
        std::iter::once(self.root.join("testdata"))
            .chain(packages)
            .collect()
    }
    /// Where compiled binaries and scratch files live: `$HARNESS_CACHE_DIR`, else `target/harness`.
    pub fn cache_dir(&self) -> PathBuf {
        cache_dir_from_env().unwrap_or_else(|| self.root.join("target").join("harness"))
    }

    /// What names this workspace wherever it is checked out: a digest of its problem ids.
    pub fn identity(&self) -> String {
        use sha2::{Digest, Sha256};
        let ids = self.problem_ids().unwrap_or_default().join("\n");
        let digest = Sha256::digest(ids.as_bytes());
        digest[..8].iter().map(|b| format!("{b:02x}")).collect()
    }

    /// Every problem id: the folders of `problems/` (but hidden ones), sorted. A folder without a
    /// `problem.toml` is listed too, so that grading reports it instead of skipping it in silence.
    pub fn problem_ids(&self) -> Result<Vec<String>> {
        let dir = self.root.join("problems");
        let mut ids = Vec::new();
        for entry in walkdir::WalkDir::new(&dir)
            .min_depth(1)
            .max_depth(1)
            .sort_by_file_name()
        {
            let entry = entry.with_context(|| format!("cannot list {}", dir.display()))?;
            let name = entry.file_name().to_string_lossy();
            if entry.file_type().is_dir() && !name.starts_with('.') {
                ids.push(name.into_owned());
            }
        }
        Ok(ids)
    }

    /// The language table: the built-in one with `languages.toml` applied.
    pub fn languages(&self) -> Result<crate::lang::LanguageTable> {
        crate::lang::LanguageTable::for_workspace(&self.root)
    }

    /// A path as reports name it: relative to the workspace root when inside it.
    pub fn relative(&self, path: &Path) -> String {
        path.strip_prefix(&self.root)
            .unwrap_or(path)
            .to_string_lossy()
            .into_owned()
    }
}

/// `$HARNESS_CACHE_DIR` when set, made absolute: programs run from the cache in another working folder.
pub fn cache_dir_from_env() -> Option<PathBuf> {
    let dir = std::env::var_os("HARNESS_CACHE_DIR").filter(|dir| !dir.is_empty())?;
    Some(std::path::absolute(&dir).unwrap_or_else(|_| PathBuf::from(dir)))
}
