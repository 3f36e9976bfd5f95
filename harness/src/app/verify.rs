//! `harness verify DIR...`: judge Kattis / ICPC problem packages anywhere on disk. Every package is read
//! first (a malformed one is a setup error naming the file and the key, exit 2); then each example
//! submission is graded and must get what its folder says (exit 0 when all do, 1 otherwise).

use std::io::{self, Write};
use std::path::PathBuf;

use anyhow::Result;
use serde::{Deserialize, Serialize};

use super::jobs;
use crate::cli::{Format, VerifyArgs};
use crate::events::Events;
use crate::exec::verify::{verify_package, PackageResult, VerifyOptions};
use crate::lang::LanguageTable;
use crate::model::{
    Expected, Report, Shard, SubmissionResult, Summary, TestResult, Verdict, VerdictSet,
};
use crate::package::kattis::{self, KattisPackage};
use crate::package::Workspace;
use crate::report;
use crate::{EXIT_FAILED, EXIT_OK};

pub fn verify(workspace: Option<&Workspace>, args: &VerifyArgs) -> Result<i32> {
    if !(args.time_scale.is_finite() && args.time_scale > 0.0) {
        anyhow::bail!(
            "--time-scale must be a positive number, got {}",
            args.time_scale
        );
    }
    super::grade::check_tle_margin(args.tle_margin)?;
    let html = super::html_path(&args.report);
    if let Some(path) = &html {
        super::check_writable(path, "HTML")?;
    }
    let mut packages = args
        .dirs
        .iter()
        .map(|dir| kattis::load(dir))
        .collect::<Result<Vec<_>>>()?;
    // A package is judged whole, in one shard: its time limit may come from all its accepted submissions.
    let shard = args.partition.map(|partition| {
        let planned: Vec<String> = packages.iter().map(|p| p.id.clone()).collect();
        let owned = partition.owns(&planned);
        let mut owned = owned.into_iter();
        packages.retain(|_| owned.next().unwrap_or(false));
        let units = packages.iter().map(|p| p.id.clone()).collect();
        Shard {
            workspace: format!("packages {}", planned.join(", ")),
            commit: None,
            judge: format!("harness {}", env!("CARGO_PKG_VERSION")),
            options: format!(
                "verify; time scale {}; all tests {}; TLE margin {}",
                args.time_scale, args.all_tests, args.tle_margin
            ),
            partition: partition.to_string(),
            planned,
            units,
        }
    });
    let options = VerifyOptions {
        jobs: jobs(args.jobs),
        time_scale: args.time_scale,
        all_tests: args.all_tests,
        tle_margin: args.tle_margin,
        cache_dir: cache_dir(workspace),
        languages: match workspace {
            Some(workspace) => workspace.languages()?,
            None => LanguageTable::builtin(),
        },
        events: Events::default(),
    };
    let started = std::time::Instant::now();
    let mut judged = Vec::new();
    for package in &packages {
        let mut result = match package.unsupported {
            Some(_) => None,
            None => Some(verify_package(package, &options)?),
        };
        if let Some(result) = &mut result {
            name_inputs(package, result);
        }
        judged.push((package, result));
    }
    let rows = judged
        .iter()
        .filter_map(|(_, r)| r.as_ref().map(|r| r.row.clone()))
        .collect();
    let submissions = judged
        .iter()
        .filter_map(|(_, r)| r.as_ref())
        .flat_map(|r| r.submissions.clone())
        .collect();
    let wall_ms = started.elapsed().as_secs_f64() * 1000.0;
    let report = Report::new(rows, Some(submissions), args.time_scale, wall_ms);
    if let Some(path) = &html {
        super::write_html(&report, path)?;
    }
    let mut out = io::stdout().lock();
    match args.report.format {
        Format::Json => {
            let packages: Vec<JsonPackage> = judged
                .iter()
                .map(|(p, r)| json_package(p, r.as_ref()))
                .collect();
            let json = JsonReport {
                packages,
                summary: report.summary.clone(),
                shard,
            };
            serde_json::to_writer_pretty(&mut out, &json)?;
            writeln!(out)?;
        }
        Format::Human => human(&mut out, &judged, &report, args)?,
    }
    out.flush()?;
    // A package that could not be judged proves nothing: never a success.
    let skipped = judged.iter().any(|(p, _)| p.unsupported.is_some());
    Ok(match report.all_accepted() && !skipped {
        true => EXIT_OK,
        false => EXIT_FAILED,
    })
}

