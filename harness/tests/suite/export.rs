//! `harness export`: every problem of the workspace written as a Kattis package, verified by `harness
//! verify` with the verdicts of grading in place, and (when problemtools is installed) accepted by its
//! `verifyproblem`.

use serde_json::Value;

use super::common::{self, json_report, printed, stdout};
use super::packages::package;

/// `harness export` of workspace problems (all when `ids` is empty) into a fresh folder; what it printed.
fn export(ids: &[&str], name: &str) -> (std::path::PathBuf, String) {
    let to = common::scratch(name);
    let mut args = vec!["export"];
    args.extend(ids);
    args.extend(["--to", to.to_str().unwrap()]);
    let output = common::harness(&common::workspace_root(), &args);
    assert_eq!(output.status.code(), Some(0), "{}", printed(&output));
    (to, stdout(&output))
}

/// Each submission's verdict by file name; a presentation error is a wrong answer in a Kattis package.
fn verdicts_by_name(submissions: &[&Value]) -> Vec<(String, String)> {
    let mut all: Vec<(String, String)> = submissions
        .iter()
        .map(|s| {
            let file = s["file"].as_str().unwrap();
            let name = file.rsplit('/').next().unwrap().to_string();
            let verdict = s["verdict"]
                .as_str()
                .unwrap_or("skipped")
                .replace("PE", "WA");
            (name, verdict)
        })
        .collect();
    all.sort();
    all
}

/// Each submission's score by file name, as text (`30`).
fn scores_by_name(submissions: &[&Value]) -> Vec<(String, String)> {
    let mut all: Vec<(String, String)> = submissions
        .iter()
        .map(|s| {
            let file = s["file"].as_str().unwrap();
            let name = file.rsplit('/').next().unwrap().to_string();
            (name, s["score"]["score"].to_string())
        })
        .collect();
    all.sort();
    all
}

/// The full score of a problem's row.
fn full(row: &Value) -> String {
    row["score"]["max"].to_string()
}

/// The tests the export left out of each package (`validate = "none"` inputs), from what it printed.
fn left_out(printed: &str) -> std::collections::HashMap<String, usize> {
    let mut counts = std::collections::HashMap::new();
    let mut id = String::new();
    for line in printed.lines() {
        match line.strip_prefix("    ") {
            Some(note) if note.starts_with("test ") && note.contains(": left out") => {
                *counts.entry(id.clone()).or_insert(0) += 1;
            }
            Some(_) => {}
            None => id = line.split_whitespace().next().unwrap_or("").to_string(),
        }
    }
    counts
}

