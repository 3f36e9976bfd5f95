//! Codeforces Polygon packages (fixtures/polygon/, described in its README), judged in place by
//! `harness verify` and when dropped into a workspace's `problems/`: a full package with a standard
//! checker and a solution for every tag, a custom testlib checker built with the package's own
//! `testlib.h`, an interactive problem with a testlib interactor, groups with points under both
//! points policies and dependencies, two real packages as Polygon downloads them, a standard package's
//! tests made by its generators and answers by its main solution, and what the judge refuses with its
//! reason (named input and output files, an interactive problem's missing answers).

use std::path::{Path, PathBuf};
use std::process::Output;

use serde_json::Value;

use super::common::{self, json_report, printed, stdout};

fn fixture(name: &str) -> PathBuf {
    common::fixtures("polygon").join(name)
}

/// A copy of the fixture package `name` with the fixtures' one `testlib.h` in its `files/`, where Polygon
/// puts it in every package.
fn package(name: &str, scratch: &str) -> PathBuf {
    let copy = common::scratch(scratch).join(name);
    common::copy_tree(&fixture(name), &copy);
    std::fs::copy(fixture("testlib.h"), copy.join("files/testlib.h")).unwrap();
    copy
}

/// Python from the system's folders first, where a program run as another user can reach it.
fn harness(root: &Path, args: &[&str]) -> Output {
    let path = format!(
        "/usr/local/bin:/usr/bin:/bin:{}",
        std::env::var("PATH").unwrap_or_default()
    );
    common::command(root, args)
        .env("PATH", path)
        .output()
        .expect("run the harness binary")
}

fn verify(dir: &Path) -> Output {
    let dir = dir.to_str().unwrap();
    harness(
        &common::fixtures("polygon"),
        &["verify", dir, "--format", "json"],
    )
}

fn have(command: &str) -> bool {
    std::process::Command::new(command)
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success())
}

/// Each submission of a report: (file, verdict or why it was skipped, matched).
fn verdicts(report: &Value) -> Vec<(String, String, bool)> {
    report["submissions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| {
            let verdict = s["verdict"].as_str().or(s["skipped"].as_str());
            (
                s["file"].as_str().unwrap().to_string(),
                verdict.unwrap_or("?").to_string(),
                s["matched"].as_bool().unwrap(),
            )
        })
        .collect()
}

fn row<'a>(report: &'a Value, id: &str) -> &'a Value {
    let rows = report["problems"].as_array().unwrap();
    rows.iter()
        .find(|p| p["id"] == id)
        .unwrap_or_else(|| panic!("no problem {id} in {report:#}"))
}

fn owned(rows: &[(&str, &str, bool)]) -> Vec<(String, String, bool)> {
    rows.iter()
        .map(|(f, v, m)| (f.to_string(), v.to_string(), *m))
        .collect()
}

/// Every verdict of the `sum` package's solutions, as their tags ask.
const SUM: &[(&str, &str, bool)] = &[
    ("solutions/sum.cpp", "AC", true),
    ("solutions/sum.py", "AC", true),
    ("solutions/sum-int.cpp", "WA", true),
    ("solutions/first-only.py", "WA", true),
    ("solutions/forever.cpp", "TLE", true),
    ("solutions/sum-slowly.py", "AC", true),
    ("solutions/hog.cpp", "MLE", true),
    ("solutions/grow.cpp", "MLE", true),
    ("solutions/crash.py", "RE", true),
    ("solutions/unfinished.py", "tagged do-not-run", false),
    (
        "solutions/sum.pas",
        "type `pas.fpc`: not a language this judge runs",
        false,
    ),
];

