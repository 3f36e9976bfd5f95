//! The Kattis / ICPC problem-package format (a folder with `problem.yaml`), in the `legacy` version of
//! problemtools and the `2023-07-draft` and `2025-09` versions: their metadata and limits, their output
//! validator (or the default one with its flags, `program`), their test data (`data`) and groups
//! (`groups`), their example submissions (`submissions`, built as `prepared` changes them: `include/`,
//! `entrypoint`, `constants`) and input validators (`validation`), read into a `ProblemSource`; `export`
//! writes ours as packages.

pub mod data;
pub mod domjudge;
pub mod export;
pub mod generators;
pub mod groups;
pub mod inline_modules;
pub mod prepared;
pub mod program;
pub mod submissions;
pub mod validation;
pub mod yaml;

use std::path::Path;

use anyhow::{bail, Context, Result};

use crate::model::limits::PROBE_TIME_LIMIT_MS;
use crate::model::{
    BuiltinChecker, CheckerSpec, Expected, Limits, PackageInfo, Problem, ProgramSpec, Protocol, Runs,
    Submission, Verdict, VerdictSet,
};
use crate::package::source::{InputValidation, ProblemSource, Timing, Unplanned};
use yaml::YamlMap;

pub use program::ValidatorProgram;

/// The format: a folder with a `problem.yaml`.
pub struct Kattis;

impl crate::package::Format for Kattis {
    fn describe(&self) -> &'static str {
        "a problem package (problem.yaml)"
    }
    fn detects(&self, dir: &Path) -> bool {
        dir.join("problem.yaml").is_file() || dir.join("domjudge-problem.ini").is_file()
    }
    fn load(&self, dir: &Path, _submissions: bool) -> Result<ProblemSource> {
        Ok(load(dir)?.0)
    }
    fn compare_generated(
        &self,
        dir: &Path,
        maker: &crate::package::generated::Maker,
    ) -> Result<Option<crate::package::generated::Comparison>> {
        match generators::file(dir).is_file() {
            true => generators::compare(dir, maker).map(Some),
            false => Ok(None),
        }
    }
    fn generates(&self, dir: &Path) -> bool {
        generators::wanted(dir)
    }
    fn generate(
        &self,
        dir: &Path,
        maker: &crate::package::generated::Maker,
    ) -> Result<Option<std::path::PathBuf>> {
        generators::generate(dir, maker)
    }
    fn scoring_rules(
        &self,
        dir: &Path,
        scoring: &crate::model::Scoring,
        rules: crate::model::ScoringRules,
    ) -> Result<crate::model::Scoring> {
        match rules {
            crate::model::ScoringRules::Specification => Ok(scoring.clone()),
            crate::model::ScoringRules::DomJudge => domjudge::scoring(dir, scoring),
        }
    }
    fn input_validation(&self, dir: &Path) -> Result<Option<InputValidation>> {
        let (package, format) = load(dir)?;
        validation::load(&package.problem.dir, format, &package.tests).map(Some)
    }
}

/// The package's test data: what its `generators.yaml` made in this run, else its `data/`.
pub fn data_dir(dir: &Path) -> std::path::PathBuf {
    crate::package::generated::data_of(dir).unwrap_or_else(|| dir.join("data"))
}

/// The problem-package formats this loader reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FormatVersion {
    /// problemtools' format before `problem_format_version` (also `legacy-icpc`).
    Legacy,
    Draft2023,
    V2025,
}

impl FormatVersion {
    pub fn name(self) -> &'static str {
        match self {
            FormatVersion::Legacy => "legacy",
            FormatVersion::Draft2023 => "2023-07-draft",
            FormatVersion::V2025 => "2025-09",
        }
    }
}

