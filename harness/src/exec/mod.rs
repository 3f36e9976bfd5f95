//! Running a plan: compile each distinct program once, run every (program, test) pair in a pool of worker
//! threads, emit an event as each test finishes, and collect the results in plan order, whatever the
//! scheduling. The submissions run in the same pool, beside the solutions (`submissions`).

use std::collections::{HashMap, VecDeque};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

use anyhow::{Context, Result};
use rayon::prelude::*;

use crate::check::program::ProgramChecker;
use crate::check::Checker;
use crate::events::{Event, Events};
use crate::grade::custom_grader::ProgramGrader;
use crate::grade::scratch::Scratch;
use crate::grade::{Answers, Grader, Interactive, MultiPass, OnePass, Standard};
use crate::lang::{Compiled, Compiler, Executable, LanguageTable};
use crate::model::{
    repeats, CheckerSpec, Limits, Problem, ProblemResult, ProgramSpec, Report, Runs, Shard,
    SubmissionResult, TestCase, TestResult,
};
use crate::package::Workspace;
use crate::plan::{self, Plan, PlannedProblem, Selection};
use crate::sandbox::Sandbox;

pub mod machine;
mod packages;
pub mod parity;
mod submissions;

/// Options of one grading run.
#[derive(Debug, Clone)]
pub struct JudgeOptions {
    pub jobs: usize,
    pub time_scale: f64,
    pub output_limit: u64,
    /// Only tests whose name matches this glob.
    pub test_filter: Option<String>,
    /// Also grade the submissions of `problems/<id>/submissions/`.
    pub submissions: bool,
    /// Programs to judge instead of the solutions (`--submission PATH`).
    pub given: Vec<std::path::PathBuf>,
    /// Run a submission's every test, not only up to its first failure.
    pub all_tests: bool,
    /// Time-limit-exceeded submissions run under the limit × this (1: the limit), and one that passes
    /// within it is warned about.
    pub tle_margin: f64,
    /// Compile everything, run nothing.
    pub no_run: bool,
    /// Grade only this shard's share (`--partition`), and stamp the report with it.
    pub partition: Option<plan::Partition>,
    /// Of the problems, only these (`--changed-since`).
    pub only: Option<Vec<String>>,
    /// Told about every planned and finished run (the progress bar).
    pub events: Events,
    /// Run every test of every program this many times, pass after pass (`--repeat`); 1: once.
    pub repeat: usize,
    /// A verdict that changes between repeats does not fail the run (`--allow-flips`).
    pub allow_flips: bool,
    /// An interactive solution's closed output reaches the interactor only when it ends, as on Kattis
    /// (a profile's `interactive = "eof-at-exit"`, `exec::parity`).
    pub hold_solution_eof: bool,
}

impl JudgeOptions {
    /// The limits a problem's tests run under.
    pub fn limits(&self, problem: &Problem) -> Limits {
        Limits::for_problem(
            problem.time_limit_ms,
            problem.memory_limit_mb,
            self.time_scale,
            problem
                .output_limit_mib
                .map_or(self.output_limit, |mib| mib << 20),
        )
    }
}

/// What every run shares, built once and passed: the sandbox set up for the cache, the compiler, the
/// worker pool and the scratch folders.
pub struct RunContext {
    /// First: its folder is removed while the launchers end (`grade`).
    pub scratch: Scratch,
    /// Runs every untrusted program of the command (the compiler's too); its launchers end with it.
    pub sandbox: Arc<Sandbox>,
    pub compiler: Compiler,
    pub pool: rayon::ThreadPool,
    /// With more than one job, the interactive problems run here, beside `pool` (`beside_pool`).
    pub beside: Option<rayon::ThreadPool>,
}

impl RunContext {
    /// Writes into `cache_dir`: build it only once the plan is known to be sound.
    pub fn new(cache_dir: &Path, languages: LanguageTable, jobs: usize) -> Result<RunContext> {
        RunContext::with_launchers(cache_dir, languages, jobs, 0)
    }

    /// As `new`, with `launchers` launchers started at once, while the rest is set up and the programs
    /// are looked up in the cache (`Sandbox::prestart`).
    fn with_launchers(
        cache_dir: &Path,
        languages: LanguageTable,
        jobs: usize,
        launchers: usize,
    ) -> Result<RunContext> {
        // Launchers bind each program's build from the cache: an absolute path.
        let sandbox = Arc::new(Sandbox::new(
            &std::path::absolute(cache_dir).unwrap_or_else(|_| cache_dir.into()),
        ));
        sandbox.prestart(launchers);
        // The layers are probed (for the report) while the launchers start.
        sandbox.isolation();
        Ok(RunContext {
            compiler: Compiler::new(cache_dir, languages, sandbox.clone())?,
            sandbox,
            scratch: Scratch::new(cache_dir)?,
            pool: rayon::ThreadPoolBuilder::new()
                .num_threads(jobs.max(1))
                .build()
                .context("cannot start the worker threads")?,
            beside: beside_pool(jobs)?,
        })
    }

