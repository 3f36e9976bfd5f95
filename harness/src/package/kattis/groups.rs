//! The test groups of a scoring Kattis package: every folder of `data/` is a group, its tests and folders
//! its children in the order of the data; its rules come from its `testdata.yaml` (or `test_group.yaml`),
//! each key inherited from the folder above when not given, as problemtools reads them: `on_reject`
//! (`break`, `continue`), `grading` (`default`, or `custom`: the package's `graders/` program, with
//! `grader_flags` as its arguments), `grader_flags`, `accept_score`, `reject_score`, `range`;
//! a legacy problem.yaml's `grading` (`accept_score`, `reject_score`, `range`, `on_reject`) overrides them
//! everywhere. The 2023-07 draft's keys map onto the same rules: `scoring: {score, aggregation}` and
//! `max_score` with `score_aggregation` (`sum`, `min`, `pass-fail`). A 2025-09 package is read by its own
//! specification instead (`tree_2025`): groups only in `secret`, scoring keys not inherited, their
//! defaults. Expected scores: a submission's `@EXPECTED_SCORE@: N` (or `N M`, a range) and
//! `submissions.yaml`'s `score`.

use std::path::{Path, PathBuf};

use anyhow::{anyhow, bail, Result};
use serde_norway::{Mapping, Value};

use super::FormatVersion;
use super::yaml::YamlMap;
use crate::model::score::OnReject;
use crate::model::{
    GroupRules, ScoreExpectation, ScoreGroup, ScoreItem, Scoring, Submission, TestCase,
    ValidatorScore,
};

/// The keys of a group's file this reader knows (the validators' are read by `kattis_data`).
const KEYS: &[&str] = &[
    "on_reject",
    "grading",
    "grader_flags",
    "accept_score",
    "reject_score",
    "range",
    "input_validator_flags",
    "output_validator_flags",
    "input_validator_args",
    "output_validator_args",
    "scoring",
    "max_score",
    "score_aggregation",
];

/// The scoring of a package of type `scoring`.
pub fn load(
    dir: &Path,
    problem_yaml: &YamlMap,
    format: FormatVersion,
    tests: &[TestCase],
    submissions: &[Submission],
    warnings: &mut Vec<String>,
) -> Result<Scoring> {
    let legacy = problem_yaml.sub("grading")?;
    let mut reader = Reader {
        dir,
        legacy: legacy.as_ref(),
        warnings,
    };
    let names: Vec<&str> = tests.iter().map(|t| t.name.as_str()).collect();
    let root = match format {
        FormatVersion::V2025 => reader.tree_2025(&names)?,
        _ => reader.group(super::data_dir(dir), String::new(), &Mapping::new(), &names)?,
    };
    let custom_score = match format {
        FormatVersion::Legacy => problem_yaml
            .words("validation")?
            .unwrap_or_default()
            .iter()
            .any(|w| w == "score"),
        _ => true,
    };
    let validator_score = match (format, custom_score) {
        (FormatVersion::Legacy, true) => ValidatorScore::Required,
        (_, true) => ValidatorScore::Allowed,
        (_, false) => ValidatorScore::Forbidden,
    };
    Ok(Scoring {
        root,
        validator_score,
        expected: expected_scores(dir, submissions)?,
        partial: crate::model::score::PartialRule::AcceptedBelowFull,
        rules: Default::default(),
    })
}

struct Reader<'a> {
    dir: &'a Path,
    legacy: Option<&'a YamlMap>,
    warnings: &'a mut Vec<String>,
}

