//! `harness [run]`: grade (a shard's share with `--partition`, the changed problems with
//! `--changed-since`), then write the report in the chosen format (and JUnit), and the exit status.

use std::fs;
use std::io::{self, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use anyhow::{Context, Result};

use super::jobs;
use crate::cli::{Format, ReportArgs, RunArgs};
use crate::events::Events;
use crate::exec::{self, machine, JudgeOptions};
use crate::lang::located::located;
use crate::model::{Report, Verdict};
use crate::package::{changes, Workspace};
use crate::report::{self, progress};
use crate::{EXIT_FAILED, EXIT_OK};

/// The accepted ranges of the numbers on the command line.
const TIME_SCALE: std::ops::RangeInclusive<f64> = 0.01..=100.0;
const OUTPUT_LIMIT_MIB: std::ops::RangeInclusive<u64> = 1..=4096;

pub fn grade(workspace: &Workspace, args: &RunArgs) -> Result<i32> {
    for id in &args.ids {
        not_a_command(workspace, id)?;
    }
    check_tle_margin(args.tle_margin)?;
    if !TIME_SCALE.contains(&args.time_scale) {
        anyhow::bail!(
            "--time-scale must be from {} to {}, got {:?}",
            TIME_SCALE.start(),
            TIME_SCALE.end(),
            args.time_scale
        );
    }
    if !OUTPUT_LIMIT_MIB.contains(&args.output_limit_mib) {
        anyhow::bail!(
            "--output-limit-mib must be from {} to {}, got {}",
            OUTPUT_LIMIT_MIB.start(),
            OUTPUT_LIMIT_MIB.end(),
            args.output_limit_mib
        );
    }
    check_report_files(&args.report)?;
    check_repeat(args.repeat.repeat)?;
    if !args.submission.is_empty() {
        let languages = workspace.languages()?;
        for path in args.submission.iter().filter(|p| p.is_dir()) {
            if let Some(warning) = mixed_languages(&languages, path) {
                eprintln!("harness: warning: {warning}");
            }
        }
    }
    // The profiles are read, and the names checked, before anything runs.
    let profiles = crate::profile::Profiles::for_workspace(&workspace.root)?;
    let profile = match args.profile.as_deref().or(profiles.default.as_deref()) {
        Some(id) if id != crate::profile::NATIVE => Some(profiles.get(id)?.clone()),
        _ => None,
    };
    let parity: Vec<crate::profile::Profile> = args
        .parity
        .iter()
        .map(|id| profiles.get(id).cloned())
        .collect::<Result<_>>()?;
    let languages = match &profile {
        Some(profile) => profile.languages(&workspace.languages()?)?,
        None => workspace.languages()?,
    };
    let only = match &args.changed_since {
        Some(rev) => Some(changed_problems(workspace, &args.ids, rev)?),
        None => None,
    };
    let (bar, events) = progress_events();
    let options = JudgeOptions {
        jobs: jobs(args.jobs),
        time_scale: args.time_scale,
        output_limit: args.output_limit_mib << 20,
        test_filter: args.test.clone(),
        // Whether the data rejects a submission says nothing on a subset of the tests.
        submissions: args.test.is_none() || !args.submission.is_empty(),
        given: args.submission.clone(),
        all_tests: args.all_tests,
        tle_margin: args.tle_margin,
        no_run: args.no_run,
        partition: args.partition,
        only,
        events,
        repeat: args.repeat.repeat,
        allow_flips: args.repeat.allow_flips,
        hold_solution_eof: false,
    };
    let graded = exec::grade_with(workspace, &args.ids, &options, languages.clone());
    let graded = graded.and_then(|mut report| {
        report.profile = profile.as_ref().map(|p| p.id.clone());
        if !parity.is_empty() {
            let compared = exec::parity::compare(
                workspace, &args.ids, &options, &languages, &report, &parity,
            )?;
            report.parity = Some(compared);
        }
        Ok(report)
    });
    if let Some(bar) = &bar {
        bar.finish();
    }
    let mut report = graded?;
    report.machine = Some(machine_checks());
    locate_compile_errors(&mut report, workspace);
    locate_inputs(&mut report, Some(workspace));
    for problem in &mut report.problems {
        if let Some(error) = &mut problem.error {
            *error = super::with_working_commands(error);
        }
        if let Some(package) = &mut problem.package {
            package.dir = workspace.relative(Path::new(&package.dir));
        }
    }
    write_reports(&report, &args.report, Some(workspace))
}

/// The machine's timing checks for the report (`harness doctor` makes them too, sampling the load).
pub(crate) fn machine_checks() -> crate::model::machine::Machine {
    machine::check(Path::new("/"), &machine::pinned_cpus(), None)
}

/// The report files asked for (JUnit, HTML): one that cannot be written is found now, not after the run.
pub(crate) fn check_report_files(args: &ReportArgs) -> Result<()> {
    if let Some(path) = &args.junit {
        super::check_writable(path, "JUnit")?;
    }
    match super::html_path(args) {
        Some(path) => super::check_writable(&path, "HTML"),
        None => Ok(()),
    }
}

/// A folder given with `--submission` is one program, in the language most of its files are in: when it
/// also holds files of another language (attempts side by side), says which are left out, and how to judge
/// one attempt.
fn mixed_languages(languages: &crate::lang::LanguageTable, folder: &Path) -> Option<String> {
    let folder = &std::path::absolute(folder).ok()?;
    let program = languages.program(folder).ok()?;
    let left_out: Vec<String> = program
        .others
        .iter()
        .filter_map(|file| {
            let language = languages.language_of(file)?;
            let name = file.strip_prefix(folder).unwrap_or(file);
            Some(format!("{} ({})", name.display(), language.name))
        })
        .collect();
    if left_out.is_empty() {
        return None;
    }
    Some(crate::report::shown::name(&format!(
        "{} is judged as one {} program ({}); its files of other languages are left out: {}; give one file with --submission to judge one attempt",
        folder.display(),
        program.language.name,
        program
            .files
            .iter()
            .map(|f| f.strip_prefix(folder).unwrap_or(f).display().to_string())
            .collect::<Vec<_>>()
            .join(", "),
        left_out.join(", ")
    ))
    .into_owned())
}

/// What follows a run as it goes: the progress bar on an interactive stderr; else (a log, a pipe, CI) a
/// line per stage, so that the run is seen to be under way.
pub(crate) fn progress_events() -> (Option<Arc<progress::Bar>>, Events) {
    let bar = progress::wanted(
        io::stderr().is_terminal(),
        std::env::var_os("CI").as_deref(),
        std::env::var_os("TERM").as_deref(),
    )
    .then(|| Arc::new(progress::Bar::new()));
    let events = match &bar {
        Some(bar) => Events::new(bar.clone()),
        None => {
            eprintln!(
                "harness: grading: compiling every program (once; unchanged ones come from the cache)"
            );
            Events::new(Arc::new(progress::Stages::default()))
        }
    };
    (bar, events)
}

/// Writes the report in the chosen format (and JUnit, and HTML); the exit status it gives. With the
/// workspace, warns about problems that are not finished.
pub(crate) fn write_reports(
    report: &Report,
    args: &ReportArgs,
    workspace: Option<&Workspace>,
) -> Result<i32> {
    if let Some(path) = super::html_path(args) {
        super::write_html(report, &path)?;
    }
    if let Some(path) = &args.junit {
        let mut xml = Vec::new();
        report::render_junit(report, &mut xml)?;
        fs::write(path, xml)
            .with_context(|| format!("cannot write the JUnit report to {}", path.display()))?;
    }
    let mut out = io::stdout().lock();
    match args.format {
        Format::Json => report::render_json(report, &mut out)?,
        Format::Human => {
            report::render_human(report, &super::human_options(args), &mut out)?;
        }
    }
    out.flush()?;
    if let Some(workspace) = workspace {
        for problem in &report.problems {
            if let Some(left) = unfinished(workspace, &problem.id) {
                eprintln!(
                    "harness: warning: problems/{}/ is not finished: {left} (docs/setter.md, \"Adding a problem\")",
                    problem.id
                );
            }
        }
    }
    Ok(if report.all_accepted() {
        EXIT_OK
    } else {
        EXIT_FAILED
    })
}

/// The problems (of `ids`, or all) that the changes since `rev` touch; says on stderr which are graded,
/// for which change, and which are left out.
fn changed_problems(workspace: &Workspace, ids: &[String], rev: &str) -> Result<Vec<String>> {
    let all = match ids.is_empty() {
        true => workspace.problem_ids()?,
        false => {
            for id in ids {
                crate::plan::check_known(workspace, id)?;
            }
            ids.to_vec()
        }
    };
    let changes = changes::changed_since(workspace, rev, &all)?;
    let mut err = io::stderr().lock();
    writeln!(
        err,
        "--changed-since {rev}: {} files changed; grading {} of {} problems",
        changes.files.len(),
        changes.touched.len(),
        all.len()
    )?;
    for (id, file) in &changes.touched {
        writeln!(err, "    {id}: {file} changed")?;
    }
    let left_out: Vec<&str> = all
        .iter()
        .filter(|id| !changes.touched.contains_key(*id))
        .map(String::as_str)
        .collect();
    if !left_out.is_empty() {
        writeln!(
            err,
            "    left out, since none of their files, the shared files they include or the judge changed: {}",
            left_out.join(", ")
        )?;
    }
    Ok(changes.touched.into_keys().collect())
}

/// Compile errors, and the panics and stderr of runs, name the files from the workspace
/// (`solutions/x/src/main.rs:14:25`), not from the program's folder as the cache keeps them.
fn locate_compile_errors(report: &mut Report, workspace: &Workspace) {
    let locate = |message: &mut String, dir: &Path, shown: &str| {
        *message = located(message, dir, shown);
    };
    let locate_all = |compile_error: &mut Option<String>,
                      tests: &mut [crate::model::TestResult],
                      dir: &Path,
                      shown: &str| {
        let texts = tests
            .iter_mut()
            .flat_map(|t| [&mut t.detail, &mut t.stderr_tail])
            .chain([compile_error]);
        for text in texts.flatten() {
            locate(text, dir, shown);
        }
    };
    for problem in &mut report.problems {
        let data_id = problem.same_as.as_deref().unwrap_or(&problem.id);
        let solution = workspace.solution_file(data_id);
        if let Some(dir) = solution.parent() {
            let shown = workspace.relative(dir);
            locate_all(&mut problem.compile_error, &mut problem.tests, dir, &shown);
        }
    }
    for submission in report.submissions.iter_mut().flatten() {
        let path = workspace.root.join(&submission.file);
        let (dir, shown) = match path.is_dir() {
            true => (path.as_path(), submission.file.clone()),
            false => {
                let shown = Path::new(&submission.file)
                    .parent()
                    .unwrap_or(Path::new(""));
                let dir = path.parent().unwrap_or(&workspace.root);
                (dir, shown.to_string_lossy().into_owned())
            }
        };
        locate_all(
            &mut submission.compile_error,
            &mut submission.tests,
            dir,
            &shown,
        );
    }
}

/// Every test that was not accepted names its input file (from the workspace, else from the current
/// folder when under it) and shows its first lines (the grader keeps them only beside a checker program's
/// message). A package's inputs are in its `data/`.
pub(crate) fn locate_inputs(report: &mut Report, workspace: Option<&Workspace>) {
    let shown_from = match workspace {
        Some(workspace) => workspace.root.clone(),
        None => std::env::current_dir().unwrap_or_default(),
    };
    let rows: std::collections::HashMap<String, (String, Option<PathBuf>)> = report
        .problems
        .iter()
        .map(|p| {
            let data_id = p.same_as.clone().unwrap_or_else(|| p.id.clone());
            let package = p.package.as_ref().map(|p| Path::new(&p.dir).join("data"));
            (p.id.clone(), (data_id, package))
        })
        .collect();
    let fill = |problem: &str, test: &mut crate::model::TestResult| {
        let (data_id, package) = rows.get(problem).cloned().unwrap_or((problem.into(), None));
        let ours = workspace.map(|w| {
            let problem_dir = w.root.join("problems").join(problem);
            [
                w.root.join("testdata").join(data_id),
                problem_dir.join("data"),
            ]
        });
        let dirs = package.into_iter().chain(ours.into_iter().flatten());
        let mut inputs = dirs.map(|dir| dir.join(format!("{}.in", test.name)));
        if let Some(path) = inputs.find(|path| path.is_file()) {
            let shown = path.strip_prefix(&shown_from).unwrap_or(&path);
            let shown = shown.to_string_lossy().into_owned();
            name_input(test, &path, shown);
        }
    };
    for problem in &mut report.problems {
        for test in &mut problem.tests {
            fill(&problem.id, test);
        }
    }
    for submission in report.submissions.iter_mut().flatten() {
        for test in &mut submission.tests {
            fill(&submission.problem, test);
        }
    }
}

/// What a problem of our layout still lacks of what `harness new` asks for, in words: its programs with a
/// `todo!()` left (brute force, generator, validator), and its invalid examples when it has a validator.
/// Grading judges the solution on the data whatever this says; `stress`, `validate` and the data tests fail
/// on these.
fn unfinished(workspace: &Workspace, id: &str) -> Option<String> {
    let dir = workspace.root.join("problems").join(id);
    if !dir.join("problem.toml").is_file() {
        return None;
    }
    let mut left: Vec<String> = ["brute.rs", "gen.rs", "validate.rs"]
        .into_iter()
        .filter(|file| {
            fs::read_to_string(dir.join(file)).is_ok_and(|source| source.contains("todo!("))
        })
        .map(|file| format!("{file} has a todo!()"))
        .collect();
    if dir.join("validate.rs").is_file() {
        let invalid = fs::read_dir(dir.join("invalid")).map_or(0, |entries| {
            entries
                .flatten()
                .filter(|e| e.path().is_file() && e.file_name() != "README.md")
                .count()
        });
        if invalid < 3 {
            left.push(format!(
                "invalid/ has {invalid} of the 3 inputs its validator must reject"
            ));
        }
    }
    (!left.is_empty()).then(|| left.join("; "))
}

/// A test that was not accepted names its input file `path` (shown as `shown`) and shows its first lines.
pub(crate) fn name_input(test: &mut crate::model::TestResult, path: &Path, shown: String) {
    if matches!(test.verdict, Verdict::AC | Verdict::CE) || test.input_path.is_some() {
        return;
    }
    if test.input_head.is_none() {
        test.input_head = crate::grade::standard::input_head(path);
    }
    test.input_path = Some(shown);
}

/// An id that names no problem but is near a subcommand was probably meant to be it (`harness stres`).
fn not_a_command(workspace: &Workspace, id: &str) -> Result<()> {
    if workspace.problem_dir(id).is_dir() {
        return Ok(());
    }
    // The subcommands as the command line defines them, so a new one is suggested without a second list.
    let cli = <crate::cli::Cli as clap::CommandFactory>::command();
    let names: Vec<String> = cli
        .get_subcommands()
        .map(|c| c.get_name().to_string())
        .collect();
    let distance = |c: &&String| crate::plan::distance(c, id);
    match names
        .iter()
        .min_by_key(distance)
        .filter(|c| distance(c) <= 2)
    {
        Some(command) => anyhow::bail!(
            "unknown command `{id}`: did you mean `harness {command}`? (see `harness --help`)"
        ),
        None => Ok(()),
    }
}

/// `--repeat` runs every test from once to 100 times.
pub(crate) fn check_repeat(repeat: usize) -> Result<()> {
    if !(1..=100).contains(&repeat) {
        anyhow::bail!("--repeat must be from 1 to 100 (e.g. 5), got {repeat}");
    }
    Ok(())
}

/// `--tle-margin` must be a factor of 1 or more.
pub(crate) fn check_tle_margin(margin: f64) -> Result<()> {
    if !(margin.is_finite() && (1.0..=100.0).contains(&margin)) {
        anyhow::bail!("--tle-margin must be a factor from 1 to 100 (e.g. 1.5), got {margin}");
    }
    Ok(())
}
