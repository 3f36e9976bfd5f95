//! `harness lint`: rustfmt and clippy on the Rust programs of problems/, which cargo does not see.

use std::io::{self, Write};

use anyhow::Result;

use super::jobs;
use crate::cli::LintArgs;
use crate::package::Workspace;
use crate::setter::lint;
use crate::{EXIT_FAILED, EXIT_OK};

pub fn lint(workspace: &Workspace, args: &LintArgs) -> Result<i32> {
    let outcome = lint::lint(workspace, &args.ids, jobs(args.jobs))?;
    let mut out = io::stdout().lock();
    for finding in &outcome.findings {
        writeln!(out, "{}: {}: {}", finding.at, finding.tool, finding.message)?;
    }
    writeln!(
        out,
        "{} files checked by rustfmt and clippy: {} findings",
        outcome.files,
        outcome.findings.len()
    )?;
    Ok(match outcome.findings.is_empty() {
        true => EXIT_OK,
        false => EXIT_FAILED,
    })
}
