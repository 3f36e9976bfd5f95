//! Packages whose data is BAPCtools' `generators/generators.yaml` (fixtures/generated/): verified, run in a
//! workspace and validated from the data their generators make in the sandbox, byte for byte the data
//! BAPCtools makes (`addition-by-bapctools/`, written by BAPCtools 2026.10.0's `bt generate`); a generator
//! that makes other bytes on a second run is refused by name.

use std::path::{Path, PathBuf};
use std::process::Output;

use serde_json::Value;

use super::common::{self, json_report, printed};

fn harness(root: &Path, cache: &Path, args: &[&str]) -> Output {
    let path = format!(
        "/usr/local/bin:/usr/bin:/bin:{}",
        std::env::var("PATH").unwrap_or_default()
    );
    common::command_in(root, Some(cache), args)
        .env("PATH", path)
        .output()
        .expect("run the harness binary")
}

/// A copy of the fixture package `addition` in a scratch folder, and a cache of its own.
fn copy(name: &str) -> (PathBuf, PathBuf) {
    let root = common::scratch(name);
    let package = root.join("problems").join("addition");
    common::copy_tree(&common::fixtures("generated").join("addition"), &package);
    (package, root.join("cache"))
}

/// Every file below `dir`, by its path from there.
fn files(dir: &Path) -> Vec<(String, Vec<u8>)> {
    let mut found: Vec<(String, Vec<u8>)> = walkdir::WalkDir::new(dir)
        .into_iter()
        .map(Result::unwrap)
        .filter(|e| e.file_type().is_file())
        .map(|e| {
            let name = e
                .path()
                .strip_prefix(dir)
                .unwrap()
                .to_string_lossy()
                .into_owned();
            (name, std::fs::read(e.path()).unwrap())
        })
        .collect();
    found.sort();
    found
}

fn verdicts(report: &Value) -> Vec<(String, String)> {
    let all = report["submissions"].as_array().unwrap().iter();
    all.map(|s| {
        let file = s["file"].as_str().unwrap();
        let file = file.rsplit("submissions/").next().unwrap().to_string();
        (file, s["verdict"].as_str().unwrap().to_string())
    })
    .collect()
}

#[test]
fn a_package_with_only_generators_yaml_is_verified_from_the_data_bapctools_makes() {
    let (package, cache) = copy("generators-verify");
    let dir = package.to_string_lossy().into_owned();
    let output = harness(&package, &cache, &["verify", &dir, "--format", "json"]);
    assert_eq!(output.status.code(), Some(0), "{}", printed(&output));
    let report = json_report(&output);
    let row = &report["problems"][0];
    let tests: Vec<&str> = row["tests"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["name"].as_str().unwrap())
        .collect();
    assert_eq!(
        tests,
        [
            "sample/1",
            "sample/2",
            "secret/1-large/big",
            "secret/1-large/random-1",
            "secret/1-large/random-2",
            "secret/1-large/random-3",
            "secret/3-small",
            "secret/4-tiny",
        ]
    );
    assert_eq!(
        verdicts(&report),
        [
            ("accepted/add.py".to_string(), "AC".to_string()),
            ("wrong_answer/difference.py".to_string(), "WA".to_string()),
        ]
    );
    // The data made, file for file what BAPCtools makes: seeds, numbering, count, copy, inline cases and
    // answers from the solution; the groups' test_group.yaml the same YAML.
    let made = cache.join("generated").join("data");
    let folders: Vec<_> = std::fs::read_dir(&made)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    assert_eq!(folders.len(), 1, "{folders:?}");
    let ours = files(&folders[0]);
    let theirs = files(&common::fixtures("generated").join("addition-by-bapctools/data"));
    let names = |files: &[(String, Vec<u8>)]| files.iter().map(|f| f.0.clone()).collect::<Vec<_>>();
    assert_eq!(names(&ours), names(&theirs));
    for ((name, ours), (_, theirs)) in ours.iter().zip(&theirs) {
        if name.ends_with(".yaml") {
            let ours: serde_norway::Value = serde_norway::from_slice(ours).unwrap();
            let theirs: serde_norway::Value = serde_norway::from_slice(theirs).unwrap();
            assert_eq!(ours, theirs, "{name}");
        } else {
            assert_eq!(
                String::from_utf8_lossy(ours),
                String::from_utf8_lossy(theirs),
                "{name}"
            );
        }
    }
}

