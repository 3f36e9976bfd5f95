//! Tasks prepared with TPS (ioi/tps: a folder with `problem.json` and `subtasks.json`), judged from the
//! data `tps gen` wrote: `tests/mapping` (a line `SUBTASK TEST` for each test of each subtask) and
//! `tests/TEST.in`, `tests/TEST.out`; `subtasks.json`'s subtasks and points, scored as CMS's GroupMin
//! (TPS exports its tasks to CMS so); the checker `checker/checker.cpp` (TPS's testlib writes CMS's
//! protocol: `check::cms`); the grader `grader/<language>/grader.*` with the headers beside it; the
//! solutions of `solution/` with the verdicts `solutions.json` gives them, per subtask. Task types other
//! than Batch, and a task whose tests are not generated yet, are unsupported with the reason.

use std::path::{Path, PathBuf};

use anyhow::{bail, Context, Result};
use serde_json::Value;

use crate::lang::LanguageTable;
use crate::model::limits::DEFAULT_OUTPUT_LIMIT_MIB;
use crate::model::{
    BuiltinChecker, CheckerSpec, Expected, PackageInfo, Problem, ProgramSpec, Protocol,
    ScoreExpectation, Submission, TestCase, TestGroup, TokenOptions, Verdict, VerdictRule,
    VerdictSet,
};
use crate::package::cms::score_type::{GroupKind, ScoreType, Subtask, Targets};
use crate::package::cms::{files, is_header, stem};
use crate::package::source::{ProblemSource, Unplanned};

/// The format: a folder with `problem.json` and `subtasks.json`.
pub struct Tps;

impl crate::package::Format for Tps {
    fn describe(&self) -> &'static str {
        "a TPS task (problem.json)"
    }
    fn detects(&self, dir: &Path) -> bool {
        dir.join("problem.json").is_file() && dir.join("subtasks.json").is_file()
    }
    fn load(&self, dir: &Path, _submissions: bool) -> Result<ProblemSource> {
        load(dir)
    }
    /// `grader/<language>/`'s grader (`grader_name`, `grader` by default) and the headers beside it.
    fn compiled_with(&self, dir: &Path, language: &str) -> Vec<PathBuf> {
        let Ok(problem) = json(&dir.join("problem.json")) else {
            return Vec::new();
        };
        if !problem["has_grader"].as_bool().unwrap_or(true) {
            return Vec::new();
        }
        let name = problem["grader_name"].as_str().unwrap_or("grader");
        let table = LanguageTable::builtin();
        let folder = dir.join("grader").join(grader_folder(language));
        let all = files(&folder);
        let graders: Vec<PathBuf> = (all.iter())
            .filter(|f| stem(f) == name && table.language_of(f).is_some_and(|l| l.id == language))
            .cloned()
            .collect();
        if graders.is_empty() {
            return Vec::new();
        }
        let headers = all.into_iter().filter(|f| is_header(f));
        graders.into_iter().chain(headers).collect()
    }
}

/// TPS's folder of a language's grader.
fn grader_folder(language: &str) -> &str {
    match language {
        "cpp" => "cpp",
        "c" => "c",
        "java" => "java",
        "python3" | "python3-cpython" | "python2" => "py",
        other => other,
    }
}

fn json(path: &Path) -> Result<Value> {
    let text = crate::package::read_text(path)?;
    serde_json::from_str(&text).with_context(|| format!("{}: not valid JSON", path.display()))
}

