//! Bad problem folders and arguments: each is an error that names the path and what to do, exits 2 and
//! writes nothing when the problem is named; when it is not named, the broken problem is an error row and
//! the others are still graded. Every case breaks one thing in a fresh copy of the `broken` template.

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use serde_json::Value;

fn template() -> PathBuf {
    super::common::fixtures("broken")
}

fn copy_dir(from: &Path, to: &Path) {
    fs::create_dir_all(to).unwrap();
    for entry in fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let target = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            copy_dir(&entry.path(), &target);
        } else {
            fs::copy(entry.path(), &target).unwrap();
        }
    }
}

/// A fresh copy of the template, private to one case.
fn workspace(case: &str) -> PathBuf {
    let root = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("setup-errors")
        .join(case);
    if root.exists() {
        make_writable(&root);
        fs::remove_dir_all(&root).unwrap();
    }
    copy_dir(&template(), &root);
    root
}

/// Undoes a case's `chmod 000`, so that the folder can be removed.
fn make_writable(dir: &Path) {
    use std::os::unix::fs::PermissionsExt;
    for entry in fs::read_dir(dir).into_iter().flatten().flatten() {
        let path = entry.path();
        if entry.file_type().is_ok_and(|t| t.is_file()) {
            let _ = fs::set_permissions(&path, fs::Permissions::from_mode(0o644));
        } else if entry.file_type().is_ok_and(|t| t.is_dir()) {
            make_writable(&path);
        }
    }
}

/// Every file, folder and link under `root` with its content: equal snapshots mean nothing was written.
fn snapshot(root: &Path) -> BTreeMap<PathBuf, String> {
    let mut all = BTreeMap::new();
    let mut stack = vec![root.to_path_buf()];
    while let Some(dir) = stack.pop() {
        for entry in fs::read_dir(&dir).unwrap() {
            let entry = entry.unwrap();
            let path = entry.path();
            let kind = entry.file_type().unwrap();
            let what = if kind.is_symlink() {
                format!("link to {}", fs::read_link(&path).unwrap().display())
            } else if kind.is_dir() {
                stack.push(path.clone());
                "folder".to_string()
            } else {
                match fs::read(&path) {
                    Ok(bytes) => format!("{bytes:?}"),
                    Err(e) => format!("unreadable: {e}"),
                }
            };
            all.insert(path, what);
        }
    }
    all
}

/// Runs the harness on `root`. With no `cache`, the binary cache is the default one inside the workspace,
/// so any compile would show in a snapshot.
fn harness(root: &Path, args: &[&str], cache: Option<&Path>) -> Output {
    super::common::command_in(root, cache, args)
        .output()
        .expect("run the harness binary")
}

fn shared_cache() -> PathBuf {
    Path::new(env!("CARGO_TARGET_TMPDIR")).join("setup-errors-cache")
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

/// One way to break the `spare` problem (or to add a broken one), and what the error must say.
struct Case {
    name: &'static str,
    /// The problem that is broken.
    id: &'static str,
    breaks: fn(&Path),
    /// The path the message must name, relative to the workspace root.
    path: &'static str,
    /// Further fragments of the message: the line, the key, and what to do.
    says: &'static [&'static str],
}

fn edit(root: &Path, file: &str, f: impl FnOnce(String) -> String) {
    let path = root.join(file);
    let text = fs::read_to_string(&path).unwrap();
    fs::write(&path, f(text)).unwrap();
}

const TOML: &str = "problems/spare/problem.toml";