#[test]
fn a_package_with_only_generators_yaml_is_run_and_validated_in_a_workspace() {
    let (package, cache) = copy("generators-workspace");
    let root = package.parent().unwrap().parent().unwrap().to_path_buf();
    let output = harness(&root, &cache, &["addition", "--format", "json"]);
    assert_eq!(output.status.code(), Some(0), "{}", printed(&output));
    let report = json_report(&output);
    assert_eq!(report["problems"][0]["tests"].as_array().unwrap().len(), 8);
    assert_eq!(
        verdicts(&report),
        [
            ("accepted/add.py".to_string(), "AC".to_string()),
            ("wrong_answer/difference.py".to_string(), "WA".to_string()),
        ]
    );
    // Each group's inputs within its test_group.yaml's bounds; the generated invalid input rejected.
    let output = harness(&root, &cache, &["validate", "addition"]);
    let text = printed(&output);
    assert_eq!(output.status.code(), Some(0), "{text}");
    assert!(
        text.contains("1 problem: 8 inputs valid, 1 invalid examples rejected, 0 exempt, 0 not as they must be"),
        "{text}"
    );
    assert!(
        text.contains("invalid_input/zero.in: rejected: line 1: a = 0 is not in [1, 1000]"),
        "{text}"
    );

    // A generated input beyond its group's bounds is named with the group's arguments.
    let yaml = package.join("generators/generators.yaml");
    let text = std::fs::read_to_string(&yaml).unwrap();
    std::fs::write(
        &yaml,
        text.replace("gen.py {seed} 100", "gen.py {seed} 1000"),
    )
    .unwrap();
    let output = harness(&root, &cache, &["validate", "addition"]);
    let text = printed(&output);
    assert_eq!(output.status.code(), Some(1), "{text}");
    assert!(
        text.contains("secret/3-small.in (with --max 100): rejected"),
        "{text}"
    );

    // A case's own arguments (its inline `yaml:`, written as its `.yaml`) over its group's.
    let text = std::fs::read_to_string(&yaml).unwrap();
    let own = "- '': gen.py {seed} 10\n";
    assert!(text.contains(own), "{text}");
    let with_own = "- '':\n          generate: gen.py {seed} 10\n          yaml: {input_validator_args: [--max, \"5\"]}\n";
    std::fs::write(&yaml, text.replace(own, with_own)).unwrap();
    let output = harness(&root, &cache, &["validate", "addition"]);
    let text = printed(&output);
    assert_eq!(output.status.code(), Some(1), "{text}");
    assert!(
        text.contains("sample/1.in (with --max 5): rejected: line 1: b = 10 is not in [1, 5]"),
        "{text}"
    );
}

#[test]
fn a_generator_that_is_not_deterministic_is_refused_by_name() {
    let (package, cache) = copy("generators-random");
    std::fs::write(
        package.join("generators/gen.py"),
        "import random\nprint(random.SystemRandom().randint(1, 10**9), 1)\n",
    )
    .unwrap();
    let dir = package.to_string_lossy().into_owned();
    let output = harness(&package, &cache, &["verify", &dir, "--format", "json"]);
    let report = json_report(&output);
    let error = report["problems"][0]["error"].as_str().unwrap_or_default();
    assert_eq!(output.status.code(), Some(1), "{}", printed(&output));
    assert!(
        error.contains("`gen.py {seed} 10` is not deterministic: two runs gave different bytes"),
        "{error}"
    );
    assert!(error.contains("generators/generators.yaml"), "{error}");
}

