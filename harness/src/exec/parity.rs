//! `--parity`: a run judged again under other judges' profiles (`profile`), running again only what a
//! profile changes: the programs of a language it compiles or runs otherwise (all their tests), and the
//! tests over the output limit where the judge lets a program run on past it. Its memory rule and a
//! killing output rule are read from this run's results. Each test whose verdict differs is a row with
//! its cause.

use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};

use anyhow::Result;

use super::{execute, JudgeOptions, RunContext};
use crate::lang::{Compiled, LanguageTable};
use crate::model::parity::{Parity, ParityRow, ProfileParity};
use crate::model::repeats::seconds;
use crate::model::{judge_run, Invocation, Problem, Report, TestCase, TestResult, Verdict};
use crate::package::Workspace;
use crate::plan;
use crate::profile::{InteractiveRule, OutputRule, Profile};
use crate::sandbox::Sandbox;

/// Where `native`, the report of a run with the language table `base`, would differ under each of
/// `profiles`.
pub fn compare(
    workspace: &Workspace,
    ids: &[String],
    options: &JudgeOptions,
    base: &LanguageTable,
    native: &Report,
    profiles: &[Profile],
) -> Result<Parity> {
    let mut parity = Parity::default();
    for profile in profiles {
        parity
            .profiles
            .push(compare_one(workspace, ids, options, base, native, profile)?);
    }
    Ok(parity)
}

/// A program of the plan: its problem, its tests and its path.
struct Program {
    problem: Problem,
    tests: Vec<TestCase>,
    path: PathBuf,
}

/// A test of a program, as the report names it: problem, `solution` or the submission's file, test.
type Key = (String, String, String);

