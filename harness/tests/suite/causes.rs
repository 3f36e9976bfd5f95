//! Every failure says its cause in every report (human, JSON, JUnit, HTML): a run-time error its
//! program's stderr (escaped), for a package's submissions and our problems' alike; a judge error its
//! reason, whether a checker crashed, a custom grader failed or a group is one because of a test below
//! it. And a package's tests may be links to files elsewhere in the package: the programs that read them
//! see them. The packages are written here, in the legacy Kattis format.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Output;

use serde_json::Value;

use super::common::{self, json_report, printed};

/// Writes `files` (path, content) under `dir`.
fn write(dir: &Path, files: &[(&str, &str)]) {
    for (path, content) in files {
        let path = dir.join(path);
        fs::create_dir_all(path.parent().unwrap()).unwrap();
        fs::write(path, content).unwrap();
    }
}

/// A legacy package adding two numbers, with a time limit and an accepted submission; `more` files
/// beside.
fn addition(name: &str, more: &[(&str, &str)]) -> PathBuf {
    let dir = common::scratch(name);
    write(
        &dir,
        &[
            (
                "problem.yaml",
                "name: Addition\nlicense: cc0\nrights_owner: harness\nlimits:\n  time_limit: 2\n",
            ),
            ("data/sample/1.in", "1 2\n"),
            ("data/sample/1.ans", "3\n"),
            ("data/secret/1.in", "30 4\n"),
            ("data/secret/1.ans", "34\n"),
            (
                "submissions/accepted/add.py",
                "a, b = map(int, input().split())\nprint(a + b)\n",
            ),
        ],
    );
    write(&dir, more);
    dir
}

/// A Python program that says something on stderr, with an escape sequence and markup, then divides by
/// zero.
const CRASH: &str =
    "import sys\nsys.stderr.write('\\x1b[31m<b>about to divide</b>\\n')\nprint(1 // 0)\n";

/// `harness verify DIR` with the JSON report on stdout and the JUnit and HTML reports in files beside
/// the package; the human report of a second run. Python from the system's folders first, where a
/// program run as another user can reach it.
struct Reports {
    json: Value,
    human: String,
    junit: String,
    html: String,
    status: Option<i32>,
}

fn verify(dir: &Path) -> Reports {
    let reports = dir.with_extension("reports");
    fs::create_dir_all(&reports).unwrap();
    let junit = reports.join("junit.xml");
    let html = reports.join("report.html");
    let run = |args: &[&str]| -> Output {
        let mut all = vec!["verify", dir.to_str().unwrap()];
        all.extend(args);
        let path = format!(
            "/usr/local/bin:/usr/bin:/bin:{}",
            std::env::var("PATH").unwrap_or_default()
        );
        common::command(dir, &all)
            .env("PATH", path)
            .output()
            .unwrap()
    };
    let output = run(&[
        "--format",
        "json",
        "--junit",
        junit.to_str().unwrap(),
        "--html",
        html.to_str().unwrap(),
    ]);
    let json = json_report(&output);
    let human = printed(&run(&[]));
    Reports {
        json,
        human,
        junit: fs::read_to_string(&junit).unwrap(),
        html: fs::read_to_string(&html).unwrap(),
        status: output.status.code(),
    }
}

/// The submission `file` of the JSON report.
fn submission<'a>(report: &'a Value, file: &str) -> &'a Value {
    report["submissions"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["file"] == file)
        .unwrap_or_else(|| panic!("no submission {file} in {report:#}"))
}

/// The JUnit testcase element named `name`.
fn junit_case<'a>(xml: &'a str, name: &str) -> &'a str {
    let start = xml
        .find(&format!("<testcase name=\"{name}\""))
        .unwrap_or_else(|| panic!("no testcase {name} in {xml}"));
    let end = xml[start..]
        .find("</testcase>")
        .map_or(xml.len(), |e| start + e);
    &xml[start..end]
}

