//! Choosing what to run: the problems asked for (or all), their tests after `--test`, their solutions, and
//! the submissions (the problem's own, or those given with `--submission`). A problem that cannot be
//! planned is a setup error when it was named, an error row otherwise.

pub mod partition;

use std::path::{Path, PathBuf};

use anyhow::{bail, Result};

pub use partition::Partition;

use crate::model::{
    Expected, Limits, PackageInfo, Problem, ProblemResult, Submission, SubmissionResult, TestCase,
    VerdictRule,
};
use crate::package::kattis::{KattisPackage, Timing};
use crate::package::text::glob_match;
use crate::package::{readable_file, Workspace};

/// A problem ready to run: its config, its tests, and its solution's source.
#[derive(Debug, Clone)]
pub struct PlannedProblem {
    pub problem: Problem,
    pub tests: Vec<TestCase>,
    pub solution: PathBuf,
}

/// A package of the run (`problem.yaml`) planned as a problem: its `Problem` (`KattisPackage::problem`) and
/// tests, its first accepted submission as the solution whose tests are its row, its submissions.
#[derive(Debug, Clone)]
pub struct PlannedPackage {
    pub planned: PlannedProblem,
    /// In the package's order, each with whether it bounds the time limit from below when computed.
    pub submissions: Vec<(Submission, bool)>,
    /// `None` when the package gives its time limit; else how the timing phase computes it.
    pub timing: Option<Timing>,
    pub info: PackageInfo,
    /// The submissions it says nothing about, as skipped results.
    pub unplanned: Vec<SubmissionResult>,
}

impl PlannedPackage {
    pub fn new(package: KattisPackage) -> PlannedPackage {
        let unplanned = package.unplanned.iter().map(|u| {
            let folder = VerdictRule::folder_name(&u.folder);
            let expected = Expected::Verdicts(VerdictRule {
                folder,
                ..Default::default()
            });
            let result = SubmissionResult::new(&package.id, &u.relative, expected);
            SubmissionResult {
                skipped: Some(u.reason.clone()),
                ..result
            }
        });
        let submissions = package.submissions.iter();
        let first = submissions
            .clone()
            .find(|s| s.expected == Expected::Accepted && !s.given);
        let solution = first.map_or(package.dir.join("submissions/accepted"), |s| s.path.clone());
        PlannedPackage {
            planned: PlannedProblem {
                problem: package.problem(),
                tests: package.tests.clone(),
                solution,
            },
            submissions: submissions
                .map(|s| (s.clone(), package.sets_time_limit(s)))
                .collect(),
            info: package.info(),
            timing: package.timing.given.is_none().then_some(package.timing),
            unplanned: unplanned.collect(),
        }
    }
}

/// A submission ready to run, on its problem's tests.
#[derive(Debug, Clone)]
pub struct PlannedSubmission {
    pub submission: Submission,
    pub problem: Problem,
    pub tests: Vec<TestCase>,
}

/// Everything a run will do, in report order.
#[derive(Debug, Default)]
pub struct Plan {
    /// The ids in the order they were asked for (sorted for a full run).
    pub ids: Vec<String>,
    pub problems: Vec<PlannedProblem>,
    /// Problems that could not be planned, as the error rows of the report.
    pub errors: Vec<ProblemResult>,
    /// Whether the problems' own solutions are graded (not when submissions are given by path).
    pub solutions: bool,
    /// The submissions; `None` when they are not graded.
    pub submissions: Option<Vec<PlannedSubmission>>,
    /// The problem packages (`harness verify`'s, or of `problems/`), their tests and submissions chosen.
    pub packages: Vec<PlannedPackage>,
    /// With `--partition`: the units of the whole run and this shard's; the plan keeps only its share.
    pub shard: Option<ShardPlan>,
}

/// A shard's share of a run (`--partition`).
#[derive(Debug, Clone)]
pub struct ShardPlan {
    pub partition: Partition,
    /// Every unit of the whole run, in plan order (`model::Shard` names them).
    pub planned: Vec<String>,
    /// The units of this shard.
    pub units: Vec<String>,
}

/// What to plan.
#[derive(Debug, Clone, Default)]
pub struct Selection {
    /// Problems (all when empty).
    pub ids: Vec<String>,
    /// Only tests whose name matches this glob.
    pub test_filter: Option<String>,
    /// Also plan the problems' submissions (`problems/<id>/submissions/`).
    pub submissions: bool,
    /// Instead of the solutions and their submissions, these programs (`--submission PATH`), each judged
    /// as if it were in `accepted/`.
    pub given: Vec<PathBuf>,
    /// Plan every program but no test: everything is compiled, nothing runs.
    pub no_run: bool,
    /// For the error rows: the CPU limits shown are scaled by this.
    pub time_scale: f64,
    /// Only this shard's share of the units (`--partition`).
    pub partition: Option<Partition>,
    /// Of the problems (all, or those named), only these (`--changed-since`); the others are left out as
    /// if they were not there.
    pub only: Option<Vec<String>>,
}