/// Defaults of a package's limits (problemtools' system defaults).
pub const DEFAULT_MEMORY_MIB: u64 = 2048;
pub const DEFAULT_OUTPUT_MIB: u64 = 8;
const DEFAULT_VALIDATION_SECONDS: u64 = 60;
const DEFAULT_VALIDATION_MEMORY_MIB: u64 = 2048;
const DEFAULT_VALIDATION_OUTPUT_MIB: u64 = 8;
const DEFAULT_VALIDATION_PASSES: u32 = 2;

const LEGACY_KEYS: &[&str] = &[
    "problem_format_version",
    "type",
    "name",
    "uuid",
    "author",
    "source",
    "source_url",
    "license",
    "rights_owner",
    "limits",
    "validation",
    "validator_flags",
    "grading",
    "keywords",
];
const NEW_KEYS: &[&str] = &[
    "problem_format_version",
    "type",
    "name",
    "uuid",
    "version",
    "credits",
    "source",
    "license",
    "rights_owner",
    "embargo_until",
    "limits",
    "keywords",
    "languages",
    "allow_file_writing",
    "constants",
    "output_validator_args",
];
const LEGACY_LIMITS: &[&str] = &[
    "time_multiplier",
    "time_safety_margin",
    "time_limit",
    "memory",
    "output",
    "code",
    "compilation_time",
    "compilation_memory",
    "validation_time",
    "validation_memory",
    "validation_output",
    // Not a key of the legacy format: read all the same for `validation: custom multi-pass`.
    "validation_passes",
];
const NEW_LIMITS: &[&str] = &[
    "time_multipliers",
    "time_limit",
    "time_resolution",
    "memory",
    "output",
    "code",
    "compilation_time",
    "compilation_memory",
    "validation_time",
    "validation_memory",
    "validation_output",
    "validation_passes",
];

/// The folders of a package that judging does not read: input and answer validators (validating checks
/// their links before it runs them), statements, slides, solutions' write-ups, visualizers, attachments.
const UNJUDGED_PARTS: &[&str] = &[
    "input_validators",
    "input_format_validators",
    "answer_validators",
    "statement",
    "problem_statement",
    "problem_slide",
    "solution",
    "input_visualizer",
    "output_visualizer",
    "input_visualizer_disabled",
    "output_visualizer_disabled",
    "attachments",
];

/// The legacy keys of problem.yaml a newer package may still hold, and what the newer versions say
/// instead: warned about by name (`validator_flags` is read as `output_validator_args`).
const OLD_SPELLINGS: &[(&str, &str)] = &[
    ("author", "says `credits` (its `authors`); ignored"),
    ("source_url", "says `source` with `name` and `url`; ignored"),
    ("validation", "says `type` (interactive, scoring) and has output_validator/; ignored"),
    ("validator_flags", "says `output_validator_args` (read as it)"),
    ("grading", "says `max_score` and `score_aggregation` in test_group.yaml; ignored"),
    ("scoring", "says `max_score` and `score_aggregation` in test_group.yaml; ignored"),
    ("libraries", "has no libraries (include/ adds files to submissions); ignored"),
];

/// The legacy time multipliers of `limits`, and the `time_multipliers` key each is read as.
const OLD_LIMITS: &[(&str, &str)] = &[
    ("time_multiplier", "ac_to_time_limit"),
    ("time_safety_margin", "time_limit_to_tle"),
];

