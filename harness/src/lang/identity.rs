//! A toolchain's identity: a cheap fingerprint of everything that decides which compiler a command name
//! runs, so its version is asked once and not on every run. Asking `rustc -V` through rustup costs tens of
//! milliseconds; the fingerprint costs a few `stat` calls.
//!
//! - A rustup proxy (`rustc` that is `rustup` under another name): `RUSTUP_TOOLCHAIN` and `RUSTUP_HOME`,
//!   rustup's `settings.toml` (default toolchain and folder overrides), every `rust-toolchain` file from the
//!   working folder up, and the file identity (device, inode, size, modification and change times) of
//!   every installed toolchain's compiler. `rustup update` replaces those files, so it changes the identity.
//! - Any other compiled program (an ELF file): its resolved path and its file identity.
//! - Anything else (a script, such as a version manager's shim, which may choose a compiler on each run):
//!   no identity, so its version is asked on every run as before.

use std::ffi::{OsStr, OsString};
use std::fs;
use std::io::Read;
use std::os::unix::ffi::OsStrExt;
use std::os::unix::fs::MetadataExt;
use std::path::{Path, PathBuf};

use sha2::{Digest, Sha256};

/// The identity of the program `command` names, if it has one (see the module's documentation).
pub fn identity(command: &str) -> Option<String> {
    let path = on_path(OsStr::new(command))?;
    let real = fs::canonicalize(&path).ok()?;
    let mut id = Fingerprint::default();
    id.add_file(&real)?;
    if is_rustup_proxy(&path, &real) {
        id.add("rustup");
        rustup_state(&mut id, &RustupEnv::current());
    } else if !is_elf(&real) {
        return None;
    }
    Some(id.finish())
}

/// What rustup reads to choose a toolchain, besides its files.
#[derive(Debug, Clone)]
pub struct RustupEnv {
    pub toolchain: Option<OsString>,
    pub home: Option<PathBuf>,
    pub cwd: Option<PathBuf>,
}

impl RustupEnv {
    fn current() -> RustupEnv {
        let home = std::env::var_os("RUSTUP_HOME")
            .map(PathBuf::from)
            .or_else(|| std::env::var_os("HOME").map(|h| Path::new(&h).join(".rustup")));
        RustupEnv {
            toolchain: std::env::var_os("RUSTUP_TOOLCHAIN"),
            home,
            cwd: std::env::current_dir().ok(),
        }
    }
}

/// Adds everything rustup would read to pick the toolchain and the toolchains' compilers.
pub fn rustup_state(id: &mut Fingerprint, env: &RustupEnv) {
    id.add_os(env.toolchain.as_deref().unwrap_or_default());
    let Some(home) = &env.home else { return };
    id.add_os(home.as_os_str());
    id.add_content(&home.join("settings.toml"));
    let mut dir = env.cwd.as_deref();
    while let Some(folder) = dir {
        for name in ["rust-toolchain", "rust-toolchain.toml"] {
            let file = folder.join(name);
            if file.exists() {
                id.add_os(file.as_os_str());
                id.add_content(&file);
            }
        }
        dir = folder.parent();
    }
    let toolchains = home.join("toolchains");
    let mut names: Vec<OsString> = match fs::read_dir(&toolchains) {
        Ok(entries) => entries.flatten().map(|e| e.file_name()).collect(),
        Err(_) => Vec::new(),
    };
    names.sort();
    for name in names {
        id.add_os(&name);
        let compiler = toolchains.join(&name).join("bin").join("rustc");
        if id.add_file(&compiler).is_none() {
            id.add("-");
        }
    }
}

/// A hash of the parts added, each delimited.
#[derive(Default)]
pub struct Fingerprint {
    hasher: Sha256,
}

impl Fingerprint {
    pub fn add(&mut self, part: &str) {
        self.add_os(OsStr::new(part));
    }

    fn add_os(&mut self, part: &OsStr) {
        self.hasher.update((part.len() as u64).to_le_bytes());
        self.hasher.update(part.as_bytes());
    }

    fn add_content(&mut self, file: &Path) {
        let content = fs::read(file).unwrap_or_default();
        self.hasher.update((content.len() as u64).to_le_bytes());
        self.hasher.update(&content);
    }

    /// The file's path and identity (following links); `None` when it cannot be read.
    fn add_file(&mut self, file: &Path) -> Option<()> {
        let meta = fs::metadata(file).ok()?;
        self.add_os(file.as_os_str());
        let fields = [
            meta.dev(),
            meta.ino(),
            meta.size(),
            meta.mtime() as u64,
            meta.mtime_nsec() as u64,
            meta.ctime() as u64,
            meta.ctime_nsec() as u64,
        ];
        for field in fields {
            self.hasher.update(field.to_le_bytes());
        }
        Some(())
    }

