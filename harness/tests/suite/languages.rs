//! Every default language of the judge's table, end to end (fixture workspace `languages`): a tiny program
//! in each, multi-file C and Java, a C++ compile error, a Python syntax error (a compile error, not a
//! run-time one), a Java program over its memory limit (MLE, the JVM itself starting), and a language the
//! workspace adds in its `languages.toml`. A language whose toolchain this machine lacks is skipped with
//! the reason, and the test says so.

use std::fs;
use std::os::unix::fs::PermissionsExt;

use super::common::{command_in, copy_of, fixtures, harness, json_report, scratch};

/// Whether a command is on this machine.
fn have(command: &str) -> bool {
    std::process::Command::new(command)
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success())
}

/// The name of the Python 3 the judge runs: PyPy where it is installed, else CPython.
pub(super) fn python3_name() -> &'static str {
    match have("pypy3") {
        true => "Python 3 (PyPy)",
        false => "Python 3 (CPython)",
    }
}

#[test]
fn a_program_in_every_language() {
    let output = harness(&fixtures("languages"), &["--format", "json"]);
    let report = json_report(&output);
    assert_eq!(output.status.code(), Some(0), "{report:#}");
    let python3 = python3_name();
    let table = [
        ("accepted/sum.c", "gcc", "C", "AC"),
        ("accepted/sum.cpp", "g++", "C++", "AC"),
        // Reads input.txt unless ONLINE_JUDGE is defined, as the judge's C and C++ compile commands do.
        ("accepted/online-judge.cpp", "g++", "C++", "AC"),
        ("accepted/sum.rs", "rustc", "Rust", "AC"),
        ("accepted/sum.py", "python3", python3, "AC"),
        ("accepted/sum2.py", "python2", "Python 2", "AC"),
        ("accepted/Sum.java", "javac", "Java", "AC"),
        ("accepted/sum.js", "node", "JavaScript", "AC"),
        // Bash is in the judge's table; Perl is the workspace's own language.
        ("accepted/sum.sh", "bash", "Bash", "AC"),
        ("accepted/sum.pl", "perl", "Perl", "AC"),
        // The class with `main` runs, whatever the file's name.
        ("accepted/x-y.java", "javac", "Java", "AC"),
        ("accepted/public-class.java", "javac", "Java", "AC"),
        ("accepted/multi-c", "gcc", "C", "AC"),
        ("accepted/multi-java", "javac", "Java", "AC"),
        ("rejected/ce.cpp", "g++", "C++", "CE"),
        ("rejected/syntax.py", "python3", python3, "CE"),
        ("rejected/syntax.sh", "bash", "Bash", "CE"),
        ("rejected/no-main.java", "javac", "Java", "CE"),
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
            super::common::skipped(
                &format!("languages: {file}"),
                &format!("`{tool}` is missing: {reason}"),
            );
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
    let compile_error = |file: &str| {
        let s = submissions
            .iter()
            .find(|s| s["file"].as_str().unwrap().ends_with(file))
            .unwrap();
        s["compile_error"].as_str().unwrap_or_default().to_string()
    };
    if have("bash") {
        let message = compile_error("syntax.sh");
        assert!(message.contains("syntax error"), "{message}");
    }
    if have("javac") {
        let message = compile_error("no-main.java");
        assert!(
            message.contains("no class of the program has `public static void main(String[])`"),
            "{message}"
        );
    }
}

/// A C++ program is compiled once: the next run takes it from the binary cache without calling the
/// compiler, and editing a header it includes from its own folder builds it again. The compiler is seen
/// through a `g++` wrapper first on PATH that marks every build it makes (in its build folder, the one
/// folder a compiler may write).
#[test]
fn cpp_programs_come_from_the_cache_until_a_header_changes() {
    let Ok(found) = std::process::Command::new("sh")
        .args(["-c", "command -v g++"])
        .output()
    else {
        return;
    };
    let real = String::from_utf8_lossy(&found.stdout).trim().to_string();
    if real.is_empty() {
        super::common::skipped("languages: the cache test", "g++ is missing");
        return;
    }
    let root = copy_of("languages", "cpp-cache");
    let cache = scratch("cpp-cache-bin");
    let tools = scratch("cpp-cache-tools");
    let wrapper = tools.join("g++");
    fs::write(
        &wrapper,
        format!(
            "#!/bin/sh\ncase \"$*\" in *header.cpp*) echo \"$*\" > compiled-here;; esac\n\
             exec '{real}' \"$@\"\n"
        ),
    )
    .unwrap();
    fs::set_permissions(&wrapper, fs::Permissions::from_mode(0o755)).unwrap();
    let folder = root.join("problems/sum/submissions/accepted");
    fs::write(
        folder.join("header.cpp"),
        "#include <iostream>\n#include \"offset.h\"\nint main() { long long a, b; std::cin >> a >> b; std::cout << a + b + OFFSET << \"\\n\"; }\n",
    )
    .unwrap();
    fs::write(folder.join("offset.h"), "#define OFFSET 0\n").unwrap();
    let path = std::env::var_os("PATH").unwrap_or_default();
    let mut search = std::ffi::OsString::from(tools.as_os_str());
    search.push(":");
    search.push(path);
    let submission = folder.join("header.cpp");
    let run = || {
        let output = judge_one(&root, &cache, &submission)
            .env("PATH", &search)
            .output()
            .unwrap();
        let report = json_report(&output);
        let verdict = report["submissions"][0]["verdict"].clone();
        // The compiler writes only in its build folder: each build it made holds the wrapper's mark.
        let compiles = walkdir::WalkDir::new(&cache)
            .into_iter()
            .flatten()
            .filter(|e| e.file_name() == "compiled-here")
            .filter(|e| fs::read_to_string(e.path()).is_ok_and(|t| t.contains("header.cpp")))
            .count();
        (verdict, compiles)
    };
    assert_eq!(run(), (serde_json::json!("AC"), 1));
    assert_eq!(run(), (serde_json::json!("AC"), 1), "compiled again");
    fs::write(folder.join("offset.h"), "#define OFFSET 1\n").unwrap();
    assert_eq!(
        run(),
        (serde_json::json!("WA"), 2),
        "the header's edit is missed"
    );
    assert_eq!(run(), (serde_json::json!("WA"), 2), "compiled again");
}

/// A language whose compiler writes no dependency list (as javac, Python's check or node's) is compiled
/// once too: the workspace adds one whose compile step marks each build it makes.
#[test]
fn programs_without_a_dependency_list_come_from_the_cache() {
    let root = copy_of("languages", "nodeps-cache");
    let cache = scratch("nodeps-cache-bin");
    let mut table = fs::read_to_string(root.join("languages.toml")).unwrap();
    table.push_str(
        "\n[[language]]\nid = \"logged\"\nname = \"Logged\"\npriority = 100\nextensions = [\"lsh\"]\n\
         compile = [\"sh\", \"-c\", \"echo compiled > compiled-here\"]\nrun = [\"bash\", \"{mainfile}\"]\n\
         version = [\"bash\", \"--version\"]\n",
    );
    fs::write(root.join("languages.toml"), table).unwrap();
    let submission = root.join("problems/sum/submissions/accepted/sum.lsh");
    fs::write(&submission, "read a b\necho $((a + b))\n").unwrap();
    let run = || {
        let output = judge_one(&root, &cache, &submission).output().unwrap();
        let report = json_report(&output);
        // The compiler writes only in its build folder: each build it made holds its mark.
        let compiles = walkdir::WalkDir::new(&cache)
            .into_iter()
            .flatten()
            .filter(|e| e.file_name() == "compiled-here")
            .count();
        (report["submissions"][0]["verdict"].clone(), compiles)
    };
    assert_eq!(run(), (serde_json::json!("AC"), 1));
    assert_eq!(run(), (serde_json::json!("AC"), 1), "compiled again");
}

/// A relative `HARNESS_CACHE_DIR` names a folder from where the judge was started, as any path on the
/// command line does; the programs, which run in another working folder, are still found.
#[test]
fn a_relative_cache_folder_works() {
    let root = fixtures("languages");
    let here = scratch("relative-cache");
    let submission = root.join("problems/sum/submissions/accepted/sum.rs");
    let output = command_in(
        &root,
        None,
        &[
            "sum",
            "--submission",
            submission.to_str().unwrap(),
            "--format",
            "json",
        ],
    )
    .env("HARNESS_CACHE_DIR", "cache")
    .current_dir(&here)
    .output()
    .unwrap();
    let report = json_report(&output);
    assert_eq!(report["submissions"][0]["verdict"], "AC", "{report:#}");
    assert!(here.join("cache/bin").is_dir());
}

/// Python 3 runs under PyPy where it is installed (the report's language and toolchain say so), and PyPy
/// starts under a small memory limit: it maps about 128 MiB of address space and uses about 50 MiB, so
/// under problemtools' address-space limit of 64 MiB it cannot start, while here the address space is
/// capped well above the limit and memory is judged on what the program uses, interpreter included.
#[test]
fn python_runs_under_pypy_where_installed_and_starts_under_small_limits() {
    let root = copy_of("languages", "pypy-limits");
    let toml = root.join("problems/sum/problem.toml");
    let text = fs::read_to_string(&toml).unwrap();
    fs::write(
        &toml,
        text.replace("memory_limit_mb = 256", "memory_limit_mb = 64"),
    )
    .unwrap();
    let cache = scratch("pypy-limits-cache");
    let program = root.join("problems/sum/submissions/accepted/sum.py");
    let output = judge_one(&root, &cache, &program).output().unwrap();
    let report = json_report(&output);
    assert_eq!(output.status.code(), Some(0), "{report:#}");
    let judged = &report["submissions"][0];
    assert_eq!(judged["language"], python3_name(), "{judged}");
    assert_eq!(judged["verdict"], "AC", "{judged}");
    let toolchain = report["toolchains"].to_string();
    if have("pypy3") {
        assert!(toolchain.contains("PyPy"), "{toolchain}");
    } else {
        super::common::skipped(
            "languages: python under PyPy",
            "`pypy3` is missing (Debian's pypy3 package): judged under CPython",
        );
        assert!(
            report["toolchains"]["python3-cpython"].is_string(),
            "{toolchain}"
        );
    }
}

/// A 512 MiB initialised static array (`large/static-array.cpp`, which then touches every page of it)
/// compiles: the compile step may write files of up to 2.5 GiB, DOMjudge's default. At run time the
/// array is mapped from the binary and resident as it is touched: over the problem's 256 MiB, MLE.
#[test]
fn a_binary_of_512_mib_compiles_and_is_judged_at_run_time() {
    let root = fixtures("languages");
    let cache = scratch("large-binary-cache");
    let program = root.join("large/static-array.cpp");
    let output = judge_one(&root, &cache, &program).output().unwrap();
    let report = json_report(&output);
    let judged = &report["submissions"][0];
    if !have("g++") {
        super::common::skipped("languages: a 512 MiB binary", "`g++` is missing");
        return;
    }
    assert_eq!(judged["compile_error"], serde_json::Value::Null, "{judged}");
    assert_eq!(judged["verdict"], "MLE", "{judged}");
    // The binary is as large as the array: not kept.
    let _ = fs::remove_dir_all(&cache);
}

/// A binary of 1.5 GiB (an initialised static array) is refused as a compile error that says why, and
/// nothing of it is kept in the cache.
#[test]
fn a_binary_of_gigabytes_is_a_compile_error_and_is_not_kept() {
    if !have("g++") {
        super::common::skipped("languages: a 1.5 GiB binary", "`g++` is missing");
        return;
    }
    let root = fixtures("languages");
    let cache = scratch("huge-binary-cache");
    let program = root.join("large/huge-array.cpp");
    let output = judge_one(&root, &cache, &program).output().unwrap();
    let report = json_report(&output);
    let judged = &report["submissions"][0];
    let message = judged["compile_error"].as_str().unwrap_or_default();
    assert!(message.contains("MiB a program may be"), "{judged}");
    fn largest(path: &std::path::Path) -> u64 {
        match fs::symlink_metadata(path) {
            Ok(meta) if meta.is_dir() => fs::read_dir(path)
                .unwrap()
                .flatten()
                .map(|e| largest(&e.path()))
                .max()
                .unwrap_or(0),
            Ok(meta) => meta.len(),
            Err(_) => 0,
        }
    }
    let kept = largest(&cache);
    let _ = fs::remove_dir_all(&cache);
    assert!(
        kept < 1 << 30,
        "a file of {kept} bytes was kept in the cache"
    );
}

/// `harness doctor` says which Python 3 runs the programs.
#[test]
fn doctor_shows_which_python_runs() {
    let output = command_in(&fixtures("languages"), None, &["doctor"])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&output.stdout).into_owned();
    let line = text
        .lines()
        .find(|l| l.starts_with("python3 "))
        .unwrap_or_else(|| panic!("{text}"));
    if have("pypy3") {
        assert!(
            line.contains("Python 3 (PyPy)") && line.contains("[PyPy "),
            "{line}"
        );
    } else {
        assert!(line.contains("run under Python 3 (CPython)"), "{line}");
    }
}