/// Reads the package in `dir`, and says its format version. Errors name the file and the key of what is
/// malformed.
pub fn load(dir: &Path) -> Result<(ProblemSource, FormatVersion)> {
    let dir = dir
        .canonicalize()
        .with_context(|| format!("{}: no such package folder", dir.display()))?;
    // Links out of the package are refused where the judge reads through them when it judges (data,
    // submissions, validators of output, generators); elsewhere they are warnings.
    let aside = crate::package::links::check_inside_except(&dir, UNJUDGED_PARTS)?;
    let yaml_path = dir.join("problem.yaml");
    // DOMjudge reads a package without problem.yaml (its settings in domjudge-problem.ini): a legacy one.
    let yaml = match !yaml_path.exists() && dir.join("domjudge-problem.ini").is_file() {
        true => YamlMap::empty(&yaml_path),
        false => YamlMap::read(&yaml_path).with_context(|| {
            format!(
                "{}: not a problem package (it needs a problem.yaml)",
                dir.display()
            )
        })?,
    };
    let format = format_version(&yaml)?;
    let id = dir
        .file_name()
        .unwrap_or_default()
        .to_string_lossy()
        .into_owned();
    let mut warnings = aside;
    let known = match format {
        FormatVersion::Legacy => LEGACY_KEYS,
        _ => NEW_KEYS,
    };
    for key in yaml.unknown_keys(known) {
        let old = OLD_SPELLINGS.iter().find(|(old, _)| *old == key);
        match old {
            Some((_, now)) if format != FormatVersion::Legacy => warnings.push(format!(
                "problem.yaml: key `{key}` is an older version's spelling; {} {now}",
                format.name()
            )),
            _ => warnings.push(format!("problem.yaml: unknown key `{key}` ignored")),
        }
    }
    let (types, unsupported, base_args) = kind(&yaml, format)?;
    let interactive = types.iter().any(|t| t == "interactive");
    let limits = yaml.sub("limits")?;
    if let Some(limits) = &limits {
        let known = match format {
            FormatVersion::Legacy => LEGACY_LIMITS,
            _ => NEW_LIMITS,
        };
        for key in limits.unknown_keys(known) {
            let name = key.strip_prefix("limits.").unwrap_or(&key);
            let old = OLD_LIMITS.iter().find(|(old, _)| *old == name);
            match old {
                Some((_, now)) if format != FormatVersion::Legacy => warnings.push(format!(
                    "problem.yaml: key `limits.{name}` is the legacy spelling; {} says `limits.time_multipliers.{now}` (read as it)",
                    format.name()
                )),
                _ => warnings.push(format!("problem.yaml: unknown key `{key}` ignored")),
            }
        }
    }
    let runs = runs(&types, limits.as_ref(), &yaml.path)?;
    let dialect = domjudge::settings(&dir)?;
    warnings.extend(dialect.warnings.iter().cloned());
    let timing = timing(&dir, limits.as_ref(), format, &dialect)?;
    let whole = |key: &str, unit: &str, default: u64| -> Result<u64> {
        Ok(match &limits {
            Some(limits) => limits.whole(key, unit)?.unwrap_or(default),
            None => default,
        })
    };
    let validation_s = whole("validation_time", "seconds", DEFAULT_VALIDATION_SECONDS)?;
    let validator_limits = Limits {
        cpu_ms: validation_s * 1000,
        wall_ms: 3 * validation_s * 1000 + 1000,
        memory_kb: whole("validation_memory", "MiB", DEFAULT_VALIDATION_MEMORY_MIB)? * 1024,
        output_bytes: whole("validation_output", "MiB", DEFAULT_VALIDATION_OUTPUT_MIB)? << 20,
    };
    let mut validator =
        program::validator(&dir, &yaml, format, interactive, &mut warnings)?;
    dialect.check_programs(&dir, validator.is_some())?;
    if let (Some(validator), false) = (&mut validator, format == FormatVersion::Legacy) {
        // The validator is built from its sources with the constants replaced.
        let constants = generators::constants(&dir)?;
        let changes = prepared::Changes {
            constants: Some(&constants).filter(|c| !c.is_empty()),
            ..Default::default()
        };
        validator.path = prepared::prepare(&validator.path, &changes)?;
    }
    // Data its generators.yaml could not make: a row saying why, judged no further.
    let failed = crate::package::generated::failure_of(&dir)
        .map(|why| format!("its data could not be made from generators/generators.yaml: {why}"));
    let unsupported = failed.clone().or(unsupported);
    let tests = match failed {
        Some(_) => Vec::new(),
        None => data::load_tests(&dir, format, &base_args, validator.is_none())?,
    };
    let unsupported = match (unsupported, format) {
        (None, FormatVersion::Legacy) => None,
        (None, _) => beyond_stdin(&dir, &tests)?,
        (reason, _) => reason,
    };
    if dir.join("static_validator").exists() {
        warnings.push("static_validator/ is not run: static validation is not supported yet".into());
    }
    if !data_dir(&dir).join("secret").is_dir() {
        warnings.push("no data/secret/: judged on the samples alone, as DOMjudge judges such a package".into());
    }
    let mut found = submissions::load(&dir, &id, &mut warnings)?;
    let constants = match format {
        FormatVersion::Legacy => Default::default(),
        _ => generators::constants(&dir)?,
    };
    prepare_submissions(&dir, &mut found, &constants, &mut warnings)?;
    let scoring = match types.iter().any(|t| t == "scoring") && !tests.is_empty() {
        true => Some(std::sync::Arc::new(groups::load(
            &dir,
            &yaml,
            format,
            &tests,
            &found.planned,
            &mut warnings,
        )?)),
        false => {
            // Partially accepted submissions only mean something in a scoring problem.
            let (partial, planned) = found
                .planned
                .into_iter()
                .partition(|s| s.expected.folder() == crate::model::PARTIALLY_ACCEPTED);
            found.planned = planned;
            found
                .unplanned
                .extend(partial.into_iter().map(|s: Submission| Unplanned {
                    relative: s.relative,
                    folder: crate::model::PARTIALLY_ACCEPTED.to_string(),
                    reason: "partially_accepted/ is for scoring problems".to_string(),
                }));
            None
        }
    };
    let custom = scoring.as_ref().is_some_and(|s| s.root.any_custom_grader());
    let grader = program::grader(&dir, custom)?;
    // The judge's own problem, under the time limit the package gives, else under the probe limit
    // (`PROBE_TIME_LIMIT_MS`) until the timing phase (`exec::packages`) sets the computed one.
    let time_limit_ms = match &timing.given {
        Some((seconds, _)) => (seconds * 1000.0).round().max(1.0) as u64,
        None => PROBE_TIME_LIMIT_MS,
    };
    let root_args = tests.first().and_then(|t| t.checker_args.clone());
    let root_args = root_args.unwrap_or_default();
    let program = |v: &ValidatorProgram| ProgramSpec {
        program: v.relative.clone(),
        path: v.path.clone(),
        protocol: Protocol::Kattis,
        args: root_args.clone(),
        limits: Some(validator_limits),
    };
    let default = BuiltinChecker::from_kattis_flags(&root_args)
        .unwrap_or(BuiltinChecker::Tokens(Default::default()));
    let (checker, interactor) = match (validator.as_ref().map(program), interactive) {
        (Some(spec), true) => (CheckerSpec::Builtin(default), Some(spec)),
        (Some(spec), false) => (CheckerSpec::Program(spec), None),
        (None, _) => (CheckerSpec::Builtin(default), None),
    };
    let output_mb = whole("output", "MiB", DEFAULT_OUTPUT_MIB)?;
    let shown = match &validator {
        Some(program) => program.relative.clone(),
        None => format!("default {}", root_args.join(" ")),
    };
    // What the package says of itself, for its row (where its time limit came from, when it gives one).
    let facts = PackageInfo {
        dir: dir.to_string_lossy().into_owned(),
        format: format.name().to_string(),
        kind: types.join(", "),
        validator: shown.trim_end().to_string(),
        tests: tests.len(),
        output_limit_mib: output_mb,
        time_limit_source: timing.given.as_ref().map(|(_, source)| source.clone()),
        warnings,
    };
    // A submission bounds from below the time limit the package leaves to be computed (unless
    // `use_for_time_limit: false`) if it must be accepted (legacy, as problemtools), or is not permitted a
    // TLE (2025-09).
    let computed = timing.given.is_none();
    let bounds = |submission: &Submission| {
        let bounds = match submission.expected {
            Expected::Accepted => true,
            Expected::Verdicts(rule) if format == FormatVersion::Legacy => {
                rule.permitted == VerdictSet::of(&[Verdict::AC])
            }
            Expected::Verdicts(rule) => !rule.permitted.contains(Verdict::TLE),
            _ => false,
        };
        bounds && computed && !found.not_for_time_limit.contains(&submission.path)
    };
    let submissions = found.planned.iter().map(|s| (s.clone(), bounds(s))).collect();
    let problem = Problem {
        title: name(&dir, &yaml, format, dialect.name.clone())?.unwrap_or_else(|| id.clone()),
        judge: format!("kattis {}", format.name()),
        number: String::new(),
        url: String::new(),
        time_limit_ms,
        memory_limit_mb: whole("memory", "MiB", DEFAULT_MEMORY_MIB)?,
        output_limit_mib: Some(output_mb),
        checker,
        interactor,
        grader: grader.as_ref().map(program),
        data_id: id.clone(),
        id,
        dir,
        runs,
        scoring,
        groups: Vec::new(),
        files: Default::default(),
    };
    let source = ProblemSource {
        submissions,
        unplanned: found.unplanned,
        timing: computed.then_some(timing),
        facts: Some(facts),
        unsupported,
        ..ProblemSource::of(problem, tests)
    };
    Ok((source, format))
}