/// A package's submission that crashes, in `accepted/` (not as expected) and in `run_time_error/` (as
/// expected): its stderr is in the JSON report either way, and in the human, JUnit and HTML reports
/// where the crash is not as expected, its escape sequence made visible and its markup escaped.
#[test]
fn a_packages_crash_shows_its_stderr_in_every_report() {
    let dir = addition(
        "causes-crash",
        &[
            ("submissions/accepted/crash.py", CRASH),
            ("submissions/run_time_error/crash.py", CRASH),
        ],
    );
    let reports = verify(&dir);
    assert_eq!(reports.status, Some(1), "{}", reports.human);
    for file in [
        "submissions/accepted/crash.py",
        "submissions/run_time_error/crash.py",
    ] {
        let s = submission(&reports.json, file);
        assert_eq!(s["verdict"], "RE", "{s:#}");
        let tests = s["tests"].as_array().unwrap();
        let tail = tests.last().unwrap()["stderr_tail"]
            .as_str()
            .unwrap_or_default();
        assert!(tail.contains("ZeroDivisionError"), "{file}: {s:#}");
        assert!(
            tail.contains("\x1b[31m<b>about to divide"),
            "{file}: {tail}"
        );
    }
    let human = &reports.human;
    assert!(human.contains("ZeroDivisionError"), "{human}");
    assert!(human.contains("\\x1b[31m<b>about to divide"), "{human}");
    assert!(!human.contains('\x1b'), "{human}");
    let case = junit_case(&reports.junit, "accepted/crash.py");
    assert!(case.contains("ZeroDivisionError"), "{case}");
    assert!(case.contains("\\x1b[31m&lt;b&gt;about to divide"), "{case}");
    assert!(!reports.junit.contains('\x1b'), "{}", reports.junit);
    let html = &reports.html;
    assert!(html.contains("ZeroDivisionError"), "{html}");
    assert!(html.contains("&lt;b&gt;about to divide"), "{html}");
    assert!(!html.contains("<b>about to divide"), "{html}");
}

/// Our layout alike: a problem's own submission in `accepted/` that crashes shows its stderr in the
/// human report, and the JSON report keeps it.
#[test]
fn a_problems_crash_shows_its_stderr() {
    let root = common::copy_of("languages", "causes-crash-native");
    let submissions = root.join("problems/sum/submissions");
    fs::remove_dir_all(&submissions).unwrap();
    write(&submissions, &[("accepted/crash.py", CRASH)]);
    let output = common::harness(&root, &["sum", "--format", "json"]);
    let report = json_report(&output);
    let s = submission(&report, "problems/sum/submissions/accepted/crash.py");
    assert_eq!(s["verdict"], "RE", "{s:#}");
    let tail = s["tests"][0]["stderr_tail"].as_str().unwrap_or_default();
    assert!(tail.contains("ZeroDivisionError"), "{s:#}");
    let human = printed(&common::harness(&root, &["sum"]));
    assert!(human.contains("ZeroDivisionError"), "{human}");
    assert!(human.contains("stderr (last lines):"), "{human}");
}

/// An output validator that crashes is a judge error that says so in every report, in the submission's
/// own entry too (not only in the package's row).
#[test]
fn a_checker_that_crashes_is_a_judge_error_with_its_reason_everywhere() {
    let dir = addition(
        "causes-checker",
        &[
            (
                "problem.yaml",
                "name: Addition\nlicense: cc0\nrights_owner: harness\nvalidation: custom\nlimits:\n  time_limit: 2\n",
            ),
            (
                "output_validators/broken/validate.py",
                "raise RuntimeError('the validator has a bug')\n",
            ),
        ],
    );
    let reports = verify(&dir);
    assert_eq!(reports.status, Some(1), "{}", reports.human);
    let s = submission(&reports.json, "submissions/accepted/add.py");
    assert_eq!(s["verdict"], "JE", "{s:#}");
    let said = s["tests"][0]["first_difference"]
        .as_str()
        .unwrap_or_default();
    assert!(said.contains("the checker failed"), "{s:#}");
    assert!(
        reports.human.contains("the checker failed"),
        "{}",
        reports.human
    );
    let case = junit_case(&reports.junit, "accepted/add.py");
    assert!(case.contains("the checker failed"), "{case}");
    assert!(
        reports.html.contains("the checker failed"),
        "{}",
        reports.html
    );
}

