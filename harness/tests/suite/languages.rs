//! Every default language of the judge's table, end to end (fixture workspace `languages`): a tiny program
//! in each, multi-file C and Java, a C++ compile error, a Python syntax error (a compile error, not a
//! run-time one), a Java program over its memory limit (MLE, the JVM itself starting), and a language the
//! workspace adds in its `languages.toml`. A language whose toolchain this machine lacks is skipped with
//! the reason, and the test says so.

use super::common::{fixtures, harness, json_report};

/// Whether a command is on this machine.
fn have(command: &str) -> bool {
    std::process::Command::new(command)
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success())
}

#[test]
fn a_program_in_every_language() {
    let output = harness(&fixtures("languages"), &["--format", "json"]);
    let report = json_report(&output);
    assert_eq!(output.status.code(), Some(0), "{report:#}");
    let table = [
        ("accepted/sum.c", "gcc", "C", "AC"),
        ("accepted/sum.cpp", "g++", "C++", "AC"),
        ("accepted/sum.rs", "rustc", "Rust", "AC"),
        ("accepted/sum.py", "python3", "Python 3", "AC"),
        ("accepted/sum2.py", "python2", "Python 2", "AC"),
        ("accepted/Sum.java", "javac", "Java", "AC"),
        ("accepted/sum.js", "node", "JavaScript", "AC"),
        ("accepted/sum.sh", "bash", "Bash", "AC"),
        ("accepted/multi-c", "gcc", "C", "AC"),
        ("accepted/multi-java", "javac", "Java", "AC"),
        ("rejected/ce.cpp", "g++", "C++", "CE"),
        ("rejected/syntax.py", "python3", "Python 3", "CE"),
        ("run_time_error/Mle.java", "javac", "Java", "MLE"),
    ];
    let submissions = report["submissions"].as_array().unwrap();
    assert_eq!(submissions.len(), table.len());
    for (file, tool, language, verdict) in table {
        let s = submissions
            .iter()
            .find(|s| s["file"].as_str().unwrap().ends_with(file))
            .unwrap_or_else(|| panic!("no {file}"));
        if !have(tool) {
            let reason = s["skipped"].as_str().unwrap_or_else(|| panic!("{s}"));
            eprintln!("languages: {file} skipped, as `{tool}` is missing: {reason}");
            continue;
        }
        assert_eq!(s["language"], language, "{s}");
        assert_eq!(s["verdict"], verdict, "{s}");
        assert_eq!(s["matched"], true, "{s}");
    }
    let mle = submissions
        .iter()
        .find(|s| s["file"].as_str().unwrap().ends_with("Mle.java"))
        .unwrap();
    if have("javac") {
        let detail = mle["tests"][0]["detail"].as_str().unwrap();
        assert!(
            detail.contains("allocation failed") || detail.contains("memory limit"),
            "{detail}"
        );
    }
    let ce = submissions
        .iter()
        .find(|s| s["file"].as_str().unwrap().ends_with("ce.cpp"))
        .unwrap();
    if have("g++") {
        // The compiler's locations name the file from the workspace, not from the build folder.
        let message = ce["compile_error"].as_str().unwrap();
        assert!(
            message.contains("problems/sum/submissions/rejected/ce.cpp:2:"),
            "{message}"
        );
        assert_eq!(
            message.matches("ce.cpp").count(),
            message
                .matches("problems/sum/submissions/rejected/ce.cpp")
                .count(),
            "{message}"
        );
    }
    let syntax = submissions
        .iter()
        .find(|s| s["file"].as_str().unwrap().ends_with("syntax.py"))
        .unwrap();
    if have("python3") {
        assert!(
            syntax["compile_error"]
                .as_str()
                .unwrap()
                .contains("SyntaxError"),
            "{syntax}"
        );
    }
}