#[test]
fn a_full_package_gives_every_solution_the_verdict_its_tag_asks() {
    if !have("g++") {
        return common::skipped("polygon full package", "no g++ for its C++ solutions");
    }
    let output = verify(&fixture("sum"));
    assert_eq!(output.status.code(), Some(0), "{}", printed(&output));
    let report = json_report(&output);
    let sum = row(&report, "sum");
    assert_eq!(sum["title"], "Sum of a List");
    assert_eq!(sum["time_limit_ms"], 1000, "problem.xml's <time-limit>");
    assert_eq!(sum["memory_limit_mib"], 64, "67108864 bytes");
    assert_eq!(sum["checker"], "tokens", "std::wcmp.cpp is the tokens rule");
    assert_eq!(sum["package"]["format"], "polygon");
    assert_eq!(sum["package"]["validator"], "std::wcmp.cpp as tokens");
    let tests: Vec<&str> = sum["tests"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["name"].as_str().unwrap())
        .collect();
    assert_eq!(tests, ["01", "02", "03"]);
    assert_eq!(verdicts(&report), owned(SUM));
    let wrong = &report["submissions"][2];
    assert_eq!(
        wrong["stopped_at"], "03",
        "the sum passes 2^31 in test 3 only"
    );

    // A tag that does not hold fails the package, and says so.
    let copy = common::scratch("polygon-wrong-tag");
    common::copy_tree(&fixture("sum"), &copy);
    let xml = std::fs::read_to_string(copy.join("problem.xml")).unwrap();
    let xml = xml.replace(
        "<solution tag=\"wrong-answer\">",
        "<solution tag=\"accepted\">",
    );
    std::fs::write(copy.join("problem.xml"), xml).unwrap();
    let output = harness(&copy, &["verify", copy.to_str().unwrap()]);
    assert_eq!(output.status.code(), Some(1), "{}", printed(&output));
    assert!(
        stdout(&output).contains("NOT AS EXPECTED: in accepted/, got WA at 03"),
        "{}",
        printed(&output)
    );
}

#[test]
fn a_custom_checker_is_built_with_the_packages_testlib_h() {
    if !have("g++") {
        return common::skipped("polygon custom checker", "no g++ for its testlib checker");
    }
    let output = verify(&package("pairs", "polygon-pairs"));
    assert_eq!(output.status.code(), Some(0), "{}", printed(&output));
    let report = json_report(&output);
    let pairs = row(&report, "pairs");
    assert_eq!(pairs["checker"], "testlib:files/check.cpp");
    assert_eq!(
        pairs["package"]["warnings"],
        serde_json::json!(["problem.xml: testset `pretests` not judged (only `tests` is)"])
    );
    // halves.py answers otherwise than the answer files: only the package's checker accepts it; the
    // checker's readLong fails on words, a presentation error.
    assert_eq!(
        verdicts(&report),
        owned(&[
            ("solutions/one-and-rest.cpp", "AC", true),
            ("solutions/halves.py", "AC", true),
            ("solutions/one-and-all.py", "WA", true),
            ("solutions/in-words.py", "PE", true),
        ])
    );
    let wrong = &report["submissions"][2]["tests"][0];
    assert!(
        wrong["checker_message"]
            .as_str()
            .is_some_and(|m| m.contains("b")),
        "testlib's message: {wrong:#}"
    );
}

#[test]
fn an_interactive_package_runs_its_testlib_interactor_then_its_checker() {
    if !have("g++") {
        return common::skipped("polygon interactive", "no g++ for its interactor");
    }
    let output = verify(&package("guess", "polygon-guess"));
    assert_eq!(output.status.code(), Some(0), "{}", printed(&output));
    let report = json_report(&output);
    let guess = row(&report, "guess");
    assert_eq!(guess["package"]["type"], "interactive");
    assert_eq!(
        verdicts(&report),
        owned(&[
            ("solutions/halving.cpp", "AC", true),
            ("solutions/one-by-one.py", "WA", true),
            ("solutions/waits.py", "TLE", true),
        ])
    );
    let wrong = &report["submissions"][1]["tests"][0];
    assert!(
        wrong["checker_message"]
            .as_str()
            .is_some_and(|m| m.contains("seven guesses, and 50 not found")),
        "the interactor's message: {wrong:#}"
    );
}

#[test]
fn a_package_dropped_into_problems_is_graded_in_place() {
    if !have("g++") {
        return common::skipped("polygon dropped package", "no g++ for its C++ solutions");
    }
    let root = common::copy_of("dropped", "polygon-dropped");
    common::copy_tree(&fixture("sum"), &root.join("problems/list-sum"));
    let list = harness(&root, &["list"]);
    assert_eq!(list.status.code(), Some(0), "{}", printed(&list));
    assert!(
        stdout(&list).lines().any(|l| l.starts_with("list-sum ")
            && l.contains("polygon")
            && l.contains("Sum of a List")),
        "{}",
        stdout(&list)
    );
    let output = harness(&root, &["run", "list-sum", "--format", "json"]);
    assert_eq!(output.status.code(), Some(0), "{}", printed(&output));
    let report = json_report(&output);
    assert_eq!(row(&report, "list-sum")["verdict"], "AC");
    let dropped: Vec<(String, String, bool)> = owned(SUM)
        .into_iter()
        .map(|(file, verdict, matched)| (format!("problems/list-sum/{file}"), verdict, matched))
        .collect();
    assert_eq!(verdicts(&report), dropped);
}

