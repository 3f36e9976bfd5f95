//! The points of a Polygon testset, in the judge's one scoring model (`model::score`): each group of
//! `<groups>` under its `points-policy` (`complete-group`: the group's points when every test passes;
//! `each-test`: each test passed earns its own `points`), the total their sum; a group's `dependencies`
//! its `requires` (no points while a group it depends on is not passed; its tests still run, where
//! Polygon skips them). `feedback-policy` is what contestants are shown, not how they score: not
//! read.

use std::collections::BTreeMap;

use anyhow::{bail, Result};

use super::testset::PolygonTest;
use super::xml::{child, children, Xml};
use crate::model::score::{
    GroupRules, OnReject, PartialRule, ScoreAggregation, ScoreGroup, ScoreItem, Scoring,
    ValidatorScore, VerdictAggregation,
};

/// A group's policy as `<groups>` declares it.
struct Declared {
    points: Option<f64>,
    each_test: bool,
    dependencies: Vec<String>,
}

/// The scoring of a testset whose tests carry points or groups with points; `None` when none does
/// (the problem is pass-fail).
pub fn load(
    xml: &Xml,
    testset: roxmltree::Node,
    tests: &[PolygonTest],
    warnings: &mut Vec<String>,
) -> Result<Option<Scoring>> {
    let mut declared = BTreeMap::new();
    if let Some(groups) = child(testset, "groups") {
        for group in children(groups, "group") {
            let name = xml.required(group, "name")?.to_string();
            let each_test = match group.attribute("points-policy").unwrap_or("complete-group") {
                "complete-group" => false,
                "each-test" => true,
                other => bail!(
                    "{}: group `{name}`: points-policy `{other}`; expected complete-group or each-test",
                    xml.at(group)
                ),
            };
            let dependencies = child(group, "dependencies")
                .map(|d| {
                    children(d, "dependency")
                        .map(|d| xml.required(d, "group").map(str::to_string))
                        .collect::<Result<Vec<_>>>()
                })
                .transpose()?
                .unwrap_or_default();
            let points = xml.decimal(group, "points")?;
            declared.insert(name, (Declared { points, each_test, dependencies }, xml.at(group)));
        }
    }
    let scored = tests.iter().any(|t| t.points.is_some())
        || declared.values().any(|(d, _)| d.points.is_some());
    if !scored {
        return Ok(None);
    }
    // The groups in the order of their first test; a test of no group is a group of its own.
    let mut order: Vec<String> = Vec::new();
    let mut members: BTreeMap<String, Vec<&PolygonTest>> = BTreeMap::new();
    for test in tests {
        let name = test.group.clone().unwrap_or_else(|| test.case.name.clone());
        if !members.contains_key(&name) {
            order.push(name.clone());
        }
        members.entry(name).or_default().push(test);
    }
    for (name, (group, at)) in &declared {
        if !members.contains_key(name) {
            warnings.push(format!("{at}: group `{name}` has no tests"));
        }
        for dependency in &group.dependencies {
            if !declared.contains_key(dependency) && !members.contains_key(dependency) {
                bail!("{at}: group `{name}` depends on `{dependency}`, a group the testset does not have");
            }
        }
    }
    let mut items = Vec::new();
    let mut total = 0.0;
    for name in order {
        let tests = &members[&name];
        let declared = declared.get(&name).map(|(d, _)| d);
        let each_test = declared.is_some_and(|d| d.each_test)
            || (declared.is_none() && tests.len() == 1);
        let mut group = match each_test {
            true => each_test_group(&name, tests),
            false => {
                let points = declared.and_then(|d| d.points).unwrap_or_else(|| {
                    tests.iter().map(|t| t.points.unwrap_or(0.0)).sum()
                });
                complete_group(&name, tests, points)
            }
        };
        group.rules.requires = declared.map(|d| d.dependencies.clone()).unwrap_or_default();
        total += group.rules.range.1;
        items.push(ScoreItem::Group(group));
    }
    let root = ScoreGroup {
        name: String::new(),
        rules: GroupRules {
            on_reject: OnReject::Continue,
            scores: ScoreAggregation::Sum,
            verdicts: VerdictAggregation::FirstError,
            range: (0.0, total),
            ..GroupRules::default()
        },
        items,
    };
    Ok(Some(Scoring {
        root,
        validator_score: ValidatorScore::Forbidden,
        expected: Vec::new(),
        partial: PartialRule::PointsBelowFull,
        rules: Default::default(),
    }))
}

/// `complete-group`: its points when every test passes, judged up to its first failure.
fn complete_group(name: &str, tests: &[&PolygonTest], points: f64) -> ScoreGroup {
    ScoreGroup {
        name: name.to_string(),
        rules: GroupRules {
            on_reject: OnReject::Break,
            scores: ScoreAggregation::Min,
            accept_score: points,
            reject_score: 0.0,
            range: (0.0, points),
            ..GroupRules::default()
        },
        items: tests
            .iter()
            .map(|t| ScoreItem::Test(t.case.name.clone()))
            .collect(),
    }
}