/// Each submission as the judge builds it (`prepared`): with the files `include/` gives its language,
/// its `entrypoint` as its main file, and the constants replaced; reports keep its own name.
fn prepare_submissions(
    dir: &Path,
    found: &mut submissions::Found,
    constants: &std::collections::BTreeMap<String, String>,
    warnings: &mut Vec<String>,
) -> Result<()> {
    let table = crate::lang::LanguageTable::builtin();
    for submission in &mut found.planned {
        let original = submission.path.clone();
        let language = match table.program(&original) {
            Ok(program) => program.language.id,
            Err(_) => continue, // not built: skipped with the language table's reason
        };
        let code = language.strip_suffix("-cpython").unwrap_or(&language);
        let mut entrypoint = (found.entrypoints.iter())
            .find(|(path, _)| *path == original)
            .map(|(_, entry)| entry.clone());
        let names_a_file = |entry: &str| match original.is_dir() {
            true => original.join(entry).is_file(),
            false => original.file_name().is_some_and(|n| n == entry),
        };
        if let Some(entry) = entrypoint.as_deref().filter(|e| !names_a_file(e)) {
            if code == "java" {
                // A class name: the judge runs the class that has `main`, found after compiling.
                warnings.push(format!(
                    "submissions.yaml: {}: entrypoint `{entry}` is not a file; the class with `main` is run",
                    submission.relative
                ));
                entrypoint = None;
            }
        }
        let changes = prepared::Changes {
            included: prepared::included(dir, code)?,
            entrypoint,
            constants: Some(constants).filter(|c| !c.is_empty()),
        };
        submission.path = prepared::prepare(&original, &changes)?;
        for path in &mut found.not_for_time_limit {
            if *path == original {
                *path = submission.path.clone();
            }
        }
    }
    Ok(())
}

