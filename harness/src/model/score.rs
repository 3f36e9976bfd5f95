//! Scores of scoring problems, in the Kattis model: test groups (a tree of folders of tests) with their
//! grading rules, and what a submission scored in each group and in total. `grade::score` computes them.

use serde::{Deserialize, Serialize};

use super::verdict::Verdict;

/// The version of the JSON `score` object; it changes when a field changes meaning.
pub const SCORE_VERSION: u32 = 1;

/// What a group does after a child that is not accepted (`on_reject`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum OnReject {
    /// Stop: the rest of the group is not judged.
    Break,
    /// Judge the rest of the group too.
    Continue,
}

/// How a group's score comes from its children's (the default grader's `sum`, `avg`, `max`, `min`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ScoreAggregation {
    Sum,
    Avg,
    Max,
    Min,
    /// The product (CMS's GroupMul, on its tests' outcomes).
    Product,
}

/// How a group's verdict comes from its children's (the default grader's `worst_error`, also spelled
/// `no_errors`; `first_error`; `always_accept`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum VerdictAggregation {
    WorstError,
    FirstError,
    AlwaysAccept,
}

/// The grading rules of one group, after inheritance and defaults (problemtools' `testdata.yaml`).
#[derive(Debug, Clone, PartialEq)]
pub struct GroupRules {
    pub on_reject: OnReject,
    pub scores: ScoreAggregation,
    pub verdicts: VerdictAggregation,
    /// Only the last child counts (the root's `secret`, not `sample`).
    pub ignore_sample: bool,
    /// The group is accepted when any child is.
    pub accept_if_any_accepted: bool,
    /// The score of a test of this group that is accepted without a score from the validator.
    pub accept_score: f64,
    /// The score of a test of this group that is not accepted.
    pub reject_score: f64,
    /// The scores the group may get, inclusive (`-inf +inf` when unbounded).
    pub range: (f64, f64),
    /// Whether a validator's `score.txt` counts for the tests right in this group, when the group decides
    /// it rather than the problem (2025-09: not in a `pass-fail` group, required in an unbounded one,
    /// ignored in `sample`).
    pub validator_score: Option<ValidatorScore>,
    /// The most a test right in this group may score (2025-09: the group's `max_score`, or its share
    /// under `sum`); a `score.txt` above it, or below 0, is a judge error.
    pub test_max: Option<f64>,
    /// `grading: custom`: the package's grader program aggregates the group, with these flags as its
    /// arguments (the default grader's flags above are then unused).
    pub custom_grader: Option<Vec<String>>,
    /// The sibling groups (by name) that must all be accepted, and score, for this group to score
    /// (Polygon's `dependencies`); else it scores its `reject_score`, its tests judged all the same.
    pub requires: Vec<String>,
    /// Scored as CMS scores a subtask (`Outcomes`), rather than by the fields above.
    pub outcomes: Option<Outcomes>,
}

/// A group scored as CMS scores a subtask: each test right in it has an outcome from 0 to 1 (its checker's
/// score when it gave one, else 1 when accepted and 0 when not); the group's score is its `points` times
/// the aggregate (`GroupRules::scores`: `min` GroupMin, `product` GroupMul, `sum` Sum) of its tests'
/// outcomes. Every test is judged (`on_reject: continue`), as CMS evaluates them all.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Outcomes {
    pub points: f64,
    /// GroupThreshold: a test counts 1 when its checker's outcome is above 0 and at most this, else 0
    /// (and is accepted or not by the same rule).
    pub threshold: Option<f64>,
}

impl Default for GroupRules {
    /// problemtools' defaults: `on_reject: break`, `grading: default` without flags, `accept_score: 1`,
    /// `reject_score: 0`, `range: -inf +inf`.
    fn default() -> GroupRules {
        GroupRules {
            on_reject: OnReject::Break,
            scores: ScoreAggregation::Sum,
            verdicts: VerdictAggregation::WorstError,
            ignore_sample: false,
            accept_if_any_accepted: false,
            accept_score: 1.0,
            reject_score: 0.0,
            range: (f64::NEG_INFINITY, f64::INFINITY),
            validator_score: None,
            test_max: None,
            custom_grader: None,
            requires: Vec::new(),
            outcomes: None,
        }
    }
}

