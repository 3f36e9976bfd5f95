//! `harness validate`: every input proven valid, every invalid example rejected.

use std::io::{self, Write};

use anyhow::Result;

use super::jobs;
use crate::cli::ValidateArgs;
use crate::package::Workspace;
use crate::setter::validate;
use crate::{EXIT_FAILED, EXIT_OK};

pub fn validate(workspace: &Workspace, args: &ValidateArgs) -> Result<i32> {
    let outcome = validate::validate(workspace, &args.ids, jobs(args.jobs))?;
    let mut out = io::stdout().lock();
    // Why each invalid example was rejected: the reason must be the rule it was written to break.
    for rejection in &outcome.rejections {
        writeln!(out, "{rejection}")?;
    }
    for skipped in &outcome.skipped {
        writeln!(out, "{skipped}")?;
    }
    for failure in &outcome.failures {
        writeln!(out, "{failure}")?;
    }
    writeln!(
        out,
        "{}: {} inputs valid, {} invalid examples rejected, {} exempt, {} not as they must be",
        crate::report::count(outcome.problems, "problem"),
        outcome.accepted,
        outcome.rejected,
        outcome.exempt,
        outcome.failures.len()
    )?;
    Ok(match outcome.failures.is_empty() {
        true => EXIT_OK,
        false => EXIT_FAILED,
    })
}