    /// The context of a workspace: its cache and its language table; its answers sealed from compilers.
    pub fn of(workspace: &Workspace, jobs: usize) -> Result<RunContext> {
        RunContext::with_runs(workspace, jobs, 0)
    }

    /// The context of a workspace for a plan of `runs` runs: as many launchers as will run at once are
    /// started now (as many as the jobs, no more than the runs; none for a plan that runs nothing).
    pub fn with_runs(workspace: &Workspace, jobs: usize, runs: usize) -> Result<RunContext> {
        RunContext::with_table(workspace, workspace.languages()?, jobs, runs)
    }

    /// As `with_runs`, with the language table `languages` (a profile's).
    pub fn with_table(
        workspace: &Workspace,
        languages: LanguageTable,
        jobs: usize,
        runs: usize,
    ) -> Result<RunContext> {
        let launchers = launchers_ahead(jobs, runs);
        let mut context =
            RunContext::with_launchers(&workspace.cache_dir(), languages, jobs, launchers)?;
        context.compiler.seal(workspace.answer_folders());
        Ok(context)
    }
}

/// How many launchers to start ahead of `runs` runs with `jobs` jobs: as many as run at once, no more than
/// the runs (a one-test problem starts one, whatever the jobs; a plan that runs nothing, none).
fn launchers_ahead(jobs: usize, runs: usize) -> usize {
    runs.min(jobs.max(1))
}

/// The pool the interactive problems run in beside the others, as many workers again, or none with one job
/// (one test at a time). A relayed conversation spends its wall time on wake-ups, each message passing
/// through three processes, and leaves most of a CPU idle: beside the tests that compute, it takes that
/// CPU instead of a worker. A program's CPU time is its own, whatever runs beside it.
pub(crate) fn beside_pool(jobs: usize) -> Result<Option<rayon::ThreadPool>> {
    if jobs <= 1 {
        return Ok(None);
    }
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(jobs)
        .thread_name(|i| format!("interactive-{i}"))
        .build()
        .context("cannot start the worker threads")?;
    Ok(Some(pool))
}

/// Items in parallel, each a task of its own: an idle worker takes the next one left, so that none waits
/// behind another worker's long run. Rayon otherwise hands each worker a block of items to go through in
/// order, and a worker done with its blocks sat idle while another had seconds of tests left in its own.
pub(crate) fn one_by_one<I: IndexedParallelIterator>(items: I) -> rayon::iter::MaxLen<I> {
    items.with_max_len(1)
}

/// Which of `items` run in the pool beside (`beside_pool`): their indices and theirs, and the others'.
fn split_beside<T>(items: &[T], beside: impl Fn(&T) -> bool) -> [(Vec<usize>, Vec<&T>); 2] {
    let mut parts: [(Vec<usize>, Vec<&T>); 2] = Default::default();
    for (i, item) in items.iter().enumerate() {
        let part = &mut parts[usize::from(beside(item))];
        part.0.push(i);
        part.1.push(item);
    }
    parts
}

/// The results of both parts of `split_beside`, back in the order of the items.
fn merge_beside<R>(parts: [(Vec<usize>, Vec<R>); 2]) -> Vec<R> {
    let mut all: Vec<(usize, R)> = parts
        .into_iter()
        .flat_map(|(indices, results)| indices.into_iter().zip(results))
        .collect();
    all.sort_by_key(|(i, _)| *i);
    all.into_iter().map(|(_, result)| result).collect()
}

/// Makes the data the problems `ids` (all when empty) generate, before they are read: a package's
/// `generators.yaml` (`package::generated`). Nothing is set up when none generates data.
pub fn generate_data(workspace: &Workspace, ids: &[String], jobs: usize) -> Result<()> {
    let ids = match ids.is_empty() {
        true => workspace.problem_ids()?,
        false => ids.to_vec(),
    };
    let dirs: Vec<PathBuf> = ids.iter().map(|id| workspace.problem_dir(id)).collect();
    if !crate::package::generated::any_generates(&dirs) {
        return Ok(());
    }
    let context = RunContext::of(workspace, jobs)?;
    let made = context
        .pool
        .install(|| crate::package::generated::prepare(&dirs, &context.compiler));
    context.sandbox.end_idle();
    made
}

/// Grades `ids` (or every problem when empty). Errors are setup problems of explicitly named problems;
/// a broken problem that was not named becomes an error row.
pub fn grade(workspace: &Workspace, ids: &[String], options: &JudgeOptions) -> Result<Report> {
    grade_with(workspace, ids, options, workspace.languages()?)
}

/// What `options` select of `ids` (every problem when empty).
pub(crate) fn selection(ids: &[String], options: &JudgeOptions) -> Selection {
    Selection {
        ids: ids.to_vec(),
        test_filter: options.test_filter.clone(),
        submissions: options.submissions,
        given: options.given.clone(),
        no_run: options.no_run,
        time_scale: options.time_scale,
        partition: options.partition,
        only: options.only.clone(),
    }
}