pub fn plan(workspace: &Workspace, selection: &Selection) -> Result<Plan> {
    let explicit = !selection.ids.is_empty();
    let ids = match explicit {
        // Each problem once, in the order first named.
        true => selection.ids.iter().fold(Vec::new(), |mut ids, id| {
            if !ids.contains(id) {
                ids.push(id.clone());
            }
            ids
        }),
        false => workspace.problem_ids()?,
    };
    if explicit {
        for id in &ids {
            check_known(workspace, id)?;
        }
    }
    if let Some(path) = selection.given.iter().find(|path| !path.exists()) {
        bail!("--submission {}: no such file or folder", path.display());
    }
    let mut ids = ids;
    if let Some(only) = &selection.only {
        ids.retain(|id| only.contains(id));
    }
    let mut problems = Vec::new();
    let mut errors = Vec::new();
    let mut packages = Vec::new();
    // A run of programs given with --submission judges only them: the solution need not exist.
    let need_solution = selection.given.is_empty();
    let filter = selection.test_filter.as_deref();
    for id in &ids {
        let planned = match workspace.is_package(id) {
            true => plan_package(workspace, id, selection).map(|p| packages.push(p)),
            false => {
                plan_problem_for(workspace, id, filter, need_solution).map(|p| problems.push(p))
            }
        };
        match planned {
            Ok(()) => {}
            Err(err) if explicit => return Err(err),
            Err(err) => {
                let problem = workspace.load_problem(id).ok();
                let cpu = problem.as_ref().map_or(0, |p| {
                    Limits::for_problem(p.time_limit_ms, p.memory_limit_mb, selection.time_scale, 0)
                        .cpu_ms
                });
                errors.push(ProblemResult::error(
                    id,
                    problem.as_ref(),
                    cpu,
                    &format!("{err:#}"),
                ));
            }
        }
    }
    if selection.no_run {
        for p in &mut problems {
            p.tests.clear();
        }
    } else if let Some(glob) = &selection.test_filter {
        let planned: Vec<&PlannedProblem> = problems
            .iter()
            .chain(packages.iter().map(|p| &p.planned))
            .collect();
        if !planned.is_empty() && planned.iter().all(|p| p.tests.is_empty()) {
            let mut names: Vec<String> = Vec::new();
            for p in planned {
                let all = match workspace.is_package(&p.problem.id) {
                    true => workspace.load_package(&p.problem.id)?.tests,
                    false => workspace.load_tests(&p.problem)?,
                };
                names.extend(all.into_iter().map(|t| t.name));
            }
            names.sort();
            names.dedup();
            bail!(
                "--test '{glob}' matches no test; the tests are: {}",
                names.join(", ")
            );
        }
    }
    let submissions = if !selection.given.is_empty() {
        Some(plan_given(workspace, &problems, &selection.given))
    } else if selection.submissions {
        Some(plan_submissions(workspace, &problems)?)
    } else {
        None
    };
    let mut plan = Plan {
        ids,
        solutions: selection.given.is_empty(),
        problems,
        errors,
        submissions,
        packages,
        shard: None,
    };
    if let Some(partition) = selection.partition {
        keep_share(&mut plan, partition);
    }
    Ok(plan)
}

/// A test of a solution as a unit of the plan.
pub fn test_unit(id: &str, test: &str) -> String {
    format!("{id}/{test}")
}

/// A submission as a unit of the plan: graded whole, test by test up to its first failure.
pub fn submission_unit(id: &str, file: &str) -> String {
    format!("{id} submission {file}")
}

/// Every unit of `plan` in plan order: each problem's tests (or the problem, when it has none, is in error
/// or is a package), then its submissions.
fn units(plan: &Plan) -> Vec<String> {
    let mut units = Vec::new();
    for id in &plan.ids {
        match plan.problems.iter().find(|p| p.problem.id == *id) {
            Some(p) if plan.solutions && !p.tests.is_empty() => {
                units.extend(p.tests.iter().map(|t| test_unit(id, &t.name)));
            }
            Some(_) if plan.solutions => units.push(id.clone()),
            Some(_) => {}
            None => units.push(id.clone()),
        }
        for s in plan.submissions.iter().flatten() {
            if s.problem.id == *id {
                units.push(submission_unit(id, &s.submission.relative));
            }
        }
    }
    units
}

