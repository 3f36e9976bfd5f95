//! `harness export ID... --to DIR`: problems of the workspace as Kattis problem packages (2023-07-draft),
//! one folder each, which `harness verify` and problemtools' `verifyproblem` read.

use std::io::{self, Write};

use anyhow::{bail, Context, Result};

use crate::cli::ExportArgs;
use crate::package::kattis::export::{export as export_problem, package_name};
use crate::package::Workspace;
use crate::EXIT_OK;

pub fn export(workspace: &Workspace, args: &ExportArgs) -> Result<i32> {
    let ids = match args.ids.is_empty() {
        true => workspace.native_problem_ids()?,
        false => args.ids.clone(),
    };
    let mut names: Vec<(String, &String)> = Vec::new();
    for id in &ids {
        let name = package_name(id);
        if let Some((_, other)) = names.iter().find(|(n, _)| *n == name) {
            bail!("`{other}` and `{id}` would both be the package `{name}`; export them apart");
        }
        names.push((name, id));
    }
    std::fs::create_dir_all(&args.to)
        .with_context(|| format!("cannot create {}", args.to.display()))?;
    let table = workspace.languages()?;
    let mut out = io::stdout().lock();
    for id in &ids {
        let exported = export_problem(workspace, &table, id, &args.to, args.force)?;
        writeln!(out, "{id:<14} {}", exported.dir.display())?;
        for note in &exported.notes {
            writeln!(out, "    {note}")?;
        }
    }
    writeln!(
        out,
        "{} packages written to {} (2023-07-draft; check them with `harness verify`)",
        ids.len(),
        args.to.display()
    )?;
    Ok(EXIT_OK)
}
