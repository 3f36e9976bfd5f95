//! DOMjudge's scoring rules (`ScoringRules::DomJudge`, chosen with `verify --scoring-rules domjudge`), as
//! its `SubmissionService::maybeSetScoringResult` applies them, where they differ from the specification's
//! (`grade::score`):
//! - a group of tests (no groups below it) scores its tests' `score.txt` when any wrote one (on an
//!   accepted or wrong answer; 0 on any other verdict), aggregated by the group's rule; else its
//!   `accept_score` once, when every test is accepted (not once per test), else 0;
//! - a group with groups below it aggregates those groups alone: tests directly in it do not count;
//! - a `score.txt` counts whatever the problem.yaml says of custom scoring (no judge error);
//! - the verdict is the first child's that is not accepted.
//!
//! The tree it works on is the package's, rewritten by its format to DOMjudge's reading of it (which
//! folders are groups, each group's own `accept_score` and aggregation).

use anyhow::Result;

use super::score::Explained;
use crate::model::score::ScoreAggregation;
use crate::model::{GroupScore, ScoreGroup, ScoreItem, Scoring, SubmissionScore, Verdict};

/// Scores a submission by DOMjudge's rules; `judge` as for `grade::score::score_explained`.
pub fn score(
    scoring: &Scoring,
    judge: &mut dyn FnMut(&str) -> Result<Option<Explained>>,
) -> Result<SubmissionScore> {
    let root = group(&scoring.root, judge)?.unwrap_or_else(|| empty(&scoring.root));
    Ok(SubmissionScore {
        version: crate::model::SCORE_VERSION,
        verdict: root.verdict,
        score: root.score,
        max: root.max,
        expected: None,
        mismatch: None,
        groups: root.groups,
        error: root.error,
    })
}

fn empty(group: &ScoreGroup) -> GroupScore {
    GroupScore {
        group: group.name.clone(),
        verdict: Verdict::AC,
        score: 0.0,
        max: group.rules.max(),
        first_failure: None,
        tests: 0,
        passed: 0,
        groups: Vec::new(),
        error: None,
        unmet: None,
    }
}

/// A group's result; `None` when none of its tests is part of the run.
fn group(
    group: &ScoreGroup,
    judge: &mut dyn FnMut(&str) -> Result<Option<Explained>>,
) -> Result<Option<GroupScore>> {
    let mut result = empty(group);
    let leaf = !group.items.iter().any(|i| matches!(i, ScoreItem::Group(_)));
    let mut scores: Vec<f64> = Vec::new();
    let mut scored = false;
    let mut first_rejected: Option<Verdict> = None;
    let mut any = false;
    for item in &group.items {
        match item {
            ScoreItem::Test(name) => {
                let Some((judged, said)) = judge(name)? else {
                    continue;
                };
                any = true;
                result.tests += 1;
                let verdict = judged.verdict;
                if verdict == Verdict::AC {
                    result.passed += 1;
                } else {
                    result.first_failure.get_or_insert_with(|| name.clone());
                    if verdict == Verdict::JE && result.error.is_none() {
                        let why = said.unwrap_or_else(|| "a judge error".to_string());
                        result.error = Some(format!("{name}: {why}"));
                    }
                }
                // Tests directly in a group with groups below it do not count.
                if !leaf {
                    continue;
                }
                if verdict != Verdict::AC {
                    first_rejected.get_or_insert(verdict);
                }
                if let Some(score) = judged.validator_score {
                    scored = true;
                    let answered = matches!(verdict, Verdict::AC | Verdict::WA | Verdict::PE);
                    scores.push(if answered { score } else { 0.0 });
                }
            }
            ScoreItem::Group(sub) => {
                if group.rules.ignore_sample && sub.name.rsplit('/').next() == Some("sample") {
                    continue;
                }
                let Some(sub) = self::group(sub, judge)? else {
                    continue;
                };
                any = true;
                result.tests += sub.tests;
                result.passed += sub.passed;
                if result.first_failure.is_none() {
                    result.first_failure = sub.first_failure.clone();
                }
                if sub.verdict != Verdict::AC {
                    first_rejected.get_or_insert(sub.verdict);
                }
                if result.error.is_none() {
                    result.error = sub.error.clone();
                }
                scores.push(sub.score);
                result.groups.push(sub);
            }
        }
    }
    if !any {
        return Ok(None);
    }
    if leaf && !scored {
        let accepted = first_rejected.is_none();
        scores.push(if accepted {
            group.rules.accept_score
        } else {
            0.0
        });
    }
    result.verdict = match result.error {
        Some(_) => Verdict::JE,
        None => first_rejected.unwrap_or(Verdict::AC),
    };
    result.score = aggregate(&scores, group.rules.scores);
    Ok(Some(result))
}

