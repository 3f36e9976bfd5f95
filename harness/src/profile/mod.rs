//! Judge profiles: how another judge (Kattis, DOMjudge, Codeforces, CMS) treats a program this judge runs,
//! as data (`profiles.toml` beside this file; a `profiles.toml` at the workspace root replaces a profile of
//! the same id or adds one, and may name the workspace's default): its language table's differences, its
//! memory, output-limit and interactive rules, its scoring and its time-limit rounding, each citing its
//! source. `exec::parity` judges a run under them; this module only says what a profile changes.

use std::fs;
use std::path::Path;

use anyhow::{bail, Context, Result};
use serde::Deserialize;

use crate::lang::LanguageTable;
use crate::model::{TestResult, Verdict};

const BUILTIN: &str = include_str!("profiles.toml");

/// The profile whose rules are today's: every other is compared with it.
pub const NATIVE: &str = "native";

/// One judge's rules.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Profile {
    /// Short lowercase id: `kattis`, `domjudge`.
    pub id: String,
    /// The judge's name, as the reports say it ("TLE on Codeforces").
    pub name: String,
    pub about: String,
    /// The languages it runs otherwise than the table does.
    #[serde(default)]
    pub language: Vec<LanguageRule>,
    pub memory: Rule<MemoryRule>,
    pub output: Rule<OutputRule>,
    pub interactive: Rule<InteractiveRule>,
    pub scoring: Rule<ScoringRule>,
    pub time_rounding: Rule<RoundingRule>,
}

/// A language of the table that a profile compiles or runs otherwise.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LanguageRule {
    /// The language's id in the table.
    pub id: String,
    /// Another row of the table whose commands run its programs (`python3-cpython`).
    #[serde(default, rename = "use")]
    pub use_row: Option<String>,
    /// Arguments left out of its compile command (`-DONLINE_JUDGE`).
    #[serde(default)]
    pub drop: Vec<String>,
    /// Its run command instead of the table's (placeholders as in `languages.toml`).
    #[serde(default)]
    pub run: Option<Vec<String>>,
    /// The difference in words, as a parity row names it.
    pub cause: String,
    pub source: String,
}

/// A rule and where it comes from.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Rule<T> {
    pub rule: T,
    pub source: String,
    /// Why a rule is unknown, or what it leaves out.
    #[serde(default)]
    pub note: Option<String>,
}

/// What a run over the memory limit (or whose allocation failed) gets.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum MemoryRule {
    Mle,
    RuntimeError,
    Unknown,
}

/// What a run that writes more than the output limit gets.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum OutputRule {
    /// Stopped at the limit: OLE.
    Stop,
    /// Runs on past the limit: TLE and RE first, then OLE.
    RunsOn,
    /// Killed by SIGXFSZ at a file-size limit: RE.
    Signal,
    Unknown,
}

/// When an interactor sees that the solution closed its output.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum InteractiveRule {
    EofAtOnce,
    EofAtExit,
    Unknown,
}

/// How a scoring problem's score is made.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ScoringRule {
    Spec,
    Domjudge,
    Unknown,
}

/// How a computed time limit is rounded.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum RoundingRule {
    None,
    Resolution,
    Unknown,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct ProfilesToml {
    #[serde(default)]
    default: Option<String>,
    #[serde(default)]
    profile: Vec<Profile>,
}

/// Every profile the judge knows, and the workspace's default.
#[derive(Debug, Clone)]
pub struct Profiles {
    pub profiles: Vec<Profile>,
    /// The profile a run is judged under when `--profile` is not given (`native` when unset).
    pub default: Option<String>,
}

impl Profiles {
    /// The built-in profiles.
    pub fn builtin() -> Profiles {
        let parsed: ProfilesToml =
            toml::from_str(BUILTIN).expect("the built-in profiles are valid");
        Profiles {
            profiles: parsed.profile,
            default: None,
        }
    }