/// `each-test`: every test judged, each passed earning its own points (a group of one test each).
fn each_test_group(name: &str, tests: &[&PolygonTest]) -> ScoreGroup {
    let items: Vec<ScoreItem> = tests
        .iter()
        .map(|t| {
            let points = t.points.unwrap_or(0.0);
            ScoreItem::Group(ScoreGroup {
                name: format!("{name}/{}", t.case.name),
                rules: GroupRules {
                    accept_score: points,
                    reject_score: 0.0,
                    range: (0.0, points),
                    ..GroupRules::default()
                },
                items: vec![ScoreItem::Test(t.case.name.clone())],
            })
        })
        .collect();
    let points = tests.iter().map(|t| t.points.unwrap_or(0.0)).sum();
    ScoreGroup {
        name: name.to_string(),
        rules: GroupRules {
            on_reject: OnReject::Continue,
            scores: ScoreAggregation::Sum,
            verdicts: VerdictAggregation::FirstError,
            range: (0.0, points),
            ..GroupRules::default()
        },
        items,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{TestCase, TestGroup};

    /// The scoring of a testset, its tests `(group, points)` and its `<groups>` given.
    fn scoring_of(tests: &[(Option<&str>, Option<f64>)], groups: &str) -> Result<Option<Scoring>> {
        let xml = Xml {
            path: "problem.xml".into(),
            text: format!("<problem><testset>{groups}</testset></problem>"),
        };
        let document = xml.parse()?;
        let testset = child(document.root_element(), "testset").unwrap();
        let tests: Vec<PolygonTest> = (tests.iter().enumerate())
            .map(|(i, (group, points))| PolygonTest {
                case: TestCase {
                    name: format!("{:02}", i + 1),
                    group: TestGroup::Secret,
                    input: "in".into(),
                    expected: "ans".into(),
                    checker_args: None,
                },
                group: group.map(str::to_string),
                points: *points,
                number: i + 1,
                input: "in".into(),
                answer: "ans".into(),
                cmd: None,
                from_file: None,
            })
            .collect();
        load(&xml, testset, &tests, &mut Vec::new())
    }

    /// Each group of the root: its name, its highest score, what it requires, its items' names.
    fn shape(scoring: &Scoring) -> Vec<(String, f64, Vec<String>, Vec<String>)> {
        let names = |group: &ScoreGroup| -> Vec<String> {
            (group.items.iter())
                .map(|item| match item {
                    ScoreItem::Test(name) => name.clone(),
                    ScoreItem::Group(group) => group.name.clone(),
                })
                .collect()
        };
        (scoring.root.items.iter())
            .map(|item| match item {
                ScoreItem::Group(g) => (g.name.clone(), g.rules.range.1, g.rules.requires.clone(), names(g)),
                ScoreItem::Test(t) => panic!("a test {t} right under the root"),
            })
            .collect()
    }

    #[test]
    fn points_without_groups_are_each_tests_own() {
        let scoring = scoring_of(&[(None, Some(0.0)), (None, Some(30.0)), (None, Some(70.0))], "")
            .unwrap()
            .expect("scored");
        assert_eq!(scoring.root.rules.range, (0.0, 100.0));
        let shape = shape(&scoring);
        assert_eq!(shape.len(), 3);
        assert_eq!((shape[1].0.as_str(), shape[1].1), ("02", 30.0));
        assert_eq!(shape[1].3, ["02/02"], "an each-test group of its one test");
    }

    #[test]
    fn a_complete_group_without_points_has_its_tests_points() {
        let groups = r#"<groups>
            <group name="a" points-policy="complete-group"/>
            <group name="b" points="60" points-policy="complete-group">
                <dependencies><dependency group="a"/></dependencies>
            </group>
        </groups>"#;
        let tests = [(Some("a"), Some(15.0)), (Some("a"), Some(5.0)), (Some("b"), Some(1.0))];
        let scoring = scoring_of(&tests, groups).unwrap().expect("scored");
        let shape = shape(&scoring);
        assert_eq!(shape[0], ("a".into(), 20.0, vec![], vec!["01".into(), "02".into()]));
        assert_eq!(shape[1], ("b".into(), 60.0, vec!["a".into()], vec!["03".into()]));
        assert_eq!(scoring.root.rules.range, (0.0, 80.0));
    }

    #[test]
    fn no_points_is_pass_fail_and_bad_groups_are_named() {
        assert!(scoring_of(&[(Some("1"), None)], "").unwrap().is_none());
        let unknown = r#"<groups><group name="1" points="5">
            <dependencies><dependency group="0"/></dependencies></group></groups>"#;
        let error = scoring_of(&[(Some("1"), None)], unknown).unwrap_err().to_string();
        assert!(
            error.contains("problem.xml:1: group `1` depends on `0`, a group the testset does not have"),
            "{error}"
        );
        let policy = r#"<groups><group name="1" points="5" points-policy="best"/></groups>"#;
        let error = scoring_of(&[(Some("1"), None)], policy).unwrap_err().to_string();
        assert!(error.contains("points-policy `best`"), "{error}");
    }
}