/// As `grade`, compiling and running by `languages` (a profile's table, `--profile`).
pub fn grade_with(
    workspace: &Workspace,
    ids: &[String],
    options: &JudgeOptions,
    languages: LanguageTable,
) -> Result<Report> {
    let selection = selection(ids, options);
    generate_data(workspace, ids, options.jobs)?;
    let mut plan = plan::plan(workspace, &selection)?;
    // Only now, when every named problem is known to be sound: a setup error writes nothing.
    let context = RunContext::with_table(workspace, languages, options.jobs, plan.runs())?;
    let shard = plan.shard.take();
    let mut report = execute(plan, &context, options)?;
    // The launchers take down their containment while the scratch folder is removed; dropping the
    // context waits for them.
    context.sandbox.end_idle();
    drop(context);
    report.shard = shard.map(|shard| stamp(workspace, options, shard));
    Ok(report)
}

/// Runs a plan in `context`, all in its pool: the problems' solutions beside the submissions (those of the
/// packages that give their time limit too), then the packages' timing phase, which computes the others'
/// limits and grades their submissions. The one path of `run` and `verify`.
pub fn execute(mut plan: Plan, context: &RunContext, options: &JudgeOptions) -> Result<Report> {
    refuse_unshowable_names(&plan)?;
    options.events.emit(Event::RunsAhead {
        runs: plan.runs() * options.repeat.max(1),
    });
    let started = std::time::Instant::now();
    let started_at = std::time::SystemTime::now();
    let (compiler, pool) = (&context.compiler, &context.pool);
    // The checkers of the problems whose tests or submissions run here (a shard may own a submission of
    // a problem and none of its tests), those judged by their own submissions too.
    let mut judged: Vec<&Problem> = plan.problems.iter().map(|p| &p.problem).collect();
    for s in plan.submissions.iter().flatten() {
        if !judged.iter().any(|p| p.id == s.problem.id) {
            judged.push(&s.problem);
        }
    }
    let checkers = pool.install(|| checkers(&judged, compiler))?;
    let run = Run {
        compiler,
        checkers: &checkers,
        options,
        scratch: &context.scratch,
    };
    // The submissions first on each thread: their time-limit-exceeded ones take the longest, and start at
    // once while the other workers take the solutions' tests. The interactive problems (solutions and
    // submissions) in the pool beside, when there is one. The packages' timing phase after the rest.
    let graded = plan.submissions.is_some();
    let mut first = plan.submissions.take().unwrap_or_default();
    let ours = first.len();
    let (own, by_solution): (Vec<&PlannedProblem>, Vec<&PlannedProblem>) =
        plan.problems.iter().partition(|p| p.own.is_some());
    let own: Vec<_> = own
        .iter()
        .filter_map(|p| Some((*p, p.own.as_ref()?)))
        .collect();
    for (p, submissions) in own.iter().filter(|(_, own)| own.timing.is_none()) {
        first.extend(packages::planned(p, submissions, &p.problem, false));
    }
    let beside = |problem: &Problem| context.beside.is_some() && problem.interactor.is_some();
    let problems = split_beside(&by_solution, |p| beside(&p.problem));
    let submissions = split_beside(&first, |s| beside(&s.problem));
    // The part beside grades only what it has: no stage line for nothing.
    let grade_part = |part: usize| {
        let (problems, submissions) = (&problems[part].1, &submissions[part].1);
        rayon::join(
            || match (graded || !first.is_empty()) && (part == 0 || !submissions.is_empty()) {
                true => submissions::grade(submissions, &run),
                false => Ok(Vec::new()),
            },
            || match plan.solutions && (part == 0 || !problems.is_empty()) {
                true => grade_problems(&problems.iter().map(|p| **p).collect::<Vec<_>>(), &run),
                false => Ok(Vec::new()),
            },
        )
    };
    // One pass over the plan; with --repeat, pass after pass, so that whatever else loads the machine
    // meanwhile weighs on every test alike.
    let pass = || -> Result<(Vec<ProblemResult>, Vec<SubmissionResult>)> {
        let ((main_submissions, main_problems), (beside_submissions, beside_problems)) =
            std::thread::scope(|scope| {
                let beside = context
                    .beside
                    .as_ref()
                    .map(|beside| scope.spawn(|| beside.install(|| grade_part(1))));
                let main = pool.install(|| grade_part(0));
                let beside = match beside {
                    Some(thread) => thread
                        .join()
                        .unwrap_or_else(|panic| std::panic::resume_unwind(panic)),
                    None => (Ok(Vec::new()), Ok(Vec::new())),
                };
                (main, beside)
            });
        let [main_indices, beside_indices] = problems.clone().map(|(indices, _)| indices);
        let problems = merge_beside([
            (main_indices, main_problems?),
            (beside_indices, beside_problems?),
        ]);
        let [main_indices, beside_indices] = submissions.clone().map(|(indices, _)| indices);
        let submissions = merge_beside([
            (main_indices, main_submissions?),
            (beside_indices, beside_submissions?),
        ]);
        Ok((problems, submissions))
    };
    let (mut problems, mut submissions) = repeated(options.repeat, pass)?;
    let graded_packages = submissions.split_off(ours);
    let (rows, package_submissions) =
        pool.install(|| packages::grade(&own, graded_packages, &run))?;
    problems.extend(rows);
    let graded = graded || (options.submissions && !package_submissions.is_empty());
    submissions.extend(package_submissions);
    let submissions = graded.then_some(submissions);
    problems.extend(plan.errors);
    // Report in the order the ids were given (sorted for a full run).
    problems.sort_by_key(|p| plan.ids.iter().position(|id| *id == p.id));
    let wall_ms = started.elapsed().as_secs_f64() * 1000.0;
    let mut report = Report::new(problems, submissions, options.time_scale, wall_ms);
    report.isolation = context.sandbox.isolation().to_vec();
    let report = report.repeated(options.repeat.max(1), options.allow_flips);
    Ok(report.stamped(started_at, compiler.toolchains()))
}

