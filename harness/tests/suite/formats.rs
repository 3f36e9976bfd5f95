//! A package format is one folder below `harness/src/package/` and one registration line
//! (ARCHITECTURE.md, "Adding a package format"). Proved on a scratch copy of the judge's sources: the toy
//! format of `fixtures/formats/toy/` is added by the recipe alone (the copy's diff is that folder and one
//! line), built, and a toy problem is then graded by `cargo run -p harness`, listed and verified.

use std::fs;
use std::path::Path;
use std::process::{Command, Output};

use super::common::{copy_tree, fixtures, printed, scratch, workspace_root};

fn run(command: &mut Command) -> Output {
    let output = command.output().expect("cannot run the command");
    println!("{command:?}: {}", printed(&output));
    output
}

fn git(dir: &Path, args: &[&str]) -> Output {
    let output = run(Command::new("git")
        .current_dir(dir)
        .args([
            "-c",
            "user.name=t",
            "-c",
            "user.email=t@t",
            "-c",
            "commit.gpgsign=false",
        ])
        .args(args));
    assert!(
        output.status.success(),
        "git {args:?}: {}",
        printed(&output)
    );
    output
}

#[test]
fn a_format_added_by_one_folder_and_one_line_is_graded_listed_and_verified() {
    let real = workspace_root();
    let copy = scratch("toy-format/judge");
    for file in ["Cargo.toml", "Cargo.lock"] {
        fs::copy(real.join(file), copy.join(file)).unwrap();
    }
    for dir in [
        "harness/src",
        "harness/templates",
        "problems/.shared",
        "sandbox",
        "solutions",
    ] {
        copy_tree(&real.join(dir), &copy.join(dir));
    }
    fs::copy(
        real.join("harness/Cargo.toml"),
        copy.join("harness/Cargo.toml"),
    )
    .unwrap();
    git(&copy, &["init", "-q"]);
    git(&copy, &["add", "-A"]);
    git(&copy, &["commit", "-q", "-m", "the judge as it is"]);

    // The recipe: the format's folder, and its line in the registration list.
    copy_tree(
        &fixtures("formats/toy"),
        &copy.join("harness/src/package/toy"),
    );
    let registry = copy.join("harness/src/package/mod.rs");
    let text = fs::read_to_string(&registry).unwrap();
    let line = "    kattis::Kattis,\n";
    assert!(text.contains(line), "no registration list in {text}");
    fs::write(
        &registry,
        text.replace(line, &format!("{line}    toy::Toy,\n")),
    )
    .unwrap();
    git(&copy, &["add", "-A"]);
    let diff = git(&copy, &["diff", "--cached", "--numstat"]);
    let diff = String::from_utf8_lossy(&diff.stdout).into_owned();
    let changed: Vec<&str> = diff.lines().collect();
    assert!(
        changed.contains(&"1\t0\tharness/src/package/mod.rs"),
        "one line added to the registration list: {diff}"
    );
    let others = changed
        .iter()
        .filter(|l| !l.ends_with("\tharness/src/package/mod.rs"));
    for other in others {
        assert!(
            other.contains("\t0\tharness/src/package/toy/"),
            "only the new folder besides: {diff}"
        );
    }

    // Built in a target folder of its own, seeded once with copies of the dependencies the judge's own
    // build compiled (the copy's `harness` and `sandbox` are other packages, built again).
    let target = real.join("target/toy-format");
    let built = real.join("target/debug");
    if !target.join("debug/deps").exists() && built.join("deps").is_dir() {
        fs::create_dir_all(target.join("debug")).unwrap();
        for dir in ["build", ".fingerprint"] {
            let copied = run(Command::new("cp")
                .arg("-a")
                .arg(built.join(dir))
                .arg(target.join("debug").join(dir)));
            assert!(copied.status.success(), "{}", printed(&copied));
        }
        fs::create_dir_all(target.join("debug/deps")).unwrap();
        for entry in fs::read_dir(built.join("deps")).unwrap() {
            let path = entry.unwrap().path();
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            if name.starts_with("lib") && !name.starts_with("libharness") {
                let copy = target.join("debug/deps").join(&name);
                if fs::hard_link(&path, &copy).is_err() {
                    fs::copy(&path, &copy).unwrap();
                }
            }
        }
    }
    let workspace = scratch("toy-format/workspace");
    copy_tree(&fixtures("formats/problems"), &workspace.join("problems"));
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let harness = |args: &[&str]| {
        run(Command::new(&cargo)
            .current_dir(&copy)
            .env("CARGO_TARGET_DIR", &target)
            .args(["run", "-q", "--offline", "-p", "harness", "--"])
            .args(args))
    };
    let root = workspace.to_str().unwrap();
    let graded = harness(&["--root", root]);
    assert_eq!(graded.status.code(), Some(0), "{}", printed(&graded));
    assert!(
        printed(&graded).contains("1 passed, 0 failed"),
        "{}",
        printed(&graded)
    );

    let listed = harness(&["--root", root, "list"]);
    assert_eq!(listed.status.code(), Some(0), "{}", printed(&listed));
    let row = String::from_utf8_lossy(&listed.stdout)
        .lines()
        .find(|l| l.starts_with("hello"))
        .map(|l| l.split_whitespace().collect::<Vec<_>>().join(" "));
    assert_eq!(
        row.as_deref(),
        Some("hello toy 1000 ms 256 MiB lines 1 Hello, toy"),
        "{}",
        printed(&listed)
    );

    let problem = workspace.join("problems/hello");
    let verified = harness(&["verify", problem.to_str().unwrap()]);
    assert_eq!(verified.status.code(), Some(0), "{}", printed(&verified));
    assert!(
        printed(&verified).contains("1 passed, 0 failed"),
        "{}",
        printed(&verified)
    );

    // A wrong answer is seen: the toy problem is judged, not passed through.
    fs::write(problem.join("test.ans"), "6\n").unwrap();
    let wrong = harness(&["verify", problem.to_str().unwrap()]);
    assert_eq!(wrong.status.code(), Some(1), "{}", printed(&wrong));
}
