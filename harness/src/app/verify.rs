//! `harness verify DIR...`: judge problem folders anywhere on disk, each read by whichever format detects
//! it (`plan::plan_folders`: a Kattis / ICPC package, one of ours, ...). Every folder is read first (a
//! malformed one is a setup error naming the file and the key, exit 2); then they are graded as a run
//! grades the problems of `problems/` (`exec::execute`), and reported as a run is (exit 0 when every
//! submission gets what its folder says, 1 otherwise).

use std::path::PathBuf;

use anyhow::Result;

use super::jobs;
use crate::cli::VerifyArgs;
use crate::exec::{self, JudgeOptions, RunContext};
use crate::lang::LanguageTable;
use crate::model::Shard;
use crate::package::Workspace;

pub fn verify(workspace: Option<&Workspace>, args: &VerifyArgs) -> Result<i32> {
    if !(args.time_scale.is_finite() && args.time_scale > 0.0) {
        anyhow::bail!(
            "--time-scale must be a positive number, got {}",
            args.time_scale
        );
    }
    super::grade::check_tle_margin(args.tle_margin)?;
    super::grade::check_repeat(args.repeat.repeat)?;
    super::grade::check_report_files(&args.report)?;
    // Where the answers are: no program of a folder is compiled in place beside them.
    let answers: Vec<_> = args.dirs.iter().map(|dir| dir.join("data")).collect();

    let languages = match workspace {
        Some(workspace) => workspace.languages()?,
        None => LanguageTable::builtin(),
    };
    let mut context = RunContext::new(&cache_dir(workspace), languages, jobs(args.jobs))?;
    let ours = workspace.map(Workspace::answer_folders).unwrap_or_default();
    context.compiler.seal(answers.into_iter().chain(ours));
    // The data a package generates is made first, once, and read as its data by its format.
    let packages = context
        .pool
        .install(|| crate::package::generated::prepare(&args.dirs, &context.compiler));
    packages?;
    // A problem is judged whole, in one shard: its time limit may come from all its accepted submissions.
    let mut plan = crate::plan::plan_folders(&args.dirs)?;
    if let Some(partition) = args.partition {
        crate::plan::keep_share(&mut plan, partition);
    }
    let shard = plan.shard.take().map(|shard| Shard {
        workspace: format!("packages {}", shard.planned.join(", ")),
        commit: None,
        judge: format!("harness {}", env!("CARGO_PKG_VERSION")),
        options: format!(
            "verify; time scale {}; all tests {}; TLE margin {}",
            args.time_scale, args.all_tests, args.tle_margin
        ),
        partition: shard.partition.to_string(),
        planned: shard.planned,
        units: shard.units,
    });
    let (bar, events) = super::grade::progress_events();
    let options = JudgeOptions {
        jobs: jobs(args.jobs),
        time_scale: args.time_scale,
        output_limit: crate::model::limits::DEFAULT_OUTPUT_LIMIT_MIB << 20,
        test_filter: None,
        submissions: true,
        given: Vec::new(),
        all_tests: args.all_tests,
        tle_margin: args.tle_margin,
        no_run: false,
        partition: None,
        only: None,
        events,
        repeat: args.repeat.repeat,
        allow_flips: args.repeat.allow_flips,
        hold_solution_eof: false,
    };
    let graded = exec::execute(plan, &context, &options);
    if let Some(bar) = &bar {
        bar.finish();
    }
    let mut report = graded?;
    report.shard = shard;
    report.machine = Some(super::grade::machine_checks());
    super::grade::locate_inputs(&mut report, None);
    super::grade::write_reports(&report, &args.report, None)
}

/// Where builds go: the workspace's cache, `$HARNESS_CACHE_DIR`, else `/var/tmp/harness-cache` (not
/// `/tmp`: a program under judgement gets a private `/tmp`, where the copies it runs from would vanish).
fn cache_dir(workspace: Option<&Workspace>) -> PathBuf {
    match (workspace, crate::package::workspace::cache_dir_from_env()) {
        (Some(workspace), _) => workspace.cache_dir(),
        (None, Some(dir)) => dir,
        _ if std::path::Path::new("/var/tmp").is_dir() => PathBuf::from("/var/tmp/harness-cache"),
        _ => std::env::temp_dir().join("harness-cache"),
    }
}