/// Every problem of the workspace, exported and verified, gets the verdicts of grading in place: each
/// submission the same verdict, the solution (`accepted/<id>.rs`) accepted. Both runs share the build
/// cache. It costs about what grading the workspace costs, twice.
#[test]
fn export_then_verify_gives_the_verdicts_of_grading_in_place() {
    let (to, printed_export) = export(&[], "export-round-trip");
    let left_out = left_out(&printed_export);
    let root = common::workspace_root();
    let in_place = common::harness(&root, &["run", "--format", "json"]);
    assert_eq!(in_place.status.code(), Some(0), "{}", printed(&in_place));
    let in_place = json_report(&in_place);
    let problems = in_place["problems"].as_array().unwrap();
    let mut dirs: Vec<std::path::PathBuf> = std::fs::read_dir(&to)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.join("problem.yaml").is_file())
        .collect();
    dirs.sort();
    assert_eq!(dirs.len(), problems.len(), "a package per problem");
    let mut args = vec!["verify", "--format", "json"];
    args.extend(dirs.iter().map(|d| d.to_str().unwrap()));
    let output = common::harness(&root, &args);
    assert_eq!(output.status.code(), Some(0), "{}", printed(&output));
    let verified = json_report(&output);
    let package_name = |id: &str| -> String {
        id.chars()
            .filter(char::is_ascii_alphanumeric)
            .collect::<String>()
            .to_lowercase()
    };
    for row in problems {
        let id = row["id"].as_str().unwrap();
        let data_id = row["same_as"].as_str().unwrap_or(id);
        let mine: Vec<&Value> = in_place["submissions"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|s| s["problem"] == id)
            .collect();
        let package = package(&verified, &package_name(id));
        let theirs: Vec<&Value> = package["submissions"].as_array().unwrap().iter().collect();
        if row["score"].is_object() {
            // A scored problem: the same scores (a test in two groups is in both folders).
            let mut expected = scores_by_name(&mine);
            expected.push((format!("{}.rs", package_name(data_id)), full(row)));
            expected.sort();
            assert_eq!(scores_by_name(&theirs), expected, "{id}");
            continue;
        }
        let mut expected = verdicts_by_name(&mine);
        expected.push((format!("{}.rs", package_name(data_id)), "AC".to_string()));
        expected.sort();
        assert_eq!(verdicts_by_name(&theirs), expected, "{id}");
        let tests = row["tests"].as_array().unwrap().len();
        let dropped = left_out.get(id).copied().unwrap_or(0);
        assert_eq!(package["tests"], tests - dropped, "{id}: the same tests");
    }
    let yaml = std::fs::read_to_string(to.join("nimmove/problem.yaml")).unwrap();
    for line in [
        "problem_format_version: 2023-07-draft",
        "license: unknown",
        "url: https://en.wikipedia.org/wiki/Nim",
        "time_limit: 1.0",
    ] {
        assert!(yaml.contains(line), "{line} in\n{yaml}");
    }
    assert!(to.join("hdu1846/statement/problem.en.md").is_file());
    assert!(to.join("hdu1846/data/sample/sample-1.ans").is_file());
    assert!(to
        .join("nimmove/output_validator/validator/checker.rs")
        .is_file());
    assert!(to.join("playnim/output_validator/run").is_file());
}

/// A problem with groups exports as a scoring package: a folder of `data/secret/` per group, each with
/// its rules, `type: scoring`, and the partially accepted submissions; `harness verify` gives every
/// submission the score grading in place gives it (hdu1536: 100, 30 for those that earn the first
/// subtask, 0), and accepts the package.
#[test]
fn exported_groups_give_the_scores_of_grading_in_place() {
    let (to, printed_export) = export(&["hdu1536"], "export-groups");
    assert!(
        !printed_export.contains("left out"),
        "nothing is left out: {printed_export}"
    );
    let root = common::workspace_root();
    let in_place = common::harness(&root, &["run", "hdu1536", "--format", "json"]);
    assert_eq!(in_place.status.code(), Some(0), "{}", printed(&in_place));
    let in_place = json_report(&in_place);
    let row = &in_place["problems"][0];
    let mine: Vec<&Value> = in_place["submissions"].as_array().unwrap().iter().collect();
    let mut expected = scores_by_name(&mine);
    expected.push(("hdu1536.rs".to_string(), full(row)));
    expected.sort();
    assert!(expected.iter().any(|(_, s)| s == "30.0"), "{expected:?}");
    let dir = to.join("hdu1536");
    let output = common::harness(
        &root,
        &["verify", "--format", "json", dir.to_str().unwrap()],
    );
    assert_eq!(output.status.code(), Some(0), "{}", printed(&output));
    let verified = json_report(&output);
    let package = package(&verified, "hdu1536");
    let theirs: Vec<&Value> = package["submissions"].as_array().unwrap().iter().collect();
    assert_eq!(scores_by_name(&theirs), expected);
    // The full score is the package's (data/'s range), and the samples are worth nothing.
    for submission in &theirs {
        assert_eq!(submission["score"]["max"], 100.0, "{submission:#}");
        let sample = &submission["score"]["groups"][0];
        assert_eq!(sample["group"], "sample");
        assert_eq!(
            (sample["score"].as_f64(), sample["max"].as_f64()),
            (Some(0.0), Some(0.0))
        );
    }
    let yaml = std::fs::read_to_string(dir.join("problem.yaml")).unwrap();
    assert!(yaml.contains("type: scoring"), "{yaml}");
    let small = std::fs::read_to_string(dir.join("data/secret/small/testdata.yaml")).unwrap();
    assert!(small.contains("accept_score: 30"), "{small}");
    assert!(small.contains("input_validator_flags: --small"), "{small}");
    assert!(dir.join("data/secret/small/rand-01.in").is_file());
    assert!(dir.join("data/secret/full/rand-01.in").is_file());
    assert!(dir
        .join("submissions/partially_accepted/table-per-heap.rs")
        .is_file());
}

