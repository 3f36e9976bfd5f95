//! Compiling single-file programs the way an online judge does (`rustc --edition 2021 -O`), with a binary
//! cache keyed by the source, the flags and `rustc -V`.

use std::ffi::OsString;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

use anyhow::{bail, Context, Result};
use sha2::{Digest, Sha256};

/// The flags every program is compiled with, as on the online judges.
pub const RUSTC_FLAGS: &[&str] = &["--edition", "2021", "-O"];

/// A compiled program, ready to run.
#[derive(Debug, Clone)]
pub struct Binary {
    pub path: PathBuf,
}

/// The result of compiling one file: a binary, or a compile error (CE) with the compiler's message.
#[derive(Debug, Clone)]
pub enum Compiled {
    Ok(Binary),
    Failed { message: String },
}

/// Compiles source files into `cache_dir`, reusing earlier results.
#[derive(Debug)]
pub struct Compiler {
    cache_dir: PathBuf,
    rustc_version: String,
}

impl Compiler {
    /// Finds `rustc` and prepares the cache; fails with a clear message when `rustc` is missing.
    pub fn new(cache_dir: &Path) -> Result<Compiler> {
        let rustc_version = rustc_version().map_err(anyhow::Error::msg)?;
        let compiler = Compiler::with_version(cache_dir, rustc_version)?;
        compiler.record_version();
        Ok(compiler)
    }

    /// A compiler keyed by the `rustc -V` that the last run recorded in the cache, while the real one runs
    /// in the background: `rustc -V` through rustup takes tens of milliseconds, a good part of a warm run.
    /// Call [`PendingVersion::confirm`] before trusting what was built or looked up; without a recorded
    /// version this is [`Compiler::new`].
    pub fn speculative(cache_dir: &Path) -> Result<(Compiler, Option<PendingVersion>)> {
        let recorded =
            fs::read_to_string(cache_dir.join("bin").join(VERSION_FILE)).unwrap_or_default();
        if recorded.trim().is_empty() {
            return Ok((Compiler::new(cache_dir)?, None));
        }
        let check = std::thread::spawn(rustc_version);
        let compiler = Compiler::with_version(cache_dir, recorded.trim().to_string())?;
        let pending = PendingVersion {
            guess: compiler.rustc_version.clone(),
            check,
            cache_dir: compiler.cache_dir.clone(),
        };
        Ok((compiler, Some(pending)))
    }

    fn with_version(cache_dir: &Path, rustc_version: String) -> Result<Compiler> {
        let cache_dir = cache_dir.join("bin");
        fs::create_dir_all(&cache_dir)
            .with_context(|| format!("cannot create {}", cache_dir.display()))?;
        Ok(Compiler {
            cache_dir,
            rustc_version,
        })
    }

    fn record_version(&self) {
        record_version(&self.cache_dir, &self.rustc_version);
    }

    /// Compiles `source` alone, or returns the cached result for the same source, flags and compiler.
    /// Only setup problems (unreadable file, rustc not runnable) are errors; a CE is a value.
    pub fn compile(&self, source: &Path) -> Result<Compiled> {
        let code = fs::read(source).with_context(|| format!("cannot read {}", source.display()))?;
        let key = self.cache_key(&code);
        let binary = self.cache_dir.join(&key);
        let failure = self.cache_dir.join(format!("{key}.ce"));
        if binary.is_file() {
            return Ok(Compiled::Ok(Binary { path: binary }));
        }
        if let Ok(message) = fs::read_to_string(&failure) {
            return Ok(Compiled::Failed { message });
        }
        // Build under a unique name, then rename: parallel compiles of the same file cannot collide.
        let unique = format!(
            "{key}.tmp-{}-{:?}",
            std::process::id(),
            std::thread::current().id()
        )
        .replace(
            |c: char| !c.is_ascii_alphanumeric() && c != '.' && c != '-',
            "",
        );
        // rustc also writes intermediate files named after the crate next to its output: give every
        // compile a folder of its own.
        let scratch_dir = self.cache_dir.join(unique);
        fs::create_dir_all(&scratch_dir)
            .with_context(|| format!("cannot create {}", scratch_dir.display()))?;
        let scratch = scratch_dir.join("main");
        let output = Command::new(rustc())
            .args(RUSTC_FLAGS)
            .args(remap_to_file_name(source))
            .arg("--crate-name")
            .arg("main")
            .arg("-o")
            .arg(&scratch)
            .arg(source)
            .output()
            .with_context(|| format!("cannot run `{}` to compile {}", rustc(), source.display()));
        let stored = match &output {
            Ok(output) if output.status.success() => Some(
                fs::rename(&scratch, &binary)
                    .with_context(|| format!("cannot store {}", binary.display())),
            ),
            _ => None,
        };
        let _ = fs::remove_dir_all(&scratch_dir);
        let output = output?;
        if let Some(stored) = stored {
            stored?;
            return Ok(Compiled::Ok(Binary { path: binary }));
        }
        let message = String::from_utf8_lossy(&output.stderr).into_owned();
        if message.trim().is_empty() {
            bail!(
                "`{}` failed on {} without a message ({})",
                rustc(),
                source.display(),
                output.status
            );
        }
        let message = message.replace(
            &*source.to_string_lossy(),
            &source.file_name().unwrap_or_default().to_string_lossy(),
        );
        let scratch_ce = self
            .cache_dir
            .join(format!("{key}.ce.tmp-{}", std::process::id()));
        if fs::write(&scratch_ce, &message).is_ok() {
            let _ = fs::rename(&scratch_ce, &failure);
        }
        Ok(Compiled::Failed { message })
    }

