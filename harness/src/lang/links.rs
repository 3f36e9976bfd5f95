//! Files that are links (a package's tests or submissions shared between folders): each step on the way
//! to the file a link leads to, so that a contained program, which resolves every step itself, is given
//! the folders it passes through.

use std::fs;
use std::path::PathBuf;

/// As many links as the kernel follows in one path.
const MAX_HOPS: usize = 40;

/// `file` and, when it is a link, each file on the way to its target, one link at a time, each named from
/// its real folder.
pub fn hops(file: PathBuf) -> Vec<PathBuf> {
    let mut hops = vec![file];
    while hops.len() <= MAX_HOPS {
        let last = &hops[hops.len() - 1];
        let Ok(target) = fs::read_link(last) else {
            break;
        };
        let Some(folder) = last.parent() else {
            break;
        };
        let next = folder.join(target);
        let real = match (next.parent().map(fs::canonicalize), next.file_name()) {
            (Some(Ok(folder)), Some(name)) => folder.join(name),
            _ => break,
        };
        hops.push(real);
    }
    hops
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_chain_of_links_is_followed_step_by_step() {
        let dir = std::env::temp_dir().join(format!("harness-links-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        for folder in ["a", "b", "c"] {
            fs::create_dir_all(dir.join(folder)).unwrap();
        }
        let dir = fs::canonicalize(&dir).unwrap();
        fs::write(dir.join("c/file"), "x").unwrap();
        std::os::unix::fs::symlink("../c/file", dir.join("b/file")).unwrap();
        std::os::unix::fs::symlink(dir.join("b/file"), dir.join("a/file")).unwrap();
        assert_eq!(
            hops(dir.join("a/file")),
            vec![dir.join("a/file"), dir.join("b/file"), dir.join("c/file")]
        );
        assert_eq!(hops(dir.join("c/file")), vec![dir.join("c/file")]);
        // A loop ends.
        std::os::unix::fs::symlink("loop", dir.join("a/loop")).unwrap();
        assert_eq!(hops(dir.join("a/loop")).len(), MAX_HOPS + 1);
        let _ = fs::remove_dir_all(&dir);
    }
}
