//! Compiling one program the way an online judge does (`rustc --edition 2021 -O`), cached on the compiler's
//! version, its flags and every file it read.

use std::ffi::OsString;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

use anyhow::{bail, Context, Result};

use super::cache::{parse_dep_info, BuildCache, Entry};
use super::table::{Language, RUST};
use super::version::{compiler_version, record_version, recorded_version, PendingVersion};
use super::{Binary, Compiled};

/// Paths inside a binary (panic locations) are remapped to the bare file name, as on a judge: reports name
/// `main.rs:3:5`, not a folder of this machine, and the binary depends on the source alone, as its cache
/// key says.
const REMAP_FLAG: &str = "--remap-path-prefix";

/// Compiles source files into the cache, reusing earlier results.
#[derive(Debug)]
pub struct Compiler {
    language: &'static Language,
    cache: BuildCache,
    version: String,
}

impl Compiler {
    /// Finds the compiler and prepares the cache; fails with a clear message when it is missing.
    pub fn new(cache_dir: &Path) -> Result<Compiler> {
        let version = compiler_version(&RUST).map_err(anyhow::Error::msg)?;
        let compiler = Compiler::with_version(cache_dir, version)?;
        record_version(&compiler.cache.dir, &compiler.version);
        Ok(compiler)
    }

    /// A compiler keyed by the version that the last run recorded in the cache, while the real one is
    /// asked in the background. Call [`PendingVersion::confirm`] before trusting what was built or looked
    /// up; without a recorded version this is [`Compiler::new`].
    pub fn speculative(cache_dir: &Path) -> Result<(Compiler, Option<PendingVersion>)> {
        let Some(recorded) = recorded_version(&cache_dir.join("bin")) else {
            return Ok((Compiler::new(cache_dir)?, None));
        };
        let check = std::thread::spawn(|| compiler_version(&RUST));
        let compiler = Compiler::with_version(cache_dir, recorded)?;
        let pending = PendingVersion {
            guess: compiler.version.clone(),
            check,
            cache_dir: compiler.cache.dir.clone(),
        };
        Ok((compiler, Some(pending)))
    }

    fn with_version(cache_dir: &Path, version: String) -> Result<Compiler> {
        let dir = cache_dir.join("bin");
        fs::create_dir_all(&dir).with_context(|| format!("cannot create {}", dir.display()))?;
        Ok(Compiler {
            language: &RUST,
            cache: BuildCache { dir },
            version,
        })
    }

    /// Compiles `source` alone, or returns the cached result for the same files, flags and compiler.
    /// Only setup problems (unreadable file, compiler not runnable) are errors; a CE is a value.
    pub fn compile(&self, source: &Path) -> Result<Compiled> {
        let code = fs::read(source).with_context(|| format!("cannot read {}", source.display()))?;
        let mut flags = self.language.flags.to_vec();
        flags.push(REMAP_FLAG);
        let base = self.cache.base_key(&self.version, &flags, &code);
        match self.cache.lookup(&base, source) {
            Some(Entry::Binary(path)) => return Ok(Compiled::Ok(Binary { path })),
            Some(Entry::CompileError(message)) => return Ok(Compiled::Failed { message }),
            None => {}
        }
        // Build in a folder of its own, then rename: parallel compiles of the same file cannot collide, and
        // rustc's intermediate files stay out of the cache.
        let scratch_dir = self.cache.dir.join(unique_name(&base));
        fs::create_dir_all(&scratch_dir)
            .with_context(|| format!("cannot create {}", scratch_dir.display()))?;
        let built = self.build(source, &base, &scratch_dir);
        let _ = fs::remove_dir_all(&scratch_dir);
        built
    }

    fn build(&self, source: &Path, base: &str, scratch_dir: &Path) -> Result<Compiled> {
        let output_path = scratch_dir.join("main");
        let deps_path = scratch_dir.join("main.d");
        let mut emit = OsString::from("--emit=link=");
        emit.push(&output_path);
        emit.push(",dep-info=");
        emit.push(&deps_path);
        let compiler = self.language.compiler_command();
        // rustc writes its intermediate files into its working folder: the scratch folder, so that
        // parallel compiles never share them.
        let source = &std::path::absolute(source)
            .with_context(|| format!("cannot resolve {}", source.display()))?;
        let output = Command::new(&compiler)
            .current_dir(scratch_dir)
            .args(self.language.flags)
            .args(remap_to_file_name(source))
            .args(["--crate-name", "main"])
            .arg(emit)
            .arg(source)
            .output()
            .with_context(|| format!("cannot run `{compiler}` to compile {}", source.display()))?;
        let deps = fs::read_to_string(&deps_path)
            .map(|text| parse_dep_info(&text))
            .unwrap_or_default();
        // Without a dependency list nothing is cached: the next run compiles again.
        let full = (!deps.is_empty())
            .then(|| self.cache.record(base, source, &deps))
            .flatten();
        if output.status.success() {
            let Some(full) = full else {
                return Ok(Compiled::Ok(Binary {
                    path: keep(&output_path, scratch_dir)?,
                }));
            };
            let binary = self.cache.dir.join(full);
            fs::rename(&output_path, &binary)
                .with_context(|| format!("cannot store {}", binary.display()))?;
            return Ok(Compiled::Ok(Binary { path: binary }));
        }
        let message = String::from_utf8_lossy(&output.stderr).into_owned();
        if message.trim().is_empty() {
            bail!(
                "`{compiler}` failed on {} without a message ({})",
                source.display(),
                output.status
            );
        }
        let message = message.replace(
            &*source.to_string_lossy(),
            &source.file_name().unwrap_or_default().to_string_lossy(),
        );
        if let Some(full) = full {
            self.cache
                .write_atomically(&format!("{full}.ce"), message.as_bytes());
        }
        Ok(Compiled::Failed { message })
    }
}

/// A binary that could not be cached is kept beside the cache under a name of its own.
fn keep(built: &Path, scratch_dir: &Path) -> Result<PathBuf> {
    let kept = scratch_dir.with_extension("bin");
    fs::rename(built, &kept).with_context(|| format!("cannot store {}", kept.display()))?;
    Ok(kept)
}

fn unique_name(base: &str) -> String {
    format!(
        "{base}.tmp-{}-{:?}",
        std::process::id(),
        std::thread::current().id()
    )
    .replace(
        |c: char| !c.is_ascii_alphanumeric() && c != '.' && c != '-',
        "",
    )
}

fn remap_to_file_name(source: &Path) -> Option<OsString> {
    let dir = source.parent().filter(|dir| !dir.as_os_str().is_empty())?;
    let mut flag = OsString::from(format!("{REMAP_FLAG}="));
    flag.push(dir.as_os_str());
    flag.push("/=");
    Some(flag)
}