/// Reads the TPS task in `dir`. Errors name the file and what is wrong.
pub fn load(dir: &Path) -> Result<ProblemSource> {
    let dir = dir
        .canonicalize()
        .with_context(|| format!("{}: no such task folder", dir.display()))?;
    crate::package::links::check_inside(&dir)?;
    let problem_json = dir.join("problem.json");
    let problem = json(&problem_json)?;
    let shown = problem_json.display();
    let id = (problem["name"].as_str())
        .map(str::to_string)
        .unwrap_or_else(|| dir.file_name().unwrap_or_default().to_string_lossy().into_owned());
    let Some(time_limit) = problem["time_limit"].as_f64().filter(|t| *t > 0.0) else {
        bail!("{shown}: no `time_limit` (seconds) above 0");
    };
    let Some(memory_limit) = problem["memory_limit"].as_f64().filter(|m| *m >= 1.0) else {
        bail!("{shown}: no `memory_limit` (MiB) of 1 or more");
    };
    let task_type = problem["type"].as_str().unwrap_or("Batch").to_string();
    let subtasks = subtasks(&dir.join("subtasks.json"))?;
    let mut unsupported = match task_type.as_str() {
        "Batch" => None,
        other => Some(format!(
            "a {other} task (problem.json `type`): only Batch tasks are judged from TPS yet"
        )),
    };
    let (tests, mapping) = match dir.join("tests/mapping").is_file() {
        true => tests(&dir)?,
        false => {
            unsupported = unsupported.or(Some(
                "tests/mapping is not there: generate the tests with `tps gen` first (this judge does not run gen/data yet)".into(),
            ));
            (Vec::new(), Vec::new())
        }
    };
    let names: Vec<String> = tests.iter().map(|t| t.name.clone()).collect();
    let score = ScoreType::Group {
        kind: GroupKind::Min,
        subtasks: (subtasks.iter())
            .map(|(name, points)| Subtask {
                points: *points,
                tests: Targets::Names(
                    (mapping.iter())
                        .filter(|(s, _)| s == name)
                        .map(|(_, t)| t.clone())
                        .collect(),
                ),
                threshold: None,
            })
            .collect(),
    };
    let mut scoring = match score.scoring(&names) {
        Ok(mut scoring) => {
            // The groups are named by the subtasks' names, as solutions.json names them.
            for (item, (name, _)) in scoring.root.items.iter_mut().zip(&subtasks) {
                if let crate::model::ScoreItem::Group(group) = item {
                    group.name = name.clone();
                }
            }
            Some(scoring)
        }
        Err(why) => {
            unsupported = unsupported.or(Some(why));
            None
        }
    };
    let has_checker = problem["has_checker"].as_bool().unwrap_or(task_type != "Communication");
    let checker_source = dir.join("checker/checker.cpp");
    let (checker, shown_checker) = match has_checker && checker_source.is_file() {
        true => (
            CheckerSpec::Program(ProgramSpec {
                program: "checker/checker.cpp".into(),
                path: checker_source,
                protocol: Protocol::Cms,
                args: Vec::new(),
                limits: None,
            }),
            "cms:checker/checker.cpp".to_string(),
        ),
        false => (
            CheckerSpec::Builtin(BuiltinChecker::Tokens(TokenOptions {
                case_sensitive: true,
                ..TokenOptions::default()
            })),
            "tokens (diff)".to_string(),
        ),
    };
    let mut warnings = Vec::new();
    let (submissions, unplanned, expected) =
        solutions(&dir, &id, &subtasks, &mut warnings)?;
    if let Some(scoring) = &mut scoring {
        scoring.expected = expected;
    }
    let facts = PackageInfo {
        dir: dir.to_string_lossy().into_owned(),
        format: "tps".to_string(),
        kind: format!("{}, GroupMin", task_type.to_lowercase()),
        validator: shown_checker,
        tests: tests.len(),
        output_limit_mib: DEFAULT_OUTPUT_LIMIT_MIB,
        time_limit_source: Some("problem.json time_limit".to_string()),
        warnings,
    };
    let problem = Problem {
        title: problem["title"].as_str().unwrap_or(&id).to_string(),
        judge: "tps".to_string(),
        number: String::new(),
        url: String::new(),
        time_limit_ms: (time_limit * 1000.0).round() as u64,
        memory_limit_mb: memory_limit.round() as u64,
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

/// `subtasks.json`'s subtasks: (name, points), in the order of their `index`.
fn subtasks(path: &Path) -> Result<Vec<(String, f64)>> {
    let json = json(path)?;
    let Some(map) = json["subtasks"].as_object() else {
        bail!("{}: no `subtasks` object", path.display());
    };
    let mut subtasks: Vec<(i64, String, f64)> = Vec::new();
    for (name, subtask) in map {
        let (Some(index), Some(score)) = (subtask["index"].as_i64(), subtask["score"].as_f64())
        else {
            bail!("{}: subtask `{name}` needs an `index` and a `score`", path.display());
        };
        subtasks.push((index, name.clone(), score));
    }
    subtasks.sort_by_key(|s| s.0);
    Ok(subtasks.into_iter().map(|(_, name, score)| (name, score)).collect())
}

/// A (subtask, test) line of `tests/mapping`.
type Mapped = (String, String);

/// The tests of `tests/mapping`, sorted by name, and its (subtask, test) lines.
fn tests(dir: &Path) -> Result<(Vec<TestCase>, Vec<Mapped>)> {
    let path = dir.join("tests/mapping");
    let text = crate::package::read_text(&path)?;
    let mut mapping = Vec::new();
    for (index, line) in text.lines().enumerate() {
        let words: Vec<&str> = line.split_whitespace().collect();
        match words[..] {
            [] => {}
            [subtask, test] => mapping.push((subtask.to_string(), test.to_string())),
            _ => bail!("{}:{}: expected `SUBTASK TEST`", path.display(), index + 1),
        }
    }
    let mut names: Vec<String> = mapping.iter().map(|(_, t)| t.clone()).collect();
    names.sort();
    names.dedup();
    let mut tests = Vec::new();
    for name in names {
        let input = dir.join(format!("tests/{name}.in"));
        let expected = dir.join(format!("tests/{name}.out"));
        for file in [&input, &expected] {
            if !file.is_file() {
                bail!("{}: missing, but tests/mapping names test {name}", file.display());
            }
        }
        tests.push(TestCase {
            name,
            group: TestGroup::Secret,
            input,
            expected,
            checker_args: None,
        });
    }
    Ok((tests, mapping))
}

type Solutions = (Vec<Submission>, Vec<Unplanned>, Vec<(PathBuf, ScoreExpectation)>);

/// What a verdict of solutions.json allows in a subtask: its verdicts and whether it keeps the
/// subtask's points (`Some(true)` all of them, `Some(false)` none, `None` some but not all).
fn verdict(name: &str) -> Option<(&'static [Verdict], Option<bool>)> {
    use Verdict::*;
    Some(match name {
        "model_solution" | "correct" => (&[AC], Some(true)),
        "incorrect" => (&[WA, PE], Some(false)),
        "time_limit" => (&[TLE], Some(false)),
        "memory_limit" => (&[MLE], Some(false)),
        "runtime_error" => (&[RE], Some(false)),
        "time_limit_and_runtime_error" => (&[TLE, RE], Some(false)),
        "failed" => (&[WA, PE, TLE, MLE, RE, OLE], Some(false)),
        "partially_correct" => (&[AC, WA], None),
        _ => return None,
    })
}

/// The solutions of `solution/` that solutions.json names, each expected to get, in every subtask, what
/// its verdict there (its `except`, else its `verdict`) allows: the score is the sum of the subtasks'
/// points it keeps (a range, for partially correct subtasks), and the verdicts those of its subtasks.
fn solutions(
    dir: &Path,
    id: &str,
    subtasks: &[(String, f64)],
    warnings: &mut Vec<String>,
) -> Result<Solutions> {
    let path = dir.join("solutions.json");
    let (mut planned, mut unplanned, mut expected) = (Vec::new(), Vec::new(), Vec::new());
    if !path.is_file() {
        warnings.push("no solutions.json: no solution is judged".into());
        return Ok((planned, unplanned, expected));
    }
    let json = json(&path)?;
    let Some(map) = json.as_object() else {
        bail!("{}: expected an object of solutions", path.display());
    };
    let table = LanguageTable::builtin();
    for (file, entry) in map {
        let relative = format!("solution/{file}");
        let source = dir.join(&relative);
        let mut skip = |reason: String| {
            unplanned.push(Unplanned {
                relative: relative.clone(),
                folder: entry["verdict"].as_str().unwrap_or("?").to_string(),
                reason,
            })
        };
        if !source.is_file() {
            skip(format!("{relative} is not in the task"));
            continue;
        }
        if table.language_of(&source).is_none() {
            skip("not a source file of a language this judge runs".into());
            continue;
        }
        let default = entry["verdict"].as_str().unwrap_or("");
        let (mut min, mut max) = (0.0, 0.0);
        let (mut permitted, mut required) = (VerdictSet::EMPTY, VerdictSet::EMPTY);
        let mut all_correct = true;
        for (subtask, points) in subtasks {
            let name = entry["except"][subtask.as_str()].as_str().unwrap_or(default);
            let Some((verdicts, keeps)) = verdict(name) else {
                bail!(
                    "{}: {file}: unknown verdict `{name}` (correct, model_solution, incorrect, time_limit, memory_limit, runtime_error, time_limit_and_runtime_error, failed, partially_correct)",
                    path.display()
                );
            };
            permitted = permitted.union(VerdictSet::of(verdicts));
            match keeps {
                Some(true) => (min, max) = (min + points, max + points),
                Some(false) => {
                    all_correct = false;
                    required = required.union(VerdictSet::of(verdicts));
                }
                None => {
                    all_correct = false;
                    max += points;
                    required = required.union(VerdictSet::of(verdicts));
                }
            }
        }
        expected.push((source.clone(), ScoreExpectation { min, max }));
        planned.push(Submission {
            problem: id.to_string(),
            why: crate::package::text::leading_comment(&source),
            path: source,
            relative,
            expected: match all_correct {
                true => Expected::Accepted,
                false => Expected::Verdicts(VerdictRule {
                    folder: VerdictRule::folder_name(default),
                    permitted: permitted.with(Verdict::AC),
                    required,
                }),
            },
            given: false,
        });
    }
    // The model solution first: its tests are the task's row.
    planned.sort_by_key(|s: &Submission| {
        map[s.relative.trim_start_matches("solution/")]["verdict"] != "model_solution"
    });
    Ok((planned, unplanned, expected))
}
