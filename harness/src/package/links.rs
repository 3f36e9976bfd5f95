//! A package is someone else's folder: a link inside it that leads out of it (to `/etc/shadow`, to a
//! home) would make the judge read, show or run what the package's author does not own. Such a link is an
//! error that names it; links that stay inside the package are followed as they are.

use std::path::Path;

use anyhow::{bail, Context, Result};

/// Fails on the first symbolic link under `dir` whose target is outside `dir` (or does not exist).
pub fn check_inside(dir: &Path) -> Result<()> {
    let root = dir
        .canonicalize()
        .with_context(|| format!("{}: cannot read the folder", dir.display()))?;
    for entry in walkdir::WalkDir::new(&root).follow_links(false) {
        let entry = entry.with_context(|| format!("cannot read {}", root.display()))?;
        if !entry.path_is_symlink() {
            continue;
        }
        let path = entry.path();
        let target = std::fs::read_link(path).unwrap_or_default();
        match path.canonicalize() {
            Ok(resolved) if resolved.starts_with(&root) => {}
            Ok(resolved) => bail!(
                "{}: a link to {}, outside the package; a package must hold its files itself \
                 (copy the file in place of the link)",
                path.display(),
                resolved.display()
            ),
            Err(_) => bail!(
                "{}: a link to {}, which does not exist; remove it or copy the file in its place",
                path.display(),
                target.display()
            ),
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn links_out_of_the_package_are_refused_and_links_inside_are_not() {
        let dir = std::env::temp_dir().join(format!("harness-links-{}", std::process::id()));
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
