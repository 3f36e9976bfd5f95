//! The submissions of a problem besides its solution: `problems/<id>/submissions/<folder>/<entry>`, each
//! entry a file or a folder of files in one language, the folder naming the verdict it must get (the
//! Kattis folders `accepted`, `wrong_answer`, `time_limit_exceeded`, `run_time_error`, `rejected`, and
//! our `presentation_error`, `memory_limit_exceeded`). Entries ending in `.disabled` are ignored.


use anyhow::{bail, Result};

use crate::package::Workspace;
use crate::model::{Expected, Problem, Submission};

impl Workspace {
    /// The submissions of a problem, by folder then name. A `same_as` problem has none of its own: they
    /// are graded once, under the original problem.
    pub fn submissions(&self, problem: &Problem) -> Result<Vec<Submission>> {
        if problem.data_id != problem.id {
            return Ok(Vec::new());
        }
        let root = problem.dir.join("submissions");
        let mut found = Vec::new();
        for folder in crate::package::text::entries(&root)? {
            if !folder.is_dir() {
                continue; // a README beside the folders
            }
            let name = folder.file_name().unwrap_or_default().to_string_lossy();
            let partial = (name == crate::model::PARTIALLY_ACCEPTED).then(|| {
                Expected::Verdicts(crate::model::VerdictRule {
                    folder: crate::model::VerdictRule::folder_name(&name),
                    permitted: crate::model::VerdictSet::of(&crate::model::Verdict::ALL),
                    required: crate::model::VerdictSet::of(&crate::model::Verdict::ALL),
                })
            });
            if partial.is_some() && problem.groups.is_empty() {
                bail!(
                    "{}: partially_accepted/ is for problems scored by test groups; declare [[group]]s in {} or move the submissions",
                    folder.display(),
                    problem.dir.join("problem.toml").display()
                );
            }
            let Some(expected) = partial.or_else(|| Expected::from_folder(&name)) else {
                bail!(
                    "{}: unknown submissions folder `{name}`; use one of {}",
                    folder.display(),
                    crate::model::Expected::ALL
                        .iter()
                        .map(|e| e.folder())
                        .collect::<Vec<_>>()
                        .join(", ")
                );
            };
            for path in crate::package::text::entries(&folder)? {
                let file_name = path.file_name().unwrap_or_default().to_string_lossy();
                if file_name.ends_with(".disabled") || file_name.starts_with('.') {
                    continue;
                }
                found.push(Submission {
                    problem: problem.id.clone(),
                    relative: self.relative(&path),
                    why: crate::package::text::leading_comment(&path),
                    path,
                    expected,
                    given: false,
                });
            }
        }
        Ok(found)
    }
}