impl Reader<'_> {
    /// The group of `folder` (named `name` under `data/`) and its tests among `names`, in order.
    fn group(
        &mut self,
        folder: PathBuf,
        name: String,
        inherited: &Mapping,
        names: &[&str],
    ) -> Result<ScoreGroup> {
        let own = own_config(&folder)?;
        let mut config = inherited.clone();
        if let Some(own) = &own {
            for key in own.unknown_keys(KEYS) {
                let shown = own.path.strip_prefix(self.dir).unwrap_or(&own.path);
                self.warnings
                    .push(format!("{}: unknown key `{key}` ignored", shown.display()));
            }
            for (key, value) in &own.map {
                config.insert(key.clone(), value.clone());
            }
        }
        // The children: the tests directly here, and the folders below, in the data's order.
        let prefix = match name.is_empty() {
            true => String::new(),
            false => format!("{name}/"),
        };
        let mut items = Vec::new();
        let mut direct = 0;
        let mut i = 0;
        while i < names.len() {
            let Some(rest) = names[i].strip_prefix(&prefix) else {
                i += 1;
                continue;
            };
            match rest.split_once('/') {
                None => {
                    items.push(ScoreItem::Test(names[i].to_string()));
                    direct += 1;
                    i += 1;
                }
                Some((sub, _)) => {
                    let sub_name = format!("{prefix}{sub}");
                    let sub_prefix = format!("{sub_name}/");
                    let end = names[i..]
                        .iter()
                        .position(|n| !n.starts_with(&sub_prefix))
                        .map_or(names.len(), |p| i + p);
                    let group = self.group(folder.join(sub), sub_name, &config, &names[i..end])?;
                    items.push(ScoreItem::Group(group));
                    i = end;
                }
            }
        }
        let file = own
            .map(|o| o.path)
            .unwrap_or_else(|| folder.join("testdata.yaml"));
        let rules = self.rules(&config, &file, direct)?;
        Ok(ScoreGroup { name, rules, items })
    }

    /// A group's rules from its (inherited) keys, then problem.yaml's legacy `grading`, then the defaults.
    fn rules(&self, config: &Mapping, file: &Path, tests: usize) -> Result<GroupRules> {
        let yaml = YamlMap::from_map(file, config.clone());
        let mut rules = GroupRules::default();
        let custom = match yaml.string("grading")?.as_deref() {
            None | Some("default") => false,
            Some("custom") => true,
            Some(other) => bail!(
                "{}: key `grading`: expected default or custom, got `{other}`",
                file.display()
            ),
        };
        if let Some(on_reject) = yaml.string("on_reject")? {
            rules.on_reject = parse_on_reject(&on_reject).ok_or_else(|| {
                anyhow!(
                    "{}: key `on_reject`: expected break or continue, got `{on_reject}`",
                    file.display()
                )
            })?;
        }
        if custom {
            // The flags are the custom grader's arguments, whatever they say.
            rules.custom_grader = Some(yaml.words("grader_flags")?.unwrap_or_default());
        } else if let Some(flags) = yaml.words("grader_flags")? {
            rules
                .apply_flags(&flags)
                .map_err(|why| anyhow!("{}: key `grader_flags`: {why}", file.display()))?;
        }
        // The newer keys.
        let scoring = yaml.sub("scoring")?;
        let score = match &scoring {
            Some(s) => s.number("score")?,
            None => None,
        }
        .or(yaml.number("max_score")?);
        let aggregation = match &scoring {
            Some(s) => s.string("aggregation")?,
            None => None,
        }
        .or(yaml.string("score_aggregation")?);
        if score.is_some() || aggregation.is_some() {
            let aggregation = aggregation.unwrap_or_else(|| "sum".into());
            if !["sum", "min", "pass-fail"].contains(&aggregation.as_str()) {
                bail!(
                    "{}: key `score_aggregation`: expected sum, min or pass-fail, got `{aggregation}`",
                    file.display()
                );
            }
            let max = score.unwrap_or(f64::INFINITY);
            newer_rules(&mut rules, max, &aggregation, tests);
        }
        let layers: [Option<&YamlMap>; 2] = [Some(&yaml), self.legacy];
        for layer in layers.into_iter().flatten() {
            if let Some(accept) = layer.number("accept_score")? {
                rules.accept_score = accept;
            }
            if let Some(reject) = layer.number("reject_score")? {
                rules.reject_score = reject;
            }
            if let Some(range) = layer.string("range")? {
                rules.range = parse_range(&range).ok_or_else(|| {
                    anyhow!(
                        "{}: key `range`: expected two numbers, the lowest and the highest score (`0 100`), got `{range}`",
                        layer.path.display()
                    )
                })?;
            }
        }
        if let Some(legacy) = self.legacy {
            match legacy.string("on_reject")?.as_deref() {
                Some("first_error") => rules.on_reject = OnReject::Break,
                Some("grade") => rules.on_reject = OnReject::Continue,
                _ => {}
            }
        }
        Ok(rules)
    }

    /// A 2025-09 package's groups ("Test data groups", "Result aggregation"): `data/` scores `secret`
    /// alone (`sample` is judged, worth nothing, and its `score.txt` ignored). `secret` is either one
    /// group of every test below it, or, when any folder in it has a `test_group.yaml`, a group of those
    /// folders (then every folder in it must be one, and no test lies right in it); a group is every
    /// test below its folder (folders below a group are not groups). `max_score` and
    /// `score_aggregation` are not inherited: `secret` is `100` and `sum` unless it says otherwise, a
    /// group `unbounded` and `pass-fail`, which only an unbounded `secret` allows.
    fn tree_2025(&mut self, names: &[&str]) -> Result<ScoreGroup> {
        let data = super::data_dir(self.dir);
        let under = |prefix: &str| -> Vec<String> {
            names
                .iter()
                .filter(|n| n.starts_with(prefix))
                .map(|n| n.to_string())
                .collect()
        };
        let tests = |names: Vec<String>| names.into_iter().map(ScoreItem::Test).collect();
        let mut root_items = Vec::new();
        let sample = under("sample/");
        if !sample.is_empty() {
            let own = self.config_2025(&data.join("sample"))?;
            for key in ["max_score", "score_aggregation", "require_pass"] {
                if own.get(key).is_some() {
                    bail!(
                        "{}: key `{key}` is not permitted in sample",
                        own.path.display()
                    );
                }
            }
            let mut rules = GroupRules {
                on_reject: OnReject::Continue,
                accept_score: 0.0,
                range: (0.0, 0.0),
                validator_score: Some(ValidatorScore::Ignored),
                ..GroupRules::default()
            };
            rules.apply_flags(&["first_error".to_string()]).ok();
            root_items.push(ScoreItem::Group(ScoreGroup {
                name: "sample".into(),
                rules,
                items: tests(sample),
            }));
        }
        let secret_dir = data.join("secret");
        let secret_yaml = self.config_2025(&secret_dir)?;
        let secret = under("secret/");
        let is_group = |folder: &str| {
            let dir = secret_dir.join(folder);
            dir.join("test_group.yaml").is_file() || dir.join("testdata.yaml").is_file()
        };
        let folder_of = |name: &str| {
            name["secret/".len()..]
                .split_once('/')
                .map(|(f, _)| f.to_string())
        };
        let has_groups = secret
            .iter()
            .any(|n| folder_of(n).is_some_and(|f| is_group(&f)));
        let (secret_max, secret_aggregation) = scoring_keys(&secret_yaml, 100.0, "sum")?;
        let mut groups: Vec<(String, Vec<String>)> = Vec::new();
        if has_groups && secret_aggregation != "pass-fail" {
            for name in &secret {
                let Some(folder) = folder_of(name) else {
                    bail!(
                        "{}: data/{name}.in: `secret` has test data groups, so no test case may lie right in it",
                        self.dir.display()
                    );
                };
                if !is_group(&folder) {
                    bail!(
                        "{}: data/secret/{folder}/: `secret` has test data groups, so each of its folders must be one (a test_group.yaml)",
                        self.dir.display()
                    );
                }
                match groups.last_mut() {
                    Some((last, members)) if *last == folder => members.push(name.clone()),
                    _ => groups.push((folder, vec![name.clone()])),
                }
            }
        }
        // A `pass-fail` secret scores its maximum when every test passes (its groups are `pass-fail`
        // too): one group of all its tests.
        // The groups a later one may require (`require_pass`), with their aggregation.
        let mut declared: Vec<(String, String)> = Vec::new();
        if root_items.iter().any(|i| matches!(i, ScoreItem::Group(g) if g.name == "sample")) {
            declared.push(("sample".into(), "pass-fail".into()));
        }
        let secret_requires = require_pass(&secret_yaml, "secret", &declared)?;
        let secret_items: Vec<ScoreItem> = match groups.is_empty() {
            true => tests(secret.clone()),
            false => {
                let mut items = Vec::new();
                for (folder, members) in groups {
                    let yaml = self.config_2025(&secret_dir.join(&folder))?;
                    let (max, aggregation) = scoring_keys(&yaml, f64::INFINITY, "pass-fail")?;
                    if max.is_infinite() && secret_max.is_finite() {
                        bail!(
                            "{}: key `max_score`: a test data group's maximum score is `unbounded` unless given, and only an unbounded `secret` allows that; give the group's `max_score`",
                            yaml.path.display()
                        );
                    }
                    if aggregation == "pass-fail" && max.is_infinite() {
                        bail!(
                            "{}: key `score_aggregation`: a `pass-fail` group needs a bounded `max_score`",
                            yaml.path.display()
                        );
                    }
                    let mut rules = GroupRules::default();
                    newer_rules(&mut rules, max, &aggregation, members.len());
                    let name = format!("secret/{folder}");
                    rules.requires = require_pass(&yaml, &name, &declared)?;
                    declared.push((name, aggregation.clone()));
                    items.push(ScoreItem::Group(ScoreGroup {
                        name: format!("secret/{folder}"),
                        rules,
                        items: tests(members),
                    }));
                }
                items
            }
        };
        let direct = match has_groups && secret_aggregation != "pass-fail" {
            true => 0,
            false => secret.len(),
        };
        let mut secret_rules = GroupRules::default();
        newer_rules(&mut secret_rules, secret_max, &secret_aggregation, direct);
        secret_rules.requires = secret_requires;
        if !secret_items.is_empty() {
            root_items.push(ScoreItem::Group(ScoreGroup {
                name: "secret".into(),
                rules: secret_rules,
                items: secret_items,
            }));
        }
        let mut root = GroupRules {
            on_reject: OnReject::Continue,
            range: (0.0, secret_max),
            ..GroupRules::default()
        };
        root.apply_flags(&["ignore_sample".to_string()]).ok();
        Ok(ScoreGroup {
            name: String::new(),
            rules: root,
            items: root_items,
        })
    }

    /// A 2025-09 folder's `test_group.yaml` (an empty map without one); keys that are not 2025-09's
    /// are ignored with a warning, and those this judge does not implement are errors. The drafts'
    /// `testdata.yaml` with `scoring: {score, aggregation}` (the format's own example of a scoring
    /// problem still has them) is read in its place, with a warning.
    fn config_2025(&mut self, folder: &Path) -> Result<YamlMap> {
        let file = folder.join("test_group.yaml");
        let draft = folder.join("testdata.yaml");
        let mut yaml = YamlMap::read_if_exists(&file)?
            .unwrap_or_else(|| YamlMap::from_map(&file, Mapping::new()));
        if !file.is_file() && draft.is_file() {
            yaml = YamlMap::read(&draft)?;
            let shown = draft.strip_prefix(self.dir).unwrap_or(&draft);
            self.warnings.push(format!(
                "{}: the drafts' name; 2025-09 reads test_group.yaml (read in its place)",
                shown.display()
            ));
        }
        if let Some(scoring) = yaml.sub("scoring")? {
            let shown = yaml.path.strip_prefix(self.dir).unwrap_or(&yaml.path);
            self.warnings.push(format!(
                "{}: key `scoring`: the drafts' form; 2025-09 says max_score and score_aggregation (read as them)",
                shown.display()
            ));
            for (from, to) in [("score", "max_score"), ("aggregation", "score_aggregation")] {
                if let (Some(value), None) = (scoring.get(from), yaml.get(to)) {
                    yaml.map.insert(Value::from(to), value.clone());
                }
            }
            yaml.map.remove("scoring");
        }
        for key in yaml.unknown_keys(KEYS_2025) {
            let shown = yaml.path.strip_prefix(self.dir).unwrap_or(&yaml.path);
            self.warnings.push(format!(
                "{}: key `{key}` is not a 2025-09 key: ignored",
                shown.display()
            ));
        }
        if yaml.get("static_validation_score").is_some() {
            bail!(
                "{}: key `static_validation_score`: static validation (static_validator/ judging a submission's source) is not supported yet, so the score it gives cannot be judged",
                yaml.path.display()
            );
        }
        Ok(yaml)
    }
}

