//! What a submission must get: the folder it is in (`Expected`, the verdict folders of Kattis and ours,
//! `partially_accepted`), a package's sets of permitted and required verdicts (`VerdictRule`), and whether
//! a scored submission is as expected (`judge_expectation`). Formats read folders into these; `grade` and
//! `exec` judge by them.

use serde::Serialize;

use super::score::{PartialRule, ScoreExpectation, SubmissionScore};
use super::verdict::{Verdict, VerdictSet};

/// The verdicts a submission is meant to get: its folder under `submissions/` (ARCHITECTURE.md, "Submissions"; the Kattis
/// folders and our HDOJ ones).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default, Serialize, serde::Deserialize,
)]
#[serde(rename_all = "snake_case")]
pub enum Expected {
    #[default]
    Accepted,
    WrongAnswer,
    TimeLimitExceeded,
    RunTimeError,
    PresentationError,
    MemoryLimitExceeded,
    /// Anything but accepted.
    Rejected,
    /// A set of verdicts, as a problem package says (Kattis `submissions.yaml`, DOMjudge
    /// `@EXPECTED_RESULTS@`); in our layout only `partially_accepted/` of a problem with test groups.
    Verdicts(VerdictRule),
}

/// What a submission of a problem package must get: every test it runs gets a verdict in `permitted`,
/// and at least one gets a verdict in `required`.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
pub struct VerdictRule {
    /// The folder the submission is in, as reports name it.
    pub folder: &'static str,
    pub permitted: VerdictSet,
    pub required: VerdictSet,
}

/// Read back from a JSON report (`harness merge`): the folder's name is kept once, as when it was read.
impl<'de> serde::Deserialize<'de> for VerdictRule {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        #[derive(serde::Deserialize)]
        struct Rule {
            folder: String,
            permitted: VerdictSet,
            required: VerdictSet,
        }
        let rule = Rule::deserialize(deserializer)?;
        Ok(VerdictRule {
            folder: VerdictRule::folder_name(&rule.folder),
            permitted: rule.permitted,
            required: rule.required,
        })
    }
}

impl VerdictRule {
    /// A folder name that lives as long as the program (a few per package, kept once each).
    pub fn folder_name(name: &str) -> &'static str {
        static NAMES: std::sync::Mutex<std::collections::BTreeSet<&'static str>> =
            std::sync::Mutex::new(std::collections::BTreeSet::new());
        let mut names = NAMES.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(known) = names.get(name) {
            return known;
        }
        let kept: &'static str = Box::leak(name.to_string().into_boxed_str());
        names.insert(kept);
        kept
    }
}

impl Expected {
    pub const ALL: [Expected; 7] = [
        Expected::Accepted,
        Expected::WrongAnswer,
        Expected::TimeLimitExceeded,
        Expected::RunTimeError,
        Expected::PresentationError,
        Expected::MemoryLimitExceeded,
        Expected::Rejected,
    ];

