//! Compiling one program the way an online judge does, by the language table: sources are read where they
//! are, every output goes to a build folder in the cache (with a copy of the sources for the languages
//! that run them), and the result is cached on the toolchain's version, the commands, the sources and
//! every other file the compiler read.

use std::collections::HashMap;
use std::ffi::OsString;
use std::fs;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use anyhow::{bail, Context, Result};
use sha2::{Digest, Sha256};

use super::cache::{parse_dep_info, BuildCache, Entry};
use super::table::{LanguageTable, Program};
use super::version::{tool, Versions};
use crate::model::Invocation;
use crate::sandbox::Sandbox;

/// The result of compiling one program.
#[derive(Debug, Clone)]
pub enum Compiled {
    Ok(Executable),
    /// A compile error (CE), with the compiler's message.
    Failed {
        message: String,
    },
    /// The language's toolchain is missing: the program is neither passed nor failed.
    Skipped {
        reason: String,
    },
}

/// A compiled program, ready to run.
#[derive(Debug, Clone)]
pub struct Executable {
    pub language: String,
    /// The build folder in the cache.
    pub dir: PathBuf,
    /// The run command, every placeholder filled in but `{memory}`; the program is an absolute path.
    run: Vec<OsString>,
    unlimited_address_space: bool,
}

impl Executable {
    /// The language name of a submission that is answer files (`Executable::answers`).
    pub const ANSWERS: &'static str = "answers";

    /// A submission of answer files, one per test (an output-only problem): nothing to run, its files in
    /// `dir` (`grade::answers`).
    pub fn answers(dir: PathBuf) -> Executable {
        Executable {
            language: Executable::ANSWERS.to_string(),
            dir,
            run: Vec::new(),
            unlimited_address_space: false,
        }
    }

    /// Whether it is answer files rather than a program.
    pub fn is_answers(&self) -> bool {
        self.language == Executable::ANSWERS && self.run.is_empty()
    }

    /// The command that runs it under a memory limit of `memory_mb`, with extra arguments.
    pub fn invocation(&self, memory_mb: u64, extra: &[OsString]) -> Invocation {
        let memory = memory_mb.to_string();
        let mut argv = self.run.iter().map(|arg| {
            let text = arg.to_string_lossy();
            match text.contains("{memory}") {
                true => OsString::from(text.replace("{memory}", &memory)),
                false => arg.clone(),
            }
        });
        Invocation {
            program: argv.next().unwrap_or_default(),
            args: argv.chain(extra.iter().cloned()).collect(),
            unlimited_address_space: self.unlimited_address_space,
            isolate: true,
            ..Invocation::default()
        }
    }
}

/// Compiles programs into the cache, reusing earlier results.
#[derive(Debug)]
pub struct Compiler {
    cache_dir: PathBuf,
    table: LanguageTable,
    cache: BuildCache,
    versions: Versions,
    sandbox: Arc<Sandbox>,
    /// Folders a compiler sees no file of beside a source: the cache and the answers (`seal`).
    sealed: Vec<PathBuf>,
}

impl Compiler {
    /// A compiler for the built-in languages and `<root>/languages.toml`; the Rust toolchain, which every
    /// problem of the workspace needs, must be there. Its version is asked unless the cache kept it for the
    /// same toolchain (see `version`).
    /// Compilers run in `sandbox`, which must be the one of this cache (it binds each build into the root).
    pub fn new(cache_dir: &Path, table: LanguageTable, sandbox: Arc<Sandbox>) -> Result<Compiler> {
        let rust = rust(&table)?;
        let dir = cache_dir.join("bin");
        let versions = Versions::kept_in(&dir);
        // Asked before anything is written: a missing toolchain is a setup error that writes nothing.
        versions.get(&rust).map_err(anyhow::Error::msg)?;
        fs::create_dir_all(&dir).with_context(|| format!("cannot create {}", dir.display()))?;
        Ok(Compiler {
            cache_dir: cache_dir.to_path_buf(),
            table,
            cache: BuildCache { dir },
            versions,
            sandbox,
            sealed: vec![real(cache_dir)],
        })
    }