/// A 2025-09 group's `require_pass` ("Group dependencies"): one name or a list, each `sample` or a test
/// data group (`secret/...`) that comes before `name` and has `pass-fail` aggregation (`declared`, the
/// groups before it, say which); `secret` may require `sample` only. The group then scores only when
/// they are all accepted (`GroupRules::requires`).
fn require_pass(yaml: &YamlMap, name: &str, declared: &[(String, String)]) -> Result<Vec<String>> {
    let Some(required) = yaml.one_or_many("require_pass")? else {
        return Ok(Vec::new());
    };
    for other in &required {
        let found = declared.iter().find(|(n, _)| n == other);
        let why = match found {
            _ if name == "secret" && other != "sample" => Some("`secret` may require `sample` only"),
            None if other.as_str() >= name => Some("a group may only require groups before it"),
            None => Some("no such group (name it from data/: `sample` or `secret/<group>`)"),
            Some((_, aggregation)) if aggregation != "pass-fail" => {
                Some("a required group must have `pass-fail` aggregation")
            }
            Some(_) => None,
        };
        if let Some(why) = why {
            bail!(
                "{}: key `require_pass`: `{other}`: {why}",
                yaml.path.display()
            );
        }
    }
    Ok(required)
}

/// The keys of a 2025-09 `test_group.yaml`.
const KEYS_2025: &[&str] = &[
    "max_score",
    "score_aggregation",
    "static_validation_score",
    "require_pass",
    "args",
    "input_validator_args",
    "static_validator_args",
    "output_validator_args",
    "input_visualizer_args",
    "output_visualizer_args",
    "full_feedback",
];

