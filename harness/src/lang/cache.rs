//! The binary cache, keyed on every file the compiler read. A program's key starts from its top-level
//! source, the compiler's version and flags (the *base* key); the compiler's dependency list (rustc's
//! dep-info) names the other files it read (`mod` files, `include_str!`), which a manifest `<base>.deps`
//! keeps. The *full* key adds the path and content of each of them, so editing a module rebuilds every
//! program that uses it.

use std::fs;
use std::path::{Path, PathBuf};

use sha2::{Digest, Sha256};

/// The cache folder (`<cache>/bin`) and its naming.
#[derive(Debug, Clone)]
pub struct BuildCache {
    pub dir: PathBuf,
}

/// A cache entry: the build folder of a compiled program, or the compiler's message for a CE.
pub enum Entry {
    Binary(PathBuf),
    CompileError(String),
}

impl BuildCache {
    /// The base key: the compiler, its flags and the top-level source.
    pub fn base_key(&self, version: &str, flags: &[&str], source: &[u8]) -> String {
        let mut hasher = Sha256::new();
        // Bumped when the cache's layout changes, so old entries are never mistaken for new ones.
        hasher.update(b"deps-v1\0");
        hasher.update(version.as_bytes());
        hasher.update([0]);
        for flag in flags {
            hasher.update(flag.as_bytes());
            hasher.update([0]);
        }
        hasher.update(source);
        hex(&hasher.finalize())
    }

    /// The entry for `base`, if the files it depended on last time are unchanged. A compiler that writes
    /// no dependency list (g++ here, javac) leaves no manifest: its entry is stored under the base key.
    /// `roots`: the folders of the program's sources (`full_key`).
    pub fn lookup(&self, base: &str, source: &Path, roots: &[PathBuf]) -> Option<Entry> {
        let manifest =
            fs::read_to_string(self.dir.join(format!("{base}.deps"))).unwrap_or_default();
        let deps: Vec<&str> = manifest.lines().filter(|l| !l.is_empty()).collect();
        let full = full_key(base, source, &deps, roots)?;
        let build = self.dir.join(&full);
        if build.is_dir() {
            return Some(Entry::Binary(build));
        }
        fs::read_to_string(self.dir.join(format!("{full}.ce")))
            .ok()
            .map(Entry::CompileError)
    }

    /// Records what a compile depended on (paths as the compiler's dep-info gave them) and returns the full
    /// key to store its result under; `None` when a dependency cannot be read (then nothing is cached).
    pub fn record(
        &self,
        base: &str,
        source: &Path,
        dep_paths: &[PathBuf],
        roots: &[PathBuf],
    ) -> Option<String> {
        let deps: Vec<String> = dep_paths
            .iter()
            .filter(|dep| dep.as_path() != source)
            .map(|dep| relative_to_source(source, dep))
            .collect();
        let refs: Vec<&str> = deps.iter().map(String::as_str).collect();
        let full = full_key(base, source, &refs, roots)?;
        let mut manifest = deps.join("\n");
        manifest.push('\n');
        self.write_atomically(&format!("{base}.deps"), manifest.as_bytes());
        Some(full)
    }

    /// Writes a small cache file under its final name through a temporary one.
    pub fn write_atomically(&self, name: &str, bytes: &[u8]) {
        let scratch = self.dir.join(format!(
            "{name}.tmp-{}-{:?}",
            std::process::id(),
            std::thread::current().id()
        ));
        if fs::write(&scratch, bytes).is_ok() {
            let _ = fs::rename(&scratch, self.dir.join(name));
        }
    }
}

/// The most bytes of one dependency read for the key.
const DEPENDENCY_BYTES: u64 = 16 << 20;

/// The base key extended with every dependency's path (relative to the source's folder) and content;
/// `None` (the build is not cached) when a dependency is not a regular file of at most
/// `DEPENDENCY_BYTES` below one of `roots` (the folders of the program's sources, as bound into the
/// compiler's sandbox): a source can make its compiler read any file it sees (`#include "/dev/stdin"`), and
/// the judge, which reads them here in its own process, must not wait on its own standard input, a
/// device or a pipe, nor read a file of gigabytes.
fn full_key(base: &str, source: &Path, deps: &[&str], roots: &[PathBuf]) -> Option<String> {
    if deps.is_empty() {
        return Some(base.to_string());
    }
    let dir = source.parent().unwrap_or(Path::new(""));
    let mut hasher = Sha256::new();
    hasher.update(base.as_bytes());
    for dep in deps {
        let content = read_dependency(&dir.join(dep), roots)?;
        hasher.update([0]);
        hasher.update(dep.as_bytes());
        hasher.update([0]);
        hasher.update((content.len() as u64).to_le_bytes());
        hasher.update(&content);
    }
    Some(hex(&hasher.finalize()))
}