    /// Seals `folders` (the answers: `testdata/`, packages' `data/`): a source whose folder is inside one
    /// or holds one is compiled alone, without the files beside it.
    pub fn seal(&mut self, folders: impl IntoIterator<Item = PathBuf>) {
        self.sealed.extend(folders.into_iter().map(|f| real(&f)));
    }

    /// The sandbox that runs the compilers, and the programs compiled.
    pub fn sandbox(&self) -> &Arc<Sandbox> {
        &self.sandbox
    }

    /// The cache's folder (the builds are in its `bin`).
    pub fn cache_dir(&self) -> &Path {
        &self.cache_dir
    }

    pub fn table(&self) -> &LanguageTable {
        &self.table
    }

    /// The version of every toolchain used so far, by language id.
    pub fn toolchains(&self) -> std::collections::BTreeMap<String, String> {
        self.versions.known()
    }

    /// Compiles the program at `path` (a file, or a folder of files in one language). Only setup problems
    /// (unreadable file, unknown language, compiler not runnable) are errors; a CE is a value.
    pub fn compile(&self, path: &Path) -> Result<Compiled> {
        self.compile_program(&self.program(path)?)
    }

    /// The program at `path` as this machine runs it: in its language by the table, or in that language's
    /// fallback when its toolchain is missing (Python 3 under CPython where PyPy is not installed).
    pub fn program(&self, path: &Path) -> Result<Program> {
        let program = self
            .table
            .program(path)
            .with_context(|| path.display().to_string())?;
        Ok(self.available(program))
    }

    /// The program in the first language of its fallback chain whose toolchain is there (else as it is,
    /// to be skipped with the first one's reason).
    fn available(&self, program: Program) -> Program {
        let mut language = &program.language;
        for _ in 0..self.table.languages.len() {
            if self.versions.get(language).is_ok() {
                break;
            }
            match language
                .fallback
                .as_deref()
                .and_then(|id| self.table.by_id(id))
            {
                Some(next) => language = next,
                None => return program,
            }
        }
        if self.versions.get(language).is_err() {
            return program;
        }
        Program {
            language: language.clone(),
            ..program
        }
    }

    pub fn compile_program(&self, program: &Program) -> Result<Compiled> {
        let program = &self.available(program.clone());
        let language = &program.language;
        let version = match self.versions.get(language) {
            Ok(version) => version,
            Err(reason) => return Ok(Compiled::Skipped { reason }),
        };
        let base = base_key(program, &version)?;
        let roots = source_roots(program);
        match self.cache.lookup(&base, &program.main, &roots) {
            Some(Entry::Binary(dir)) => return Ok(Compiled::Ok(self.executable(program, dir)?)),
            Some(Entry::CompileError(message)) => return Ok(Compiled::Failed { message }),
            None => {}
        }
        // Build in a folder of its own, then rename: parallel compiles of the same program never collide.
        let building = self.cache.dir.join(unique_name(&base));
        let _ = fs::remove_dir_all(&building);
        fs::create_dir_all(building.join("src"))
            .with_context(|| format!("cannot create {}", building.display()))?;
        let built = self.build(program, &base, &building);
        if !matches!(built, Ok(Compiled::Ok(_))) {
            let _ = fs::remove_dir_all(&building);
        }
        built
    }

