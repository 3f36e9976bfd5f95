//! The problem-setter programs of a problem (generator, brute force, solution), compiled, and how they are
//! run: to completion under generous limits, any failure an error that names the program.

use std::ffi::OsString;
use std::fs;
use std::path::{Path, PathBuf};

use anyhow::{bail, Context, Result};

use crate::grade::scratch::Scratch;
use crate::lang::{Compiled, Compiler, Executable};
use crate::model::Limits;
use crate::package::Workspace;
use crate::sandbox::Sandbox;

/// The problem-setter programs of one problem, compiled.
pub struct Tools {
    pub gen: Option<Executable>,
    pub brute: Option<Executable>,
    pub solution: Option<Executable>,
}

impl Tools {
    /// Compiles the programs that are asked for; a compile error is a setup error here.
    pub fn compile(
        workspace: &Workspace,
        compiler: &Compiler,
        id: &str,
        gen: bool,
        brute: bool,
        solution: bool,
    ) -> Result<Tools> {
        let dir = workspace.problem_dir(id);
        let build = |wanted: bool, path: PathBuf| -> Result<Option<Executable>> {
            if !wanted {
                return Ok(None);
            }
            if !path.is_file() {
                bail!(
                    "{} does not exist; it is needed here (see docs/setter.md, \"Adding a problem\")",
                    path.display()
                );
            }
            match compiler.compile(&path)? {
                Compiled::Ok(binary) => Ok(Some(binary)),
                Compiled::Skipped { reason } => bail!("{}: {reason}", path.display()),
                Compiled::Failed { message } => {
                    bail!("{} does not compile:\n{message}", path.display())
                }
            }
        };
        Ok(Tools {
            gen: build(gen, dir.join("gen.rs"))?,
            brute: build(brute, dir.join("brute.rs"))?,
            solution: build(solution, workspace.solution_file(id))?,
        })
    }
}

/// Runs a problem-setter program to completion on `stdin` (no input when `None`) and returns its stdout;
/// any failure is an error that names the program, its arguments and its stderr. The input may be a
/// scratch file, so the caller names it (see `keep_failed`).
pub fn run_tool(
    sandbox: &Sandbox,
    binary: &Executable,
    what: &str,
    args: &[String],
    stdin: Option<&Path>,
    scratch: &Scratch,
) -> Result<Vec<u8>> {
    let stdout = scratch.file("tool.out");
    let stdin = stdin.unwrap_or(Path::new("/dev/null"));
    let os_args: Vec<OsString> = args.iter().map(OsString::from).collect();
    let limits = Limits::tool();
    let command = binary.invocation(limits.memory_kb / 1024, &os_args);
    let outcome = sandbox.run(&command, stdin, &stdout, &limits)?;
    let failure = if let Some(reason) = &outcome.judge_error {
        Some(format!("was lost by the judge: {reason}"))
    } else if outcome.wall_killed {
        Some(format!(
            "was killed by the wall clock after {} s",
            outcome.wall_us / 1_000_000
        ))
    } else if outcome.output_overflow(&limits) {
        Some(format!("printed more than {} bytes", limits.output_bytes))
    } else if !outcome.exit.success() {
        Some(format!("failed with {}", outcome.exit))
    } else {
        None
    };
    if let Some(failure) = failure {
        let stderr = String::from_utf8_lossy(&outcome.stderr_tail);
        let tail: Vec<&str> = stderr
            .lines()
            .rev()
            .take(10)
            .collect::<Vec<_>>()
            .into_iter()
            .rev()
            .collect();
        bail!(
            "`{}` {failure}\n{}",
            command_line(what, args),
            tail.join("\n")
        );
    }
    fs::read(&stdout).with_context(|| format!("cannot read {}", stdout.display()))
}

/// A program and its arguments as a person would type them: `gen small 7`, `brute`.
pub fn command_line(what: &str, args: &[String]) -> String {
    std::iter::once(what)
        .chain(args.iter().map(String::as_str))
        .collect::<Vec<_>>()
        .join(" ")
}

/// Keeps a file of a failure (an input, an answer) under `target/harness/failed/<id>/` in the workspace,
/// where it outlives the run's scratch folder, and returns its path for the message.
pub fn keep_failed(workspace: &Workspace, id: &str, name: &str, bytes: &[u8]) -> Result<PathBuf> {
    let dir = workspace
        .root
        .join("target")
        .join("harness")
        .join("failed")
        .join(id);
    fs::create_dir_all(&dir).with_context(|| format!("cannot create {}", dir.display()))?;
    let path = dir.join(name);
    fs::write(&path, bytes).with_context(|| format!("cannot write {}", path.display()))?;
    Ok(path)
}

#[cfg(test)]
mod tests {
    use super::command_line;

    #[test]
    fn a_command_line_has_no_stray_space() {
        assert_eq!(command_line("brute", &[]), "brute");
        let args = ["small".to_string(), "7".to_string()];
        assert_eq!(command_line("gen", &args), "gen small 7");
    }
}