/// The exported input validator is one file: the shared reader it includes is written inline, and it
/// still accepts the data and rejects the problem's invalid examples, compiled alone with rustc.
#[test]
fn exported_validator_stands_alone_with_the_shared_reader_inline() {
    let (to, _) = export(&["hdu1846"], "export-validator-inline");
    let validator = to.join("hdu1846/input_validators/validate.rs");
    let text = std::fs::read_to_string(&validator).unwrap();
    assert!(!text.contains("#[path"), "{text}");
    assert!(text.contains("mod reader {"), "{text}");
    assert!(text.contains("pub struct Reader"), "{text}");
    let binary = to.join("validate");
    let rustc = std::process::Command::new("rustc")
        .args(["--edition", "2021", "-o"])
        .arg(&binary)
        .arg(&validator)
        .output()
        .unwrap();
    assert!(rustc.status.success(), "{}", printed(&rustc));
    let root = common::workspace_root();
    for (input, expected) in [
        (root.join("testdata/hdu1846/sample-1.in"), 42),
        (root.join("problems/hdu1846/invalid/c-zero.in"), 43),
        (root.join("problems/hdu1846/invalid/double-space.in"), 43),
    ] {
        let run = std::process::Command::new(&binary)
            .stdin(std::fs::File::open(&input).unwrap())
            .output()
            .unwrap();
        assert_eq!(
            run.status.code(),
            Some(expected),
            "{}: {}",
            input.display(),
            printed(&run)
        );
    }
}

/// An exported checker or interactor in Rust is one file too: the shared modules it includes
/// (`judge.rs`, `games.rs`, `gen.rs`) are written inline, and it compiles alone with rustc.
#[test]
fn exported_checker_and_interactor_stand_alone_with_the_shared_modules_inline() {
    let (to, _) = export(&["nim-move", "play-snim"], "export-referee-inline");
    for (program, modules) in [
        (
            "nimmove/output_validator/validator/checker.rs",
            &["judge", "games"][..],
        ),
        (
            "playsnim/output_validator/validator/interactor.rs",
            &["judge", "games", "rng"][..],
        ),
    ] {
        let file = to.join(program);
        let text = std::fs::read_to_string(&file).unwrap();
        assert!(!text.contains("#[path"), "{program}: {text}");
        for module in modules {
            assert!(
                text.contains(&format!("mod {module} {{")),
                "{program}: {module}"
            );
        }
        let rustc = std::process::Command::new("rustc")
            .args(["--edition", "2021", "-o"])
            .arg(to.join(file.file_stem().unwrap()))
            .arg(&file)
            .output()
            .unwrap();
        assert!(rustc.status.success(), "{program}: {}", printed(&rustc));
    }
}

/// problemtools' `verifyproblem`: `$PROBLEMTOOLS_VERIFYPROBLEM`, else where scripts/install-problemtools
/// puts it.
fn verifyproblem() -> Option<std::path::PathBuf> {
    let path = std::env::var_os("PROBLEMTOOLS_VERIFYPROBLEM")
        .map(std::path::PathBuf::from)
        .unwrap_or_else(|| "/tmp/problemtools-venv/bin/verifyproblem".into());
    path.is_file().then_some(path)
}

/// The problems whose exports the problemtools test checks, one of each kind: the default validator with
/// flags, a `same_as` problem, relaxed inputs and a left-out test, a testlib checker in Rust behind
/// `build`/`run` scripts, an interactor in Rust, a scored problem (groups of points, partially accepted
/// submissions). With `PROBLEMTOOLS_ALL=1`, every problem (about 15 s each here, against 2 minutes for
/// these).
const PROBLEMTOOLS_SAMPLE: [&str; 6] = [
    "hdu1846", "hdu1944", "hdu1848", "nim-move", "play-nim", "hdu1536",
];

