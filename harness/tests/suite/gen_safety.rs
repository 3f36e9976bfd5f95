//! Data that is never lost: `harness gen` writes atomically and only the generated files that tests.toml
//! declares, never a hand-made sample or edge case; `gen --check` writes nothing; an interrupted `gen`
//! leaves the old data whole; `stress --save` never overwrites. Each case works in a fresh workspace.

use std::collections::BTreeMap;
use std::fs;
use std::os::unix::fs::MetadataExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

/// Longer than any step here can take unless something hangs.
const HANG: Duration = Duration::from_secs(120);
/// Longer than a killed process can take to go, and shorter than the tools' wall backstop (two minutes)
/// that would end a hanging generator anyway: a process still there after this was left behind.
const GONE: Duration = Duration::from_secs(60);

const GEN: &str = r#"//! `gen small SEED` / `gen max SEED`: two numbers; `gen hang N` never ends.
fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args[0] == "hang" {
        loop {
            std::thread::sleep(std::time::Duration::from_secs(3600));
        }
    }
    let seed: u64 = args[1].parse().unwrap();
    if args[0] == "max" {
        println!("{} {}", seed * 1000, seed * 7);
    } else {
        println!("{} {}", seed % 10, seed * 7 % 13);
    }
}
"#;

const SUM: &str = r#"//! The sum of the two numbers of the input.
fn main() {
    let mut s = String::new();
    std::io::Read::read_to_string(&mut std::io::stdin(), &mut s).unwrap();
    let v: Vec<i64> = s.split_whitespace().map(|t| t.parse().unwrap()).collect();
    println!("{}", v[0] + v[1]);
}
"#;

const WRONG_SUM: &str = r#"//! The sum, off by one when it is above 10.
fn main() {
    let mut s = String::new();
    std::io::Read::read_to_string(&mut std::io::stdin(), &mut s).unwrap();
    let v: Vec<i64> = s.split_whitespace().map(|t| t.parse().unwrap()).collect();
    let sum = v[0] + v[1];
    println!("{}", if sum > 10 { sum + 1 } else { sum });
}
"#;

const TESTS_TOML: &str = r#"
[[test]]
name = "sample-1"
input = "statement"
answer = "statement"

[[test]]
name = "edge-1"
input = "hand"
answer = "hand"
note = "zero and zero, worked out by hand"

[[test]]
name = "edge-2"
input = "hand"
answer = "brute"

[[test]]
name = "rand-01"
input = "gen"
args = ["small", "1"]
answer = "brute"

[[test]]
name = "rand-02"
input = "gen"
args = ["small", "2"]
answer = "brute"

[[test]]
name = "max-01"
input = "gen"
args = ["max", "3"]
answer = "solution"
"#;

fn write(path: &Path, text: impl AsRef<[u8]>) {
    fs::create_dir_all(path.parent().unwrap()).unwrap();
    fs::write(path, text).unwrap();
}

/// A fresh workspace with the problem `id`: sum of two numbers, gen.rs, brute.rs, the given tests.toml and
/// solution, and the hand-made files of TESTS_TOML (plus a stale `rand-01` pair).
fn add_problem(root: &Path, id: &str, tests_toml: &str, solution: &str) {
    let problem = root.join("problems").join(id);
    write(
        &problem.join("problem.toml"),
        format!(
            "title = \"Fixture {id}\"\njudge = \"Fixture\"\nnumber = \"0\"\nurl = \"https://example.invalid/{id}\"\ntime_limit_ms = 1000\nmemory_limit_mb = 64\n"
        ),
    );
    write(&problem.join("gen.rs"), GEN);
    write(&problem.join("brute.rs"), SUM);
    write(&problem.join("tests.toml"), tests_toml);
    write(
        &root.join("solutions").join(id).join("src/main.rs"),
        solution,
    );
    let data = root.join("testdata").join(id);
    for (name, text) in [
        ("sample-1.in", "1 2\n"),
        ("sample-1.out", "3\n"),
        ("edge-1.in", "0 0\n"),
        ("edge-1.out", "0\n"),
        ("edge-2.in", "5 5\n"),
        ("rand-01.in", "old input\n"),
        ("rand-01.out", "old answer\n"),
    ] {
        write(&data.join(name), text);
    }
}

