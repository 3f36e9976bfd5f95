//! CMS tasks in the italian_yaml layout (a folder with `task.yaml`, as `cmscontrib/loaders/italy_yaml.py`
//! reads it), judged in place: `task.yaml`'s limits and score type (`task`), the tests `input/inputN.txt`
//! and `output/outputN.txt`, the subtasks of `gen/GEN` (`score_type`), the checker (`check/checker` or
//! `cor/correttore`, in CMS's protocol: `check::cms`), the solutions of `sol/` and its grader
//! (`sol/grader.<ext>` and the headers beside it, compiled with every submission in its language: a
//! Batch task with a grader). The task types this judge does not run yet (Communication, OutputOnly,
//! named input and output files) make the task unsupported with the reason, rather than misjudged.

pub mod score_type;
pub mod task;

use std::path::{Path, PathBuf};

use anyhow::{Context, Result};

use crate::lang::LanguageTable;
use crate::model::limits::DEFAULT_OUTPUT_LIMIT_MIB;
use crate::model::{
    BuiltinChecker, CheckerSpec, Expected, PackageInfo, Problem, ProgramSpec, Protocol,
    ScoreExpectation, Submission, TestCase, TestGroup, TokenOptions, Verdict, VerdictRule,
    VerdictSet,
};
use crate::package::source::{ProblemSource, Unplanned};

/// The format: a folder with a `task.yaml`.
pub struct Cms;

impl crate::package::Format for Cms {
    fn describe(&self) -> &'static str {
        "a CMS task (task.yaml)"
    }
    fn detects(&self, dir: &Path) -> bool {
        dir.join("task.yaml").is_file()
    }
    fn load(&self, dir: &Path, _submissions: bool) -> Result<ProblemSource> {
        load(dir)
    }
    /// A Batch task's grader in the submission's language (`sol/grader.cpp`, which has `main` and calls
    /// the contestant's functions), with the headers of `sol/` (CMS's managers of a Batch task with a
    /// grader).
    fn compiled_with(&self, dir: &Path, language: &str) -> Vec<PathBuf> {
        let table = LanguageTable::builtin();
        let graders: Vec<PathBuf> = (graders(dir).into_iter())
            .filter(|g| table.language_of(g).is_some_and(|l| l.id == language))
            .collect();
        if graders.is_empty() {
            return Vec::new();
        }
        let headers = files(&dir.join("sol")).into_iter().filter(|f| is_header(f));
        graders.into_iter().chain(headers).collect()
    }
}

/// Reads the CMS task in `dir`. Errors name the file, the key and what is wrong.
pub fn load(dir: &Path) -> Result<ProblemSource> {
    let dir = dir
        .canonicalize()
        .with_context(|| format!("{}: no such task folder", dir.display()))?;
    crate::package::links::check_inside(&dir)?;
    let task = task::Task::read(&dir.join("task.yaml"))?;
    let mut warnings = task.notes.clone();
    let folder_name = dir.file_name().unwrap_or_default().to_string_lossy();
    let id = task.name.clone().unwrap_or_else(|| folder_name.to_string());
    let score = score_type::of_task(&dir, &task)?;
    let tests = tests(&dir, score.n_input)?;
    let names: Vec<String> = tests.iter().map(|t| t.name.clone()).collect();
    let mut unsupported = unsupported(&dir, &task);
    let mut scoring = match score.kind.scoring(&names) {
        Ok(scoring) => Some(scoring),
        Err(why) => {
            unsupported = unsupported.or(Some(why));
            None
        }
    };
    let (checker, shown) = checker(&dir, &mut unsupported);
    let (submissions, unplanned, expected) = solutions(&dir, &id, score.kind.total(score.n_input), &mut warnings)?;
    if let Some(scoring) = &mut scoring {
        scoring.expected = expected;
    }
    let facts = PackageInfo {
        dir: dir.to_string_lossy().into_owned(),
        format: "cms".to_string(),
        kind: format!("{}, {}", task_type(&dir, &task), score.kind.name()),
        validator: shown,
        tests: tests.len(),
        output_limit_mib: DEFAULT_OUTPUT_LIMIT_MIB,
        time_limit_source: Some("task.yaml time_limit".to_string()),
        warnings: std::mem::take(&mut warnings),
    };
    let problem = Problem {
        title: task.title.clone().unwrap_or_else(|| id.clone()),
        judge: "cms".to_string(),
        number: String::new(),
        url: String::new(),
        time_limit_ms: task.time_limit_ms,
        memory_limit_mb: task.memory_limit_mib,
        output_limit_mib: None,
        checker,
        interactor: None,
        grader: None,
        data_id: id.clone(),
        id,
        dir,
        scoring: scoring.map(std::sync::Arc::new),
        groups: Vec::new(),
        runs: crate::model::Runs::Once,
        files: crate::model::NamedFiles::default(),
    };
    Ok(ProblemSource {
        submissions: submissions.into_iter().map(|s| (s, false)).collect(),
        unplanned,
        facts: Some(facts),
        unsupported,
        ..ProblemSource::of(problem, tests)
    })
}

