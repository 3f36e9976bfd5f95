//! Grading at scale: the shards of a run (`--partition hash|count:K/N`) merged by `harness merge` give the
//! whole run's report (same tests, verdicts and exit status) for N = 1..4; merge refuses shards of
//! different runs, missing or overlapping ones; `--changed-since` grades what a change touches; the
//! GitHub Actions workflow uses flags that exist; the Slurm job array (on a single-node cluster started
//! here, when Slurm can be had) grades the workspace in 4 shards like one machine.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use serde_json::Value;

use super::common::{copy_tree, fixtures, harness, json_report, scratch, stderr, workspace_root};

/// What a run decided, without times: every problem's tests and verdicts, every submission's verdict,
/// the summary's counts.
fn decisions(report: &Value) -> Value {
    let problems: Vec<Value> = report["problems"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            let tests: Vec<Value> = p["tests"]
                .as_array()
                .unwrap()
                .iter()
                .map(|t| serde_json::json!([t["name"], t["verdict"]]))
                .collect();
            serde_json::json!({
                "id": p["id"], "verdict": p["verdict"], "error": p["error"].is_string(),
                "compile_error": p["compile_error"].is_string(), "tests": tests,
            })
        })
        .collect();
    let submissions: Option<Vec<Value>> = report["submissions"].as_array().map(|all| {
        all.iter()
            .map(|s| {
                serde_json::json!([
                    s["problem"],
                    s["file"],
                    s["verdict"],
                    s["stopped_at"],
                    s["matched"],
                    s["skipped"]
                ])
            })
            .collect()
    });
    let mut summary = report["summary"].clone();
    summary.as_object_mut().unwrap().remove("wall_ms");
    serde_json::json!({ "problems": problems, "submissions": submissions, "summary": summary })
}

/// Grades `root` in N shards, each to its own JSON file in `dir`; the files.
fn shards(root: &Path, args: &[&str], split: &str, n: usize, dir: &Path) -> Vec<PathBuf> {
    (1..=n)
        .map(|k| {
            let partition = format!("{split}:{k}/{n}");
            let mut all = args.to_vec();
            all.extend(["--format", "json", "--partition", &partition]);
            let output = harness(root, &all);
            let path = dir.join(format!("{split}-{k}-of-{n}.json"));
            fs::write(&path, &output.stdout).unwrap();
            assert!(
                json_report(&output)["shard"]["partition"] == partition.as_str(),
                "{}",
                stderr(&output)
            );
            path
        })
        .collect()
}

fn merge(root: &Path, reports: &[PathBuf], more: &[&str]) -> Output {
    let mut args = vec!["merge"];
    args.extend(reports.iter().map(|p| p.to_str().unwrap()));
    args.extend(more);
    harness(root, &args)
}

/// For N = 1..4 and both splits, the merged shards decide what one run decides, with its exit status.
fn shards_make_the_whole_run(fixture: &str, args: &[&str]) {
    let root = fixtures(fixture);
    let dir = scratch(&format!("scale-shards-{fixture}"));
    let mut whole_args = args.to_vec();
    whole_args.extend(["--format", "json"]);
    let whole = harness(&root, &whole_args);
    let expected = decisions(&json_report(&whole));
    for split in ["hash", "count"] {
        for n in 1..=4 {
            let reports = shards(&root, args, split, n, &dir);
            let merged = merge(&root, &reports, &["--format", "json"]);
            assert_eq!(
                merged.status.code(),
                whole.status.code(),
                "{split} {n}: {}",
                stderr(&merged)
            );
            assert_eq!(
                decisions(&json_report(&merged)),
                expected,
                "{fixture}, {split} in {n}"
            );
        }
    }
}

#[test]
fn shards_of_the_workflow_fixture_merge_into_the_whole_run() {
    // Known-wrong submissions of every status, one not as declared (exit 1), a same_as problem.
    shards_make_the_whole_run("workflow", &[]);
}

