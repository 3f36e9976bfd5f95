//! `harness lint`: rustfmt and clippy on every Rust program of `problems/` (brute forces, generators,
//! validators, checkers, interactors, submissions). They are single files, not cargo packages, so
//! `cargo fmt` and `cargo clippy` never see them: each is checked alone, as the judge compiles it, with
//! `rustfmt --check --edition 2021` and `clippy-driver --edition 2021 -D warnings` under the workspace's
//! minimum Rust version (the one solutions declare), so clippy never asks for a newer API than judges have.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use anyhow::{bail, Context, Result};
use rayon::prelude::*;

use super::submit::RUST_VERSION;
use crate::grade::scratch::Scratch;
use crate::package::Workspace;

/// One finding: where, which tool, what it says.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct Finding {
    /// `problems/<id>/<file>.rs:<line>`, relative to the workspace root.
    pub at: String,
    pub tool: &'static str,
    pub message: String,
}

#[derive(Debug, Default)]
pub struct LintOutcome {
    pub files: usize,
    pub findings: Vec<Finding>,
}

/// Lints the Rust files of the problems `ids` (all problems when empty).
pub fn lint(workspace: &Workspace, ids: &[String], jobs: usize) -> Result<LintOutcome> {
    let ids = match ids.is_empty() {
        true => workspace.problem_ids()?,
        false => ids.to_vec(),
    };
    let mut files = Vec::new();
    for id in &ids {
        let dir = workspace.problem_dir(id);
        if !dir.is_dir() {
            bail!("{} does not exist: no problem `{id}`", dir.display());
        }
        files.extend(crate_roots(&workspace.root, &dir)?);
    }
    let mut findings: BTreeSet<Finding> = rustfmt(&workspace.root, &files)?.into_iter().collect();
    let driver = clippy_driver()?;
    let scratch = Scratch::new(&workspace.cache_dir())?;
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(jobs.max(1))
        .build()?;
    let found: Vec<Vec<Finding>> = pool.install(|| {
        files
            .par_iter()
            .enumerate()
            .map(|(i, file)| {
                clippy(
                    &driver,
                    &workspace.root,
                    file,
                    &scratch.named(&format!("lint-{i}.rmeta")),
                )
            })
            .collect::<Result<_>>()
    })?;
    findings.extend(found.into_iter().flatten());
    Ok(LintOutcome {
        files: files.len(),
        findings: findings.into_iter().collect(),
    })
}

/// The files compiled on their own under a problem folder, relative to `root`: every `.rs` file except the
/// shared modules (hidden folders, checked through the files that include them) and, in a submission that
/// is a folder, the files other than its `main.rs` (modules of that one program).
fn crate_roots(root: &Path, dir: &Path) -> Result<Vec<PathBuf>> {
    let mut roots = Vec::new();
    let walk = walkdir::WalkDir::new(dir)
        .sort_by_file_name()
        .into_iter()
        .filter_entry(|e| e.depth() == 0 || !e.file_name().to_string_lossy().starts_with('.'));
    for entry in walk {
        let entry = entry.with_context(|| format!("cannot list {}", dir.display()))?;
        let path = entry.path();
        if !entry.file_type().is_file() || path.extension().is_none_or(|e| e != "rs") {
            continue;
        }
        let inside = path.strip_prefix(dir).unwrap_or(path);
        let parts: Vec<_> = inside.components().collect();
        // submissions/<verdict>/<folder>/...: only the folder's main.rs is a program of its own.
        let in_folder = parts.len() > 3 && parts[0].as_os_str() == "submissions";
        if in_folder && !(parts.len() == 4 && entry.file_name() == "main.rs") {
            continue;
        }
        roots.push(path.strip_prefix(root).unwrap_or(path).to_path_buf());
    }
    Ok(roots)
}

/// How long rustfmt or clippy may take on the workspace's files.
const TOOL_TIME: std::time::Duration = std::time::Duration::from_secs(30 * 60);

fn run(command: &mut Command, what: &str) -> Result<Output> {
    let (output, timed_out) = crate::lang::limited::output_within(command, TOOL_TIME)
        .with_context(|| {
            format!("cannot run {what}: install it with `rustup component add rustfmt clippy`")
        })?;
    if timed_out {
        anyhow::bail!(
            "{what} did not finish within {} minutes",
            TOOL_TIME.as_secs() / 60
        );
    }
    Ok(output)
}