/// The tests `input/inputN.txt` and `output/outputN.txt` for N below `n_input`, named by CMS's codenames
/// (`000`, `001`, ...).
fn tests(dir: &Path, n_input: usize) -> Result<Vec<TestCase>> {
    let mut tests = Vec::new();
    for i in 0..n_input {
        let input = dir.join(format!("input/input{i}.txt"));
        let expected = dir.join(format!("output/output{i}.txt"));
        for file in [&input, &expected] {
            if !file.is_file() {
                anyhow::bail!(
                    "{}: missing, but task.yaml or gen/GEN has {n_input} tests (make the data, e.g. with cmsMake, first)",
                    file.display()
                );
            }
        }
        tests.push(TestCase {
            name: format!("{i:03}"),
            group: TestGroup::Secret,
            input,
            expected,
            checker_args: None,
        });
    }
    Ok(tests)
}

/// The task type, as CMS's loader picks it from the files.
fn task_type(dir: &Path, task: &task::Task) -> &'static str {
    let manager = ["check/manager", "cor/manager"].iter().any(|m| dir.join(m).exists());
    match (task.output_only, manager, graders(dir).is_empty()) {
        (true, _, _) => "output only",
        (false, true, _) => "communication",
        (false, false, false) => "batch with a grader",
        (false, false, true) => "batch",
    }
}

/// Why the task cannot be judged here yet, when it cannot: its task type or its files.
fn unsupported(dir: &Path, task: &task::Task) -> Option<String> {
    if task.output_only {
        return Some("an OutputOnly task (output_only: true): not judged by this format yet".into());
    }
    for manager in ["check/manager", "cor/manager"] {
        if dir.join(manager).exists() {
            return Some(format!(
                "a Communication task ({manager}): a manager talking to the contestant's processes is not judged yet"
            ));
        }
    }
    let named: Vec<String> = [("infile", &task.infile), ("outfile", &task.outfile)]
        .into_iter()
        .filter(|(_, file)| !file.is_empty())
        .map(|(key, file)| format!("{key} `{file}`"))
        .collect();
    if !named.is_empty() {
        return Some(format!(
            "the program reads and writes named files ({}; task.yaml's default is input.txt and output.txt, `infile: ''` and `outfile: ''` mean stdin and stdout); this judge runs programs on stdin and stdout only",
            named.join(", ")
        ));
    }
    None
}

/// The task's graders, `sol/grader.*` (the headers beside them aside).
fn graders(dir: &Path) -> Vec<PathBuf> {
    let table = LanguageTable::builtin();
    files(&dir.join("sol"))
        .into_iter()
        .filter(|f| stem(f) == "grader" && table.language_of(f).is_some())
        .collect()
}