#[test]
fn shards_of_steady_verdicts_merge_into_the_whole_run() {
    // A compile error, wrong and presentation errors, a panic: rows split over the shards.
    shards_make_the_whole_run("verdicts", &["ac", "wa", "pe", "ce", "re-panic", "crlf"]);
}

#[test]
fn a_shard_grades_only_its_share_and_says_so() {
    let root = fixtures("workflow");
    let whole = json_report(&harness(&root, &["--format", "json"]));
    let tests = whole["summary"]["tests"].as_u64().unwrap();
    let mut seen = 0;
    for k in 1..=2 {
        let shard = json_report(&harness(
            &root,
            &["--format", "json", "--partition", &format!("count:{k}/2")],
        ));
        let stamp = &shard["shard"];
        assert!(stamp["planned"].as_array().unwrap().len() as u64 >= tests);
        assert!(stamp["judge"].as_str().unwrap().starts_with("harness "));
        seen += shard["summary"]["tests"].as_u64().unwrap();
    }
    assert_eq!(seen, tests);
    assert!(
        whole.get("shard").is_none(),
        "a whole run's report has no stamp"
    );
}

#[test]
fn merge_refuses_shards_of_different_runs_and_names_missing_or_overlapping_ones() {
    let root = fixtures("workflow");
    let dir = scratch("scale-refusals");
    let two = shards(&root, &[], "hash", 2, &dir);
    let refused = |reports: &[PathBuf], what: &str| {
        let output = merge(&root, reports, &[]);
        assert_eq!(output.status.code(), Some(2), "{what}: {}", stderr(&output));
        let message = stderr(&output);
        assert!(message.contains(what), "{what}: {message}");
    };
    refused(&two[..1], "missing shards: hash:2/2");
    refused(
        &[two[0].clone(), two[0].clone(), two[1].clone()],
        "overlapping: shard 1/2",
    );
    let three = shards(&root, &[], "hash", 3, &dir);
    refused(&[two[0].clone(), three[1].clone()], "different partitions");
    let count = shards(&root, &[], "count", 2, &dir);
    refused(&[two[0].clone(), count[1].clone()], "different partitions");
    // The same shares under different names: every overlapping unit is named.
    let mut relabelled: Value = serde_json::from_slice(&fs::read(&count[1]).unwrap()).unwrap();
    relabelled["shard"]["partition"] = "hash:2/2".into();
    let path = dir.join("relabelled.json");
    fs::write(&path, relabelled.to_string()).unwrap();
    refused(&[two[0].clone(), path], "graded by more than one shard");
    for (field, value, what) in [
        ("commit", "0123abc", "different commits"),
        ("judge", "harness 0.0.1", "different judge versions"),
        ("workspace", "feedbeef", "different workspaces"),
    ] {
        let mut other: Value = serde_json::from_slice(&fs::read(&two[1]).unwrap()).unwrap();
        other["shard"][field] = value.into();
        let path = dir.join(format!("other-{field}.json"));
        fs::write(&path, other.to_string()).unwrap();
        refused(&[two[0].clone(), path], what);
    }
    let elsewhere = dir.join("verdicts");
    fs::create_dir_all(&elsewhere).unwrap();
    let other = shards(&fixtures("verdicts"), &["ac", "wa"], "hash", 2, &elsewhere);
    refused(&[two[0].clone(), other[1].clone()], "different workspaces");
    let whole = dir.join("whole.json");
    fs::write(&whole, harness(&root, &["--format", "json"]).stdout).unwrap();
    refused(&[whole], "not the report of a shard");
}