/// A copy of the `sum` package with `edit` applied to its problem.xml.
fn edited_sum(name: &str, edit: impl Fn(String) -> String) -> PathBuf {
    let copy = common::scratch(name).join("sum");
    common::copy_tree(&fixture("sum"), &copy);
    let xml = std::fs::read_to_string(copy.join("problem.xml")).unwrap();
    std::fs::write(copy.join("problem.xml"), edit(xml)).unwrap();
    copy
}

/// The error of the package's row, when it cannot be judged.
fn refused(dir: &Path) -> String {
    let output = verify(dir);
    assert_eq!(output.status.code(), Some(1), "{}", printed(&output));
    let report = json_report(&output);
    let rows = report["problems"].as_array().unwrap();
    assert_eq!(rows.len(), 1, "{report:#}");
    assert!(
        report["submissions"].as_array().unwrap().is_empty(),
        "nothing is run"
    );
    rows[0]["error"].as_str().expect("an error").to_string()
}

#[test]
fn what_the_judge_cannot_run_yet_is_refused_with_the_reason() {
    // An interactive problem's answers are what its interactor writes beside the main solution: not
    // made by the judge.
    let unanswered = package("guess", "polygon-unanswered");
    std::fs::remove_file(unanswered.join("tests/03.a")).unwrap();
    let error = refused(&unanswered);
    assert!(
        error.starts_with("answer files missing: tests/03.a"),
        "{error}"
    );
}

#[test]
fn a_malformed_problem_xml_is_named_with_its_line() {
    let cases: &[(&str, &str, &str)] = &[
        (
            "<test-count>3</test-count>",
            "<test-count>4</test-count>",
            "problem.xml:14: <test-count> says 4, but <tests> lists 3",
        ),
        (
            "<time-limit>1000</time-limit>",
            "<time-limit>1s</time-limit>",
            "problem.xml:12: <time-limit> must hold a whole number, not `1s`",
        ),
        (
            "tests/%02d.a",
            "tests/02.a",
            "path pattern `tests/02.a` has no `%d` for the test's number",
        ),
        (
            "<solution tag=\"main\">\n                <source path=\"solutions/sum.cpp\" type=\"cpp.g++17\"/>",
            "<solution tag=\"main\">",
            "<solution> has no <source>",
        ),
        ("</problem>", "", "not well-formed XML"),
    ];
    for (i, (from, to, message)) in cases.iter().enumerate() {
        let copy = edited_sum(&format!("polygon-malformed-{i}"), |xml| {
            assert!(xml.contains(from), "{from}");
            xml.replacen(from, to, 1)
        });
        let output = verify(&copy);
        assert_eq!(output.status.code(), Some(2), "{}", printed(&output));
        assert!(
            printed(&output).contains(message) && printed(&output).contains("problem.xml"),
            "{message}: {}",
            printed(&output)
        );
    }
}

/// The score of a submission of a report, and its groups' scores (each-test groups' tests within them).
fn scores(report: &Value, file: &str) -> (f64, Vec<(String, f64)>) {
    let submission = report["submissions"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["file"] == file)
        .unwrap_or_else(|| panic!("no submission {file}"));
    let score = &submission["score"];
    fn walk(groups: &Value, into: &mut Vec<(String, f64)>) {
        for group in groups.as_array().unwrap() {
            let name = group["group"].as_str().unwrap().to_string();
            into.push((name, group["score"].as_f64().unwrap()));
            walk(&group["groups"], into);
        }
    }
    let mut groups = Vec::new();
    walk(&score["groups"], &mut groups);
    (score["score"].as_f64().unwrap(), groups)
}

