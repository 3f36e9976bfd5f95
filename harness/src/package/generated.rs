//! Data a package generates (BAPCtools' `generators.yaml`, and any format's generator programs): its
//! programs run in the sandbox, each run cached by the program's build (its sources' hash) and its
//! arguments and input, a new run made twice to prove it deterministic; and the data folders made in this
//! run, so that a test is generated once per run and the format's loader reads it from there.

use std::collections::BTreeMap;
use std::ffi::OsString;
use std::fs;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use anyhow::{bail, Context, Result};
use sha2::{Digest, Sha256};

use crate::lang::{Compiled, Compiler, Executable};
use crate::model::Limits;
use crate::sandbox::protocol::Bind;

/// Numbers the scratch folders of runs, so that two runs of one command at once never share one.
static NEXT: AtomicUsize = AtomicUsize::new(0);

/// The data folder each package generated in this run, by its folder; or why its data could not be made.
static GENERATED: Mutex<BTreeMap<PathBuf, Result<PathBuf, String>>> = Mutex::new(BTreeMap::new());

/// The data folder generated in this run for the package in `dir`, if any.
pub fn data_of(dir: &Path) -> Option<PathBuf> {
    let dir = dir.canonicalize().ok()?;
    GENERATED.lock().ok()?.get(&dir)?.clone().ok()
}

/// Why the data of the package in `dir` could not be made in this run (a generator or solution that
/// failed, timed out, or is not deterministic), if it could not: the package is an error row.
pub fn failure_of(dir: &Path) -> Option<String> {
    let dir = dir.canonicalize().ok()?;
    GENERATED.lock().ok()?.get(&dir)?.clone().err()
}

/// Whether any of the folders generates its data (then `prepare` needs a compiler and a sandbox).
pub fn any_generates(dirs: &[PathBuf]) -> bool {
    dirs.iter()
        .any(|dir| crate::package::format_of(dir).generates(dir))
}

/// Generates the data of every folder whose format generates data (before the folders are read): each
/// problem's format is asked (`Format::generate`), and its data folder kept for the loaders. A package
/// whose data cannot be made is kept with why (`failure_of`), and the others are made all the same.
pub fn prepare(dirs: &[PathBuf], compiler: &Compiler) -> Result<()> {
    let maker = Maker { compiler };
    for dir in dirs {
        let Ok(real) = dir.canonicalize() else {
            continue;
        };
        if let Ok(map) = GENERATED.lock() {
            if map.contains_key(&real) {
                continue; // made once per run
            }
        }
        let format = crate::package::format_of(&real);
        if !format.generates(&real) {
            continue;
        }
        let made = match format.generate(&real, &maker) {
            Ok(None) => continue,
            Ok(Some(data)) => Ok(data),
            Err(why) => Err(format!("{why:#}")),
        };
        if let Ok(mut map) = GENERATED.lock() {
            map.insert(real, made);
        }
    }
    Ok(())
}

/// Committed data compared with what the generators make (`harness gen --check`).
#[derive(Debug, Default)]
pub struct Comparison {
    /// Files equal to what is made.
    pub current: usize,
    /// Each file that differs, is missing, or is not made, saying which.
    pub differences: Vec<String>,
}

/// What one run of a generator made: its standard output, and the files it wrote in its working folder.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Made {
    pub stdout: Vec<u8>,
    pub files: BTreeMap<String, Vec<u8>>,
}

/// Compiles and runs a package's generators and solutions in the sandbox, with a cache.
pub struct Maker<'a> {
    pub compiler: &'a Compiler,
}