/// DOMjudge's aggregations: sum and average (0 of nothing), minimum and maximum; and the product, which
/// only CMS's GroupMul asks for (DOMjudge has none).
fn aggregate(scores: &[f64], how: ScoreAggregation) -> f64 {
    let score = match how {
        ScoreAggregation::Sum => scores.iter().sum(),
        ScoreAggregation::Product => scores.iter().product(),
        ScoreAggregation::Avg if scores.is_empty() => 0.0,
        ScoreAggregation::Avg => scores.iter().sum::<f64>() / scores.len() as f64,
        ScoreAggregation::Min => scores.iter().copied().fold(f64::INFINITY, f64::min),
        ScoreAggregation::Max => scores.iter().copied().fold(f64::NEG_INFINITY, f64::max),
    };
    match score.is_finite() {
        true => (score * 1e6).round() / 1e6,
        false => 0.0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grade::score::Judged;
    use crate::model::score::ValidatorScore;
    use crate::model::GroupRules;

    fn leaf(name: &str, accept: f64, tests: &[&str]) -> ScoreItem {
        ScoreItem::Group(ScoreGroup {
            name: name.into(),
            rules: GroupRules {
                accept_score: accept,
                ..GroupRules::default()
            },
            items: tests
                .iter()
                .map(|t| ScoreItem::Test(t.to_string()))
                .collect(),
        })
    }

    /// DOMjudge's `addone` example: groups of 10, 20 and 30 points, two tests each, the sample no group
    /// of its own (its tests right under the root, which has groups: they do not count).
    fn addone() -> Scoring {
        Scoring {
            root: ScoreGroup {
                name: String::new(),
                rules: GroupRules::default(),
                items: vec![
                    ScoreItem::Test("sample/1".into()),
                    ScoreItem::Group(ScoreGroup {
                        name: "secret".into(),
                        rules: GroupRules::default(),
                        items: vec![
                            leaf("secret/large", 30.0, &["secret/large/1", "secret/large/2"]),
                            leaf(
                                "secret/medium",
                                20.0,
                                &["secret/medium/1", "secret/medium/2"],
                            ),
                            leaf("secret/small", 10.0, &["secret/small/1", "secret/small/2"]),
                        ],
                    }),
                ],
            },
            validator_score: ValidatorScore::Forbidden,
            expected: Vec::new(),
            partial: crate::model::score::PartialRule::AcceptedBelowFull,
            rules: crate::model::ScoringRules::DomJudge,
        }
    }

    fn run(
        scoring: &Scoring,
        verdict_of: impl Fn(&str) -> (Verdict, Option<f64>),
    ) -> SubmissionScore {
        score(scoring, &mut |name| {
            let (verdict, validator_score) = verdict_of(name);
            Ok(Some((
                Judged {
                    verdict,
                    validator_score,
                    score_multiplier: None,
                },
                None,
            )))
        })
        .unwrap()
    }

    #[test]
    fn a_group_scores_its_accept_score_once_and_direct_tests_do_not_count() {
        // DOMjudge's figures for addone (its submissions' @EXPECTED_SCORE@): 60 accepted, 30 for
        // small and medium (the sample wrong), 20 for medium alone.
        let all = run(&addone(), |_| (Verdict::AC, None));
        assert_eq!((all.verdict, all.score), (Verdict::AC, 60.0));
        let medium = run(&addone(), |name| match name.starts_with("secret/large/2") {
            true => (Verdict::WA, None),
            false => (Verdict::AC, None),
        });
        assert_eq!((medium.verdict, medium.score), (Verdict::WA, 30.0));
        let medium_only = run(&addone(), |name| match name.starts_with("secret/medium") {
            true => (Verdict::AC, None),
            false => (Verdict::WA, None),
        });
        assert_eq!(medium_only.score, 20.0);
    }

    #[test]
    fn validator_scores_count_on_answers_and_zero_on_crashes() {
        let mut knapsack = addone();
        knapsack.root.items = vec![leaf(
            "secret/main",
            0.0,
            &["secret/main/1", "secret/main/2"],
        )];
        let partial = run(&knapsack, |name| match name.ends_with('1') {
            true => (Verdict::AC, Some(88.37)),
            false => (Verdict::WA, Some(10.0)),
        });
        assert_eq!((partial.verdict, partial.score), (Verdict::WA, 98.37));
        let crashed = run(&knapsack, |name| match name.ends_with('1') {
            true => (Verdict::AC, Some(50.0)),
            false => (Verdict::RE, Some(40.0)),
        });
        assert_eq!((crashed.verdict, crashed.score), (Verdict::RE, 50.0));
    }
}
