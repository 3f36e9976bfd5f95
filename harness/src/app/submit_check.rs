//! `harness submit-check`: prove each solution file can be pasted into a judge as it is.

use std::io::{self, Write};

use anyhow::Result;

use crate::cli::SubmitCheckArgs;
use crate::package::Workspace;
use crate::setter::submit;
use crate::{EXIT_FAILED, EXIT_OK};

pub fn submit_check(workspace: &Workspace, args: &SubmitCheckArgs) -> Result<i32> {
    let checks = submit::check(workspace, &args.ids)?;
    let mut out = io::stdout().lock();
    write!(out, "{}", submit::render(&checks))?;
    Ok(if checks.iter().all(submit::SubmitCheck::ok) {
        EXIT_OK
    } else {
        EXIT_FAILED
    })
}
