//! Scoring a submission by test groups, as problemtools does: each group judges its children in order
//! (tests and groups, depth first), stopping at the first child not accepted under `on_reject: break`; a
//! test scores the validator's `score.txt` when there is one, else its group's `accept_score` or
//! `reject_score`; a group that has a judge error below it is that judge error; otherwise the default
//! grader aggregates the children's verdicts and scores by the group's flags, and prints the score with
//! six decimals. Whether the result is what the submission's folder and expected score ask is decided
//! here too (`judge_expectation`, in `model`).

use anyhow::Result;

use crate::model::score::{OnReject, ScoreAggregation, VerdictAggregation};
use crate::model::{
    GroupRules, GroupScore, ScoreGroup, ScoreItem, Scoring, SubmissionScore, ValidatorScore,
    Verdict, SCORE_VERSION,
};

pub use crate::model::judge_expectation;

/// One test as the scoring sees it: its verdict and the score its validator gave, if any.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Judged {
    pub verdict: Verdict,
    pub validator_score: Option<f64>,
    /// The fraction of the test's maximum its validator gave (2025-09's `score_multiplier.txt`).
    pub score_multiplier: Option<f64>,
}

/// A package's custom grader (`grading: custom`): given a group's children (verdict, score) and the
/// group's `grader_flags`, the group's verdict and score; `Err` says why it could not give them (a judge
/// error of the group).
pub type CustomGrader<'a> =
    &'a dyn Fn(&[(Verdict, f64)], &[String]) -> std::result::Result<(Verdict, f64), String>;

/// Scores a submission. `judge` runs a test by name and says how it went; `None` leaves the test out
/// (it is not part of the run, as a filtered test in problemtools). Tests are judged in order, and only
/// those the `on_reject` rules reach. A group under `grading: custom` is a judge error here: only
/// `score_with` has the package's grader.
pub fn score(
    scoring: &Scoring,
    judge: &mut dyn FnMut(&str) -> Result<Option<Judged>>,
) -> Result<SubmissionScore> {
    score_with(scoring, None, judge)
}

/// `score`, with the package's custom grader for the groups under `grading: custom`.
pub fn score_with(
    scoring: &Scoring,
    custom: Option<CustomGrader>,
    judge: &mut dyn FnMut(&str) -> Result<Option<Judged>>,
) -> Result<SubmissionScore> {
    score_explained(scoring, custom, &mut |name| {
        Ok(judge(name)?.map(|judged| (judged, None)))
    })
}

/// A test as the scoring sees it, with what was said of it (its checker's or the run's words: why it is
/// a judge error, when it is one).
pub type Explained = (Judged, Option<String>);

/// `score_with`, where each test comes with what was said of it: a group that is a judge error says why
/// (`GroupScore::error`: the test and its reason, the custom grader's failure, a rule broken), and so
/// does the whole score (`SubmissionScore::error`).
pub fn score_explained(
    scoring: &Scoring,
    custom: Option<CustomGrader>,
    judge: &mut dyn FnMut(&str) -> Result<Option<Explained>>,
) -> Result<SubmissionScore> {
    if scoring.rules == crate::model::ScoringRules::DomJudge {
        return super::domjudge::score(scoring, judge);
    }
    let root = score_group(&scoring.root, scoring.validator_score, custom, judge)?;
    let root = root.unwrap_or(GroupScore {
        group: String::new(),
        verdict: Verdict::AC,
        score: 0.0,
        max: scoring.root.rules.max(),
        first_failure: None,
        tests: 0,
        passed: 0,
        groups: Vec::new(),
        error: None,
        unmet: None,
    });
    Ok(SubmissionScore {
        version: SCORE_VERSION,
        verdict: root.verdict,
        score: root.score,
        max: root.max,
        expected: None,
        mismatch: None,
        groups: root.groups,
        error: root.error,
    })
}

/// Scores tests that already ran (a solution runs every test): each looked up by name, those not among
/// them left out.
pub fn score_results(scoring: &Scoring, tests: &[crate::model::TestResult]) -> SubmissionScore {
    let judged = score_explained(scoring, None, &mut |name| {
        Ok(tests.iter().find(|t| t.name == name).map(explained))
    });
    judged.expect("looking results up never fails")
}

/// A test's result as the scoring sees it, with why it is not accepted in the result's words.
pub fn explained(test: &crate::model::TestResult) -> Explained {
    let judged = Judged {
        verdict: test.verdict,
        validator_score: test.validator_score,
        score_multiplier: test.score_multiplier,
    };
    (judged, test.cause().map(str::to_string))
}

