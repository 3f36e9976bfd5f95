//! The example submissions of a Kattis problem package: every file or folder under `submissions/<folder>/`
//! (`.disabled` and hidden entries aside), each with the verdicts it must get:
//! - the folder's, as the specification's default requirements say (`accepted`: every test AC;
//!   `wrong_answer`, `time_limit_exceeded`, `run_time_error`: that verdict, the other tests AC;
//!   `rejected`: anything but AC; `brute_force`: TLE or RTE, never WA; problemtools' examples'
//!   `slow_accepted`: AC or TLE, not for the time limit; `partially_accepted`, for scoring problems, is
//!   not judged);
//! - DOMjudge's `@EXPECTED_RESULTS@: ...` header, in any other folder (`mixed/`, `rejected/`, ...): the
//!   final verdict is one of those listed;
//! - else a folder named by a result, as DOMjudge imports it (`compiler_error`, `no_output`,
//!   `output_limit`, its own `timelimit`, `run-error`...): the final verdict is that one;
//! - `submissions/submissions.yaml`: `permitted` and `required` verdicts for the submissions its glob
//!   patterns match, and `use_for_time_limit: false`; a `language` must be the one the file is built as
//!   (a language the judge lacks leaves the submission unjudged, saying so), an `entrypoint` names the
//!   main file of a folder (`prepared`), a `message` is not checked (a warning).

use std::path::{Path, PathBuf};

use anyhow::{bail, Result};
use serde_norway::Value;

use super::domjudge::{self, Annotation};
use super::yaml::{scalar, YamlMap};
use crate::package::text::leading_comment;
use crate::lang::LanguageTable;
use crate::package::source::Unplanned;
use crate::model::{Expected, Submission, Verdict, VerdictRule, VerdictSet};

/// The submissions of a package.
#[derive(Debug, Default)]
pub struct Found {
    pub planned: Vec<Submission>,
    pub unplanned: Vec<Unplanned>,
    pub not_for_time_limit: Vec<PathBuf>,
    /// The entry point `submissions.yaml` gives a submission (by its path), relative to it.
    pub entrypoints: Vec<(PathBuf, String)>,
}

/// Every verdict a test can get but a judge error or a compile error.
fn any() -> VerdictSet {
    VerdictSet::of(&Verdict::ALL).intersection(not(&[Verdict::JE, Verdict::CE]))
}

fn not(verdicts: &[Verdict]) -> VerdictSet {
    let excluded = VerdictSet::of(verdicts);
    Verdict::ALL
        .into_iter()
        .filter(|v| !excluded.contains(*v))
        .fold(VerdictSet::EMPTY, VerdictSet::with)
}

fn set(verdicts: &[Verdict]) -> VerdictSet {
    VerdictSet::of(verdicts)
}

/// The specification's requirements of a folder: (permitted, required).
fn default_requirements(folder: &str) -> Option<(VerdictSet, VerdictSet)> {
    use Verdict::*;
    let rte = [RE, MLE, OLE];
    Some(match folder {
        "accepted" => (set(&[AC]), any()),
        "wrong_answer" => (set(&[AC, WA, PE]), set(&[WA, PE])),
        "time_limit_exceeded" => (set(&[AC, TLE]), set(&[TLE])),
        "run_time_error" => (set(&[AC]).union(set(&rte)), set(&rte)),
        "rejected" => (any(), any().intersection(not(&[AC]))),
        // Judged by its score (`grade::score`), not by its tests' verdicts.
        "partially_accepted" => (any(), any()),
        "brute_force" => (
            set(&[AC, TLE]).union(set(&rte)),
            set(&[TLE]).union(set(&rte)),
        ),
        // problemtools' examples keep correct but slow submissions here (problemtools itself runs only
        // the specification's folders): accepted, or too slow; never used for the time limit.
        "slow_accepted" => (set(&[AC, TLE]), any()),
        _ => return None,
    })
}

/// The folders whose `@EXPECTED_RESULTS@` header DOMjudge ignores.
const OFFICIAL: [&str; 4] = [
    "accepted",
    "wrong_answer",
    "time_limit_exceeded",
    "run_time_error",
];

