//! DOMjudge's dialect of the package format, as its importer reads a package (DOMjudge's manual,
//! "Problem format specification", and its `ImportProblemService`): `domjudge-problem.ini`, `.timelimit`,
//! the `@EXPECTED_RESULTS@: ` annotation anywhere in a submission's source with DOMjudge's result names,
//! and the submissions folders named by a result; and its reading of a scoring package's groups
//! (`scoring`) for its scoring rules (`grade::domjudge`), when they are chosen (`ScoringRules::DomJudge`).

use std::path::{Path, PathBuf};

use anyhow::{bail, Result};

use crate::model::score::ScoreAggregation;
use crate::model::{GroupRules, ScoreGroup, ScoreItem, Scoring, ScoringRules, Verdict, VerdictSet};
use crate::package::text::MAX_TIME_MS;

/// The keys DOMjudge's importer takes from `domjudge-problem.ini` (any other it drops).
const INI_KEYS: [&str; 10] = [
    "name",
    "timelimit",
    "special_run",
    "special_compare",
    "externalid",
    "allow_submit",
    "allow_judge",
    "points",
    "color",
    "short-name",
];

/// The problem settings of a DOMjudge package: `domjudge-problem.ini` and `.timelimit`.
#[derive(Debug, Default, Clone, PartialEq)]
pub struct Settings {
    /// The problem's name, when problem.yaml gives none.
    pub name: Option<String>,
    /// The time limit in seconds and the file that gives it (problem.yaml's wins over both).
    pub time_limit: Option<(f64, String)>,
    /// `.timelimit`'s value: DOMjudge refuses a package where it differs from the limit it takes.
    pub dot_time_limit: Option<f64>,
    /// `special_compare` / `special_run`: the id of a program kept on a DOMjudge server.
    pub special_compare: Option<String>,
    pub special_run: Option<String>,
    /// What is read and not used by this judge, and unknown keys.
    pub warnings: Vec<String>,
}

/// Reads `domjudge-problem.ini` and `.timelimit` of the package in `dir` (both optional).
pub fn settings(dir: &Path) -> Result<Settings> {
    let mut settings = Settings::default();
    let ini = dir.join("domjudge-problem.ini");
    if ini.is_file() {
        let text = crate::package::read_text(&ini)?;
        for (key, value) in parse_ini(&text) {
            match key.as_str() {
                "name" => settings.name = Some(value),
                "timelimit" => {
                    let seconds = seconds(&ini, "key `timelimit`: ", &value)?;
                    settings.time_limit = Some((seconds, "domjudge-problem.ini timelimit".into()));
                }
                "special_compare" => settings.special_compare = Some(value),
                "special_run" => settings.special_run = Some(value),
                // Contest settings (scoreboard points, balloon colour, labels, switches of the
                // server): nothing to judge by.
                known if INI_KEYS.contains(&known) => {}
                other => settings.warnings.push(format!(
                    "domjudge-problem.ini: unknown key `{other}` ignored (DOMjudge drops it too)"
                )),
            }
        }
    }
    let dot = dir.join(".timelimit");
    if dot.is_file() {
        let seconds = seconds(&dot, "", crate::package::read_text(&dot)?.trim())?;
        settings.dot_time_limit = Some(seconds);
        // The ini file's `timelimit` wins over `.timelimit`, as DOMjudge reads them.
        if settings.time_limit.is_none() {
            settings.time_limit = Some((seconds, ".timelimit".into()));
        }
    }
    Ok(settings)
}

impl Settings {
    /// The time limit DOMjudge takes: problem.yaml's, else the ini file's, else `.timelimit`; an error
    /// when `.timelimit` says otherwise (DOMjudge refuses such a package).
    pub fn time_limit(&self, dir: &Path, yaml: Option<(f64, String)>) -> Result<Option<(f64, String)>> {
        let taken = yaml.or_else(|| self.time_limit.clone());
        if let (Some(dot), Some((seconds, source))) = (self.dot_time_limit, &taken) {
            if (dot - seconds).abs() > 1e-9 {
                bail!(
                    "{}: .timelimit says {dot} s, but {source} says {seconds} s (DOMjudge refuses such a package); make them agree or remove .timelimit",
                    dir.display()
                );
            }
        }
        Ok(taken)
    }