/// A group's result; `None` when none of its tests is part of the run.
fn score_group(
    group: &ScoreGroup,
    policy: ValidatorScore,
    custom: Option<CustomGrader>,
    judge: &mut dyn FnMut(&str) -> Result<Option<Explained>>,
) -> Result<Option<GroupScore>> {
    let mut children: Vec<(Verdict, f64)> = Vec::new();
    let mut result = GroupScore {
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
    };
    let mut any = false;
    // Why the first child that is a judge error is one.
    let mut judge_error: Option<String> = None;
    for item in &group.items {
        let (verdict, score) = match item {
            ScoreItem::Test(name) => {
                let Some((judged, said)) = judge(name)? else {
                    continue;
                };
                let (verdict, why, score) = match group.rules.outcomes {
                    Some(outcomes) => {
                        let (verdict, outcome) = cms_outcome(judged, outcomes);
                        (verdict, None, outcome)
                    }
                    None => kattis_test(judged, policy, &group.rules),
                };
                if verdict == Verdict::JE && judge_error.is_none() {
                    let why = why.or(said).unwrap_or_else(|| "a judge error".to_string());
                    judge_error = Some(format!("{name}: {why}"));
                }
                result.tests += 1;
                if verdict == Verdict::AC {
                    result.passed += 1;
                } else if result.first_failure.is_none() {
                    result.first_failure = Some(name.clone());
                }
                (verdict, score)
            }
            ScoreItem::Group(sub) => {
                let Some(sub) = score_group(sub, policy, custom, judge)? else {
                    continue;
                };
                result.tests += sub.tests;
                result.passed += sub.passed;
                if result.first_failure.is_none() {
                    result.first_failure = sub.first_failure.clone();
                }
                if sub.verdict == Verdict::JE && judge_error.is_none() {
                    let why = sub.error.clone();
                    judge_error =
                        Some(why.unwrap_or_else(|| format!("{}: a judge error", sub.group)));
                }
                let child = (sub.verdict, sub.score);
                result.groups.push(sub);
                child
            }
        };
        any = true;
        children.push((verdict, score));
        if verdict != Verdict::AC && group.rules.on_reject == OnReject::Break {
            break;
        }
    }
    if !any {
        return Ok(None);
    }
    unmet_requirements(group, &mut children, &mut result.groups);
    (result.verdict, result.score) = match children.iter().find(|(v, _)| *v == Verdict::JE) {
        Some(child) => {
            result.error = judge_error;
            *child
        }
        None => match (&group.rules.custom_grader, custom) {
            (None, _) => {
                let graded = grade(&children, &group.rules);
                if graded.0 == Verdict::JE {
                    result.error = Some(format!(
                        "`ignore_sample` on a group of {} children: only the root, with sample and secret, may ignore its samples",
                        children.len()
                    ));
                }
                graded
            }
            (Some(flags), Some(custom)) => match custom(&children, flags) {
                Ok(graded) => {
                    if graded.0 == Verdict::JE {
                        result.error = Some("the custom grader said JE".into());
                    }
                    graded
                }
                Err(why) => {
                    result.error = Some(format!("the custom grader failed: {why}"));
                    (Verdict::JE, 0.0)
                }
            },
            (Some(_), None) => {
                result.error = Some("the group needs the package's custom grader".into());
                (Verdict::JE, 0.0)
            }
        },
    };
    Ok(Some(result))
}

/// Takes the score of each child group whose required siblings (`GroupRules::requires`) are not all
/// accepted with their scores, until none changes (a requirement of a requirement counts too): it gets
/// its `reject_score`, and says which it lacked (`GroupScore::unmet`). `children` holds every child's
/// (verdict, score) in order, `groups` the results of the child groups among them.
fn unmet_requirements(
    group: &ScoreGroup,
    children: &mut [(Verdict, f64)],
    groups: &mut [GroupScore],
) {
    // Each child group judged: its declaration and its place in `children` (`groups` in order).
    let mut judged: Vec<(&ScoreGroup, usize)> = Vec::new();
    let mut child = 0;
    for item in &group.items {
        match item {
            ScoreItem::Group(sub) => {
                if groups
                    .get(judged.len())
                    .is_some_and(|g| g.group == sub.name)
                {
                    judged.push((sub, child));
                    child += 1;
                }
            }
            ScoreItem::Test(_) => child += 1,
        }
    }
    let passes = |groups: &[GroupScore], name: &str| {
        judged.iter().zip(groups).any(|((sub, _), result)| {
            sub.name == name && result.verdict == Verdict::AC && result.unmet.is_none()
        })
    };
    let mut changed = true;
    while changed {
        changed = false;
        for (index, (sub, child)) in judged.iter().enumerate() {
            if groups[index].unmet.is_some() {
                continue;
            }
            let unmet: Vec<String> = (sub.rules.requires.iter())
                .filter(|name| !passes(groups, name))
                .cloned()
                .collect();
            if !unmet.is_empty() {
                groups[index].score = sub.rules.reject_score;
                groups[index].unmet = Some(unmet);
                children[*child].1 = sub.rules.reject_score;
                changed = true;
            }
        }
    }
}

