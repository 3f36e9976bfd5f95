//! Merging the JSON reports of a run's shards (`--partition K/N`) into the report of the whole run. The
//! shards must be of one run (the same workspace, commit, judge, options and planned units) and cover
//! every unit exactly once; anything else is refused with what is missing or overlapping.

use std::collections::{BTreeMap, HashMap};

use anyhow::{bail, Result};

use crate::model::{ProblemResult, Report, Shard};
use crate::plan::{submission_unit, test_unit, Partition};

/// One shard's report and where it was read from.
pub struct ShardReport {
    pub path: String,
    pub report: Report,
}

/// The report of the whole run the shards are parts of.
pub fn merge(shards: &[ShardReport]) -> Result<Report> {
    let Some(first) = shards.first() else {
        bail!("no report to merge");
    };
    let stamps: Vec<(&str, Option<&Shard>)> = shards
        .iter()
        .map(|s| (s.path.as_str(), s.report.shard.as_ref()))
        .collect();
    let reference = check(&stamps)?;
    for s in shards {
        check_figures(s)?;
    }
    let mut toolchains = BTreeMap::new();
    for s in shards {
        for (language, version) in &s.report.toolchains {
            match toolchains.insert(language.clone(), version.clone()) {
                Some(other) if other != *version => bail!(
                    "{}: compiled {language} with `{version}`, another shard with `{other}`; shards must use the same toolchains",
                    s.path
                ),
                _ => {}
            }
        }
    }
    let order: HashMap<&str, usize> = reference
        .planned
        .iter()
        .enumerate()
        .map(|(i, unit)| (unit.as_str(), i))
        .collect();
    let at = |unit: &str| order.get(unit).copied().unwrap_or(usize::MAX);
    let mut rows: Vec<ProblemResult> = Vec::new();
    for s in shards {
        for row in &s.report.problems {
            match rows.iter_mut().find(|r| r.id == row.id) {
                Some(merged) => {
                    merged.tests.extend(row.tests.iter().cloned());
                    merged.error = merged.error.take().or_else(|| row.error.clone());
                    merged.compile_error = merged
                        .compile_error
                        .take()
                        .or_else(|| row.compile_error.clone());
                }
                None => rows.push(row.clone()),
            }
        }
    }
    for row in &mut rows {
        let id = row.id.clone();
        row.tests.sort_by_key(|t| at(&test_unit(&id, &t.name)));
    }
    // A problem's place: its first unit's (a package of `verify` is one unit).
    let place = |id: &str| {
        let mut units = reference.planned.iter();
        units
            .position(|unit| unit_problem(unit) == id)
            .unwrap_or(usize::MAX)
    };
    rows.sort_by_key(|row| place(&row.id));
    let submissions = shards
        .iter()
        .any(|s| s.report.submissions.is_some())
        .then(|| {
            let mut all: Vec<_> = shards
                .iter()
                .flat_map(|s| s.report.submissions.iter().flatten().cloned())
                .collect();
            all.sort_by_key(|s| (place(&s.problem), at(&submission_unit(&s.problem, &s.file))));
            all
        });
    let wall_ms = shards.iter().map(|s| s.report.summary.wall_ms).sum();
    // The shards ran as many repeats (their stamps' options agree): their flips are counted again.
    let s = &first.report.summary;
    let mut report =
        Report::new(rows, submissions, s.time_scale, wall_ms).repeated(s.repeats, s.flips_allowed);
    report.started = shards.iter().filter_map(|s| s.report.started.clone()).min();
    report.toolchains = toolchains;
    // What every shard had: a layer one machine lacked did not contain the whole run.
    report.isolation = first
        .report
        .isolation
        .iter()
        .filter(|layer| shards.iter().all(|s| s.report.isolation.contains(layer)))
        .cloned()
        .collect();
    Ok(report)
}

/// The longest time a figure of a report may say, in ms: 30 days. A shard's report is read from a file;
/// a time beyond this (or not a number) is not one a run took.
const MAX_MS: f64 = 30.0 * 24.0 * 3600.0 * 1000.0;

/// Refuses a report whose times or scale are not numbers a run can give (`1e300`, negative, NaN).
fn check_figures(shard: &ShardReport) -> Result<()> {
    let report = &shard.report;
    let bad = |ms: f64| !(0.0..=MAX_MS).contains(&ms);
    let tests = report
        .problems
        .iter()
        .flat_map(|p| &p.tests)
        .chain(report.submissions.iter().flatten().flat_map(|s| &s.tests));
    let mut figures: Vec<(String, f64)> = vec![("summary wall_ms".into(), report.summary.wall_ms)];
    for test in tests {
        for (what, ms) in [("cpu_ms", test.cpu_ms), ("wall_ms", test.wall_ms)] {
            figures.push((format!("test {}: {what}", test.name), ms));
        }
    }
    if let Some((what, ms)) = figures.into_iter().find(|(_, ms)| bad(*ms)) {
        bail!(
            "{}: {} is {ms}, not a time a run takes (0 to {MAX_MS} ms); the report is damaged or not harness's: grade that shard again",
            shard.path,
            crate::report::shown::name(&what)
        );
    }
    let scale = report.summary.time_scale;
    if !(scale.is_finite() && scale > 0.0) {
        bail!(
            "{}: time_scale is {scale}, not a positive number; the report is damaged or not harness's: grade that shard again",
            shard.path
        );
    }
    Ok(())
}