    /// An error when the problem names a program of a DOMjudge server (`special_compare`,
    /// `special_run`) that the package does not hold: `has_validator` says whether it has its own, which
    /// DOMjudge's importer puts in its place.
    pub fn check_programs(&self, dir: &Path, has_validator: bool) -> Result<()> {
        // DOMjudge's default programs: the built-in ones here.
        let named = [
            ("special_compare", &self.special_compare, "compare"),
            ("special_run", &self.special_run, "run"),
        ];
        for (key, value, default) in named {
            match value.as_deref() {
                None | Some("") => {}
                Some(id) if id == default => {}
                Some(_) if has_validator => {}
                Some(id) => bail!(
                    "{}: key `{key}` names `{id}`, a program kept on a DOMjudge server, not in the package; put its source in output_validators/<name>/ (and say `validation: custom` in problem.yaml), or remove the key",
                    dir.join("domjudge-problem.ini").display()
                ),
            }
        }
        Ok(())
    }
}

fn seconds(file: &Path, what: &str, value: &str) -> Result<f64> {
    match value.trim().parse::<f64>() {
        Ok(seconds) if seconds > 0.0 && seconds <= (MAX_TIME_MS / 1000) as f64 => Ok(seconds),
        _ => bail!(
            "{}: {what}expected a time limit in seconds, above 0 and at most an hour, got `{}`",
            file.display(),
            value.trim()
        ),
    }
}

/// `key = value` lines as PHP's `parse_ini_string` reads them: `;` starts a comment, `[section]` lines
/// are headings, a value in double quotes may hold `;` and span lines, the last of a repeated key wins.
fn parse_ini(text: &str) -> Vec<(String, String)> {
    let mut pairs: Vec<(String, String)> = Vec::new();
    let mut lines = text.lines();
    while let Some(line) = lines.next() {
        let line = line.trim();
        if line.is_empty() || line.starts_with(';') || line.starts_with('[') {
            continue;
        }
        let Some((key, value)) = line.split_once('=') else {
            continue;
        };
        let key = key.trim().to_string();
        let value = value.trim();
        let value = match value.strip_prefix('"') {
            Some(rest) => {
                let mut quoted = rest.to_string();
                while !quoted.contains('"') {
                    match lines.next() {
                        Some(next) => {
                            quoted.push('\n');
                            quoted.push_str(next);
                        }
                        None => break,
                    }
                }
                quoted.split('"').next().unwrap_or_default().to_string()
            }
            None => value.split(';').next().unwrap_or_default().trim().to_string(),
        };
        pairs.retain(|(k, _)| *k != key);
        pairs.push((key, value));
    }
    pairs
}

/// The package's scoring as DOMjudge reads it, for its rules (`grade::domjudge`): a folder of `data/` is
/// a group only when it has its own `testdata.yaml` (or `test_group.yaml`; `data/` always is), the tests
/// and groups of another folder belong to the group above it; each group takes its own file's
/// `accept_score` (none: 0), aggregation (`grader_flags` `sum` (default), `avg`, `min`, `max`),
/// `ignore_sample` and `range`, nothing inherited.
pub fn scoring(dir: &Path, scoring: &Scoring) -> Result<Scoring> {
    let data = super::data_dir(dir);
    let mut root = regroup(&data, &scoring.root)?;
    root.rules = own_rules(&data, "")?.unwrap_or_default();
    Ok(Scoring {
        root,
        rules: ScoringRules::DomJudge,
        ..scoring.clone()
    })
}

/// `group` with the folders that are not groups in DOMjudge's reading folded into their parent.
fn regroup(data: &Path, group: &ScoreGroup) -> Result<ScoreGroup> {
    let mut items = Vec::new();
    for item in &group.items {
        match item {
            ScoreItem::Test(_) => items.push(item.clone()),
            ScoreItem::Group(sub) => {
                let sub = regroup(data, sub)?;
                match own_rules(data, &sub.name)? {
                    Some(rules) => items.push(ScoreItem::Group(ScoreGroup { rules, ..sub })),
                    None => items.extend(sub.items),
                }
            }
        }
    }
    Ok(ScoreGroup {
        name: group.name.clone(),
        rules: group.rules.clone(),
        items,
    })
}

/// The rules of the group of `data/<name>` when it has its own file, as DOMjudge reads that file.
fn own_rules(data: &Path, name: &str) -> Result<Option<GroupRules>> {
    let folder = data.join(name);
    let file = ["testdata.yaml", "test_group.yaml"]
        .iter()
        .map(|f| folder.join(f))
        .find(|f| f.is_file());
    let Some(file) = file else {
        return Ok(None);
    };
    let yaml = super::yaml::YamlMap::read(&file)?;
    let mut rules = GroupRules {
        accept_score: yaml.number("accept_score")?.unwrap_or(0.0),
        ..GroupRules::default()
    };
    for flag in yaml.words("grader_flags")?.unwrap_or_default() {
        match flag.as_str() {
            "sum" => rules.scores = ScoreAggregation::Sum,
            "avg" => rules.scores = ScoreAggregation::Avg,
            "min" => rules.scores = ScoreAggregation::Min,
            "max" => rules.scores = ScoreAggregation::Max,
            "ignore_sample" => rules.ignore_sample = true,
            // DOMjudge warns about its other flags and leaves them out.
            _ => {}
        }
    }
    if let Some(range) = yaml.words("range")? {
        if let [low, high] = range.as_slice() {
            if let (Ok(low), Ok(high)) = (low.parse(), high.parse()) {
                rules.range = (low, high);
            }
        }
    }
    Ok(Some(rules))
}