/// Keeps only the share of `partition`: the tests, problems and submissions whose units it owns. A
/// problem stays a row when the shard owns one of its tests (or the problem itself).
pub fn keep_share(plan: &mut Plan, partition: Partition) {
    let planned = units(plan);
    let owned: std::collections::HashSet<&String> = planned
        .iter()
        .zip(partition.owns(&planned))
        .filter_map(|(unit, owned)| owned.then_some(unit))
        .collect();
    let solutions = plan.solutions;
    plan.problems.retain_mut(|p| {
        let id = p.problem.id.clone();
        if p.tests.is_empty() {
            return solutions && owned.contains(&id);
        }
        p.tests.retain(|t| owned.contains(&test_unit(&id, &t.name)));
        solutions && !p.tests.is_empty()
    });
    plan.errors.retain(|row| owned.contains(&row.id));
    plan.packages
        .retain(|p| owned.contains(&p.planned.problem.id));
    if let Some(submissions) = &mut plan.submissions {
        submissions
            .retain(|s| owned.contains(&submission_unit(&s.problem.id, &s.submission.relative)));
    }
    let units = planned
        .iter()
        .filter(|unit| owned.contains(unit))
        .cloned()
        .collect();
    plan.shard = Some(ShardPlan {
        partition,
        planned,
        units,
    });
}

/// A package of `problems/`, with the tests after `--test` and the submissions the run grades: all of
/// them; only those in `accepted/` on a subset of the tests (they give the problem its row); or, with
/// `--submission`, the programs given (and the ones that bound from below a time limit the package does
/// not give).
fn plan_package(workspace: &Workspace, id: &str, selection: &Selection) -> Result<PlannedPackage> {
    let mut package = workspace.load_package(id)?;
    if let Some(why) = &package.unsupported {
        bail!("{}: {why}", workspace.relative(&package.dir));
    }
    if let Some(glob) = &selection.test_filter {
        package.tests.retain(|t| glob_match(glob, &t.name));
    }
    if !selection.given.is_empty() {
        let own = std::mem::take(&mut package.submissions);
        package.submissions = own
            .into_iter()
            .filter(|s| package.sets_time_limit(s))
            .collect();
        package.unplanned.clear();
        let given = selection.given.iter();
        package
            .submissions
            .extend(given.map(|path| given_submission(workspace, id, path)));
    } else if !selection.submissions {
        package
            .submissions
            .retain(|s| s.expected == Expected::Accepted);
        package.unplanned.clear();
    }
    if selection.no_run {
        package.tests.clear();
    }
    Ok(PlannedPackage::new(package))
}

impl Plan {
    /// How many times the plan runs a program on a test at most: each solution and each submission on
    /// each of its tests (a package's submissions on its tests). Checkers and compilers aside.
    pub fn runs(&self) -> usize {
        let solutions: usize = match self.solutions {
            true => self.problems.iter().map(|p| p.tests.len()).sum(),
            false => 0,
        };
        let submissions: usize = self
            .submissions
            .iter()
            .flatten()
            .map(|s| s.tests.len())
            .sum();
        let packages: usize = self
            .packages
            .iter()
            .map(|p| p.planned.tests.len() * (1 + p.submissions.len()))
            .sum();
        solutions + submissions + packages
    }

    /// `harness verify`'s plan: every package whole, with all its submissions; one that cannot be judged
    /// is a row in error.
    pub fn of_packages(all: Vec<KattisPackage>) -> Plan {
        let ids = all.iter().map(|p| p.id.clone()).collect();
        let (mut packages, mut errors) = (Vec::new(), Vec::new());
        for package in all {
            match &package.unsupported {
                None => packages.push(PlannedPackage::new(package)),
                Some(why) => errors.push(ProblemResult {
                    title: package.name.clone(),
                    package: Some(package.info()),
                    ..ProblemResult::error(&package.id, None, 0, why)
                }),
            }
        }
        Plan {
            ids,
            errors,
            packages,
            ..Default::default()
        }
    }
}

/// An id that names no problem folder is a setup error that suggests the nearest ids.
pub fn check_known(workspace: &Workspace, id: &str) -> Result<()> {
    if workspace.problem_dir(id).is_dir() {
        return Ok(());
    }
    let known = workspace.problem_ids()?;
    let mut near: Vec<(usize, &String)> = known
        .iter()
        .map(|k| (distance(&k.to_lowercase(), &id.to_lowercase()), k))
        .filter(|(d, _)| *d <= 2)
        .collect();
    near.sort();
    let hint = match near.first() {
        Some((_, k)) => format!("; did you mean `{k}`?"),
        None => " (see `harness list`)".to_string(),
    };
    bail!(
        "unknown problem `{id}`: {} does not exist{hint}",
        workspace.problem_dir(id).join("problem.toml").display()
    )
}