#[test]
fn groups_score_by_their_points_policy_and_their_dependencies() {
    if !have("g++") {
        return common::skipped("polygon groups", "no g++ for its C++ solutions");
    }
    let output = verify(&fixture("groups"));
    assert_eq!(output.status.code(), Some(0), "{}", printed(&output));
    let report = json_report(&output);
    let groups = row(&report, "groups");
    assert_eq!(groups["package"]["type"], "scoring");
    assert_eq!(groups["checker"], "tokens", "std::ncmp.cpp");
    assert_eq!(
        groups["package"]["warnings"],
        serde_json::json!(["problem.xml: std::ncmp.cpp without its source: judged by the judge's tokens rule, which gives WA where testlib's checker gives PE (extra or malformed tokens)"])
    );
    assert_eq!(
        verdicts(&report),
        owned(&[
            ("solutions/sum.cpp", "AC", true),
            ("solutions/sum-int.cpp", "WA", true),
            ("solutions/digits-only.py", "WA", true),
            ("solutions/first-only.py", "WA", true),
        ])
    );
    let group = |name: &str, score: f64| (name.to_string(), score);
    assert_eq!(
        scores(&report, "solutions/sum.cpp"),
        (
            100.0,
            vec![
                group("0", 0.0),
                group("1", 40.0),
                group("2", 60.0),
                group("2/04", 35.0),
                group("2/05", 25.0)
            ]
        )
    );
    // 32 bits fail test 04 alone: group 2 is each-test, so test 05 keeps its 25 points.
    assert_eq!(
        scores(&report, "solutions/sum-int.cpp"),
        (
            65.0,
            vec![
                group("0", 0.0),
                group("1", 40.0),
                group("2", 25.0),
                group("2/04", 0.0),
                group("2/05", 25.0)
            ]
        )
    );
    // Negative numbers left out fail test 02 alone: group 1 scores nothing, and group 2, which depends
    // on it, passes its tests but scores nothing either.
    assert_eq!(
        scores(&report, "solutions/digits-only.py"),
        (
            0.0,
            vec![
                group("0", 0.0),
                group("1", 0.0),
                group("2", 0.0),
                group("2/04", 35.0),
                group("2/05", 25.0)
            ]
        )
    );
    let digits = &report["submissions"][2]["score"]["groups"][2];
    assert_eq!(
        (&digits["verdict"], &digits["passed"], &digits["unmet"]),
        (
            &Value::from("AC"),
            &Value::from(2),
            &serde_json::json!(["1"])
        )
    );
    // The first number is the sum of test 02 alone: group 1 is complete-group, so it scores nothing.
    let (score, by_group) = scores(&report, "solutions/first-only.py");
    assert_eq!((score, by_group[1].clone()), (0.0, group("1", 0.0)));
}

/// Two packages as Polygon downloads them (fixtures/polygon/README.md names where they come from).
#[test]
fn real_polygon_packages_verify_as_their_tags_say() {
    if !have("g++") {
        return common::skipped("real polygon packages", "no g++ for their C++ programs");
    }
    let output = verify(&fixture("real/little-h-reboot"));
    assert_eq!(output.status.code(), Some(0), "{}", printed(&output));
    let report = json_report(&output);
    let reboot = row(&report, "little-h-reboot");
    assert_eq!(reboot["title"], "Little H And Reboot");
    assert_eq!(
        reboot["checker"], "testlib:files/check.cpp",
        "std::rcmp4.cpp, compiled from the source the package ships"
    );
    assert_eq!(reboot["time_limit_ms"], 5000);
    assert_eq!(reboot["memory_limit_mib"], 256);
    assert_eq!(reboot["package"]["tests"], 15);
    assert_eq!(
        verdicts(&report),
        owned(&[
            ("solutions/std.cpp", "AC", true),
            ("solutions/wrong.cpp", "WA", true),
        ])
    );

    let output = verify(&fixture("real/guess-array"));
    assert_eq!(output.status.code(), Some(0), "{}", printed(&output));
    let report = json_report(&output);
    let guess = row(&report, "guess-array");
    assert_eq!(guess["package"]["type"], "interactive");
    assert_eq!(guess["checker"], "testlib:files/checker.py");
    assert_eq!(guess["package"]["tests"], 18);
    assert_eq!(
        verdicts(&report),
        owned(&[("solutions/std.cpp", "AC", true)])
    );
}

/// `harness verify` on `dir` with its own cache `cache`, where the made tests can be read.
fn verify_in(dir: &Path, cache: &Path) -> Output {
    let path = format!(
        "/usr/local/bin:/usr/bin:/bin:{}",
        std::env::var("PATH").unwrap_or_default()
    );
    common::command_in(
        &common::fixtures("polygon"),
        Some(cache),
        &["verify", dir.to_str().unwrap(), "--format", "json"],
    )
    .env("PATH", path)
    .output()
    .expect("run the harness binary")
}

