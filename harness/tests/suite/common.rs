//! Helpers shared by the end-to-end tests: the harness binary with a private binary cache, fixture
//! workspaces and their private copies, and reading what the harness printed.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use serde_json::Value;

/// `harness/tests/fixtures/<name>`.
pub fn fixtures(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests")
        .join("fixtures")
        .join(name)
}

/// The real workspace: the folder above `harness/`.
pub fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap()
        .to_path_buf()
}

/// A folder of the test target dir, emptied.
pub fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    dir
}

/// A private copy of a fixture workspace, for a test that writes into it.
pub fn copy_of(fixture: &str, name: &str) -> PathBuf {
    let target = scratch(name);
    copy_tree(&fixtures(fixture), &target);
    target
}

/// Copies the folder `source` into `target` (made if need be), file by file.
pub fn copy_tree(source: &Path, target: &Path) {
    for entry in walkdir::WalkDir::new(source) {
        let entry = entry.unwrap();
        let to = target.join(entry.path().strip_prefix(source).unwrap());
        if entry.file_type().is_dir() {
            fs::create_dir_all(&to).unwrap();
        } else {
            fs::copy(entry.path(), &to).unwrap();
        }
    }
}

/// The harness binary on the workspace `root`, with a binary cache shared by the tests and colour off.
pub fn command(root: &Path, args: &[&str]) -> Command {
    command_in(root, Some(&shared_cache()), args)
}

/// The binary cache the tests share.
pub fn shared_cache() -> PathBuf {
    Path::new(env!("CARGO_TARGET_TMPDIR")).join("harness-cache")
}

/// The harness binary on `root` with colour off, no stdin and the binary cache `cache` (`None`: the
/// workspace's default cache). `--root` goes after the arguments: before a subcommand, clap would take the
/// subcommand's name for a problem id.
pub fn command_in(root: &Path, cache: Option<&Path>, args: &[&str]) -> Command {
    let mut command = match std::env::var_os("HARNESS_TEST_JUDGE_CGROUP") {
        None => Command::new(env!("CARGO_BIN_EXE_harness")),
        // Under scripts/uml-test (cgroup v2): the judge starts alone in a group of its own below this
        // one, as a service manager starts a service; beside the test process it could not give its
        // group's controllers to its launchers' groups. Where the group cannot be made (a user it is not
        // delegated to), the judge starts where the test is.
        Some(parent) => {
            let mut command = Command::new("/bin/sh");
            command
                .arg("-c")
                .arg(
                    "g=\"$0/judge-$$\"; { mkdir \"$g\" && echo $$ >\"$g/cgroup.procs\"; } 2>/dev/null; \
                     exec \"$@\"",
                )
                .arg(parent)
                .arg(env!("CARGO_BIN_EXE_harness"));
            command
        }
    };
    // As if installed (`cargo install --path harness`): its hints then say `harness ...`.
    let bin = Path::new(env!("CARGO_BIN_EXE_harness")).parent().unwrap();
    let path = std::env::var_os("PATH").unwrap_or_default();
    let path = std::env::join_paths(
        std::iter::once(bin.to_path_buf()).chain(std::env::split_paths(&path)),
    )
    .unwrap();
    command
        .env("PATH", path)
        .args(args)
        .arg("--root")
        .arg(root)
        .env("NO_COLOR", "1")
        .env_remove("HARNESS_CACHE_DIR")
        .env_remove("RUSTC")
        .stdin(Stdio::null());
    if let Some(cache) = cache {
        command.env("HARNESS_CACHE_DIR", cache);
    }
    command
}

pub fn harness(root: &Path, args: &[&str]) -> Output {
    command(root, args)
        .output()
        .expect("run the harness binary")
}

pub fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

pub fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

/// Everything it printed, stdout then stderr.
pub fn printed(output: &Output) -> String {
    stdout(output) + &stderr(output)
}

pub fn json_report(output: &Output) -> Value {
    serde_json::from_slice(&output.stdout).unwrap_or_else(|e| {
        panic!(
            "not JSON ({e}): {}\nstderr: {}",
            stdout(output),
            stderr(output)
        )
    })
}

/// Says that a test, or a part of it, was skipped and why, where `cargo test` shows it even for a test that
/// passes: straight to stderr, past the capture of the test harness, as a line `SKIPPED <test>: <reason>`
/// that `scripts/test-total` counts in the closing lines of CI.
pub fn skipped(test: &str, reason: &str) {
    use std::io::Write;
    let _ = writeln!(std::io::stderr(), "SKIPPED {test}: {reason}");
}

/// Whether this kernel's CPU time is too coarse for a test to judge a figure by: under user-mode Linux
/// (scripts/uml-test sets `HARNESS_TEST_COARSE_CPU`) a process is charged whole ticks, and the time its
/// machine spent on other processes besides. The test then says `SKIPPED` for that figure and checks the rest.
pub fn coarse_cpu(test: &str, figure: &str) -> bool {
    let coarse = std::env::var_os("HARNESS_TEST_COARSE_CPU").is_some();
    if coarse {
        skipped(
            test,
            &format!("{figure}: CPU time is too coarse on this kernel to judge it"),
        );
    }
    coarse
}
