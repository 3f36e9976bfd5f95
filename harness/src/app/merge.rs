//! `harness merge REPORT.json...`: the JSON reports of a run's shards (`harness run` or `harness verify`,
//! which write the same report) merged into the report of the whole run, written as `run` writes its own
//! (human, JSON, JUnit, HTML), with the exit status that run would have had. Shards of different runs,
//! missing or overlapping shards are a setup error (exit 2).

use std::fs;

use anyhow::{Context, Result};

use crate::cli::MergeArgs;
use crate::model::Report;
use crate::report::merge::{self, ShardReport};

pub fn merge(args: &MergeArgs) -> Result<i32> {
    let mut runs = Vec::new();
    for path in &args.reports {
        let text = fs::read_to_string(path)
            .with_context(|| format!("cannot read the report {}", path.display()))?;
        let shown = path.display().to_string();
        let what = || format!("{shown}: not a JSON report of `harness run` or `harness verify`");
        let report: Report = serde_json::from_str(&text).with_context(what)?;
        runs.push(ShardReport {
            path: shown,
            report,
        });
    }
    let merged = merge::merge(&runs)?;
    let stamp = runs[0].report.shard.as_ref().expect("checked by merge");
    eprintln!(
        "harness merge: {} shards, {} units, graded in {:.2} s of work",
        runs.len(),
        stamp.planned.len(),
        merged.summary.wall_ms / 1000.0
    );
    super::grade::write_reports(&merged, &args.report, None)
}