fn cases() -> Vec<Case> {
    let mut cases =
        vec![
        Case {
            name: "malformed-toml",
            id: "spare",
            breaks: |root| {
                edit(root, TOML, |t| {
                    t.replace("memory_limit_mb = 64", "memory_limit_mb = 64 MB")
                })
            },
            path: TOML,
            says: &["problem.toml:6: key `memory_limit_mb`:", "fix the TOML syntax"],
        },
        Case {
            name: "missing-key",
            id: "spare",
            breaks: |root| edit(root, TOML, |t| t.replace("memory_limit_mb = 64\n", "")),
            path: TOML,
            says: &["missing field `memory_limit_mib`", "add the key"],
        },
        Case {
            name: "both-memory-keys",
            id: "spare",
            breaks: |root| {
                edit(root, TOML, |t| {
                    t.replace("memory_limit_mb = 64\n", "memory_limit_mb = 64\nmemory_limit_mib = 64\n")
                })
            },
            path: TOML,
            says: &[
                "problem.toml:7: key `memory_limit_mib`: both `memory_limit_mib` and `memory_limit_mb` are set",
                "keep one",
            ],
        },
        Case {
            name: "unknown-key",
            id: "spare",
            breaks: |root| edit(root, TOML, |t| t + "time_limit = 2000\n"),
            path: TOML,
            says: &[
                "problem.toml:7:",
                "unknown field `time_limit`",
                "remove the key or correct its name",
            ],
        },
        Case {
            name: "wrong-type",
            id: "spare",
            breaks: |root| {
                edit(root, TOML, |t| {
                    t.replace("time_limit_ms = 1000", "time_limit_ms = \"1 s\"")
                })
            },
            path: TOML,
            says: &["problem.toml:5: key `time_limit_ms`: invalid type", "correct the value"],
        },
        Case {
            name: "zero-limit",
            id: "spare",
            breaks: |root| {
                edit(root, TOML, |t| {
                    t.replace("time_limit_ms = 1000", "time_limit_ms = 0")
                })
            },
            path: TOML,
            says: &[
                "problem.toml:5: key `time_limit_ms`: must be a positive integer, got 0",
                "e.g. `time_limit_ms = 1000`",
            ],
        },
        Case {
            name: "negative-limit",
            id: "spare",
            breaks: |root| {
                edit(root, TOML, |t| {
                    t.replace("memory_limit_mb = 64", "memory_limit_mb = -64")
                })
            },
            path: TOML,
            says: &[
                "problem.toml:6: key `memory_limit_mb`: must be a positive integer, got -64",
                "e.g. `memory_limit_mb = 64`",
            ],
        },
        Case {
            name: "huge-limit",
            id: "spare",
            breaks: |root| {
                edit(root, TOML, |t| {
                    t.replace(
                        "memory_limit_mb = 64",
                        "memory_limit_mb = 9223372036854775807",
                    )
                })
            },
            path: TOML,
            says: &[
                "problem.toml:6: key `memory_limit_mb`",
                "more than the largest accepted",
                "fix the value",
            ],
        },
        Case {
            name: "unknown-checker",
            id: "spare",
            breaks: |root| edit(root, TOML, |t| t + "checker = \"diff\"\n"),
            path: TOML,
            says: &[
                "problem.toml:7: key `checker`",
                "expected lines, exact, tokens, float:EPS",
            ],
        },
        Case {
            name: "same-as-nowhere",
            id: "spare",
            breaks: |root| edit(root, TOML, |t| t + "same_as = \"nowhere\"\n"),
            path: TOML,
            says: &[
                "problem.toml:7: key `same_as`: no problem `nowhere`",
                "problems/nowhere/problem.toml does not exist); correct the id or remove the key",
            ],
        },
        Case {
            name: "same-as-itself",
            id: "spare",
            breaks: |root| edit(root, TOML, |t| t + "same_as = \"spare\"\n"),
            path: TOML,
            says: &[
                "problem.toml:7: key `same_as`",
                "cannot be the same as itself; remove the key",
            ],
        },
        Case {
            name: "toml-not-utf8",
            id: "spare",
            breaks: |root| fs::write(root.join(TOML), b"title = \"\xff\"\n").unwrap(),
            path: TOML,
            says: &["cannot read", "make it a readable UTF-8 text file"],
        },
        Case {
            name: "no-problem-toml",
            id: "extra",
            breaks: |root| {
                fs::create_dir_all(root.join("problems/extra")).unwrap();
                fs::write(root.join("problems/extra/statement.md"), "# Extra\n").unwrap();
            },
            path: "problems/extra/problem.toml",
            says: &["does not exist: add it", "or remove the folder"],
        },
        Case {
            name: "in-without-out",
            id: "spare",
            breaks: |root| fs::remove_file(root.join("testdata/spare/b.out")).unwrap(),
            path: "testdata/spare",
            says: &["`b.in` has no `b.out`; add the expected output"],
        },
        Case {
            name: "out-without-in",
            id: "spare",
            breaks: |root| fs::remove_file(root.join("testdata/spare/a.in")).unwrap(),
            path: "testdata/spare",
            says: &["`a.out` has no `a.in`; add the input or delete the output"],
        },
        Case {
            name: "empty-testdata",
            id: "spare",
            breaks: |root| {
                for name in ["a.in", "a.out", "b.in", "b.out"] {
                    fs::remove_file(root.join("testdata/spare").join(name)).unwrap();
                }
            },
            path: "testdata/spare",
            says: &["no tests; add <name>.in/<name>.out pairs"],
        },
        Case {
            name: "no-testdata",
            id: "spare",
            breaks: |root| fs::remove_dir_all(root.join("testdata/spare")).unwrap(),
            path: "testdata/spare",
            says: &["no test data folder; add <name>.in/<name>.out pairs"],
        },
        Case {
            name: "dangling-link",
            id: "spare",
            breaks: |root| {
                fs::remove_file(root.join("testdata/spare/a.in")).unwrap();
                std::os::unix::fs::symlink("nowhere.in", root.join("testdata/spare/a.in")).unwrap();
            },
            path: "testdata/spare/a.in",
            says: &["cannot read", "fix it (a dangling link?) or remove it"],
        },
        Case {
            name: "folder-named-like-a-test",
            id: "spare",
            breaks: |root| {
                fs::create_dir(root.join("testdata/spare/c.in")).unwrap();
                fs::write(root.join("testdata/spare/c.out"), "0\n").unwrap();
            },
            path: "testdata/spare/c.in",
            says: &["is not a file: remove it or rename it"],
        },
        Case {
            name: "placeholders-left-by-new",
            id: "spare",
            breaks: |root| {
                edit(root, TOML, |t| {
                    t.replace("\"Fixture\"", "\"TODO\"")
                        .replace("\"0\"", "\"TODO\"")
                })
            },
            path: TOML,
            says: &[
                "problem.toml:2: key `judge` is still the placeholder \"TODO\" that `harness new` wrote; fill it in",
                "problem.toml:3: key `number` is still the placeholder",
            ],
        },
        Case {
            name: "placeholder-title",
            id: "spare",
            breaks: |root| {
                edit(root, TOML, |t| {
                    t.replace("Fixture spare", "TODO: the problem's title")
                })
            },
            path: TOML,
            says: &["problem.toml:1: key `title` is still the placeholder \"TODO: the problem's title\""],
        },
        Case {
            name: "group-unknown-key",
            id: "spare",
            breaks: |root| {
                edit(root, TOML, |t| {
                    t + "[[group]]\nname = \"all\"\npoints = 100\ntests = [\"*\"]\nweight = 2\n"
                })
            },
            path: TOML,
            says: &["problem.toml:11:", "unknown field `weight`", "remove the key or correct its name"],
        },
        Case {
            name: "group-negative-points",
            id: "spare",
            breaks: |root| {
                edit(root, TOML, |t| {
                    t + "[[group]]\nname = \"all\"\npoints = -5\ntests = [\"*\"]\n"
                })
            },
            path: TOML,
            says: &["problem.toml:9: key `points`: must be a number of points, 0 or more, got -5"],
        },
        Case {
            name: "group-unknown-aggregation",
            id: "spare",
            breaks: |root| {
                edit(root, TOML, |t| {
                    t + "[[group]]\nname = \"all\"\npoints = 100\ntests = [\"*\"]\naggregation = \"avg\"\n"
                })
            },
            path: TOML,
            says: &["problem.toml:11: key `aggregation`", "unknown variant `avg`", "correct the value"],
        },
        Case {
            name: "group-glob-matches-nothing",
            id: "spare",
            breaks: |root| {
                edit(root, TOML, |t| {
                    t + "[[group]]\nname = \"small\"\npoints = 40\ntests = [\"a\"]\n\
                         [[group]]\nname = \"large\"\npoints = 60\ntests = [\"max-*\"]\n"
                })
            },
            path: TOML,
            says: &["problem.toml:14: key `tests`: `max-*` matches no test of testdata/spare/"],
        },
        Case {
            name: "group-test-in-no-group",
            id: "spare",
            breaks: |root| {
                edit(root, TOML, |t| {
                    t + "[[group]]\nname = \"small\"\npoints = 40\ntests = [\"a\"]\n"
                })
            },
            path: TOML,
            says: &["test `b` is in no [[group]]; add it to a group's `tests`"],
        },
        Case {
            name: "no-solution",
            id: "spare",
            breaks: |root| fs::remove_file(root.join("solutions/spare/src/main.rs")).unwrap(),
            path: "solutions/spare/src/main.rs",
            says: &["no solution; write the submission there"],
        },
    ];
    // Permissions do not stop root, so this case only means something for other users.
    // SAFETY: geteuid has no preconditions.
    if unsafe { libc::geteuid() } != 0 {
        cases.push(Case {
            name: "unreadable-file",
            id: "spare",
            breaks: |root| {
                use std::os::unix::fs::PermissionsExt;
                let path = root.join("testdata/spare/b.out");
                fs::set_permissions(path, fs::Permissions::from_mode(0o000)).unwrap();
            },
            path: "testdata/spare/b.out",
            says: &["cannot read", "make it readable"],
        });
    }
    cases
}

