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
use crate::package::text::glob_match;
use crate::package::{self, readable_file, ProblemSource, Timing, Workspace};

/// A problem ready to run: its config, its tests, and the program whose tests are its row.
#[derive(Debug, Clone)]
pub struct PlannedProblem {
    pub problem: Problem,
    pub tests: Vec<TestCase>,
    /// Its solution; for a problem judged by its own submissions, the first accepted one.
    pub solution: PathBuf,
    /// Set for a problem judged by its own submissions (its source has no solution apart from them).
    pub own: Option<OwnSubmissions>,
}

/// The submissions a problem is judged by, and how its time limit is found.
#[derive(Debug, Clone)]
pub struct OwnSubmissions {
    /// In the source's order, each with whether it bounds a computed time limit from below.
    pub submissions: Vec<(Submission, bool)>,
    /// `None` when the source gives its time limit; else how the timing phase computes it.
    pub timing: Option<Timing>,
    pub facts: PackageInfo,
    /// The submissions it says nothing about, as skipped results.
    pub unplanned: Vec<SubmissionResult>,
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
    /// Every problem, those judged by their solution and those judged by their own submissions.
    pub problems: Vec<PlannedProblem>,
    /// Problems that could not be planned, as the error rows of the report.
    pub errors: Vec<ProblemResult>,
    /// Whether the problems' own solutions are graded (not when submissions are given by path).
    pub solutions: bool,
    /// The submissions; `None` when they are not graded.
    pub submissions: Option<Vec<PlannedSubmission>>,
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
    let dirs = ids.iter().map(|id| (id.clone(), workspace.problem_dir(id)));
    let mut plan = plan_dirs(Some(workspace), dirs.collect(), selection, explicit)?;
    if let Some(partition) = selection.partition {
        keep_share(&mut plan, partition);
    }
    Ok(plan)
}