/// A test's verdict, why when it is a judge error, and score in the Kattis model: the validator's
/// `score.txt` when the policy allows it, else the group's `accept_score` or `reject_score`.
fn kattis_test(
    mut judged: Judged,
    policy: ValidatorScore,
    rules: &GroupRules,
) -> (Verdict, Option<String>, f64) {
    let policy = rules.validator_score.unwrap_or(policy);
    if policy == ValidatorScore::Ignored {
        judged.validator_score = None;
        judged.score_multiplier = None;
    }
    let (mut verdict, mut why) = match multiplied(&mut judged, policy, rules.test_max) {
        Err(why) => (Verdict::JE, Some(why)),
        Ok(()) => kattis_verdict(judged.verdict, judged.validator_score, policy),
    };
    if let (Verdict::AC, Some(score), Some(max)) = (verdict, judged.validator_score, rules.test_max)
    {
        // 2025-09: a test's score.txt is from 0 to the test's maximum score.
        if !(0.0..=max + 1e-6).contains(&score) {
            verdict = Verdict::JE;
            why = Some(format!(
                "the validator's score.txt says {}, outside 0 to the test's maximum {}",
                crate::model::score::shown(score),
                crate::model::score::shown(max)
            ));
        }
    }
    let score = match (verdict, judged.validator_score) {
        (Verdict::AC, Some(score)) => score,
        (Verdict::AC, _) => rules.accept_score,
        _ => rules.reject_score,
    };
    (verdict, why, score)
}

/// A test's verdict and outcome (from 0 to 1) in a group scored as CMS scores a subtask: its checker's
/// outcome when it was checked and gave one, else 1 when accepted and 0 when not; under GroupThreshold, 1
/// when that outcome is above 0 and at most the threshold (the test accepted), else 0 (a wrong answer).
fn cms_outcome(judged: Judged, outcomes: crate::model::Outcomes) -> (Verdict, f64) {
    let checked = matches!(judged.verdict, Verdict::AC | Verdict::WA | Verdict::PE);
    let raw = match (checked, judged.validator_score) {
        (true, Some(outcome)) => outcome,
        _ if judged.verdict == Verdict::AC => 1.0,
        _ => 0.0,
    };
    match outcomes.threshold {
        Some(threshold) => {
            let within = raw > 0.0 && raw <= threshold;
            let verdict = match (checked, within) {
                (false, _) => judged.verdict,
                (true, true) => Verdict::AC,
                (true, false) => Verdict::WA,
            };
            (verdict, if within { 1.0 } else { 0.0 })
        }
        None => {
            let verdict = match judged.verdict {
                Verdict::PE => Verdict::WA,
                other => other,
            };
            (verdict, raw.clamp(0.0, 1.0))
        }
    }
}

/// A test's verdict in the Kattis model: presentation errors are wrong answers, and a `score.txt` the
/// problem does not allow (or an accepted test without the one it requires, or one on a rejected test)
/// is a judge error, with the reason.
fn kattis_verdict(
    verdict: Verdict,
    score: Option<f64>,
    policy: ValidatorScore,
) -> (Verdict, Option<String>) {
    let error = |why: &str| (Verdict::JE, Some(why.to_string()));
    match (verdict, score, policy) {
        (Verdict::PE, None, _) => (Verdict::WA, None),
        (Verdict::AC, Some(_), ValidatorScore::Forbidden) => error(
            "the validator wrote a score.txt, but the problem does not take its validator's scores (a legacy problem.yaml takes them with `validation: custom score`; DOMjudge takes them always: `verify --scoring-rules domjudge`)",
        ),
        (Verdict::AC, None, ValidatorScore::Required) => error(
            "the validator wrote no score.txt, but the problem takes every test's score from it",
        ),
        (Verdict::WA | Verdict::PE, Some(_), _) => {
            error("the validator wrote a score.txt for an output it rejected")
        }
        (verdict, _, _) => (verdict, None),
    }
}