fn assert_names_the_problem(message: &str, root: &Path, case: &Case) {
    let path = root.join(case.path);
    assert!(
        message.contains(&*path.to_string_lossy()),
        "{}: the message does not name {}:\n{message}",
        case.name,
        path.display()
    );
    for fragment in case.says {
        assert!(
            message.contains(fragment),
            "{}: the message lacks {fragment:?}:\n{message}",
            case.name
        );
    }
}

#[test]
fn a_named_broken_problem_is_a_setup_error_that_writes_nothing() {
    for case in cases() {
        let root = workspace(case.name);
        (case.breaks)(&root);
        let before = snapshot(&root);
        // Without a cache folder of its own, a compile would write into the workspace.
        let output = harness(&root, &["good", case.id], None);
        let message = stderr(&output);
        assert_eq!(output.status.code(), Some(2), "{}: {message}", case.name);
        assert!(
            output.stdout.is_empty(),
            "{}: a report was printed",
            case.name
        );
        // The line that says grading started, then the error.
        let message = message
            .strip_prefix("harness: grading: compiling every program")
            .and_then(|rest| rest.split_once('\n'))
            .map_or(message.as_str(), |(_, rest)| rest);
        assert!(
            message.starts_with("harness: error: "),
            "{}: {message}",
            case.name
        );
        assert_names_the_problem(message, &root, &case);
        assert_eq!(
            snapshot(&root),
            before,
            "{}: something was written",
            case.name
        );
    }
}

