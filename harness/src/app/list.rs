//! `harness list [ID...]`: the problems (all, or those named) with their judge, limits, checker and number
//! of tests.

use std::io::{self, Write};

use anyhow::Result;

use crate::package::Workspace;
use crate::plan::check_known;
use crate::{EXIT_FAILED, EXIT_OK};

pub fn list(workspace: &Workspace, ids: &[String]) -> Result<i32> {
    let ids = match ids.is_empty() {
        true => workspace.problem_ids()?,
        false => {
            // Every id is checked before anything is printed, as `harness run` does.
            let mut named: Vec<String> = Vec::new();
            for id in ids {
                check_known(workspace, id)?;
                if !named.contains(id) {
                    named.push(id.clone());
                }
            }
            named
        }
    };
    let mut out = io::stdout().lock();
    writeln!(
        out,
        "{:<16} {:<8} {:>8} {:>8}  {:<8} {:>5}  title",
        "id", "judge", "time", "memory", "checker", "tests"
    )?;
    let mut code = EXIT_OK;
    for id in ids {
        match workspace.load_problem(&id) {
            Ok(problem) => {
                let tests = workspace
                    .load_tests(&problem)
                    .map_or_else(|_| "-".to_string(), |t| t.len().to_string());
                let title = match problem.data_id == problem.id {
                    true => problem.title.clone(),
                    false => format!("{} (= {})", problem.title, problem.data_id),
                };
                writeln!(
                    out,
                    "{:<16} {:<8} {:>5} ms {:>4} MiB  {:<8} {:>5}  {title}",
                    problem.id,
                    problem.judge,
                    problem.time_limit_ms,
                    problem.memory_limit_mb,
                    problem.checker.to_string(),
                    tests
                )?;
            }
            Err(err) => {
                writeln!(out, "{id:<16} error: {err:#}")?;
                code = EXIT_FAILED;
            }
        }
    }
    Ok(code)
}
