//! The known-wrong submissions of a problem: `problems/<id>/wrong/*.rs`, each declaring in its leading
//! comment the verdict it must get (`//! expect: WA`) and why it is wrong (`//! why: ...`).

use std::fs;
use std::path::{Path, PathBuf};

use anyhow::{Context, Result};

use super::text::read_text;
use super::workspace::Workspace;
use crate::model::{Problem, Submission, Verdict};

/// The header of a wrong submission: its leading comment lines `//! expect: VERDICT` and `//! why: ...`.
#[derive(Debug, Clone, PartialEq)]
pub struct WrongHeader {
    /// The verdict it must get on some test, or why the header is not valid.
    pub expect: Result<Verdict, String>,
    pub why: Option<String>,
}

/// Reads the header of a wrong submission from the comment lines at the top of its source.
pub fn parse_wrong_header(source: &str) -> WrongHeader {
    let mut expect =
        Err("no `//! expect: VERDICT` line at the top, e.g. `//! expect: WA`".to_string());
    let mut why = None;
    let comments = source
        .lines()
        .map(str::trim)
        .take_while(|line| line.starts_with("//"));
    for line in comments {
        let text = line.trim_start_matches('/').trim_start_matches('!').trim();
        if let Some(value) = text.strip_prefix("expect:") {
            let value = value.trim();
            expect = match Verdict::from_name(value) {
                Some(verdict) if !matches!(verdict, Verdict::AC | Verdict::JE) => Ok(verdict),
                _ => Err(format!(
                    "`//! expect: {value}`: the verdict must be one of WA, PE, TLE, MLE, OLE, RE, CE"
                )),
            };
        } else if let Some(value) = text.strip_prefix("why:") {
            why = Some(value.trim().to_string());
        }
    }
    WrongHeader { expect, why }
}

/// The `.rs` files of `problems/<id>/wrong/`, sorted; none when there is no such folder.
pub fn wrong_files(problem_dir: &Path) -> Result<Vec<PathBuf>> {
    let dir = problem_dir.join("wrong");
    if !dir.is_dir() {
        return Ok(Vec::new());
    }
    let mut files = Vec::new();
    for entry in fs::read_dir(&dir).with_context(|| format!("cannot list {}", dir.display()))? {
        let path = entry
            .with_context(|| format!("cannot list {}", dir.display()))?
            .path();
        if path.extension().is_some_and(|ext| ext == "rs") && path.is_file() {
            files.push(path);
        }
    }
    files.sort();
    Ok(files)
}

impl Workspace {
    /// The known-wrong submissions of a problem. A `same_as` problem has none of its own: they are graded
    /// once, under the original problem.
    pub fn wrong_submissions(&self, problem: &Problem) -> Result<Vec<Submission>> {
        if problem.data_id != problem.id {
            return Ok(Vec::new());
        }
        let mut found = Vec::new();
        for path in wrong_files(&problem.dir)? {
            let header = parse_wrong_header(&read_text(&path)?);
            found.push(Submission {
                problem: problem.id.clone(),
                relative: self.relative(&path),
                path,
                expect: header.expect,
                why: header.why,
            });
        }
        Ok(found)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wrong_submission_headers() {
        let header =
            parse_wrong_header("//! expect: MLE\n//! why: a full table.\n\nfn main() {}\n");
        assert_eq!(header.expect, Ok(Verdict::MLE));
        assert_eq!(header.why.as_deref(), Some("a full table."));
        assert!(parse_wrong_header("fn main() {}\n").expect.is_err());
        let ac = parse_wrong_header("//! expect: AC\n").expect.unwrap_err();
        assert!(ac.contains("must be one of"), "{ac}");
        // Only the comment block at the top counts.
        assert!(parse_wrong_header("fn main() {}\n//! expect: WA\n")
            .expect
            .is_err());
    }
}
