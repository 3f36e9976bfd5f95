//! `harness gen`: write the generated test data, or with `--check` prove it current.

use std::io::{self, Write};

use anyhow::Result;

use super::jobs;
use crate::cli::GenArgs;
use crate::package::Workspace;
use crate::setter::gen;
use crate::{EXIT_FAILED, EXIT_OK};

pub fn generate(workspace: &Workspace, args: &GenArgs) -> Result<i32> {
    let outcome = gen::gen(workspace, &args.ids, args.check, jobs(args.jobs))?;
    let mut out = io::stdout().lock();
    for stats in &outcome.stats {
        write!(out, "{stats}")?;
    }
    for warning in &outcome.warnings {
        writeln!(out, "{warning}")?;
    }
    for mismatch in &outcome.mismatches {
        writeln!(out, "{mismatch}")?;
    }
    if args.check {
        writeln!(
            out,
            "{}: {} generated files current, {} not",
            crate::report::count(outcome.problems, "problem"),
            outcome.unchanged,
            outcome.mismatches.len()
        )?;
        if !outcome.mismatches.is_empty() && outcome.packages {
            writeln!(
                out,
                "the committed data is not what the generators make: regenerate it (BAPCtools' `bt generate`) or fix generators/generators.yaml"
            )?;
        } else if !outcome.mismatches.is_empty() {
            writeln!(
                out,
                "run `{} gen` to regenerate, and declare hand-made files in tests.toml",
                super::judge_command()
            )?;
        }
    } else {
        writeln!(
            out,
            "{}: {} files written, {} unchanged",
            crate::report::count(outcome.problems, "problem"),
            outcome.written,
            outcome.unchanged
        )?;
    }
    Ok(if outcome.mismatches.is_empty() {
        EXIT_OK
    } else {
        EXIT_FAILED
    })
}
