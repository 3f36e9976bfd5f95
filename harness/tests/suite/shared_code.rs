//! Code shared by single-file solutions: a solution is submitted as one file, so a helper several of them
//! need (the big-integer type) is pasted into each, between the lines `// ---- BEGIN shared: bigint.rs ----`
//! and `// ---- END shared: bigint.rs ----`. The canonical text is `problems/.shared/bigint.rs`; these tests
//! hold every pasted copy byte-identical to it, so that a fix made in one copy cannot miss the others.

use std::fs;
use std::path::{Path, PathBuf};

use super::common::workspace_root;

/// The shared file, in `problems/.shared/`.
const NAME: &str = "bigint.rs";

fn begin() -> String {
    format!("// ---- BEGIN shared: {NAME} ----")
}

fn end() -> String {
    format!("// ---- END shared: {NAME} ----")
}

/// `path` relative to the workspace root, for messages.
fn shown(path: &Path) -> String {
    path.strip_prefix(workspace_root())
        .unwrap_or(path)
        .display()
        .to_string()
}

/// Every `.rs` file under `solutions/` whose text contains the BEGIN line, with that text, in path order.
fn embedding_files() -> Vec<(PathBuf, String)> {
    let mut files = Vec::new();
    for entry in walkdir::WalkDir::new(workspace_root().join("solutions")).sort_by_file_name() {
        let entry = entry.unwrap();
        let path = entry.path();
        if !entry.file_type().is_file() || path.extension().and_then(|e| e.to_str()) != Some("rs") {
            continue;
        }
        let text =
            fs::read_to_string(path).unwrap_or_else(|e| panic!("cannot read {}: {e}", shown(path)));
        if text.contains(&begin()) {
            files.push((path.to_path_buf(), text));
        }
    }
    files
}

/// The lines strictly between the BEGIN and END lines, each with its line break, and the file's line
/// number of the first of them; an error when the markers are not one BEGIN line followed by one END line.
fn block(text: &str) -> Result<(String, usize), String> {
    let lines: Vec<&str> = text.split_inclusive('\n').collect();
    let is = |line: &str, marker: &str| line.strip_suffix('\n').unwrap_or(line) == marker;
    let begins: Vec<usize> = (0..lines.len())
        .filter(|&i| is(lines[i], &begin()))
        .collect();
    let ends: Vec<usize> = (0..lines.len()).filter(|&i| is(lines[i], &end())).collect();
    match (begins.as_slice(), ends.as_slice()) {
        ([b], [e]) if b < e => Ok((lines[b + 1..*e].concat(), b + 2)),
        ([_], [_]) => Err(format!("`{}` comes before `{}`", end(), begin())),
        ([], _) => Err(format!(
            "`{}` appears, but not as a line of its own",
            begin()
        )),
        ([_], []) => Err(format!("`{}` has no `{}` line after it", begin(), end())),
        _ => Err(format!(
            "{} `{}` lines and {} `{}` lines; expected one of each",
            begins.len(),
            begin(),
            ends.len(),
            end()
        )),
    }
}

/// Where `copy` first differs from `canonical`, line by line (1-based within the block), or `None` when
/// they are the same bytes.
fn first_difference(copy: &str, canonical: &str) -> Option<(usize, String, String)> {
    if copy == canonical {
        return None;
    }
    let copy: Vec<&str> = copy.split_inclusive('\n').collect();
    let canonical: Vec<&str> = canonical.split_inclusive('\n').collect();
    let line = |lines: &[&str], i: usize| match lines.get(i) {
        Some(text) => format!("{text:?}"),
        None => "(end of the block)".to_string(),
    };
    let i = (0..copy.len().max(canonical.len()))
        .find(|&i| copy.get(i) != canonical.get(i))
        .expect("different texts differ in some line");
    Some((i + 1, line(&canonical, i), line(&copy, i)))
}

#[test]
fn every_embedded_bigint_is_the_shared_file() {
    let shared = workspace_root().join("problems").join(".shared").join(NAME);
    let canonical = fs::read_to_string(&shared)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", shown(&shared)));
    let mut failures = Vec::new();
    for (path, text) in embedding_files() {
        let file = shown(&path);
        match block(&text) {
            Err(problem) => failures.push(format!("{file}: {problem}")),
            Ok((copy, first_line)) => {
                if let Some((n, expected, found)) = first_difference(&copy, &canonical) {
                    failures.push(format!(
                        "{file}: line {} (line {n} of the block) differs from {}\n  expected: {expected}\n  found:    {found}",
                        first_line + n - 1,
                        shown(&shared)
                    ));
                }
            }
        }
    }
    assert!(
        failures.is_empty(),
        "copies that are not {} byte for byte (edit that file, then paste it between the markers of every \
         copy):\n{}",
        shown(&shared),
        failures.join("\n")
    );
}

#[test]
fn at_least_two_solutions_embed_the_bigint() {
    let files: Vec<String> = embedding_files()
        .iter()
        .map(|(path, _)| shown(path))
        .collect();
    assert!(
        files.len() >= 2,
        "only {files:?} embed `{}`: the comparison above would check (almost) nothing",
        begin()
    );
}

#[test]
fn a_changed_copy_is_named_with_its_first_differing_line() {
    let text = format!(
        "fn main() {{}}\n{}\nline one\nline two\n{}\n",
        begin(),
        end()
    );
    let (copy, first_line) = block(&text).unwrap();
    assert_eq!((copy.as_str(), first_line), ("line one\nline two\n", 3));
    assert_eq!(first_difference(&copy, "line one\nline two\n"), None);
    assert_eq!(
        first_difference(&copy, "line one\nline 2\n"),
        Some((2, "\"line 2\\n\"".into(), "\"line two\\n\"".into()))
    );
    assert_eq!(
        first_difference(&copy, "line one\n"),
        Some((2, "(end of the block)".into(), "\"line two\\n\"".into()))
    );
    assert!(block(&format!("{}\n", begin())).is_err());
    assert!(block(&format!("// {}\n{}\n", begin(), end())).is_err());
}

/// The shared core of the game problems' checkers and interactors carries its own unit tests (the layout of
/// answers read line by line, every rule against an exhaustive search): compiled with `rustc --test`, as
/// the file every checker and interactor includes, they pass.
#[test]
fn the_shared_referee_modules_pass_their_own_tests() {
    let scratch = super::common::scratch("shared-referee-tests");
    for name in ["judge.rs", "games.rs"] {
        let source = workspace_root().join("problems").join(".shared").join(name);
        let binary = scratch.join(name.trim_end_matches(".rs"));
        let rustc = std::process::Command::new("rustc")
            .args(["--edition", "2021", "--test", "-o"])
            .arg(&binary)
            .arg(&source)
            .output()
            .unwrap();
        assert!(
            rustc.status.success(),
            "{}: {}",
            shown(&source),
            String::from_utf8_lossy(&rustc.stderr)
        );
        let run = std::process::Command::new(&binary).output().unwrap();
        let printed = String::from_utf8_lossy(&run.stdout);
        assert!(run.status.success(), "{}: {printed}", shown(&source));
        assert!(printed.contains("test result: ok"), "{printed}");
    }
}