/// A test's `score_multiplier.txt` as its score (the fraction times the test's maximum, 2025-09's
/// "Scoring test cases"), put in `judged.validator_score`; `Err` says why it is a judge error: written
/// for a rejected output, in a group that takes no validator scores, or for a test without a maximum.
fn multiplied(
    judged: &mut Judged,
    policy: ValidatorScore,
    test_max: Option<f64>,
) -> std::result::Result<(), String> {
    let Some(multiplier) = judged.score_multiplier.take() else {
        return Ok(());
    };
    if judged.verdict != Verdict::AC {
        return Err("the validator wrote a score_multiplier.txt for an output it rejected".into());
    }
    if policy == ValidatorScore::Forbidden {
        return Err(
            "the validator wrote a score_multiplier.txt, but the problem does not take its validator's scores"
                .into(),
        );
    }
    match test_max.filter(|max| max.is_finite()) {
        Some(max) => {
            judged.validator_score = Some(multiplier * max);
            Ok(())
        }
        None => Err(
            "the validator wrote a score_multiplier.txt for a test without a maximum score (an unbounded group needs score.txt)"
                .into(),
        ),
    }
}

/// The default grader on a group's children: (verdict, score), the score with six decimals as it
/// prints it. No child: accepted with 0.
pub fn grade(children: &[(Verdict, f64)], rules: &GroupRules) -> (Verdict, f64) {
    if children.is_empty() {
        return (Verdict::AC, 0.0);
    }
    let children = match rules.ignore_sample {
        // Only the root may ignore its samples: it has one or two children, samples and secret.
        true if children.len() > 2 => return (Verdict::JE, 0.0),
        true => &children[children.len() - 1..],
        false => children,
    };
    let verdict = if rules.accept_if_any_accepted && children.iter().any(|c| c.0 == Verdict::AC) {
        Verdict::AC
    } else {
        match rules.verdicts {
            VerdictAggregation::WorstError => children
                .iter()
                .map(|c| c.0)
                .min_by_key(|v| severity(*v))
                .unwrap_or(Verdict::AC),
            VerdictAggregation::FirstError => children
                .iter()
                .map(|c| c.0)
                .find(|v| *v != Verdict::AC)
                .unwrap_or(Verdict::AC),
            VerdictAggregation::AlwaysAccept => Verdict::AC,
        }
    };
    let scores = children.iter().map(|c| c.1);
    let score = match rules.scores {
        ScoreAggregation::Sum => scores.sum(),
        ScoreAggregation::Avg => scores.sum::<f64>() / children.len() as f64,
        ScoreAggregation::Max => scores.fold(f64::NEG_INFINITY, f64::max),
        ScoreAggregation::Min => scores.fold(f64::INFINITY, f64::min),
        ScoreAggregation::Product => scores.product(),
    };
    // CMS: the subtask's points times the aggregate of its tests' outcomes.
    let score = score * rules.outcomes.map_or(1.0, |o| o.points);
    (verdict, (score * 1e6).round() / 1e6)
}