/// `rustfmt --check` on every file at once; one finding per place rustfmt would change.
fn rustfmt(root: &Path, files: &[PathBuf]) -> Result<Vec<Finding>> {
    if files.is_empty() {
        return Ok(Vec::new());
    }
    let output = run(
        Command::new("rustfmt")
            .current_dir(root)
            .args(["--check", "--edition", "2021"])
            .args(files),
        "rustfmt",
    )?;
    let stdout = String::from_utf8_lossy(&output.stdout);
    let mut findings: Vec<Finding> = stdout
        .lines()
        .filter_map(|line| line.strip_prefix("Diff in ")?.strip_suffix(':'))
        .map(|at| Finding {
            at: relative(root, at),
            tool: "rustfmt",
            message: "not formatted (run `rustfmt --edition 2021` on the file)".to_string(),
        })
        .collect();
    if !output.status.success() && findings.is_empty() {
        // Not a formatting difference: rustfmt could not read or parse a file.
        let stderr = String::from_utf8_lossy(&output.stderr);
        findings.push(Finding {
            at: "problems".to_string(),
            tool: "rustfmt",
            message: stderr.lines().take(5).collect::<Vec<_>>().join(" / "),
        });
    }
    Ok(findings)
}

/// The clippy driver: on PATH (a rustup proxy), else in the active toolchain's sysroot.
fn clippy_driver() -> Result<PathBuf> {
    let on_path = Command::new("clippy-driver").arg("-V").output();
    if on_path.is_ok_and(|o| o.status.success()) {
        return Ok(PathBuf::from("clippy-driver"));
    }
    let sysroot = run(Command::new("rustc").args(["--print", "sysroot"]), "rustc")?;
    let driver = PathBuf::from(String::from_utf8_lossy(&sysroot.stdout).trim())
        .join("bin")
        .join("clippy-driver");
    if !driver.is_file() {
        bail!("clippy-driver not found on PATH nor in the toolchain: install it with `rustup component add clippy`");
    }
    Ok(driver)
}

/// clippy on one file, compiled alone as a program (metadata only, into `out`).
fn clippy(driver: &Path, root: &Path, file: &Path, out: &Path) -> Result<Vec<Finding>> {
    let output = run(
        Command::new(driver)
            .current_dir(root)
            // How cargo tells clippy the minimum Rust version: no lint suggests a newer API.
            .env("CARGO_PKG_RUST_VERSION", RUST_VERSION)
            .args([
                "--edition",
                "2021",
                "--crate-type",
                "bin",
                "--emit=metadata",
            ])
            .args(["--error-format=short", "-D", "warnings", "-o"])
            .arg(out)
            .arg(file),
        "clippy-driver",
    )?;
    let stderr = String::from_utf8_lossy(&output.stderr);
    // Short format: `path:line:col: error: message`, then `error: aborting due to ...`.
    let mut findings: Vec<Finding> = stderr
        .lines()
        .filter_map(|line| {
            let (at, message) = line.split_once(": error")?;
            let mut parts = at.rsplitn(3, ':');
            let (_col, line_no, path) = (parts.next()?, parts.next()?, parts.next()?);
            let message = message
                .trim_start_matches(|c| c != ':')
                .trim_start_matches(": ");
            Some(Finding {
                at: format!("{}:{line_no}", relative(root, path)),
                tool: "clippy",
                message: message.to_string(),
            })
        })
        .collect();
    if !output.status.success() && findings.is_empty() {
        findings.push(Finding {
            at: file.display().to_string(),
            tool: "clippy",
            message: stderr.lines().take(5).collect::<Vec<_>>().join(" / "),
        });
    }
    Ok(findings)
}

/// `path` (absolute or relative, with or without `:line`) relative to the workspace root.
fn relative(root: &Path, path: &str) -> String {
    let root = root.display().to_string();
    path.strip_prefix(&root)
        .map(|p| p.trim_start_matches('/'))
        .unwrap_or(path)
        .to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn crate_roots_skip_shared_modules_and_the_modules_of_a_folder_submission() {
        let root = std::env::temp_dir().join(format!("harness-lint-roots-{}", std::process::id()));
        let dir = root.join("problems").join("p");
        for file in [
            "brute.rs",
            "gen.rs",
            ".shared/gen.rs",
            "submissions/accepted/one.rs",
            "submissions/accepted/multi/main.rs",
            "submissions/accepted/multi/util.rs",
            "checker_kattis.cpp",
        ] {
            let path = dir.join(file);
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(&path, "").unwrap();
        }
        let found: Vec<String> = crate_roots(&root, &dir)
            .unwrap()
            .iter()
            .map(|p| p.display().to_string())
            .collect();
        std::fs::remove_dir_all(&root).unwrap();
        assert_eq!(
            found,
            [
                "problems/p/brute.rs",
                "problems/p/gen.rs",
                "problems/p/submissions/accepted/multi/main.rs",
                "problems/p/submissions/accepted/one.rs",
            ]
        );
    }

    #[test]
    fn paths_are_shown_from_the_workspace_root() {
        let root = Path::new("/w");
        assert_eq!(
            relative(root, "/w/problems/a/gen.rs:3"),
            "problems/a/gen.rs:3"
        );
        assert_eq!(relative(root, "problems/a/gen.rs"), "problems/a/gen.rs");
    }
}