impl GroupRules {
    /// Applies the default grader's flags; an unknown flag is an error naming it. Later flags win, as
    /// in the default grader.
    pub fn apply_flags(&mut self, flags: &[String]) -> Result<(), String> {
        for flag in flags {
            match flag.as_str() {
                "sum" => self.scores = ScoreAggregation::Sum,
                "avg" => self.scores = ScoreAggregation::Avg,
                "max" => self.scores = ScoreAggregation::Max,
                "min" => self.scores = ScoreAggregation::Min,
                "worst_error" | "no_errors" => self.verdicts = VerdictAggregation::WorstError,
                "first_error" => self.verdicts = VerdictAggregation::FirstError,
                "always_accept" => self.verdicts = VerdictAggregation::AlwaysAccept,
                "ignore_sample" => self.ignore_sample = true,
                "accept_if_any_accepted" => self.accept_if_any_accepted = true,
                other => return Err(format!(
                    "unknown grader flag `{other}` (sum, avg, max, min, worst_error, no_errors, first_error, always_accept, ignore_sample, accept_if_any_accepted)"
                )),
            }
        }
        Ok(())
    }

    /// The highest score, when bounded.
    pub fn max(&self) -> Option<f64> {
        self.range.1.is_finite().then_some(self.range.1)
    }
}

/// A child of a group: a test (by its name) or a group.
#[derive(Debug, Clone, PartialEq)]
pub enum ScoreItem {
    Test(String),
    Group(ScoreGroup),
}

/// A test group: its name (the folder under `data/`, `/`-separated; empty for `data/` itself), its rules
/// and its children in order.
#[derive(Debug, Clone, PartialEq)]
pub struct ScoreGroup {
    pub name: String,
    pub rules: GroupRules,
    pub items: Vec<ScoreItem>,
}

impl ScoreGroup {
    /// Whether this group or one below it is under `grading: custom`.
    pub fn any_custom_grader(&self) -> bool {
        self.rules.custom_grader.is_some()
            || self.items.iter().any(|item| match item {
                ScoreItem::Group(group) => group.any_custom_grader(),
                ScoreItem::Test(_) => false,
            })
    }
}

/// Whether an output validator's `score.txt` gives a test's score.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ValidatorScore {
    /// A `score.txt` is a judge error.
    Forbidden,
    /// Used when present.
    Allowed,
    /// An accepted test without one is a judge error (legacy `validation: custom score`).
    Required,
    /// Not read (2025-09's samples: a `score.txt` there is neither used nor an error).
    Ignored,
}

/// What `partially_accepted/` asks of a submission.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PartialRule {
    /// Accepted overall, below the full score (problemtools: a package's groups say when a submission
    /// that fails some tests is accepted).
    AcceptedBelowFull,
    /// More than nothing and less than the full score, whatever the verdict of the tests it fails (IOI
    /// and CMS subtasks: our `[[group]]`s).
    PointsBelowFull,
}

/// How a problem is scored.
#[derive(Debug, Clone, PartialEq)]
pub struct Scoring {
    pub root: ScoreGroup,
    pub validator_score: ValidatorScore,
    /// Expected scores, by the submission's path.
    pub expected: Vec<(std::path::PathBuf, ScoreExpectation)>,
    pub partial: PartialRule,
    /// Whose rules aggregate the groups.
    pub rules: ScoringRules,
}

/// Whose rules score the groups, chosen explicitly (`verify --scoring-rules`): the package format's
/// specification, as problemtools applies it (`grade::score`), or DOMjudge's, where they differ
/// (`grade::domjudge`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum ScoringRules {
    #[default]
    Specification,
    #[value(name = "domjudge")]
    DomJudge,
}