/// A result named by DOMjudge (or in the Kattis spelling it maps to its own), as the judge's verdicts.
pub fn verdicts(name: &str) -> Option<VerdictSet> {
    use Verdict::*;
    let name = name.to_ascii_uppercase().replace('_', "-");
    Some(VerdictSet::of(match name.as_str() {
        "CORRECT" | "ACCEPTED" | "AC" => &[AC],
        "WRONG-ANSWER" | "WA" => &[WA, PE],
        // DOMjudge's result for a wrong answer that printed nothing.
        "NO-OUTPUT" => &[WA],
        "PRESENTATION-ERROR" | "PE" => &[PE],
        "TIMELIMIT" | "TIME-LIMIT" | "TIME-LIMIT-EXCEEDED" | "TLE" => &[TLE],
        "RUN-ERROR" | "RUN-TIME-ERROR" | "RUNTIME-ERROR" | "RTE" | "RE" => &[RE, MLE],
        "MEMORY-LIMIT" | "MEMORY-LIMIT-EXCEEDED" | "MLE" => &[MLE],
        "OUTPUT-LIMIT" | "OUTPUT-LIMIT-EXCEEDED" | "OLE" => &[OLE],
        "COMPILER-ERROR" | "COMPILE-ERROR" | "CE" => &[CE],
        _ => return None,
    }))
}

/// The results DOMjudge reads from a submissions folder's name (its own `correct`, `timelimit`,
/// `run-error`..., or the Kattis spellings it maps to them, `compiler_error`, `no_output`, `output_limit`
/// among them), when the folder is so named.
pub fn folder(folder: &str) -> Option<VerdictSet> {
    const NAMES: [&str; 10] = [
        "CORRECT",
        "WRONG-ANSWER",
        "TIMELIMIT",
        "RUN-ERROR",
        "COMPILER-ERROR",
        "NO-OUTPUT",
        "OUTPUT-LIMIT",
        // The specification's folders aside, the Kattis spellings DOMjudge maps to its names.
        "COMPILER_ERROR",
        "NO_OUTPUT",
        "OUTPUT_LIMIT",
    ];
    let name = folder.to_ascii_uppercase();
    NAMES
        .contains(&name.as_str())
        .then(|| verdicts(&name))
        .flatten()
}

/// What a submission's sources say of its results, by DOMjudge's rule.
#[derive(Debug, Clone, PartialEq)]
pub enum Annotation {
    None,
    /// The results listed: the final verdict is one of them.
    Results(VerdictSet),
    /// The annotation is given twice in one file: DOMjudge takes none (the reason, naming the file).
    Ambiguous(String),
}

/// DOMjudge's annotation: `@EXPECTED_RESULTS@: ` (or `@EXPECTED_SCORE@: ` with result names rather than a
/// number), anywhere in a source, in any case, read from the first of the submission's files (by name)
/// that has one; the results are the rest of that line, separated by commas.
pub fn annotation(path: &Path) -> Result<Annotation> {
    const TAGS: [&str; 2] = ["@expected_results@: ", "@expected_score@: "];
    for file in files(path) {
        let Ok(bytes) = std::fs::read(&file) else {
            continue;
        };
        let text = String::from_utf8_lossy(&bytes);
        // ASCII lowering keeps every byte offset where it was.
        let lower = text.to_ascii_lowercase();
        let mut found = None;
        for tag in TAGS {
            let Some(at) = lower.find(tag) else {
                continue;
            };
            if lower[at + tag.len()..].contains(tag) {
                return Ok(Annotation::Ambiguous(format!(
                    "{}: `{}` given twice (DOMjudge takes neither); keep one",
                    file.display(),
                    tag.trim_end().to_ascii_uppercase()
                )));
            }
            let rest = &text[at + tag.len()..];
            let line = rest.lines().next().unwrap_or_default();
            let listed = line.trim().trim_end_matches("*/").trim_end_matches("-->");
            // A number after `@EXPECTED_SCORE@` is a score (the groups read it), not results.
            if tag.contains("score") && listed.trim().parse::<f64>().is_ok() {
                continue;
            }
            found.get_or_insert((listed.to_string(), tag));
        }
        let Some((listed, tag)) = found else {
            continue;
        };
        let mut results = VerdictSet::EMPTY;
        for name in listed
            .split([',', ' ', '\t'])
            .map(str::trim)
            .filter(|n| !n.is_empty())
        {
            let Some(one) = verdicts(name) else {
                bail!(
                    "{}: {}: unknown result `{name}` (CORRECT, WRONG-ANSWER, TIMELIMIT, RUN-ERROR, NO-OUTPUT, OUTPUT-LIMIT, COMPILER-ERROR)",
                    file.display(),
                    tag.trim_end().to_ascii_uppercase()
                );
            };
            results = results.union(one);
        }
        if results.is_empty() {
            let tag = tag.trim_end().to_ascii_uppercase();
            bail!("{}: {tag} lists no result", file.display());
        }
        return Ok(Annotation::Results(results));
    }
    Ok(Annotation::None)
}