    fn build(&self, program: &Program, base: &str, building: &Path) -> Result<Compiled> {
        copy_sources(program, &building.join("src"))?;
        let output = match program.language.compile.is_empty() {
            true => None,
            false => Some(self.run_compiler(program, building)?),
        };
        let deps_file = building.join("deps.d");
        // Written in the compiler's build folder: read as a file it may have replaced.
        let deps = sandbox::read_written(&deps_file, 16 << 20)
            .map(|bytes| parse_dep_info(&String::from_utf8_lossy(&bytes)))
            .unwrap_or_default();
        let full = match deps.is_empty() {
            true => Some(base.to_string()),
            false => self
                .cache
                .record(base, &program.main, &deps, &source_roots(program)),
        };
        if let Some(output) = output.filter(|o| !o.status.success()) {
            let message = compile_message(program, building, &output);
            if let Some(full) = &full {
                self.cache
                    .write_atomically(&format!("{full}.ce"), message.as_bytes());
            }
            return Ok(Compiled::Failed { message });
        }
        if let Some(message) = too_large(building) {
            if let Some(full) = &full {
                self.cache
                    .write_atomically(&format!("{full}.ce"), message.as_bytes());
            }
            return Ok(Compiled::Failed { message });
        }
        let Some(full) = full else {
            // A dependency could not be read: keep this build under its own name, uncached.
            return Ok(Compiled::Ok(
                self.executable(program, building.to_path_buf())?,
            ));
        };
        let dir = self.cache.dir.join(&full);
        if fs::rename(building, &dir).is_err() {
            // Another run stored the same program meanwhile.
            let _ = fs::remove_dir_all(building);
        }
        let _ = fs::remove_file(dir.join("deps.d"));
        Ok(Compiled::Ok(self.executable(program, dir)?))
    }

    /// Runs the compiler in the sandbox: it sees the allowlist root, its sources read-only, its build folder
    /// writable (its working folder), its toolchain, and a clean environment; nothing of the workspace or
    /// the judge's environment besides.
    fn run_compiler(&self, program: &Program, building: &Path) -> Result<std::process::Output> {
        let uid_switch = self.sandbox.isolation().iter().any(|l| l == "uid-switch");
        let binds_of = |program: &Program| {
            let vars = Vars::new(program, building, &program_files(program));
            let argv = vars.expand(&program.language.compile);
            let first = argv[0].to_string_lossy().into_owned();
            let compiler = super::toolchain::compiler(&tool(&program.language, &first));
            let binds = compile_binds(program, building, &argv[1..], &compiler, &self.sealed);
            (argv, compiler, binds)
        };
        let (mut argv, mut compiler, mut binds) = binds_of(program);
        // The compiler runs as another user, who cannot read the sources where they are (a file in a
        // private folder, as `--submission` may name): it compiles a copy in its build folder instead, as a
        // judge compiles the copy of what was submitted.
        if uid_switch && closed_to_others(&binds).is_some() {
            let copy = copied_in(program, building)?;
            (argv, compiler, binds) = binds_of(&copy);
        }
        let mut env: Vec<OsString> = COMPILER_ENVIRONMENT.iter().map(OsString::from).collect();
        // A package's build script calls compilers by name, as on a judge's machine: Rust's too, which
        // may live outside the sandbox's PATH (rustup's toolchains in a home, or under /opt).
        let rustc = rust(&self.table).map(|rust| super::toolchain::compiler(&tool(&rust, "rustc")));
        let on_sandbox_path = |bin: &Path| {
            super::version::SANDBOX_PATH
                .iter()
                .any(|dir| bin == Path::new(dir))
        };
        if let Some(bin) = rustc
            .iter()
            .find_map(|r| r.parent())
            .filter(|bin| !on_sandbox_path(bin))
        {
            let mut path = OsString::from("PATH=");
            path.push(bin);
            for dir in super::version::SANDBOX_PATH {
                path.push(":");
                path.push(dir);
            }
            env.push(path);
            for bind in super::toolchain::binds(rustc.as_deref().unwrap_or(bin)) {
                if !binds.iter().any(|b| b.to == bind.to) {
                    binds.push(bind);
                }
            }
        }
        let command = Invocation {
            program: compiler.clone().into_os_string(),
            args: argv[1..].to_vec(),
            unlimited_address_space: program.language.unlimited_address_space,
            isolate: true,
            binds,
            cwd: Some(building.to_path_buf()),
            env,
        };
        if uid_switch {
            if let Some(closed) = closed_to_others(&command.binds) {
                bail!("cannot compile {}: {closed}", program.main.display());
            }
        }
        self.sandbox.compile(&command, building).with_context(|| {
            format!(
                "cannot run `{}` to compile {}",
                compiler.display(),
                program.main.display()
            )
        })
    }