/// In a scoring package, a test whose validator crashes makes its group, and each group above it, a
/// judge error that names the test and says why (DOMjudge's `knapsack` showed every group JE and no
/// reason); a custom grader that fails says why too. Every report has both.
#[test]
fn a_groups_judge_error_says_why_in_every_report() {
    // It crashes on secret/3 (input 12) alone.
    let validator = "import sys\nif open(sys.argv[1]).read().split() == ['12']:\n\
                     \x20   raise RuntimeError('the validator has a bug')\n\
                     same = sys.stdin.read().split() == open(sys.argv[2]).read().split()\n\
                     sys.exit(42 if same else 43)\n";
    let copy = common::copy_of("packages/scoring-grader", "causes-scoring-checker");
    let yaml = fs::read_to_string(copy.join("problem.yaml")).unwrap();
    write(
        &copy,
        &[
            ("problem.yaml", &format!("{yaml}validation: custom\n")),
            ("output_validators/broken/validate.py", validator),
        ],
    );
    let reports = verify(&copy);
    let s = submission(&reports.json, "submissions/accepted/echo.py");
    assert_eq!(s["verdict"], "JE", "{s:#}");
    let groups = s["score"]["groups"].as_array().unwrap();
    let secret = groups.iter().find(|g| g["group"] == "secret").unwrap();
    assert_eq!(secret["verdict"], "JE", "{s:#}");
    let why = secret["error"].as_str().unwrap_or_default();
    assert!(why.starts_with("secret/3: "), "{s:#}");
    assert!(why.contains("the checker failed"), "{why}");
    assert_eq!(s["score"]["error"], secret["error"], "{s:#}");
    assert!(reports.human.contains(why), "{}", reports.human);
    let case = junit_case(&reports.junit, "accepted/echo.py");
    assert!(case.contains("secret/3: "), "{case}");
    assert!(case.contains("the checker failed"), "{case}");
    assert!(reports.html.contains("secret/3: "), "{}", reports.html);

    let copy = common::copy_of("packages/scoring-grader", "causes-scoring-grader");
    write(
        &copy,
        &[(
            "graders/grader.py",
            "import sys\nsys.stderr.write('no grading today')\nsys.exit(3)\n",
        )],
    );
    let reports = verify(&copy);
    let s = submission(&reports.json, "submissions/accepted/echo.py");
    let groups = s["score"]["groups"].as_array().unwrap();
    let secret = groups.iter().find(|g| g["group"] == "secret").unwrap();
    let why = secret["error"].as_str().unwrap_or_default();
    assert!(why.starts_with("the custom grader failed: "), "{s:#}");
    assert!(reports.human.contains(why), "{}", reports.human);
    let case = junit_case(&reports.junit, "accepted/echo.py");
    assert!(case.contains("the custom grader failed: "), "{case}");
    assert!(
        reports.html.contains("the custom grader failed: "),
        "{}",
        reports.html
    );
}

