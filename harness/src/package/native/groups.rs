//! Test groups of our own layout: `[[group]]` tables in problem.toml, each with its points and the tests
//! that belong to it (globs of test names), scored as IOI and CMS score subtasks: with `min` (the
//! default) a group earns its points only when every one of its tests passes, with `sum` each test
//! earns its share; the total is the sum of the groups. A test may belong to several groups (a large
//! group that includes the small tests); every test must belong to one. The groups become the same
//! `Scoring` a Kattis package has, so `grade::score` computes both.

use std::path::Path;

use anyhow::{bail, Result};
use serde::Deserialize;

use crate::package::text::line_of;
use crate::package::Workspace;
use crate::model::score::{
    Aggregation, GroupDecl, OnReject, PartialRule, ScoreAggregation, VerdictAggregation,
};
use crate::model::{GroupRules, Problem, ScoreGroup, ScoreItem, Scoring, TestCase, ValidatorScore};

/// A `[[group]]` table as written.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct GroupToml {
    name: toml::Spanned<String>,
    points: toml::Spanned<f64>,
    tests: toml::Spanned<Vec<String>>,
    #[serde(default)]
    aggregation: Option<toml::Spanned<Aggregation>>,
    #[serde(default)]
    input_validator_args: Vec<String>,
}

/// The groups of problem.toml, checked on their own (the tests they name are checked by `scoring`):
/// names unique, not empty and without `/`; points finite and not negative; at least one glob each.
pub(super) fn declared(
    path: &Path,
    text: &str,
    groups: &[toml::Spanned<GroupToml>],
) -> Result<Vec<GroupDecl>> {
    let at = |key: &str, span: std::ops::Range<usize>| {
        format!(
            "{}:{}: key `{key}`",
            path.display(),
            line_of(text, span.start)
        )
    };
    let mut declared: Vec<GroupDecl> = Vec::new();
    for group in groups {
        let group = group.get_ref();
        let name = group.name.get_ref().trim();
        if name.is_empty() || name.contains('/') {
            bail!(
                "{}: a group's name must be a word without `/`, got {:?}; correct the value",
                at("name", group.name.span()),
                group.name.get_ref()
            );
        }
        if declared.iter().any(|d| d.name == name) {
            bail!(
                "{}: a second group named `{name}`; give each group its own name",
                at("name", group.name.span())
            );
        }
        let points = *group.points.get_ref();
        if !points.is_finite() || points < 0.0 {
            bail!(
                "{}: must be a number of points, 0 or more, got {points}; correct the value",
                at("points", group.points.span())
            );
        }
        if group.tests.get_ref().is_empty() || group.tests.get_ref().iter().any(|t| t.is_empty()) {
            bail!(
                "{}: list the group's tests by name or glob (`tests = [\"sample-*\", \"rand-*\"]`)",
                at("tests", group.tests.span())
            );
        }
        declared.push(GroupDecl {
            name: name.to_string(),
            points,
            tests: group.tests.get_ref().clone(),
            aggregation: group
                .aggregation
                .as_ref()
                .map_or(Aggregation::Min, |a| *a.get_ref()),
            tests_at: at("tests", group.tests.span()),
            input_validator_args: group.input_validator_args.clone(),
        });
    }
    Ok(declared)
}