/// `pass` run `repeat` times, one pass after the other, its results merged (`model::repeats`); once
/// when `repeat` is 1, and then as it was.
pub(crate) fn repeated(
    repeat: usize,
    mut pass: impl FnMut() -> Result<(Vec<ProblemResult>, Vec<SubmissionResult>)>,
) -> Result<(Vec<ProblemResult>, Vec<SubmissionResult>)> {
    if repeat <= 1 {
        return pass();
    }
    let (mut problems, mut submissions) = (Vec::new(), Vec::new());
    for _ in 0..repeat {
        let (p, s) = pass()?;
        problems.push(p);
        submissions.push(s);
    }
    Ok((
        repeats::merge_problems(problems),
        repeats::merge_submissions(submissions),
    ))
}

/// A test whose file name holds a control character (a line break, an escape, a tab) or a bidirectional
/// control (U+202E) is refused, naming the file: its name would forge or garble a report line (every
/// report shows such text escaped, but a name that needs escaping is a mistake or an attack).
fn refuse_unshowable_names(plan: &Plan) -> Result<()> {
    let tests = plan
        .problems
        .iter()
        .flat_map(|p| &p.tests)
        .chain(plan.submissions.iter().flatten().flat_map(|s| &s.tests));
    for test in tests {
        if test
            .name
            .chars()
            .any(crate::report::shown::is_unsafe_in_name)
        {
            anyhow::bail!(
                "{}: the test's file name holds a control character or a bidirectional control (`{}`); rename the file (and its answer file) to printable characters",
                crate::report::shown::name(&test.input.display().to_string()),
                crate::report::shown::name(&test.name)
            );
        }
    }
    Ok(())
}

/// A shard's stamp: what merging checks (the same workspace, commit, judge and options in every shard)
/// and its share.
fn stamp(workspace: &Workspace, options: &JudgeOptions, shard: plan::ShardPlan) -> Shard {
    Shard {
        workspace: workspace.identity(),
        commit: crate::package::changes::commit(&workspace.root),
        judge: format!("harness {}", env!("CARGO_PKG_VERSION")),
        options: format!(
            "time scale {}; output limit {} B; tests {}; submissions {}; all tests {}; TLE margin {}; run {}; repeat {}; flips allowed {}",
            options.time_scale,
            options.output_limit,
            options.test_filter.as_deref().unwrap_or("all"),
            options.submissions,
            options.all_tests,
            options.tle_margin,
            !options.no_run,
            options.repeat,
            options.allow_flips,
        ),
        partition: shard.partition.to_string(),
        planned: shard.planned,
        units: shard.units,
    }
}

/// What every test of a run shares.
pub(crate) struct Run<'a> {
    pub compiler: &'a Compiler,
    /// Each problem's checker, or why it cannot judge (a checker program that does not compile).
    pub checkers: &'a Checkers,
    pub options: &'a JudgeOptions,
    pub scratch: &'a Scratch,
}

type Checkers = HashMap<String, std::result::Result<Judges, String>>;

/// What judges a problem's tests besides the limits: its checker, and its interactor when interactive.
#[derive(Clone)]
pub(crate) struct Judges {
    pub checker: Arc<dyn Checker>,
    pub interactor: Option<Arc<ProgramChecker>>,
    /// A package's custom grader (`graders/`), for its groups under `grading: custom`.
    pub grader: Option<Arc<ProgramGrader>>,
}

/// The checker of every problem judged: built-in ones as they are, programs compiled (in parallel).
fn checkers(problems: &[&Problem], compiler: &Compiler) -> Result<Checkers> {
    problems
        .par_iter()
        .map(|p| Ok((p.id.clone(), judges(p, compiler)?)))
        .collect()
}

/// A problem's checker and interactor, compiled; the error says why they cannot be used.
fn judges(problem: &Problem, compiler: &Compiler) -> Result<std::result::Result<Judges, String>> {
    let optional = |spec: &Option<ProgramSpec>, what| -> Result<std::result::Result<_, _>> {
        Ok(match spec {
            None => Ok(None),
            Some(spec) => program(problem, spec, what, compiler)?.map(Some),
        })
    };
    let interactor = optional(&problem.interactor, "interactor")?;
    let grader = optional(&problem.grader, "custom grader")?;
    Ok(match (checker(problem, compiler)?, interactor, grader) {
        (Ok(checker), Ok(interactor), Ok(grader)) => Ok(Judges {
            checker,
            interactor: interactor.map(Arc::new),
            grader: grader.map(|g| Arc::new(ProgramGrader::new(g.executable, g.sandbox))),
        }),
        (Err(why), _, _) | (_, Err(why), _) | (_, _, Err(why)) => Err(why),
    })
}