fn format_version(yaml: &YamlMap) -> Result<FormatVersion> {
    let version = yaml.string("problem_format_version")?;
    Ok(match version.as_deref() {
        None | Some("legacy") | Some("legacy-icpc") => FormatVersion::Legacy,
        Some("2023-07-draft") | Some("2023-07") => FormatVersion::Draft2023,
        Some("2025-09") | Some("2025-09-draft") => FormatVersion::V2025,
        Some(other) => bail!(
            "{}: key `problem_format_version`: `{other}` is not a version this judge reads (legacy, 2023-07-draft, 2025-09)",
            yaml.path.display()
        ),
    })
}

/// The problem's types, why it cannot be judged (scoring and the other types), and the validator
/// arguments problem.yaml gives every test.
fn kind(
    yaml: &YamlMap,
    format: FormatVersion,
) -> Result<(Vec<String>, Option<String>, Vec<String>)> {
    let types: Vec<String> = match format {
        FormatVersion::Legacy => {
            let mut types = vec![yaml.string("type")?.unwrap_or_else(|| "pass-fail".into())];
            let validation = yaml.words("validation")?.unwrap_or_default();
            match validation.first().map(String::as_str) {
                None | Some("default") if validation.len() <= 1 => {}
                Some("custom") => types.extend(validation[1..].iter().map(|w| match w.as_str() {
                    "score" => "scoring".to_string(),
                    other => other.to_string(),
                })),
                _ => bail!(
                    "{}: key `validation`: expected `default` or `custom` (then `interactive` and/or `score`), got `{}`",
                    yaml.path.display(),
                    validation.join(" ")
                ),
            }
            types
        }
        _ => types_2025(yaml)?,
    };
    for kind in &types {
        match kind.as_str() {
            "pass-fail" | "interactive" | "scoring" | "multi-pass" | "submit-answer" => {}
            other => bail!(
                "{}: key `type`: unknown problem type `{other}` (pass-fail, scoring, interactive, multi-pass, submit-answer)",
                yaml.path.display()
            ),
        }
    }
    let args = match format {
        FormatVersion::Legacy => yaml.words("validator_flags")?,
        _ => match yaml.words("output_validator_args")? {
            Some(args) => Some(args),
            None => yaml.words("validator_flags")?,
        },
    };
    Ok((types, None, args.unwrap_or_default()))
}

