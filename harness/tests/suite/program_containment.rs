//! Compilers and the problems' and packages' own programs are contained as submissions are: a source
//! cannot compile an answer in or show a secret file in its compile error, the judge's environment does
//! not reach a compiler, and a package's output validator or a problem's validator writes nowhere but its
//! feedback folder. As root, and as an unprivileged user (`nobody`) where the machine allows.

use std::fs;
use std::os::unix::fs::PermissionsExt;
use std::path::PathBuf;
use std::process::Command;

use serde_json::Value;

use super::common::{command_in, copy_of, copy_tree, fixtures, json_report, scratch};
use super::unprivileged::{as_unprivileged_user, is_root, unprivileged_judge};

fn has(tool: &str) -> bool {
    Command::new(tool)
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success())
}

/// The marker of the secret file, and the value of the judge's secret variable: neither may reach a report.
const SECRET: &str = "secret_marker_5f1c9a";
const TOKEN: &str = "token-value-7d2e44";

/// A workspace with one problem (`sum`, whose answers are in `testdata/sum/`), a mode-0600 file in a
/// mode-0700 folder of its own, and hostile submissions that reach for both at compile time.
fn hostile_sources(name: &str) -> (PathBuf, Vec<(&'static str, &'static str)>) {
    let workspace = copy_of("hostile", name);
    let submissions = workspace.join("problems/sum/submissions");
    fs::remove_dir_all(&submissions).unwrap();
    let accepted = submissions.join("accepted");
    fs::create_dir_all(&accepted).unwrap();
    let private = workspace.join("private");
    fs::create_dir_all(&private).unwrap();
    let secret = private.join("secret");
    fs::write(&secret, format!("{SECRET} = 1;\n")).unwrap();
    fs::set_permissions(&secret, fs::Permissions::from_mode(0o600)).unwrap();
    fs::set_permissions(&private, fs::Permissions::from_mode(0o700)).unwrap();
    let answer = workspace.join("testdata/sum/a.out");
    let (answer, secret) = (answer.display(), secret.display());
    let solve = "let mut s = String::new(); std::io::Read::read_to_string(&mut std::io::stdin(), &mut s).unwrap(); \
                 let n: i64 = s.split_ascii_whitespace().map(|t| t.parse::<i64>().unwrap()).sum(); println!(\"{n}\");";
    let mut sources = vec![
        (
            "answer-compiled-in.rs",
            format!("fn main() {{ print!(\"{{}}\", include_str!(\"{answer}\")); }}\n"),
            "CE",
        ),
        (
            "secret-in-the-error.rs",
            format!("include!(\"{secret}\");\nfn main() {{}}\n"),
            "CE",
        ),
        (
            "environment-compiled-in.rs",
            format!(
                "const ENV: &[u8] = include_bytes!(\"/proc/self/environ\");\n\
                 fn main() {{\n    \
                 if ENV.windows(19).any(|w| w == b\"HARNESS_TEST_TOKEN=\") {{ print!(\"{{}}\", String::from_utf8_lossy(ENV)); return; }}\n    \
                 {solve}\n}}\n"
            ),
            "AC",
        ),
    ];
    if has("gcc") {
        sources.push((
            "answer-compiled-in.c",
            format!(
                "#include <stdio.h>\n__asm__(\".section .rodata\\n.global answer\\nanswer:\\n.incbin \\\"{answer}\\\"\\n.byte 0\\n.text\\n\");\n\
                 extern const char answer[];\nint main(void) {{ fputs(answer, stdout); return 0; }}\n"
            ),
            "CE",
        ));
        sources.push((
            "secret-in-the-error.c",
            format!("#include \"{secret}\"\nint main(void) {{ return 0; }}\n"),
            "CE",
        ));
    }
    let mut want = Vec::new();
    for (file, source, verdict) in sources {
        fs::write(accepted.join(file), source).unwrap();
        want.push((file, verdict));
    }
    want.sort();
    (workspace, want)
}

/// Runs the judge on the hostile sources and checks their verdicts and that no secret reached the report.
fn check_compiles(mut command: Command, want: &[(&str, &str)], how: &str) {
    let output = command.output().unwrap();
    let printed = format!(
        "{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    let report = json_report(&output);
    let mut got: Vec<(&str, &str)> = report["submissions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| {
            let file = s["file"].as_str().unwrap().rsplit('/').next().unwrap();
            (file, s["verdict"].as_str().unwrap_or("skipped"))
        })
        .collect();
    got.sort();
    assert_eq!(got, want, "{how}: {report:#}");
    assert!(
        !printed.contains(SECRET),
        "{how}: the secret file shows: {printed}"
    );
    assert!(
        !printed.contains(TOKEN),
        "{how}: the judge's variable shows: {printed}"
    );
}