/// A 2025-09 group's `max_score` (a whole number from 0, or `unbounded`: infinite) and
/// `score_aggregation` (`pass-fail`, `sum`, `min`), with the defaults given.
fn scoring_keys(yaml: &YamlMap, max: f64, aggregation: &str) -> Result<(f64, String)> {
    let max = match yaml.get("max_score") {
        None => max,
        Some(Value::String(s)) if s == "unbounded" => f64::INFINITY,
        Some(value) => match value.as_u64() {
            Some(n) => n as f64,
            None => {
                return Err(yaml.bad("max_score", "a whole number from 0, or `unbounded`", value))
            }
        },
    };
    let aggregation = yaml
        .string("score_aggregation")?
        .unwrap_or_else(|| aggregation.into());
    if !["sum", "min", "pass-fail"].contains(&aggregation.as_str()) {
        bail!(
            "{}: key `score_aggregation`: expected pass-fail, sum or min, got `{aggregation}`",
            yaml.path.display()
        );
    }
    Ok((max, aggregation))
}

/// The rules a `max_score` and `score_aggregation` stand for: a test accepted scores the whole
/// (`min`, `pass-fail`) or its share of `tests` (`sum`) unless its validator scores it (not under
/// `pass-fail`; always when unbounded), and a `sum` group is accepted when any child is (a submission
/// that solves some groups is accepted with their points).
fn newer_rules(rules: &mut GroupRules, max: f64, aggregation: &str, tests: usize) {
    let share = match (aggregation, tests) {
        ("sum", n) if n > 0 && max.is_finite() => max / n as f64,
        _ => max,
    };
    rules.accept_score = if share.is_finite() { share } else { 1.0 };
    rules.reject_score = 0.0;
    rules.range = (0.0, max);
    rules.scores = match aggregation {
        "sum" => crate::model::score::ScoreAggregation::Sum,
        _ => crate::model::score::ScoreAggregation::Min,
    };
    rules.accept_if_any_accepted = aggregation == "sum";
    rules.on_reject = match aggregation {
        "sum" => OnReject::Continue,
        _ => OnReject::Break,
    };
    rules.test_max = share.is_finite().then_some(share);
    rules.validator_score = Some(match (aggregation, max.is_finite()) {
        ("pass-fail", _) => ValidatorScore::Forbidden,
        (_, false) => ValidatorScore::Required,
        _ => ValidatorScore::Allowed,
    });
}