/// A problem's checker; the error says why a checker program cannot be used.
pub fn checker(
    problem: &Problem,
    compiler: &Compiler,
) -> Result<std::result::Result<Arc<dyn Checker>, String>> {
    let spec = match &problem.checker {
        CheckerSpec::Builtin(builtin) => return Ok(Ok(Arc::new(*builtin))),
        CheckerSpec::Program(spec) => spec,
    };
    Ok(program(problem, spec, "checker", compiler)?.map(|c| Arc::new(c) as Arc<dyn Checker>))
}

/// A checker or interactor program, built.
fn program(
    problem: &Problem,
    spec: &ProgramSpec,
    what: &str,
    compiler: &Compiler,
) -> Result<std::result::Result<ProgramChecker, String>> {
    let shown = format!("{}/{}", problem.id, spec.program);
    Ok(
        build(&spec.path, &shown, what, compiler)?.map(|executable| ProgramChecker {
            executable,
            protocol: spec.protocol,
            args: spec.args.clone(),
            limits: spec.limits.unwrap_or_else(ProgramChecker::default_limits),
            sandbox: compiler.sandbox().clone(),
        }),
    )
}

/// A judge's program (checker, interactor, a package's custom grader), built by the language table or,
/// a folder with `build`/`run` scripts or a `__main__.py`, as a language of its own; the error, naming it
/// the `what` `shown`, says why it cannot be used.
pub(crate) fn build(
    path: &Path,
    shown: &str,
    what: &str,
    compiler: &Compiler,
) -> Result<std::result::Result<Executable, String>> {
    let built = match crate::package::script_language(path, compiler.cache_dir())? {
        Some((language, marker)) => compiler.compile_program(&crate::lang::Program {
            language,
            files: vec![marker.clone()],
            others: Vec::new(),
            main: marker,
        })?,
        None => compiler.compile(path)?,
    };
    Ok(match built {
        Compiled::Ok(executable) => Ok(executable),
        Compiled::Failed { message } => Err(format!(
            "the {what} {shown} does not build, so no test can be judged:\n{message}"
        )),
        Compiled::Skipped { reason } => {
            Err(format!("the {what} {shown} cannot be built: {reason}"))
        }
    })
}

/// Runs one test of one problem (or package) with its solution, as a run of that test alone: the library's
/// "run one test".
pub fn run_one(
    workspace: &Workspace,
    id: &str,
    test: &str,
    options: &JudgeOptions,
) -> Result<TestResult> {
    let mut planned = plan::plan_problem(workspace, id, None)?;
    planned.tests.retain(|t| t.name == test);
    if planned.tests.is_empty() {
        anyhow::bail!("{id} has no test `{test}` (see `harness list`)");
    }
    let problems = vec![planned];
    let plan = Plan {
        ids: vec![id.to_string()],
        problems,
        solutions: true,
        ..Default::default()
    };
    let mut row = execute(plan, &RunContext::of(workspace, 1)?, options)?
        .problems
        .remove(0);
    match row.error {
        Some(why) => anyhow::bail!("{why}"),
        None => Ok(row.tests.remove(0)),
    }
}