/// The requirements as the judge's `Expected`: the plain folders where they are the same.
fn expected(folder: &str, permitted: VerdictSet, required: VerdictSet) -> Expected {
    for (plain, name) in [
        (Expected::Accepted, "accepted"),
        (Expected::TimeLimitExceeded, "time_limit_exceeded"),
    ] {
        if folder == name && default_requirements(name) == Some((permitted, required)) {
            return plain;
        }
    }
    Expected::Verdicts(VerdictRule {
        folder: VerdictRule::folder_name(folder),
        permitted,
        required,
    })
}

/// Reads `submissions/` of the package in `dir`.
pub fn load(dir: &Path, id: &str, warnings: &mut Vec<String>) -> Result<Found> {
    let root = dir.join("submissions");
    let yaml = match YamlMap::read_if_exists(&root.join("submissions.yaml"))? {
        Some(yaml) => parse_yaml(&yaml, warnings)?,
        None => Vec::new(),
    };
    let mut found = Found::default();
    for folder in crate::package::text::entries(&root)?.into_iter().filter(|p| p.is_dir()) {
        let folder_name = folder
            .file_name()
            .unwrap_or_default()
            .to_string_lossy()
            .into_owned();
        for path in crate::package::text::entries(&folder)? {
            let file_name = path
                .file_name()
                .unwrap_or_default()
                .to_string_lossy()
                .into_owned();
            if file_name.ends_with(".disabled") {
                continue;
            }
            let relative = path
                .strip_prefix(dir)
                .unwrap_or(&path)
                .to_string_lossy()
                .into_owned();
            let within = format!("{folder_name}/{file_name}");
            let (expected, for_time_limit) = match requirements(&folder_name, &within, &path, &yaml)? {
                Ok(planned) => planned,
                Err(reason) => {
                    found.unplanned.push(Unplanned {
                        relative,
                        reason,
                        folder: folder_name.clone(),
                    });
                    continue;
                }
            };
            let file = root.join("submissions.yaml");
            if let Some(reason) = check_language(&yaml, &within, &path, &file)? {
                found.unplanned.push(Unplanned {
                    relative,
                    reason,
                    folder: folder_name.clone(),
                });
                continue;
            }
            let entrypoint = (yaml.iter())
                .filter(|e| glob_matches(&e.glob, &within))
                .filter_map(|e| e.entrypoint.clone())
                .next_back();
            if let Some(entrypoint) = entrypoint {
                found.entrypoints.push((path.clone(), entrypoint));
            }
            if folder_name == "slow_accepted" || !for_time_limit {
                found.not_for_time_limit.push(path.clone());
            }
            found.planned.push(Submission {
                problem: id.to_string(),
                why: leading_comment(&path),
                path,
                relative,
                expected,
                given: false,
            });
        }
    }
    Ok(found)
}

/// Why a submission in `folder` is not judged when nothing says what it must get.
fn unknown_folder(folder: &str) -> String {
    match folder {
        "partially_accepted" => "partially_accepted/ (legacy format) is for scoring problems; this one is pass-fail".to_string(),
        _ => format!(
            "unknown submissions folder `{folder}` (the folders judged are accepted, wrong_answer, time_limit_exceeded, run_time_error, rejected, brute_force and slow_accepted, and those DOMjudge names by a result: compiler_error, no_output, output_limit, correct, timelimit, run-error, ...; elsewhere a submission needs an @EXPECTED_RESULTS@ header or an entry in submissions.yaml)"
        ),
    }
}

/// A language `submissions.yaml` gives a file must be the one the judge builds it as (the language
/// table's ids are the specification's codes): judged as another language, it could get another verdict.
/// A language the judge does not have is why the submission is not judged (`Some`).
fn check_language(
    yaml: &[YamlEntry],
    within: &str,
    path: &Path,
    file: &Path,
) -> Result<Option<String>> {
    let given = yaml
        .iter()
        .filter(|e| glob_matches(&e.glob, within))
        .filter_map(|e| e.language.as_deref())
        .next_back();
    let Some(given) = given else {
        return Ok(None);
    };
    let table = LanguageTable::builtin();
    let found = match table.program(path) {
        Ok(program) => Some(program.language.id),
        Err(_) => None,
    };
    let same = |id: &str| id == given || id.strip_suffix("-cpython") == Some(given);
    if found.as_deref().is_some_and(same) {
        return Ok(None);
    }
    if !table.languages.iter().any(|l| same(&l.id)) {
        return Ok(Some(format!(
            "submissions.yaml gives it the language `{given}`, which the judge's language table lacks"
        )));
    }
    bail!(
        "{}: `{within}`: language `{given}`, but the judge builds it as {} (from its extension); rename the file or correct the language",
        file.display(),
        found.map_or("no known language".to_string(), |id| format!("`{id}`"))
    )
}