impl Maker<'_> {
    /// Where generated data and cached runs go.
    pub fn cache_dir(&self) -> PathBuf {
        self.compiler.cache_dir().join("generated")
    }

    /// Where copies of a package's programs are built from (its listed files, its constants
    /// substituted): beside the cache, not in it, where a compiler sees every file of the program.
    pub fn programs_dir(&self) -> PathBuf {
        let cache = self.compiler.cache_dir();
        let name = cache.file_name().unwrap_or_default().to_string_lossy();
        cache.with_file_name(format!("{name}-programs"))
    }

    /// Compiles `path` (a file or a folder, in any language of the table, or a folder of `build`/`run`
    /// scripts); errors name it.
    pub fn compile(&self, path: &Path) -> Result<Executable> {
        // A folder with `build`/`run` scripts (or a `__main__.py`) is a language of its own.
        let compiled = match crate::package::script_language(path, self.compiler.cache_dir())? {
            Some((language, marker)) => self.compiler.compile_program(&crate::lang::Program {
                language,
                files: vec![marker.clone()],
                others: Vec::new(),
                main: marker,
            })?,
            None => self.compiler.compile(path)?,
        };
        match compiled {
            Compiled::Ok(binary) => Ok(binary),
            Compiled::Skipped { reason } => bail!("{}: {reason}", path.display()),
            Compiled::Failed { message } => {
                bail!("{} does not compile:\n{message}", path.display())
            }
        }
    }

    /// Runs `binary` with `args` on `stdin` (none: empty), in a fresh working folder it may write
    /// files into; cached by its build and arguments and input. A run not cached is made twice: two
    /// results that differ are an error naming `what` (the command as the package writes it).
    pub fn run(
        &self,
        binary: &Executable,
        what: &str,
        args: &[String],
        stdin: Option<&[u8]>,
    ) -> Result<Made> {
        self.run_with(binary, what, args, stdin, &[])
    }

    /// `run`, with the files `given` (name, bytes) in its working folder when it starts (a program that
    /// reads its input from a named file).
    pub fn run_with(
        &self,
        binary: &Executable,
        what: &str,
        args: &[String],
        stdin: Option<&[u8]>,
        given: &[(String, Vec<u8>)],
    ) -> Result<Made> {
        let mut hasher = Sha256::new();
        hasher.update(binary.dir.as_os_str().as_encoded_bytes());
        for arg in args {
            hasher.update([0]);
            hasher.update(arg.as_bytes());
        }
        hasher.update([1]);
        hasher.update(stdin.unwrap_or_default());
        for (name, bytes) in given {
            hasher.update([2]);
            hasher.update(name.as_bytes());
            hasher.update([0]);
            hasher.update((bytes.len() as u64).to_le_bytes());
            hasher.update(bytes);
        }
        let key: String = hasher.finalize()[..16]
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect();
        let cached = self.cache_dir().join("runs").join(&key);
        if let Some(made) = read_made(&cached) {
            return Ok(made);
        }
        let first = self.run_once(binary, what, args, stdin, given, &format!("{key}-a"))?;
        let second = self.run_once(binary, what, args, stdin, given, &format!("{key}-b"))?;
        if first != second {
            let which = match first.stdout == second.stdout {
                true => "the files it writes",
                false => "its output",
            };
            bail!(
                "`{what}` is not deterministic: two runs gave different bytes ({which}); a generator \
                 must make the same test every time (take randomness from its {{seed}} argument)"
            );
        }
        write_made(&cached, &first)?;
        Ok(first)
    }

    fn run_once(
        &self,
        binary: &Executable,
        what: &str,
        args: &[String],
        stdin: Option<&[u8]>,
        given: &[(String, Vec<u8>)],
        pass: &str,
    ) -> Result<Made> {
        let number = NEXT.fetch_add(1, Ordering::Relaxed);
        let work = self
            .cache_dir()
            .join("work")
            .join(format!("{pass}-{}-{number}", std::process::id()));
        let _ = fs::remove_dir_all(&work);
        let cwd = work.join("cwd");
        fs::create_dir_all(&cwd).with_context(|| format!("cannot create {}", cwd.display()))?;
        for (name, bytes) in given {
            let file = cwd.join(name);
            fs::write(&file, bytes).with_context(|| format!("cannot write {}", file.display()))?;
        }
        let input = work.join("stdin");
        fs::write(&input, stdin.unwrap_or_default())
            .with_context(|| format!("cannot write {}", input.display()))?;
        let stdout = work.join("stdout");
        let limits = Limits::tool();
        let os_args: Vec<OsString> = args.iter().map(OsString::from).collect();
        let mut command = binary.invocation(limits.memory_kb / 1024, &os_args);
        command.binds.push(Bind {
            from: cwd.clone(),
            to: cwd.clone(),
            writable: true,
        });
        command.cwd = Some(cwd.clone());
        let outcome = self
            .compiler
            .sandbox()
            .run(&command, &input, &stdout, &limits)?;
        let failure = if let Some(reason) = &outcome.judge_error {
            Some(format!("was lost by the judge: {reason}"))
        } else if outcome.wall_killed {
            Some("was killed by the wall clock".to_string())
        } else if outcome.output_overflow(&limits) {
            Some(format!("printed more than {} bytes", limits.output_bytes))
        } else if !outcome.exit.success() {
            Some(format!("failed with {}", outcome.exit))
        } else {
            None
        };
        if let Some(failure) = failure {
            let stderr = String::from_utf8_lossy(&outcome.stderr_tail);
            let tail: Vec<&str> = stderr.lines().rev().take(10).collect();
            let tail: Vec<&str> = tail.into_iter().rev().collect();
            bail!("`{what}` {failure}\n{}", tail.join("\n"));
        }
        let made = Made {
            stdout: fs::read(&stdout)
                .with_context(|| format!("cannot read {}", stdout.display()))?,
            files: read_files(&cwd)?,
        };
        let _ = fs::remove_dir_all(&work);
        Ok(made)
    }
}

/// The files a run left in its working folder (its top level), by name.
fn read_files(dir: &Path) -> Result<BTreeMap<String, Vec<u8>>> {
    let mut files = BTreeMap::new();
    for entry in fs::read_dir(dir).with_context(|| format!("cannot list {}", dir.display()))? {
        let path = entry?.path();
        if path.is_file() {
            let name = path.file_name().unwrap_or_default().to_string_lossy();
            let bytes =
                fs::read(&path).with_context(|| format!("cannot read {}", path.display()))?;
            files.insert(name.into_owned(), bytes);
        }
    }
    Ok(files)
}

fn read_made(dir: &Path) -> Option<Made> {
    let stdout = fs::read(dir.join("stdout")).ok()?;
    let files = read_files(&dir.join("files")).ok()?;
    Some(Made { stdout, files })
}

/// Keeps a run in the cache, whole or not at all (written beside, then renamed).
fn write_made(dir: &Path, made: &Made) -> Result<()> {
    let number = NEXT.fetch_add(1, Ordering::Relaxed);
    let partial = dir.with_extension(format!("partial-{}-{number}", std::process::id()));
    let _ = fs::remove_dir_all(&partial);
    let files = partial.join("files");
    fs::create_dir_all(&files).with_context(|| format!("cannot create {}", files.display()))?;
    fs::write(partial.join("stdout"), &made.stdout)
        .with_context(|| format!("cannot write {}", partial.display()))?;
    for (name, bytes) in &made.files {
        fs::write(files.join(name), bytes)
            .with_context(|| format!("cannot write {}", files.display()))?;
    }
    let _ = fs::remove_dir_all(dir);
    match fs::rename(&partial, dir) {
        Ok(()) => Ok(()),
        // Another run of the same command kept its result first: the same bytes.
        Err(_) if read_made(dir).is_some() => {
            let _ = fs::remove_dir_all(&partial);
            Ok(())
        }
        Err(e) => Err(e).with_context(|| format!("cannot write {}", dir.display())),
    }
}