/// The judge on problem `sum` of `root` with `submission` only, a JSON report and its own binary cache.
fn judge_one(
    root: &std::path::Path,
    cache: &std::path::Path,
    submission: &std::path::Path,
) -> std::process::Command {
    command_in(
        root,
        Some(cache),
        &[
            "sum",
            "--submission",
            submission.to_str().unwrap(),
            "--format",
            "json",
        ],
    )
}

/// A Python program on a problem whose memory limit is below what the interpreter takes by itself: MLE,
/// and the verdict says why and what to do.
#[test]
fn an_mle_below_the_interpreters_own_footprint_says_so() {
    let root = super::common::copy_of("broken", "python-footprint");
    let toml = root.join("problems/good/problem.toml");
    let text = std::fs::read_to_string(&toml)
        .unwrap()
        .replace("memory_limit_mb = 64", "memory_limit_mb = 8");
    std::fs::write(&toml, text).unwrap();
    let program = root.join("sum.py");
    std::fs::write(
        &program,
        "a, b = map(int, open(0).read().split())\nprint(a + b)\n",
    )
    .unwrap();
    let output = super::common::harness(
        &root,
        &[
            "run",
            "good",
            "--submission",
            program.to_str().unwrap(),
            "--format",
            "json",
        ],
    );
    let report = super::common::json_report(&output);
    let submission = &report["submissions"][0];
    if submission["skipped"].is_string() {
        super::common::skipped("python footprint", "no Python interpreter here");
        return;
    }
    assert_eq!(submission["verdict"], "MLE", "{submission:#}");
    let detail = submission["tests"][0]["detail"].as_str().unwrap();
    assert!(
        detail.contains("itself takes about")
            && detail.contains("allows 8 MiB")
            && detail.contains("submit in C++ or Rust"),
        "{detail}"
    );
}