/// Checks that the stamped reports are the shards of one run, each once, all of them; the first stamp.
pub fn check<'a>(reports: &[(&'a str, Option<&'a Shard>)]) -> Result<&'a Shard> {
    if reports.is_empty() {
        bail!("no report to merge");
    }
    let mut stamps: Vec<(&str, &Shard, Partition)> = Vec::new();
    for &(path, stamp) in reports {
        let Some(stamp) = stamp else {
            bail!("{path}: not the report of a shard (graded without --partition)");
        };
        let partition: Partition = stamp
            .partition
            .parse()
            .map_err(|e| anyhow::anyhow!("{path}: {e:#}"))?;
        stamps.push((path, stamp, partition));
    }
    let (first_path, reference, first_partition) = stamps[0];
    for &(path, stamp, partition) in &stamps[1..] {
        let differ = |what: &str, a: &str, b: &str| {
            anyhow::anyhow!(
                "{path} and {first_path} are shards of different {what}: `{b}` and `{a}`; merge only the shards of one run"
            )
        };
        if stamp.workspace != reference.workspace {
            return Err(differ("workspaces", &reference.workspace, &stamp.workspace));
        }
        let none = "no git commit".to_string();
        let (a, b) = (
            reference.commit.as_ref().unwrap_or(&none),
            stamp.commit.as_ref().unwrap_or(&none),
        );
        if a != b {
            return Err(differ("commits", a, b));
        }
        if stamp.judge != reference.judge {
            return Err(differ("judge versions", &reference.judge, &stamp.judge));
        }
        if stamp.options != reference.options {
            return Err(differ("options", &reference.options, &stamp.options));
        }
        if stamp.planned != reference.planned {
            return Err(differ(
                "plans",
                &format!("{} units", reference.planned.len()),
                &format!("{} units", stamp.planned.len()),
            ));
        }
        if (partition.split, partition.total) != (first_partition.split, first_partition.total) {
            return Err(differ(
                "partitions",
                &first_partition.to_string(),
                &partition.to_string(),
            ));
        }
    }
    let mut problems = coverage(&stamps);
    if !problems.is_empty() {
        problems.insert(
            0,
            format!(
                "the shards do not make up one run ({} reports of {} shards):",
                reports.len(),
                first_partition.total
            ),
        );
        bail!("{}", problems.join("\n  "));
    }
    Ok(reference)
}

/// The problem a unit belongs to: its name up to the first `/` or space.
fn unit_problem(unit: &str) -> &str {
    unit.split(['/', ' ']).next().unwrap_or(unit)
}

/// What keeps the shards from being one run: shards given twice or missing, units graded twice or by none.
fn coverage(stamps: &[(&str, &Shard, Partition)]) -> Vec<String> {
    let mut problems = Vec::new();
    let total = stamps[0].2.total;
    let mut by_shard: BTreeMap<usize, Vec<&str>> = BTreeMap::new();
    for (path, _, partition) in stamps {
        by_shard.entry(partition.shard).or_default().push(path);
    }
    for (shard, paths) in &by_shard {
        if paths.len() > 1 {
            problems.push(format!(
                "overlapping: shard {shard}/{total} is in {}",
                paths.join(" and ")
            ));
        }
    }
    // Counted, and only the first few named: the total comes from a file.
    let missing = (1..=total).filter(|k| !by_shard.contains_key(k));
    let named: Vec<String> = missing
        .clone()
        .take(SHOWN)
        .map(|k| format!("{}:{k}/{total}", split_name(&stamps[0].2)))
        .collect();
    if !named.is_empty() {
        let more = match missing.count() - named.len() {
            0 => String::new(),
            n => format!(" and {n} more"),
        };
        problems.push(format!("missing shards: {}{more}", named.join(", ")));
    }
    let mut graded: HashMap<&str, Vec<&str>> = HashMap::new();
    for (path, stamp, _) in stamps {
        for unit in &stamp.units {
            graded.entry(unit.as_str()).or_default().push(path);
        }
    }
    let planned = &stamps[0].1.planned;
    let twice: Vec<String> = planned
        .iter()
        .filter_map(|u| {
            graded
                .get(u.as_str())
                .filter(|p| p.len() > 1)
                .map(|p| (u, p))
        })
        .map(|(u, paths)| format!("{u} (in {})", paths.join(", ")))
        .collect();
    if !twice.is_empty() {
        problems.push(format!(
            "{} units graded by more than one shard: {}",
            twice.len(),
            shorten(&twice)
        ));
    }
    let none: Vec<String> = planned
        .iter()
        .filter(|u| !graded.contains_key(u.as_str()))
        .cloned()
        .collect();
    if !none.is_empty() {
        problems.push(format!(
            "{} of {} units graded by no shard: {}",
            none.len(),
            planned.len(),
            shorten(&none)
        ));
    }
    problems
}

fn split_name(partition: &Partition) -> &'static str {
    match partition.split {
        crate::plan::partition::Split::Hash => "hash",
        crate::plan::partition::Split::Count => "count",
    }
}

/// Items of a long list named in a message.
const SHOWN: usize = 5;

/// The first few of a long list, and how many more.
fn shorten(items: &[String]) -> String {
    let mut text = items[..items.len().min(SHOWN)].join(", ");
    if items.len() > SHOWN {
        text.push_str(&format!(" and {} more", items.len() - SHOWN));
    }
    text
}