/// Whether the submission's `@EXPECTED_SCORE@: ` is followed by result names rather than a score.
pub fn score_tag_names_results(path: &Path) -> bool {
    let tagged = crate::package::text::tagged_line(path, "@EXPECTED_SCORE@:");
    tagged.is_some_and(|(_, rest)| {
        let first = rest.split([',', ' ', '\t']).find(|w| !w.is_empty());
        first.is_some_and(|w| w.parse::<f64>().is_err() && verdicts(w).is_some())
    })
}

/// A submission's files: the file, or a folder's files by name.
fn files(path: &Path) -> Vec<PathBuf> {
    match path.is_dir() {
        true => walkdir::WalkDir::new(path)
            .sort_by_file_name()
            .into_iter()
            .filter_map(|e| e.ok())
            .filter(|e| e.file_type().is_file() || e.path().is_file())
            .map(|e| e.into_path())
            .collect(),
        false => vec![path.to_path_buf()],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ini_values_as_php_reads_them() {
        let text = "; a comment\n[problem]\nname = \"Hello; World\nagain\"\ntimelimit=2 ; seconds\ncolor = #ff0000\nname2\npoints = 1\npoints = 3\n";
        assert_eq!(
            parse_ini(text),
            vec![
                ("name".to_string(), "Hello; World\nagain".to_string()),
                ("timelimit".to_string(), "2".to_string()),
                ("color".to_string(), "#ff0000".to_string()),
                ("points".to_string(), "3".to_string()),
            ]
        );
    }

    #[test]
    fn annotations_anywhere_in_any_case_and_result_names_after_the_score_tag() {
        let dir = std::env::temp_dir().join(format!("harness-annotation-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let file = |name: &str, text: &str| {
            let path = dir.join(name);
            std::fs::write(&path, text).unwrap();
            path
        };
        let set = VerdictSet::of;
        let middle = file("a.c", "int x;\n/* @expected_results@: TIMELIMIT,run-error */\n");
        let results = Annotation::Results(set(&[Verdict::TLE, Verdict::RE, Verdict::MLE]));
        assert_eq!(annotation(&middle).unwrap(), results);
        let named = file("b.py", "# @EXPECTED_SCORE@: CORRECT\n");
        assert_eq!(annotation(&named).unwrap(), Annotation::Results(set(&[Verdict::AC])));
        assert!(score_tag_names_results(&named));
        let number = file("c.py", "# @EXPECTED_SCORE@: 88.37\n");
        assert_eq!(annotation(&number).unwrap(), Annotation::None);
        assert!(!score_tag_names_results(&number));
        let twice = file("d.c", "// @EXPECTED_RESULTS@: CORRECT\n// @EXPECTED_RESULTS@: CORRECT\n");
        assert!(matches!(annotation(&twice).unwrap(), Annotation::Ambiguous(_)));
        let unknown = file("e.c", "// @EXPECTED_RESULTS@: MAYBE\n");
        let error = annotation(&unknown).unwrap_err().to_string();
        assert!(error.contains("unknown result `MAYBE`"), "{error}");
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn domjudge_results_map_to_verdicts() {
        let set = VerdictSet::of;
        assert_eq!(verdicts("wrong_answer"), Some(set(&[Verdict::WA, Verdict::PE])));
        assert_eq!(verdicts("TIMELIMIT"), Some(set(&[Verdict::TLE])));
        assert_eq!(verdicts("OUTPUT-LIMIT"), Some(set(&[Verdict::OLE])));
        assert_eq!(verdicts("MAYBE"), None);
        assert_eq!(folder("no_output"), Some(set(&[Verdict::WA])));
        assert_eq!(folder("accepted"), None);
    }
}