/// A Python traceback names the file submitted, not the build cache's copy it ran from.
#[test]
fn a_python_traceback_names_the_file_submitted() {
    let root = super::common::copy_of("broken", "python-traceback");
    let program = root.join("boom.py");
    std::fs::write(&program, "def f():\n    raise ValueError('boom')\nf()\n").unwrap();
    let output = super::common::harness(
        &root,
        &[
            "run",
            "good",
            "--submission",
            program.to_str().unwrap(),
            "--format",
            "json",
        ],
    );
    let report = super::common::json_report(&output);
    let submission = &report["submissions"][0];
    if submission["skipped"].is_string() {
        super::common::skipped("python traceback", "no Python interpreter here");
        return;
    }
    assert_eq!(submission["verdict"], "RE", "{submission:#}");
    let stderr = submission["tests"][0]["stderr_tail"].as_str().unwrap();
    assert!(
        stderr.contains("File \"boom.py\", line 2") && !stderr.contains("harness/bin"),
        "{stderr}"
    );
}

/// A folder of attempts in several languages given with --submission is judged as one program of the
/// language most of its files are in, and a warning names the files left out.
#[test]
fn a_folder_of_mixed_languages_is_judged_with_a_warning() {
    let root = super::common::copy_of("broken", "mixed-folder");
    let folder = root.join("attempts");
    std::fs::create_dir_all(&folder).unwrap();
    let rust = std::fs::read_to_string(root.join("solutions/good/src/main.rs")).unwrap();
    std::fs::write(folder.join("main.rs"), rust).unwrap();
    std::fs::write(folder.join("first.py"), "import second\n").unwrap();
    std::fs::write(
        folder.join("second.py"),
        "print(sum(map(int, open(0).read().split())))\n",
    )
    .unwrap();
    let output = super::common::harness(
        &root,
        &["run", "good", "--submission", folder.to_str().unwrap()],
    );
    let stderr = super::common::stderr(&output);
    assert!(
        stderr.contains("harness: warning:")
            && stderr.contains("judged as one Python 3")
            && stderr.contains("left out: main.rs (Rust)"),
        "{stderr}"
    );
}
