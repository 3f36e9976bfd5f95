//! Where a compile error points, for people. A compiler's message is cached with the files it names
//! relative to the program's folder (`main.rs:14:25`), so that the same source compiled from two places
//! shares one cache entry; a report names them from the workspace instead (`solutions/x/src/main.rs:14:25`).

use std::path::Path;

/// `message` with every file it names by `NAME:` or `"NAME"` that exists in `dir` (the program's
/// folder on disk) renamed `SHOWN/NAME`, `shown` being how that folder is shown (workspace-relative).
pub fn located(message: &str, dir: &Path, shown: &str) -> String {
    if shown.is_empty() {
        return message.to_string();
    }
    let is_path_char = |c: char| c.is_alphanumeric() || matches!(c, '_' | '-' | '.' | '/');
    let mut out = String::with_capacity(message.len());
    let mut rest = message;
    while let Some(start) = rest.find(is_path_char) {
        let (before, from) = rest.split_at(start);
        out.push_str(before);
        let end = from.find(|c| !is_path_char(c)).unwrap_or(from.len());
        let (name, after) = from.split_at(end);
        // `main.rs:14:25`, `ce.cpp: In function`, `File "main.py"`.
        let at_line = after.starts_with(':');
        let quoted = before.ends_with('"') && after.starts_with('"');
        let in_dir = !name.starts_with('/') && !name.contains("..") && dir.join(name).is_file();
        if (at_line || quoted) && in_dir {
            out.push_str(shown.trim_end_matches('/'));
            out.push('/');
        }
        out.push_str(name);
        rest = after;
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn files_of_the_program_are_named_from_the_workspace() {
        let dir = std::env::temp_dir().join(format!("located-{}", std::process::id()));
        std::fs::create_dir_all(dir.join("pkg")).unwrap();
        for file in ["main.rs", "pkg/Util.java"] {
            std::fs::write(dir.join(file), "").unwrap();
        }
        let shown = "solutions/x/src";
        let cases = [
            (
                " --> main.rs:14:25\n",
                " --> solutions/x/src/main.rs:14:25\n",
            ),
            (
                "pkg/Util.java:3: error: ';' expected",
                "solutions/x/src/pkg/Util.java:3: error: ';' expected",
            ),
            (
                "  File \"main.rs\", line 1",
                "  File \"solutions/x/src/main.rs\", line 1",
            ),
            (
                "main.rs: In function `main`:",
                "solutions/x/src/main.rs: In function `main`:",
            ),
            // Not followed by a colon, not a file of the program, or outside its folder: as it was.
            ("see main.rs for more", "see main.rs for more"),
            ("error: main.rs.", "error: main.rs."),
            ("other.rs:1:1", "other.rs:1:1"),
            ("/usr/include/main.rs:2:1", "/usr/include/main.rs:2:1"),
            ("../main.rs:2:1", "../main.rs:2:1"),
            ("rustc --explain E0308.", "rustc --explain E0308."),
        ];
        for (message, expected) in cases {
            assert_eq!(located(message, &dir, shown), expected, "{message:?}");
        }
        assert_eq!(located("main.rs:1:1", &dir, ""), "main.rs:1:1");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