    /// The executable in the build folder `dir`: the run command over the copied sources.
    fn executable(&self, program: &Program, dir: PathBuf) -> Result<Executable> {
        let copies: Vec<PathBuf> = relative_names(program)
            .iter()
            .map(|name| dir.join("src").join(name))
            .collect();
        let vars = Vars::new(program, &dir, &copies);
        let mut run = vars.expand(&program.language.run);
        run[0] = resolve(&run[0]);
        Ok(Executable {
            language: program.language.id.clone(),
            dir,
            run,
            unlimited_address_space: program.language.unlimited_address_space,
        })
    }
}

/// A compiler's environment, over the sandbox's fixed one (its PATH): a home and a temporary folder in its
/// private `/tmp`, and the locale messages are written in. Nothing of the judge's (tokens, `RUSTFLAGS`).
const COMPILER_ENVIRONMENT: [&str; 4] =
    ["HOME=/tmp", "TMPDIR=/tmp", "LANG=C.UTF-8", "LC_ALL=C.UTF-8"];

/// What a compiler sees beyond the allowlist root: its build folder (writable); its sources read-only (the
/// folder of the program, a file's folder holding the headers and modules it includes from beside it, the
/// files alone when that folder overlaps a `sealed` one, inside it or holding it; for a problem's own
/// program, `problems/<id>/` and `problems/.shared/`, where the modules its `#[path]`s name live); other
/// files its command names (a package program's folder); its toolchain. Never the workspace, the answers,
/// `.git` or the cache.
fn compile_binds(
    program: &Program,
    building: &Path,
    args: &[OsString],
    compiler: &Path,
    sealed: &[PathBuf],
) -> Vec<sandbox::Bind> {
    let overlaps = |path: &Path| {
        let path = real(path);
        sealed
            .iter()
            .any(|s| s.starts_with(&path) || path.starts_with(s))
    };
    let mut read: Vec<PathBuf> = Vec::new();
    let root = program_root(program);
    let shared = root.parent().map(|problems| problems.join(".shared"));
    match shared.filter(|s| s.is_dir()) {
        // Its files one by one, the others (headers) too: a package's changed copy of a submission
        // lives under the cache (`package::kattis::prepared`).
        _ if overlaps(&root) => {
            read.extend(program_files(program));
            read.extend(
                program
                    .others
                    .iter()
                    .map(|f| std::path::absolute(f).unwrap_or_else(|_| f.clone())),
            );
        }
        Some(shared) => read.extend([std::path::absolute(&root).unwrap_or(root), shared]),
        None => read.push(root),
    }
    for arg in args {
        let path = Path::new(arg);
        if path.is_absolute() && !path.starts_with(building) && path.exists() && !overlaps(path) {
            read.push(path.to_path_buf());
        }
    }
    // A source that is a link (a package's submission shared between folders) is read through it: the
    // folders on the way to its target too (the file alone where such a folder overlaps a sealed one).
    for file in program_files(program) {
        for hop in super::links::hops(file).into_iter().skip(1) {
            match hop.parent() {
                Some(folder) if !overlaps(folder) => read.push(folder.to_path_buf()),
                _ => read.push(hop),
            }
        }
    }
    let mut binds = vec![sandbox::Bind::writable(building)];
    for path in read {
        if !super::toolchain::in_system(&path) && !read_covered(&binds, &path) {
            binds.push(sandbox::Bind::read_only(path));
        }
    }
    binds.extend(super::toolchain::binds(compiler));
    binds
}

/// `path` absolute, with the links of the part of it that exists resolved: what a bind of it shows.
fn real(path: &Path) -> PathBuf {
    let path = std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf());
    match (fs::canonicalize(&path), path.parent(), path.file_name()) {
        (Ok(real), _, _) => real,
        (Err(_), Some(parent), Some(name)) => real(parent).join(name),
        _ => path,
    }
}