    pub fn folder(self) -> &'static str {
        match self {
            Expected::Accepted => "accepted",
            Expected::WrongAnswer => "wrong_answer",
            Expected::TimeLimitExceeded => "time_limit_exceeded",
            Expected::RunTimeError => "run_time_error",
            Expected::PresentationError => "presentation_error",
            Expected::MemoryLimitExceeded => "memory_limit_exceeded",
            Expected::Rejected => "rejected",
            Expected::Verdicts(rule) => rule.folder,
        }
    }

    /// Whether it must be accepted on every test: `accepted/`, or a package's rule that permits AC alone
    /// (BAPCtools' `testexpectations` keeps such submissions in `ac_or_wa/`, and its `accepted/` expects
    /// WA). Such a submission can be a package's own program.
    pub fn must_accept(self) -> bool {
        match self {
            Expected::Accepted => true,
            Expected::Verdicts(rule) => rule.permitted == VerdictSet::of(&[Verdict::AC]),
            _ => false,
        }
    }

    pub fn from_folder(folder: &str) -> Option<Expected> {
        Expected::ALL.into_iter().find(|e| e.folder() == folder)
    }

    /// Whether a submission whose first non-accepted test got `verdict` (AC: none) is as expected.
    pub fn allows(self, verdict: Verdict) -> bool {
        match self {
            Expected::Accepted => verdict == Verdict::AC,
            Expected::WrongAnswer => verdict == Verdict::WA,
            Expected::TimeLimitExceeded => verdict == Verdict::TLE,
            // Kattis counts a memory limit as a run-time error.
            Expected::RunTimeError => matches!(verdict, Verdict::RE | Verdict::MLE),
            Expected::PresentationError => verdict == Verdict::PE,
            Expected::MemoryLimitExceeded => verdict == Verdict::MLE,
            Expected::Rejected => !matches!(verdict, Verdict::AC | Verdict::JE),
            Expected::Verdicts(rule) => {
                rule.permitted.contains(verdict) && rule.required.contains(verdict)
            }
        }
    }

    /// Whether a submission whose tests got these verdicts, in order, is as expected: for a folder, its
    /// first verdict that is not AC (AC when there is none); for a set of verdicts, every one permitted
    /// and one of them required.
    pub fn allows_tests(self, verdicts: &[Verdict]) -> bool {
        let first_failure = verdicts.iter().copied().find(|v| *v != Verdict::AC);
        match self {
            Expected::Verdicts(rule) if !verdicts.is_empty() => {
                verdicts.iter().all(|v| rule.permitted.contains(*v))
                    && verdicts.iter().any(|v| rule.required.contains(*v))
            }
            _ => self.allows(first_failure.unwrap_or(Verdict::AC)),
        }
    }
}

/// Whether a scored submission is as expected, as problemtools judges it: the aggregated verdict is the
/// one its folder names (`accepted` and `partially_accepted`: AC, the latter below the full score; our
/// groups' `partially_accepted`: some points, not all), and its score is the expected one when one is
/// given. `Err` says why not.
pub fn judge_expectation(
    expected: Expected,
    score: &SubmissionScore,
    wanted: Option<ScoreExpectation>,
    partial: PartialRule,
) -> std::result::Result<(), String> {
    let full = score.max.is_some_and(|max| score.score >= max - 1e-6);
    let verdict_ok = match expected {
        Expected::Verdicts(rule)
            if rule.folder == PARTIALLY_ACCEPTED && partial == PartialRule::PointsBelowFull =>
        {
            if score.verdict == Verdict::JE {
                return Err("a judge error".into());
            }
            if full {
                return Err("full score, but its folder is partially_accepted".into());
            }
            if score.score <= 1e-6 {
                return Err("no points, but its folder is partially_accepted".into());
            }
            true
        }
        Expected::Verdicts(rule) if rule.folder == PARTIALLY_ACCEPTED => {
            if score.verdict == Verdict::AC && full {
                return Err("fully accepted, but its folder is partially_accepted".into());
            }
            score.verdict == Verdict::AC
        }
        Expected::Verdicts(rule) => {
            rule.permitted.contains(score.verdict) && rule.required.contains(score.verdict)
        }
        Expected::RunTimeError => matches!(score.verdict, Verdict::RE | Verdict::MLE),
        other => other.allows(score.verdict),
    };
    if !verdict_ok {
        return Err(format!(
            "got {} overall, not what {}/ asks",
            score.verdict.name(),
            expected.folder()
        ));
    }
    match wanted {
        Some(wanted) if !wanted.allows(score.score) => Err(format!(
            "score {}, expected {wanted}",
            crate::model::score::shown(score.score)
        )),
        _ => Ok(()),
    }
}

/// The folder of submissions that must be accepted with less than the full score.
pub const PARTIALLY_ACCEPTED: &str = "partially_accepted";