/// A folder's own group file.
fn own_config(folder: &Path) -> Result<Option<YamlMap>> {
    let new = folder.join("test_group.yaml");
    let old = folder.join("testdata.yaml");
    let file = if new.is_file() { new } else { old };
    YamlMap::read_if_exists(&file)
}

fn parse_on_reject(text: &str) -> Option<OnReject> {
    match text {
        "break" => Some(OnReject::Break),
        "continue" => Some(OnReject::Continue),
        _ => None,
    }
}

/// `-inf +inf`, `0 100`: two numbers, the first not above the second.
fn parse_range(text: &str) -> Option<(f64, f64)> {
    let parse = |word: &str| match word {
        "inf" | "+inf" => Some(f64::INFINITY),
        "-inf" => Some(f64::NEG_INFINITY),
        _ => word.parse::<f64>().ok().filter(|n| n.is_finite()),
    };
    let words: Vec<&str> = text.split_whitespace().collect();
    match words[..] {
        [low, high] => {
            let (low, high) = (parse(low)?, parse(high)?);
            (low <= high).then_some((low, high))
        }
        _ => None,
    }
}

/// The expected scores of the submissions: `@EXPECTED_SCORE@` in a file of the submission, else
/// `submissions.yaml`'s `score` for a glob that matches it.
fn expected_scores(
    dir: &Path,
    submissions: &[Submission],
) -> Result<Vec<(PathBuf, ScoreExpectation)>> {
    let yaml = YamlMap::read_if_exists(&dir.join("submissions/submissions.yaml"))?;
    let mut found = Vec::new();
    for submission in submissions {
        let within = submission
            .path
            .strip_prefix(dir.join("submissions"))
            .unwrap_or(&submission.path)
            .to_string_lossy()
            .into_owned();
        // DOMjudge reads `@EXPECTED_SCORE@: CORRECT` (result names, no number) as expected results.
        let mut expected = match super::domjudge::score_tag_names_results(&submission.path) {
            true => None,
            false => crate::package::text::expected_score_tag(&submission.path)?,
        };
        if let (None, Some(yaml)) = (expected, &yaml) {
            for (glob, rules) in &yaml.map {
                let (Some(glob), Some(rules)) = (glob.as_str(), rules.as_mapping()) else {
                    continue;
                };
                if !super::submissions::glob_matches(glob, &within) {
                    continue;
                }
                if let Some(score) = rules.get("score") {
                    expected = Some(yaml_score(score).ok_or_else(|| {
                        anyhow!(
                            "{}: `{glob}`: key `score`: expected a number or a list of two numbers",
                            yaml.path.display()
                        )
                    })?);
                }
            }
        }
        if let Some(expected) = expected {
            found.push((submission.path.clone(), expected));
        }
    }
    Ok(found)
}

fn yaml_score(value: &Value) -> Option<ScoreExpectation> {
    match value {
        Value::Number(n) => n.as_f64().map(ScoreExpectation::exactly),
        Value::Sequence(both) if both.len() == 2 => Some(ScoreExpectation {
            min: both[0].as_f64()?,
            max: both[1].as_f64()?,
        }),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranges() {
        assert_eq!(parse_range("0 100"), Some((0.0, 100.0)));
        assert_eq!(
            parse_range("-inf +inf"),
            Some((f64::NEG_INFINITY, f64::INFINITY))
        );
        assert_eq!(parse_range("100 0"), None);
        assert_eq!(parse_range("0"), None);
    }
}