/// What a submission must get, and whether it may set the time limit; `Err` says why it is not judged
/// (a folder nothing says anything about, an ambiguous annotation).
fn requirements(
    folder: &str,
    within: &str,
    path: &Path,
    yaml: &[YamlEntry],
) -> Result<std::result::Result<(Expected, bool), String>> {
    let matching: Vec<&YamlEntry> = yaml
        .iter()
        .filter(|e| glob_matches(&e.glob, within))
        .collect();
    let mut current = default_requirements(folder);
    if matching.is_empty() && !OFFICIAL.contains(&folder) {
        match domjudge::annotation(path)? {
            Annotation::Results(listed) => {
                let permitted = listed.union(set(&[Verdict::AC]));
                return Ok(Ok((expected(folder, permitted, listed), true)));
            }
            Annotation::Ambiguous(why) => return Ok(Err(why)),
            Annotation::None => {}
        }
    }
    if current.is_none() {
        // A folder named by a result: DOMjudge takes it as the expected result.
        current = domjudge::folder(folder).map(|listed| (listed.union(set(&[Verdict::AC])), listed));
    }
    if current.is_none() && matching.is_empty() {
        return Ok(Err(unknown_folder(folder)));
    }
    let mut for_time_limit = true;
    for entry in matching {
        let (permitted, required) = current.get_or_insert((any(), any()));
        if entry.glob == folder {
            // The folder's own key replaces the default requirements it names.
            *permitted = entry.permitted.unwrap_or(*permitted);
            *required = entry.required.unwrap_or(*required);
        } else {
            *permitted = permitted.intersection(entry.permitted.unwrap_or(any()));
            *required = required.intersection(entry.required.unwrap_or(any()));
        }
        for_time_limit &= entry.use_for_time_limit != Some(false);
    }
    let (permitted, required) = current.expect("set above");
    Ok(Ok((expected(folder, permitted, required), for_time_limit)))
}

/// One glob pattern of `submissions.yaml` and what it requires.
#[derive(Debug)]
struct YamlEntry {
    glob: String,
    permitted: Option<VerdictSet>,
    required: Option<VerdictSet>,
    use_for_time_limit: Option<bool>,
    /// The language code the files it matches are in (the specification's codes: `cpp`, `python3`, ...).
    language: Option<String>,
    /// The main file of the programs it matches, relative to each.
    entrypoint: Option<String>,
}