/// The plan of problem folders, each read by whichever format detects it and called by its id. One that
/// cannot be planned is a setup error when `explicit`, else an error row; one that cannot be judged (a kind
/// of problem the judge does not run yet) is an error row.
fn plan_dirs(
    workspace: Option<&Workspace>,
    dirs: Vec<(String, PathBuf)>,
    selection: &Selection,
    explicit: bool,
) -> Result<Plan> {
    let mut problems = Vec::new();
    let mut errors = Vec::new();
    let mut theirs = Vec::new();
    let mut names = Vec::new();
    // A run of programs given with --submission judges only them: the solution need not exist.
    let graded = selection.submissions && selection.given.is_empty();
    for (id, dir) in &dirs {
        let planned = package::load(dir, workspace, graded).and_then(|mut source| {
            source.rename(id);
            if source.unsupported.is_none() {
                names.extend(source.tests.iter().map(|t| t.name.clone()));
            }
            Ok(match &source.unsupported {
                Some(why) => Err(ProblemResult {
                    title: source.problem.title.clone(),
                    package: source.facts.clone(),
                    ..ProblemResult::error(id, None, 0, why)
                }),
                None => Ok(plan_source(workspace, source, selection)?),
            })
        });
        match planned {
            Ok(Ok((planned, submissions))) => {
                problems.push(planned);
                theirs.push(submissions);
            }
            Ok(Err(row)) => errors.push(row),
            Err(err) if explicit => return Err(err),
            Err(err) => {
                let problem = package::format_of(dir).problem(dir).ok();
                let cpu = problem.as_ref().map_or(0, |p| {
                    Limits::for_problem(p.time_limit_ms, p.memory_limit_mb, selection.time_scale, 0)
                        .cpu_ms
                });
                let error = format!("{err:#}");
                errors.push(ProblemResult::error(id, problem.as_ref(), cpu, &error));
            }
        }
    }
    if let Some(glob) = selection.test_filter.as_ref().filter(|_| !selection.no_run) {
        if !problems.is_empty() && problems.iter().all(|p| p.tests.is_empty()) {
            names.sort();
            names.dedup();
            bail!(
                "--test '{glob}' matches no test; the tests are: {}",
                names.join(", ")
            );
        }
    }
    let ours = problems.iter().filter(|p| p.own.is_none());
    let submissions = if !selection.given.is_empty() {
        Some(plan_given(workspace, ours, &selection.given))
    } else if selection.submissions {
        let submissions = problems.iter().zip(theirs).flat_map(|(p, theirs)| {
            theirs.into_iter().map(|submission| PlannedSubmission {
                submission,
                problem: p.problem.clone(),
                tests: p.tests.clone(),
            })
        });
        Some(submissions.collect())
    } else {
        None
    };
    Ok(Plan {
        ids: dirs.into_iter().map(|(id, _)| id).collect(),
        solutions: selection.given.is_empty(),
        problems,
        errors,
        submissions,
        shard: None,
    })
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
/// or is judged by its own submissions), then its submissions.
fn units(plan: &Plan) -> Vec<String> {
    let mut units = Vec::new();
    for id in &plan.ids {
        match plan.problems.iter().find(|p| p.problem.id == *id) {
            Some(p) if p.own.is_some() => units.push(id.clone()),
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
        if p.own.is_some() {
            return owned.contains(&id);
        }
        if p.tests.is_empty() {
            return solutions && owned.contains(&id);
        }
        p.tests.retain(|t| owned.contains(&test_unit(&id, &t.name)));
        solutions && !p.tests.is_empty()
    });
    plan.errors.retain(|row| owned.contains(&row.id));
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

impl Plan {
    /// How many times the plan runs a program on a test at most: each solution and each submission on
    /// each of its tests (a package's submissions on its tests). Checkers and compilers aside.
    pub fn runs(&self) -> usize {
        let ours = self.problems.iter().filter(|p| p.own.is_none());
        let solutions: usize = match self.solutions {
            true => ours.map(|p| p.tests.len()).sum(),
            false => 0,
        };
        let submissions: usize = self
            .submissions
            .iter()
            .flatten()
            .map(|s| s.tests.len())
            .sum();
        let own = self
            .problems
            .iter()
            .filter_map(|p| p.own.as_ref().map(|own| (p, own)));
        let packages: usize = own
            .map(|(p, own)| p.tests.len() * (1 + own.submissions.len()))
            .sum();
        solutions + submissions + packages
    }
}

/// `harness verify`'s plan: every folder whole, with all its submissions, read by whichever format detects
/// it. Two folders of one name (contest1/a, contest2/a) are told apart by a suffix: `a`, `a#2`.
pub fn plan_folders(dirs: &[PathBuf]) -> Result<Plan> {
    let mut named: Vec<(String, PathBuf)> = Vec::new();
    for dir in dirs {
        let real = dir.canonicalize().unwrap_or_else(|_| dir.clone());
        let name = real.file_name().unwrap_or_default().to_string_lossy();
        let same = named
            .iter()
            .filter(|(id, _)| id.split('#').next() == Some(&name));
        let id = match same.count() {
            0 => name.into_owned(),
            n => format!("{name}#{}", n + 1),
        };
        named.push((id, dir.clone()));
    }
    let selection = Selection {
        submissions: true,
        ..Default::default()
    };
    plan_dirs(None, named, &selection, true)
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

/// A problem's plan (one judged by its own submissions under the probe limit when its limit is computed).
pub fn plan_problem(
    workspace: &Workspace,
    id: &str,
    test_filter: Option<&str>,
) -> Result<PlannedProblem> {
    let selection = Selection {
        test_filter: test_filter.map(str::to_string),
        ..Default::default()
    };
    let source = package::load(&workspace.problem_dir(id), Some(workspace), false)?;
    let (planned, _) = plan_source(Some(workspace), source, &selection)?;
    if !planned.solution.exists() {
        bail!("{}: no accepted submission", planned.solution.display());
    }
    Ok(planned)
}

/// A problem's plan from its source, with the tests after `--test`, and the submissions of a problem
/// judged by its solution. The solution must exist unless programs are given. A problem judged by its own
/// submissions is judged by all of them; by its accepted ones alone (they give it its row) when
/// submissions are not graded; with `--submission`, by the programs given (and those that bound from
/// below a time limit it does not give).
fn plan_source(
    workspace: Option<&Workspace>,
    source: ProblemSource,
    selection: &Selection,
) -> Result<(PlannedProblem, Vec<Submission>)> {
    let ProblemSource {
        problem,
        mut tests,
        solution,
        mut submissions,
        mut unplanned,
        timing,
        facts,
        ..
    } = source;
    if let Some(glob) = &selection.test_filter {
        tests.retain(|t| glob_match(glob, &t.name));
    }
    if selection.no_run {
        tests.clear();
    }
    let id = problem.id.clone();
    if let Some(solution) = solution {
        if selection.given.is_empty() && !solution.exists() {
            bail!(
                "{}: no solution; write the submission there (or run `harness new {id}`)",
                solution.display()
            );
        }
        if selection.given.is_empty() {
            readable_file(&solution)?;
        }
        let theirs = submissions.into_iter().map(|(s, _)| s).collect();
        let own = None;
        return Ok((
            PlannedProblem {
                problem,
                tests,
                solution,
                own,
            },
            theirs,
        ));
    }
    if !selection.given.is_empty() {
        submissions.retain(|(_, bounds)| *bounds);
        unplanned.clear();
        let given = selection.given.iter();
        submissions.extend(given.map(|path| (given_submission(workspace, &id, path), false)));
    } else if !selection.submissions {
        submissions.retain(|(s, _)| s.expected == Expected::Accepted);
        unplanned.clear();
    }
    let first = submissions.iter().map(|(s, _)| s);
    let first = first.clone().find(|s| s.expected.must_accept() && !s.given);
    let solution = first.map_or(problem.dir.join("submissions/accepted"), |s| s.path.clone());
    let unplanned = unplanned.into_iter().map(|u| {
        let folder = VerdictRule::folder_name(&u.folder);
        let rule = VerdictRule {
            folder,
            ..Default::default()
        };
        SubmissionResult {
            skipped: Some(u.reason),
            ..SubmissionResult::new(&id, &u.relative, Expected::Verdicts(rule))
        }
    });
    let own = Some(OwnSubmissions {
        submissions,
        timing,
        facts: facts.unwrap_or_default(),
        unplanned: unplanned.collect(),
    });
    Ok((
        PlannedProblem {
            problem,
            tests,
            solution,
            own,
        },
        Vec::new(),
    ))
}

/// Programs given by path, judged on every planned problem as if they were accepted submissions.
fn plan_given<'a>(
    workspace: Option<&Workspace>,
    planned: impl Iterator<Item = &'a PlannedProblem> + Clone,
    given: &[PathBuf],
) -> Vec<PlannedSubmission> {
    let mut plan = Vec::new();
    for path in given {
        for p in planned.clone() {
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
fn given_submission(workspace: Option<&Workspace>, id: &str, path: &Path) -> Submission {
    Submission {
        problem: id.to_string(),
        relative: workspace.map_or(path.display().to_string(), |w| w.relative(path)),
        why: crate::package::text::leading_comment(path),
        path: path.to_path_buf(),
        expected: Expected::Accepted,
        given: true,
    }
}
