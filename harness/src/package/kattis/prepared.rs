//! A package's programs as the judge builds them when the package changes them before compiling
//! (2025-09): a submission gets the files of `include/<language>/` (else `include/default/`) beside its
//! own, theirs winning a name collision; its `entrypoint` (`submissions.yaml`) names its main file; and
//! `{{name}}` of problem.yaml's `constants` is replaced in example submissions, included files and
//! validators' sources. Such a program is copied, changed, into a folder named by the digest of what it
//! holds (under the build cache), and built from there; reports keep naming it as it is in the package.

use std::collections::BTreeMap;
use std::fs;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};

use anyhow::{bail, Context, Result};
use sha2::{Digest, Sha256};

use crate::lang::ENTRYPOINT_FILE;

/// What the package adds to, or changes in, one program.
#[derive(Debug, Default)]
pub struct Changes<'a> {
    /// Files put beside the program's own (name within the program, file), overwriting them.
    pub included: Vec<(String, PathBuf)>,
    /// The main file, relative to the program.
    pub entrypoint: Option<String>,
    /// `{{name}}` → value, replaced in every text file.
    pub constants: Option<&'a BTreeMap<String, String>>,
}

/// The files of `include/<language>/` when it exists, else of `include/default/`, each with its name
/// within the program (the 2025-09 "Included files": a language's folder overrides the default one).
pub fn included(dir: &Path, language: &str) -> Result<Vec<(String, PathBuf)>> {
    let root = dir.join("include");
    let folder = [root.join(language), root.join("default")]
        .into_iter()
        .find(|f| f.is_dir());
    let Some(folder) = folder else {
        return Ok(Vec::new());
    };
    files_under(&folder)
}

/// Every file under `folder` (hidden ones aside), with its path relative to it.
fn files_under(folder: &Path) -> Result<Vec<(String, PathBuf)>> {
    let mut files = Vec::new();
    for entry in walkdir::WalkDir::new(folder).sort_by_file_name() {
        let entry = entry.with_context(|| format!("cannot list {}", folder.display()))?;
        let hidden = entry.file_name().to_string_lossy().starts_with('.');
        if hidden && entry.depth() > 0 {
            continue;
        }
        if entry.file_type().is_file() || (entry.path_is_symlink() && entry.path().is_file()) {
            let relative = entry.path().strip_prefix(folder).unwrap_or(entry.path());
            files.push((relative.to_string_lossy().into_owned(), entry.into_path()));
        }
    }
    Ok(files)
}