/// Tests shared between groups as links: a secret test's `.in` and `.ans` are links to a sample's files
/// (one of them through another link), and a custom output validator reads both; the solution reads its
/// input through the link as well. Every test is judged, none is a judge error. A submission that is a
/// link is compiled and run as its target.
#[test]
fn tests_that_are_links_inside_the_package_are_judged() {
    let validator = "import sys\ninput_file, answer, feedback = sys.argv[1:4]\n\
                     a, b = map(int, open(input_file).read().split())\n\
                     want = open(answer).read().split()\n\
                     got = sys.stdin.read().split()\n\
                     sys.exit(42 if got == want == [str(a + b)] else 43)\n";
    let dir = addition(
        "causes-links",
        &[
            (
                "problem.yaml",
                "name: Addition\nlicense: cc0\nrights_owner: harness\nvalidation: custom\nlimits:\n  time_limit: 2\n",
            ),
            ("output_validators/sum/validate.py", validator),
            ("data/secret/own/1.in", "5 6\n"),
            ("data/secret/own/1.ans", "11\n"),
        ],
    );
    let link = |target: &str, link: &str| {
        let link = dir.join(link);
        fs::create_dir_all(link.parent().unwrap()).unwrap();
        std::os::unix::fs::symlink(target, link).unwrap();
    };
    // secret/shared/1.* lead to the sample; secret/again/1.* to secret/shared/1.*, links themselves.
    link("../../sample/1.in", "data/secret/shared/1.in");
    link("../../sample/1.ans", "data/secret/shared/1.ans");
    link("../shared/1.in", "data/secret/again/1.in");
    link("../shared/1.ans", "data/secret/again/1.ans");
    // A submission that is a link to a file elsewhere in the package (as DOMjudge's `boolfind` has one
    // submission in two folders) compiles and runs as its target.
    write(
        &dir,
        &[(
            "attachments/add.py",
            "a, b = map(int, input().split())\nprint(a + b)\n",
        )],
    );
    link("../../attachments/add.py", "submissions/accepted/linked.py");
    let reports = verify(&dir);
    let linked = submission(&reports.json, "submissions/accepted/linked.py");
    assert_eq!(linked["verdict"], "AC", "{linked:#}");
    let s = submission(&reports.json, "submissions/accepted/add.py");
    let tests: Vec<(String, String)> = s["tests"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| {
            let name = t["name"].as_str().unwrap().to_string();
            (name, t["verdict"].as_str().unwrap().to_string())
        })
        .collect();
    for name in ["secret/shared/1", "secret/again/1", "secret/own/1"] {
        assert!(
            tests.contains(&(name.to_string(), "AC".to_string())),
            "{name}: {s:#}"
        );
    }
    assert_eq!(s["verdict"], "AC", "{s:#}");
    assert_eq!(reports.status, Some(0), "{}", reports.human);
}

/// An interactor that crashes is a judge error with its reason, in the test and in the scored
/// package's groups, in every report (`echo-scoring`: 2025-09, scoring and interactive).
#[test]
fn an_interactor_that_crashes_is_a_judge_error_with_its_reason_everywhere() {
    let copy = common::copy_of("packages/echo-scoring", "causes-interactor");
    let interactor = copy.join("output_validator/interactor.py");
    let text = fs::read_to_string(&interactor).unwrap();
    // It crashes once the solution answered on secret/2 (secret 8) alone.
    let crash = "said = sys.stdin.readline().split()\n\
                 if secret == 8:\n    raise RuntimeError('the interactor has a bug')\n";
    let text = text.replacen("said = sys.stdin.readline().split()\n", crash, 1);
    fs::write(&interactor, text).unwrap();
    let reports = verify(&copy);
    assert_eq!(reports.status, Some(1), "{}", reports.human);
    let s = submission(&reports.json, "submissions/accepted/same.py");
    assert_eq!(s["verdict"], "JE", "{s:#}");
    let test = s["tests"]
        .as_array()
        .unwrap()
        .iter()
        .find(|t| t["name"] == "secret/2")
        .unwrap_or_else(|| panic!("{s:#}"));
    assert_eq!(test["verdict"], "JE", "{s:#}");
    let detail = test["detail"].as_str().unwrap_or_default();
    assert!(detail.starts_with("the interactor failed: "), "{s:#}");
    let why = s["score"]["error"].as_str().unwrap_or_default();
    assert_eq!(why, format!("secret/2: {detail}"), "{s:#}");
    assert!(reports.human.contains(why), "{}", reports.human);
    let case = junit_case(&reports.junit, "accepted/same.py");
    assert!(case.contains("the interactor failed: "), "{case}");
    assert!(case.contains("secret/2: "), "{case}");
    assert!(
        reports.html.contains("the interactor failed: "),
        "{}",
        reports.html
    );
}
