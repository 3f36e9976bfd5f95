//! Writing a problem of the workspace as a Kattis problem package in the `2023-07-draft` format (the one
//! problemtools reads): `problem.yaml`, `statement/problem.en.md`, `data/sample` and `data/secret` (`.out`
//! becomes `.ans`; inputs validated `--relaxed` in `data/secret/relaxed/`), the input validator, the checker
//! or interactor as the output validator (a testlib checker behind a wrapper that speaks the Kattis
//! protocol), the solution in `submissions/accepted/` and the submissions in their folders. A problem with
//! `[[group]]`s becomes a package of type `scoring` (see `write_groups`).

use std::fs;
use std::path::{Path, PathBuf};

use anyhow::{bail, Context, Result};
use serde::Serialize;
use sha2::{Digest, Sha256};

use super::inline_modules::inline_path_modules;
use crate::package::native::tests_toml::{load_test_specs, Validation};
use crate::package::Workspace;
use crate::lang::LanguageTable;
use crate::model::{
    BuiltinChecker, CheckerSpec, Expected, Problem, ProgramSpec, Protocol, TestGroup,
};

/// A package written, and what the reader should know about it.
#[derive(Debug)]
pub struct Exported {
    pub dir: PathBuf,
    pub notes: Vec<String>,
}

/// The package folder's name: the id's lowercase letters and digits (the format allows nothing else).
pub fn package_name(id: &str) -> String {
    id.chars()
        .filter(|c| c.is_ascii_alphanumeric())
        .map(|c| c.to_ascii_lowercase())
        .collect()
}

/// Writes problem `id` into `<to>/<package_name(id)>/`, through a temporary folder renamed at the end.
pub fn export(
    workspace: &Workspace,
    table: &LanguageTable,
    id: &str,
    to: &Path,
    force: bool,
) -> Result<Exported> {
    let problem = workspace.load_problem(id)?;
    let dir = to.join(package_name(id));
    if dir.exists() && !force {
        bail!(
            "{} exists; remove it or pass --force to replace it",
            dir.display()
        );
    }
    let building = to.join(format!(".{}.tmp-{}", package_name(id), std::process::id()));
    let _ = fs::remove_dir_all(&building);
    fs::create_dir_all(&building)
        .with_context(|| format!("cannot create {}", building.display()))?;
    let mut notes = Vec::new();
    let written = write_package(workspace, table, &problem, &building, &mut notes);
    if let Err(err) = written {
        let _ = fs::remove_dir_all(&building);
        return Err(err);
    }
    if dir.exists() {
        fs::remove_dir_all(&dir).with_context(|| format!("cannot replace {}", dir.display()))?;
    }
    fs::rename(&building, &dir).with_context(|| format!("cannot create {}", dir.display()))?;
    Ok(Exported { dir, notes })
}

fn write_package(
    workspace: &Workspace,
    table: &LanguageTable,
    problem: &Problem,
    dir: &Path,
    notes: &mut Vec<String>,
) -> Result<()> {
    write(&dir.join("problem.yaml"), &problem_yaml(problem)?)?;
    let statement = fs::read_to_string(problem.dir.join("statement.md")).unwrap_or_default();
    write(
        &dir.join("statement").join("problem.en.md"),
        &statement_body(&statement),
    )?;
    write_data(workspace, problem, dir, notes)?;
    let original = workspace.problem_dir(&problem.data_id);
    if original.join("validate.rs").is_file() {
        // One file: the shared reader it includes is written inline.
        let validator = inline_path_modules(&original.join("validate.rs"))?;
        write(
            &dir.join("input_validators").join("validate.rs"),
            &validator,
        )?;
    }
    let flags = match (&problem.checker, &problem.interactor) {
        (_, Some(interactor)) => {
            program_validator(table, interactor, &dir.join("output_validator"))?;
            Vec::new()
        }
        (CheckerSpec::Program(checker), None) => {
            program_validator(table, checker, &dir.join("output_validator"))?;
            Vec::new()
        }
        (CheckerSpec::Builtin(builtin), None) => default_flags(*builtin),
    };
    let mut root_yaml = String::new();
    if !flags.is_empty() {
        root_yaml.push_str(&format!("output_validator_flags: {}\n", flags.join(" ")));
    }
    if !problem.groups.is_empty() {
        let total: f64 = problem.groups.iter().map(|g| g.points).sum();
        root_yaml.push_str(ROOT_GROUP_YAML);
        root_yaml.push_str(&format!("range: 0 {}\n", number(total)));
    }
    if !root_yaml.is_empty() {
        write(&dir.join("data").join("testdata.yaml"), &root_yaml)?;
    }
    write_submissions(workspace, problem, dir, notes)
}