fn parse_yaml(yaml: &YamlMap, warnings: &mut Vec<String>) -> Result<Vec<YamlEntry>> {
    let mut entries = Vec::new();
    for (glob, _) in yaml.map.iter() {
        let Some(glob) = glob.as_str() else {
            bail!(
                "{}: every key must be a glob pattern (a string)",
                yaml.path.display()
            );
        };
        let Some(rules) = yaml.sub(glob)? else {
            continue;
        };
        let verdicts = |key: &str| -> Result<Option<VerdictSet>> {
            let Some(names) = rules.words(key)? else {
                return Ok(None);
            };
            names
                .iter()
                .map(|name| {
                    kattis_verdict(name).ok_or_else(|| {
                        rules.bad(
                            key,
                            "verdicts among AC, WA, TLE, RTE",
                            &Value::String(name.clone()),
                        )
                    })
                })
                .try_fold(VerdictSet::EMPTY, |all, one| Ok(all.union(one?)))
                .map(Some)
        };
        let (mut permitted, mut required) = (verdicts("permitted")?, verdicts("required")?);
        let narrow = |given: Option<VerdictSet>, to| Some(given.unwrap_or(any()).intersection(to));
        // `lower` is `permitted: [AC, WA, RTE]`, `upper` is `required: [TLE]` (the specification's words).
        let use_for_time_limit = match rules.get("use_for_time_limit") {
            None => None,
            Some(Value::Bool(b)) => Some(*b),
            Some(Value::String(s)) if s == "lower" => {
                permitted = narrow(permitted, not(&[Verdict::TLE]));
                Some(true)
            }
            Some(Value::String(s)) if s == "upper" => {
                required = narrow(required, set(&[Verdict::TLE]));
                Some(true)
            }
            Some(other) => {
                return Err(rules.bad("use_for_time_limit", "true, false, lower or upper", other))
            }
        };
        for (key, value) in rules.map.iter() {
            let key = key
                .as_str()
                .map_or_else(|| scalar(key).unwrap_or_default(), str::to_string);
            match key.as_str() {
                "permitted" | "required" | "use_for_time_limit" | "authors" | "model_solution"
                | "score" => {}
                // Checked against each matching file's language when the submissions are read; the
                // entry point names the main file of each program matched (`prepared`).
                "language" | "entrypoint" => {}
                "message" => warnings.push(format!(
                    "submissions.yaml: `{glob}`: the expected judge message is not checked"
                )),
                _ if value.is_mapping() => warnings.push(format!(
                    "submissions.yaml: `{glob}`: requirements on the test group `{key}` are not checked (not supported yet)"
                )),
                _ => warnings.push(format!("submissions.yaml: `{glob}`: key `{key}` is not supported yet and ignored")),
            }
        }
        let language = match rules.get("language") {
            None => None,
            Some(Value::String(id)) => Some(id.clone()),
            Some(other) => return Err(rules.bad("language", "a language code", other)),
        };
        let entrypoint = match rules.get("entrypoint") {
            None => None,
            Some(Value::String(file)) => Some(file.clone()),
            Some(other) => return Err(rules.bad("entrypoint", "a file name", other)),
        };
        entries.push(YamlEntry {
            glob: glob.to_string(),
            language,
            entrypoint,
            permitted,
            required,
            use_for_time_limit,
        });
    }
    Ok(entries)
}

/// A verdict of `submissions.yaml`, as the judge's verdicts.
fn kattis_verdict(name: &str) -> Option<VerdictSet> {
    use Verdict::*;
    Some(match name {
        "AC" => set(&[AC]),
        "WA" => set(&[WA, PE]),
        "TLE" => set(&[TLE]),
        "RTE" => set(&[RE, MLE, OLE]),
        _ => return None,
    })
}

/// A `submissions.yaml` glob against a submission's path under `submissions/`: `*` within one name,
/// `{a,b}` alternatives; a pattern that matches a parent folder matches everything in it.
pub fn glob_matches(pattern: &str, path: &str) -> bool {
    let parts: Vec<&str> = path.split('/').collect();
    expand_braces(pattern).iter().any(|pattern| {
        let wanted: Vec<&str> = pattern.trim_end_matches('/').split('/').collect();
        wanted.len() <= parts.len()
            && wanted
                .iter()
                .zip(&parts)
                .all(|(w, p)| crate::package::text::glob_match(w, p))
    })
}

fn expand_braces(pattern: &str) -> Vec<String> {
    let (Some(open), Some(close)) = (pattern.find('{'), pattern.find('}')) else {
        return vec![pattern.to_string()];
    };
    if close < open {
        return vec![pattern.to_string()];
    }
    let (head, tail) = (&pattern[..open], &pattern[close + 1..]);
    pattern[open + 1..close]
        .split(',')
        .flat_map(|choice| expand_braces(&format!("{head}{choice}{tail}")))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn globs_match_within_names_and_parents() {
        assert!(glob_matches("accepted", "accepted/a.py"));
        assert!(glob_matches("accepted/*", "accepted/a.py"));
        assert!(glob_matches("*/a.{py,cpp}", "mixed/a.cpp"));
        assert!(!glob_matches("accepted/*.py", "accepted/a.cpp"));
        assert!(!glob_matches("accept", "accepted/a.py"));
    }

    #[test]
    fn folders_default_requirements_are_plain_where_they_can_be() {
        assert_eq!(
            expected("accepted", set(&[Verdict::AC]), any()),
            Expected::Accepted
        );
        assert!(matches!(
            expected(
                "wrong_answer",
                set(&[Verdict::AC, Verdict::WA, Verdict::PE]),
                set(&[Verdict::WA, Verdict::PE])
            ),
            Expected::Verdicts(_)
        ));
    }
}
