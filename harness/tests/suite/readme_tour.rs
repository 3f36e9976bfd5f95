//! The README's two-minute tour, run as a reader would: every command of its `sh` blocks, in order, in a
//! copy of one problem of the workspace; each must succeed (exit 0).

use std::fs;
use std::path::Path;

use super::common::{command, copy_tree, printed, scratch, workspace_root};

/// The words of a command line, single quotes grouping as a shell's do.
fn words(line: &str) -> Vec<String> {
    let mut words = Vec::new();
    let (mut word, mut quoted, mut any) = (String::new(), false, false);
    for c in line.chars() {
        match c {
            '\'' => (quoted, any) = (!quoted, true),
            ' ' if !quoted => {
                if any {
                    words.push(std::mem::take(&mut word));
                }
                any = false;
            }
            c => (word, any) = (word + &c.to_string(), true),
        }
    }
    if any {
        words.push(word);
    }
    words
}

/// The command lines of the `sh` blocks of the README's section `## A two-minute tour`.
fn tour_commands(readme: &str) -> Vec<String> {
    let start = readme
        .find("## A two-minute tour")
        .expect("the README has a two-minute tour");
    let rest = &readme[start..];
    let end = rest[3..].find("\n## ").map_or(rest.len(), |i| i + 3);
    let mut commands = Vec::new();
    let mut inside = false;
    for line in rest[..end].lines() {
        match line.trim() {
            "```sh" => inside = true,
            "```" => inside = false,
            command if inside && !command.is_empty() => commands.push(command.to_string()),
            _ => {}
        }
    }
    commands
}

#[test]
fn the_readme_tour_runs_as_written() {
    let readme = fs::read_to_string(workspace_root().join("README.md")).unwrap();
    let commands = tour_commands(&readme);
    assert!(commands.len() >= 6, "{commands:?}");
    let root = scratch("readme-tour");
    let real = workspace_root();
    for dir in [
        "problems/hdu1846",
        "problems/.shared",
        "solutions/hdu1846",
        "testdata/hdu1846",
    ] {
        copy_tree(&real.join(dir), &root.join(dir));
    }
    for line in &commands {
        let words = words(line);
        match words[0].as_str() {
            "harness" => {
                let args: Vec<&str> = words[1..].iter().map(String::as_str).collect();
                let output = command(&root, &args).current_dir(&root).output().unwrap();
                assert_eq!(
                    output.status.code(),
                    Some(0),
                    "`{line}`:\n{}",
                    printed(&output)
                );
            }
            "cp" => {
                fs::copy(root.join(&words[1]), root.join(&words[2])).unwrap();
            }
            other => panic!("the tour runs `{other}`: teach this test what it does ({line})"),
        }
    }
    assert!(Path::new(&root.join("report.html")).is_file());
    assert!(root.join("problems/my-game/problem.toml").is_file());
}

#[test]
fn words_are_split_as_a_shell_splits_them() {
    assert_eq!(
        words("harness run x --test 'sample-*'  --html r.html"),
        ["harness", "run", "x", "--test", "sample-*", "--html", "r.html"]
    );
}
