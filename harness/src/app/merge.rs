//! `harness merge REPORT.json...`: the JSON reports of a run's shards merged into the report of the whole
//! run, written as `run` writes its own (human or JSON, and JUnit), with the exit status that run would
//! have had. The shards of `harness verify --partition` merge into verify's JSON report (and, for people,
//! its summary). Shards of different runs, missing or overlapping shards are a setup error (exit 2).

use std::fs;
use std::io::{self, Write};

use anyhow::{bail, Context, Result};

use super::verify::JsonReport;
use crate::cli::{Format, MergeArgs};
use crate::model::{Report, Summary};
use crate::report::merge::{self, ShardReport};
use crate::{EXIT_FAILED, EXIT_OK};

pub fn merge(args: &MergeArgs) -> Result<i32> {
    let mut runs = Vec::new();
    let mut verified = Vec::new();
    for path in &args.reports {
        let text = fs::read_to_string(path)
            .with_context(|| format!("cannot read the report {}", path.display()))?;
        let shown = path.display().to_string();
        let what = || format!("{shown}: not a JSON report of `harness run` or `harness verify`");
        let value: serde_json::Value = serde_json::from_str(&text).with_context(what)?;
        if value.get("packages").is_some() {
            let report: JsonReport = serde_json::from_value(value).with_context(what)?;
            verified.push((shown, report));
        } else {
            let report: Report = serde_json::from_value(value).with_context(what)?;
            runs.push(ShardReport {
                path: shown,
                report,
            });
        }
    }
    if !runs.is_empty() && !verified.is_empty() {
        bail!(
            "the reports are of `harness run` and of `harness verify`: merge the shards of one run"
        );
    }
    if !verified.is_empty() {
        return merge_verified(verified, args);
    }
    let merged = merge::merge(&runs)?;
    let stamp = runs[0].report.shard.as_ref().expect("checked by merge");
    eprintln!(
        "harness merge: {} shards, {} units, graded in {:.2} s of work",
        runs.len(),
        stamp.planned.len(),
        merged.summary.wall_ms / 1000.0
    );
    super::grade::write_reports(&merged, args.junit.as_deref(), &args.report, None)
}

/// The shards of `harness verify --partition`: each package was judged whole in one of them.
fn merge_verified(shards: Vec<(String, JsonReport)>, args: &MergeArgs) -> Result<i32> {
    if args.junit.is_some() {
        bail!("--junit: the reports of `harness verify` have no JUnit form");
    }
    let stamps: Vec<(&str, Option<&crate::model::Shard>)> = shards
        .iter()
        .map(|(path, r)| (path.as_str(), r.shard.as_ref()))
        .collect();
    let planned = merge::check(&stamps)?.planned.clone();
    let mut summary: Option<Summary> = None;
    let mut packages = Vec::new();
    for (_, report) in shards {
        summary = Some(match summary {
            None => report.summary,
            Some(sum) => add(sum, &report.summary),
        });
        packages.extend(report.packages);
    }
    packages.sort_by_key(|p| planned.iter().position(|id| *id == p.id));
    let summary = summary.expect("one report at least");
    let mut out = io::stdout().lock();
    match args.report.format {
        Format::Json => {
            let merged = JsonReport {
                packages,
                summary: summary.clone(),
                shard: None,
            };
            serde_json::to_writer_pretty(&mut out, &merged)?;
            writeln!(out)?;
        }
        Format::Human => {
            for p in &packages {
                let matched = p.submissions.iter().filter(|s| s.matched).count();
                writeln!(
                    out,
                    "{}: {} of {} submissions as expected",
                    p.dir,
                    matched,
                    p.submissions.len()
                )?;
            }
            writeln!(
                out,
                "{} passed, {} failed",
                summary.judged_passed, summary.judged_failed
            )?;
        }
    }
    out.flush()?;
    let accepted = summary.failed == 0
        && summary.problem_errors == 0
        && summary.submissions_matched == summary.submissions;
    Ok(if accepted { EXIT_OK } else { EXIT_FAILED })
}

/// Two shards' counts together (each package is counted in one shard only).
fn add(a: Summary, b: &Summary) -> Summary {
    Summary {
        problems: a.problems + b.problems,
        problems_accepted: a.problems_accepted + b.problems_accepted,
        problem_errors: a.problem_errors + b.problem_errors,
        tests: a.tests + b.tests,
        passed: a.passed + b.passed,
        failed: a.failed + b.failed,
        judge_errors: a.judge_errors + b.judge_errors,
        judged_passed: a.judged_passed + b.judged_passed,
        judged_failed: a.judged_failed + b.judged_failed,
        wall_ms: a.wall_ms + b.wall_ms,
        time_scale: a.time_scale,
        submissions: a.submissions + b.submissions,
        submissions_matched: a.submissions_matched + b.submissions_matched,
        submissions_skipped: a.submissions_skipped + b.submissions_skipped,
    }
}