/// The default grader's order of errors, most severe first: JE, RTE, MLE, TLE, OLE, WA, AC (a compile
/// error never reaches a grader).
fn severity(verdict: Verdict) -> usize {
    match verdict {
        Verdict::JE | Verdict::CE => 0,
        Verdict::RE => 1,
        Verdict::MLE => 2,
        Verdict::TLE => 3,
        Verdict::OLE => 4,
        Verdict::WA | Verdict::PE => 5,
        Verdict::AC => 6,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::score::PartialRule;
    use Verdict::*;

    fn rules(flags: &[&str]) -> GroupRules {
        let mut rules = GroupRules::default();
        let flags: Vec<String> = flags.iter().map(|f| f.to_string()).collect();
        rules.apply_flags(&flags).unwrap();
        rules
    }

    #[test]
    fn score_aggregations() {
        let children = [(AC, 30.0), (WA, 0.0), (AC, 12.5)];
        assert_eq!(grade(&children, &rules(&["sum"])).1, 42.5);
        assert_eq!(grade(&children, &rules(&["avg"])).1, 14.166667);
        assert_eq!(grade(&children, &rules(&["max"])).1, 30.0);
        assert_eq!(grade(&children, &rules(&["min"])).1, 0.0);
        assert_eq!(grade(&children, &rules(&[])).1, 42.5, "sum by default");
        assert_eq!(grade(&[], &rules(&["min"])), (AC, 0.0), "no child");
    }

    #[test]
    fn verdict_aggregations_and_flags() {
        let children = [(AC, 1.0), (WA, 0.0), (TLE, 0.0), (RE, 0.0)];
        assert_eq!(
            grade(&children, &rules(&[])).0,
            RE,
            "worst_error by default"
        );
        assert_eq!(grade(&children, &rules(&["no_errors"])).0, RE);
        assert_eq!(grade(&children, &rules(&["worst_error"])).0, RE);
        assert_eq!(grade(&children, &rules(&["first_error"])).0, WA);
        assert_eq!(grade(&children, &rules(&["always_accept"])).0, AC);
        assert_eq!(grade(&children, &rules(&["accept_if_any_accepted"])).0, AC);
        assert_eq!(
            grade(
                &[(WA, 0.0), (TLE, 0.0)],
                &rules(&["accept_if_any_accepted"])
            )
            .0,
            TLE
        );
        // The default grader's order: RTE, MLE, TLE, OLE, WA.
        assert_eq!(grade(&[(TLE, 0.0), (MLE, 0.0)], &rules(&[])).0, MLE);
        assert_eq!(grade(&[(OLE, 0.0), (TLE, 0.0)], &rules(&[])).0, TLE);
        assert_eq!(grade(&[(WA, 0.0), (OLE, 0.0)], &rules(&[])).0, OLE);
        // ignore_sample: the last of one or two children.
        let ignore = rules(&["ignore_sample"]);
        assert_eq!(grade(&[(WA, 0.0), (AC, 70.0)], &ignore), (AC, 70.0));
        assert_eq!(grade(&[(AC, 70.0)], &ignore), (AC, 70.0));
        assert_eq!(
            grade(&[(AC, 1.0), (AC, 1.0), (AC, 1.0)], &ignore),
            (JE, 0.0)
        );
        let mut unknown = GroupRules::default();
        assert!(unknown
            .apply_flags(&["median".to_string()])
            .unwrap_err()
            .contains("median"));
    }

    /// A tree: the root (`ignore_sample`) with `sample` and `secret`; `secret` (`continue`,
    /// `first_error accept_if_any_accepted`) with two subtasks of 50 (`break`, `min`).
    fn oddecho_like(on_reject: OnReject) -> Scoring {
        let tests = |group: &str, n: usize| -> Vec<ScoreItem> {
            (1..=n)
                .map(|i| ScoreItem::Test(format!("{group}/{i}")))
                .collect()
        };
        let subtask = |name: &str| ScoreGroup {
            name: format!("secret/{name}"),
            rules: GroupRules {
                on_reject,
                accept_score: 50.0,
                range: (0.0, 50.0),
                ..rules(&["min"])
            },
            items: tests(&format!("secret/{name}"), 3),
        };
        let secret = ScoreGroup {
            name: "secret".into(),
            rules: GroupRules {
                on_reject: OnReject::Continue,
                range: (0.0, 100.0),
                ..rules(&["first_error", "accept_if_any_accepted"])
            },
            items: vec![
                ScoreItem::Group(subtask("subtask1")),
                ScoreItem::Group(subtask("subtask2")),
            ],
        };
        let sample = ScoreGroup {
            name: "sample".into(),
            rules: GroupRules {
                on_reject: OnReject::Continue,
                accept_score: 0.0,
                range: (0.0, 0.0),
                ..rules(&["first_error"])
            },
            items: tests("sample", 2),
        };
        Scoring {
            root: ScoreGroup {
                name: String::new(),
                rules: GroupRules {
                    on_reject: OnReject::Continue,
                    range: (0.0, 100.0),
                    ..rules(&["ignore_sample"])
                },
                items: vec![ScoreItem::Group(sample), ScoreItem::Group(secret)],
            },
            validator_score: ValidatorScore::Allowed,
            expected: Vec::new(),
            partial: PartialRule::AcceptedBelowFull,
            rules: Default::default(),
        }
    }

    /// Scores with these verdicts by test name (AC when not listed), and the tests judged.
    fn run(scoring: &Scoring, verdicts: &[(&str, Verdict)]) -> (SubmissionScore, Vec<String>) {
        let mut judged = Vec::new();
        let result = score(scoring, &mut |name| {
            judged.push(name.to_string());
            let verdict = verdicts
                .iter()
                .find(|(n, _)| *n == name)
                .map_or(AC, |(_, v)| *v);
            Ok(Some(Judged {
                verdict,
                validator_score: None,
                score_multiplier: None,
            }))
        })
        .unwrap();
        (result, judged)
    }

    /// Three groups of 10, 20 and 30 points, `b` requiring `a`, `c` requiring `b` (Polygon's
    /// dependencies), each scoring its points when its one test passes.
    fn chained() -> Scoring {
        let group = |name: &str, points: f64, requires: &[&str]| {
            ScoreItem::Group(ScoreGroup {
                name: name.into(),
                rules: GroupRules {
                    scores: ScoreAggregation::Min,
                    accept_score: points,
                    range: (0.0, points),
                    requires: requires.iter().map(|r| r.to_string()).collect(),
                    ..GroupRules::default()
                },
                items: vec![ScoreItem::Test(name.into())],
            })
        };
        Scoring {
            root: ScoreGroup {
                name: String::new(),
                rules: GroupRules {
                    on_reject: OnReject::Continue,
                    verdicts: VerdictAggregation::FirstError,
                    range: (0.0, 60.0),
                    ..GroupRules::default()
                },
                items: vec![
                    group("a", 10.0, &[]),
                    group("b", 20.0, &["a"]),
                    group("c", 30.0, &["b"]),
                ],
            },
            validator_score: ValidatorScore::Forbidden,
            expected: Vec::new(),
            partial: PartialRule::PointsBelowFull,
            rules: Default::default(),
        }
    }

    #[test]
    fn a_group_scores_only_when_the_groups_it_requires_pass() {
        let scoring = chained();
        let scores = |verdicts: &[(&str, Verdict)]| {
            let (result, judged) = run(&scoring, verdicts);
            assert_eq!(judged, ["a", "b", "c"], "every test is judged all the same");
            let groups: Vec<(f64, Option<Vec<String>>)> = result
                .groups
                .iter()
                .map(|g| (g.score, g.unmet.clone()))
                .collect();
            (result.score, groups)
        };
        let needs = |group: &str| Some(vec![group.to_string()]);
        assert_eq!(
            scores(&[]),
            (60.0, vec![(10.0, None), (20.0, None), (30.0, None)])
        );
        // `a` fails: `b` passes its test but scores nothing, and neither does `c`, which requires `b`.
        assert_eq!(
            scores(&[("a", WA)]),
            (0.0, vec![(0.0, None), (0.0, needs("a")), (0.0, needs("b"))])
        );
        assert_eq!(
            scores(&[("b", TLE)]),
            (10.0, vec![(10.0, None), (0.0, None), (0.0, needs("b"))])
        );
        assert_eq!(
            scores(&[("c", WA)]),
            (30.0, vec![(10.0, None), (20.0, None), (0.0, None)])
        );
    }

    #[test]
    fn a_partial_submission_scores_its_subtasks_and_breaks_in_them() {
        let scoring = oddecho_like(OnReject::Break);
        let (all, judged) = run(&scoring, &[]);
        assert_eq!((all.verdict, all.score, all.max), (AC, 100.0, Some(100.0)));
        assert_eq!(judged.len(), 8);
        let (partial, judged) = run(
            &scoring,
            &[
                ("sample/1", WA),
                ("secret/subtask2/2", WA),
                ("secret/subtask2/3", TLE),
            ],
        );
        assert_eq!((partial.verdict, partial.score), (AC, 50.0));
        let groups: Vec<_> = partial
            .all_groups()
            .iter()
            .map(|g| (g.group.clone(), g.verdict, g.score, g.first_failure.clone()))
            .collect();
        assert_eq!(
            groups,
            [
                ("sample".into(), WA, 0.0, Some("sample/1".into())),
                ("secret".into(), AC, 50.0, Some("secret/subtask2/2".into())),
                ("secret/subtask1".into(), AC, 50.0, None),
                (
                    "secret/subtask2".into(),
                    WA,
                    0.0,
                    Some("secret/subtask2/2".into())
                ),
            ]
        );
        assert!(
            !judged.contains(&"secret/subtask2/3".to_string()),
            "on_reject: break stops the group at its first failure: {judged:?}"
        );
        assert_eq!(
            judged.len(),
            7,
            "the samples all run (continue): {judged:?}"
        );
        // Nothing accepted in secret: first_error.
        let (none, _) = run(
            &scoring,
            &[("secret/subtask1/1", TLE), ("secret/subtask2/1", WA)],
        );
        assert_eq!((none.verdict, none.score), (TLE, 0.0));
    }

    #[test]
    fn on_reject_continue_judges_every_test() {
        let scoring = oddecho_like(OnReject::Continue);
        let (result, judged) = run(
            &scoring,
            &[("secret/subtask2/2", WA), ("secret/subtask2/3", TLE)],
        );
        assert_eq!(judged.len(), 8);
        assert_eq!((result.verdict, result.score), (AC, 50.0));
        let subtask2 = result.all_groups()[3].clone();
        assert_eq!((subtask2.tests, subtask2.passed), (3, 1));
        assert_eq!(subtask2.verdict, TLE, "worst_error: TLE is worse than WA");
    }

    #[test]
    fn test_scores_come_from_the_validator_or_the_group() {
        let flat = |policy| Scoring {
            root: ScoreGroup {
                name: String::new(),
                rules: GroupRules {
                    on_reject: OnReject::Continue,
                    accept_score: 10.0,
                    reject_score: -1.0,
                    ..GroupRules::default()
                },
                items: vec![
                    ScoreItem::Test("a".into()),
                    ScoreItem::Test("b".into()),
                    ScoreItem::Test("c".into()),
                ],
            },
            validator_score: policy,
            expected: Vec::new(),
            partial: PartialRule::AcceptedBelowFull,
            rules: Default::default(),
        };
        let judged = |name: &str| {
            Ok(Some(match name {
                "a" => Judged {
                    verdict: AC,
                    validator_score: Some(2.5),
                    score_multiplier: None,
                },
                "b" => Judged {
                    verdict: AC,
                    validator_score: None,
                    score_multiplier: None,
                },
                _ => Judged {
                    verdict: WA,
                    validator_score: None,
                    score_multiplier: None,
                },
            }))
        };
        let allowed = score(&flat(ValidatorScore::Allowed), &mut |n| judged(n)).unwrap();
        assert_eq!((allowed.verdict, allowed.score), (WA, 2.5 + 10.0 - 1.0));
        let required = score(&flat(ValidatorScore::Required), &mut |n| judged(n)).unwrap();
        assert_eq!(required.verdict, JE, "b has no score.txt");
        // The judge error says which test and why, in the score and in its group.
        let why =
            "b: the validator wrote no score.txt, but the problem takes every test's score from it";
        assert_eq!(required.error.as_deref(), Some(why));
        let forbidden = score(&flat(ValidatorScore::Forbidden), &mut |n| judged(n)).unwrap();
        assert_eq!(forbidden.verdict, JE, "a has a score.txt");
        let why = "a: the validator wrote a score.txt, but the problem does not take its validator's scores (a legacy problem.yaml takes them with `validation: custom score`; DOMjudge takes them always: `verify --scoring-rules domjudge`)";
        assert_eq!(forbidden.error.as_deref(), Some(why));
        assert_eq!(kattis_verdict(WA, Some(1.0), ValidatorScore::Allowed).0, JE);
        assert_eq!(kattis_verdict(PE, None, ValidatorScore::Allowed).0, WA);
    }

    /// A test that is a judge error (its checker crashed) makes its group and every group above it a
    /// judge error that names the test and says why, down to the whole score.
    #[test]
    fn a_judge_error_names_its_test_and_reason_up_to_the_root() {
        let scoring = oddecho_like(OnReject::Continue);
        let said = "checker: the checker failed: exit code 1, not one its protocol defines";
        let result = score_explained(&scoring, None, &mut |name| {
            let verdict = match name {
                "secret/subtask2/2" => JE,
                _ => AC,
            };
            let why = (verdict == JE).then(|| said.to_string());
            Ok(Some((
                Judged {
                    verdict,
                    validator_score: None,
                    score_multiplier: None,
                },
                why,
            )))
        })
        .unwrap();
        let why = format!("secret/subtask2/2: {said}");
        assert_eq!(result.verdict, JE);
        assert_eq!(result.error.as_deref(), Some(why.as_str()));
        for group in result.all_groups() {
            match group.verdict {
                JE => assert_eq!(group.error.as_deref(), Some(why.as_str()), "{group:?}"),
                _ => assert_eq!(group.error, None, "{group:?}"),
            }
        }
        let je_groups = result
            .all_groups()
            .iter()
            .filter(|g| g.verdict == JE)
            .count();
        assert_eq!(je_groups, 2, "secret and secret/subtask2");
    }

    /// A group under `grading: custom` is aggregated by the custom grader, which gets its children and
    /// its flags; an error of the grader, or no grader, is a judge error of the group with the reason.
    #[test]
    fn a_custom_grader_aggregates_its_group() {
        let scoring = Scoring {
            root: ScoreGroup {
                name: String::new(),
                rules: GroupRules {
                    on_reject: OnReject::Continue,
                    accept_score: 10.0,
                    custom_grader: Some(vec!["x".into()]),
                    ..GroupRules::default()
                },
                items: vec![ScoreItem::Test("a".into()), ScoreItem::Test("b".into())],
            },
            validator_score: ValidatorScore::Forbidden,
            expected: Vec::new(),
            partial: PartialRule::AcceptedBelowFull,
            rules: Default::default(),
        };
        let judged = |name: &str| {
            let verdict = if name == "a" { AC } else { TLE };
            Ok(Some(Judged {
                verdict,
                validator_score: None,
                score_multiplier: None,
            }))
        };
        let seen = std::cell::RefCell::new(Vec::new());
        let grader = |children: &[(Verdict, f64)], flags: &[String]| {
            seen.borrow_mut().push((children.to_vec(), flags.to_vec()));
            Ok((AC, 7.0))
        };
        let graded = score_with(&scoring, Some(&grader), &mut |n| judged(n)).unwrap();
        assert_eq!((graded.verdict, graded.score), (AC, 7.0));
        assert_eq!(
            seen.into_inner(),
            [(vec![(AC, 10.0), (TLE, 0.0)], vec!["x".to_string()])]
        );
        let failing = |_: &[(Verdict, f64)], _: &[String]| Err("it crashed".to_string());
        let failed = score_with(&scoring, Some(&failing), &mut |n| judged(n)).unwrap();
        assert_eq!((failed.verdict, failed.score), (JE, 0.0));
        assert_eq!(
            failed.error.as_deref(),
            Some("the custom grader failed: it crashed")
        );
        let without = score(&scoring, &mut |n| judged(n)).unwrap();
        assert_eq!(without.verdict, JE, "no grader to run");
    }

    /// 2025-09: a group decides whether its tests' `score.txt` counts (none in `pass-fail`, ignored in
    /// the samples) and how high it may go (the test's maximum score).
    #[test]
    fn a_group_decides_its_tests_validator_scores_and_their_bound() {
        let group = |policy, test_max| Scoring {
            root: ScoreGroup {
                name: String::new(),
                rules: GroupRules {
                    on_reject: OnReject::Continue,
                    accept_score: 10.0,
                    validator_score: Some(policy),
                    test_max,
                    ..GroupRules::default()
                },
                items: vec![ScoreItem::Test("a".into())],
            },
            validator_score: ValidatorScore::Allowed,
            expected: Vec::new(),
            partial: PartialRule::AcceptedBelowFull,
            rules: Default::default(),
        };
        let with = |scoring: &Scoring, given: Option<f64>| {
            let result = score(scoring, &mut |_| {
                Ok(Some(Judged {
                    verdict: AC,
                    validator_score: given,
                    score_multiplier: None,
                }))
            })
            .unwrap();
            (result.verdict, result.score)
        };
        use ValidatorScore::*;
        assert_eq!(with(&group(Allowed, Some(10.0)), Some(4.0)), (AC, 4.0));
        assert_eq!(with(&group(Allowed, Some(10.0)), None), (AC, 10.0));
        assert_eq!(
            with(&group(Allowed, Some(10.0)), Some(10.5)).0,
            JE,
            "above the test's maximum"
        );
        assert_eq!(
            with(&group(Allowed, Some(10.0)), Some(-1.0)).0,
            JE,
            "below 0"
        );
        assert_eq!(
            with(&group(Forbidden, Some(10.0)), Some(4.0)).0,
            JE,
            "pass-fail"
        );
        assert_eq!(with(&group(Required, None), None).0, JE, "unbounded");
        assert_eq!(with(&group(Required, None), Some(1e6)), (AC, 1e6));
        assert_eq!(
            with(&group(Ignored, Some(10.0)), Some(4.0)),
            (AC, 10.0),
            "samples"
        );
    }

    #[test]
    fn a_judge_error_below_a_group_is_the_group_result() {
        let scoring = oddecho_like(OnReject::Break);
        let (result, _) = run(&scoring, &[("secret/subtask1/2", JE)]);
        assert_eq!(result.verdict, JE);
    }

    #[test]
    fn tests_left_out_of_the_run_are_not_judged() {
        let scoring = oddecho_like(OnReject::Break);
        let result = score(&scoring, &mut |name| {
            Ok(name.starts_with("secret/subtask1").then_some(Judged {
                verdict: AC,
                validator_score: None,
                score_multiplier: None,
            }))
        })
        .unwrap();
        assert_eq!((result.verdict, result.score), (AC, 50.0));
        assert_eq!(result.groups.len(), 1, "sample is left out: {result:?}");
    }
}