/// A generator that fails on some cases makes its package an error row naming the case and the
/// generator's last words; the other package of the run is judged all the same.
#[test]
fn a_generator_that_fails_is_an_error_row_and_the_other_packages_are_judged() {
    let (package, cache) = copy("generators-crash");
    let other = package.with_file_name("other");
    common::copy_tree(&common::fixtures("generated").join("addition"), &other);
    let gen = package.join("generators/gen.py");
    let text = std::fs::read_to_string(&gen).unwrap();
    std::fs::write(
        &gen,
        text.replace(
            "top = int(sys.argv[2])\n",
            "top = int(sys.argv[2])\nif top == 1000:\n    sys.exit(f\"gen.py: N = {top} is too large\")\n",
        ),
    )
    .unwrap();
    let dirs = [&package, &other].map(|d| d.to_string_lossy().into_owned());
    let output = harness(
        &package,
        &cache,
        &["verify", &dirs[0], &dirs[1], "--format", "json"],
    );
    assert_eq!(output.status.code(), Some(1), "{}", printed(&output));
    let report = json_report(&output);
    let row = |id: &str| {
        let problems = report["problems"].as_array().unwrap().iter();
        problems
            .clone()
            .find(|p| p["id"] == id)
            .unwrap_or_else(|| panic!("{report}"))
            .clone()
    };
    let error = row("addition")["error"]
        .as_str()
        .unwrap_or_default()
        .to_string();
    assert!(
        error.contains("its data could not be made from generators/generators.yaml: ")
            && error.contains(": secret/1-large/random-"),
        "{error}"
    );
    assert!(
        error.contains("`gen.py {seed:1} 1000 ") && error.contains("failed with exit code 1"),
        "{error}"
    );
    assert!(error.contains("gen.py: N = 1000 is too large"), "{error}");
    // The other package: judged, its submissions as their folders say.
    assert_eq!(row("other")["error"], Value::Null, "{report}");
    assert_eq!(
        row("other")["tests"].as_array().unwrap().len(),
        8,
        "{report}"
    );
    let verdicts: Vec<(String, String)> = verdicts(&report);
    assert!(
        verdicts.contains(&("accepted/add.py".to_string(), "AC".to_string()))
            && verdicts.contains(&("wrong_answer/difference.py".to_string(), "WA".to_string())),
        "{verdicts:?}"
    );
}

/// A checktestdata implementation: `$HARNESS_CHECKTESTDATA`, else the one scripts/install-checktestdata
/// puts under the repository's target/, else `checktestdata` or `pyctd` on PATH.
fn checktestdata() -> Option<PathBuf> {
    if let Some(tool) = std::env::var_os("HARNESS_CHECKTESTDATA").filter(|v| !v.is_empty()) {
        return Some(PathBuf::from(tool));
    }
    let ours = Path::new(env!("CARGO_MANIFEST_DIR")).join("../target/checktestdata/bin/pyctd");
    if ours.is_file() {
        return Some(ours);
    }
    let path = std::env::var_os("PATH").unwrap_or_default();
    std::env::split_paths(&path)
        .flat_map(|dir| [dir.join("checktestdata"), dir.join("pyctd")])
        .find(|tool| tool.is_file())
}

