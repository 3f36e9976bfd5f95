//! `harness merge REPORT.json...`: the JSON reports of a run's shards merged into the report of the whole
//! run, written as `run` writes its own (human or JSON, and JUnit), with the exit status that run would
//! have had. Shards of different runs, missing or overlapping shards are a setup error (exit 2).

use std::fs;

use anyhow::{Context, Result};

use crate::cli::MergeArgs;
use crate::model::Report;
use crate::report::merge::{merge as merge_shards, ShardReport};

pub fn merge(args: &MergeArgs) -> Result<i32> {
    let mut shards = Vec::new();
    for path in &args.reports {
        let text = fs::read_to_string(path)
            .with_context(|| format!("cannot read the report {}", path.display()))?;
        let report: Report = serde_json::from_str(&text).with_context(|| {
            format!(
                "{}: not a JSON report of `harness run --format json`",
                path.display()
            )
        })?;
        shards.push(ShardReport {
            path: path.display().to_string(),
            report,
        });
    }
    let merged = merge_shards(&shards)?;
    let stamp = shards[0].report.shard.as_ref().expect("checked by merge");
    eprintln!(
        "harness merge: {} shards, {} units, graded in {:.2} s of work",
        shards.len(),
        stamp.planned.len(),
        merged.summary.wall_ms / 1000.0
    );
    super::grade::write_reports(&merged, args.junit.as_deref(), &args.report)
}