#[test]
fn an_unnamed_broken_problem_is_an_error_row_and_the_others_are_graded() {
    for case in cases() {
        let root = workspace(&format!("{}-unnamed", case.name));
        (case.breaks)(&root);
        let output = harness(&root, &["--format", "json"], Some(&shared_cache()));
        assert_eq!(
            output.status.code(),
            Some(1),
            "{}: {}",
            case.name,
            stderr(&output)
        );
        let report: Value = serde_json::from_slice(&output.stdout).unwrap();
        let problems = report["problems"].as_array().unwrap();
        let good = problems.iter().find(|p| p["id"] == "good").unwrap();
        let verdicts: Vec<&Value> = good["tests"]
            .as_array()
            .unwrap()
            .iter()
            .map(|t| &t["verdict"])
            .collect();
        assert_eq!(verdicts, ["AC", "AC"], "{}: {good}", case.name);
        let broken = problems.iter().find(|p| p["id"] == case.id).unwrap();
        assert_names_the_problem(broken["error"].as_str().unwrap_or_default(), &root, &case);
        assert_eq!(report["summary"]["problem_errors"], 1, "{}", case.name);
        // Named alone, the sound problem is graded as if nothing were wrong elsewhere.
        let alone = harness(&root, &["good"], Some(&shared_cache()));
        assert_eq!(
            alone.status.code(),
            Some(0),
            "{}: {}",
            case.name,
            stderr(&alone)
        );
    }
}

#[test]
fn the_human_report_shows_the_error_row() {
    let root = workspace("human-error-row");
    edit(&root, TOML, |t| {
        t.replace("time_limit_ms = 1000", "time_limit_ms = -1")
    });
    let output = harness(&root, &[], Some(&shared_cache()));
    assert_eq!(output.status.code(), Some(1));
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(text.contains("spare  ERROR\n"), "{text}");
    assert!(
        text.contains("key `time_limit_ms`: must be a positive integer, got -1"),
        "{text}"
    );
    // The problem in error counts as one failure: the closing line agrees with the exit status.
    assert_eq!(text.lines().last(), Some("2 passed, 1 failed"), "{text}");
}

