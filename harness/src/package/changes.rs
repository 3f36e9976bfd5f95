//! What changed in a workspace under git: the commit it is at (a shard's stamp), and the problems whose
//! files changed since a revision (`--changed-since`): their problem folder, solution, test data and
//! submissions, the shared files they include (`problems/.shared/`), and the judge or its languages,
//! which every problem depends on.

use std::collections::BTreeMap;
use std::path::Path;
use std::process::Command;

use anyhow::{bail, Context, Result};

use super::Workspace;

/// Files of the workspace that every problem's grading depends on: the judge and its sandbox, its build
/// and the language table.
const EVERY_PROBLEM: [&str; 7] = [
    "harness/",
    "sandbox/",
    "languages.toml",
    "Cargo.toml",
    "Cargo.lock",
    "rust-toolchain",
    "rust-toolchain.toml",
];

/// The commit `root` is at, with `-dirty` when tracked files changed since; `None` outside git.
pub fn commit(root: &Path) -> Option<String> {
    let head = git(root, &["rev-parse", "HEAD"]).ok()?;
    let status = git(
        root,
        &["status", "--porcelain", "--untracked-files=no", "--", "."],
    )
    .ok()?;
    let head = head.trim().to_string();
    Some(match status.trim().is_empty() {
        true => head,
        false => format!("{head}-dirty"),
    })
}

/// The problems to grade after a change since `rev`, each with the changed file that touched it.
#[derive(Debug, Clone)]
pub struct Changes {
    /// The files changed since `rev` (committed, staged, in the work tree, or new), from the root.
    pub files: Vec<String>,
    /// The problems touched, by id, with the first file that touched each.
    pub touched: BTreeMap<String, String>,
}

/// Which problems of `ids` the changes since `rev` touch.
pub fn changed_since(workspace: &Workspace, rev: &str, ids: &[String]) -> Result<Changes> {
    let root = &workspace.root;
    git(
        root,
        &[
            "rev-parse",
            "--verify",
            "--quiet",
            &format!("{rev}^{{commit}}"),
        ],
    )
    .with_context(|| {
        format!(
            "--changed-since {rev}: not a commit of the repository at {}",
            root.display()
        )
    })?;
    let mut files: Vec<String> = Vec::new();
    for listing in [
        git(
            root,
            &[
                "diff",
                "--no-ext-diff",
                "--no-textconv",
                "--name-only",
                "--relative",
                rev,
                "--",
                ".",
            ],
        )?,
        git(
            root,
            &["ls-files", "--others", "--exclude-standard", "--", "."],
        )?,
    ] {
        files.extend(
            listing
                .lines()
                .filter(|l| !l.is_empty())
                .map(str::to_string),
        );
    }
    files.sort();
    files.dedup();
    // A new problem's solution package adds itself to Cargo.lock: that is no change of the judge.
    if files.iter().any(|f| f == "Cargo.lock") && !lock_changed_beyond_members(root, rev) {
        files.retain(|f| f != "Cargo.lock");
    }
    let data_ids: Vec<(String, String)> = ids
        .iter()
        .map(|id| {
            let dir = workspace.problem_dir(id);
            let problem = super::format_of(&dir).problem(&dir);
            let data = problem.map_or_else(|_| id.clone(), |p| p.data_id);
            (id.clone(), data)
        })
        .collect();
    let mut touched = BTreeMap::new();
    for file in &files {
        for id in touched_by(workspace, file, &data_ids) {
            touched.entry(id).or_insert_with(|| file.clone());
        }
    }
    Ok(Changes { files, touched })
}

