//! Toolchain versions, part of every cache key: each language's `version` command, asked once per process.
//! Asking `rustc -V` through rustup takes tens of milliseconds, a good part of a warm run, so a run may
//! start with the Rust version the last run recorded and confirm it in the background
//! (`Compiler::speculative`).

use std::collections::HashMap;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Mutex;

use anyhow::Result;

use super::table::Language;

/// Where the last run's Rust version is kept, in the binary cache.
pub const VERSION_FILE: &str = "rustc-version";

/// The versions known so far, by language id: the version, or why the toolchain cannot be used.
#[derive(Debug, Default)]
pub struct Versions {
    known: Mutex<HashMap<String, std::result::Result<String, String>>>,
}

impl Versions {
    /// The version of `language`'s toolchain, probed on first use.
    pub fn get(&self, language: &Language) -> std::result::Result<String, String> {
        let mut known = self.known.lock().unwrap_or_else(|e| e.into_inner());
        known
            .entry(language.id.clone())
            .or_insert_with(|| probe(language))
            .clone()
    }

    /// Takes `version` as the version of `language` without asking.
    pub fn assume(&self, language: &Language, version: String) {
        let mut known = self.known.lock().unwrap_or_else(|e| e.into_inner());
        known.insert(language.id.clone(), Ok(version));
    }

    /// Every version known so far (toolchains that are missing aside), by language id.
    pub fn known(&self) -> std::collections::BTreeMap<String, String> {
        let known = self.known.lock().unwrap_or_else(|e| e.into_inner());
        known
            .iter()
            .filter_map(|(id, version)| Some((id.clone(), version.clone().ok()?)))
            .collect()
    }
}

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

/// The command that runs `argv[0]` of a language's compile or version command: `$<compiler_env>` when set.
pub fn tool(language: &Language, name: &str) -> String {
    let first = language.compile.first().map(String::as_str);
    match &language.compiler_env {
        Some(var) if first == Some(name) => std::env::var(var).unwrap_or_else(|_| name.to_string()),
        // Interpreters run as the sandbox's user, so the system's are preferred to a per-user install
        // (a pyenv shim under a home folder): the same one compiles, reports its version and runs.
        _ if language.compile.is_empty()
            || !language.run.iter().any(|a| a.contains("{binary}")) =>
        {
            resolve(std::ffi::OsStr::new(name))
                .to_string_lossy()
                .into_owned()
        }
        _ => name.to_string(),
    }
}

/// The folders a program under judgement finds its commands in (its fixed PATH).
pub const SANDBOX_PATH: [&str; 3] = ["/usr/local/bin", "/usr/bin", "/bin"];

/// A command name as an absolute path: from the sandbox's PATH first, then the judge's.
pub fn resolve(program: &std::ffi::OsStr) -> std::ffi::OsString {
    let name = Path::new(program);
    if name.components().count() > 1 {
        return program.to_owned();
    }
    let path = std::env::var_os("PATH").unwrap_or_default();
    SANDBOX_PATH
        .iter()
        .map(PathBuf::from)
        .chain(std::env::split_paths(&path))
        .map(|dir| dir.join(name))
        .find(|candidate| candidate.is_file())
        .map_or_else(|| program.to_owned(), PathBuf::into_os_string)
}

/// Runs the language's version command: the first line it prints, or why it could not run.
pub fn probe(language: &Language) -> std::result::Result<String, String> {
    let [program, args @ ..] = language.version.as_slice() else {
        return Err(format!("language `{}` has no version command", language.id));
    };
    let program = tool(language, program);
    let output = match Command::new(&program).args(args).output() {
        Ok(output) => output,
        Err(e) if e.kind() == io::ErrorKind::NotFound => {
            return Err(missing(language, &program));
        }
        Err(e) => return Err(format!("cannot run `{program}`: {e}")),
    };
    if !output.status.success() {
        return Err(format!(
            "`{program} {}` failed: {}",
            args.join(" "),
            String::from_utf8_lossy(&output.stderr).trim()
        ));
    }
    let text = match output.stdout.is_empty() {
        true => output.stderr,
        false => output.stdout,
    };
    Ok(String::from_utf8_lossy(&text).trim().to_string())
}

/// Why a toolchain is missing, and what to do.
fn missing(language: &Language, program: &str) -> String {
    let fix = match language.id.as_str() {
        "rust" => {
            "install Rust (https://rustup.rs) or set RUSTC to the compiler's path".to_string()
        }
        _ => format!(
            "install it, or change the `{}` language in languages.toml",
            language.id
        ),
    };
    format!(
        "cannot run `{program}`: no {} compiler on PATH; {fix}",
        language.name
    )
}