/// problemtools' table of results (after "Submission results:"): for each program (its file name), each
/// column's cell by header (`Pts`, the groups of `data/` and `data/secret/` by folder name), without
/// the times (`AC(30):0.01s` is `AC(30)`), and a column `Verdict`: the submission's verdict, from its line
/// (`accepted/a.rs (Rust) OK: AC (100) [...]`, or `... got WA [...]`).
fn problemtools_table(text: &str) -> Vec<(String, Vec<(String, String)>)> {
    let verdicts: Vec<(String, String)> = text
        .lines()
        .filter_map(|line| {
            let line = line.strip_prefix("   ").or(line.strip_prefix("ERROR "))?;
            let (path, rest) = line.split_once(' ')?;
            let (_, after) = [" OK: ", " OK with extra time: ", " got "]
                .iter()
                .find_map(|mark| rest.split_once(mark))?;
            let name = path.rsplit('/').next()?.to_string();
            Some((name, after.split_whitespace().next()?.to_string()))
        })
        .collect();
    let mut rows = problemtools_groups(text);
    for (name, cells) in &mut rows {
        let verdict = verdicts
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.clone());
        cells.push(("Verdict".into(), verdict.unwrap_or_else(|| "-".into())));
    }
    rows
}

fn problemtools_groups(text: &str) -> Vec<(String, Vec<(String, String)>)> {
    let mut lines = text
        .lines()
        .skip_while(|l| !l.starts_with("Submission results:"))
        .skip(1)
        .take_while(|l| l.starts_with("   "));
    let Some(header) = lines.next() else {
        return Vec::new();
    };
    let headers: Vec<&str> = header.split_whitespace().collect();
    lines
        .map(|row| {
            let cells: Vec<&str> = row.split_whitespace().collect();
            let by_header = headers
                .iter()
                .zip(&cells)
                .skip(1)
                .filter(|(h, _)| **h != "Time")
                .map(|(h, c)| (h.to_string(), c.split(':').next().unwrap().to_string()))
                .collect();
            (cells[0].to_string(), by_header)
        })
        .collect()
}

/// The same table from `harness verify`'s JSON report of a package, in problemtools' notation: a group
/// accepted is `AC(score)` (whole, else two decimals), else its verdict (`RTE` for RE); `Pts` the score
/// with no decimals.
fn harness_table(package: &Value, headers: &[String]) -> Vec<(String, Vec<(String, String)>)> {
    let shown = |score: f64| match score == score.trunc() {
        true => format!("{score:.0}"),
        false => format!("{score:.2}"),
    };
    let mut rows = Vec::new();
    for submission in package["submissions"].as_array().unwrap() {
        let file = submission["file"].as_str().unwrap();
        let name = file.rsplit('/').next().unwrap().to_string();
        let score = &submission["score"];
        let mut groups = Vec::new();
        fn walk<'a>(group: &'a Value, into: &mut Vec<&'a Value>) {
            into.push(group);
            group["groups"]
                .as_array()
                .unwrap()
                .iter()
                .for_each(|g| walk(g, into));
        }
        for group in score["groups"].as_array().unwrap() {
            walk(group, &mut groups);
        }
        let cells = headers
            .iter()
            .map(|header| {
                let kattis = |verdict: &str| match verdict {
                    "RE" => "RTE".to_string(),
                    other => other.to_string(),
                };
                let cell = match header.as_str() {
                    "Pts" => format!("{:.0}", score["score"].as_f64().unwrap()),
                    "Verdict" => kattis(submission["verdict"].as_str().unwrap()),
                    folder => groups
                        .iter()
                        .find(|g| {
                            let group = g["group"].as_str().unwrap();
                            group.matches('/').count() <= 1
                                && group.rsplit('/').next() == Some(folder)
                        })
                        .map_or("-".to_string(), |g| match g["verdict"].as_str().unwrap() {
                            "AC" => format!("AC({})", shown(g["score"].as_f64().unwrap())),
                            other => kattis(other),
                        }),
                };
                (header.clone(), cell)
            })
            .collect();
        rows.push((name, cells));
    }
    rows
}