#[derive(Serialize)]
struct ProblemYaml {
    problem_format_version: &'static str,
    name: String,
    uuid: String,
    #[serde(rename = "type")]
    kind: &'static str,
    source: Source,
    license: &'static str,
    limits: YamlLimits,
}

#[derive(Serialize)]
struct Source {
    name: String,
    url: String,
}

#[derive(Serialize)]
struct YamlLimits {
    time_limit: f64,
    memory: u64,
    output: u64,
}

fn problem_yaml(problem: &Problem) -> Result<String> {
    let yaml = ProblemYaml {
        problem_format_version: "2023-07-draft",
        name: problem.title.clone(),
        uuid: uuid_of(&problem.id),
        kind: match (problem.interactor.is_some(), !problem.groups.is_empty()) {
            (true, true) => "interactive scoring",
            (true, false) => "interactive",
            (false, true) => "scoring",
            (false, false) => "pass-fail",
        },
        source: Source {
            name: format!("{} {}", problem.judge, problem.number)
                .trim()
                .to_string(),
            url: problem.url.clone(),
        },
        license: "unknown",
        limits: YamlLimits {
            time_limit: problem.time_limit_ms as f64 / 1000.0,
            memory: problem.memory_limit_mb,
            output: crate::model::limits::DEFAULT_OUTPUT_LIMIT_MIB,
        },
    };
    Ok(serde_norway::to_string(&yaml)?)
}

/// A UUID derived from the id, so that exporting again names the same problem.
fn uuid_of(id: &str) -> String {
    let hash = Sha256::digest(format!("harness problem {id}").as_bytes());
    let mut bytes: [u8; 16] = hash[..16].try_into().expect("16 bytes");
    bytes[6] = (bytes[6] & 0x0f) | 0x40;
    bytes[8] = (bytes[8] & 0x3f) | 0x80;
    let hex: String = bytes.iter().map(|b| format!("{b:02x}")).collect();
    format!(
        "{}-{}-{}-{}-{}",
        &hex[..8],
        &hex[8..12],
        &hex[12..16],
        &hex[16..20],
        &hex[20..]
    )
}

/// The statement without its title (the judge prints the name) and without its samples (the judge appends
/// them from `data/sample`).
fn statement_body(markdown: &str) -> String {
    let mut out = String::new();
    let mut skipping = false;
    for (i, line) in markdown.lines().enumerate() {
        if i == 0 && line.starts_with("# ") {
            continue;
        }
        if line.starts_with("## ") {
            skipping = line
                .trim_start_matches('#')
                .trim()
                .to_lowercase()
                .starts_with("sample");
        }
        if !skipping {
            out.push_str(line);
            out.push('\n');
        }
    }
    out.trim_start().to_string()
}

