//! `harness verify DIR...`: judge problem folders anywhere on disk, each read by whichever format detects
//! it (`plan::plan_folders`: a Kattis / ICPC package, one of ours, ...). Every folder is read first (a
//! malformed one is a setup error naming the file and the key, exit 2); then they are graded as a run
//! grades the problems of `problems/` (`exec::execute`), and reported as a run is (exit 0 when every
//! submission gets what its folder says, 1 otherwise).

use std::path::PathBuf;

use anyhow::{Context, Result};

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
    // A `.zip` is judged from its copy unpacked into the cache; a contest folder is its problems.
    let cache = cache_dir(workspace)?;
    let dirs = crate::package::expand(&args.dirs, &cache)?;
    // Where the answers are: no program of a folder is compiled in place beside them.
    let answers: Vec<_> = dirs.iter().map(|dir| dir.join("data")).collect();

    let languages = match workspace {
        Some(workspace) => workspace.languages()?,
        None => LanguageTable::builtin(),
    };
    let mut context = RunContext::new(&cache, languages, jobs(args.jobs))?;
    let ours = workspace.map(Workspace::answer_folders).unwrap_or_default();
    context.compiler.seal(answers.into_iter().chain(ours));
    // The data a package generates is made first, once, and read as its data by its format.
    let packages = context
        .pool
        .install(|| crate::package::generated::prepare(&dirs, &context.compiler));
    packages?;
    // Their data validated before it is judged: what fails is an error naming the test and what the
    // validator said, and the run still judges (problemtools' verifyproblem goes on likewise).
    let invalid = match args.no_validate {
        true => Vec::new(),
        false => validate(&args.dirs, &context)?,
    };
    // A problem is judged whole, in one shard: its time limit may come from all its accepted submissions.
    let mut plan = crate::plan::plan_folders(&dirs)?;
    scoring_rules(&mut plan, args.scoring_rules)?;
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
    let status = super::grade::write_reports(&report, &args.report, None)?;
    for failure in &invalid {
        eprintln!("error: invalid data: {failure}");
    }
    Ok(match invalid.is_empty() {
        true => status,
        false => status.max(crate::EXIT_FAILED),
    })
}

/// Validates the packages' data (`setter::validate`): what was not as it must be, each said on stderr
/// now as well as after the report.
fn validate(dirs: &[PathBuf], context: &RunContext) -> Result<Vec<String>> {
    let outcome = crate::setter::validate::validate_packages(dirs, context)?;
    for skipped in &outcome.skipped {
        eprintln!("{skipped}");
    }
    for failure in &outcome.failures {
        eprintln!("error: invalid data: {failure}");
    }
    if outcome.problems > 0 {
        eprintln!("validation: {}", super::validate::summary(&outcome));
    }
    Ok(outcome.failures)
}

/// Where builds go: the workspace's cache, `$HARNESS_CACHE_DIR`, else `/var/tmp/harness-cache-UID` (not
/// `/tmp`: a program under judgement gets a private `/tmp`, where the copies it runs from would vanish).
/// The shared folder is one per user and must be the user's own: another user who could write there could
/// replace a cached build with a program of theirs.
fn cache_dir(workspace: Option<&Workspace>) -> Result<PathBuf> {
    let shared = match (workspace, crate::package::workspace::cache_dir_from_env()) {
        (Some(workspace), _) => return Ok(workspace.cache_dir()),
        (None, Some(dir)) => return Ok(dir),
        _ if std::path::Path::new("/var/tmp").is_dir() => PathBuf::from("/var/tmp"),
        _ => std::env::temp_dir(),
    };
    let uid = sandbox::layers::uid();
    let dir = shared.join(format!("harness-cache-{uid}"));
    own_private_folder(&dir, uid)?;
    Ok(dir)
}

/// Makes `dir` (mode 0700) unless it exists, and refuses it unless it is a folder of `uid`'s that no one
/// else can write to.
fn own_private_folder(dir: &std::path::Path, uid: u32) -> Result<()> {
    use std::os::unix::fs::{DirBuilderExt, MetadataExt};
    match std::fs::DirBuilder::new().mode(0o700).create(dir) {
        Ok(()) => {}
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {}
        Err(e) => anyhow::bail!(
            "{}: cannot create the build cache ({e}); set HARNESS_CACHE_DIR to a folder of your own",
            dir.display()
        ),
    }
    let meta = std::fs::symlink_metadata(dir)
        .with_context(|| format!("{}: cannot read the build cache", dir.display()))?;
    if !meta.is_dir() || meta.uid() != uid || meta.mode() & 0o022 != 0 {
        anyhow::bail!(
            "{}: the build cache is not a private folder of yours (owner uid {}, mode {:o}): another user could replace a cached build there; remove it, or set HARNESS_CACHE_DIR to a folder of your own",
            dir.display(),
            meta.uid(),
            meta.mode() & 0o7777
        );
    }
    Ok(())
}

/// Scores every scoring problem of the plan by `rules`, as its format reads its groups for them.
fn scoring_rules(plan: &mut crate::plan::Plan, rules: crate::model::ScoringRules) -> Result<()> {
    if rules == crate::model::ScoringRules::Specification {
        return Ok(());
    }
    let planned = plan.problems.iter_mut().map(|p| &mut p.problem);
    let submissions = plan.submissions.iter_mut().flatten();
    for problem in planned.chain(submissions.map(|s| &mut s.problem)) {
        if let Some(scoring) = &problem.scoring {
            let format = crate::package::format_of(&problem.dir);
            let scoring = format.scoring_rules(&problem.dir, scoring, rules)?;
            problem.scoring = Some(std::sync::Arc::new(scoring));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use std::os::unix::fs::PermissionsExt;

    use super::own_private_folder;

    /// The shared build cache of `harness verify` outside a workspace: a folder that another user could
    /// write to (or that another user owns, or a link) is refused, not used.
    #[test]
    fn the_shared_build_cache_must_be_a_private_folder_of_ones_own() {
        let base = std::env::temp_dir().join(format!("harness-own-cache-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&base);
        std::fs::create_dir_all(&base).unwrap();
        let uid = sandbox::layers::uid();
        let made = base.join("made");
        own_private_folder(&made, uid).unwrap();
        let mode = std::fs::metadata(&made).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode, 0o700, "made private");
        own_private_folder(&made, uid).unwrap();

        let open = base.join("open");
        std::fs::create_dir(&open).unwrap();
        std::fs::set_permissions(&open, std::fs::Permissions::from_mode(0o777)).unwrap();
        let refused = own_private_folder(&open, uid).unwrap_err().to_string();
        assert!(
            refused.contains("is not a private folder of yours") && refused.contains("mode 777"),
            "{refused}"
        );

        let link = base.join("link");
        std::os::unix::fs::symlink(&made, &link).unwrap();
        assert!(own_private_folder(&link, uid).is_err(), "a link is refused");
        let others = own_private_folder(&made, uid + 1).unwrap_err().to_string();
        assert!(others.contains(&format!("owner uid {uid}")), "{others}");
        std::fs::remove_dir_all(&base).unwrap();
    }
}