/// The edit distance of two strings: insertions, deletions, substitutions and swaps of neighbours.
pub fn distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    let mut d = vec![vec![0usize; b.len() + 1]; a.len() + 1];
    for (i, row) in d.iter_mut().enumerate() {
        row[0] = i;
    }
    for (j, cell) in d[0].iter_mut().enumerate() {
        *cell = j;
    }
    for i in 1..=a.len() {
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            d[i][j] = (d[i - 1][j] + 1)
                .min(d[i][j - 1] + 1)
                .min(d[i - 1][j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                d[i][j] = d[i][j].min(d[i - 2][j - 2] + 1);
            }
        }
    }
    d[a.len()][b.len()]
}

/// The tests of `ids` (all problems when empty, packages too) after `test_filter`: the library's "list the
/// tests".
pub fn list_tests(
    workspace: &Workspace,
    ids: &[String],
    test_filter: Option<&str>,
) -> Result<Vec<PlannedProblem>> {
    let ids = match ids.is_empty() {
        true => workspace.problem_ids()?,
        false => ids.to_vec(),
    };
    ids.iter()
        .map(|id| plan_problem(workspace, id, test_filter))
        .collect()
}

/// A problem's plan, or a package's as a problem (under the probe limit when its limit is computed).
pub fn plan_problem(
    workspace: &Workspace,
    id: &str,
    test_filter: Option<&str>,
) -> Result<PlannedProblem> {
    if !workspace.is_package(id) {
        return plan_problem_for(workspace, id, test_filter, true);
    }
    let test_filter = test_filter.map(str::to_string);
    let selection = Selection {
        test_filter,
        ..Default::default()
    };
    let planned = plan_package(workspace, id, &selection)?.planned;
    if !planned.solution.exists() {
        bail!("{}: no accepted submission", planned.solution.display());
    }
    Ok(planned)
}

/// A problem's plan; its solution file must exist only when `need_solution`.
fn plan_problem_for(
    workspace: &Workspace,
    id: &str,
    test_filter: Option<&str>,
    need_solution: bool,
) -> Result<PlannedProblem> {
    let mut problem = workspace.load_problem(id)?;
    workspace.check_placeholders(&problem)?;
    let mut tests = workspace.load_tests(&problem)?;
    if !problem.groups.is_empty() {
        let scoring = workspace.native_scoring(&problem, &tests)?;
        problem.scoring = Some(std::sync::Arc::new(scoring));
    }
    if let Some(glob) = test_filter {
        tests.retain(|t| glob_match(glob, &t.name));
    }
    let solution = workspace.solution_file(&problem.data_id);
    if !need_solution {
        return Ok(PlannedProblem {
            problem,
            tests,
            solution,
        });
    }
    if !solution.exists() {
        bail!(
            "{}: no solution; write the submission there (or run `harness new {id}`)",
            solution.display()
        );
    }
    readable_file(&solution)?;
    Ok(PlannedProblem {
        problem,
        tests,
        solution,
    })
}

fn plan_submissions(
    workspace: &Workspace,
    planned: &[PlannedProblem],
) -> Result<Vec<PlannedSubmission>> {
    let mut plan = Vec::new();
    for p in planned {
        for submission in workspace.submissions(&p.problem)? {
            plan.push(PlannedSubmission {
                submission,
                problem: p.problem.clone(),
                tests: p.tests.clone(),
            });
        }
    }
    Ok(plan)
}

/// Programs given by path, judged on every planned problem as if they were accepted submissions.
fn plan_given(
    workspace: &Workspace,
    planned: &[PlannedProblem],
    given: &[PathBuf],
) -> Vec<PlannedSubmission> {
    let mut plan = Vec::new();
    for path in given {
        for p in planned {
            plan.push(PlannedSubmission {
                submission: given_submission(workspace, &p.problem.id, path),
                problem: p.problem.clone(),
                tests: p.tests.clone(),
            });
        }
    }
    plan
}

/// A program given with `--submission`, judged on problem `id` as if it were in `accepted/`.
fn given_submission(workspace: &Workspace, id: &str, path: &Path) -> Submission {
    Submission {
        problem: id.to_string(),
        relative: workspace.relative(path),
        why: crate::package::submissions::leading_comment(path),
        path: path.to_path_buf(),
        expected: Expected::Accepted,
        given: true,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn edit_distance() {
        assert_eq!(distance("stres", "stress"), 1);
        assert_eq!(distance("poj2234", "POJ2234".to_lowercase().as_str()), 0);
        assert_eq!(distance("hdu1846", "hdu1864"), 1);
        assert_eq!(distance("", "abc"), 3);
    }

    #[test]
    fn globs() {
        assert!(glob_match("rand-*", "rand-01"));
        assert!(glob_match("*", ""));
        assert!(glob_match("s?mple-1", "sample-1"));
        assert!(!glob_match("rand-*", "max-01"));
    }
}