/// The problems a changed file touches.
fn touched_by(workspace: &Workspace, file: &str, data_ids: &[(String, String)]) -> Vec<String> {
    if EVERY_PROBLEM
        .iter()
        .any(|f| file == *f || (f.ends_with('/') && file.starts_with(f)))
    {
        return data_ids.iter().map(|(id, _)| id.clone()).collect();
    }
    let mut parts = file.splitn(3, '/');
    let (Some(top), Some(folder)) = (parts.next(), parts.next()) else {
        return Vec::new();
    };
    if parts.next().is_none() {
        return Vec::new();
    }
    match (top, folder) {
        ("problems", ".shared") => {
            let name = &file["problems/.shared/".len()..];
            data_ids
                .iter()
                .filter(|(id, data)| includes(workspace, id, data, name))
                .map(|(id, _)| id.clone())
                .collect()
        }
        ("problems", _) => data_ids
            .iter()
            .filter(|(id, data)| id == folder || data == folder)
            .map(|(id, _)| id.clone())
            .collect(),
        ("solutions" | "testdata", _) => data_ids
            .iter()
            .filter(|(_, data)| data == folder)
            .map(|(id, _)| id.clone())
            .collect(),
        _ => Vec::new(),
    }
}

/// Whether a file of the problem (its folder, its solution) includes the shared file `name` (a `#[path]`
/// module, an `#include`, a copy between `shared: NAME` markers).
fn includes(workspace: &Workspace, id: &str, data: &str, name: &str) -> bool {
    let needles = [format!(".shared/{name}"), format!("shared: {name}")];
    let folders = [
        workspace.problem_dir(id),
        workspace.problem_dir(data),
        workspace.root.join("solutions").join(data),
    ];
    folders.iter().any(|folder| {
        walkdir::WalkDir::new(folder)
            .into_iter()
            .filter_map(|e| e.ok())
            .filter(|e| e.file_type().is_file() && e.metadata().is_ok_and(|m| m.len() < 1 << 20))
            .filter_map(|e| std::fs::read(e.path()).ok())
            .any(|bytes| {
                let text = String::from_utf8_lossy(&bytes);
                needles.iter().any(|n| text.contains(n.as_str()))
            })
    })
}

/// Whether Cargo.lock changed since `rev` in more than the workspace's own dependency-free packages (the
/// solutions: `[[package]]` entries with neither `source` nor `dependencies`), which the judge is not built
/// from. Anything unreadable counts as a change.
fn lock_changed_beyond_members(root: &Path, rev: &str) -> bool {
    let before = git(root, &["show", &format!("{rev}:./Cargo.lock")]).unwrap_or_default();
    let now = std::fs::read_to_string(root.join("Cargo.lock")).unwrap_or_default();
    match (judge_packages(&before), judge_packages(&now)) {
        (Some(before), Some(now)) => before != now,
        _ => true,
    }
}

/// The lock file's entries but the dependency-free workspace packages, and its other keys.
fn judge_packages(lock: &str) -> Option<toml::Table> {
    let mut table: toml::Table = lock.parse().ok()?;
    if let Some(toml::Value::Array(packages)) = table.get_mut("package") {
        packages.retain(|package| {
            let has = |key: &str| {
                package.get(key).is_some_and(|v| match v {
                    toml::Value::Array(items) => !items.is_empty(),
                    _ => true,
                })
            };
            has("source") || has("dependencies")
        });
    }
    Some(table)
}

/// Settings that keep git from running a program the workspace's own `.git/config` names: its file
/// system monitor hook (run by `status` and `diff`), external diff drivers and text conversions. The judge
/// runs git uncontained, as itself.
const SAFE_GIT: [&str; 6] = [
    "-c",
    "core.fsmonitor=false",
    "-c",
    "diff.external=",
    "-c",
    "core.hooksPath=/dev/null",
];

/// Runs git in `root`; its stdout, or why it failed.
fn git(root: &Path, args: &[&str]) -> Result<String> {
    let output = Command::new("git")
        .args(SAFE_GIT)
        .arg("-C")
        .arg(root)
        .args(args)
        .output()
        .context("cannot run git (is it installed?)")?;
    if !output.status.success() {
        bail!(
            "git {}: {}",
            args.join(" "),
            String::from_utf8_lossy(&output.stderr).trim()
        );
    }
    Ok(String::from_utf8_lossy(&output.stdout).into_owned())
}
