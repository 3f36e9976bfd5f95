//! Toolchain versions, part of every cache key: each language's `version` command, asked once per
//! toolchain. Asking `rustc -V` through rustup takes tens of milliseconds, a good part of a warm run, so the
//! answer is kept in the binary cache (`versions/<language>.<hash>`) under the toolchain's identity (`identity`):
//! while the identity is the same the version is not asked again; when anything that picks the compiler
//! changes, it is asked before anything is built or looked up. A toolchain without an identity (a script)
//! is asked on every run.

use std::collections::HashMap;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Mutex;

use super::identity::identity;
use super::table::Language;

/// The folder of the binary cache where versions are kept, one file per language.
pub const VERSIONS_DIR: &str = "versions";

/// The versions known so far, by language id: the version, or why the toolchain cannot be used.
#[derive(Debug, Default)]
pub struct Versions {
    known: Mutex<HashMap<String, std::result::Result<String, String>>>,
    /// Where versions are kept between runs (none: asked on every run).
    dir: Option<PathBuf>,
}

impl Versions {
    /// Versions kept between runs in `<cache_dir>/versions`.
    pub fn kept_in(cache_dir: &Path) -> Versions {
        Versions {
            known: Mutex::default(),
            dir: Some(cache_dir.join(VERSIONS_DIR)),
        }
    }

    /// The version of `language`'s toolchain: the kept one while the toolchain's identity is the same,
    /// else asked (once per process).
    pub fn get(&self, language: &Language) -> std::result::Result<String, String> {
        let mut known = self.known.lock().unwrap_or_else(|e| e.into_inner());
        known
            .entry(language.id.clone())
            .or_insert_with(|| self.kept_or_probed(language))
            .clone()
    }

    /// Every version known so far (toolchains that are missing aside), by language id.
    pub fn known(&self) -> std::collections::BTreeMap<String, String> {
        let known = self.known.lock().unwrap_or_else(|e| e.into_inner());
        known
            .iter()
            .filter_map(|(id, version)| Some((id.clone(), version.clone().ok()?)))
            .collect()
    }

    fn kept_or_probed(&self, language: &Language) -> std::result::Result<String, String> {
        let command = language.version.first().map(|c| tool(language, c));
        let key = command.and_then(|c| identity(&c)).map(|id| {
            // The version command's arguments count too (`languages.toml` may change them).
            format!("{id} {}", language.version[1..].join(" "))
        });
        // One file per language and identity: `cargo run` (which sets RUSTUP_TOOLCHAIN) and the bare binary
        // have two identities for the same compiler, and alternating between them asks nothing.
        let file = match (&self.dir, &key) {
            (Some(dir), Some(key)) => Some(dir.join(kept_name(&language.id, key))),
            _ => None,
        };
        if let (Some(key), Some(file)) = (&key, &file) {
            if let Some(version) = kept(file, key) {
                return Ok(version);
            }
        }
        let version = probe(language)?;
        if let (Some(key), Some(file)) = (&key, &file) {
            keep(file, key, &version);
        }
        Ok(version)
    }
}

/// The file a version is kept in: the language and a short hash of the key.
fn kept_name(language: &str, key: &str) -> String {
    use sha2::{Digest, Sha256};
    let digest = Sha256::digest(key.as_bytes());
    let short: String = digest[..8].iter().map(|b| format!("{b:02x}")).collect();
    format!("{language}.{short}")
}

/// The version kept in `file` under `key`, if that is the key it was kept under.
fn kept(file: &Path, key: &str) -> Option<String> {
    let text = fs::read_to_string(file).ok()?;
    let (kept_key, version) = text.split_once('\n')?;
    (kept_key == key && !version.is_empty()).then(|| version.to_string())
}

fn keep(file: &Path, key: &str, version: &str) {
    let Some(dir) = file.parent() else { return };
    let _ = fs::create_dir_all(dir);
    let scratch = file.with_extension(format!("tmp-{}", std::process::id()));
    if fs::write(&scratch, format!("{key}\n{version}")).is_ok() {
        let _ = fs::rename(&scratch, file);
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

/// How long a version command may take.
const PROBE_TIME: std::time::Duration = std::time::Duration::from_secs(60);

/// Runs the language's version command: the first line it prints, or why it could not run.
pub fn probe(language: &Language) -> std::result::Result<String, String> {
    let [program, args @ ..] = language.version.as_slice() else {
        return Err(format!("language `{}` has no version command", language.id));
    };
    let program = tool(language, program);
    let output = match super::limited::output_within(Command::new(&program).args(args), PROBE_TIME)
    {
        Ok((_, true)) => {
            return Err(format!(
                "`{program} {}` did not answer within {} s",
                args.join(" "),
                PROBE_TIME.as_secs()
            ))
        }
        Ok((output, false)) => output,
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

#[cfg(test)]
mod tests {
    use super::*;

    fn echo_language(dir: &Path, word: &str) -> Language {
        let mut language = super::super::table::LanguageTable::builtin()
            .by_id("c")
            .unwrap()
            .clone();
        language.id = "echo".into();
        language.compile = Vec::new();
        language.compiler_env = None;
        let echo = dir.join("echo");
        language.version = vec![echo.to_string_lossy().into_owned(), word.into()];
        language
    }

    /// Installs (or replaces) the toolchain: a fresh copy of a real program.
    fn install(dir: &Path) {
        fs::copy("/bin/echo", dir.join("new")).unwrap();
        fs::rename(dir.join("new"), dir.join("echo")).unwrap();
    }

    #[test]
    fn a_version_is_kept_while_the_toolchain_is_the_same_and_asked_again_when_it_changes() {
        let dir = std::env::temp_dir().join(format!("versions-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        install(&dir);
        let language = echo_language(&dir, "one");
        let asked = Versions::kept_in(&dir).get(&language);
        assert_eq!(asked.as_deref(), Ok("one"));

        // Proof that the kept answer is used, not a new one: tamper with it, same identity.
        let kept: Vec<_> = fs::read_dir(dir.join(VERSIONS_DIR)).unwrap().collect();
        assert_eq!(kept.len(), 1, "one file per language and identity");
        let kept_file = kept[0].as_ref().unwrap().path();
        let text = fs::read_to_string(&kept_file).unwrap();
        let key = text.split_once('\n').unwrap().0;
        fs::write(&kept_file, format!("{key}\ntampered")).unwrap();
        let kept = Versions::kept_in(&dir).get(&language);
        assert_eq!(kept.as_deref(), Ok("tampered"));

        install(&dir);
        let after_update = Versions::kept_in(&dir).get(&language);
        assert_eq!(
            after_update.as_deref(),
            Ok("one"),
            "a new toolchain is asked"
        );
        let other_args = Versions::kept_in(&dir).get(&echo_language(&dir, "two"));
        assert_eq!(
            other_args.as_deref(),
            Ok("two"),
            "a new version command is asked"
        );
        fs::remove_dir_all(&dir).unwrap();
    }
}
