//! `harness [run]`: grade (a shard's share with `--partition`, the changed problems with
//! `--changed-since`), then write the report in the chosen format (and JUnit), and the exit status.

use std::fs;
use std::io::{self, IsTerminal, Write};
use std::path::Path;
use std::sync::Arc;

use anyhow::{Context, Result};

use super::jobs;
use crate::cli::{Format, ReportArgs, RunArgs};
use crate::events::Events;
use crate::exec::{self, JudgeOptions};
use crate::lang::located::located;
use crate::model::Report;
use crate::package::{changes, Workspace};
use crate::report::{self, progress};
use crate::{EXIT_FAILED, EXIT_OK};

/// The accepted ranges of the numbers on the command line.
const TIME_SCALE: std::ops::RangeInclusive<f64> = 0.01..=100.0;
const OUTPUT_LIMIT_MIB: std::ops::RangeInclusive<u64> = 1..=4096;

pub fn grade(workspace: &Workspace, args: &RunArgs) -> Result<i32> {
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
    // A report file that cannot be written is found now, not after the whole run.
    if let Some(path) = &args.junit {
        fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(path)
            .with_context(|| format!("cannot write the JUnit report to {}", path.display()))?;
    }
    let only = match &args.changed_since {
        Some(rev) => Some(changed_problems(workspace, &args.ids, rev)?),
        None => None,
    };
    let bar = progress::wanted(
        io::stderr().is_terminal(),
        std::env::var_os("CI").as_deref(),
        std::env::var_os("TERM").as_deref(),
    )
    .then(|| Arc::new(progress::Bar::new()));
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
        events: bar
            .clone()
            .map_or_else(Events::default, |bar| Events::new(bar)),
    };
    let graded = exec::grade(workspace, &args.ids, &options);
    if let Some(bar) = &bar {
        bar.finish();
    }
    let mut report = graded?;
    locate_compile_errors(&mut report, workspace);
    write_reports(&report, args.junit.as_deref(), &args.report)
}

/// Writes the report in the chosen format (and JUnit); the exit status it gives.
pub(crate) fn write_reports(
    report: &Report,
    junit: Option<&Path>,
    args: &ReportArgs,
) -> Result<i32> {
    if let Some(path) = junit {
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

/// Compile errors name the files from the workspace (`solutions/x/src/main.rs:14:25`), not from the
/// program's folder as the cache keeps them.
fn locate_compile_errors(report: &mut Report, workspace: &Workspace) {
    for problem in &mut report.problems {
        let data_id = problem.same_as.as_deref().unwrap_or(&problem.id);
        let solution = workspace.solution_file(data_id);
        if let (Some(message), Some(dir)) = (&mut problem.compile_error, solution.parent()) {
            *message = located(message, dir, &workspace.relative(dir));
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
        if let Some(message) = &mut submission.compile_error {
            *message = located(message, dir, &shown);
        }
    }
}

/// `--tle-margin` must be a factor of 1 or more.
pub(crate) fn check_tle_margin(margin: f64) -> Result<()> {
    if !(margin.is_finite() && (1.0..=100.0).contains(&margin)) {
        anyhow::bail!("--tle-margin must be a factor from 1 to 100 (e.g. 1.5), got {margin}");
    }
    Ok(())
}
