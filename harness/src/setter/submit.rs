//! `harness submit-check`: proves that each solution file can be pasted into a judge as it is. The file
//! compiles alone with `rustc --edition 2021`, uses std only (no `extern crate` beyond std/core/alloc, no
//! dependencies in its package), its package declares `rust-version = "1.70"`, and clippy's
//! `incompatible_msrv` lint finds no API newer than that.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::process::Command;

use anyhow::{bail, Context, Result};
use rayon::prelude::*;

use crate::lang::{Compiled, Compiler};
use crate::package::{self, Workspace};

/// The Rust version every solution must build with (the judges' compilers are old).
pub const RUST_VERSION: &str = "1.70";

/// The clippy lint that compares the APIs a package uses with its `rust-version`.
const MSRV_LINT: &str = "clippy::incompatible_msrv";

/// What was found about one solution file.
#[derive(Debug, Clone)]
pub struct SubmitCheck {
    /// The solution's id (`solutions/<id>`).
    pub id: String,
    /// Every problem judged with it (itself, and the `same_as` problems that were asked for).
    pub problems: Vec<String>,
    /// The file to paste, relative to the workspace root.
    pub file: String,
    /// Each reason it cannot be submitted as it is; empty when it can.
    pub failures: Vec<String>,
}

impl SubmitCheck {
    pub fn ok(&self) -> bool {
        self.failures.is_empty()
    }
}

/// Checks the solutions of `ids` (all problems when empty). Only setup problems (an unknown id, cargo or
/// clippy not runnable) are errors.
pub fn check(workspace: &Workspace, ids: &[String]) -> Result<Vec<SubmitCheck>> {
    let ids = match ids.is_empty() {
        true => workspace.native_problem_ids()?,
        false => ids.to_vec(),
    };
    let mut checks: Vec<SubmitCheck> = Vec::new();
    for id in &ids {
        let problem = workspace.load_problem(id)?;
        let solution = problem.data_id.clone();
        match checks.iter_mut().find(|c| c.id == solution) {
            Some(check) => check.problems.push(id.clone()),
            None => checks.push(SubmitCheck {
                file: workspace.relative(&workspace.solution_file(&solution)),
                id: solution,
                problems: vec![id.clone()],
                failures: Vec::new(),
            }),
        }
    }

    let context = crate::exec::RunContext::of(workspace, 1)?;
    let found: Vec<Vec<String>> = checks
        .par_iter()
        .map(|c| check_files(workspace, &context.compiler, &c.id))
        .collect::<Result<_>>()?;
    for (check, failures) in checks.iter_mut().zip(found) {
        check.failures = failures;
    }

    // Clippy needs a cargo package; those without one already failed above.
    let packages: Vec<&str> = checks
        .iter()
        .filter(|c| package_dir(workspace, &c.id).join("Cargo.toml").is_file())
        .map(|c| c.id.as_str())
        .collect();
    if !packages.is_empty() {
        let mut lints = clippy_msrv(workspace, &packages)?;
        for check in &mut checks {
            check
                .failures
                .extend(lints.remove(&check.id).unwrap_or_default());
        }
    }
    Ok(checks)
}

