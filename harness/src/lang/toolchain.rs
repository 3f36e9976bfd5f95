//! What a compiler needs inside the allowlist root beyond the system's folders: its own toolchain's
//! folder when it lives elsewhere (rustup's toolchains under a home), found from the binary itself; the
//! real `rustc` behind rustup's proxy (the proxy needs the home it lives in, the real one only its sysroot).

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Mutex;
use std::time::Duration;

use sandbox::Bind;

/// How long asking rustup for a toolchain's sysroot may take.
const ASK_TIME: Duration = Duration::from_secs(60);

/// Whether a contained program sees `path` without a bind of its own.
pub fn in_system(path: &Path) -> bool {
    sandbox::in_system_folders(path)
}

/// The compiler to run for the command `name` (as `version::tool` gives it): an absolute path (found on
/// the judge's PATH, as it would run it), and the real compiler when that path is rustup's proxy (its
/// sysroot's `bin/<name>`, asked once per process).
pub fn compiler(name: &str) -> PathBuf {
    let judge_path = std::env::var_os("PATH").unwrap_or_default();
    let found = match Path::new(name).components().count() > 1 {
        true => None,
        false => std::env::split_paths(&judge_path)
            .map(|dir| dir.join(name))
            .find(|candidate| candidate.is_file()),
    };
    let path =
        found.unwrap_or_else(|| PathBuf::from(super::version::resolve(std::ffi::OsStr::new(name))));
    let path = std::path::absolute(&path).unwrap_or(path);
    let is_proxy = std::fs::canonicalize(&path)
        .is_ok_and(|real| real.file_name().is_some_and(|n| n == "rustup"));
    if !is_proxy {
        return path;
    }
    static SYSROOTS: Mutex<Option<HashMap<PathBuf, Option<PathBuf>>>> = Mutex::new(None);
    let mut known = SYSROOTS.lock().unwrap_or_else(|e| e.into_inner());
    let sysroot = known
        .get_or_insert_with(HashMap::new)
        .entry(path.clone())
        .or_insert_with(|| sysroot(&path))
        .clone();
    let real = sysroot.and_then(|root| {
        let real = root.join("bin").join(path.file_name()?);
        real.is_file().then_some(real)
    });
    real.unwrap_or(path)
}

/// `<rustc> --print sysroot`, when it answers.
fn sysroot(rustc: &Path) -> Option<PathBuf> {
    let mut command = Command::new(rustc);
    command.args(["--print", "sysroot"]);
    let (output, timed_out) = super::limited::output_within(&mut command, ASK_TIME).ok()?;
    let text = String::from_utf8_lossy(&output.stdout).trim().to_string();
    (!timed_out && output.status.success() && !text.is_empty()).then(|| PathBuf::from(text))
}

/// The binds a compiler at `path` needs: none under the system's folders; else its toolchain's folder
/// (the one above `bin/`, or its own folder), and the path itself when it is a link from elsewhere.
pub fn binds(path: &Path) -> Vec<Bind> {
    let mut binds = Vec::new();
    let Ok(real) = std::fs::canonicalize(path) else {
        return binds;
    };
    if !in_system(&real) {
        let parent = real.parent().unwrap_or(Path::new("/"));
        let home = match parent.file_name() {
            Some(name) if name == "bin" => parent.parent().unwrap_or(parent),
            _ => parent,
        };
        if home != Path::new("/") {
            binds.push(Bind::read_only(home));
        }
    }
    if real != path && !in_system(path) {
        binds.push(Bind::read_only(path));
    }
    binds
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_toolchain_outside_the_system_folders_is_bound_from_above_its_bin() {
        assert!(binds(Path::new("/bin/sh")).is_empty());
        let dir = std::env::temp_dir().join(format!("harness-toolchain-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("kit/bin")).unwrap();
        std::fs::write(dir.join("kit/bin/cc"), "").unwrap();
        let real = std::fs::canonicalize(&dir).unwrap();
        assert_eq!(
            binds(&dir.join("kit/bin/cc")),
            [Bind::read_only(real.join("kit"))]
        );
        let _ = std::fs::remove_dir_all(&dir);
    }
}