#[test]
fn a_compiler_sees_neither_answers_nor_secrets_nor_the_judges_environment() {
    if !is_root() {
        super::common::skipped(
            "compilers contained as root",
            "the tests do not run as root (the unprivileged run is the other test)",
        );
        return;
    }
    let (workspace, want) = hostile_sources("compilers-root");
    let cache = scratch("compilers-root-cache");
    let mut command = command_in(&workspace, Some(&cache), &["--format", "json"]);
    command.env("HARNESS_TEST_TOKEN", TOKEN);
    check_compiles(command, &want, "root");
}

#[test]
fn a_compiler_is_contained_for_an_unprivileged_user_too() {
    let (workspace, want) = hostile_sources("compilers-unprivileged");
    let cache = workspace.join("cache");
    let mut command = command_in(&workspace, Some(&cache), &["--format", "json"]);
    command.env("HARNESS_TEST_TOKEN", TOKEN);
    let (command, userns) = match unprivileged_judge(command, &workspace) {
        Ok(judge) => judge,
        Err(why) => {
            super::common::skipped("compilers contained as an unprivileged user", &why);
            return;
        }
    };
    if !userns {
        super::common::skipped(
            "compilers contained as an unprivileged user",
            "no user namespace for this user: compilers then see the machine, as docs/containment.md says",
        );
        return;
    }
    check_compiles(command, &want, "unprivileged");
}

/// A Kattis package whose output validator tries to write into the package, into its working folder (the
/// judge's) and into another folder of the machine: none of it is written, while its feedback folder is
/// its own (its message reaches the report); a link it leaves there to a file it cannot read is not
/// followed by the judge.
fn check_validator_writes_nowhere(unprivileged: bool) {
    let how = if unprivileged { "unprivileged" } else { "root" };
    let root = scratch(&format!("escaping-validator-{how}"));
    let package = root.join("escape");
    let outside = root.join("outside");
    let cwd = root.join("cwd");
    for dir in [
        package.join("data/secret"),
        package.join("output_validators/escape"),
        package.join("submissions/accepted"),
        outside.clone(),
        cwd.clone(),
    ] {
        fs::create_dir_all(dir).unwrap();
    }
    fs::write(
        package.join("problem.yaml"),
        "name: Escape\nlicense: cc0\nrights_owner: harness\nvalidation: custom\n",
    )
    .unwrap();
    fs::write(package.join("data/secret/1.in"), "1 2\n").unwrap();
    fs::write(package.join("data/secret/1.ans"), "3\n").unwrap();
    fs::write(
        package.join("submissions/accepted/add.py"),
        "print(sum(map(int, input().split())))\n",
    )
    .unwrap();
    let targets = [
        package.join("escaped-by-validator"),
        package.join("data/secret/escaped-by-validator"),
        outside.join("escaped-by-validator"),
        PathBuf::from("escaped-by-validator"),
    ];
    // A file only the judge's user may read: the validator links its feedback to it, for the judge to read.
    fs::create_dir_all(root.join("private")).unwrap();
    let secret = root.join("private/secret");
    fs::write(&secret, format!("{SECRET}\n")).unwrap();
    fs::set_permissions(&secret, fs::Permissions::from_mode(0o600)).unwrap();
    let list: Vec<String> = targets
        .iter()
        .map(|t| format!("{:?}", t.display().to_string()))
        .collect();
    fs::write(
        package.join("output_validators/escape/validate.py"),
        format!(
            "import os, sys\nfor target in [{}]:\n    try:\n        open(target, 'w').write('escaped')\n    except OSError:\n        pass\n\
             open(sys.argv[3] + '/judgemessage.txt', 'w').write('the feedback folder is writable')\n\
             os.symlink({:?}, sys.argv[3] + '/teammessage.txt')\nsys.exit(43)\n",
            list.join(", "),
            secret.display().to_string()
        ),
    )
    .unwrap();
    let cache = root.join("cache");
    let mut command = command_in(&root, Some(&cache), &["verify"]);
    command
        .arg(&package)
        .args(["--format", "json"])
        .current_dir(&cwd);
    if unprivileged {
        match as_unprivileged_user(command, &root) {
            Ok((dropped, _)) => command = dropped,
            Err(why) => {
                super::common::skipped("a package's validator as an unprivileged user", &why);
                return;
            }
        }
        command.current_dir(&cwd);
    }
    let output = command.output().unwrap();
    let report: Value = json_report(&output);
    let text = report.to_string();
    assert!(
        text.contains("the feedback folder is writable"),
        "{how}: the validator's feedback is lost: {report:#}"
    );
    assert!(
        !text.contains(SECRET),
        "{how}: the judge followed the validator's link: {report:#}"
    );
    let escaped: Vec<PathBuf> = walkdir::WalkDir::new(&root)
        .into_iter()
        .flatten()
        .filter(|e| e.file_name() == "escaped-by-validator")
        .map(|e| e.path().to_path_buf())
        .collect();
    assert!(escaped.is_empty(), "{how}: the validator wrote {escaped:?}");
}