    fn cache_key(&self, code: &[u8]) -> String {
        let mut hasher = Sha256::new();
        hasher.update(self.rustc_version.as_bytes());
        hasher.update([0]);
        for flag in RUSTC_FLAGS.iter().chain([&REMAP_FLAG]) {
            hasher.update(flag.as_bytes());
            hasher.update([0]);
        }
        hasher.update(code);
        hasher
            .finalize()
            .iter()
            .take(16)
            .map(|b| format!("{b:02x}"))
            .collect()
    }
}

/// Paths inside a binary (panic locations) are remapped to the bare file name, as on a judge: reports name
/// `main.rs:3:5`, not a folder of this machine, and the binary depends on the source alone, as its cache
/// key says.
const REMAP_FLAG: &str = "--remap-path-prefix";

fn remap_to_file_name(source: &Path) -> Option<OsString> {
    let dir = source.parent().filter(|dir| !dir.as_os_str().is_empty())?;
    let mut flag = OsString::from(format!("{REMAP_FLAG}="));
    flag.push(dir.as_os_str());
    flag.push("/=");
    Some(flag)
}

/// Where the last run's `rustc -V` is kept, in the binary cache.
const VERSION_FILE: &str = "rustc-version";

/// The real `rustc -V`, still running, behind a [`Compiler::speculative`].
#[derive(Debug)]
pub struct PendingVersion {
    guess: String,
    check: std::thread::JoinHandle<std::result::Result<String, String>>,
    cache_dir: PathBuf,
}

impl PendingVersion {
    /// Whether the recorded version was the real one; records the real one either way. When it was not,
    /// everything done with the speculative compiler must be done again.
    pub fn confirm(self) -> Result<bool> {
        let actual = self
            .check
            .join()
            .map_err(|_| anyhow::anyhow!("`rustc -V` check panicked"))?;
        let actual = actual.map_err(anyhow::Error::msg)?;
        if actual == self.guess {
            return Ok(true);
        }
        record_version(&self.cache_dir, &actual);
        Ok(false)
    }
}

fn record_version(cache_dir: &Path, version: &str) {
    let file = cache_dir.join(VERSION_FILE);
    if fs::read_to_string(&file).is_ok_and(|recorded| recorded.trim() == version) {
        return;
    }
    let scratch = cache_dir.join(format!("{VERSION_FILE}.tmp-{}", std::process::id()));
    if fs::write(&scratch, version).is_ok() {
        let _ = fs::rename(&scratch, &file);
    }
}

/// `rustc -V`, run once per process.
fn rustc_version() -> std::result::Result<String, String> {
    static VERSION: OnceLock<std::result::Result<String, String>> = OnceLock::new();
    VERSION
        .get_or_init(|| {
            let output = Command::new(rustc()).arg("-V").output().map_err(|e| {
                format!(
                    "cannot run `{}` ({e}): no Rust compiler on PATH; install Rust (https://rustup.rs) or set RUSTC to the compiler's path",
                    rustc()
                )
            })?;
            if !output.status.success() {
                return Err(format!("`{} -V` failed: {}", rustc(), String::from_utf8_lossy(&output.stderr)));
            }
            Ok(String::from_utf8_lossy(&output.stdout).trim().to_string())
        })
        .clone()
}

/// The compiler to run: `$RUSTC` when set, else `rustc` from PATH.
fn rustc() -> String {
    std::env::var("RUSTC").unwrap_or_else(|_| "rustc".to_string())
}