#[test]
fn an_unknown_id_on_the_command_line_is_a_setup_error_that_writes_nothing() {
    let root = workspace("unknown-id");
    let before = snapshot(&root);
    let output = harness(&root, &["good", "no-such-problem"], None);
    let message = stderr(&output);
    assert_eq!(output.status.code(), Some(2), "{message}");
    assert!(output.stdout.is_empty());
    let path = root.join("problems/no-such-problem/problem.toml");
    assert!(
        message.contains("unknown problem `no-such-problem`")
            && message.contains(&*path.to_string_lossy())
            && message.contains("see `harness list`"),
        "{message}"
    );
    assert_eq!(snapshot(&root), before);
    // Without a `harness` on PATH the hint names the command that works in a clone.
    let output = super::common::command_in(&root, None, &["no-such-problem"])
        .env("PATH", "/usr/bin:/bin")
        .output()
        .unwrap();
    let message = stderr(&output);
    assert!(
        message.contains("see `cargo run -p harness -- list`"),
        "{message}"
    );
}

#[test]
fn no_rustc_on_path_is_a_setup_error_that_writes_nothing() {
    let root = workspace("no-rustc");
    let empty = root.join("empty-bin");
    fs::create_dir_all(&empty).unwrap();
    let before = snapshot(&root);
    for args in [&["good"][..], &[][..]] {
        let output = Command::new(env!("CARGO_BIN_EXE_harness"))
            .arg("--root")
            .arg(&root)
            .args(args)
            .env("PATH", &empty)
            .env_remove("RUSTC")
            .env_remove("HARNESS_CACHE_DIR")
            .output()
            .unwrap();
        let message = stderr(&output);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {message}");
        assert!(output.stdout.is_empty());
        assert!(
            message.contains("cannot run `rustc`")
                && message.contains("no Rust compiler on PATH")
                && message.contains("install Rust"),
            "{message}"
        );
        assert_eq!(snapshot(&root), before, "{args:?}: something was written");
    }
}

#[test]
fn bad_arguments_are_setup_errors() {
    let root = workspace("bad-arguments");
    let before = snapshot(&root);
    for (args, says) in [
        (
            &["--time-scale", "0"][..],
            "--time-scale must be from 0.01 to 100",
        ),
        (&["--jobs", "many"][..], "invalid value 'many'"),
        (
            &["--no-such-flag"][..],
            "unexpected argument '--no-such-flag'",
        ),
    ] {
        let output = harness(&root, args, None);
        let message = stderr(&output);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {message}");
        assert!(message.contains(says), "{args:?}: {message}");
        assert!(output.stdout.is_empty(), "{args:?}");
    }
    assert_eq!(snapshot(&root), before);
}

#[test]
fn list_shows_only_the_named_problems_and_rejects_unknown_ids() {
    let root = workspace("list-ids");
    let all = harness(&root, &["list"], None);
    assert_eq!(all.status.code(), Some(0), "{}", stderr(&all));
    let rows = |output: &Output| -> Vec<String> {
        String::from_utf8_lossy(&output.stdout)
            .lines()
            .skip(1)
            .map(|line| line.split_whitespace().next().unwrap_or("").to_string())
            .collect()
    };
    assert_eq!(rows(&all), ["good", "spare"]);
    let one = harness(&root, &["list", "spare", "spare"], None);
    assert_eq!(one.status.code(), Some(0), "{}", stderr(&one));
    assert_eq!(rows(&one), ["spare"], "named once, listed once");
    let typo = harness(&root, &["list", "good", "Gdoo"], None);
    let message = stderr(&typo);
    assert_eq!(typo.status.code(), Some(2), "{message}");
    assert!(typo.stdout.is_empty(), "nothing listed before the error");
    assert!(
        message.contains("unknown problem `Gdoo`") && message.contains("did you mean `good`?"),
        "{message}"
    );
}

