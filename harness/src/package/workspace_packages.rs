//! Problem packages dropped into the workspace: a folder of `problems/` with a `problem.yaml` (Kattis /
//! ICPC format) instead of our `problem.toml`. The default run grades it in place, from its own `data/`,
//! `submissions/`, output validator and limits, by the same loader as `harness verify`.

use anyhow::Result;

use super::kattis::{self, KattisPackage};
use super::workspace::Workspace;

impl Workspace {
    /// Whether problem `id` is a package: its folder has a `problem.yaml` and no `problem.toml` (our
    /// own layout wins when a folder has both).
    pub fn is_package(&self, id: &str) -> bool {
        let dir = self.problem_dir(id);
        super::native::is_problem_id(id)
            && dir.join("problem.yaml").is_file()
            && !dir.join("problem.toml").exists()
    }

    /// Reads the package `problems/<id>/`, its submissions named relative to the workspace root (as
    /// every other submission in a report), not to the package.
    pub fn load_package(&self, id: &str) -> Result<KattisPackage> {
        let mut package = kattis::load(&self.problem_dir(id))?;
        let prefix = self.relative(&self.problem_dir(id));
        let in_workspace = |relative: &str| format!("{prefix}/{relative}");
        for submission in &mut package.submissions {
            submission.relative = in_workspace(&submission.relative);
        }
        for unplanned in &mut package.unplanned {
            unplanned.relative = in_workspace(&unplanned.relative);
        }
        package.id = id.to_string();
        Ok(package)
    }

    /// The ids of the problems in our own layout (`problems/<id>/problem.toml`), packages left out: what
    /// the problem-setter commands (gen, stress, validate, export, submit-check) work on.
    pub fn native_problem_ids(&self) -> Result<Vec<String>> {
        Ok(self
            .problem_ids()?
            .into_iter()
            .filter(|id| !self.is_package(id))
            .collect())
    }
}
