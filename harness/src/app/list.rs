//! `harness list [ID...]`: the problems (all, or those named) with their judge, limits, checker and number
//! of tests; a package dropped into `problems/` shows its format as the judge, `auto` for a time limit it
//! leaves to be computed.

use std::io::{self, Write};

use anyhow::Result;

use crate::package::kattis::KattisPackage;
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
        "{:<16} {:<8} {:>8} {:>8}  {:<10} {:>5}  title",
        "id", "judge", "time", "memory", "checker", "tests"
    )?;
    let mut code = EXIT_OK;
    for id in ids {
        if workspace.is_package(&id) {
            match workspace.load_package(&id) {
                Ok(package) => writeln!(out, "{}", package_line(&package))?,
                Err(err) => {
                    writeln!(out, "{id:<16} error: {err:#}")?;
                    code = EXIT_FAILED;
                }
            }
            continue;
        }
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
                    "{:<16} {:<8} {:>5} ms {:>4} MiB  {:<10} {:>5}  {title}",
                    problem.id,
                    problem.judge,
                    problem.time_limit_ms,
                    problem.memory_limit_mb,
                    match problem.interactor {
                        Some(_) => "interactor".to_string(),
                        None => problem.checker.to_string(),
                    },
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

/// A package's line: its format, limits, output validator and tests.
fn package_line(package: &KattisPackage) -> String {
    let time = match &package.timing.given {
        Some((seconds, _)) => format!("{:>5} ms", (seconds * 1000.0).round() as u64),
        None => format!("{:>8}", "auto"),
    };
    let validator = match &package.validator {
        Some(_) if package.interactive => "interactor",
        Some(_) => "program",
        None => "default",
    };
    let title = match &package.unsupported {
        Some(why) => format!("{} (not judged: {why})", package.name),
        None => package.name.clone(),
    };
    format!(
        "{:<16} {:<8} {time} {:>4} MiB  {validator:<10} {:>5}  {title}",
        package.id,
        "kattis",
        package.memory_mb,
        package.tests.len(),
    )
}