/// The checker: the source of `check/checker` or `cor/correttore` (CMS runs the built program; this
/// judge builds it from its source beside it), in CMS's protocol; else CMS's white diff, which compares
/// the tokens of the output (`tokens`).
fn checker(dir: &Path, unsupported: &mut Option<String>) -> (CheckerSpec, String) {
    let table = LanguageTable::builtin();
    for (folder, name) in [("check", "checker"), ("cor", "correttore")] {
        let sources: Vec<PathBuf> = files(&dir.join(folder))
            .into_iter()
            .filter(|f| stem(f) == name && table.language_of(f).is_some())
            .collect();
        if let Some(source) = sources.first() {
            let relative = format!("{folder}/{}", source.file_name().unwrap_or_default().to_string_lossy());
            let spec = ProgramSpec {
                program: relative.clone(),
                path: source.clone(),
                protocol: Protocol::Cms,
                args: Vec::new(),
                limits: None,
            };
            return (CheckerSpec::Program(spec), format!("cms:{relative}"));
        }
        if dir.join(folder).join(name).exists() && unsupported.is_none() {
            *unsupported = Some(format!(
                "{folder}/{name} is a built program without its source ({folder}/{name}.cpp or another language's) beside it: this judge builds checkers from their sources"
            ));
        }
    }
    let tokens = BuiltinChecker::Tokens(TokenOptions {
        case_sensitive: true,
        ..TokenOptions::default()
    });
    (CheckerSpec::Builtin(tokens), "tokens (CMS's white diff)".into())
}

/// The solutions of `sol/` (graders, stubs, headers and templates aside), each as a submission
/// judged by its score: an `@EXPECTED_SCORE@` tag in it says which; else `soluzione.*` and `solution.*`,
/// the task's reference solution, must get the full score, and the others any score without an error of
/// the judge or the compiler. One that must get the full score must be accepted (every test's verdict
/// accepted, CMS's "Correct").
type Solutions = (
    Vec<Submission>,
    Vec<Unplanned>,
    Vec<(PathBuf, ScoreExpectation)>,
);

fn solutions(dir: &Path, id: &str, full: f64, warnings: &mut Vec<String>) -> Result<Solutions> {
    let table = LanguageTable::builtin();
    let (mut planned, mut unplanned, mut expected) = (Vec::new(), Vec::new(), Vec::new());
    use Verdict::*;
    let any = VerdictSet::of(&[TLE, MLE, OLE, RE, WA, PE, AC]);
    for path in files(&dir.join("sol")) {
        let stem = stem(&path);
        let relative = format!("sol/{}", path.file_name().unwrap_or_default().to_string_lossy());
        if ["grader", "stub"].contains(&stem.as_str()) || stem.starts_with("template") {
            continue;
        }
        if table.language_of(&path).is_none() {
            if !is_header(&path) {
                unplanned.push(Unplanned {
                    relative,
                    folder: "sol".into(),
                    reason: "not a source file of a known language".into(),
                });
            }
            continue;
        }
        let wanted = match crate::package::text::expected_score_tag(&path)? {
            Some(wanted) => Some(wanted),
            None if ["soluzione", "solution"].contains(&stem.as_str()) => {
                Some(ScoreExpectation::exactly(full))
            }
            None => None,
        };
        if wanted.is_none() {
            warnings.push(format!(
                "{relative}: no @EXPECTED_SCORE@ tag: judged only for not failing to compile or the judge"
            ));
        }
        // One that must get the full score is accepted: the task's row takes the first of them.
        let full_score = wanted.is_some_and(|w| w.min >= full - 1e-6);
        if let Some(wanted) = wanted {
            expected.push((path.clone(), wanted));
        }
        planned.push(Submission {
            problem: id.to_string(),
            why: crate::package::text::leading_comment(&path),
            path,
            relative,
            expected: match full_score {
                true => Expected::Accepted,
                false => Expected::Verdicts(VerdictRule {
                    folder: "sol",
                    permitted: any,
                    required: any,
                }),
            },
            given: false,
        });
    }
    // The reference solution first: its tests are the task's row.
    planned.sort_by_key(|s: &Submission| {
        !["soluzione", "solution"].contains(&stem(&s.path).as_str())
    });
    Ok((planned, unplanned, expected))
}

/// The files right in `folder`, sorted; none when it is not there.
pub(crate) fn files(folder: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(folder)
        .into_iter()
        .flatten()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.is_file())
        .filter(|p| !p.file_name().unwrap_or_default().to_string_lossy().starts_with('.'))
        .collect();
    files.sort();
    files
}

pub(crate) fn stem(path: &Path) -> String {
    path.file_stem()
        .unwrap_or_default()
        .to_string_lossy()
        .into_owned()
}

pub(crate) fn is_header(path: &Path) -> bool {
    let extension = path.extension().unwrap_or_default().to_string_lossy();
    ["h", "hpp", "hh"].contains(&extension.as_ref())
}