/// A shard's report is read from a file: a time no run takes (`1e300` ms, negative) is refused by name, not
/// a panic; a partition into more shards than a run has is refused at once, by `run` and by `merge`.
#[test]
fn merge_refuses_absurd_figures_and_partitions_without_panicking() {
    let root = fixtures("workflow");
    let dir = scratch("scale-absurd");
    let two = shards(&root, &[], "count", 2, &dir);
    for (field, value) in [("wall_ms", 1e300), ("cpu_ms", -1.0)] {
        let mut forged: Value = serde_json::from_slice(&fs::read(&two[1]).unwrap()).unwrap();
        let problem = forged["problems"]
            .as_array_mut()
            .unwrap()
            .iter_mut()
            .find(|p| !p["tests"].as_array().unwrap().is_empty())
            .unwrap();
        problem["tests"][0][field] = value.into();
        let path = dir.join(format!("forged-{field}.json"));
        fs::write(&path, forged.to_string()).unwrap();
        for format in ["human", "json"] {
            let junit = dir.join("merged.xml");
            let output = merge(
                &root,
                &[two[0].clone(), path.clone()],
                &["--format", format, "--junit", junit.to_str().unwrap()],
            );
            let message = stderr(&output);
            assert_eq!(output.status.code(), Some(2), "{field}: {message}");
            assert!(
                message.contains(&format!("forged-{field}.json"))
                    && message.contains(field)
                    && message.contains("grade that shard again"),
                "{message}"
            );
        }
    }
    let huge = "count:1/18446744073709551615";
    let run = harness(&root, &["--partition", huge]);
    assert_eq!(run.status.code(), Some(2), "{}", stderr(&run));
    assert!(stderr(&run).contains("at most 10000"), "{}", stderr(&run));
    let mut forged: Value = serde_json::from_slice(&fs::read(&two[0]).unwrap()).unwrap();
    forged["shard"]["partition"] = huge.into();
    let path = dir.join("forged-partition.json");
    fs::write(&path, forged.to_string()).unwrap();
    let output = merge(&root, &[path], &[]);
    assert_eq!(output.status.code(), Some(2), "{}", stderr(&output));
    assert!(
        stderr(&output).contains("at most 10000"),
        "{}",
        stderr(&output)
    );
}

#[test]
fn merge_writes_every_report_of_a_run() {
    let root = fixtures("workflow");
    let dir = scratch("scale-merge-reports");
    let reports = shards(&root, &[], "count", 3, &dir);
    let junit = dir.join("junit.xml");
    let output = merge(
        &root,
        &reports,
        &["--junit", junit.to_str().unwrap(), "--color", "never"],
    );
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    let human = String::from_utf8_lossy(&output.stdout);
    let whole = harness(&root, &["--color", "never"]);
    let last = |text: &str| text.lines().last().unwrap_or_default().to_string();
    assert_eq!(
        last(&human),
        last(&String::from_utf8_lossy(&whole.stdout)),
        "the closing line counts the whole run"
    );
    let xml = fs::read_to_string(&junit).unwrap();
    let doc = roxmltree::Document::parse(&xml).unwrap();
    let suites: Vec<&str> = doc
        .descendants()
        .filter(|n| n.has_tag_name("testsuite"))
        .filter_map(|n| n.attribute("name"))
        .collect();
    assert!(
        suites.contains(&"sum") && suites.contains(&"sum/submissions"),
        "{suites:?}"
    );
}

/// A scratch workspace of three real problems (hdu1846 and poj1091 include the shared generator and
/// validator modules, poj1091 embeds the shared big-integer code, nim-move includes the validator module
/// only) under git, committed.
fn three_problems_under_git(name: &str) -> PathBuf {
    let root = scratch(name);
    let real = workspace_root();
    for id in ["hdu1846", "poj1091", "nim-move"] {
        for folder in ["problems", "solutions", "testdata"] {
            copy_tree(&real.join(folder).join(id), &root.join(folder).join(id));
        }
    }
    copy_tree(
        &real.join("problems/.shared"),
        &root.join("problems/.shared"),
    );
    fs::write(root.join(".gitignore"), "target/\n").unwrap();
    git(&root, &["init", "-q"]);
    git(&root, &["add", "-A"]);
    git(&root, &["commit", "-qm", "three problems"]);
    root
}

fn git(root: &Path, args: &[&str]) {
    let status = Command::new("git")
        .arg("-C")
        .arg(root)
        .args(["-c", "user.name=test", "-c", "user.email=test@example.com"])
        .args(args)
        .status()
        .unwrap();
    assert!(status.success(), "git {args:?}");
}