/// Every test not accepted names its input file, `<package>/data/<test>.in`, and shows its first lines.
fn name_inputs(package: &KattisPackage, result: &mut PackageResult) {
    let data = package.dir.join("data");
    let here = std::env::current_dir().unwrap_or_default();
    let tests = result.row.tests.iter_mut().chain(
        result
            .submissions
            .iter_mut()
            .flat_map(|s| s.tests.iter_mut()),
    );
    for test in tests {
        let path = data.join(format!("{}.in", test.name));
        if path.is_file() {
            // From the current folder when the package is under it, as it was named.
            let shown = path.strip_prefix(&here).unwrap_or(&path);
            let shown = shown.to_string_lossy().into_owned();
            super::grade::name_input(test, &path, shown);
        }
    }
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

/// What each package is, then the judge's report.
fn human(
    out: &mut dyn Write,
    judged: &[(&KattisPackage, Option<PackageResult>)],
    report: &Report,
    args: &VerifyArgs,
) -> Result<()> {
    for (package, result) in judged {
        let kind = package.types.join(", ");
        writeln!(
            out,
            "{}: {} package, {kind}, {} tests, validator {}",
            package.dir.display(),
            package.format.name(),
            package.tests.len(),
            validator_name(package)
        )?;
        match (&package.unsupported, result) {
            (Some(why), _) => writeln!(out, "    skipped: {why}")?,
            (None, Some(result)) if result.time_limit_ms > 0 => writeln!(
                out,
                "    time limit {} s ({}); memory {} MiB; output {} MiB",
                result.time_limit_ms as f64 / 1000.0,
                result.time_limit_note,
                package.memory_mb,
                package.output_mb
            )?,
            _ => {}
        }
        for warning in &package.warnings {
            writeln!(out, "    warning: {warning}")?;
        }
    }
    writeln!(out)?;
    report::render_human(report, &super::human_options(&args.report), out)
}

fn validator_name(package: &KattisPackage) -> String {
    match &package.validator {
        Some(program) => program.relative.clone(),
        None => {
            let flags = package
                .tests
                .first()
                .map(|t| t.args.join(" "))
                .unwrap_or_default();
            format!("default {flags}").trim_end().to_string()
        }
    }
}

/// The JSON report of `harness verify`; `harness merge` reads the shards' back.
#[derive(Serialize, Deserialize)]
pub struct JsonReport {
    pub packages: Vec<JsonPackage>,
    pub summary: Summary,
    /// A shard's stamp (`--partition`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shard: Option<Shard>,
}

#[derive(Serialize, Deserialize)]
pub struct JsonPackage {
    pub dir: String,
    pub id: String,
    name: String,
    format: String,
    #[serde(rename = "type")]
    kind: String,
    /// Why the package was not judged.
    skipped: Option<String>,
    /// A problem that kept the package from being judged fully.
    error: Option<String>,
    time_limit_ms: Option<u64>,
    time_limit_source: Option<String>,
    memory_limit_mib: u64,
    output_limit_mib: u64,
    validator: String,
    tests: usize,
    warnings: Vec<String>,
    pub submissions: Vec<JsonSubmission>,
}

#[derive(Serialize, Deserialize)]
pub struct JsonSubmission {
    /// Relative to the package.
    file: String,
    language: Option<String>,
    /// The folder under submissions/.
    expected: String,
    /// The verdicts every test must get, and at least one test must get, when the package says so.
    permitted: Option<VerdictSet>,
    required: Option<VerdictSet>,
    verdict: Option<Verdict>,
    pub matched: bool,
    skipped: Option<String>,
    stopped_at: Option<String>,
    compile_error: Option<String>,
    max_cpu_ms: f64,
    time_warning: Option<String>,
    tests: Vec<TestResult>,
    /// What it scored per group and in total, in a scoring problem (versioned: `score.version`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    score: Option<crate::model::SubmissionScore>,
}

fn json_package(package: &KattisPackage, result: Option<&PackageResult>) -> JsonPackage {
    JsonPackage {
        dir: package.dir.to_string_lossy().into_owned(),
        id: package.id.clone(),
        name: package.name.clone(),
        format: package.format.name().to_string(),
        kind: package.types.join(", "),
        skipped: package.unsupported.clone(),
        error: result.and_then(|r| r.row.error.clone()),
        time_limit_ms: result.map(|r| r.time_limit_ms).filter(|ms| *ms > 0),
        time_limit_source: result.map(|r| r.time_limit_note.clone()),
        memory_limit_mib: package.memory_mb,
        output_limit_mib: package.output_mb,
        validator: validator_name(package),
        tests: package.tests.len(),
        warnings: package.warnings.clone(),
        submissions: result
            .map(|r| r.submissions.iter().map(json_submission).collect())
            .unwrap_or_default(),
    }
}

fn json_submission(s: &SubmissionResult) -> JsonSubmission {
    let rule = match s.expected {
        Expected::Verdicts(rule) => Some(rule),
        _ => None,
    };
    JsonSubmission {
        file: s.file.clone(),
        language: s.language.clone(),
        expected: s.expected.folder().to_string(),
        permitted: rule.map(|r| r.permitted).filter(|p| !p.is_empty()),
        required: rule.map(|r| r.required).filter(|r| !r.is_empty()),
        verdict: s.verdict,
        matched: s.matched,
        skipped: s.skipped.clone(),
        stopped_at: s.stopped_at.clone(),
        compile_error: s.compile_error.clone(),
        max_cpu_ms: s.max_cpu_ms,
        time_warning: s.time_warning.clone(),
        tests: s.tests.clone(),
        score: s.score.clone(),
    }
}
