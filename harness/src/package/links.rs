//! A package is someone else's folder: a link inside it that leads out of it (to `/etc/shadow`, to a
//! home) would make the judge read, show or run what the package's author does not own. Such a link is an
//! error that names it; links that stay inside the package are followed as they are.

use std::path::Path;

use anyhow::{bail, Context, Result};

/// Fails on the first symbolic link under `dir` whose target is outside `dir` (or does not exist).
pub fn check_inside(dir: &Path) -> Result<()> {
    check_inside_except(dir, &[]).map(drop)
}

/// As `check_inside`, except that a link under one of the folders `aside` (of `dir`: parts the judge
/// reads only when asked, as validators, or never, as statements) is not an error: it is returned, said
/// as a warning naming it. What reads such a part checks it first (`outside`).
pub fn check_inside_except(dir: &Path, aside: &[&str]) -> Result<Vec<String>> {
    let root = dir
        .canonicalize()
        .with_context(|| format!("{}: cannot read the folder", dir.display()))?;
    let mut warnings = Vec::new();
    for (path, why) in leaving(&root, &root)? {
        let relative = path.strip_prefix(&root).unwrap_or(&path);
        match aside.iter().any(|part| relative.starts_with(part)) {
            true => warnings.push(format!(
                "{}: {why}; a part read only when it is used",
                relative.display()
            )),
            false => bail!("{}: {why}", path.display()),
        }
    }
    Ok(warnings)
}

/// The links under `part` (a file or folder of the package in `dir`) that lead out of the package, each
/// said with where it leads.
pub fn outside(dir: &Path, part: &Path) -> Result<Vec<String>> {
    let root = dir
        .canonicalize()
        .with_context(|| format!("{}: cannot read the folder", dir.display()))?;
    let part = std::path::absolute(part).unwrap_or_else(|_| part.to_path_buf());
    Ok(leaving(&root, &part)?
        .into_iter()
        .map(|(path, why)| format!("{}: {why}", path.display()))
        .collect())
}

/// Every link under `under` whose target is outside `root` or does not exist, with why.
fn leaving(root: &Path, under: &Path) -> Result<Vec<(std::path::PathBuf, String)>> {
    let mut found = Vec::new();
    for entry in walkdir::WalkDir::new(under).follow_links(false) {
        let entry = entry.with_context(|| format!("cannot read {}", under.display()))?;
        if !entry.path_is_symlink() {
            continue;
        }
        let path = entry.path();
        let target = std::fs::read_link(path).unwrap_or_default();
        match path.canonicalize() {
            Ok(resolved) if resolved.starts_with(root) => {}
            Ok(resolved) => found.push((
                path.to_path_buf(),
                format!(
                    "a link to {}, outside the package; a package must hold its files itself \
                     (copy the file in place of the link)",
                    resolved.display()
                ),
            )),
            Err(_) => found.push((
                path.to_path_buf(),
                format!(
                    "a link to {}, which does not exist; remove it or copy the file in its place",
                    target.display()
                ),
            )),
        }
    }
    Ok(found)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn links_out_of_the_package_are_refused_and_links_inside_are_not() {
        let dir =
            std::env::temp_dir().join(format!("harness-package-links-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("data/secret")).unwrap();
        std::fs::write(dir.join("data/secret/1.in"), "1\n").unwrap();
        std::os::unix::fs::symlink("1.in", dir.join("data/secret/2.in")).unwrap();
        check_inside(&dir).unwrap();
        std::os::unix::fs::symlink("/etc/passwd", dir.join("data/secret/1.ans")).unwrap();
        let err = format!("{:#}", check_inside(&dir).unwrap_err());
        assert!(
            err.contains("1.ans: a link to /etc/passwd, outside the package"),
            "{err}"
        );
        std::fs::remove_file(dir.join("data/secret/1.ans")).unwrap();
        std::os::unix::fs::symlink("../../../gone", dir.join("data/secret/3.in")).unwrap();
        let err = format!("{:#}", check_inside(&dir).unwrap_err());
        assert!(err.contains("which does not exist"), "{err}");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