impl Workspace {
    /// The scoring of a problem with groups, over its tests (all of them, before `--test`): every glob
    /// must match a test and every test must be in a group. Expected scores come from
    /// `@EXPECTED_SCORE@` in the submissions' files.
    pub fn native_scoring(&self, problem: &Problem, tests: &[TestCase]) -> Result<Scoring> {
        let mut items = Vec::new();
        for group in &problem.groups {
            let mut members: Vec<String> = Vec::new();
            for glob in &group.tests {
                let matched: Vec<&TestCase> = tests
                    .iter()
                    .filter(|t| crate::package::text::glob_match(glob, &t.name))
                    .collect();
                if matched.is_empty() {
                    bail!(
                        "{}: `{glob}` matches no test of testdata/{}/; correct the glob (see `harness list {}`)",
                        group.tests_at,
                        problem.data_id,
                        problem.id
                    );
                }
                for test in matched {
                    if !members.contains(&test.name) {
                        members.push(test.name.clone());
                    }
                }
            }
            // In the data's order, whatever the order of the globs.
            members.sort_by_key(|m| tests.iter().position(|t| t.name == *m));
            items.push(ScoreItem::Group(group_of(group, members)));
        }
        let path = problem.dir.join("problem.toml");
        if let Some(loose) = tests.iter().find(|t| {
            !items.iter().any(|item| match item {
                ScoreItem::Group(g) => g.items.contains(&ScoreItem::Test(t.name.clone())),
                ScoreItem::Test(_) => false,
            })
        }) {
            bail!(
                "{}: test `{}` is in no [[group]]; add it to a group's `tests` (a group of 0 points for the samples)",
                path.display(),
                loose.name
            );
        }
        let total: f64 = problem.groups.iter().map(|g| g.points).sum();
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
        let mut expected = Vec::new();
        for submission in self.submissions(problem)? {
            if let Some(score) = crate::package::text::expected_score_tag(&submission.path)? {
                expected.push((submission.path, score));
            }
        }
        Ok(Scoring {
            root,
            validator_score: ValidatorScore::Forbidden,
            expected,
            partial: PartialRule::PointsBelowFull,
            rules: Default::default(),
        })
    }
}

/// A group's rules: `min` stops at its first failure (the points are lost anyway); `sum` runs them all.
pub fn group_of(group: &GroupDecl, members: Vec<String>) -> ScoreGroup {
    let rules = match group.aggregation {
        Aggregation::Min => GroupRules {
            on_reject: OnReject::Break,
            scores: ScoreAggregation::Min,
            accept_score: group.points,
            ..GroupRules::default()
        },
        Aggregation::Sum => GroupRules {
            on_reject: OnReject::Continue,
            scores: ScoreAggregation::Sum,
            accept_score: group.points / members.len().max(1) as f64,
            ..GroupRules::default()
        },
    };
    ScoreGroup {
        name: group.name.clone(),
        rules: GroupRules {
            reject_score: 0.0,
            range: (0.0, group.points),
            ..rules
        },
        items: members.into_iter().map(ScoreItem::Test).collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn groups_are_checked_where_they_are_declared() {
        #[derive(Deserialize)]
        struct Toml {
            group: Vec<toml::Spanned<GroupToml>>,
        }
        let path = Path::new("problem.toml");
        let check = |text: &str| {
            let toml: Toml = toml::from_str(text).unwrap();
            declared(path, text, &toml.group)
        };
        let good = check("[[group]]\nname = \"s\"\npoints = 30\ntests = [\"rand-*\"]\n").unwrap();
        assert_eq!(good[0].aggregation, Aggregation::Min);
        assert_eq!(good[0].tests_at, "problem.toml:4: key `tests`");
        let twice = "[[group]]\nname = \"s\"\npoints = 1\ntests = [\"a\"]\n[[group]]\nname = \"s\"\npoints = 1\ntests = [\"b\"]\n";
        let why = check(twice).unwrap_err().to_string();
        assert!(
            why.starts_with("problem.toml:6: key `name`: a second group"),
            "{why}"
        );
        let empty = check("[[group]]\nname = \"s\"\npoints = 1\ntests = []\n").unwrap_err();
        assert!(
            empty.to_string().starts_with("problem.toml:4: key `tests`"),
            "{empty}"
        );
        let slash = check("[[group]]\nname = \"a/b\"\npoints = 1\ntests = [\"a\"]\n").unwrap_err();
        assert!(
            slash.to_string().starts_with("problem.toml:2: key `name`"),
            "{slash}"
        );
    }
}