fn workspace(case: &str) -> PathBuf {
    let root = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("gen-safety")
        .join(case);
    if root.exists() {
        fs::remove_dir_all(&root).unwrap();
    }
    fs::create_dir_all(root.join("problems")).unwrap();
    root
}

fn cache(case: &str) -> PathBuf {
    Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("gen-safety-cache-{case}"))
}

fn command(root: &Path, cache: &Path, args: &[&str]) -> Command {
    super::common::command_in(root, Some(cache), args)
}

fn harness(root: &Path, cache: &Path, args: &[&str]) -> Output {
    command(root, cache, args)
        .output()
        .expect("run the harness")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// Content, inode and modification time of every file under `root` but `target/`: a file whose entry is
/// unchanged was not touched (a rename would change the inode, a write the time).
fn snapshot(root: &Path) -> BTreeMap<PathBuf, (Vec<u8>, u64, i64, i64)> {
    let mut all = BTreeMap::new();
    let mut stack = vec![root.to_path_buf()];
    while let Some(dir) = stack.pop() {
        for entry in fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            let meta = fs::symlink_metadata(&path).unwrap();
            if meta.is_dir() {
                // target/ is the judge's own (builds, the inputs kept from failures), not the workspace's data.
                if path != root.join("target") {
                    stack.push(path);
                }
            } else {
                let bytes = fs::read(&path).unwrap_or_default();
                all.insert(path, (bytes, meta.ino(), meta.mtime(), meta.mtime_nsec()));
            }
        }
    }
    all
}

fn temporaries(dir: &Path) -> Vec<String> {
    fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|name| name.contains(".tmp-"))
        .collect()
}

