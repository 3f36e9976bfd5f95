//! Scratch files of a run: one folder per judge process under the cache, one set of files per worker
//! thread, removed when the run ends.

use std::fs;
use std::path::{Path, PathBuf};

use anyhow::{Context, Result};

pub struct Scratch {
    dir: PathBuf,
}

impl Scratch {
    /// `<cache>/scratch/<pid>/`.
    pub fn new(cache_dir: &Path) -> Result<Scratch> {
        let dir = std::path::absolute(cache_dir)
            .with_context(|| format!("cannot resolve {}", cache_dir.display()))?
            .join("scratch")
            .join(std::process::id().to_string());
        fs::create_dir_all(&dir).with_context(|| format!("cannot create {}", dir.display()))?;
        Ok(Scratch { dir })
    }

    /// The stdout file of the current worker thread.
    pub fn stdout_file(&self) -> PathBuf {
        self.file("out")
    }

    /// A file of the current worker thread with this extension, reused by its next run.
    pub fn file(&self, extension: &str) -> PathBuf {
        let worker =
            rayon::current_thread_index().map_or_else(|| "main".to_string(), |i| i.to_string());
        self.dir.join(format!("{worker}.{extension}"))
    }

    /// A folder of the current worker thread, for files a checker writes.
    pub fn worker_dir(&self) -> Result<PathBuf> {
        let dir = self.file("dir");
        fs::create_dir_all(&dir).with_context(|| format!("cannot create {}", dir.display()))?;
        Ok(dir)
    }

    /// A file for a given name, e.g. one generated input among many.
    pub fn named(&self, name: &str) -> PathBuf {
        self.dir.join(name)
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = fs::remove_dir_all(&self.dir);
    }
}