/// The first source a compiler would be unable to read, and what to do: as root the judge runs compilers
/// as another user, who needs others' permission to read a file or enter a folder (else the compiler's
/// "permission denied" would read as the program's compile error).
fn closed_to_others(binds: &[sandbox::Bind]) -> Option<String> {
    use std::os::unix::fs::PermissionsExt;
    let closed = binds.iter().filter(|b| !b.writable).find_map(|b| {
        let mode = fs::metadata(&b.from).ok()?.permissions().mode();
        let needs = if b.from.is_dir() { 0o005 } else { 0o004 };
        (mode & needs != needs).then(|| (b.from.clone(), mode & 0o7777))
    });
    closed.map(|(path, mode)| {
        format!(
            "the compiler runs as another user, and {} is mode {mode:04o}: make it readable by others (`chmod o+rX`) or move the sources",
            path.display()
        )
    })
}

/// Whether a read-only bind already holds `path`.
fn read_covered(binds: &[sandbox::Bind], path: &Path) -> bool {
    binds.iter().any(|b| !b.writable && path.starts_with(&b.to))
}

/// The Rust language of the table: every problem of the workspace needs it.
fn rust(table: &LanguageTable) -> Result<super::Language> {
    table
        .by_id("rust")
        .cloned()
        .context("the language table has no `rust` language; languages.toml must not remove it")
}

/// The values of the placeholders of a command.
struct Vars {
    files: Vec<OsString>,
    values: HashMap<&'static str, String>,
}

impl Vars {
    /// `files` are the sources the command sees (the originals to compile, the copies to run).
    fn new(program: &Program, build: &Path, files: &[PathBuf]) -> Vars {
        let main_index = program
            .files
            .iter()
            .position(|f| *f == program.main)
            .unwrap_or(0);
        let main = files[main_index].clone();
        let class = main
            .file_stem()
            .unwrap_or_default()
            .to_string_lossy()
            .into_owned();
        let mut upper = class.clone();
        if let Some(first) = upper.get_mut(0..1) {
            first.make_ascii_uppercase();
        }
        let dir = |p: &Path| p.to_string_lossy().into_owned();
        let values = HashMap::from([
            ("{mainfile}", dir(&main)),
            ("{mainclass}", class),
            ("{Mainclass}", upper),
            ("{srcdir}", dir(main.parent().unwrap_or(Path::new("/")))),
            ("{path}", dir(build)),
            ("{binary}", dir(&build.join("main"))),
            ("{deps}", dir(&build.join("deps.d"))),
        ]);
        Vars {
            files: files.iter().map(|f| f.clone().into_os_string()).collect(),
            values,
        }
    }

    fn expand(&self, template: &[String]) -> Vec<OsString> {
        let mut argv = Vec::new();
        for arg in template {
            if arg == "{files}" {
                argv.extend(self.files.iter().cloned());
                continue;
            }
            let mut text = arg.clone();
            for (name, value) in &self.values {
                if text.contains(name) {
                    text = text.replace(name, value);
                }
            }
            argv.push(OsString::from(text));
        }
        argv
    }
}

/// The sources as absolute paths (compilers run in the build folder).
fn program_files(program: &Program) -> Vec<PathBuf> {
    program
        .files
        .iter()
        .map(|f| std::path::absolute(f).unwrap_or_else(|_| f.clone()))
        .collect()
}

/// Each source file's name relative to the program's folder (its file name for a single file).
fn relative_names(program: &Program) -> Vec<PathBuf> {
    let root = program_root(program);
    program
        .files
        .iter()
        .map(|f| {
            f.strip_prefix(&root)
                .map(Path::to_path_buf)
                .unwrap_or_else(|_| PathBuf::from(f.file_name().unwrap_or_default()))
        })
        .collect()
}