#[test]
fn a_packages_output_validator_writes_nowhere_but_its_feedback() {
    if !is_root() {
        super::common::skipped(
            "a package's validator as root",
            "the tests do not run as root",
        );
        return;
    }
    check_validator_writes_nowhere(false);
}

#[test]
fn a_packages_output_validator_writes_nowhere_for_an_unprivileged_user_either() {
    let userns = Command::new("unshare")
        .args(["--user", "--mount", "true"])
        .output()
        .is_ok_and(|o| o.status.success());
    if !is_root() && !userns {
        super::common::skipped(
            "a package's validator as an unprivileged user",
            "no user namespace for this user",
        );
        return;
    }
    check_validator_writes_nowhere(is_root());
}

/// A problem's input validator and generator that try to write into the problem's folder and the
/// workspace write nothing there.
#[test]
fn a_problems_validator_and_generator_write_nothing_outside() {
    let workspace = copy_of("hostile", "escaping-tools");
    let problem = workspace.join("problems/sum");
    let targets = [
        problem.join("escaped-by-tool"),
        workspace.join("escaped-by-tool"),
        workspace.join("testdata/sum/escaped-by-tool"),
    ];
    let writes: String = targets
        .iter()
        .map(|t| {
            format!(
                "    let _ = std::fs::write({:?}, \"escaped\");\n",
                t.display().to_string()
            )
        })
        .collect();
    fs::write(
        problem.join("tests.toml"),
        "[[test]]\nname = \"a\"\ninput = \"hand\"\nanswer = \"hand\"\n\n\
         [[test]]\nname = \"made\"\ninput = \"gen\"\nargs = [\"1\"]\nanswer = \"solution\"\n",
    )
    .unwrap();
    fs::write(
        problem.join("validate.rs"),
        format!(
            "fn main() {{\n{writes}    let _ = std::fs::write(\"escaped-by-tool\", \"x\");\n    \
             let mut s = String::new();\n    std::io::Read::read_to_string(&mut std::io::stdin(), &mut s).unwrap();\n    \
             std::process::exit(if s.contains('x') {{ 43 }} else {{ 42 }});\n}}\n"
        ),
    )
    .unwrap();
    fs::write(
        problem.join("gen.rs"),
        format!("fn main() {{\n{writes}    let _ = std::fs::write(\"escaped-by-tool\", \"x\");\n    println!(\"1 2\");\n}}\n"),
    )
    .unwrap();
    fs::create_dir_all(problem.join("invalid")).unwrap();
    for name in ["x1", "x2", "x3"] {
        fs::write(problem.join(format!("invalid/{name}.in")), "x y\n").unwrap();
    }
    let cache = workspace.join("cache");
    let mut printed = String::new();
    for args in [&["gen", "sum"][..], &["validate", "sum"]] {
        let output = command_in(&workspace, Some(&cache), args)
            .current_dir(&workspace)
            .output()
            .unwrap();
        printed += &super::common::printed(&output);
        assert_eq!(output.status.code(), Some(0), "{args:?}: {printed}");
    }
    let escaped: Vec<PathBuf> = walkdir::WalkDir::new(&workspace)
        .into_iter()
        .flatten()
        .filter(|e| e.file_name() == "escaped-by-tool")
        .map(|e| e.path().to_path_buf())
        .collect();
    assert!(escaped.is_empty(), "the tools wrote {escaped:?}: {printed}");
    assert_eq!(
        fs::read_to_string(workspace.join("testdata/sum/made.in")).unwrap(),
        "1 2\n",
        "the generator's output, written by the judge"
    );
}