impl Scoring {
    pub fn expected_for(&self, path: &std::path::Path) -> Option<ScoreExpectation> {
        self.expected
            .iter()
            .find(|(p, _)| p == path)
            .map(|(_, e)| *e)
    }
}

/// A score a submission must get: one number, or an inclusive range.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct ScoreExpectation {
    pub min: f64,
    pub max: f64,
}

impl ScoreExpectation {
    pub fn exactly(score: f64) -> ScoreExpectation {
        ScoreExpectation {
            min: score,
            max: score,
        }
    }

    /// Within the bounds, up to the default grader's printed precision (six decimals).
    pub fn allows(&self, score: f64) -> bool {
        score >= self.min - 1e-6 && score <= self.max + 1e-6
    }
}

impl std::fmt::Display for ScoreExpectation {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.min == self.max {
            true => write!(f, "{}", self.min),
            false => write!(f, "{}..{}", self.min, self.max),
        }
    }
}

/// What a submission got in one group.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct GroupScore {
    /// The folder under `data/` (`secret/group1`).
    pub group: String,
    pub verdict: Verdict,
    pub score: f64,
    /// The group's highest score, when bounded.
    pub max: Option<f64>,
    /// The first test of the group (or of its groups) not accepted.
    pub first_failure: Option<String>,
    /// Tests judged and accepted, in this group and below.
    pub tests: usize,
    pub passed: usize,
    pub groups: Vec<GroupScore>,
    /// Why the group is a judge error, when its custom grader failed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
    /// The groups it requires (`GroupRules::requires`) that were not accepted, when its score was
    /// taken for them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub unmet: Option<Vec<String>>,
}

/// What a submission scored: the JSON `score` object of a submission.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SubmissionScore {
    /// `SCORE_VERSION`.
    pub version: u32,
    /// The aggregated verdict of the whole data.
    pub verdict: Verdict,
    pub score: f64,
    pub max: Option<f64>,
    /// What its folder, `@EXPECTED_SCORE@` or `submissions.yaml` requires, when anything does.
    pub expected: Option<ScoreExpectation>,
    /// Why the score is not as expected, when it is not.
    pub mismatch: Option<String>,
    /// The groups of `data/` (`sample`, `secret`), each with its own groups.
    pub groups: Vec<GroupScore>,
    /// Why the whole data is a judge error, when the custom grader of `data/` itself failed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
}

impl SubmissionScore {
    /// Every group, depth first, parents first.
    pub fn all_groups(&self) -> Vec<&GroupScore> {
        fn walk<'a>(group: &'a GroupScore, into: &mut Vec<&'a GroupScore>) {
            into.push(group);
            group.groups.iter().for_each(|g| walk(g, into));
        }
        let mut all = Vec::new();
        self.groups.iter().for_each(|g| walk(g, &mut all));
        all
    }
}

/// A score as the reports print it: whole numbers without decimals.
pub fn shown(score: f64) -> String {
    if score.is_infinite() {
        return if score > 0.0 { "inf" } else { "-inf" }.to_string();
    }
    match score == score.round() {
        true => format!("{score:.0}"),
        false => format!("{score:.2}"),
    }
}

/// How a group of problem.toml earns its points.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Aggregation {
    /// Every test must pass for the group's points.
    Min,
    /// Each test passed earns its share of the points.
    Sum,
}

/// A group of problem.toml, checked, with where it was declared (`problem.toml:12`) for later errors.
#[derive(Debug, Clone, PartialEq)]
pub struct GroupDecl {
    pub name: String,
    pub points: f64,
    pub tests: Vec<String>,
    pub aggregation: Aggregation,
    /// `<file>:<line>` of the group's `tests` key.
    pub tests_at: String,
    /// Passed to the input validator for each test of the group (a subtask's bounds: `--small`), as a
    /// Kattis group's `input_validator_flags`; `harness validate` checks the group's tests with them.
    pub input_validator_args: Vec<String>,
}