/// How a submission meets a test, by the package's types: `multi-pass` in passes (at most
/// `limits.validation_passes`, 2 by default), `submit-answer` by answer files; the two exclude each other and
/// `submit-answer` excludes `interactive` (the specification's table of types).
fn runs(types: &[String], limits: Option<&YamlMap>, path: &Path) -> Result<Runs> {
    let has = |kind: &str| types.iter().any(|t| t == kind);
    let passes = match limits {
        Some(limits) => limits.whole("validation_passes", "passes")?,
        None => None,
    };
    if has("submit-answer") && (has("multi-pass") || has("interactive")) {
        bail!(
            "{}: key `type`: submit-answer excludes multi-pass and interactive (a submission is answer files, not a program)",
            path.display()
        );
    }
    match passes {
        Some(n) if !has("multi-pass") => bail!(
            "{}: key `limits.validation_passes`: {n} passes, but the problem is not multi-pass (add multi-pass to `type`, or remove the key)",
            path.display()
        ),
        Some(1) => bail!(
            "{}: key `limits.validation_passes`: expected at least 2 (a multi-pass problem runs twice at least)",
            path.display()
        ),
        _ => {}
    }
    Ok(match (has("multi-pass"), has("submit-answer")) {
        (true, _) => Runs::Passes(passes.map_or(DEFAULT_VALIDATION_PASSES, |n| n as u32)),
        (false, true) => Runs::Answers,
        (false, false) => Runs::Once,
    })
}