/// A dependency's content, when it is a regular file of at most `DEPENDENCY_BYTES` below one of `roots`
/// (links resolved); opened without blocking, so that a FIFO or a device is refused, not waited on.
fn read_dependency(path: &Path, roots: &[PathBuf]) -> Option<Vec<u8>> {
    use std::io::Read;
    use std::os::unix::fs::OpenOptionsExt;
    let real = fs::canonicalize(path).ok()?;
    if !roots.iter().any(|root| real.starts_with(root)) {
        return None;
    }
    let file = fs::OpenOptions::new()
        .read(true)
        .custom_flags(libc::O_NONBLOCK | libc::O_NOFOLLOW)
        .open(&real)
        .ok()?;
    let meta = file.metadata().ok()?;
    if !meta.is_file() || meta.len() > DEPENDENCY_BYTES {
        return None;
    }
    let mut content = Vec::new();
    file.take(DEPENDENCY_BYTES + 1)
        .read_to_end(&mut content)
        .ok()?;
    (content.len() as u64 <= DEPENDENCY_BYTES).then_some(content)
}

/// A dependency's path relative to the source's folder when it is below it (`common/rng.rs`,
/// `../common/rng.rs` as rustc spells a `#[path]`), else as it is.
fn relative_to_source(source: &Path, dep: &Path) -> String {
    let dir = source.parent().unwrap_or(Path::new(""));
    dep.strip_prefix(dir)
        .unwrap_or(dep)
        .to_string_lossy()
        .into_owned()
}

/// The files a compile read, from rustc's dep-info: every `path:` line with nothing after the colon.
pub fn parse_dep_info(text: &str) -> Vec<PathBuf> {
    text.lines()
        .filter_map(|line| line.strip_suffix(':'))
        .filter(|path| !path.is_empty())
        .map(|path| PathBuf::from(path.replace("\\ ", " ")))
        .collect()
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().take(16).map(|b| format!("{b:02x}")).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dep_info_lists_every_file_read() {
        let text = "/w/out/main: /w/p/gen.rs /w/p/../common/rng.rs\n\n/w/p/gen.rs:\n/w/p/../common/rng.rs:\n/w/p/my\\ file.txt:\n";
        assert_eq!(
            parse_dep_info(text),
            [
                PathBuf::from("/w/p/gen.rs"),
                PathBuf::from("/w/p/../common/rng.rs"),
                PathBuf::from("/w/p/my file.txt")
            ]
        );
    }

    #[test]
    fn full_key_changes_with_a_dependency() {
        let dir = std::env::temp_dir().join(format!("harness-cache-test-{}", std::process::id()));
        fs::create_dir_all(dir.join("sub")).unwrap();
        let source = dir.join("main.rs");
        fs::write(&source, "mod m;").unwrap();
        fs::write(dir.join("sub/m.rs"), "pub fn f() {}").unwrap();
        let cache = BuildCache { dir: dir.clone() };
        let base = cache.base_key("rustc 1", &["-O"], b"mod m;");
        let roots = [fs::canonicalize(&dir).unwrap()];
        let first = cache.record(
            &base,
            &source,
            &[source.clone(), dir.join("sub/m.rs")],
            &roots,
        );
        assert!(first.is_some() && first.as_deref() != Some(base.as_str()));
        fs::create_dir_all(dir.join(first.clone().unwrap())).unwrap();
        assert!(matches!(
            cache.lookup(&base, &source, &roots),
            Some(Entry::Binary(_))
        ));
        fs::write(dir.join("sub/m.rs"), "pub fn f() { }").unwrap();
        assert!(
            cache.lookup(&base, &source, &roots).is_none(),
            "a changed module is a miss"
        );
        let _ = fs::remove_dir_all(&dir);
    }

    /// A source that includes a FIFO, its standard input or a file outside its folders: the build is not
    /// cached, and the judge does not wait on the FIFO (with no writer, reading it would wait forever).
    #[test]
    fn only_regular_files_below_the_sources_are_keyed() {
        let dir = std::env::temp_dir().join(format!("harness-cache-fifo-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        let source = dir.join("main.cpp");
        fs::write(&source, "#include \"pipe\"").unwrap();
        fs::write(dir.join("ok.h"), "int x;").unwrap();
        let made = std::process::Command::new("mkfifo")
            .arg(dir.join("pipe"))
            .status()
            .unwrap();
        assert!(made.success());
        let cache = BuildCache { dir: dir.clone() };
        let base = cache.base_key("g++ 1", &["-O2"], b"#include \"pipe\"");
        let roots = [fs::canonicalize(&dir).unwrap()];
        for dep in [
            dir.join("pipe"),
            PathBuf::from("/dev/stdin"),
            PathBuf::from("/proc/self/fd/0"),
            PathBuf::from("/etc/hostname"),
        ] {
            assert_eq!(
                cache.record(&base, &source, &[dir.join("ok.h"), dep.clone()], &roots),
                None,
                "{}",
                dep.display()
            );
        }
        assert!(cache
            .record(&base, &source, &[dir.join("ok.h")], &roots)
            .is_some());
        let _ = fs::remove_dir_all(&dir);
    }
}
