//! The `harness` binary: parses arguments, runs one command, maps the result to an exit code.

use std::fs;
use std::io::{self, IsTerminal, Write};
use std::process::ExitCode;
use std::sync::Arc;

use anyhow::{Context, Result};
use clap::Parser;

use harness::cli::{Cli, Command, Format, GenArgs, NewArgs, RunArgs, StressArgs, SubmitCheckArgs};
use harness::judge::{self, JudgeOptions, ProgressSink};
use harness::problem::Workspace;
use harness::report::{self, progress, HumanOptions};
use harness::stress::{self, StressOptions, StressOutcome};
use harness::{gen, run, scaffold, submit, EXIT_FAILED, EXIT_OK, EXIT_SETUP};

fn main() -> ExitCode {
    let mut args = std::env::args_os();
    if args.nth(1).is_some_and(|arg| arg == run::LAUNCHER_ARG) {
        run::launcher_main();
    }
    run::install_interrupt_handler();
    let cli = Cli::parse();
    let code = match dispatch(cli) {
        Ok(code) => code,
        Err(err) if is_broken_pipe(&err) => EXIT_OK,
        Err(err) => {
            let _ = writeln!(io::stderr(), "harness: error: {err:#}");
            EXIT_SETUP
        }
    };
    ExitCode::from(code as u8)
}

fn dispatch(cli: Cli) -> Result<i32> {
    let start = match &cli.root {
        Some(root) => root.clone(),
        None => std::env::current_dir().context("cannot read the current folder")?,
    };
    let workspace = Workspace::find(&start)?;
    match cli.command {
        None => grade(&workspace, &cli.run),
        Some(Command::Run(args)) => grade(&workspace, &args),
        Some(Command::List) => list(&workspace),
        Some(Command::Gen(args)) => generate(&workspace, &args),
        Some(Command::Stress(args)) => stress_command(&workspace, &args),
        Some(Command::New(args)) => new_problem(&workspace, &args),
        Some(Command::SubmitCheck(args)) => submit_check(&workspace, &args),
    }
}

fn jobs(requested: Option<usize>) -> usize {
    requested.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
}

fn grade(workspace: &Workspace, args: &RunArgs) -> Result<i32> {
    if !(args.time_scale.is_finite() && args.time_scale > 0.0) {
        anyhow::bail!(
            "--time-scale must be a positive number, got {}",
            args.time_scale
        );
    }
    let bar = progress::wanted(
        io::stderr().is_terminal(),
        std::env::var_os("CI").as_deref(),
        std::env::var_os("TERM").as_deref(),
    )
    .then(|| Arc::new(progress::Bar::new()));
    let options = JudgeOptions {
        jobs: jobs(args.jobs),
        time_scale: args.time_scale,
        output_limit: args.output_limit_mb << 20,
        test_filter: args.test.clone(),
        // Whether the data rejects a wrong submission says nothing on a subset of the tests.
        wrong_submissions: args.test.is_none(),
        progress: bar
            .clone()
            .map_or_else(ProgressSink::default, |bar| ProgressSink::new(bar)),
    };
    let graded = judge::grade(workspace, &args.ids, &options);
    if let Some(bar) = &bar {
        bar.finish();
    }
    let report = graded?;
    if let Some(path) = &args.junit {
        let mut xml = Vec::new();
        report::render_junit(&report, &mut xml)?;
        fs::write(path, xml)
            .with_context(|| format!("cannot write the JUnit report to {}", path.display()))?;
    }
    let mut out = io::stdout().lock();
    match args.format {
        Format::Json => report::render_json(&report, &mut out)?,
        Format::Human => {
            let human = HumanOptions {
                color: report::use_color(
                    args.color,
                    io::stdout().is_terminal(),
                    std::env::var_os("NO_COLOR").as_deref(),
                    std::env::var_os("TERM").as_deref(),
                ),
                no_diff: args.no_diff,
                verbose: args.verbose,
            };
            report::render_human(&report, &human, &mut out)?;
        }
    }
    out.flush()?;
    Ok(if report.all_accepted() {
        EXIT_OK
    } else {
        EXIT_FAILED
    })
}