/// The file a standard package's tests were made into (`tests/02`), in the cache `cache`.
fn made(cache: &Path, relative: &str) -> Vec<u8> {
    let folder = cache.join("generated/polygon");
    let mut found = Vec::new();
    for entry in std::fs::read_dir(&folder).unwrap() {
        let file = entry.unwrap().path().join(relative);
        if file.is_file() {
            found.push(std::fs::read(file).unwrap());
        }
    }
    assert_eq!(
        found.len(),
        1,
        "{relative} made once in {}",
        folder.display()
    );
    found.pop().unwrap()
}

/// The whole numbers of a file.
fn numbers(bytes: &[u8]) -> Vec<i64> {
    String::from_utf8_lossy(bytes)
        .split_ascii_whitespace()
        .map(|w| w.parse().unwrap())
        .collect()
}

#[test]
fn a_standard_package_makes_its_tests_with_its_generators_and_its_answers_with_its_main_solution() {
    if !have("g++") {
        return common::skipped("polygon standard package", "no g++ for its generator");
    }
    let dir = package("generated", "polygon-standard");
    let cache = common::scratch("polygon-standard-cache");
    let output = verify_in(&dir, &cache);
    assert_eq!(output.status.code(), Some(0), "{}", printed(&output));
    let report = json_report(&output);
    assert_eq!(row(&report, "generated")["package"]["tests"], 5);
    // The answers come from the main solution in C++; Python's own sum agrees with them on every test,
    // and the 32-bit sum fails the first generated test (any two of its numbers pass 2^31).
    assert_eq!(
        verdicts(&report),
        owned(&[
            ("solutions/sum.cpp", "AC", true),
            ("solutions/sum.py", "AC", true),
            ("solutions/sum-int.cpp", "WA", true),
        ])
    );
    assert_eq!(report["submissions"][2]["stopped_at"], "02");
    // `gen N SEED` writes N and N numbers in the generator's range; the seeds make different tests.
    for (test, n) in [("tests/02", 2), ("tests/03", 5), ("tests/04", 1000)] {
        let values = numbers(&made(&cache, test));
        assert_eq!(values[0], n, "{test}");
        assert_eq!(values.len() as i64, n + 1, "{test}");
        assert!(
            values[1..]
                .iter()
                .all(|v| (1_500_000_000..=2_000_000_000).contains(v)),
            "{test}: {values:?}"
        );
    }
    // The manual tests are the package's files, their answers made all the same.
    assert_eq!(numbers(&made(&cache, "tests/01.a")), [6]);
    assert_eq!(numbers(&made(&cache, "tests/05.a")), [-7]);
    assert!(
        !dir.join("tests/02").exists(),
        "nothing is written into the package"
    );

    // A generator that makes another test each time is refused by its command.
    let xml = std::fs::read_to_string(dir.join("problem.xml")).unwrap();
    let xml = xml
        .replace("<test cmd=\"gen 5 2\"", "<test cmd=\"clock 7\"")
        .replace(
            "        </executables>",
            "            <executable>\n                <source path=\"files/clock.cpp\" type=\"cpp.g++17\"/>\n            </executable>\n        </executables>",
        );
    std::fs::write(dir.join("problem.xml"), xml).unwrap();
    let output = verify_in(&dir, &cache);
    // The package is a row in error (the run goes on to the other packages), saying why.
    assert_eq!(output.status.code(), Some(1), "{}", printed(&output));
    assert!(
        printed(&output).contains("its tests could not be made: problem.xml: test 3")
            && printed(&output).contains("`clock 7` is not deterministic"),
        "{}",
        printed(&output)
    );

    // A command naming no executable of the package: the row in error names its test and name.
    let xml = std::fs::read_to_string(dir.join("problem.xml")).unwrap();
    std::fs::write(dir.join("problem.xml"), xml.replace("clock 7", "gen2 7")).unwrap();
    let output = verify_in(&dir, &cache);
    assert_eq!(output.status.code(), Some(1), "{}", printed(&output));
    assert!(
        printed(&output).contains("test 3: `gen2 7`: no executable `gen2`"),
        "{}",
        printed(&output)
    );
}