fn compare_one(
    workspace: &Workspace,
    ids: &[String],
    options: &JudgeOptions,
    base: &LanguageTable,
    native: &Report,
    profile: &Profile,
) -> Result<ProfileParity> {
    let table = profile.languages(base)?;
    let changed: Vec<&str> = base
        .languages
        .iter()
        .filter(|l| table.by_id(&l.id) != Some(*l))
        .map(|l| l.id.as_str())
        .collect();
    let language_of = |path: &Path| base.program(path).ok().map(|p| p.language.id.clone());
    let mut plan = plan::plan(workspace, &super::selection(ids, options))?;
    plan.shard = None;
    let mut programs: HashMap<(String, String), Program> = HashMap::new();
    for p in &plan.problems {
        let program = Program {
            problem: p.problem.clone(),
            tests: p.tests.clone(),
            path: p.solution.clone(),
        };
        programs.insert((p.problem.id.clone(), SOLUTION.to_string()), program);
        for (submission, _) in p.own.iter().flat_map(|own| &own.submissions) {
            let program = Program {
                problem: p.problem.clone(),
                tests: p.tests.clone(),
                path: submission.path.clone(),
            };
            programs.insert((p.problem.id.clone(), submission.relative.clone()), program);
        }
    }
    for s in plan.submissions.iter().flatten() {
        let program = Program {
            problem: s.problem.clone(),
            tests: s.tests.clone(),
            path: s.submission.path.clone(),
        };
        programs.insert(
            (s.problem.id.clone(), s.submission.relative.clone()),
            program,
        );
    }
    // Only the programs whose language the profile changes run again, on all their tests.
    let changes = |path: &Path| language_of(path).is_some_and(|id| changed.contains(&id.as_str()));
    plan.problems.retain(|p| changes(&p.solution));
    if let Some(submissions) = &mut plan.submissions {
        submissions.retain(|s| changes(&s.submission.path));
    }
    let mut context = RunContext::new(&workspace.cache_dir(), table, options.jobs)?;
    context.compiler.seal(workspace.answer_folders());
    let nothing = plan.problems.is_empty() && plan.submissions.iter().flatten().next().is_none();
    let rerun: HashMap<Key, TestResult> = match nothing {
        true => HashMap::new(),
        false => results(&execute(plan, &context, options)?),
    };
    let held = match profile.interactive.rule {
        InteractiveRule::EofAtExit => held_back(workspace, ids, options, &context, native)?,
        _ => HashMap::new(),
    };
    let mut parity = ProfileParity {
        profile: profile.id.clone(),
        judge: profile.name.clone(),
        reran: rerun.len() + held.len(),
        rows: Vec::new(),
        not_compared: profile.not_compared(),
    };
    let mut interactive_overflows = 0;
    for (key, here) in ordered(native) {
        let (problem, program, test) = &key;
        let mut row = None;
        let mut there = match rerun.get(&key) {
            Some(there) => {
                let path = programs.get(&(problem.clone(), program.clone()));
                let language = path.and_then(|p| language_of(&p.path));
                if let Some(rule) = language.and_then(|id| profile.language_rule(&id)) {
                    row = Some(("language", language_cause(&rule.cause, here, there)));
                }
                there.clone()
            }
            None => here.clone(),
        };
        if let Some(again) = held
            .get(&key)
            .filter(|t| here.verdict == Verdict::WA && t.verdict != there.verdict)
        {
            let said = again.cause().unwrap_or_default();
            let cause = format!(
                "interactive: {} passes a solution's closed output on to the interactor only when the solution ends; there: {}",
                profile.name,
                said.lines().next().unwrap_or_default()
            );
            row = Some(("interactive", cause));
            there = again.clone();
        }
        if there.verdict == Verdict::OLE && profile.output.rule == OutputRule::RunsOn {
            let Some(p) = programs.get(&(problem.clone(), program.clone())) else {
                continue;
            };
            if p.problem.interactor.is_some() {
                interactive_overflows += 1;
            } else if let Some(t) = p.tests.iter().find(|t| &t.name == test) {
                if let Some((verdict, cause)) = run_on(&context, options, p, t, profile)? {
                    parity.reran += 1;
                    there.verdict = verdict;
                    row = Some(("output", cause));
                }
            }
        }
        if let Some((verdict, cause)) = profile.reclassify(&there) {
            let rule = match there.verdict {
                Verdict::MLE => "memory",
                _ => "output",
            };
            there.verdict = verdict;
            row = Some((rule, cause));
        }
        if there.verdict == here.verdict {
            continue;
        }
        let (rule, cause) = row.unwrap_or(("language", "the run under the profile".to_string()));
        parity.rows.push(ParityRow {
            problem: problem.clone(),
            program: program.clone(),
            test: test.clone(),
            here: here.verdict,
            there: there.verdict,
            rule: rule.to_string(),
            cause,
        });
    }
    if interactive_overflows > 0 {
        parity.not_compared.push(format!(
            "output limit: {interactive_overflows} interactive tests over it not run again (the relay stops a solution at the limit)"
        ));
    }
    context.sandbox.end_idle();
    Ok(parity)
}

/// The interactive tests the interactor rejected here (WA), run again with the solution's end of output
/// held back until it ends (`JudgeOptions::hold_solution_eof`): the solution's programs on those tests,
/// a submission on its tests. Problems judged by their own submissions (packages) are left out.
fn held_back(
    workspace: &Workspace,
    ids: &[String],
    options: &JudgeOptions,
    context: &RunContext,
    native: &Report,
) -> Result<HashMap<Key, TestResult>> {
    let rejected: HashSet<Key> = ordered(native)
        .into_iter()
        .filter(|(_, t)| t.verdict == Verdict::WA)
        .map(|(key, _)| key)
        .collect();
    let mut plan = plan::plan(workspace, &super::selection(ids, options))?;
    plan.shard = None;
    plan.problems
        .retain(|p| p.problem.interactor.is_some() && p.own.is_none());
    for p in &mut plan.problems {
        let id = &p.problem.id;
        p.tests
            .retain(|t| rejected.contains(&(id.clone(), SOLUTION.to_string(), t.name.clone())));
    }
    plan.problems.retain(|p| !p.tests.is_empty());
    if let Some(submissions) = &mut plan.submissions {
        submissions.retain(|s| {
            s.problem.interactor.is_some()
                && rejected.iter().any(|(problem, program, _)| {
                    *problem == s.problem.id && *program == s.submission.relative
                })
        });
    }
    if plan.problems.is_empty() && plan.submissions.iter().flatten().next().is_none() {
        return Ok(HashMap::new());
    }
    let options = JudgeOptions {
        hold_solution_eof: true,
        ..options.clone()
    };
    Ok(results(&execute(plan, context, &options)?))
}