/// The tests: samples in `data/sample`, the rest in `data/secret` (inputs that are only valid `--relaxed`
/// in `data/secret/relaxed`, whose `testdata.yaml` says so). An input our validator is told not to check
/// (`validate = "none"`: text after the end of the input, which a solution must ignore) is not valid input
/// in a package, where every input must pass the input validator: it is left out, with a note.
fn write_data(
    workspace: &Workspace,
    problem: &Problem,
    dir: &Path,
    notes: &mut Vec<String>,
) -> Result<()> {
    let specs = load_test_specs(&workspace.problem_dir(&problem.data_id)).unwrap_or_default();
    let validation = |name: &str| {
        specs
            .iter()
            .find(|s| s.name == name)
            .map_or(Validation::Strict, |s| s.validate)
    };
    let data = dir.join("data");
    fs::create_dir_all(data.join("secret"))
        .with_context(|| format!("cannot create {}", data.display()))?;
    for test in workspace.load_tests(problem)? {
        let folder = match (test.group, validation(&test.name)) {
            (_, Validation::None) => {
                notes.push(format!(
                    "test {}: left out (tests.toml: validate = \"none\"; a package's inputs must all be valid)",
                    test.name
                ));
                continue;
            }
            (TestGroup::Sample, _) => data.join("sample"),
            // A scored problem's tests are in its groups' folders (`write_groups`).
            (TestGroup::Secret, _) if !problem.groups.is_empty() => continue,
            (TestGroup::Secret, Validation::Strict) => data.join("secret"),
            (TestGroup::Secret, Validation::Relaxed) => data.join("secret").join("relaxed"),
        };
        copy(&test.input, &folder.join(format!("{}.in", test.name)))?;
        copy(&test.expected, &folder.join(format!("{}.ans", test.name)))?;
    }
    if !problem.groups.is_empty() {
        if data.join("sample").is_dir() {
            // The root's `ignore_sample` is not for the samples' own group.
            // Nor its `accept_score`: a sample is worth no points.
            write(
                &data.join("sample").join("testdata.yaml"),
                "grader_flags: first_error\naccept_score: 0\nrange: 0 0\n",
            )?;
        }
        return write_groups(workspace, problem, dir, &validation);
    }
    let relaxed = data.join("secret").join("relaxed");
    if relaxed.is_dir() {
        write(
            &relaxed.join("testdata.yaml"),
            "input_validator_flags: --relaxed\n",
        )?;
    }
    Ok(())
}

/// The keys of `data/testdata.yaml` in a scored package: the samples are judged but do not count (they
/// count where a group of problem.toml has them, in its copy under `data/secret/`), and a failed sample
/// does not stop the rest. The `range` (0 to the points of all groups) follows: the full score, which a
/// `partially_accepted/` submission must not reach.
const ROOT_GROUP_YAML: &str =
    "grading: default\non_reject: continue\ngrader_flags: ignore_sample\n";