/// Compiles a solution or submission of `problem` with the files its format compiles with it (a CMS
/// task's grader and headers, `Format::compiled_with`). Those are compiled from one folder of copies
/// (`<cache>-programs/with-grader/<digest>/`): the compiler sees the submission and the grader, and
/// nothing else of the folders they come from (a package's answers beside its grader, a contestant's
/// home).
pub(crate) fn compile_for(
    compiler: &Compiler,
    problem: &crate::model::Problem,
    path: &Path,
) -> Result<Compiled> {
    let program = compiler.table().program(path)?;
    let with =
        crate::package::format_of(&problem.dir).compiled_with(&problem.dir, &program.language.id);
    if with.is_empty() {
        return compiler.compile_program(&program);
    }
    let table = compiler.table();
    let own: Vec<PathBuf> = program
        .files
        .iter()
        .chain(&program.others)
        .cloned()
        .collect();
    let mut contents: Vec<(String, Vec<u8>)> = Vec::new();
    for file in own.iter().chain(&with) {
        let name = file
            .file_name()
            .unwrap_or_default()
            .to_string_lossy()
            .into_owned();
        let bytes =
            std::fs::read(file).with_context(|| format!("cannot read {}", file.display()))?;
        if contents.iter().any(|(n, _)| *n == name) {
            anyhow::bail!(
                "{}: named as a file of the task's grader ({name}), which it is compiled with: rename it",
                path.display()
            );
        }
        contents.push((name, bytes));
    }
    use sha2::{Digest, Sha256};
    let mut hasher = Sha256::new();
    for (name, bytes) in &contents {
        hasher.update(name.as_bytes());
        hasher.update([0]);
        hasher.update((bytes.len() as u64).to_le_bytes());
        hasher.update(bytes);
    }
    let digest: String = hasher
        .finalize()
        .iter()
        .take(16)
        .map(|b| format!("{b:02x}"))
        .collect();
    // Beside the cache, not in it, where a compiler sees every file of the program (as the generators'
    // programs, `generated::Maker::programs_dir`).
    let cache = compiler.cache_dir();
    let name = cache.file_name().unwrap_or_default().to_string_lossy();
    let folder = (cache.with_file_name(format!("{name}-programs")))
        .join("with-grader")
        .join(digest);
    std::fs::create_dir_all(&folder)
        .with_context(|| format!("cannot create {}", folder.display()))?;
    for (name, bytes) in &contents {
        let target = folder.join(name);
        if std::fs::read(&target).ok().as_deref() != Some(bytes.as_slice()) {
            // Written beside, then renamed: a parallel compile never reads half a file.
            let partial = folder.join(format!(".{name}.{}", std::process::id()));
            std::fs::write(&partial, bytes)
                .with_context(|| format!("cannot write {}", partial.display()))?;
            std::fs::rename(&partial, &target)
                .with_context(|| format!("cannot write {}", target.display()))?;
        }
    }
    let copied = |file: &PathBuf| folder.join(file.file_name().unwrap_or_default());
    let of_language = |file: &PathBuf| {
        table
            .language_of(file)
            .is_some_and(|l| l.id == program.language.id)
    };
    let mut files: Vec<PathBuf> = program.files.iter().map(copied).collect();
    let mut others: Vec<PathBuf> = program.others.iter().map(copied).collect();
    for file in &with {
        match of_language(file) {
            true => files.push(copied(file)),
            false => others.push(copied(file)),
        }
    }
    compiler.compile_program(&crate::lang::Program {
        main: copied(&program.main),
        files,
        others,
        language: program.language,
    })
}

/// Compiles each solution once, in parallel, then runs every (problem, test) pair in parallel.
fn grade_problems(planned: &[&PlannedProblem], run: &Run) -> Result<Vec<ProblemResult>> {
    let options = run.options;
    let compiled: Vec<Compiled> = planned
        .par_iter()
        .map(|p| match &run.checkers[&p.problem.id] {
            Ok(_) => match answer_files(&p.problem, &p.solution) {
                Some(answers) => Ok(Compiled::Ok(answers)),
                None => compile_for(run.compiler, &p.problem, &p.solution),
            },
            Err(why) => Ok(Compiled::Skipped {
                reason: why.clone(),
            }),
        })
        .collect::<Result<_>>()?;
    let pairs: Vec<(usize, usize)> = planned
        .iter()
        .enumerate()
        .flat_map(|(i, p)| (0..p.tests.len()).map(move |t| (i, t)))
        .collect();
    // Only the runs that will happen: a solution that does not compile runs no test, and a progress bar
    // counting its tests would never fill.
    let runs = pairs
        .iter()
        .filter(|(i, _)| matches!(compiled[*i], Compiled::Ok(_)))
        .count();
    options.events.emit(Event::RunsPlanned { runs });
    let mut outcomes = run_pairs(planned, &compiled, &pairs, run)?.into_iter();
    let mut results = Vec::new();
    for (p, compiled) in planned.iter().zip(compiled) {
        let mut row = ProblemResult::new(&p.problem, options.limits(&p.problem).cpu_ms);
        let tests: Vec<Option<TestResult>> = outcomes.by_ref().take(p.tests.len()).collect();
        match compiled {
            Compiled::Ok(_) => row.tests = tests.into_iter().map(|t| t.expect("ran")).collect(),
            Compiled::Skipped { reason } => row.error = Some(reason),
            Compiled::Failed { message } => {
                row.tests = p
                    .tests
                    .iter()
                    .map(|t| TestResult::compile_error(&t.name))
                    .collect();
                row.compile_error = Some(message);
            }
        }
        if let (Some(scoring), None) = (&p.problem.scoring, &row.error) {
            row.score = Some(crate::grade::score::score_results(scoring, &row.tests));
        }
        results.push(row);
    }
    Ok(results)
}

/// Runs the (problem, test) pairs, one lane per worker (`sandbox::Lane`): a worker takes the next pair
/// left and sends its run to its launcher while its last run still goes (as long as more pairs are left
/// than lanes), then judges that last run; the launcher goes from one program to the next without waiting
/// for the judge. An interactive pair runs alone, once the lane's runs are judged. The results in the
/// order of the pairs (`None`: not compiled).
fn run_pairs(
    planned: &[&PlannedProblem],
    compiled: &[Compiled],
    pairs: &[(usize, usize)],
    run: &Run,
) -> Result<Vec<Option<TestResult>>> {
    let next = AtomicUsize::new(0);
    let lanes = rayon::current_num_threads().min(pairs.len());
    let done: Vec<Vec<(usize, TestResult)>> = one_by_one((0..lanes).into_par_iter())
        .map(|_| {
            let mut lane = Lane {
                sandbox: run.compiler.sandbox().lane(),
                waiting: VecDeque::new(),
                done: Vec::new(),
                files: 0,
            };
            let ran = lane.run(planned, compiled, pairs, (&next, lanes), run);
            // A setup error ends every lane: nobody takes another pair.
            if ran.is_err() {
                next.fetch_max(pairs.len(), Ordering::Relaxed);
            }
            ran.map(|()| lane.done)
        })
        .collect::<Result<_>>()?;
    let mut outcomes: Vec<Option<TestResult>> = (0..pairs.len()).map(|_| None).collect();
    for (index, result) in done.into_iter().flatten() {
        outcomes[index] = Some(result);
    }
    Ok(outcomes)
}