fn graded_since(root: &Path, rev: &str) -> (Vec<String>, String) {
    let output = harness(root, &["--changed-since", rev, "--format", "json"]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let ids = json_report(&output)["problems"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["id"].as_str().unwrap().to_string())
        .collect();
    (ids, stderr(&output))
}

fn append(path: &Path, text: &str) {
    let mut content = fs::read_to_string(path).unwrap();
    content.push_str(text);
    fs::write(path, content).unwrap();
}

#[test]
fn changed_since_grades_what_a_change_touches() {
    let root = three_problems_under_git("scale-changed-since");
    let (ids, said) = graded_since(&root, "HEAD");
    assert!(ids.is_empty(), "nothing changed: {ids:?}");
    assert!(said.contains("grading 0 of 3 problems"), "{said}");

    // A setter's change to one problem's data, committed: that problem alone.
    append(&root.join("problems/hdu1846/statement.md"), "\nA note.\n");
    git(&root, &["commit", "-qam", "a note"]);
    let (ids, said) = graded_since(&root, "HEAD~1");
    assert_eq!(ids, ["hdu1846"], "{said}");
    assert!(
        said.contains("hdu1846: problems/hdu1846/statement.md changed"),
        "{said}"
    );
    assert!(
        said.contains("left out") && said.contains("nim-move, poj1091"),
        "{said}"
    );

    // A new submission, not committed yet: its problem.
    let new = root.join("problems/nim-move/submissions/accepted/copy.rs");
    fs::create_dir_all(new.parent().unwrap()).unwrap();
    fs::copy(root.join("solutions/nim-move/src/main.rs"), &new).unwrap();
    let (ids, _) = graded_since(&root, "HEAD");
    assert_eq!(ids, ["nim-move"]);
    // Only the new file: nim-move keeps accepted submissions of its own.
    fs::remove_file(&new).unwrap();

    // Shared files: the problems that include them.
    let shared = |name: &str| {
        let path = root.join("problems/.shared").join(name);
        let original = fs::read_to_string(&path).unwrap();
        append(&path, "\n// a comment\n");
        let (ids, said) = graded_since(&root, "HEAD");
        fs::write(&path, original).unwrap();
        (ids, said)
    };
    assert_eq!(shared("validate.rs").0, ["hdu1846", "nim-move", "poj1091"]);
    // Every generator now draws from the shared random-number generator.
    assert_eq!(shared("gen.rs").0, ["hdu1846", "nim-move", "poj1091"]);
    let (ids, said) = shared("bigint.rs");
    assert_eq!(ids, ["poj1091"], "{said}");

    // A new problem's solution package in Cargo.lock is no change of the judge; a dependency's is.
    fs::copy(workspace_root().join("Cargo.lock"), root.join("Cargo.lock")).unwrap();
    git(&root, &["add", "Cargo.lock"]);
    git(&root, &["commit", "-qm", "the lock file"]);
    let lock = fs::read_to_string(root.join("Cargo.lock")).unwrap();
    append(
        &root.join("Cargo.lock"),
        "\n[[package]]\nname = \"zz-new-problem\"\nversion = \"0.1.0\"\n",
    );
    let (ids, said) = graded_since(&root, "HEAD");
    assert!(ids.is_empty(), "{ids:?}: {said}");
    let registry = lock
        .find("source = \"registry+")
        .expect("a registry package");
    let version = lock[..registry].rfind("version = \"").unwrap();
    let mut changed = lock.clone();
    changed.insert(version + "version = \"".len(), '9');
    fs::write(root.join("Cargo.lock"), changed).unwrap();
    let (ids, said) = graded_since(&root, "HEAD");
    assert_eq!(ids.len(), 3, "{said}");
    fs::write(root.join("Cargo.lock"), lock).unwrap();

    // The language table: every problem.
    fs::write(root.join("languages.toml"), "").unwrap();
    let (ids, _) = graded_since(&root, "HEAD");
    assert_eq!(ids.len(), 3);
    fs::remove_file(root.join("languages.toml")).unwrap();

    let output = harness(&root, &["--changed-since", "no-such-rev"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("no-such-rev"),
        "{}",
        stderr(&output)
    );
}

/// Every `harness` command line of `.github/workflows/grade.yml`, as its words.
fn workflow_commands() -> Vec<Vec<String>> {
    let text = fs::read_to_string(workspace_root().join(".github/workflows/grade.yml")).unwrap();
    let mut commands = Vec::new();
    let mut pending = String::new();
    for line in text.lines() {
        let line = line.trim();
        let joined = format!("{pending}{}", line.trim_end_matches('\\'));
        if line.ends_with('\\') {
            pending = joined + " ";
            continue;
        }
        pending.clear();
        let words: Vec<String> = joined
            .replace("${{ matrix.shard }}", "1")
            .replace("${{ env.SHARDS }}", "4")
            .replace("$CHANGED", "--changed-since HEAD~1")
            .split_whitespace()
            .map(|w| w.trim_matches('"').to_string())
            .collect();
        if let Some(at) = words.iter().position(|w| w.ends_with("/harness")) {
            let words: Vec<String> = words[at..]
                .iter()
                .take_while(|w| !matches!(w.as_str(), ">" | "|" | "||" | "&&" | ";"))
                .cloned()
                .collect();
            commands.push(words);
        }
    }
    commands
}

#[test]
fn the_github_workflow_uses_flags_that_exist() {
    use clap::Parser;
    let commands = workflow_commands();
    let joined: Vec<String> = commands.iter().map(|c| c.join(" ")).collect();
    assert!(
        joined.iter().any(|c| c.contains("--partition"))
            && joined.iter().any(|c| c.contains(" merge ")),
        "{joined:?}"
    );
    for words in commands {
        // Globs of report files stand for the files themselves.
        let words: Vec<String> = words.into_iter().map(|w| w.replace('*', "1")).collect();
        if let Err(err) = harness::cli::Cli::try_parse_from(&words) {
            panic!("{}: {err}", words.join(" "));
        }
    }
}

/// The Slurm job array (`scripts/slurm-grade 4`) on a single-node cluster started for the test
/// (`scripts/slurm-local`) grades the whole workspace like one machine. Slurm is installed by `.ci/run`
/// (`scripts/slurm-local --install-only`), which then runs this test with `HARNESS_SLURM=1`; without it,
/// or where the cluster cannot be had, the test says why and checks nothing.
#[test]
fn the_slurm_job_array_grades_the_workspace_like_one_machine() {
    if std::env::var_os("HARNESS_SLURM").is_none() {
        eprintln!("skipped: set HARNESS_SLURM=1 to grade on a local Slurm cluster (.ci/run does)");
        return;
    }
    let root = workspace_root();
    let out = scratch("scale-slurm");
    let output = Command::new("bash")
        .arg(root.join("scripts/slurm-local"))
        .args(["--", "bash"])
        .arg(root.join("scripts/slurm-grade"))
        .args(["4", "--wait", "--out"])
        .arg(&out)
        .env("HARNESS", env!("CARGO_BIN_EXE_harness"))
        .env("HARNESS_CACHE_DIR", super::common::shared_cache())
        .env("NO_COLOR", "1")
        .output()
        .unwrap();
    if output.status.code() == Some(77) {
        eprintln!("skipped: {}", stderr(&output));
        return;
    }
    let merged_status: i32 = fs::read_to_string(out.join("merge.status"))
        .unwrap_or_else(|_| panic!("no merge status: {}", stderr(&output)))
        .trim()
        .parse()
        .unwrap();
    let merged: Value =
        serde_json::from_slice(&fs::read(out.join("merged.json")).unwrap()).unwrap();
    for k in 1..=4 {
        let shard: Value =
            serde_json::from_slice(&fs::read(out.join(format!("shard-{k}.json"))).unwrap())
                .unwrap();
        assert_eq!(shard["shard"]["partition"], format!("hash:{k}/4"));
    }
    let whole = harness(&root, &["--format", "json"]);
    assert_eq!(
        Some(merged_status),
        whole.status.code(),
        "{}",
        stderr(&output)
    );
    assert_eq!(decisions(&merged), decisions(&json_report(&whole)));
    assert!(out.join("junit.xml").is_file());
}

/// `verify --partition`: each package judged whole in one shard; the merged report counts what one
/// `verify` counts, with its exit status.
#[test]
fn verify_shards_merge_into_the_whole_verification() {
    let packages = fixtures("packages");
    let dirs: Vec<String> = ["addition", "maxpair", "wrong-accepted"]
        .iter()
        .map(|p| packages.join(p).to_string_lossy().into_owned())
        .collect();
    let dir = scratch("scale-verify");
    let verify = |extra: &[&str]| {
        let mut args = vec!["verify"];
        args.extend(dirs.iter().map(String::as_str));
        args.extend(["--format", "json"]);
        args.extend(extra);
        harness(&dir, &args)
    };
    let whole = verify(&[]);
    let counts = |report: &Value| {
        let mut summary = report["summary"].clone();
        summary.as_object_mut().unwrap().remove("wall_ms");
        let ids: Vec<Value> = report["problems"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| p["id"].clone())
            .collect();
        (summary, ids)
    };
    for n in 1..=3 {
        let reports: Vec<PathBuf> = (1..=n)
            .map(|k| {
                let output = verify(&["--partition", &format!("count:{k}/{n}")]);
                let path = dir.join(format!("verify-{k}-of-{n}.json"));
                fs::write(&path, &output.stdout).unwrap();
                path
            })
            .collect();
        let junit = dir.join(format!("verify-{n}.xml"));
        let merged = merge(
            &dir,
            &reports,
            &["--format", "json", "--junit", junit.to_str().unwrap()],
        );
        assert_eq!(
            merged.status.code(),
            whole.status.code(),
            "{}",
            stderr(&merged)
        );
        assert_eq!(
            counts(&json_report(&merged)),
            counts(&json_report(&whole)),
            "{n}"
        );
        // The shards of `verify` are reports of the run's schema: they merge into JUnit too.
        let xml = fs::read_to_string(&junit).unwrap();
        assert!(xml.contains(r#"<testsuite name="maxpair""#), "{xml}");
        if n > 1 {
            let output = merge(&dir, &reports[1..], &[]);
            assert_eq!(output.status.code(), Some(2));
            assert!(
                stderr(&output).contains("missing shards"),
                "{}",
                stderr(&output)
            );
        }
    }
}

/// The workspace's own `.git/config` names a file system monitor hook, which `git status` and `git diff`
/// run: the judge's git calls for `--changed-since` and for a shard's commit must not run it (it would run
/// uncontained, as the judge).
#[test]
fn the_workspaces_git_config_runs_no_program_of_its_own() {
    let root = three_problems_under_git("scale-fsmonitor");
    let mark = root.join("target/fsmonitor-ran");
    let hook = root.join("target/fsmonitor-hook");
    fs::create_dir_all(root.join("target")).unwrap();
    fs::write(
        &hook,
        format!("#!/bin/sh\ntouch '{}'\nexit 1\n", mark.display()),
    )
    .unwrap();
    fs::set_permissions(&hook, std::os::unix::fs::PermissionsExt::from_mode(0o755)).unwrap();
    git(&root, &["config", "core.fsmonitor", hook.to_str().unwrap()]);
    // The hook works: git itself runs it.
    git(&root, &["status", "--porcelain"]);
    assert!(
        mark.exists(),
        "git did not run the hook: the test proves nothing"
    );
    fs::remove_file(&mark).unwrap();
    for args in [
        &["--changed-since", "HEAD", "--format", "json"][..],
        &[
            "--changed-since",
            "HEAD",
            "--partition",
            "count:1/1",
            "--format",
            "json",
        ][..],
    ] {
        let output = harness(&root, args);
        assert_eq!(
            output.status.code(),
            Some(0),
            "{args:?}: {}",
            stderr(&output)
        );
        assert!(
            !mark.exists(),
            "{args:?}: the judge ran the workspace's fsmonitor hook"
        );
    }
}