/// The report: a line per solution with the file to paste, the reasons for each failure, and a count.
pub fn render(checks: &[SubmitCheck]) -> String {
    let width = checks.iter().map(|c| c.id.len()).max().unwrap_or(0).max(7);
    let mut text = String::new();
    for check in checks {
        let also: Vec<&String> = check.problems.iter().filter(|p| **p != check.id).collect();
        let also = match also.is_empty() {
            true => String::new(),
            false => format!(
                " (also for {})",
                also.iter()
                    .map(|p| p.as_str())
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        };
        match check.ok() {
            true => {
                let _ = writeln!(
                    text,
                    "{:<width$}  ok    paste {}{also}",
                    check.id, check.file
                );
            }
            false => {
                let _ = writeln!(text, "{:<width$}  FAIL  {}{also}", check.id, check.file);
                for failure in &check.failures {
                    let mut lines = failure.lines();
                    let _ = writeln!(text, "    - {}", lines.next().unwrap_or(""));
                    for line in lines {
                        let _ = writeln!(text, "      {line}");
                    }
                }
            }
        }
    }
    let ok = checks.iter().filter(|c| c.ok()).count();
    let _ = writeln!(
        text,
        "{} solutions: {ok} submittable as they are, {} not",
        checks.len(),
        checks.len() - ok
    );
    text
}

fn package_dir(workspace: &Workspace, id: &str) -> std::path::PathBuf {
    workspace.root.join("solutions").join(id)
}

/// The checks that need no cargo: the file compiles alone, uses std only, and its package is declared right.
fn check_files(workspace: &Workspace, compiler: &Compiler, id: &str) -> Result<Vec<String>> {
    let mut failures = Vec::new();
    let file = workspace.solution_file(id);
    if !file.is_file() {
        failures.push(format!(
            "{} does not exist; write the solution there",
            file.display()
        ));
        return Ok(failures);
    }
    if let Compiled::Failed { message } = compiler.compile(&file)? {
        let head: Vec<&str> = message.lines().take(12).collect();
        failures.push(format!(
            "does not compile alone with `rustc --edition 2021 -O`:\n{}",
            head.join("\n")
        ));
    }
    let source = package::read_text(&file)?;
    failures.extend(
        foreign_crates(&source)
            .into_iter()
            .map(|name| format!("`extern crate {name}`: a judge has only std (and core, alloc)")),
    );
    let manifest = package_dir(workspace, id).join("Cargo.toml");
    if !manifest.is_file() {
        failures.push(format!(
            "{} does not exist; every solution is a cargo package (see `harness new`)",
            manifest.display()
        ));
        return Ok(failures);
    }
    let text = package::read_text(&manifest)?;
    failures.extend(
        manifest_problems(&text, id)
            .into_iter()
            .map(|problem| format!("{}: {problem}", workspace.relative(&manifest))),
    );
    Ok(failures)
}

/// Crates named by `extern crate` other than std, core and alloc.
pub fn foreign_crates(source: &str) -> Vec<String> {
    source
        .lines()
        .filter_map(|line| line.trim().strip_prefix("extern crate "))
        .map(|rest| {
            rest.split(|c: char| !(c.is_alphanumeric() || c == '_'))
                .next()
                .unwrap_or("")
                .to_string()
        })
        .filter(|name| !["std", "core", "alloc"].contains(&name.as_str()))
        .collect()
}

/// What is wrong with a solution package's Cargo.toml: its name, its rust-version, any dependency.
pub fn manifest_problems(text: &str, id: &str) -> Vec<String> {
    let value: toml::Table = match text.parse() {
        Ok(value) => value,
        Err(err) => return vec![format!("not valid TOML: {}", err.message())],
    };
    let mut problems = Vec::new();
    let package = value.get("package").and_then(toml::Value::as_table);
    let name = package
        .and_then(|p| p.get("name"))
        .and_then(toml::Value::as_str);
    if name != Some(id) {
        problems.push(format!(
            "the package name must be `{id}`, the solution's id (found {})",
            name.map_or("none".to_string(), |n| format!("`{n}`"))
        ));
    }
    let version = package
        .and_then(|p| p.get("rust-version"))
        .and_then(toml::Value::as_str);
    if version != Some(RUST_VERSION) {
        problems.push(format!(
            "declare `rust-version = \"{RUST_VERSION}\"` under [package] (found {}), so clippy checks the APIs against the judges' Rust",
            version.map_or("none".to_string(), |v| format!("\"{v}\""))
        ));
    }
    let mut tables: Vec<(String, &toml::Value)> =
        ["dependencies", "dev-dependencies", "build-dependencies"]
            .iter()
            .filter_map(|key| value.get(*key).map(|v| (key.to_string(), v)))
            .collect();
    if let Some(targets) = value.get("target").and_then(toml::Value::as_table) {
        for (target, table) in targets {
            for key in ["dependencies", "dev-dependencies", "build-dependencies"] {
                if let Some(v) = table.get(key) {
                    tables.push((format!("target.{target}.{key}"), v));
                }
            }
        }
    }
    for (key, table) in tables {
        let names: Vec<&String> = table
            .as_table()
            .map(|t| t.keys().collect())
            .unwrap_or_default();
        if !names.is_empty() {
            problems.push(format!(
                "[{key}] lists {}: a judge has only std; remove them",
                names
                    .iter()
                    .map(|n| format!("`{n}`"))
                    .collect::<Vec<_>>()
                    .join(", ")
            ));
        }
    }
    problems
}

/// How long `cargo clippy` may take on the solutions.
const CLIPPY_TIME: std::time::Duration = std::time::Duration::from_secs(30 * 60);

/// Runs `cargo clippy` on the packages with only the `incompatible_msrv` lint, as an error, and returns its
/// findings (and any other compile error) per package.
fn clippy_msrv(workspace: &Workspace, packages: &[&str]) -> Result<BTreeMap<String, Vec<String>>> {
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let mut command = Command::new(&cargo);
    command.current_dir(&workspace.root).args([
        "clippy",
        "--quiet",
        "--keep-going",
        "--message-format=json",
    ]);
    for package in packages {
        command.args(["--package", package]);
    }
    command.args(["--", "-A", "clippy::all", "-D", MSRV_LINT]);
    let (output, timed_out) = crate::lang::limited::output_within(&mut command, CLIPPY_TIME)
        .with_context(|| {
            format!(
                "cannot run `{} clippy` in {}: install Rust with rustup",
                cargo.to_string_lossy(),
                workspace.root.display()
            )
        })?;
    if timed_out {
        anyhow::bail!(
            "`cargo clippy` did not finish within {} minutes",
            CLIPPY_TIME.as_secs() / 60
        );
    }
    let mut found: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for line in String::from_utf8_lossy(&output.stdout).lines() {
        let Ok(message) = serde_json::from_str::<serde_json::Value>(line) else {
            continue;
        };
        if message["reason"] != "compiler-message" || message["message"]["level"] != "error" {
            continue;
        }
        let text = message["message"]["message"].as_str().unwrap_or("");
        if text.starts_with("aborting due to") {
            continue;
        }
        let Some(target) = message["target"]["name"].as_str() else {
            continue;
        };
        let code = message["message"]["code"]["code"].as_str();
        let at = message["message"]["spans"]
            .as_array()
            .and_then(|spans| spans.iter().find(|s| s["is_primary"] == true))
            .map(|s| {
                format!(
                    " at {}:{}:{}",
                    s["file_name"].as_str().unwrap_or("?"),
                    s["line_start"],
                    s["column_start"]
                )
            })
            .unwrap_or_default();
        let finding = match code {
            Some(MSRV_LINT) => format!("{MSRV_LINT}{at}: {text}"),
            Some(code) => format!("cargo clippy: error[{code}]{at}: {text}"),
            None => format!("cargo clippy: error{at}: {text}"),
        };
        found.entry(target.to_string()).or_default().push(finding);
    }
    if !output.status.success() && found.is_empty() {
        let stderr = String::from_utf8_lossy(&output.stderr);
        let hint = match stderr.contains("no such command") {
            true => " (install it with `rustup component add clippy`)",
            false => "",
        };
        bail!(
            "`cargo clippy` failed in {}{hint}:\n{}",
            workspace.root.display(),
            stderr.trim_end()
        );
    }
    Ok(found)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_std_crates() {
        let source = "extern crate std;\nextern crate core as c;\n  extern crate rand;\nextern crate alloc;\n";
        assert_eq!(foreign_crates(source), ["rand"]);
    }

    #[test]
    fn manifests() {
        let good = "[package]\nname = \"hdu1846\"\nrust-version = \"1.70\"\n\n[dependencies]\n";
        assert!(manifest_problems(good, "hdu1846").is_empty());
        let bad = "[package]\nname = \"other\"\nrust-version = \"1.80\"\n\n[dependencies]\nrand = \"0.8\"\n\n[target.'cfg(unix)'.dev-dependencies]\nlibc = \"0.2\"\n";
        let problems = manifest_problems(bad, "hdu1846");
        assert_eq!(problems.len(), 4, "{problems:#?}");
        assert!(problems[0].contains("`other`"));
        assert!(problems[1].contains("found \"1.80\""));
        assert!(problems[2].contains("[dependencies] lists `rand`"));
        assert!(problems[3].contains("`libc`"));
        assert!(manifest_problems("[package]\nname = \"x\"\n", "x")[0].contains("found none"));
    }
}
