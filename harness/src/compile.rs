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
        static VERSION: OnceLock<std::result::Result<String, String>> = OnceLock::new();
        let version = VERSION.get_or_init(|| {
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
        });
        let rustc_version = version.clone().map_err(anyhow::Error::msg)?;
        let cache_dir = cache_dir.join("bin");
        fs::create_dir_all(&cache_dir)
            .with_context(|| format!("cannot create {}", cache_dir.display()))?;
        Ok(Compiler {
            cache_dir,
            rustc_version,
        })
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

/// The compiler to run: `$RUSTC` when set, else `rustc` from PATH.
fn rustc() -> String {
    std::env::var("RUSTC").unwrap_or_else(|_| "rustc".to_string())
}