    /// The built-in profiles with `<root>/profiles.toml` applied: a profile with a known id replaces it, a
    /// new id is added; its `default` becomes the workspace's.
    pub fn for_workspace(root: &Path) -> Result<Profiles> {
        let mut profiles = Profiles::builtin();
        let path = root.join("profiles.toml");
        if !path.exists() {
            return Ok(profiles);
        }
        let text =
            fs::read_to_string(&path).with_context(|| format!("cannot read {}", path.display()))?;
        let parsed: ProfilesToml = toml::from_str(&text).with_context(|| {
            format!(
                "{} is not a valid profile table (the schema of the built-in one: docs/profiles.md)",
                path.display()
            )
        })?;
        for profile in parsed.profile {
            match profiles.profiles.iter_mut().find(|p| p.id == profile.id) {
                Some(known) => *known = profile,
                None => profiles.profiles.push(profile),
            }
        }
        if let Some(default) = parsed.default {
            profiles
                .get(&default)
                .with_context(|| format!("{}: `default` names no profile", path.display()))?;
            profiles.default = Some(default);
        }
        Ok(profiles)
    }

    /// The profile `id`; an unknown one is an error that lists the known ones.
    pub fn get(&self, id: &str) -> Result<&Profile> {
        match self.profiles.iter().find(|p| p.id == id) {
            Some(profile) => Ok(profile),
            None => bail!(
                "no profile named {id:?}; the profiles are: {} (docs/profiles.md)",
                self.ids().join(", ")
            ),
        }
    }

    pub fn ids(&self) -> Vec<&str> {
        self.profiles.iter().map(|p| p.id.as_str()).collect()
    }
}

impl Profile {
    /// The language table as this profile runs it: `base` with its language rules applied.
    pub fn languages(&self, base: &LanguageTable) -> Result<LanguageTable> {
        let mut table = base.clone();
        for rule in &self.language {
            let Some(row) = base.by_id(&rule.id) else {
                bail!(
                    "profile {}: no language {:?} in the language table",
                    self.id,
                    rule.id
                );
            };
            let mut changed = row.clone();
            if let Some(other) = &rule.use_row {
                let Some(other) = base.by_id(other) else {
                    bail!(
                        "profile {}: language {} uses {other:?}, which is not in the language table",
                        self.id,
                        rule.id
                    );
                };
                changed.name = other.name.clone();
                changed.compile = other.compile.clone();
                changed.run = other.run.clone();
                changed.version = other.version.clone();
                changed.unlimited_address_space = other.unlimited_address_space;
                changed.compiler_env = other.compiler_env.clone();
                changed.fallback = None;
            }
            changed.compile.retain(|arg| !rule.drop.contains(arg));
            if let Some(run) = &rule.run {
                changed.run = run.clone();
            }
            let slot = table
                .languages
                .iter_mut()
                .find(|l| l.id == rule.id)
                .expect("the row was found in the same table");
            *slot = changed;
        }
        Ok(table)
    }

    /// The rule that makes programs of `language` run otherwise, when there is one.
    pub fn language_rule(&self, language: &str) -> Option<&LanguageRule> {
        self.language.iter().find(|r| r.id == language)
    }

    /// The verdict this profile gives a result without running it again, and why, when it differs: a
    /// memory verdict where the judge has none, an output over the limit killed by a signal.
    pub fn reclassify(&self, result: &TestResult) -> Option<(Verdict, String)> {
        match result.verdict {
            Verdict::MLE if self.memory.rule == MemoryRule::RuntimeError => Some((
                Verdict::RE,
                format!(
                    "memory: {} has no memory verdict, a run over the memory limit or whose allocation failed ends as a run-time error ({})",
                    self.name,
                    result.detail.as_deref().unwrap_or("over the memory limit")
                ),
            )),
            Verdict::OLE if self.output.rule == OutputRule::Signal => Some((
                Verdict::RE,
                format!(
                    "output: {} kills a program at its file-size limit by SIGXFSZ, a run-time error",
                    self.name
                ),
            )),
            _ => None,
        }
    }