/// The real packages as Polygon's standard package holds them: `little-h-reboot` without its answers
/// (its main solution makes them), `guess-array` without the inputs its generator makes. What the judge
/// makes is byte for byte what Polygon made.
#[test]
fn real_packages_without_their_generated_files_are_made_as_polygon_made_them() {
    if !have("g++") {
        return common::skipped(
            "real standard polygon packages",
            "no g++ for their programs",
        );
    }
    let cache = common::scratch("polygon-real-standard-cache");
    let reboot = common::scratch("polygon-real-standard").join("little-h-reboot");
    common::copy_tree(&fixture("real/little-h-reboot"), &reboot);
    for number in 1..=15 {
        std::fs::remove_file(reboot.join(format!("tests/{number:02}.a"))).unwrap();
    }
    let output = verify_in(&reboot, &cache);
    assert_eq!(output.status.code(), Some(0), "{}", printed(&output));
    assert_eq!(
        verdicts(&json_report(&output)),
        owned(&[
            ("solutions/std.cpp", "AC", true),
            ("solutions/wrong.cpp", "WA", true),
        ])
    );
    for number in 1..=15 {
        let answer = format!("tests/{number:02}.a");
        let shipped = std::fs::read(fixture("real/little-h-reboot").join(&answer)).unwrap();
        assert!(made(&cache, &answer) == shipped, "{answer} differs");
    }

    let guess = common::scratch("polygon-real-standard").join("guess-array");
    common::copy_tree(&fixture("real/guess-array"), &guess);
    let xml = std::fs::read_to_string(guess.join("problem.xml")).unwrap();
    let generated: Vec<usize> = xml
        .lines()
        .filter(|l| l.trim_start().starts_with("<test ") && l.contains("method="))
        .enumerate()
        .filter(|(_, l)| l.contains("method=\"generated\""))
        .map(|(i, _)| i + 1)
        .collect();
    assert_eq!(generated.len(), 13, "{generated:?}");
    for number in &generated {
        std::fs::remove_file(guess.join(format!("tests/{number:02}"))).unwrap();
    }
    let output = verify_in(&guess, &cache);
    assert_eq!(output.status.code(), Some(0), "{}", printed(&output));
    assert_eq!(
        verdicts(&json_report(&output)),
        owned(&[("solutions/std.cpp", "AC", true)])
    );
    for number in &generated {
        let input = format!("tests/{number:02}");
        let shipped = std::fs::read(fixture("real/guess-array").join(&input)).unwrap();
        assert!(made(&cache, &input) == shipped, "{input} differs");
    }
}

/// Zips the folder `dir` into `zip`, its files at the zip's top (as Polygon's downloads are), each
/// entry named as `name` says (`None`: left out).
fn zip_folder(dir: &Path, zip: &Path, name: impl Fn(&str) -> Option<String>) {
    use std::io::Write;
    let mut writer = zip::ZipWriter::new(std::fs::File::create(zip).unwrap());
    let options = zip::write::SimpleFileOptions::default()
        .compression_method(zip::CompressionMethod::Deflated);
    for entry in walkdir::WalkDir::new(dir).sort_by_file_name() {
        let entry = entry.unwrap();
        if !entry.file_type().is_file() {
            continue;
        }
        let relative = entry.path().strip_prefix(dir).unwrap().to_str().unwrap();
        if let Some(named) = name(relative) {
            writer.start_file(named, options).unwrap();
            writer
                .write_all(&std::fs::read(entry.path()).unwrap())
                .unwrap();
        }
    }
    writer.finish().unwrap();
}

