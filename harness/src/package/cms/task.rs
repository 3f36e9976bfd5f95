//! `task.yaml` of an italian_yaml task, as CMS's loader reads it: its names, limits, input and output
//! files, score type and task type. Contest rules (tokens, submission limits, feedback) do not change a
//! verdict or a score: they are named in a note and not used.

use std::path::Path;

use anyhow::{bail, Result};
use serde_norway::Value;

/// What `task.yaml` says that judging needs.
#[derive(Debug, Clone)]
pub struct Task {
    /// `name` (or `nome_breve`).
    pub name: Option<String>,
    /// `title` (or `nome`).
    pub title: Option<String>,
    /// `time_limit` (or `timeout`), seconds in the file.
    pub time_limit_ms: u64,
    /// `memory_limit` (or `memlimit`), MiB.
    pub memory_limit_mib: u64,
    pub n_input: Option<usize>,
    /// `infile` and `outfile`: the files the program reads and writes; empty for stdin and stdout. CMS's
    /// default is `input.txt` and `output.txt`.
    pub infile: String,
    pub outfile: String,
    /// `score_type` and `score_type_parameters`, used only when `n_input` is given too (CMS's rule).
    pub score_type: Option<(String, Value)>,
    /// `total_value`: the points of a task scored by `Sum` without `score_type` (100 by default).
    pub total_value: f64,
    pub output_only: bool,
    /// What was read and not used, for the package's facts.
    pub notes: Vec<String>,
}

/// The keys of contest rules, not judging.
const CONTEST_RULES: &[&str] = &[
    "token_mode",
    "token_max_number",
    "token_min_interval",
    "token_gen_initial",
    "token_gen_number",
    "token_gen_interval",
    "token_gen_max",
    "token_initial",
    "token_total",
    "token_gen_time",
    "token_max",
    "max_submission_number",
    "max_user_test_number",
    "min_submission_interval",
    "min_user_test_interval",
    "feedback_level",
    "score_mode",
    "public_testcases",
];

impl Task {
    pub fn read(path: &Path) -> Result<Task> {
        let text = crate::package::read_text(path)?;
        let yaml: Value = serde_norway::from_str(&text)
            .map_err(|e| anyhow::anyhow!("{}: not valid YAML: {e}", path.display()))?;
        let Value::Mapping(map) = &yaml else {
            bail!("{}: expected a mapping of keys (name, time_limit, memory_limit, ...)", path.display());
        };
        let get = |keys: &[&str]| keys.iter().find_map(|k| map.get(*k)).filter(|v| !v.is_null());
        let shown = path.display();
        let text_of = |keys: &[&str]| -> Result<Option<String>> {
            match get(keys) {
                None => Ok(None),
                Some(Value::String(s)) => Ok(Some(s.clone())),
                Some(Value::Number(n)) => Ok(Some(n.to_string())),
                Some(other) => bail!("{shown}: `{}` must be text, not {other:?}", keys[0]),
            }
        };
        let number = |keys: &[&str]| -> Result<Option<f64>> {
            match get(keys) {
                None => Ok(None),
                Some(Value::Number(n)) => match n.as_f64() {
                    Some(v) if v.is_finite() && v >= 0.0 => Ok(Some(v)),
                    _ => bail!("{shown}: `{}` must be a non-negative number", keys[0]),
                },
                Some(Value::String(s)) => match s.trim().parse::<f64>() {
                    Ok(v) if v.is_finite() && v >= 0.0 => Ok(Some(v)),
                    _ => bail!("{shown}: `{}` must be a non-negative number, not `{s}`", keys[0]),
                },
                Some(other) => bail!("{shown}: `{}` must be a number, not {other:?}", keys[0]),
            }
        };
        let output_only = matches!(get(&["output_only"]), Some(Value::Bool(true)));
        // An OutputOnly task runs no program: CMS drops its limits (the task is refused here anyway).
        let time_limit = match number(&["time_limit", "timeout"])? {
            Some(limit) => limit,
            None if output_only => 1.0,
            None => bail!("{shown}: no `time_limit` (seconds): add one, e.g. `time_limit: 1.0`"),
        };
        let memory_limit = match number(&["memory_limit", "memlimit"])? {
            Some(limit) => limit,
            None if output_only => 256.0,
            None => bail!("{shown}: no `memory_limit` (MiB): add one, e.g. `memory_limit: 256`"),
        };
        if time_limit <= 0.0 || memory_limit < 1.0 {
            bail!("{shown}: `time_limit` and `memory_limit` must be above 0");
        }
        let n_input = match number(&["n_input"])? {
            Some(n) if n.fract() == 0.0 => Some(n as usize),
            Some(_) => bail!("{shown}: `n_input` must be a whole number"),
            None => None,
        };
        let score_type = match (text_of(&["score_type"])?, get(&["score_type_parameters"])) {
            (Some(kind), Some(parameters)) if n_input.is_some() => Some((kind, parameters.clone())),
            _ => None,
        };
        let mut notes = Vec::new();
        let rules: Vec<&str> = CONTEST_RULES
            .iter()
            .copied()
            .filter(|k| map.contains_key(*k))
            .collect();
        if !rules.is_empty() {
            notes.push(format!(
                "task.yaml: contest rules not used in judging: {}",
                rules.join(", ")
            ));
        }
        if score_type.is_none() && (map.contains_key("score_type") || map.contains_key("score_type_parameters")) {
            notes.push("task.yaml: score_type is used only with score_type_parameters and n_input (CMS's rule): scored by gen/GEN instead".into());
        }
        Ok(Task {
            name: text_of(&["name", "nome_breve"])?,
            title: text_of(&["title", "nome"])?,
            time_limit_ms: (time_limit * 1000.0).round() as u64,
            memory_limit_mib: memory_limit.round() as u64,
            n_input,
            infile: text_of(&["infile"])?.unwrap_or_else(|| "input.txt".into()),
            outfile: text_of(&["outfile"])?.unwrap_or_else(|| "output.txt".into()),
            score_type,
            total_value: number(&["total_value"])?.unwrap_or(100.0),
            output_only,
            notes,
        })
    }
}
