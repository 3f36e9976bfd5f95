//! The compiler's version, part of every cache key. Asking `rustc -V` through rustup takes tens of
//! milliseconds, a good part of a warm run, so a run may start with the version the last run recorded and
//! confirm it in the background (`Compiler::speculative`).

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

use anyhow::Result;

use super::table::Language;

/// Where the last run's version is kept, in the binary cache.
pub const VERSION_FILE: &str = "rustc-version";

/// The real version, still being asked, behind a speculative compiler.
#[derive(Debug)]
pub struct PendingVersion {
    pub(super) guess: String,
    pub(super) check: std::thread::JoinHandle<std::result::Result<String, String>>,
    pub(super) cache_dir: PathBuf,
}

impl PendingVersion {
    /// Whether the recorded version was the real one; records the real one either way. When it was not,
    /// everything done with the speculative compiler must be done again.
    pub fn confirm(self) -> Result<bool> {
        let actual = self
            .check
            .join()
            .map_err(|_| anyhow::anyhow!("the compiler version check panicked"))?;
        let actual = actual.map_err(anyhow::Error::msg)?;
        if actual == self.guess {
            return Ok(true);
        }
        record_version(&self.cache_dir, &actual);
        Ok(false)
    }
}

/// The version the last run recorded in the cache, if any.
pub fn recorded_version(cache_dir: &Path) -> Option<String> {
    let recorded = fs::read_to_string(cache_dir.join(VERSION_FILE)).ok()?;
    Some(recorded.trim().to_string()).filter(|v| !v.is_empty())
}

pub fn record_version(cache_dir: &Path, version: &str) {
    let file = cache_dir.join(VERSION_FILE);
    if fs::read_to_string(&file).is_ok_and(|recorded| recorded.trim() == version) {
        return;
    }
    let scratch = cache_dir.join(format!("{VERSION_FILE}.tmp-{}", std::process::id()));
    if fs::write(&scratch, version).is_ok() {
        let _ = fs::rename(&scratch, &file);
    }
}

/// The compiler's version (`rustc -V`), asked once per process.
pub fn compiler_version(language: &'static Language) -> std::result::Result<String, String> {
    static VERSION: OnceLock<std::result::Result<String, String>> = OnceLock::new();
    VERSION
        .get_or_init(|| {
            let compiler = language.compiler_command();
            let output = Command::new(&compiler).args(language.version_args).output().map_err(|e| {
                format!(
                    "cannot run `{compiler}` ({e}): no {} compiler on PATH; {} or set {} to the compiler's path",
                    language.name, language.install_hint, language.compiler_env
                )
            })?;
            if !output.status.success() {
                return Err(format!(
                    "`{compiler} {}` failed: {}",
                    language.version_args.join(" "),
                    String::from_utf8_lossy(&output.stderr)
                ));
            }
            Ok(String::from_utf8_lossy(&output.stdout).trim().to_string())
        })
        .clone()
}