/// The groups of problem.toml as test groups of `data/secret/`, each a folder with a copy of its tests
/// (a test in two groups is in both folders; relaxed inputs in a `relaxed/` folder below, which inherits
/// the group's keys; a group's `input_validator_args` as its `input_validator_flags`) and a `testdata.yaml` that makes problemtools' default grader score it as
/// `native_groups` does: a `min` group gives `accept_score` = its points for each test and takes the
/// lowest, stopping at the first failure; a `sum` group gives each test its share and adds them.
/// `data/secret/` adds the groups and is accepted when any group is, so that a submission that earns
/// some groups is accepted with their points (what `partially_accepted/` asks of it in a package).
fn write_groups(
    workspace: &Workspace,
    problem: &Problem,
    dir: &Path,
    validation: &dyn Fn(&str) -> Validation,
) -> Result<()> {
    let tests = workspace.load_tests(problem)?;
    let scoring = workspace.native_scoring(problem, &tests)?;
    let secret = dir.join("data").join("secret");
    let total: f64 = problem.groups.iter().map(|g| g.points).sum();
    write(
        &secret.join("testdata.yaml"),
        &format!(
            "grading: default\non_reject: continue\ngrader_flags: first_error sum accept_if_any_accepted\nrange: 0 {}\n",
            number(total)
        ),
    )?;
    for item in &scoring.root.items {
        let crate::model::ScoreItem::Group(group) = item else {
            continue;
        };
        let folder = secret.join(&group.name);
        let rules = &group.rules;
        let validator_args = problem
            .groups
            .iter()
            .find(|g| g.name == group.name)
            .map(|g| g.input_validator_args.join(" "))
            .unwrap_or_default();
        let (flags, on_reject) = match rules.scores {
            crate::model::score::ScoreAggregation::Min => ("worst_error min", "break"),
            _ => ("worst_error sum", "continue"),
        };
        let mut yaml = format!(
            "grading: default\non_reject: {on_reject}\ngrader_flags: {flags}\naccept_score: {}\nreject_score: {}\nrange: {} {}\n",
            number(rules.accept_score),
            number(rules.reject_score),
            number(rules.range.0),
            number(rules.range.1)
        );
        if !validator_args.is_empty() {
            yaml.push_str(&format!("input_validator_flags: {validator_args}\n"));
        }
        write(&folder.join("testdata.yaml"), &yaml)?;
        for member in &group.items {
            let crate::model::ScoreItem::Test(name) = member else {
                continue;
            };
            let Some(test) = tests.iter().find(|t| &t.name == name) else {
                continue;
            };
            let to = match validation(name) {
                Validation::None => continue,
                Validation::Strict => folder.clone(),
                Validation::Relaxed => folder.join("relaxed"),
            };
            copy(&test.input, &to.join(format!("{name}.in")))?;
            copy(&test.expected, &to.join(format!("{name}.ans")))?;
        }
        if folder.join("relaxed").is_dir() {
            write(
                &folder.join("relaxed").join("testdata.yaml"),
                &format!(
                    "input_validator_flags: {}\n",
                    format!("--relaxed {validator_args}").trim_end()
                ),
            )?;
        }
    }
    Ok(())
}

/// A number as YAML: without `.0` when whole, else with the digits Rust prints (they read back equal).
fn number(value: f64) -> String {
    format!("{value}")
}

/// The Kattis default validator's flags for a built-in checker. `lines` and `exact` keep case and spacing:
/// what they call a presentation error is a wrong answer there.
fn default_flags(builtin: BuiltinChecker) -> Vec<String> {
    let options = match builtin {
        BuiltinChecker::Lines | BuiltinChecker::Exact => {
            return vec!["case_sensitive".into(), "space_change_sensitive".into()]
        }
        BuiltinChecker::Tokens(options) => options,
    };
    let mut flags = Vec::new();
    if options.case_sensitive {
        flags.push("case_sensitive".to_string());
    }
    if options.space_sensitive {
        flags.push("space_change_sensitive".to_string());
    }
    for (name, value) in [
        ("float_absolute_tolerance", options.absolute_tolerance),
        ("float_relative_tolerance", options.relative_tolerance),
    ] {
        if let Some(value) = value {
            flags.extend([name.to_string(), value.to_string()]);
        }
    }
    flags
}

