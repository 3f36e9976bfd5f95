//! `harness new`: scaffold a problem and say what to do next.

use std::io::{self, Write};

use anyhow::Result;

use crate::cli::NewArgs;
use crate::package::Workspace;
use crate::setter::scaffold;
use crate::EXIT_OK;

pub fn new_problem(workspace: &Workspace, args: &NewArgs) -> Result<i32> {
    let created = scaffold::new_problem(workspace, &args.id, args.title.as_deref())?;
    let mut out = io::stdout().lock();
    for path in &created {
        writeln!(out, "created {path}")?;
    }
    let next = super::with_working_commands(&scaffold::next_steps(&args.id));
    write!(out, "{next}")?;
    Ok(EXIT_OK)
}
