//! CMS's score types on the judge's one scoring model: `Sum` (each test its outcome times the points
//! per test) and the subtask types `GroupMin`, `GroupMul` and `GroupThreshold` (each subtask its points
//! times the minimum or the product of its tests' outcomes, or all of them within the threshold), as
//! `cms/grading/scoretypes/` computes them, read from `task.yaml` or from `gen/GEN`'s `# ST:` lines as
//! CMS's italian_yaml loader reads them.

use std::path::Path;

use anyhow::{bail, Result};
use serde_norway::Value;

use crate::model::score::{PartialRule, ScoreAggregation};
use crate::model::{
    GroupRules, OnReject, Outcomes, ScoreGroup, ScoreItem, Scoring, ValidatorScore,
};

use super::task::Task;

/// How a task is scored, and how many tests it has.
#[derive(Debug, Clone, PartialEq)]
pub struct TaskScore {
    pub n_input: usize,
    pub kind: ScoreType,
}

#[derive(Debug, Clone, PartialEq)]
pub enum ScoreType {
    /// Every test its outcome times these points.
    Sum { per_test: f64 },
    /// Subtasks, each its points times what `kind` makes of its tests' outcomes.
    Group { kind: GroupKind, subtasks: Vec<Subtask> },
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GroupKind {
    Min,
    Mul,
    Threshold,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Subtask {
    pub points: f64,
    pub tests: Targets,
    /// GroupThreshold's third parameter.
    pub threshold: Option<f64>,
}

/// Which tests a subtask has (CMS: the second parameter, of one type for every subtask).
#[derive(Debug, Clone, PartialEq)]
pub enum Targets {
    /// The next this many tests, in the order of their codenames.
    Count(usize),
    /// The tests whose codename matches this regular expression from its start (Python's `re.match`).
    Pattern(String),
    /// These codenames.
    Names(Vec<String>),
}

/// The task's score type: `task.yaml`'s `score_type` when it gives its parameters and `n_input`, else
/// `gen/GEN`'s subtasks (GroupMin), else `Sum` of `total_value` over `n_input` tests.
pub fn of_task(dir: &Path, task: &Task) -> Result<TaskScore> {
    if let (Some((kind, parameters)), Some(n_input)) = (&task.score_type, task.n_input) {
        let kind = parse(kind, parameters)
            .map_err(|why| anyhow::anyhow!("{}: {why}", dir.join("task.yaml").display()))?;
        return Ok(TaskScore { n_input, kind });
    }
    let gen = dir.join("gen/GEN");
    let from_gen = match gen.is_file() {
        true => Some(read_gen(&gen, &crate::package::read_text(&gen)?, task.total_value)?),
        false => None,
    };
    match (from_gen, task.n_input) {
        (Some(score), Some(n)) if score.n_input != n => bail!(
            "{}: {} tests, but task.yaml's n_input is {n}: make them agree",
            gen.display(),
            score.n_input
        ),
        (Some(score), _) => Ok(score),
        (None, Some(n_input)) => Ok(TaskScore {
            n_input,
            kind: ScoreType::Sum {
                per_test: if n_input == 0 { 0.0 } else { task.total_value / n_input as f64 },
            },
        }),
        (None, None) => bail!(
            "{}: neither gen/GEN nor `n_input` says how many tests the task has: add `n_input`",
            dir.join("task.yaml").display()
        ),
    }
}

/// `gen/GEN` as CMS's loader reads it: a line without `#` that is not blank is a test, and so is a line
/// with a command before its `#` or a `# COPY:` comment; `# ST: P` opens a subtask of P points. With
/// subtasks, the task is GroupMin and their points add up to 100; without, Sum of `total` over the tests.
pub fn read_gen(path: &Path, text: &str, total: f64) -> Result<TaskScore> {
    let mut subtasks: Vec<(f64, usize)> = Vec::new();
    let (mut tests, mut points): (usize, Option<f64>) = (0, None);
    for (index, line) in text.lines().enumerate() {
        let line = line.trim();
        let at = format!("{}:{}", path.display(), index + 1);
        let Some((command, comment)) = line.split_once('#') else {
            tests += usize::from(!line.is_empty());
            continue;
        };
        let (command, comment) = (command.trim(), comment.trim());
        let copy = comment.starts_with("COPY:");
        let subtask = comment.starts_with("ST:");
        if [!command.is_empty(), copy, subtask].iter().filter(|f| **f).count() > 1 {
            bail!("{at}: a test and a `# ST:` or `# COPY:` on one line; put them on lines of their own");
        }
        if !command.is_empty() || copy {
            tests += 1;
        }
        if subtask {
            let value = comment[3..].trim();
            let Ok(value) = value.parse::<u32>() else {
                bail!("{at}: `# ST:` needs the subtask's points, a whole number, not `{value}`");
            };
            match points {
                None if tests > 0 => {
                    bail!("{at}: {tests} tests before the first `# ST:` line, in no subtask")
                }
                None => {}
                Some(points) => subtasks.push((points, tests)),
            }
            (tests, points) = (0, Some(f64::from(value)));
        }
    }
    let Some(points) = points else {
        return Ok(TaskScore {
            n_input: tests,
            kind: ScoreType::Sum {
                per_test: if tests == 0 { 0.0 } else { total / tests as f64 },
            },
        });
    };
    subtasks.push((points, tests));
    let sum: f64 = subtasks.iter().map(|s| s.0).sum();
    if sum != 100.0 {
        bail!(
            "{}: the `# ST:` points add up to {sum}, not 100 as CMS requires",
            path.display()
        );
    }
    Ok(TaskScore {
        n_input: subtasks.iter().map(|s| s.1).sum(),
        kind: ScoreType::Group {
            kind: GroupKind::Min,
            subtasks: (subtasks.into_iter())
                .map(|(points, n)| Subtask {
                    points,
                    tests: Targets::Count(n),
                    threshold: None,
                })
                .collect(),
        },
    })
}

/// `score_type` with its `score_type_parameters`: a number for Sum; a list of `[points, tests]` (and the
/// threshold, for GroupThreshold) for the others.
pub fn parse(kind: &str, parameters: &Value) -> std::result::Result<ScoreType, String> {
    let number = |v: &Value, what: &str| -> std::result::Result<f64, String> {
        v.as_f64()
            .filter(|n| n.is_finite())
            .ok_or_else(|| format!("score_type_parameters: {what} must be a number, not {v:?}"))
    };
    let group = match kind {
        "Sum" => return Ok(ScoreType::Sum { per_test: number(parameters, "Sum's points per test")? }),
        "GroupMin" => GroupKind::Min,
        "GroupMul" => GroupKind::Mul,
        "GroupThreshold" => GroupKind::Threshold,
        other => {
            return Err(format!(
                "score_type `{other}` is not one of CMS's: Sum, GroupMin, GroupMul, GroupThreshold"
            ))
        }
    };
    let Value::Sequence(list) = parameters else {
        return Err(format!("score_type_parameters of {kind} must be a list of [points, tests] subtasks"));
    };
    let mut subtasks = Vec::new();
    for (index, subtask) in list.iter().enumerate() {
        let what = format!("subtask {}", index + 1);
        let (points, tests, threshold) = match subtask {
            Value::Sequence(p) if p.len() >= 2 => (&p[0], &p[1], p.get(2)),
            Value::Mapping(m) => match (m.get("max_score"), m.get("testcases")) {
                (Some(points), Some(tests)) => (points, tests, m.get("threshold")),
                _ => return Err(format!("score_type_parameters: {what} needs max_score and testcases")),
            },
            other => return Err(format!("score_type_parameters: {what} must be [points, tests], not {other:?}")),
        };
        let tests = match tests {
            Value::Number(n) => match n.as_u64() {
                Some(n) => Targets::Count(n as usize),
                None => return Err(format!("score_type_parameters: {what}'s test count must be a whole number")),
            },
            Value::String(pattern) => Targets::Pattern(pattern.clone()),
            Value::Sequence(names) => Targets::Names(
                names
                    .iter()
                    .map(|n| n.as_str().map(str::to_string).ok_or_else(|| format!("score_type_parameters: {what}'s tests must be codenames")))
                    .collect::<std::result::Result<_, _>>()?,
            ),
            other => return Err(format!("score_type_parameters: {what}'s tests must be a count, a regular expression or a list, not {other:?}")),
        };
        let threshold = match (group, threshold) {
            (GroupKind::Threshold, Some(t)) => Some(number(t, &format!("{what}'s threshold"))?),
            (GroupKind::Threshold, None) => return Err(format!("score_type_parameters: GroupThreshold's {what} needs its threshold, [points, tests, threshold]")),
            _ => None,
        };
        subtasks.push(Subtask { points: number(points, &format!("{what}'s points"))?, tests, threshold });
    }
    let kinds: std::collections::BTreeSet<u8> = subtasks
        .iter()
        .map(|s| match s.tests {
            Targets::Count(_) => 0,
            Targets::Pattern(_) => 1,
            Targets::Names(_) => 2,
        })
        .collect();
    if kinds.len() > 1 {
        return Err("score_type_parameters: the tests of every subtask must be of one type (all counts, all regular expressions or all lists), as CMS requires".into());
    }
    Ok(ScoreType::Group { kind: group, subtasks })
}

impl ScoreType {
    pub fn name(&self) -> &'static str {
        match self {
            ScoreType::Sum { .. } => "Sum",
            ScoreType::Group { kind: GroupKind::Min, .. } => "GroupMin",
            ScoreType::Group { kind: GroupKind::Mul, .. } => "GroupMul",
            ScoreType::Group { kind: GroupKind::Threshold, .. } => "GroupThreshold",
        }
    }

    /// The full score, of a task of `n_input` tests.
    pub fn total(&self, n_input: usize) -> f64 {
        match self {
            ScoreType::Sum { per_test } => per_test * n_input as f64,
            ScoreType::Group { subtasks, .. } => subtasks.iter().map(|s| s.points).sum(),
        }
    }

    /// The scoring of the task whose tests have these codenames (sorted): `Err` says why its
    /// parameters do not fit them.
    pub fn scoring(&self, names: &[String]) -> std::result::Result<Scoring, String> {
        let continue_all = |points: f64, scores, threshold| GroupRules {
            on_reject: OnReject::Continue,
            scores,
            range: (0.0, points),
            outcomes: Some(Outcomes { points, threshold }),
            ..GroupRules::default()
        };
        let root = match self {
            ScoreType::Sum { per_test } => {
                let total = self.total(names.len());
                let rules = continue_all(*per_test, ScoreAggregation::Sum, None);
                let items = names.iter().cloned().map(ScoreItem::Test).collect();
                let rules = GroupRules {
                    range: (0.0, total),
                    ..rules
                };
                ScoreGroup { name: String::new(), rules, items }
            }
            ScoreType::Group { kind, subtasks } => {
                let scores = match kind {
                    GroupKind::Min | GroupKind::Threshold => ScoreAggregation::Min,
                    GroupKind::Mul => ScoreAggregation::Product,
                };
                let targets = targets(subtasks, names)?;
                let mut items = Vec::new();
                for (index, (subtask, tests)) in subtasks.iter().zip(targets).enumerate() {
                    items.push(ScoreItem::Group(ScoreGroup {
                        name: format!("subtask{}", index + 1),
                        rules: continue_all(subtask.points, scores, subtask.threshold),
                        items: tests.into_iter().map(ScoreItem::Test).collect(),
                    }));
                }
                let rules = GroupRules {
                    on_reject: OnReject::Continue,
                    range: (0.0, self.total(names.len())),
                    ..GroupRules::default()
                };
                ScoreGroup { name: String::new(), rules, items }
            }
        };
        Ok(Scoring {
            root,
            validator_score: ValidatorScore::Allowed,
            expected: Vec::new(),
            partial: PartialRule::PointsBelowFull,
            rules: crate::model::ScoringRules::Specification,
        })
    }
}

/// Each subtask's tests, as CMS's `retrieve_target_testcases` selects them.
fn targets(subtasks: &[Subtask], names: &[String]) -> std::result::Result<Vec<Vec<String>>, String> {
    let mut next = 0;
    let mut all = Vec::new();
    for (index, subtask) in subtasks.iter().enumerate() {
        let tests: Vec<String> = match &subtask.tests {
            Targets::Count(n) => {
                let end = next + n;
                if end > names.len() {
                    return Err(format!("score_type_parameters: the subtasks count {end} tests or more, but the task has {}", names.len()));
                }
                let tests = names[next..end].to_vec();
                next = end;
                tests
            }
            Targets::Pattern(pattern) => {
                let regex = regex::Regex::new(&format!("^(?:{pattern})")).map_err(|e| {
                    format!("score_type_parameters: subtask {}'s regular expression `{pattern}`: {e}", index + 1)
                })?;
                let tests: Vec<String> = names.iter().filter(|n| regex.is_match(n)).cloned().collect();
                if tests.is_empty() {
                    return Err(format!("score_type_parameters: no test matches subtask {}'s regular expression `{pattern}`", index + 1));
                }
                tests
            }
            Targets::Names(list) => {
                if let Some(unknown) = list.iter().find(|n| !names.contains(n)) {
                    return Err(format!("score_type_parameters: subtask {} names a test `{unknown}` the task does not have", index + 1));
                }
                list.clone()
            }
        };
        all.push(tests);
    }
    Ok(all)
}