/// A checker or interactor program as `output_validator/`: a single C, C++ or Python 3 file in the Kattis
/// protocol as it is (a single Rust file with its `#[path]` modules written inline); anything else (another language, several files, a testlib checker, arguments) built
/// and run by `build` and `run` scripts in `output_validator/validator/`, which `output_validator/build` and
/// `run` call. The format reads `output_validator/` as the program; problemtools reads it as a folder of
/// programs (and rejects a validator in a language other than C, C++ and Python 3 unless it is built by a
/// script): both find the scripts.
fn program_validator(table: &LanguageTable, spec: &ProgramSpec, dir: &Path) -> Result<()> {
    let program = table
        .program(&spec.path)
        .with_context(|| spec.path.display().to_string())?;
    let root = if spec.path.is_dir() {
        spec.path.clone()
    } else {
        spec.path.parent().unwrap_or(Path::new(".")).to_path_buf()
    };
    let plain = matches!(program.language.id.as_str(), "c" | "cpp" | "python3")
        && spec.protocol == Protocol::Kattis
        && spec.args.is_empty()
        && program.files.len() == 1;
    let inner = if plain {
        dir.to_path_buf()
    } else {
        dir.join("validator")
    };
    for file in &program.files {
        let to = inner.join(file.strip_prefix(&root).unwrap_or(file));
        if program.language.id == "rust" && program.files.len() == 1 {
            // One file: the shared modules it includes (`#[path]`) are written inline.
            write(&to, &inline_path_modules(file)?)?;
        } else {
            copy(file, &to)?;
        }
    }
    if plain {
        return Ok(());
    }
    let main = program
        .main
        .strip_prefix(&root)
        .unwrap_or(&program.main)
        .to_string_lossy()
        .into_owned();
    let build = match program.language.id.as_str() {
        "c" => "cc -O2 -o validator $(find . -name '*.c') -lm".to_string(),
        "cpp" => "c++ -O2 -std=gnu++20 -o validator $(find . -name '*.cc' -o -name '*.cpp' -o -name '*.cxx')".to_string(),
        "rust" => format!("rustc --edition 2021 -O -o validator {main}"),
        "python3" => format!("printf '#!/bin/sh\\nexec python3 \"$(dirname \"$0\")/{main}\" \"$@\"\\n' > validator && chmod +x validator"),
        other => bail!("{}: a checker in {other} cannot be exported yet (C, C++, Rust or Python 3)", spec.path.display()),
    };
    write_script(
        &inner.join("build"),
        &format!("#!/bin/sh\nset -e\ncd \"$(dirname \"$0\")\"\n{build}\n"),
    )?;
    let args = spec
        .args
        .iter()
        .map(|a| format!(" '{}'", a.replace('\'', "'\\''")))
        .collect::<String>();
    let run = match spec.protocol {
        Protocol::Kattis => format!("#!/bin/sh\nexec \"$(dirname \"$0\")/validator\" \"$@\"{args}\n"),
        Protocol::Testlib => format!(
            "#!/bin/sh\n# The testlib checker behind the Kattis protocol: INPUT OUTPUT ANSWER; 0 AC, 1/2/4/7/8 WA.\n\
             out=\"$3/team_output\"\ncat > \"$out\"\n\"$(dirname \"$0\")/validator\" \"$1\" \"$out\" \"$2\"{args} 2> \"$3/judgemessage.txt\"\n\
             case $? in\n    0) exit 42 ;;\n    1|2|4|7|8) exit 43 ;;\n    *) exit 1 ;;\nesac\n"
        ),
        Protocol::Cms => format!(
            "#!/bin/sh\n# The CMS checker behind the Kattis protocol: INPUT ANSWER OUTPUT; outcome 1 AC, else WA.\n\
             out=\"$3/team_output\"\ncat > \"$out\"\n\"$(dirname \"$0\")/validator\" \"$1\" \"$2\" \"$out\"{args} > \"$3/outcome\" 2> \"$3/judgemessage.txt\" || exit 1\n\
             case $(head -n 1 \"$3/outcome\") in\n    1|1.0|1.00*) exit 42 ;;\n    *) exit 43 ;;\nesac\n"
        ),
    };
    write_script(&inner.join("run"), &run)?;
    write_script(
        &dir.join("build"),
        "#!/bin/sh\n# The validator is built and run by the scripts in validator/ (see them).\nset -e\nexec \"$(dirname \"$0\")/validator/build\"\n",
    )?;
    write_script(
        &dir.join("run"),
        "#!/bin/sh\nexec \"$(dirname \"$0\")/validator/run\" \"$@\"\n",
    )
}