#[test]
fn a_zipped_package_is_judged_without_unzipping_it_by_hand() {
    if !have("g++") {
        return common::skipped("polygon zip", "no g++ for its programs");
    }
    let scratch = common::scratch("polygon-zip");
    let dir = package("generated", "polygon-zip-package");
    let zip = scratch.join("generated-sum-2$linux.zip");
    zip_folder(&dir, &zip, |r| Some(r.to_string()));
    let cache = scratch.join("cache");
    let output = verify_in(&zip, &cache);
    assert_eq!(output.status.code(), Some(0), "{}", printed(&output));
    let report = json_report(&output);
    assert_eq!(
        row(&report, "generated-sum-2")["title"],
        "Sum of Generated Lists"
    );
    assert_eq!(
        verdicts(&report),
        owned(&[
            ("solutions/sum.cpp", "AC", true),
            ("solutions/sum.py", "AC", true),
            ("solutions/sum-int.cpp", "WA", true),
        ])
    );
    let listed: Vec<_> = std::fs::read_dir(&scratch)
        .unwrap()
        .flatten()
        .map(|e| e.file_name())
        .collect();
    assert!(
        !listed.iter().any(|n| n == "generated-sum-2"),
        "nothing unpacked beside the zip: {listed:?}"
    );

    // An entry that would land outside the package is refused, naming the zip and the entry.
    let evil = scratch.join("evil.zip");
    zip_folder(&dir, &evil, |r| match r {
        "solutions/sum.py" => Some("../sum.py".to_string()),
        other => Some(other.to_string()),
    });
    let output = verify_in(&evil, &cache);
    assert_eq!(output.status.code(), Some(2), "{}", printed(&output));
    assert!(
        common::stderr(&output)
            .contains("evil.zip: entry `../sum.py`: its path leaves the package's folder"),
        "{}",
        printed(&output)
    );
    assert!(!scratch.join("cache-unzipped").join("sum.py").exists());

    // Not a zip at all.
    let broken = scratch.join("broken.zip");
    std::fs::write(&broken, b"PK not really").unwrap();
    let output = verify_in(&broken, &cache);
    assert_eq!(output.status.code(), Some(2), "{}", printed(&output));
    assert!(
        common::stderr(&output).contains("broken.zip: not a zip file the judge can read"),
        "{}",
        printed(&output)
    );
}

#[test]
fn a_contest_package_verifies_its_problems_as_a_whole() {
    if !have("g++") {
        return common::skipped("polygon contest", "no g++ for its programs");
    }
    let contest = common::scratch("polygon-contest");
    common::copy_tree(&fixture("sum"), &contest.join("problems/sum"));
    common::copy_tree(&fixture("groups"), &contest.join("problems/B"));
    let xml = |second: &str| {
        format!(
            r#"<?xml version="1.0" encoding="utf-8" standalone="no"?>
<contest>
    <names>
        <name language="english" value="A Fixture Contest"/>
    </names>
    <problems>
        <problem index="A" url="https://polygon.codeforces.com/p0000000/fixture/sum"/>
        <problem index="B" url="https://polygon.codeforces.com/p0000000/fixture/{second}"/>
    </problems>
</contest>
"#
        )
    };
    // Problem B is found by its index where no folder has its short name.
    std::fs::write(contest.join("contest.xml"), xml("groups-of-sums")).unwrap();
    let output = verify(&contest);
    assert_eq!(output.status.code(), Some(0), "{}", printed(&output));
    let report = json_report(&output);
    let ids: Vec<&str> = report["problems"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["id"].as_str().unwrap())
        .collect();
    assert_eq!(ids, ["sum", "B"]);
    assert_eq!(row(&report, "sum")["verdict"], "AC");
    assert_eq!(row(&report, "B")["verdict"], "AC");

    std::fs::remove_dir_all(contest.join("problems/B")).unwrap();
    let output = verify(&contest);
    assert_eq!(output.status.code(), Some(2), "{}", printed(&output));
    assert!(
        common::stderr(&output)
            .contains("contest.xml:8: problem B (groups-of-sums): no package in"),
        "{}",
        printed(&output)
    );
}

#[test]
fn named_input_and_output_files_are_given_and_read_in_the_programs_folder() {
    if !have("g++") {
        return common::skipped("polygon named files", "no g++ for its solutions");
    }
    let output = verify(&fixture("fileio"));
    assert_eq!(output.status.code(), Some(0), "{}", printed(&output));
    let report = json_report(&output);
    // stdout.cpp prints its sum where no one reads it: sum.out is missing, the output empty.
    assert_eq!(
        verdicts(&report),
        owned(&[
            ("solutions/sum.cpp", "AC", true),
            ("solutions/sum.py", "AC", true),
            ("solutions/stdout.cpp", "WA", true),
        ])
    );
    assert_eq!(report["submissions"][2]["stopped_at"], "01");

    // Without its answers, the main solution makes them through the same files.
    let copy = common::scratch("polygon-fileio").join("fileio");
    common::copy_tree(&fixture("fileio"), &copy);
    for number in 1..=3 {
        std::fs::remove_file(copy.join(format!("tests/{number:02}.a"))).unwrap();
    }
    let cache = common::scratch("polygon-fileio-cache");
    let output = verify_in(&copy, &cache);
    assert_eq!(output.status.code(), Some(0), "{}", printed(&output));
    assert_eq!(
        verdicts(&json_report(&output)),
        verdicts(&report),
        "{}",
        printed(&output)
    );
    for number in 1..=3 {
        let answer = format!("tests/{number:02}.a");
        let by_hand = std::fs::read(fixture("fileio").join(&answer)).unwrap();
        assert!(made(&cache, &answer) == by_hand, "{answer}");
    }

    // A name that is a path is refused.
    let xml = std::fs::read_to_string(copy.join("problem.xml")).unwrap();
    std::fs::write(
        copy.join("problem.xml"),
        xml.replace("input-file=\"sum.in\"", "input-file=\"../sum.in\""),
    )
    .unwrap();
    let output = verify(&copy);
    assert_eq!(output.status.code(), Some(2), "{}", printed(&output));
    assert!(
        common::stderr(&output).contains("input-file `../sum.in`: expected a file name"),
        "{}",
        printed(&output)
    );
}

