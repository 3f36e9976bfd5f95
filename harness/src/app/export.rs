//! `harness export ID... --to DIR`: problems of the workspace as Kattis problem packages.

use anyhow::Result;

use crate::cli::ExportArgs;
use crate::package::Workspace;

pub fn export(_workspace: &Workspace, _args: &ExportArgs) -> Result<i32> {
    anyhow::bail!("harness export is not implemented yet")
}