/// How the report names a problem's own program.
const SOLUTION: &str = "solution";

/// Every test result of a report by its key, in report order.
fn ordered(report: &Report) -> Vec<(Key, &TestResult)> {
    let mut all = Vec::new();
    for p in &report.problems {
        for t in &p.tests {
            all.push(((p.id.clone(), SOLUTION.to_string(), t.name.clone()), t));
        }
    }
    for s in report.submissions.iter().flatten() {
        for t in &s.tests {
            all.push(((s.problem.clone(), s.file.clone(), t.name.clone()), t));
        }
    }
    all
}

fn results(report: &Report) -> HashMap<Key, TestResult> {
    ordered(report)
        .into_iter()
        .map(|(key, t)| (key, t.clone()))
        .collect()
}

/// A language rule's cause with what the run there said and the CPU time both runs took.
fn language_cause(cause: &str, here: &TestResult, there: &TestResult) -> String {
    let said = match there.verdict {
        Verdict::AC => String::new(),
        _ => there
            .cause()
            .map(|c| format!("; there: {}", c.lines().next().unwrap_or_default()))
            .unwrap_or_default(),
    };
    format!(
        "{cause}{said} ({} of CPU there, {} here)",
        cpu(there.cpu_ms),
        cpu(here.cpu_ms)
    )
}

/// CPU time as a parity row says it: `1.8 s`.
fn cpu(ms: f64) -> String {
    format!("{} s", seconds(ms))
}

/// A test over the output limit run again as a judge that lets the program run on past it: its writes past
/// the limit fail and it goes on (`RunRequest::runs_on_past_output`). The judge's order is TLE, then RE,
/// then OLE (DOMjudge's `determineVerdict`; problemtools checks the output's size after TLE and RTE): the
/// verdict and why when it is not OLE.
fn run_on(
    context: &RunContext,
    options: &JudgeOptions,
    program: &Program,
    test: &TestCase,
    profile: &Profile,
) -> Result<Option<(Verdict, String)>> {
    let Compiled::Ok(exe) = context.compiler.compile(&program.path)? else {
        return Ok(None);
    };
    let limits = options.limits(&program.problem);
    let command = Invocation {
        isolate: true,
        ..exe.invocation(limits.memory_kb / 1024, &[])
    };
    let stdout = context.scratch.stdout_file();
    let mut request = Sandbox::request(&command, &test.input, &stdout, &limits);
    request.runs_on_past_output = true;
    let outcome = context.sandbox.run_request(&request)?;
    let result = judge_run(&test.name, &outcome, &limits);
    let name = &profile.name;
    let verdict = match result.verdict {
        Verdict::TLE | Verdict::MLE | Verdict::JE => result.verdict,
        _ if !outcome.exit.success() => Verdict::RE,
        _ => return Ok(None),
    };
    let cause = match verdict {
        Verdict::TLE => format!(
            "output: {name} lets a program run on past the output limit; it wrote on until it was stopped ({}, {} of CPU)",
            result.detail.as_deref().unwrap_or("TLE"),
            cpu(result.cpu_ms)
        ),
        _ => format!(
            "output: {name} lets a program run on past the output limit; it then ended with {}",
            result.detail.as_deref().unwrap_or(verdict.name())
        ),
    };
    Ok(Some((verdict, cause)))
}