/// The folder the program's files are named from: the common parent of its files.
/// The folders of a program's sources as bound into its compiler's sandbox (`compile_binds`), links
/// resolved: the only files its build is keyed on (`cache::full_key`).
fn source_roots(program: &Program) -> Vec<PathBuf> {
    let root = program_root(program);
    let shared = root.parent().map(|problems| problems.join(".shared"));
    [Some(root), shared]
        .into_iter()
        .flatten()
        .filter_map(|folder| fs::canonicalize(folder).ok())
        .collect()
}

fn program_root(program: &Program) -> PathBuf {
    let mut root = program.files[0]
        .parent()
        .unwrap_or(Path::new(""))
        .to_path_buf();
    while !program.files.iter().all(|f| f.starts_with(&root)) {
        if !root.pop() {
            break;
        }
    }
    root
}

/// The program as copied into `building/copy/` with its other files (headers, modules): the sources its
/// compiler reads when it cannot read the originals.
fn copied_in(program: &Program, building: &Path) -> Result<Program> {
    let into = building.join("copy");
    let root = program_root(program);
    let place = |file: &PathBuf| {
        let name = file
            .strip_prefix(&root)
            .map(Path::to_path_buf)
            .unwrap_or_else(|_| PathBuf::from(file.file_name().unwrap_or_default()));
        into.join(name)
    };
    for file in program.files.iter().chain(&program.others) {
        let target = place(file);
        if let Some(parent) = target.parent() {
            fs::create_dir_all(parent)
                .with_context(|| format!("cannot create {}", parent.display()))?;
        }
        copy_readable(file, &target)?;
    }
    Ok(Program {
        language: program.language.clone(),
        files: program.files.iter().map(place).collect(),
        others: program.others.iter().map(place).collect(),
        main: place(&program.main),
    })
}

fn copy_sources(program: &Program, into: &Path) -> Result<()> {
    for (file, name) in program.files.iter().zip(relative_names(program)) {
        let target = into.join(&name);
        if let Some(parent) = target.parent() {
            fs::create_dir_all(parent)
                .with_context(|| format!("cannot create {}", parent.display()))?;
        }
        copy_readable(file, &target)?;
    }
    Ok(())
}

/// A copy of a source that the programs of the judge's other user can read (`fs::copy` keeps the mode of
/// the original, which may be 0600 in a private folder).
fn copy_readable(file: &Path, target: &Path) -> Result<()> {
    use std::os::unix::fs::PermissionsExt;
    fs::copy(file, target).with_context(|| format!("cannot read {}", file.display()))?;
    let mode = fs::metadata(target)?.permissions().mode();
    fs::set_permissions(target, fs::Permissions::from_mode(mode | 0o444))
        .with_context(|| format!("cannot make {} readable", target.display()))
}

/// The base key: the language, its version and commands, and every source file's name and content.
fn base_key(program: &Program, version: &str) -> Result<String> {
    let mut hasher = Sha256::new();
    let language = &program.language;
    // v5: a source among the answers is compiled alone; what a compiler made outside the sandbox (v4) or
    // seeing the answers beside its source (an answer compiled in) is never served again.
    // v6: a source that is a link is compiled seeing the folder of its target; the compile error it got
    // without it (v5) is never served again.
    hasher.update(b"programs-v6\0");
    for part in [&language.id, &version.to_string()] {
        hasher.update(part.as_bytes());
        hasher.update([0]);
    }
    for arg in language
        .compile
        .iter()
        .chain([&String::new()])
        .chain(&language.run)
    {
        hasher.update(arg.as_bytes());
        hasher.update([0]);
    }
    hasher.update([u8::from(language.unlimited_address_space)]);
    for (file, name) in program.files.iter().zip(relative_names(program)) {
        hash_file(&mut hasher, file, &name)?;
    }
    hasher.update(b"others\0");
    let root = program_root(program);
    for file in &program.others {
        hash_file(&mut hasher, file, file.strip_prefix(&root).unwrap_or(file))?;
    }
    Ok(hasher
        .finalize()
        .iter()
        .take(16)
        .map(|b| format!("{b:02x}"))
        .collect())
}