fn list(workspace: &Workspace) -> Result<i32> {
    let mut out = io::stdout().lock();
    writeln!(
        out,
        "{:<16} {:<8} {:>8} {:>7}  {:<8} {:>5}  title",
        "id", "judge", "time", "memory", "checker", "tests"
    )?;
    let mut code = EXIT_OK;
    for id in workspace.problem_ids()? {
        match workspace.load_problem(&id) {
            Ok(problem) => {
                let tests = workspace
                    .load_tests(&problem)
                    .map_or_else(|_| "-".to_string(), |t| t.len().to_string());
                let title = match problem.data_id == problem.id {
                    true => problem.title.clone(),
                    false => format!("{} (= {})", problem.title, problem.data_id),
                };
                writeln!(
                    out,
                    "{:<16} {:<8} {:>5} ms {:>4} MB  {:<8} {:>5}  {title}",
                    problem.id,
                    problem.judge,
                    problem.time_limit_ms,
                    problem.memory_limit_mb,
                    problem.checker.to_string(),
                    tests
                )?;
            }
            Err(err) => {
                writeln!(out, "{id:<16} error: {err:#}")?;
                code = EXIT_FAILED;
            }
        }
    }
    Ok(code)
}

fn generate(workspace: &Workspace, args: &GenArgs) -> Result<i32> {
    let outcome = gen::gen(workspace, &args.ids, args.check, jobs(args.jobs))?;
    let mut out = io::stdout().lock();
    for mismatch in &outcome.mismatches {
        writeln!(out, "{mismatch}")?;
    }
    if args.check {
        writeln!(
            out,
            "{} problems: {} generated files current, {} not",
            outcome.problems,
            outcome.unchanged,
            outcome.mismatches.len()
        )?;
        if !outcome.mismatches.is_empty() {
            writeln!(
                out,
                "run `harness gen` to regenerate, and declare hand-made files in tests.toml"
            )?;
        }
    } else {
        writeln!(
            out,
            "{} problems: {} files written, {} unchanged",
            outcome.problems, outcome.written, outcome.unchanged
        )?;
    }
    Ok(if outcome.mismatches.is_empty() {
        EXIT_OK
    } else {
        EXIT_FAILED
    })
}

fn stress_command(workspace: &Workspace, args: &StressArgs) -> Result<i32> {
    let options = StressOptions {
        cases: args.cases,
        seed: args.seed,
        save: args.save,
        jobs: jobs(args.jobs),
    };
    let outcome = stress::stress(workspace, &args.id, &options)?;
    let mut out = io::stdout().lock();
    match outcome {
        StressOutcome::Agreed { cases } => {
            let last = args.seed + cases.saturating_sub(1);
            writeln!(
                out,
                "{}: solution and brute.rs agree on {cases} inputs (gen small {}..={last})",
                args.id, args.seed
            )?;
            Ok(EXIT_OK)
        }
        StressOutcome::Disagreed(disagreement) => {
            write!(out, "{}", stress::describe(&args.id, &disagreement))?;
            if options.save {
                writeln!(out, "{}", stress::save(workspace, &args.id, &disagreement)?)?;
            }
            Ok(EXIT_FAILED)
        }
    }
}

fn new_problem(workspace: &Workspace, args: &NewArgs) -> Result<i32> {
    let created = scaffold::new_problem(workspace, &args.id, args.title.as_deref())?;
    let mut out = io::stdout().lock();
    for path in &created {
        writeln!(out, "created {path}")?;
    }
    write!(out, "{}", scaffold::next_steps(&args.id))?;
    Ok(EXIT_OK)
}

fn submit_check(workspace: &Workspace, args: &SubmitCheckArgs) -> Result<i32> {
    let checks = submit::check(workspace, &args.ids)?;
    let mut out = io::stdout().lock();
    write!(out, "{}", submit::render(&checks))?;
    Ok(if checks.iter().all(submit::SubmitCheck::ok) {
        EXIT_OK
    } else {
        EXIT_FAILED
    })
}

fn is_broken_pipe(err: &anyhow::Error) -> bool {
    err.chain().any(|cause| {
        cause
            .downcast_ref::<io::Error>()
            .is_some_and(|e| e.kind() == io::ErrorKind::BrokenPipe)
    })
}