/// One worker's lane (`run_pairs`).
struct Lane<'a> {
    sandbox: crate::sandbox::Lane<'a>,
    /// The runs sent and not yet judged, oldest first: the pair's index and its stdout file.
    waiting: VecDeque<(usize, PathBuf)>,
    /// The pairs judged: their index and result.
    done: Vec<(usize, TestResult)>,
    /// How many runs were sent: each run's stdout goes to one of two files, in turn.
    files: usize,
}

impl Lane<'_> {
    fn run(
        &mut self,
        planned: &[&PlannedProblem],
        compiled: &[Compiled],
        pairs: &[(usize, usize)],
        (next, lanes): (&AtomicUsize, usize),
        run: &Run,
    ) -> Result<()> {
        loop {
            // A second run is sent ahead only while more pairs are left than there are lanes: near the
            // end, a pair waiting behind a long run would keep another worker idle (and two tests that
            // each run long would run one after the other).
            let plenty = pairs.len().saturating_sub(next.load(Ordering::Relaxed)) > lanes;
            if !self.waiting.is_empty() && !plenty {
                self.judge_oldest(planned, pairs, run)?;
                continue;
            }
            let index = next.fetch_add(1, Ordering::Relaxed);
            let Some(&(i, t)) = pairs.get(index) else {
                break;
            };
            let Compiled::Ok(binary) = &compiled[i] else {
                continue;
            };
            let (problem, test) = (&planned[i].problem, &planned[i].tests[t]);
            // A program that reads and writes named files runs in a folder of its own, one run at a time.
            match standard(problem, run).filter(|grader| !grader.files.any()) {
                Some(grader) => {
                    let stdout = run.scratch.file(["out", "out-next"][self.files % 2]);
                    self.files += 1;
                    self.sandbox.send(grader.request(test, binary, &stdout));
                    self.waiting.push_back((index, stdout));
                    if self.waiting.len() > 1 {
                        self.judge_oldest(planned, pairs, run)?;
                    }
                }
                None => {
                    while !self.waiting.is_empty() {
                        self.judge_oldest(planned, pairs, run)?;
                    }
                    self.sandbox.release();
                    self.done
                        .push((index, run_test(problem, test, binary, run)?));
                }
            }
        }
        while !self.waiting.is_empty() {
            self.judge_oldest(planned, pairs, run)?;
        }
        Ok(())
    }

    /// Waits for the oldest run sent to end, judges it and reports it.
    fn judge_oldest(
        &mut self,
        planned: &[&PlannedProblem],
        pairs: &[(usize, usize)],
        run: &Run,
    ) -> Result<()> {
        let (index, stdout) = self.waiting.pop_front().expect("a run is waiting");
        let outcome = self.sandbox.receive().expect("one outcome per run sent")?;
        let (i, t) = pairs[index];
        let (problem, test) = (&planned[i].problem, &planned[i].tests[t]);
        let grader = standard(problem, run).expect("only standard runs are sent");
        let result = grader.judge(test, &outcome, &stdout, run.scratch)?;
        finished(problem, &result, run);
        self.done.push((index, result));
        Ok(())
    }
}

/// The standard grader of a problem, unless it is interactive.
fn standard<'a>(problem: &Problem, run: &Run<'a>) -> Option<Standard<'a>> {
    let Ok(judges) = &run.checkers[&problem.id] else {
        unreachable!("a problem whose checker cannot judge runs no test");
    };
    let once = problem.runs == Runs::Once;
    (once && judges.interactor.is_none()).then(|| Standard {
        sandbox: run.compiler.sandbox(),
        limits: run.options.limits(problem),
        checker: judges.checker.as_ref(),
        files: problem.files.clone(),
    })
}

/// A solution or submission of an output-only problem that is a folder of answer files: taken as it is,
/// nothing to build (`grade::answers`).
pub(crate) fn answer_files(problem: &Problem, path: &Path) -> Option<Executable> {
    let answers = problem.runs == Runs::Answers && crate::grade::answers::is_answers(path);
    answers.then(|| Executable::answers(path.to_path_buf()))
}