    pub fn finish(self) -> String {
        let digest = self.hasher.finalize();
        digest.iter().map(|b| format!("{b:02x}")).collect()
    }
}

/// The file a command name runs, as `Command` finds it: a path as given, else the first on PATH.
fn on_path(command: &OsStr) -> Option<PathBuf> {
    let name = Path::new(command);
    if name.components().count() > 1 {
        return Some(name.to_path_buf());
    }
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .map(|dir| dir.join(name))
        .find(|candidate| candidate.is_file())
}

/// Whether `path` (resolved to `real`) is rustup's proxy: `rustup` itself under a link, or a hard link
/// to the `rustup` beside it.
fn is_rustup_proxy(path: &Path, real: &Path) -> bool {
    let named = |p: &Path| {
        p.file_name()
            .is_some_and(|n| n.as_bytes().starts_with(b"rustup"))
    };
    if named(real) {
        return true;
    }
    let sibling = path.with_file_name("rustup");
    match (fs::metadata(real), fs::metadata(sibling)) {
        (Ok(a), Ok(b)) => a.dev() == b.dev() && a.ino() == b.ino(),
        _ => false,
    }
}

fn is_elf(file: &Path) -> bool {
    let mut magic = [0u8; 4];
    fs::File::open(file)
        .and_then(|mut f| f.read_exact(&mut magic))
        .is_ok_and(|()| magic == *b"\x7fELF")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("identity-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        dir
    }

    /// A copy of a real ELF program, as a toolchain that is not rustup's.
    fn elf_copy(dir: &Path) -> PathBuf {
        let copy = dir.join("compiler");
        fs::copy("/bin/true", &copy).unwrap();
        copy
    }

    #[test]
    fn a_replaced_compiler_has_another_identity() {
        let dir = scratch("elf");
        let compiler = elf_copy(&dir);
        let command = compiler.to_str().unwrap();
        let first = identity(command).expect("an ELF program has an identity");
        assert_eq!(identity(command).as_ref(), Some(&first));
        let replacement = dir.join("new");
        fs::copy("/bin/true", &replacement).unwrap();
        fs::rename(&replacement, &compiler).unwrap();
        assert_ne!(identity(command), Some(first));
    }

    #[test]
    fn a_script_has_no_identity() {
        let dir = scratch("script");
        let script = dir.join("shim");
        fs::write(&script, "#!/bin/sh\nexec true\n").unwrap();
        assert_eq!(identity(script.to_str().unwrap()), None);
    }

    fn rustup_id(env: &RustupEnv) -> String {
        let mut id = Fingerprint::default();
        rustup_state(&mut id, env);
        id.finish()
    }

    #[test]
    fn whatever_rustup_reads_changes_the_identity() {
        let home = scratch("rustup");
        let bin = home.join("toolchains/stable/bin");
        fs::create_dir_all(&bin).unwrap();
        fs::write(
            home.join("settings.toml"),
            "default_toolchain = \"stable\"\n",
        )
        .unwrap();
        fs::write(bin.join("rustc"), "one").unwrap();
        let project = home.join("project");
        fs::create_dir_all(&project).unwrap();
        let env = RustupEnv {
            toolchain: None,
            home: Some(home.clone()),
            cwd: Some(project.clone()),
        };
        let mut seen = vec![rustup_id(&env)];
        let changed = |seen: &mut Vec<String>, env: &RustupEnv, what: &str| {
            let id = rustup_id(env);
            assert!(!seen.contains(&id), "{what} did not change the identity");
            seen.push(id);
        };
        fs::write(home.join("settings.toml"), "default_toolchain = \"beta\"\n").unwrap();
        changed(&mut seen, &env, "the default toolchain");
        fs::write(project.join("rust-toolchain.toml"), "[toolchain]\n").unwrap();
        changed(&mut seen, &env, "a rust-toolchain file");
        fs::write(bin.join("new"), "two, longer").unwrap();
        fs::rename(bin.join("new"), bin.join("rustc")).unwrap();
        changed(&mut seen, &env, "an updated compiler");
        fs::create_dir_all(home.join("toolchains/nightly/bin")).unwrap();
        changed(&mut seen, &env, "a new toolchain");
        let pinned = RustupEnv {
            toolchain: Some("nightly".into()),
            ..env.clone()
        };
        changed(&mut seen, &pinned, "RUSTUP_TOOLCHAIN");
        assert_eq!(rustup_id(&env), seen[4], "nothing changed, same identity");
    }
}
