//! A package given as its `.zip` (as Polygon and other systems download them): judged without the user
//! unpacking it. Its files are extracted once beside the cache, in a folder named by the digest of the
//! zip's bytes, and that folder is judged as the package; errors name the zip and the entry.

use std::fs;
use std::io::Read;
use std::path::{Path, PathBuf};

use anyhow::{bail, Context, Result};
use sha2::{Digest, Sha256};

/// The most a package may unpack to, all its files together: a test set larger than this is not a
/// package a judge is given as a zip.
const MOST_BYTES: u64 = 4 << 30;

/// Whether `path` is a zip file the judge unpacks (a file named `*.zip`).
pub fn is_zip(path: &Path) -> bool {
    path.is_file()
        && path
            .extension()
            .is_some_and(|e| e.eq_ignore_ascii_case("zip"))
}

/// The folder the zip `zip` unpacks to beside the cache `cache` (unpacked now unless it already is): named
/// as the zip is, less its extension and the `$linux`/`$windows` that Polygon adds to a package's name.
/// When the zip holds one folder and nothing beside it, that folder. Beside the cache, not in it: a
/// compiler sees the cache's files one by one, and a package's program needs the headers beside it.
pub fn unpacked(zip: &Path, cache: &Path) -> Result<PathBuf> {
    let bytes = fs::read(zip).with_context(|| format!("cannot read {}", zip.display()))?;
    let digest: String = Sha256::digest(&bytes)[..12]
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect();
    let stem = zip.file_stem().unwrap_or_default().to_string_lossy();
    let name = stem
        .split('$')
        .next()
        .filter(|n| !n.is_empty())
        .unwrap_or("package");
    let cache_name = cache.file_name().unwrap_or_default().to_string_lossy();
    let folder = cache
        .with_file_name(format!("{cache_name}-unzipped"))
        .join(digest);
    let out = folder.join(name);
    if !folder.join(".complete").is_file() {
        let partial = folder.with_extension(format!("partial-{}", std::process::id()));
        let _ = fs::remove_dir_all(&partial);
        extract(zip, &bytes, &partial.join(name))?;
        fs::write(partial.join(".complete"), b"")
            .with_context(|| format!("cannot write {}", partial.display()))?;
        let _ = fs::remove_dir_all(&folder);
        if fs::rename(&partial, &folder).is_err() && !folder.join(".complete").is_file() {
            bail!("cannot write {}", folder.display());
        }
        let _ = fs::remove_dir_all(&partial);
    }
    Ok(single_folder(&out).unwrap_or(out))
}

/// The one folder `dir` holds when it holds nothing else (a zip of a package's folder).
fn single_folder(dir: &Path) -> Option<PathBuf> {
    let entries: Vec<_> = fs::read_dir(dir).ok()?.flatten().collect();
    match entries.as_slice() {
        [only] if only.path().is_dir() => Some(only.path()),
        _ => None,
    }
}

/// Writes every file of the zip into `out`; an entry that would leave it, a link, or too many bytes is
/// an error naming the entry.
fn extract(zip: &Path, bytes: &[u8], out: &Path) -> Result<()> {
    let mut archive = zip::ZipArchive::new(std::io::Cursor::new(bytes))
        .with_context(|| format!("{}: not a zip file the judge can read", zip.display()))?;
    fs::create_dir_all(out).with_context(|| format!("cannot create {}", out.display()))?;
    let mut total = 0u64;
    for index in 0..archive.len() {
        let mut entry = archive
            .by_index(index)
            .with_context(|| format!("{}: entry {index} cannot be read", zip.display()))?;
        let shown = entry
            .name()
            .map(|n| n.into_owned())
            .unwrap_or_else(|_| format!("number {index}"));
        let at = || format!("{}: entry `{shown}`", zip.display());
        let Some(relative) = entry.enclosed_name() else {
            bail!("{}: its path leaves the package's folder", at());
        };
        if entry.is_symlink() {
            bail!(
                "{}: a symbolic link; a package's files are plain files",
                at()
            );
        }
        let target = out.join(&relative);
        if entry.is_dir() {
            fs::create_dir_all(&target)
                .with_context(|| format!("cannot create {}", target.display()))?;
            continue;
        }
        if let Some(parent) = target.parent() {
            fs::create_dir_all(parent)
                .with_context(|| format!("cannot create {}", parent.display()))?;
        }
        let mut content = Vec::new();
        let left = MOST_BYTES - total;
        (&mut entry)
            .take(left + 1)
            .read_to_end(&mut content)
            .with_context(|| format!("{}: cannot be unpacked", at()))?;
        total += content.len() as u64;
        if total > MOST_BYTES {
            bail!(
                "{}: the package unpacks to more than {} GiB",
                at(),
                MOST_BYTES >> 30
            );
        }
        fs::write(&target, &content)
            .with_context(|| format!("cannot write {}", target.display()))?;
        // Scripts keep their execute bit (a `build` or `run` of a program folder).
        if entry.unix_mode().is_some_and(|mode| mode & 0o111 != 0) {
            use std::os::unix::fs::PermissionsExt;
            fs::set_permissions(&target, fs::Permissions::from_mode(0o755))
                .with_context(|| format!("cannot write {}", target.display()))?;
        }
    }
    Ok(())
}