    /// What this profile changes that a parity run does not compare, each with why.
    pub fn not_compared(&self) -> Vec<String> {
        let mut left = Vec::new();
        let unknown = |what: &str, note: &Option<String>| {
            format!(
                "{what}: not known ({})",
                note.as_deref().unwrap_or("no source")
            )
        };
        if self.memory.rule == MemoryRule::Unknown {
            left.push(unknown("memory", &self.memory.note));
        }
        if self.output.rule == OutputRule::Unknown {
            left.push(unknown("output limit", &self.output.note));
        }
        match self.interactive.rule {
            InteractiveRule::Unknown => {
                left.push(unknown("interactive", &self.interactive.note));
            }
            InteractiveRule::EofAtOnce | InteractiveRule::EofAtExit => {}
        }
        match self.scoring.rule {
            ScoringRule::Unknown => left.push(unknown("scoring", &self.scoring.note)),
            ScoringRule::Domjudge => left.push(
                "scoring: DOMjudge's scoring of a scoring problem (the scoring choice `domjudge`); scores are not compared".to_string(),
            ),
            ScoringRule::Spec => {}
        }
        match self.time_rounding.rule {
            RoundingRule::Unknown => {
                left.push(unknown("time-limit rounding", &self.time_rounding.note));
            }
            RoundingRule::Resolution => left.push(
                "time-limit rounding: a computed time limit rounded up to whole seconds; not applied to computed limits yet".to_string(),
            ),
            RoundingRule::None => {}
        }
        left
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_builtin_profiles_cite_a_source_for_every_rule() {
        let profiles = Profiles::builtin();
        assert_eq!(
            profiles.ids(),
            ["native", "kattis", "domjudge", "codeforces", "cms"]
        );
        for p in &profiles.profiles {
            let sources = [
                &p.memory.source,
                &p.output.source,
                &p.interactive.source,
                &p.scoring.source,
                &p.time_rounding.source,
            ];
            for source in sources
                .into_iter()
                .chain(p.language.iter().map(|l| &l.source))
            {
                assert!(
                    !source.trim().is_empty(),
                    "{}: a rule without a source",
                    p.id
                );
            }
            // Every language rule applies to the built-in table.
            p.languages(&LanguageTable::builtin()).unwrap();
        }
    }

    #[test]
    fn a_profile_runs_python_under_cpython_and_drops_online_judge() {
        let base = LanguageTable::builtin();
        let profiles = Profiles::builtin();
        let codeforces = profiles
            .get("codeforces")
            .unwrap()
            .languages(&base)
            .unwrap();
        let python = codeforces.by_id("python3").unwrap();
        assert_eq!(python.run[0], "python3");
        assert_eq!(python.fallback, None);
        let kattis = profiles.get("kattis").unwrap().languages(&base).unwrap();
        let cpp = kattis.by_id("cpp").unwrap();
        assert!(!cpp.compile.iter().any(|a| a == "-DONLINE_JUDGE"));
        assert!(base
            .by_id("cpp")
            .unwrap()
            .compile
            .iter()
            .any(|a| a == "-DONLINE_JUDGE"));
        let native = profiles.get(NATIVE).unwrap().languages(&base).unwrap();
        assert_eq!(native.languages, base.languages);
    }

    #[test]
    fn every_source_the_profiles_cite_is_in_the_docs() {
        let docs = include_str!("../../../docs/profiles.md");
        let profiles = Profiles::builtin();
        for p in profiles.profiles.iter().filter(|p| p.id != NATIVE) {
            let rules = [
                &p.memory.source,
                &p.output.source,
                &p.interactive.source,
                &p.scoring.source,
                &p.time_rounding.source,
            ];
            let sources = rules
                .into_iter()
                .chain(p.language.iter().map(|l| &l.source));
            for url in
                sources.flat_map(|s| s.split_whitespace().filter(|w| w.starts_with("https://")))
            {
                assert!(
                    docs.contains(url),
                    "{}: {url} is not in docs/profiles.md",
                    p.id
                );
            }
        }
    }

    #[test]
    fn an_unknown_profile_names_the_known_ones() {
        let error = Profiles::builtin().get("uva").unwrap_err().to_string();
        assert!(
            error.contains("native, kattis, domjudge, codeforces, cms"),
            "{error}"
        );
    }

    #[test]
    fn memory_and_output_verdicts_follow_the_profile() {
        let profiles = Profiles::builtin();
        let mut mle = TestResult::compile_error("t");
        mle.verdict = Verdict::MLE;
        let (verdict, cause) = profiles.get("kattis").unwrap().reclassify(&mle).unwrap();
        assert_eq!(verdict, Verdict::RE);
        assert!(
            cause.starts_with("memory: Kattis has no memory verdict"),
            "{cause}"
        );
        assert!(profiles
            .get("codeforces")
            .unwrap()
            .reclassify(&mle)
            .is_none());
        let mut ole = TestResult::compile_error("t");
        ole.verdict = Verdict::OLE;
        assert_eq!(
            profiles.get("cms").unwrap().reclassify(&ole).map(|r| r.0),
            Some(Verdict::RE)
        );
        assert!(profiles.get("domjudge").unwrap().reclassify(&ole).is_none());
    }
}
