//! `harness validate`: every input proven valid, every invalid example rejected.

use std::io::{self, Write};

use anyhow::Result;

use super::jobs;
use crate::cli::ValidateArgs;
use crate::package::Workspace;
use crate::setter::validate::{self, ValidateOutcome};
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
    writeln!(out, "{}", summary(&outcome))?;
    Ok(match outcome.failures.is_empty() {
        true => EXIT_OK,
        false => EXIT_FAILED,
    })
}

/// `2 problems: 8 inputs valid, 1 invalid examples rejected, 0 exempt, 0 not as they must be`, with the
/// answers and valid outputs accepted when there were any.
pub fn summary(outcome: &ValidateOutcome) -> String {
    let outputs = match outcome.outputs_accepted {
        0 => String::new(),
        n => format!(", {n} answers and valid outputs accepted"),
    };
    format!(
        "{}: {} inputs valid{outputs}, {} invalid examples rejected, {} exempt, {} not as they must be",
        crate::report::count(outcome.problems, "problem"),
        outcome.accepted,
        outcome.rejected,
        outcome.exempt,
        outcome.failures.len()
    )
}