/// Runs one test with the problem's grader and reports it.
pub(crate) fn run_test(
    problem: &Problem,
    test: &TestCase,
    binary: &Executable,
    run: &Run,
) -> Result<TestResult> {
    let Ok(judges) = &run.checkers[&problem.id] else {
        unreachable!("a problem whose checker cannot judge runs no test");
    };
    let limits = run.options.limits(problem);
    let checker = judges.checker.as_ref();
    let standard = Standard {
        sandbox: run.compiler.sandbox(),
        limits,
        checker,
        files: problem.files.clone(),
    };
    let interactive = judges.interactor.as_ref().map(|interactor| Interactive {
        sandbox: run.compiler.sandbox(),
        limits,
        interactor,
        // With the testlib protocol, a checker program judges the transcript afterwards.
        checker: matches!(problem.checker, CheckerSpec::Program(_)).then_some(checker),
        hold_solution_eof: run.options.hold_solution_eof,
    });
    let grader: Box<dyn Grader + '_> = match (problem.runs, interactive) {
        (Runs::Answers, _) if binary.is_answers() => Box::new(Answers { checker, limits }),
        (Runs::Passes(most), Some(interactive)) => Box::new(MultiPass {
            pass: OnePass::Interactive(interactive),
            most,
        }),
        (Runs::Passes(most), None) => Box::new(MultiPass {
            pass: OnePass::Batch(standard),
            most,
        }),
        (_, Some(interactive)) => Box::new(interactive),
        (_, None) => Box::new(standard),
    };
    let result = grader.grade(test, binary, run.scratch)?;
    finished(problem, &result, run);
    Ok(result)
}

/// Tells the events (the progress bar) that a test of `problem` finished.
fn finished(problem: &Problem, result: &TestResult, run: &Run) {
    run.options.events.emit(Event::TestFinished {
        problem: &problem.id,
        result,
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_worker_takes_the_next_item_while_another_waits_on_its_own() {
        // Item 0 waits for item 1: in the same block, they would wait for each other until the timeout.
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(2)
            .build()
            .unwrap();
        let (send, receive) = std::sync::mpsc::channel();
        let receive = std::sync::Mutex::new(receive);
        let waited: Vec<bool> = pool.install(|| {
            one_by_one((0..8).into_par_iter())
                .map(|i| match i {
                    0 => receive
                        .lock()
                        .unwrap()
                        .recv_timeout(std::time::Duration::from_secs(20))
                        .is_ok(),
                    1 => send.send(()).is_ok(),
                    _ => true,
                })
                .collect()
        });
        assert!(waited[0], "item 1 did not run while item 0 waited");
    }

    #[test]
    fn the_workers_of_both_pools_have_scratch_files_of_their_own() {
        let cache = std::env::temp_dir().join(format!("harness-scratch-{}", std::process::id()));
        let scratch = Scratch::new(&cache).unwrap();
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(2)
            .build()
            .unwrap();
        let beside = beside_pool(2).unwrap().expect("two jobs");
        let mut files = pool.broadcast(|_| scratch.stdout_file());
        files.extend(beside.broadcast(|_| scratch.stdout_file()));
        files.sort();
        files.dedup();
        assert_eq!(files.len(), 4, "{files:?}");
        drop(scratch);
        let _ = std::fs::remove_dir_all(&cache);
    }

    /// As many launchers are started ahead as will run at once: one for a problem of one test even with
    /// two jobs, two for two tests, none when nothing runs (`--no-run`).
    #[test]
    fn launchers_are_started_ahead_for_the_planned_runs_only() {
        let fixture = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/faults");
        let workspace = Workspace::find(&fixture).unwrap();
        let runs = |id: &str, no_run: bool| {
            let selection = Selection {
                ids: vec![id.to_string()],
                no_run,
                time_scale: 1.0,
                ..Selection::default()
            };
            plan::plan(&workspace, &selection).unwrap().runs()
        };
        // testdata/abort holds one test, testdata/busy two.
        assert_eq!(launchers_ahead(2, runs("abort", false)), 1);
        assert_eq!(launchers_ahead(2, runs("busy", false)), 2);
        assert_eq!(launchers_ahead(1, runs("busy", false)), 1);
        assert_eq!(launchers_ahead(2, runs("busy", true)), 0);
    }

    #[test]
    fn interactive_problems_run_beside_the_workers_only_with_more_than_one_job() {
        assert!(beside_pool(0).unwrap().is_none());
        assert!(beside_pool(1).unwrap().is_none());
        let beside = beside_pool(3).unwrap().expect("three jobs");
        assert_eq!(beside.current_num_threads(), 3);
    }

    #[test]
    fn the_results_of_both_parts_come_back_in_the_order_of_the_items() {
        let items = ["a", "B", "c", "D", "E", "f"];
        let parts = split_beside(&items, |item| item.chars().all(char::is_uppercase));
        assert_eq!(parts[0].1, [&"a", &"c", &"f"]);
        assert_eq!(parts[1].1, [&"B", &"D", &"E"]);
        // Each part's results, in the part's order, as its grading returns them.
        let results = parts.map(|(indices, part)| {
            let results = part.iter().map(|item| item.to_lowercase()).collect();
            (indices, results)
        });
        assert_eq!(merge_beside(results), ["a", "b", "c", "d", "e", "f"]);
    }
}