fn read(path: &Path) -> String {
    fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

#[test]
fn gen_writes_only_the_generated_files_and_never_a_hand_made_one() {
    let root = workspace("declared-only");
    add_problem(&root, "a", TESTS_TOML, SUM);
    let data = root.join("testdata/a");
    write(&data.join("extra.in"), "7 7\n");
    write(&data.join("notes.txt"), "kept\n");
    let before = snapshot(&root);

    let output = harness(&root, &cache("shared"), &["gen", "a"]);
    let stdout = text(&output.stdout);
    // The undeclared pair is reported (so exit 1), and left alone.
    assert_eq!(
        output.status.code(),
        Some(1),
        "{stdout}{}",
        text(&output.stderr)
    );
    assert!(
        stdout.contains(&format!(
            "{} is not declared in {}",
            data.join("extra.in").display(),
            root.join("problems/a/tests.toml").display()
        )),
        "{stdout}"
    );
    assert!(
        stdout.contains("1 problem: 7 files written, 0 unchanged"),
        "{stdout}"
    );

    let after = snapshot(&root);
    for name in [
        "sample-1.in",
        "sample-1.out",
        "edge-1.in",
        "edge-1.out",
        "edge-2.in",
        "extra.in",
        "notes.txt",
    ] {
        let path = data.join(name);
        assert_eq!(after[&path], before[&path], "{name} was touched");
    }
    // Everything else in the workspace is as it was, but the five generated files.
    let changed: Vec<String> = after
        .keys()
        .filter(|path| before.get(*path) != after.get(*path))
        .map(|path| path.file_name().unwrap().to_string_lossy().into_owned())
        .collect();
    assert_eq!(
        changed,
        [
            "edge-2.out",
            "max-01.in",
            "max-01.out",
            "rand-01.in",
            "rand-01.out",
            "rand-02.in",
            "rand-02.out"
        ]
    );
    assert_eq!(read(&data.join("edge-2.out")), "10\n");
    assert_eq!(read(&data.join("rand-01.in")), "1 7\n");
    assert_eq!(read(&data.join("rand-01.out")), "8\n");
    assert_eq!(read(&data.join("rand-02.in")), "2 1\n");
    assert_eq!(read(&data.join("max-01.in")), "3000 21\n");
    assert_eq!(read(&data.join("max-01.out")), "3021\n");
    assert_eq!(temporaries(&data), Vec::<String>::new());

    // A second run finds everything current and rewrites nothing.
    let again = snapshot(&root);
    let output = harness(&root, &cache("shared"), &["gen", "a"]);
    assert!(
        text(&output.stdout).contains("0 files written, 7 unchanged"),
        "{}",
        text(&output.stdout)
    );
    assert_eq!(snapshot(&root), again);
}

#[test]
fn gen_check_writes_nothing() {
    let root = workspace("check");
    add_problem(&root, "a", TESTS_TOML, SUM);
    let before = snapshot(&root);
    let output = harness(&root, &cache("shared"), &["gen", "--check"]);
    let stdout = text(&output.stdout);
    assert_eq!(
        output.status.code(),
        Some(1),
        "{stdout}{}",
        text(&output.stderr)
    );
    let data = root.join("testdata/a");
    assert!(
        stdout.contains(&format!(
            "{} differs from what tests.toml generates",
            data.join("rand-01.in").display()
        )),
        "{stdout}"
    );
    assert!(
        stdout.contains(&format!("{} is missing", data.join("max-01.out").display())),
        "{stdout}"
    );
    assert_eq!(snapshot(&root), before);
}

#[test]
fn a_sample_or_an_edge_case_declared_as_generated_is_refused() {
    for (name, says) in [
        ("sample-2", "a sample is copied from the statement"),
        ("edge-3", "an edge case's input is hand-made"),
    ] {
        let root = workspace(&format!("refused-{name}"));
        let toml = format!("{TESTS_TOML}\n[[test]]\nname = \"{name}\"\ninput = \"gen\"\nargs = [\"small\", \"9\"]\nanswer = \"brute\"\n");
        add_problem(&root, "a", &toml, SUM);
        write(&root.join(format!("testdata/a/{name}.in")), "hand-made\n");
        let before = snapshot(&root);
        let output = harness(&root, &cache("shared"), &["gen", "a"]);
        let stderr = text(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{stderr}");
        let tests_toml = root.join("problems/a/tests.toml");
        assert!(
            stderr.contains(&format!("{}: test `{name}`: {says}", tests_toml.display())),
            "{stderr}"
        );
        assert!(stderr.contains("or rename the test"), "{stderr}");
        assert_eq!(snapshot(&root), before, "{name}: something was written");
    }
}

/// The live processes started from the binaries of `cache` whose command line contains `word`.
fn programs(cache: &Path, word: &str) -> Vec<i32> {
    let bin = cache.join("bin").to_string_lossy().into_owned();
    let mut found = Vec::new();
    for entry in fs::read_dir("/proc").unwrap().flatten() {
        let Some(pid) = entry
            .file_name()
            .to_str()
            .and_then(|s| s.parse::<i32>().ok())
        else {
            continue;
        };
        let Ok(cmdline) = fs::read(entry.path().join("cmdline")) else {
            continue;
        };
        let args: Vec<String> = cmdline
            .split(|&b| b == 0)
            .map(|a| String::from_utf8_lossy(a).into_owned())
            .collect();
        if args[0].starts_with(&bin) && args.iter().any(|a| a == word) {
            found.push(pid);
        }
    }
    found
}

/// The live processes whose command line mentions `dir` (the programs compiled there), but not zombies.
fn processes_under(dir: &Path) -> Vec<i32> {
    let marker = dir.to_string_lossy().into_owned();
    let mut found = Vec::new();
    for entry in fs::read_dir("/proc").unwrap().flatten() {
        let Some(pid) = entry
            .file_name()
            .to_str()
            .and_then(|s| s.parse::<i32>().ok())
        else {
            continue;
        };
        let (Ok(cmdline), Ok(stat)) = (
            fs::read(entry.path().join("cmdline")),
            fs::read_to_string(entry.path().join("stat")),
        ) else {
            continue;
        };
        let zombie = stat
            .rsplit_once(')')
            .is_some_and(|(_, rest)| rest.trim_start().starts_with('Z'));
        if !zombie && String::from_utf8_lossy(&cmdline).contains(&marker) {
            found.push(pid);
        }
    }
    found
}

/// Polls `condition` until it holds or `within` passes; returns whether it held.
fn eventually(within: Duration, mut condition: impl FnMut() -> bool) -> bool {
    let deadline = Instant::now() + within;
    while Instant::now() < deadline {
        if condition() {
            return true;
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    condition()
}

/// `gen` over two problems: `a` is generated and written, then `z`'s generator never ends and the
/// harness is stopped with `signal` while it waits for it.
fn interrupted_gen(case: &str, signal: i32) -> (PathBuf, PathBuf, Option<i32>) {
    let root = workspace(case);
    add_problem(&root, "a", TESTS_TOML, SUM);
    let hanging = format!("{TESTS_TOML}\n[[test]]\nname = \"rand-99\"\ninput = \"gen\"\nargs = [\"hang\", \"1\"]\nanswer = \"brute\"\n");
    add_problem(&root, "z", &hanging, SUM);
    write(&root.join("testdata/z/rand-99.in"), "old input\n");
    write(&root.join("testdata/z/rand-99.out"), "old answer\n");
    let cache = cache(case);
    let mut child = command(&root, &cache, &["gen"])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    assert!(
        eventually(HANG, || !programs(&cache, "hang").is_empty()),
        "the hanging generator never started"
    );
    // SAFETY: signalling the harness we started; it has not been waited for, so the pid is still its own.
    unsafe { libc::kill(child.id() as i32, signal) };
    let mut status = None;
    let ended = eventually(HANG, || {
        status = child.try_wait().unwrap();
        status.is_some()
    });
    if !ended {
        let _ = child.kill();
    }
    assert!(ended, "the harness did not stop");
    (root, cache, status.unwrap().code())
}

fn assert_old_data_intact(root: &Path) {
    let (a, z) = (root.join("testdata/a"), root.join("testdata/z"));
    // `a` was done before `z` began: its files are the new ones, whole.
    assert_eq!(read(&a.join("rand-01.in")), "1 7\n");
    assert_eq!(read(&a.join("rand-01.out")), "8\n");
    assert_eq!(read(&a.join("max-01.out")), "3021\n");
    // `z` was interrupted: its old files are all there, unchanged, and no new one was half written.
    for (name, old) in [
        ("rand-01.in", "old input\n"),
        ("rand-01.out", "old answer\n"),
        ("rand-99.in", "old input\n"),
        ("rand-99.out", "old answer\n"),
        ("sample-1.in", "1 2\n"),
        ("edge-2.in", "5 5\n"),
    ] {
        assert_eq!(read(&z.join(name)), old, "z/{name}");
    }
    assert!(!z.join("rand-02.in").exists() && !z.join("max-01.in").exists());
    assert_eq!(temporaries(&a), Vec::<String>::new());
    assert_eq!(temporaries(&z), Vec::<String>::new());
}

#[test]
fn gen_interrupted_by_ctrl_c_leaves_the_old_data_and_no_process() {
    let (root, cache, code) = interrupted_gen("interrupted-sigint", libc::SIGINT);
    assert_eq!(code, Some(128 + libc::SIGINT));
    assert_old_data_intact(&root);
    let mut left = Vec::new();
    assert!(
        eventually(GONE, || {
            left = processes_under(&cache);
            left.is_empty()
        }),
        "left behind: {left:?}"
    );
}

#[test]
fn gen_killed_outright_leaves_the_old_data() {
    let (root, cache, code) = interrupted_gen("interrupted-sigkill", libc::SIGKILL);
    assert_eq!(code, None, "killed by a signal");
    assert_old_data_intact(&root);
    // A harness killed outright cannot sweep: its launcher ends the generator at the tools' wall backstop.
    // Do not leave them running that long.
    for pid in processes_under(&cache) {
        // SAFETY: these are the launcher and generator that this test's harness started.
        unsafe { libc::kill(pid, libc::SIGKILL) };
    }
}

#[test]
fn leftovers_of_an_interrupted_write_are_reported_and_removed() {
    let root = workspace("leftovers");
    add_problem(&root, "a", TESTS_TOML, SUM);
    let data = root.join("testdata/a");
    // A writer that is gone (no such pid), and one that is alive (this test).
    let dead = data.join(".rand-01.in.tmp-4294967295");
    let alive = data.join(format!(".rand-01.out.tmp-{}", std::process::id()));
    write(&dead, "half");
    write(&alive, "being written");
    let check = harness(&root, &cache("shared"), &["gen", "--check", "a"]);
    let stdout = text(&check.stdout);
    assert!(
        stdout.contains(&format!(
            "{} is left over from an interrupted `harness gen`",
            dead.display()
        )),
        "{stdout}"
    );
    assert!(!stdout.contains(".rand-01.out.tmp-"), "{stdout}");
    assert!(dead.exists(), "--check removed a file");
    harness(&root, &cache("shared"), &["gen", "a"]);
    assert!(!dead.exists());
    assert!(alive.exists(), "a live writer's file was removed");
}

#[test]
fn write_atomically_replaces_whole_files_or_nothing() {
    let dir = workspace("atomic");
    let file = dir.join("data.out");
    write(&file, "old\n");
    harness::setter::gen::write_atomically(&file, b"new\n").unwrap();
    assert_eq!(read(&file), "new\n");
    // A rename that fails (the target is a folder with a file in it) leaves the target and no temporary.
    let folder = dir.join("folder.out");
    write(&folder.join("inside"), "kept\n");
    let err = harness::setter::gen::write_atomically(&folder, b"new\n").unwrap_err();
    assert!(
        format!("{err:#}").contains(&format!("cannot write {}", folder.display())),
        "{err:#}"
    );
    assert_eq!(read(&folder.join("inside")), "kept\n");
    assert_eq!(temporaries(&dir), Vec::<String>::new());
}

#[test]
fn stress_save_never_overwrites() {
    let root = workspace("stress-save");
    add_problem(&root, "w", TESTS_TOML, WRONG_SUM);
    let cache = cache("shared");
    let args = ["stress", "w", "--cases", "30", "--save"];
    let first = harness(&root, &cache, &args);
    let stdout = text(&first.stdout);
    assert_eq!(
        first.status.code(),
        Some(1),
        "{stdout}{}",
        text(&first.stderr)
    );
    let data = root.join("testdata/w");
    let saved: Vec<String> = fs::read_dir(&data)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|name| name.starts_with("stress-"))
        .collect();
    assert_eq!(saved.len(), 2, "{saved:?}\n{stdout}");
    let stem = saved[0].rsplit_once('.').unwrap().0.to_string();
    assert!(
        stdout.contains(&format!(
            "saved {}",
            data.join(format!("{stem}.in")).display()
        )),
        "{stdout}"
    );

    // The same disagreement again: refused, nothing changed.
    let before = snapshot(&root);
    let second = harness(&root, &cache, &args);
    let stderr = text(&second.stderr);
    assert_eq!(second.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("already exists; not overwriting it"),
        "{stderr}"
    );
    assert_eq!(snapshot(&root), before);

    // Only the answer is there (say, written by hand): still refused, and the input is not created.
    fs::remove_file(data.join(format!("{stem}.in"))).unwrap();
    write(&data.join(format!("{stem}.out")), "by hand\n");
    let tests_toml = root.join("problems/w/tests.toml");
    write(&tests_toml, TESTS_TOML);
    let before = snapshot(&root);
    let third = harness(&root, &cache, &args);
    assert_eq!(third.status.code(), Some(2), "{}", text(&third.stderr));
    assert_eq!(snapshot(&root), before);
    assert_eq!(read(&data.join(format!("{stem}.out"))), "by hand\n");
}