/// A `.ctd` input validator runs through checktestdata: the generated inputs accepted, a bad one rejected
/// with checktestdata's message, an invalid example it accepts reported; a `.viva` one is skipped, saying so.
#[test]
fn a_checktestdata_validator_judges_the_generated_inputs() {
    let Some(tool) = checktestdata() else {
        println!(
            "SKIPPED: no checktestdata (bash scripts/install-checktestdata, or HARNESS_CHECKTESTDATA)"
        );
        return;
    };
    let (package, cache) = copy("generators-ctd");
    let root = package.parent().unwrap().parent().unwrap().to_path_buf();
    let validators = package.join("input_validators");
    std::fs::remove_file(validators.join("validate.py")).unwrap();
    std::fs::write(
        validators.join("validate.ctd"),
        "INT(1, 1000, a) SPACE INT(1, 1000, b) NEWLINE\nEOF\n",
    )
    .unwrap();
    let validate = || {
        let output = common::command_in(&root, Some(&cache), &["validate", "addition"])
            .env("HARNESS_CHECKTESTDATA", &tool)
            .output()
            .expect("run the harness binary");
        (output.status.code(), printed(&output))
    };
    let (code, text) = validate();
    assert_eq!(code, Some(0), "{text}");
    assert!(
        text.contains("1 problem: 8 inputs valid, 1 invalid examples rejected, 0 exempt, 0 not as they must be"),
        "{text}"
    );
    assert!(
        text.contains("invalid_input/zero.in: rejected: ")
            && text.contains("integer 0 outside of range [1, 1000]"),
        "{text}"
    );

    // A generated input out of range, and an invalid example that is valid.
    let yaml = package.join("generators/generators.yaml");
    let rules = std::fs::read_to_string(&yaml).unwrap();
    let rules = rules.replace(r#"in: "1 1""#, r#"in: "1 2000""#);
    std::fs::write(&yaml, rules.replace(r#"in: "0 5\n""#, r#"in: "5 5\n""#)).unwrap();
    let (code, text) = validate();
    assert_eq!(code, Some(1), "{text}");
    assert!(text.contains("secret/4-tiny.in"), "{text}");
    assert!(
        text.contains("integer 2000 outside of range [1, 1000]"),
        "{text}"
    );
    assert!(
        text.contains(
            "invalid_input/zero.in: accepted, but it is an invalid input the validator must reject"
        ),
        "{text}"
    );

    // VIVA: skipped, and said.
    std::fs::rename(
        validators.join("validate.ctd"),
        validators.join("validate.viva"),
    )
    .unwrap();
    let (code, text) = validate();
    assert_eq!(code, Some(0), "{text}");
    assert!(
        text.contains("SKIPPED: problems/addition/input_validators/validate.viva: a VIVA script"),
        "{text}"
    );
}

/// `gen --check` on a package whose data is committed beside its generators.yaml: BAPCtools' own data is
/// current; a file edited by hand, or one the generators do not make, is named.
#[test]
fn gen_check_compares_committed_data_with_what_generators_yaml_makes() {
    let (package, cache) = copy("generators-check");
    let root = package.parent().unwrap().parent().unwrap().to_path_buf();
    common::copy_tree(
        &common::fixtures("generated").join("addition-by-bapctools/data"),
        &package.join("data"),
    );
    let output = harness(&root, &cache, &["gen", "--check", "addition"]);
    let text = printed(&output);
    assert_eq!(output.status.code(), Some(0), "{text}");
    assert!(
        text.contains("1 problem: 19 generated files current, 0 not"),
        "{text}"
    );

    std::fs::write(package.join("data/secret/3-small.in"), "1 1\n").unwrap();
    std::fs::write(package.join("data/secret/extra.in"), "1 1\n").unwrap();
    let output = harness(&root, &cache, &["gen", "--check", "addition"]);
    let text = printed(&output);
    assert_eq!(output.status.code(), Some(1), "{text}");
    assert!(
        text.contains("data/secret/3-small.in differs from what generators/generators.yaml makes"),
        "{text}"
    );
    assert!(
        text.contains("data/secret/extra.in is not made by generators/generators.yaml"),
        "{text}"
    );
    assert!(
        text.contains("1 problem: 18 generated files current, 2 not"),
        "{text}"
    );
}

/// An answer validator of `addition` (BAPCtools' `answer_validators/`): the input's path first, the answer
/// on stdin; one integer from 2 to 2000 on a line of its own, written plainly.
const ANSWER_VALIDATOR: &str = r#"import sys

open(sys.argv[1]).read()
answer = sys.stdin.read()
if not answer.endswith("\n") or answer.count("\n") != 1:
    print("answer: expected one line", file=sys.stderr)
    sys.exit(43)
line = answer[:-1]
if not line.lstrip("-").isdigit() or line != str(int(line)):
    print(f"answer: {line!r} is not an integer written plainly", file=sys.stderr)
    sys.exit(43)
if not 2 <= int(line) <= 2000:
    print(f"answer: {line} is not in [2, 2000]", file=sys.stderr)
    sys.exit(43)
sys.exit(42)
"#;

/// The 2025-09 folders of invalid and valid examples as generators.yaml makes them (BAPCtools'
/// `doc/validation.md`), with an answer validator and the default output validator.
const EXAMPLES: &str = r#"  invalid_answer:
    data:
      negative:
        in: "1 2\n"
        ans: "-3\n"
      spaced:
        in: "1 2\n"
        ans: " 3\n"
  invalid_output:
    data:
      wrong:
        in: "1 2\n"
        ans: "3\n"
        out: "4\n"
  valid_output:
    data:
      spaced:
        in: "1 2\n"
        ans: "3\n"
        out: "3  \n"
"#;

/// `addition` with an answer validator and the invalid and valid examples of answers and outputs.
fn with_examples(name: &str) -> (PathBuf, PathBuf) {
    let (package, cache) = copy(name);
    let validators = package.join("answer_validators");
    std::fs::create_dir_all(&validators).unwrap();
    std::fs::write(validators.join("validate.py"), ANSWER_VALIDATOR).unwrap();
    let yaml = package.join("generators/generators.yaml");
    let text = std::fs::read_to_string(&yaml).unwrap();
    std::fs::write(&yaml, text + EXAMPLES).unwrap();
    (package, cache)
}

/// `invalid_answer` rejected by an answer validator (or the output validator, strictly), `invalid_output`
/// by the output validator, `valid_output` accepted by it, each with what the validator said; every
/// answer passes the answer validators; the examples' inputs are valid. One that is not as it must be is
/// named.
#[test]
fn invalid_answers_and_outputs_are_rejected_and_valid_outputs_accepted() {
    let (package, cache) = with_examples("generators-examples");
    let root = package.parent().unwrap().parent().unwrap().to_path_buf();
    let output = harness(&root, &cache, &["validate", "addition"]);
    let text = printed(&output);
    assert_eq!(output.status.code(), Some(0), "{text}");
    // 8 test inputs and 4 example inputs valid; 8 answers and 1 valid output accepted (the answers of
    // invalid_output and valid_output pass the answer validator on the way); 1 invalid input, 2 invalid
    // answers and 1 invalid output rejected.
    assert!(
        text.contains(
            "1 problem: 12 inputs valid, 9 answers and valid outputs accepted, 4 invalid examples \
             rejected, 0 exempt, 0 not as they must be"
        ),
        "{text}"
    );
    assert!(
        text.contains("invalid_answer/negative.ans: rejected: by an answer validator: answer: -3 is not in [2, 2000]"),
        "{text}"
    );
    assert!(
        text.contains("invalid_answer/spaced.ans: rejected: by an answer validator: answer: ' 3' is not an integer written plainly"),
        "{text}"
    );
    assert!(
        text.contains(
            "invalid_output/wrong.out: rejected: by the output validator (WA): line 1, token 1: expected `3`, got `4`"
        ),
        "{text}"
    );

    // Each example turned into its opposite: named, with why.
    let yaml = package.join("generators/generators.yaml");
    let text = std::fs::read_to_string(&yaml).unwrap();
    let text = text
        .replace(r#"ans: "-3\n""#, r#"ans: "3\n""#)
        .replace(r#"out: "4\n""#, r#"out: "3\n""#)
        .replace(r#"out: "3  \n""#, r#"out: "5\n""#);
    std::fs::write(&yaml, text).unwrap();
    let output = harness(&root, &cache, &["validate", "addition"]);
    let text = printed(&output);
    assert_eq!(output.status.code(), Some(1), "{text}");
    assert!(
        text.contains("invalid_answer/negative.ans: accepted, but it is an invalid answer the output validator must reject (or an answer validator)"),
        "{text}"
    );
    assert!(
        text.contains("invalid_output/wrong.out: accepted, but it is an invalid output the output validator must reject"),
        "{text}"
    );
    assert!(
        text.contains("valid_output/spaced.out: WA, but it is a valid output the output validator must accept"),
        "{text}"
    );
    assert!(text.contains("3 not as they must be"), "{text}");
}

/// `verify` validates the data before judging it: valid data is judged as before; an input its group's
/// validator rejects is an error naming it and the validator's message, and the submissions are judged
/// all the same; `--no-validate` judges without.
#[test]
fn verify_runs_the_input_and_answer_validators_before_judging() {
    let (package, cache) = with_examples("generators-verify-validates");
    let dir = package.to_string_lossy().into_owned();
    let output = harness(&package, &cache, &["verify", &dir, "--format", "json"]);
    let text = common::stderr(&output);
    assert_eq!(output.status.code(), Some(0), "{text}");
    assert!(
        text.contains("validation: 1 problem: 12 inputs valid, 9 answers and valid outputs accepted, 4 invalid examples rejected"),
        "{text}"
    );

    // An input beyond its group's bounds, and an answer the answer validator rejects.
    let yaml = package.join("generators/generators.yaml");
    let text = std::fs::read_to_string(&yaml).unwrap();
    let text = text.replace("gen.py {seed} 100", "gen.py {seed} 1000");
    // The sample's answer (indented as the sample's cases are), with a space the output validator allows.
    let text = text.replace(r#"          ans: "3\n""#, r#"          ans: "3 \n""#);
    std::fs::write(&yaml, text).unwrap();
    let output = harness(&package, &cache, &["verify", &dir, "--format", "json"]);
    let text = common::stderr(&output);
    assert_eq!(output.status.code(), Some(1), "{text}");
    assert!(
        text.contains("error: invalid data: ")
            && text.contains("secret/3-small.in (with --max 100): rejected: line 1: "),
        "{text}"
    );
    assert!(
        text.contains("sample/2.ans: rejected: answer: '3 ' is not an integer written plainly"),
        "{text}"
    );
    assert_eq!(
        verdicts(&json_report(&output)),
        [
            ("accepted/add.py".to_string(), "AC".to_string()),
            ("wrong_answer/difference.py".to_string(), "WA".to_string()),
        ]
    );
    let output = harness(&package, &cache, &["verify", &dir, "--no-validate"]);
    let text = printed(&output);
    assert_eq!(output.status.code(), Some(0), "{text}");
    assert!(!text.contains("invalid data"), "{text}");
}

/// A `.ctd` validator's checktestdata runs contained, as the package's programs do: a tool that would
/// reject every input if it could see a file of the workspace (beside neither the tool nor the script)
/// judges the inputs by their first number only.
#[test]
fn a_checktestdata_tool_runs_contained() {
    let (package, cache) = copy("generators-ctd-contained");
    let root = package.parent().unwrap().parent().unwrap().to_path_buf();
    let secret = root.join("secret.txt");
    std::fs::write(&secret, "not for validators\n").unwrap();
    let tool = root.join("tool").join("checktestdata");
    std::fs::create_dir_all(tool.parent().unwrap()).unwrap();
    let script = format!(
        "#!/bin/sh\nif [ -e '{}' ]; then echo 'the workspace is visible' >&2; exit 1; fi\n\
         case \"$(cat)\" in 0\\ *) echo 'a = 0' >&2; exit 1;; esac\nexit 0\n",
        secret.display()
    );
    std::fs::write(&tool, script).unwrap();
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&tool, std::fs::Permissions::from_mode(0o755)).unwrap();
    }
    let validators = package.join("input_validators");
    std::fs::remove_file(validators.join("validate.py")).unwrap();
    std::fs::write(validators.join("validate.ctd"), "INT(1, 1000) EOF\n").unwrap();
    let output = common::command_in(&root, Some(&cache), &["validate", "addition"])
        .env("HARNESS_CHECKTESTDATA", &tool)
        .output()
        .expect("run the harness binary");
    let text = printed(&output);
    assert_eq!(output.status.code(), Some(0), "{text}");
    assert!(!text.contains("the workspace is visible"), "{text}");
    assert!(
        text.contains("1 problem: 8 inputs valid, 1 invalid examples rejected, 0 exempt, 0 not as they must be"),
        "{text}"
    );
    assert!(
        text.contains("invalid_input/zero.in: rejected: a = 0"),
        "{text}"
    );
}

/// A link out of the package in a part judging does not read (a statement, an input validator's
/// header) is a warning naming it, not a refusal; validating does not run the validator that has it,
/// saying why; a link out of a part judging reads (a submission) is still refused.
#[test]
fn links_out_of_unjudged_parts_are_warnings_and_their_validators_are_not_run() {
    let (package, cache) = copy("generators-links");
    let outside = package.parent().unwrap().join("shared.h");
    std::fs::write(&outside, "// shared\n").unwrap();
    std::fs::create_dir_all(package.join("statement")).unwrap();
    std::os::unix::fs::symlink(&outside, package.join("statement/shared.h")).unwrap();
    let validator = package.join("input_validators/checker");
    std::fs::create_dir_all(&validator).unwrap();
    std::fs::write(validator.join("validate.py"), "import sys\nsys.exit(43)\n").unwrap();
    std::os::unix::fs::symlink(&outside, validator.join("validation.h")).unwrap();
    let dir = package.to_string_lossy().into_owned();
    let output = harness(&package, &cache, &["verify", &dir]);
    let text = printed(&output);
    assert_eq!(output.status.code(), Some(0), "{text}");
    assert!(
        text.contains("warning: statement/shared.h: a link to ")
            && text.contains("outside the package"),
        "{text}"
    );
    assert!(
        text.contains("SKIPPED: ")
            && text.contains("input_validators/checker: not run: ")
            && text.contains("input_validators/checker/validation.h: a link to "),
        "{text}"
    );
    // The other validator still judges every input.
    assert!(
        text.contains("validation: 1 problem: 8 inputs valid, 1 invalid examples rejected"),
        "{text}"
    );

    std::os::unix::fs::symlink(&outside, package.join("submissions/accepted/shared.h")).unwrap();
    let output = harness(&package, &cache, &["verify", &dir]);
    let text = printed(&output);
    assert_eq!(output.status.code(), Some(2), "{text}");
    assert!(
        text.contains("submissions/accepted/shared.h: a link to "),
        "{text}"
    );
}