/// Why a 2025-09 package cannot be judged yet when a test case gives the submission more than its
/// standard input ("Running test cases"): command-line `args` (a case's `.yaml`, or the
/// `test_group.yaml` of a folder above it) or a `.files` folder copied into its working folder. Judged
/// without them, it could get another verdict than its own judge gives.
fn beyond_stdin(dir: &Path, tests: &[crate::model::TestCase]) -> Result<Option<String>> {
    let data = data_dir(dir);
    let mut checked = std::collections::BTreeSet::new();
    for test in tests {
        if test.input.with_extension("files").is_dir() {
            return Ok(Some(format!(
                "test {}: its .files folder (files for the submission's working folder) is not supported yet",
                test.name
            )));
        }
        let mut configs = vec![test.input.with_extension("yaml")];
        for folder in test.input.ancestors().skip(1) {
            if !folder.starts_with(&data) {
                break;
            }
            configs.push(folder.join("test_group.yaml"));
            configs.push(folder.join("testdata.yaml"));
        }
        for config in configs {
            if !checked.insert(config.clone()) {
                continue;
            }
            let Some(yaml) = YamlMap::read_if_exists(&config)? else {
                continue;
            };
            if yaml.words("args")?.is_some_and(|args| !args.is_empty()) {
                let shown = config.strip_prefix(dir).unwrap_or(&config);
                return Ok(Some(format!(
                    "{}: key `args` (command-line arguments for the submission) is not supported yet",
                    shown.display()
                )));
            }
        }
    }
    Ok(None)
}

/// 2025-09's `type`: one string or a non-empty list, and a string may hold several types separated by
/// spaces (`pass-fail interactive`, as the format's own examples write it); no repetition, none of the
/// incompatible pairs (pass-fail and scoring; submit-answer and multi-pass or interactive).
fn types_2025(yaml: &YamlMap) -> Result<Vec<String>> {
    let Some(given) = yaml.one_or_many("type")? else {
        return Ok(vec!["pass-fail".into()]);
    };
    let mut types: Vec<String> = Vec::new();
    for word in given.iter().flat_map(|t| t.split_whitespace()) {
        if types.iter().any(|t| t == word) {
            bail!(
                "{}: key `type`: `{word}` is given twice",
                yaml.path.display()
            );
        }
        types.push(word.to_string());
    }
    if types.is_empty() {
        bail!(
            "{}: key `type`: empty; give pass-fail or scoring, and interactive, multi-pass or submit-answer if so",
            yaml.path.display()
        );
    }
    const INCOMPATIBLE: [(&str, &str); 3] = [
        ("pass-fail", "scoring"),
        ("submit-answer", "multi-pass"),
        ("submit-answer", "interactive"),
    ];
    for (a, b) in INCOMPATIBLE {
        if types.iter().any(|t| t == a) && types.iter().any(|t| t == b) {
            bail!(
                "{}: key `type`: `{a}` and `{b}` cannot go together",
                yaml.path.display()
            );
        }
    }
    // pass-fail is implied where scoring is not said (and kept as the package says it).
    Ok(types)
}

/// The time limit and its multipliers.
fn timing(
    dir: &Path,
    limits: Option<&YamlMap>,
    format: FormatVersion,
    dialect: &domjudge::Settings,
) -> Result<Timing> {
    let legacy = format == FormatVersion::Legacy;
    let mut timing = Timing {
        given: None,
        ac_to_time_limit: if legacy { 5.0 } else { 2.0 },
        time_limit_to_tle: if legacy { 2.0 } else { 1.5 },
        resolution: 1.0,
    };
    if let Some(limits) = limits {
        if legacy {
            let multiplier = limits.positive("time_multiplier", "a factor")?;
            timing.ac_to_time_limit = multiplier.unwrap_or(timing.ac_to_time_limit);
            let margin = limits.positive("time_safety_margin", "a factor")?;
            timing.time_limit_to_tle = margin.unwrap_or(timing.time_limit_to_tle);
        } else {
            // The legacy spellings first (warned about by name), the 2025-09 ones over them.
            let multiplier = limits.positive("time_multiplier", "a factor")?;
            timing.ac_to_time_limit = multiplier.unwrap_or(timing.ac_to_time_limit);
            let margin = limits.positive("time_safety_margin", "a factor")?;
            timing.time_limit_to_tle = margin.unwrap_or(timing.time_limit_to_tle);
            if let Some(multipliers) = limits.sub("time_multipliers")? {
                let ac = multipliers.positive("ac_to_time_limit", "a factor")?;
                timing.ac_to_time_limit = ac.unwrap_or(timing.ac_to_time_limit);
                let tle = multipliers.positive("time_limit_to_tle", "a factor")?;
                timing.time_limit_to_tle = tle.unwrap_or(timing.time_limit_to_tle);
            }
        }
        timing.resolution = limits
            .positive("time_resolution", "seconds")?
            .unwrap_or(1.0);
        if let Some(seconds) = limits.positive("time_limit", "seconds")? {
            timing.given = Some((seconds, "problem.yaml limits.time_limit".into()));
        }
    }
    // DOMjudge's files: `domjudge-problem.ini`'s `timelimit`, else `.timelimit`.
    timing.given = dialect.time_limit(dir, timing.given.take())?;
    Ok(timing)
}