/// The program at `path` (a file, or a folder) with `changes`: itself when they change nothing, else
/// its changed copy.
pub fn prepare(path: &Path, changes: &Changes) -> Result<PathBuf> {
    let name = path.file_name().unwrap_or_default().to_string_lossy();
    let own = match path.is_dir() {
        true => files_under(path)?,
        false => vec![(name.to_string(), path.to_path_buf())],
    };
    // Each file's bytes and mode (a validator's `build` and `run` scripts stay executable).
    let mut files: BTreeMap<String, (Vec<u8>, u32)> = BTreeMap::new();
    let mut changed = !changes.included.is_empty();
    for (relative, file) in own.iter().chain(&changes.included) {
        let bytes = fs::read(file).with_context(|| format!("cannot read {}", file.display()))?;
        let mode = fs::metadata(file).map_or(0o644, |m| m.permissions().mode()) & 0o755 | 0o644;
        let bytes = match (changes.constants, std::str::from_utf8(&bytes)) {
            (Some(constants), Ok(text)) if text.contains("{{") => {
                let replaced = super::generators::substitute(text, constants);
                changed |= replaced != text;
                replaced.into_bytes()
            }
            _ => bytes,
        };
        files.insert(relative.clone(), (bytes, mode));
    }
    if let Some(entry) = &changes.entrypoint {
        if !files.contains_key(entry) {
            bail!(
                "{}: entrypoint `{entry}` is not a file of the submission; name one of: {}",
                path.display(),
                files.keys().cloned().collect::<Vec<_>>().join(", ")
            );
        }
    }
    // A single file gets its copy's folder; that file stays its main one.
    let entrypoint = match path.is_dir() {
        true => changes.entrypoint.clone(),
        false => Some(changes.entrypoint.clone().unwrap_or(name.to_string())),
    };
    if !changed && (changes.entrypoint.is_none() || path.is_file()) {
        // An entry point of a folder still needs the copy that names it.
        return Ok(path.to_path_buf());
    }
    let mut digest = Sha256::new();
    for (relative, (bytes, mode)) in &files {
        digest.update((relative.len() as u64).to_le_bytes());
        digest.update(relative.as_bytes());
        digest.update((bytes.len() as u64).to_le_bytes());
        digest.update(bytes);
        digest.update(mode.to_le_bytes());
    }
    digest.update(entrypoint.as_deref().unwrap_or("").as_bytes());
    let hex: String = digest.finalize()[..12]
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect();
    let stem = Path::new(&*name)
        .file_stem()
        .unwrap_or_default()
        .to_string_lossy()
        .into_owned();
    let home = root().join(&hex);
    let copy = home.join(&stem);
    if copy.is_dir() {
        return Ok(copy);
    }
    // Written aside, then renamed: two loads at once never see half a copy.
    let building = root().join(format!("{hex}.{}.tmp", std::process::id()));
    let _ = fs::remove_dir_all(&building);
    let inside = building.join(&stem);
    for (relative, (bytes, mode)) in &files {
        let target = inside.join(relative);
        if let Some(parent) = target.parent() {
            fs::create_dir_all(parent)
                .with_context(|| format!("cannot create {}", parent.display()))?;
        }
        fs::write(&target, bytes).with_context(|| format!("cannot write {}", target.display()))?;
        fs::set_permissions(&target, fs::Permissions::from_mode(*mode))
            .with_context(|| format!("cannot write {}", target.display()))?;
    }
    if let Some(entry) = &entrypoint {
        fs::write(inside.join(ENTRYPOINT_FILE), entry)
            .with_context(|| format!("cannot write {}", inside.display()))?;
    }
    if fs::rename(&building, &home).is_err() {
        // Another load made the same copy meanwhile.
        let _ = fs::remove_dir_all(&building);
    }
    Ok(copy)
}

/// Where the changed copies go: `$HARNESS_CACHE_DIR/prepared`, else under `/var/tmp/harness-cache` (not
/// `/tmp`: the compiler's sandbox has a private one).
fn root() -> PathBuf {
    let cache = crate::package::workspace::cache_dir_from_env().unwrap_or_else(|| {
        match Path::new("/var/tmp").is_dir() {
            true => PathBuf::from("/var/tmp/harness-cache"),
            false => std::env::temp_dir().join("harness-cache"),
        }
    });
    cache.join("prepared")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_copy_gets_included_files_constants_and_its_entrypoint() {
        let dir = std::env::temp_dir().join(format!("harness-prepared-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(dir.join("sub")).unwrap();
        fs::create_dir_all(dir.join("include/python3")).unwrap();
        fs::create_dir_all(dir.join("include/default")).unwrap();
        fs::write(dir.join("sub/sol.py"), "print({{k}} + {{other}})\n").unwrap();
        fs::write(dir.join("include/python3/lib.py"), "K = {{k}}\n").unwrap();
        fs::write(dir.join("include/default/data.txt"), "{{k}}\n").unwrap();
        let constants: BTreeMap<String, String> = [("k".to_string(), "7".to_string())].into();
        let included = included(&dir, "python3").unwrap();
        assert_eq!(included.len(), 1, "the language's folder replaces the default one");
        let changes = Changes {
            included,
            entrypoint: None,
            constants: Some(&constants),
        };
        let copy = prepare(&dir.join("sub/sol.py"), &changes).unwrap();
        assert_ne!(copy, dir.join("sub/sol.py"));
        let read = |name: &str| fs::read_to_string(copy.join(name)).unwrap();
        assert_eq!(read("sol.py"), "print(7 + {{other}})\n");
        assert_eq!(read("lib.py"), "K = 7\n");
        assert_eq!(read(ENTRYPOINT_FILE), "sol.py");
        // Nothing to change: the program itself.
        let plain = Changes::default();
        assert_eq!(
            prepare(&dir.join("sub/sol.py"), &plain).unwrap(),
            dir.join("sub/sol.py")
        );
        let bad = Changes {
            entrypoint: Some("nope.py".into()),
            ..Changes::default()
        };
        assert!(format!("{:#}", prepare(&dir.join("sub"), &bad).unwrap_err()).contains("nope.py"));
        fs::remove_dir_all(&dir).unwrap();
    }
}
