//! Grading a workspace that lies under a private folder (mode 0700: root's home in a container, a user's
//! private home). As root the judge runs programs as another uid, which cannot go through that folder: the
//! judge must reach every program's build all the same. Problems of every kind: a batch problem, one with a
//! checker program, an interactive one.

use std::fs;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};

use super::common::{command_in, json_report, printed, scratch, workspace_root};
use super::unprivileged::{as_unprivileged_user, is_root};

/// A batch problem, a problem with a checker program, an interactive problem.
const PROBLEMS: [&str; 3] = ["hdu1846", "nim-move", "play-nim"];

/// A folder of mode 0700 holding a workspace with `PROBLEMS` (their solutions and data, not their extra
/// submissions): the private folder and the workspace.
fn workspace_in_private_folder(name: &str) -> (PathBuf, PathBuf) {
    let private = scratch(name);
    let workspace = private.join("checkout");
    let real = workspace_root();
    let mut dirs = vec!["problems/.shared".to_string()];
    for id in PROBLEMS {
        dirs.extend(["problems", "solutions", "testdata"].map(|top| format!("{top}/{id}")));
    }
    for dir in dirs {
        for entry in walkdir::WalkDir::new(real.join(&dir)) {
            let entry = entry.unwrap();
            let relative = entry.path().strip_prefix(&real).unwrap();
            if relative
                .components()
                .any(|c| c.as_os_str() == "submissions")
            {
                continue;
            }
            let to = workspace.join(relative);
            if entry.file_type().is_dir() {
                fs::create_dir_all(&to).unwrap();
            } else {
                fs::copy(entry.path(), &to).unwrap();
            }
        }
    }
    fs::set_permissions(&private, fs::Permissions::from_mode(0o700)).unwrap();
    (private, workspace)
}

/// Every problem of the report accepted, with its tests all run.
fn assert_all_accepted(output: &std::process::Output) {
    assert_eq!(output.status.code(), Some(0), "{}", printed(output));
    let report = json_report(output);
    let problems = report["problems"].as_array().unwrap();
    assert_eq!(problems.len(), PROBLEMS.len(), "{report}");
    for problem in problems {
        assert_eq!(problem["verdict"], "AC", "{problem}");
        assert!(
            !problem["tests"].as_array().unwrap().is_empty(),
            "{problem}"
        );
    }
}

#[test]
fn root_grades_a_workspace_under_a_private_folder() {
    if !is_root() {
        super::common::skipped(
            "grading as root from a private folder",
            "the tests do not run as root",
        );
        return;
    }
    let (_private, workspace) = workspace_in_private_folder("private-root");
    // The workspace's own cache, under the private folder, as a user's first run has it.
    let output = command_in(&workspace, None, &["--format", "json"])
        .output()
        .unwrap();
    assert_all_accepted(&output);
    let report = json_report(&output);
    let layers = report["isolation"].as_array().unwrap();
    assert!(layers.iter().any(|l| l == "uid-switch"), "{layers:?}");
}

#[test]
fn an_unprivileged_user_grades_a_workspace_in_its_private_home() {
    let (home, workspace) = workspace_in_private_folder("private-home");
    let mut command = command_in(&workspace, None, &["--format", "json"]);
    if is_root() {
        match as_unprivileged_user(command, &home) {
            Ok((dropped, _)) => command = dropped,
            Err(why) => {
                super::common::skipped("grading from a private home as an unprivileged user", &why);
                return;
            }
        }
    }
    assert!(Path::new(&home).exists());
    assert_all_accepted(&command.output().unwrap());
}

/// A contestant's own file in a private folder (`mktemp -d`, a private home), graded as root: the compiler,
/// which runs as another user, compiles a copy, as judges do; the JUnit file is written. And a run that
/// stops at a setup error leaves no empty JUnit file behind.
#[test]
fn a_submission_in_a_private_folder_is_copied_in_and_graded() {
    let (private, workspace) = workspace_in_private_folder("private-submission");
    let mine = private.join("mine");
    fs::create_dir_all(&mine).unwrap();
    fs::set_permissions(&mine, fs::Permissions::from_mode(0o700)).unwrap();
    let file = mine.join("attempt.rs");
    fs::copy(workspace.join("solutions/hdu1846/src/main.rs"), &file).unwrap();
    fs::set_permissions(&file, fs::Permissions::from_mode(0o600)).unwrap();
    let junit = private.join("report.xml");
    let output = command_in(
        &workspace,
        None,
        &[
            "run",
            "hdu1846",
            "--submission",
            file.to_str().unwrap(),
            "--junit",
            junit.to_str().unwrap(),
        ],
    )
    .output()
    .unwrap();
    assert_eq!(output.status.code(), Some(0), "{}", printed(&output));
    let xml = fs::read_to_string(&junit).unwrap();
    assert!(
        xml.contains("attempt.rs") && !xml.contains("<failure"),
        "{xml}"
    );

    let unwritten = private.join("never.xml");
    let output = command_in(
        &workspace,
        None,
        &[
            "run",
            "no-such-problem",
            "--junit",
            unwritten.to_str().unwrap(),
        ],
    )
    .output()
    .unwrap();
    assert_eq!(output.status.code(), Some(2), "{}", printed(&output));
    assert!(
        !unwritten.exists(),
        "a setup error left an empty JUnit file behind"
    );
    if !is_root() {
        super::common::skipped(
            "a submission in a private folder, as root",
            "the tests do not run as root: only the JUnit half ran",
        );
    }
}
