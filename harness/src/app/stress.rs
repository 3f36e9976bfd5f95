//! `harness stress`: the solution against the brute force; the first disagreement, saved on request.

use std::io::{self, Write};

use anyhow::Result;

use super::jobs;
use crate::cli::StressArgs;
use crate::package::Workspace;
use crate::setter::stress::{self, StressOptions, StressOutcome};
use crate::{EXIT_FAILED, EXIT_OK};

pub fn stress_command(workspace: &Workspace, args: &StressArgs) -> Result<i32> {
    let options = StressOptions {
        cases: args.cases,
        seed: args.seed,
        save: args.save,
        jobs: jobs(args.jobs),
    };
    let outcome = stress::stress(workspace, &args.id, &options)?;
    let mut out = io::stdout().lock();
    match outcome {
        StressOutcome::Agreed { cases } => {
            let last = args.seed + cases.saturating_sub(1);
            writeln!(
                out,
                "{}: solution and brute.rs agree on {cases} inputs (gen small {}..={last})",
                args.id, args.seed
            )?;
            Ok(EXIT_OK)
        }
        StressOutcome::Disagreed(disagreement) => {
            let described = stress::describe(&args.id, &disagreement);
            write!(out, "{}", super::with_working_commands(&described))?;
            if options.save {
                writeln!(out, "{}", stress::save(workspace, &args.id, &disagreement)?)?;
            }
            Ok(EXIT_FAILED)
        }
    }
}
