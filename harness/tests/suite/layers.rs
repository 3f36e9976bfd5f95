//! The judge's modules depend on each other one way along the pipeline (ARCHITECTURE.md, "Invariants"):
//! read from the sources, every `crate::<module>` a module names.

use std::collections::BTreeSet;
use std::fs;
use std::path::Path;

/// The modules a module of `harness/src` names as `crate::<module>` (its folder and its `<module>.rs`).
fn imports(module: &str) -> BTreeSet<String> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = vec![src.join(format!("{module}.rs"))];
    let mut dirs = vec![src.join(module)];
    while let Some(dir) = dirs.pop() {
        for entry in fs::read_dir(&dir).into_iter().flatten().flatten() {
            let path = entry.path();
            if path.is_dir() {
                dirs.push(path);
            } else {
                files.push(path);
            }
        }
    }
    assert!(files.iter().any(|f| f.is_file()), "no sources of {module}");
    let mut found = BTreeSet::new();
    for text in files.iter().filter_map(|f| fs::read_to_string(f).ok()) {
        for (_, rest) in text
            .match_indices("crate::")
            .map(|(i, _)| ((), &text[i + 7..]))
        {
            let name: String = rest
                .chars()
                .take_while(|c| c.is_ascii_lowercase() || *c == '_')
                .collect();
            if name != module {
                found.insert(name);
            }
        }
    }
    found
}

#[test]
fn modules_import_one_way_along_the_pipeline() {
    let forbidden: [(&str, &[&str]); 5] = [
        (
            "model",
            &[
                "package", "plan", "grade", "exec", "check", "lang", "report",
            ],
        ),
        ("package", &["plan", "exec", "report", "grade"]),
        ("plan", &["exec", "report", "cli"]),
        ("grade", &["exec", "package", "plan"]),
        ("check", &["grade", "exec"]),
    ];
    for (module, never) in forbidden {
        let imports = imports(module);
        assert!(
            !imports.is_empty() || module == "model",
            "{module}: no sources read"
        );
        let wrong: Vec<&&str> = never.iter().filter(|m| imports.contains(**m)).collect();
        assert!(
            wrong.is_empty(),
            "{module} imports {wrong:?} (all: {imports:?})"
        );
    }
}