/// testlib's `checkers/yesno.cpp` as the package ships it (fixtures/polygon/README.md): compiled, it gives
/// its own verdicts at the edges, PE for a word that is neither YES nor NO and for extra words after it.
#[test]
fn a_standard_checker_shipped_with_the_package_judges_its_edges_as_testlib_does() {
    if !have("g++") {
        return common::skipped("polygon yesno", "no g++ for its checker");
    }
    let dir = package("yesno", "polygon-yesno");
    let output = verify(&dir);
    assert_eq!(output.status.code(), Some(0), "{}", printed(&output));
    let report = json_report(&output);
    let even = row(&report, "yesno");
    assert_eq!(even["checker"], "testlib:files/check.cpp");
    assert_eq!(
        even["package"]["validator"],
        "std::yesno.cpp (files/check.cpp)"
    );
    assert_eq!(
        verdicts(&report),
        owned(&[
            ("solutions/even.py", "AC", true),
            ("solutions/lower.py", "AC", true),
            ("solutions/odd.py", "WA", true),
            ("solutions/chatty.py", "PE", true),
            ("solutions/maybe.py", "PE", true),
        ])
    );

    // Without its source, the built-in rule judges, and the warning says where it differs.
    std::fs::remove_file(dir.join("files/check.cpp")).unwrap();
    let output = verify(&dir);
    let report = json_report(&output);
    let warnings = row(&report, "yesno")["package"]["warnings"].to_string();
    assert!(
        warnings.contains("std::yesno.cpp without its source: judged by the judge's")
            && warnings.contains("gives WA where testlib's checker gives PE"),
        "{warnings}"
    );
}

#[test]
fn polygon_validators_judge_every_test_and_their_own_tests_by_testlibs_exit_codes() {
    if !have("g++") {
        return common::skipped("polygon validators", "no g++ for its validator");
    }
    let root = common::copy_of("dropped", "polygon-validate");
    let dir = root.join("problems/gensum");
    common::copy_tree(&fixture("generated"), &dir);
    std::fs::copy(fixture("testlib.h"), dir.join("files/testlib.h")).unwrap();
    let output = harness(&root, &["validate", "gensum"]);
    assert_eq!(output.status.code(), Some(0), "{}", printed(&output));
    // Five tests (two by hand, three generated) and the validator's valid example; its two invalid
    // examples rejected for the rule each breaks.
    let text = stdout(&output);
    assert!(
        text.contains("1 problem: 6 inputs valid, 2 invalid examples rejected"),
        "{text}"
    );
    assert!(
        text.contains("validator-tests/02: rejected: FAIL Integer parameter [name=n] equals to 0"),
        "{text}"
    );
    assert!(
        text.contains("validator-tests/03: rejected: FAIL Expected EOLN"),
        "{text}"
    );

    // A generated test beyond the bounds is named, with the validator's reason.
    let xml = std::fs::read_to_string(dir.join("problem.xml")).unwrap();
    std::fs::write(
        dir.join("problem.xml"),
        xml.replace("gen 1000 3", "gen 1001 3"),
    )
    .unwrap();
    let output = harness(&root, &["validate", "gensum"]);
    assert_eq!(output.status.code(), Some(1), "{}", printed(&output));
    assert!(
        printed(&output).contains("tests/04 (with --testset tests): rejected: FAIL Integer parameter [name=n] equals to 1001"),
        "{}",
        printed(&output)
    );
}
