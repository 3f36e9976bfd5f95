//! Names from outside the judge that try to drive a terminal or forge a report line: a test file whose
//! name holds a line break is refused, naming it; a problem title and a package name with escapes and a
//! right-to-left override are shown escaped by `list`, `run` and `verify`.

use std::fs;
use std::path::Path;

use super::common::{self, copy_of, copy_tree, harness, printed, scratch, stdout};

/// A character that must not reach a terminal or a page raw: a control but line break and tab, or a
/// bidirectional control.
fn raw_hostile(text: &str) -> Option<char> {
    text.chars().find(|&c| {
        (c.is_control() && c != '\n' && c != '\t')
            || matches!(c, '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}' | '\u{200e}' | '\u{200f}')
    })
}

/// The fixture package `addition`, copied so that a test can add to it.
fn addition(name: &str) -> std::path::PathBuf {
    let dir = scratch(name).join("addition");
    copy_tree(&common::fixtures("packages").join("addition"), &dir);
    dir
}

#[test]
fn a_test_file_whose_name_forges_a_report_line_is_refused_by_name() {
    let package = addition("hostile-test-name");
    let small = package.join("data/secret/small");
    let forged = "a\nzn-forged  AC  (cpu 1 ms)";
    fs::write(small.join(format!("{forged}.in")), "1 2\n").unwrap();
    fs::write(small.join(format!("{forged}.ans")), "3\n").unwrap();
    let output = harness(
        package.parent().unwrap(),
        &["verify", package.to_str().unwrap()],
    );
    let text = printed(&output);
    assert_eq!(output.status.code(), Some(2), "{text}");
    assert!(
        text.contains("a\\x0azn-forged  AC  (cpu 1 ms)") && text.contains("rename the file"),
        "{text}"
    );
    assert!(
        !text.lines().any(|l| l.starts_with("zn-forged")),
        "the name printed a line of its own: {text}"
    );
}

#[test]
fn a_test_file_named_with_an_escape_is_refused_in_our_layout_too() {
    let root = copy_of("broken", "hostile-test-name-native");
    let data = root.join("testdata/good");
    let name = "t\u{1b}]0;PWNED\u{7}\u{1b}[2J";
    fs::copy(data.join("a.in"), data.join(format!("{name}.in"))).unwrap();
    fs::copy(data.join("a.out"), data.join(format!("{name}.out"))).unwrap();
    let output = harness(&root, &["run", "good"]);
    let text = printed(&output);
    assert_eq!(output.status.code(), Some(2), "{text}");
    assert_eq!(raw_hostile(&text), None, "{text:?}");
    assert!(text.contains("t\\x1b]0;PWNED\\x07\\x1b[2J"), "{text}");
}

#[test]
fn titles_and_package_names_are_shown_escaped_by_list_run_and_verify() {
    let root = copy_of("broken", "hostile-title");
    let toml = root.join("problems/good/problem.toml");
    let text = fs::read_to_string(&toml).unwrap().replace(
        "title = \"Fixture good\"",
        "title = \"Good\\u001b]0;PWNED\\u0007\\u001b[2J\\u202eCA\"",
    );
    fs::write(&toml, text).unwrap();
    let listed = harness(&root, &["list"]);
    assert_eq!(
        raw_hostile(&printed(&listed)),
        None,
        "{:?}",
        printed(&listed)
    );
    assert!(
        stdout(&listed).contains("Good\\x1b]0;PWNED"),
        "{}",
        stdout(&listed)
    );
    let run = harness(&root, &["run", "good"]);
    assert_eq!(raw_hostile(&printed(&run)), None, "{:?}", printed(&run));
    assert!(
        stdout(&run).contains("Good\\x1b]0;PWNED"),
        "{}",
        stdout(&run)
    );

    let package = addition("hostile-package-name");
    let yaml = package.join("problem.yaml");
    let text = fs::read_to_string(&yaml)
        .unwrap()
        .replace("name: Addition", "name: \"Add\\e]0;PWNED\\a\\u202eCA\"");
    fs::write(&yaml, text).unwrap();
    let junit = package.parent().unwrap().join("report.xml");
    let verified = harness(
        Path::new(package.parent().unwrap()),
        &[
            "verify",
            package.to_str().unwrap(),
            "--junit",
            junit.to_str().unwrap(),
        ],
    );
    let text = printed(&verified);
    assert_eq!(raw_hostile(&text), None, "{text:?}");
    assert!(text.contains("Add\\x1b]0;PWNED\\x07"), "{text}");
    let junit = fs::read_to_string(junit).unwrap();
    assert_eq!(raw_hostile(&junit), None, "{junit:?}");
    assert!(
        junit.contains("Add\\x1b]0;PWNED\\x07\\u{202e}CA"),
        "{junit}"
    );
}