/// The problem's name: problem.yaml's (English first), else DOMjudge's `domjudge-problem.ini`'s, else a
/// legacy statement's `\problemname`.
fn name(
    dir: &Path,
    yaml: &YamlMap,
    format: FormatVersion,
    ini: Option<String>,
) -> Result<Option<String>> {
    if yaml.get("name").is_some_and(|v| v.is_mapping()) {
        let names = yaml.sub("name")?.expect("a map");
        let english = names.string("en")?;
        let first = names.map.values().find_map(yaml::scalar);
        return Ok(english.or(first));
    }
    if let Some(name) = yaml.string("name")? {
        return Ok(Some(name));
    }
    if format != FormatVersion::Legacy {
        bail!("{}: key `name` is required", yaml.path.display());
    }
    if ini.is_some() {
        return Ok(ini);
    }
    let statements = dir.join("problem_statement");
    for file in ["problem.en.tex", "problem.tex"] {
        if let Ok(text) = std::fs::read_to_string(statements.join(file)) {
            if let Some(name) = problem_name(&text) {
                return Ok(Some(name));
            }
        }
    }
    Ok(None)
}

/// The argument of `\problemname{...}`, braces inside it kept.
fn problem_name(tex: &str) -> Option<String> {
    let start = tex.find("\\problemname{")? + "\\problemname{".len();
    let mut depth = 1;
    for (i, c) in tex[start..].char_indices() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            _ => {}
        }
        if depth == 0 {
            return Some(tex[start..start + i].trim().to_string());
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_types_say_how_a_submission_meets_a_test() {
        let path = Path::new("problem.yaml");
        let types = |names: &[&str]| names.iter().map(|n| n.to_string()).collect::<Vec<_>>();
        let limits = |passes: u64| {
            let mut map = serde_norway::Mapping::new();
            map.insert("validation_passes".into(), passes.into());
            YamlMap::from_map(path, map)
        };
        let runs = |names: &[&str], limits: Option<&YamlMap>| runs(&types(names), limits, path);
        assert_eq!(runs(&["pass-fail"], None).unwrap(), Runs::Once);
        assert_eq!(runs(&["multi-pass"], None).unwrap(), Runs::Passes(2));
        let three = limits(3);
        let both = ["interactive", "multi-pass"];
        assert_eq!(runs(&both, Some(&three)).unwrap(), Runs::Passes(3));
        assert_eq!(runs(&["submit-answer"], None).unwrap(), Runs::Answers);
        let refused = |names: &[&str], limits: Option<&YamlMap>| {
            runs(names, limits).unwrap_err().to_string()
        };
        assert!(refused(&["multi-pass"], Some(&limits(1))).contains("at least 2"));
        assert!(refused(&["pass-fail"], Some(&three)).contains("not multi-pass"));
        assert!(refused(&["submit-answer", "interactive"], None).contains("excludes"));
        assert!(refused(&["submit-answer", "multi-pass"], None).contains("excludes"));
    }

    #[test]
    fn problem_names_from_latex() {
        assert_eq!(
            problem_name("\\problemname{Hello $x^{2}$}\nText").as_deref(),
            Some("Hello $x^{2}$")
        );
        assert_eq!(problem_name("no name"), None);
    }
}