/// Adds a file's name and content to a cache key.
fn hash_file(hasher: &mut Sha256, file: &Path, name: &Path) -> Result<()> {
    let content = fs::read(file).with_context(|| format!("cannot read {}", file.display()))?;
    hasher.update(name.to_string_lossy().as_bytes());
    hasher.update([0]);
    hasher.update((content.len() as u64).to_le_bytes());
    hasher.update(&content);
    Ok(())
}

/// The most a build (its binary and what else the compiler wrote) may take: a program is kept in the
/// cache, and one of gigabytes (an initialised static array) could not even start under a run's memory
/// limit; twice the largest such binary the judge accepts (512 MiB, judged at run time).
const BUILD_BYTES: u64 = 1 << 30;

/// The compile error of a build over `BUILD_BYTES` (files counted by their length, holes included); `None`
/// when it is within.
fn too_large(building: &Path) -> Option<String> {
    fn size(path: &Path) -> u64 {
        match fs::symlink_metadata(path) {
            Ok(meta) if meta.is_dir() => fs::read_dir(path)
                .map(|entries| entries.flatten().map(|e| size(&e.path())).sum())
                .unwrap_or(0),
            Ok(meta) => meta.len(),
            Err(_) => 0,
        }
    }
    let bytes = size(building);
    (bytes > BUILD_BYTES).then(|| {
        format!(
            "the build is {} MiB, more than the {} MiB a program may be: refused, not kept (a large \
             array initialised in the source is stored in the binary: fill it at run time instead)",
            bytes >> 20,
            BUILD_BYTES >> 20
        )
    })
}

/// The compiler's message, with the sources' folders taken out of the paths it names.
fn compile_message(program: &Program, building: &Path, output: &std::process::Output) -> String {
    let mut message = String::from_utf8_lossy(&output.stderr).into_owned();
    if message.trim().is_empty() {
        message = String::from_utf8_lossy(&output.stdout).into_owned();
    }
    if message.trim().is_empty() {
        message = format!("the compiler failed without a message ({})", output.status);
    }
    for (file, name) in program_files(program).iter().zip(relative_names(program)) {
        message = message.replace(&*file.to_string_lossy(), &name.to_string_lossy());
        // A copy compiled in the build folder (`copied_in`) is named as the original.
        let copy = building.join("copy").join(&name);
        message = message.replace(&*copy.to_string_lossy(), &name.to_string_lossy());
    }
    message
}

/// A command name as an absolute path, found on PATH (the sandbox runs programs by path).
fn resolve(program: &OsString) -> OsString {
    super::version::resolve(program)
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

#[cfg(test)]
mod tests {
    use super::*;

    /// A language whose toolchain is missing runs its programs in its fallback; without one, it stays
    /// (and its programs are skipped with the reason).
    #[test]
    fn a_missing_toolchain_falls_back() {
        let dir = std::env::temp_dir().join(format!("harness-fallback-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        fs::write(dir.join("sol.py"), "print(1)\n").unwrap();
        let mut table = LanguageTable::builtin();
        let python3 = table
            .languages
            .iter_mut()
            .find(|l| l.id == "python3")
            .unwrap();
        python3.version = vec!["harness-no-such-pypy3".into(), "--version".into()];
        let cache = dir.join("cache");
        let sandbox = Arc::new(Sandbox::new(&cache));
        let compiler = Compiler::new(&cache, table.clone(), sandbox.clone()).unwrap();
        let program = compiler.program(&dir.join("sol.py")).unwrap();
        assert_eq!(program.language.id, "python3-cpython");
        let cpython = table
            .languages
            .iter_mut()
            .find(|l| l.id == "python3-cpython")
            .unwrap();
        cpython.version = vec!["harness-no-such-python3".into()];
        let compiler = Compiler::new(&cache, table, sandbox).unwrap();
        let program = compiler.program(&dir.join("sol.py")).unwrap();
        assert_eq!(program.language.id, "python3");
        assert!(matches!(
            compiler.compile_program(&program).unwrap(),
            Compiled::Skipped { .. }
        ));
    }
}