/// The solution as `submissions/accepted/<id>.rs`, and each submission in the folder Kattis knows for it
/// (presentation errors are wrong answers there, and a memory limit is a run-time error).
fn write_submissions(
    workspace: &Workspace,
    problem: &Problem,
    dir: &Path,
    notes: &mut Vec<String>,
) -> Result<()> {
    let root = dir.join("submissions");
    let solution = workspace.solution_file(&problem.data_id);
    copy(
        &solution,
        &root
            .join("accepted")
            .join(format!("{}.rs", package_name(&problem.data_id))),
    )?;
    let scored = !problem.groups.is_empty();
    for submission in workspace.submissions(problem)? {
        if !scored && submission.expected.folder() == crate::model::PARTIALLY_ACCEPTED {
            // Without groups, nothing earns part of the points.
            notes.push(format!(
                "{}: left out (the problem has no [[group]]s: the package is pass-fail)",
                submission.relative
            ));
            continue;
        }
        // In a scoring package a submission that earns some groups is accepted with their points: one
        // whose source expects points (`@EXPECTED_SCORE@` above 0) is partially accepted there.
        let earns = scored
            && crate::package::text::expected_score_tag(&submission.path)?
                .is_some_and(|e| e.min > 0.0);
        let folder = match submission.expected {
            _ if earns => crate::model::PARTIALLY_ACCEPTED,
            Expected::PresentationError => "wrong_answer",
            Expected::MemoryLimitExceeded => "run_time_error",
            other => other.folder(),
        };
        if earns && folder != submission.expected.folder() {
            notes.push(format!(
                "{}: in {folder}/ (it expects points: a scoring package accepts it with them)",
                submission.relative
            ));
        } else if folder != submission.expected.folder() {
            notes.push(format!(
                "{}: in {folder}/ (Kattis has no {} folder)",
                submission.relative,
                submission.expected.folder()
            ));
        }
        let name = submission.path.file_name().unwrap_or_default();
        copy_tree(&submission.path, &root.join(folder).join(name))?;
    }
    Ok(())
}

fn write(path: &Path, text: &str) -> Result<()> {
    if let Some(parent) = path.parent() {
        fs::create_dir_all(parent)
            .with_context(|| format!("cannot create {}", parent.display()))?;
    }
    fs::write(path, text).with_context(|| format!("cannot write {}", path.display()))
}

fn write_script(path: &Path, text: &str) -> Result<()> {
    use std::os::unix::fs::PermissionsExt;
    write(path, text)?;
    fs::set_permissions(path, fs::Permissions::from_mode(0o755))
        .with_context(|| format!("cannot make {} executable", path.display()))
}

fn copy(from: &Path, to: &Path) -> Result<()> {
    if let Some(parent) = to.parent() {
        fs::create_dir_all(parent)
            .with_context(|| format!("cannot create {}", parent.display()))?;
    }
    fs::copy(from, to)
        .with_context(|| format!("cannot copy {} to {}", from.display(), to.display()))?;
    Ok(())
}

/// A file, or a folder with everything in it.
fn copy_tree(from: &Path, to: &Path) -> Result<()> {
    if !from.is_dir() {
        return copy(from, to);
    }
    for entry in walkdir::WalkDir::new(from) {
        let entry = entry.with_context(|| format!("cannot list {}", from.display()))?;
        if entry.file_type().is_file() {
            copy(
                entry.path(),
                &to.join(entry.path().strip_prefix(from).unwrap_or(entry.path())),
            )?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_uuids_and_statements() {
        assert_eq!(package_name("nim-move"), "nimmove");
        let uuid = uuid_of("hdu1846");
        assert_eq!(uuid, uuid_of("hdu1846"));
        assert_eq!(uuid.len(), 36);
        assert_eq!(&uuid[14..15], "4");
        let body = statement_body(
            "# Title\n\nText.\n\n## Input\n\nIn.\n\n## Sample\n\n```\n1\n```\n\n## Notes\n\nN.\n",
        );
        assert_eq!(body, "Text.\n\n## Input\n\nIn.\n\n## Notes\n\nN.\n");
        assert_eq!(
            default_flags(BuiltinChecker::parse("float:0.5").unwrap()),
            [
                "case_sensitive",
                "float_absolute_tolerance",
                "0.5",
                "float_relative_tolerance",
                "0.5"
            ]
        );
    }
}