/// A submission given by its path at a workspace's root (`harness sum --submission ./x.rs`) is compiled
/// with the file alone beside it, not its folder: the workspace's answers stay out of reach of a relative
/// `include_str!`. The workspace is a mode-0700 folder (as `mktemp -d` makes) holding the binary cache:
/// an honest submission there still compiles and passes.
#[test]
fn a_submission_at_a_workspaces_root_is_compiled_without_the_workspace() {
    let workspace = copy_of("hostile", "submission-at-the-root");
    fs::write(
        workspace.join("answer-beside.rs"),
        "fn main() { print!(\"{}\", include_str!(\"testdata/sum/a.out\")); }\n",
    )
    .unwrap();
    fs::write(
        workspace.join("honest.rs"),
        "fn main() { let mut s = String::new(); std::io::Read::read_to_string(&mut std::io::stdin(), &mut s).unwrap(); \
         let n: i64 = s.split_ascii_whitespace().map(|t| t.parse::<i64>().unwrap()).sum(); println!(\"{n}\"); }\n",
    )
    .unwrap();
    fs::set_permissions(&workspace, fs::Permissions::from_mode(0o700)).unwrap();
    let cache = workspace.join("cache");
    for (file, want) in [("answer-beside.rs", "CE"), ("honest.rs", "AC")] {
        let path = workspace.join(file);
        let args = [
            "sum",
            "--submission",
            path.to_str().unwrap(),
            "--format",
            "json",
        ];
        let output = command_in(&workspace, Some(&cache), &args)
            .output()
            .unwrap();
        let report = json_report(&output);
        let verdict = report["submissions"][0]["verdict"]
            .as_str()
            .map(str::to_string);
        assert_eq!(verdict.as_deref(), Some(want), "{file}: {report:#}");
    }
    // In a mode-0700 folder of its own, with the cache elsewhere, a compiler run as another user cannot
    // read it: it compiles a copy in its build folder, as judges do, and the program is graded (root only:
    // it is the case where compilers run as another user).
    if is_root() {
        let private = workspace.join("private");
        fs::create_dir(&private).unwrap();
        fs::copy(workspace.join("honest.rs"), private.join("honest.rs")).unwrap();
        fs::set_permissions(&private, fs::Permissions::from_mode(0o700)).unwrap();
        let path = private.join("honest.rs");
        let elsewhere = scratch("submission-at-the-root-cache");
        let args = ["sum", "--submission", path.to_str().unwrap()];
        let output = command_in(&workspace, Some(&elsewhere), &args)
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(0), "{stderr}");
    }
}

/// A submission among the answers (in a problem's `testdata/<id>/`, in a package's `data/secret/`) is
/// compiled alone: an answer it includes from beside it is a compile error, not an accepted program. One in
/// an ordinary folder still compiles with the module or header beside it.
#[test]
fn a_submission_among_the_answers_is_compiled_without_them() {
    let workspace = copy_of("hostile", "submission-among-the-answers");
    copy_tree(
        &fixtures("packages/addition"),
        &workspace.join("problems/addition"),
    );
    let (answers, ordinary) = (workspace.join("testdata/sum"), scratch("beside-a-header"));
    let secret = workspace.join("problems/addition/data/secret/large");
    let solve =
        "long long a, b; std::scanf(\"%lld %lld\", &a, &b); std::printf(\"%lld\\n\", a + b);";
    fs::write(
        ordinary.join("helper.h"),
        format!("#include <cstdio>\ninline void solve() {{ {solve} }}\n"),
    )
    .unwrap();
    fs::write(
        ordinary.join("helper.rs"),
        "pub fn solve() { let mut s = String::new(); std::io::Read::read_to_string(&mut std::io::stdin(), &mut s).unwrap(); \
         println!(\"{}\", s.split_ascii_whitespace().map(|t| t.parse::<i64>().unwrap()).sum::<i64>()); }\n",
    )
    .unwrap();
    // The answers' folder through a link from an ordinary one is the answers' folder.
    std::os::unix::fs::symlink(&answers, ordinary.join("linked")).unwrap();
    let peek = "fn main() { print!(\"{}\", include_str!(\"a.out\")); }\n";
    let mut cases = vec![
        ("sum", ordinary.join("linked/peek.rs"), peek, "CE"),
        ("sum", answers.join("peek.rs"), peek, "CE"),
        (
            "addition",
            secret.join("peek.rs"),
            "fn main() { print!(\"{}\", include_str!(\"01.ans\")); }\n",
            "CE",
        ),
        (
            "sum",
            ordinary.join("honest.rs"),
            "mod helper;\nfn main() { helper::solve(); }\n",
            "AC",
        ),
    ];
    if has("g++") {
        let peek =
            "#include <cstdio>\nint main() { std::printf(\"%d\\n\",\n#include \"a.out\"\n); }\n";
        cases.push(("sum", answers.join("peek.cpp"), peek, "CE"));
        let honest = "#include \"helper.h\"\nint main() { solve(); }\n";
        cases.push(("sum", ordinary.join("honest.cpp"), honest, "AC"));
    }
    let cache = scratch("submission-among-the-answers-cache");
    for (problem, path, source, want) in cases {
        fs::write(&path, source).unwrap();
        let file = path.to_str().unwrap();
        let mut args = vec![problem, "--submission", file, "--format", "json"];
        if problem == "addition" {
            args.extend(["--test", "secret/large/*"]);
        }
        let output = command_in(&workspace, Some(&cache), &args)
            .output()
            .unwrap();
        let report = json_report(&output);
        assert_eq!(
            report["submissions"][0]["verdict"], want,
            "{file}: {report:#}"
        );
    }
}