#[test]
fn exported_packages_pass_problemtools_verifyproblem() {
    let Some(verifyproblem) = verifyproblem() else {
        super::common::skipped(
            "exported_packages_pass_problemtools_verifyproblem",
            "problemtools is not installed (bash scripts/install-problemtools)",
        );
        return;
    };
    let all = std::env::var_os("PROBLEMTOOLS_ALL").is_some_and(|v| v == "1");
    let ids: &[&str] = if all { &[] } else { &PROBLEMTOOLS_SAMPLE };
    let (to, _) = export(ids, "export-problemtools");
    // The toolchain's own rustc: rustup's proxy refuses to run in the folder problemtools leaves behind.
    let sysroot = std::process::Command::new("rustc")
        .args(["--print", "sysroot"])
        .output()
        .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
        .unwrap_or_default();
    let path = format!(
        "{sysroot}/bin:/usr/bin:/bin:{}",
        std::env::var("PATH").unwrap_or_default()
    );
    let mut packages: Vec<std::path::PathBuf> = std::fs::read_dir(&to)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.join("problem.yaml").is_file())
        .collect();
    packages.sort();
    let mut failures = Vec::new();
    let mut scored = 0;
    for package in &packages {
        let name = package.file_name().unwrap().to_string_lossy().into_owned();
        // The statement part renders a PDF with LaTeX, which the test machines do not have. Without
        // RUST_BACKTRACE: a Rust program that panics under problemtools' memory limit would hang printing
        // its backtrace (problemtools has no wall-clock limit).
        let output = std::process::Command::new(&verifyproblem)
            .args([
                "-p",
                "config",
                "validators",
                "data",
                "submissions",
                "graders",
                "--",
            ])
            .arg(package)
            .current_dir(&to)
            .env("PATH", &path)
            .env_remove("RUST_BACKTRACE")
            .output()
            .expect("run verifyproblem");
        let text = printed(&output);
        let verdict = text
            .lines()
            .find_map(|l| l.strip_prefix(&format!("{name} tested: ")))
            .unwrap_or("no summary line")
            .to_string();
        println!("{name}: {verdict}");
        if !verdict.starts_with("0 errors") {
            failures.push(format!("{name}: {verdict}\n{text}"));
        }
        // A scored package: `harness verify` gives every submission problemtools' score, and every
        // group problemtools' verdict and score.
        let yaml = std::fs::read_to_string(package.join("problem.yaml")).unwrap();
        if yaml.contains("type: scoring") {
            scored += 1;
            assert!(
                !text.contains("No score range declared"),
                "{name}: every group of points has its range\n{text}"
            );
            let mut theirs = problemtools_table(&text);
            assert!(!theirs.is_empty(), "{name}: no table of results in\n{text}");
            let headers: Vec<String> = theirs[0].1.iter().map(|(h, _)| h.clone()).collect();
            assert!(headers.iter().any(|h| h == "Pts"), "{name}: {headers:?}");
            let output = common::harness(
                &common::workspace_root(),
                &["verify", "--format", "json", package.to_str().unwrap()],
            );
            assert_eq!(output.status.code(), Some(0), "{}", printed(&output));
            let report = json_report(&output);
            let mut ours = harness_table(&super::packages::package(&report, &name), &headers);
            theirs.sort();
            ours.sort();
            println!("{name}: problemtools {theirs:?}");
            if theirs != ours {
                failures.push(format!(
                    "{name}: the scores differ\n  problemtools: {theirs:?}\n  harness:      {ours:?}"
                ));
            }
        }
    }
    assert!(
        scored > 0 || all,
        "the sample holds a scored problem: {packages:?}"
    );
    let workspace = harness::package::Workspace::find(&common::workspace_root()).unwrap();
    let expected = match all {
        true => workspace.native_problem_ids().unwrap().len(),
        false => ids.len(),
    };
    assert_eq!(packages.len(), expected, "a package per problem");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