#[test]
fn grading_a_freshly_scaffolded_problem_names_the_keys_to_fill_in() {
    let root = Path::new(env!("CARGO_TARGET_TMPDIR")).join("setup-errors/scaffolded");
    let _ = fs::remove_dir_all(&root);
    fs::create_dir_all(root.join("problems")).unwrap();
    fs::write(
        root.join("Cargo.toml"),
        "[workspace]\nresolver = \"2\"\nmembers = [\"solutions/*\"]\n",
    )
    .unwrap();
    // An id `harness new` cannot place on a judge: judge, number, url and title are placeholders.
    let new = harness(&root, &["new", "mygame"], None);
    assert_eq!(new.status.code(), Some(0), "{}", stderr(&new));
    let toml = root.join("problems/mygame/problem.toml");
    let listed = harness(&root, &["list"], None);
    assert_eq!(
        listed.status.code(),
        Some(0),
        "problem.toml is valid as written"
    );
    let named = harness(&root, &["mygame"], None);
    let message = stderr(&named);
    assert_eq!(named.status.code(), Some(2), "{message}");
    let unnamed = harness(&root, &["--format", "json"], None);
    assert_eq!(unnamed.status.code(), Some(1), "{}", stderr(&unnamed));
    let report: Value = serde_json::from_slice(&unnamed.stdout).unwrap();
    let row = report["problems"][0]["error"].as_str().unwrap().to_string();
    for text in [message, row] {
        for (line, key) in [(2, "title"), (3, "judge"), (4, "number"), (5, "url")] {
            let says = format!(
                "{}:{line}: key `{key}` is still the placeholder \"TODO",
                toml.display()
            );
            assert!(text.contains(&says), "lacks {says:?}:\n{text}");
        }
        assert!(!text.contains("time_limit_ms"), "{text}");
    }
    // Once they are filled in, the next thing to do is the data.
    let text = fs::read_to_string(&toml).unwrap();
    fs::write(&toml, text.replace("\"TODO", "\"Filled in, was TODO")).unwrap();
    let filled = harness(&root, &["mygame"], None);
    let message = stderr(&filled);
    assert_eq!(filled.status.code(), Some(2), "{message}");
    assert!(!message.contains("placeholder"), "{message}");
    assert!(
        message.contains("no tests; add <name>.in/<name>.out pairs"),
        "{message}"
    );
}

#[test]
fn a_mistyped_subcommand_is_an_unknown_command_naming_the_nearest() {
    let root = workspace("mistyped-command");
    for (typed, meant) in [("stres", "stress"), ("expor", "export"), ("lnt", "lint")] {
        let output = harness(&root, &[typed], None);
        let message = stderr(&output);
        assert_eq!(output.status.code(), Some(2), "{typed}: {message}");
        assert!(
            message.contains(&format!("unknown command `{typed}`"))
                && message.contains(&format!("did you mean `harness {meant}`?")),
            "{typed}: {message}"
        );
        assert!(!message.contains("unknown problem"), "{typed}: {message}");
    }
}

#[test]
fn tests_toml_is_the_source_of_truth_when_grading() {
    let root = workspace("tests-toml");
    let declared = |names: &[&str]| -> String {
        names
            .iter()
            .map(|n| format!("[[test]]\nname = \"{n}\"\ninput = \"hand\"\nanswer = \"hand\"\n\n"))
            .collect()
    };
    let toml = root.join("problems/good/tests.toml");
    let grade = |root: &Path| harness(root, &["good"], Some(&shared_cache()));

    // Every pair declared: graded as before.
    fs::write(&toml, declared(&["a", "b"])).unwrap();
    let ok = grade(&root);
    assert_eq!(ok.status.code(), Some(0), "{}", stderr(&ok));

    // A pair nobody declared.
    fs::write(&toml, declared(&["a"])).unwrap();
    let undeclared = grade(&root);
    let message = stderr(&undeclared);
    assert_eq!(undeclared.status.code(), Some(2), "{message}");
    assert!(
        message.contains("`b.in` and `b.out` are not declared in")
            && message.contains("problems/good/tests.toml"),
        "{message}"
    );

    // A declared test without its files.
    fs::write(&toml, declared(&["a", "b", "c"])).unwrap();
    let missing = grade(&root);
    let message = stderr(&missing);
    assert_eq!(missing.status.code(), Some(2), "{message}");
    assert!(
        message.contains("tests.toml: test `c` is declared but"),
        "{message}"
    );

    // A malformed tests.toml names its file and line.
    fs::write(&toml, "[[test]\nname = ").unwrap();
    let malformed = grade(&root);
    let message = stderr(&malformed);
    assert_eq!(malformed.status.code(), Some(2), "{message}");
    assert!(message.contains("problems/good/tests.toml:1"), "{message}");
}

#[test]
fn the_memory_limit_may_be_named_in_mib() {
    let root = workspace("memory-mib");
    edit(&root, TOML, |t| {
        t.replace("memory_limit_mb = 64", "memory_limit_mib = 48")
    });
    let listed = harness(&root, &["list", "spare"], None);
    assert_eq!(listed.status.code(), Some(0), "{}", stderr(&listed));
    let line = String::from_utf8_lossy(&listed.stdout)
        .lines()
        .find(|l| l.starts_with("spare"))
        .map(|l| l.split_whitespace().collect::<Vec<_>>().join(" "))
        .unwrap_or_default();
    assert!(line.contains("48 MiB"), "{line}");
}
