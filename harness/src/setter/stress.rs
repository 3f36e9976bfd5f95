//! `harness stress`: the solution against the brute force on `gen small SEED` inputs, smallest inputs
//! first, stopping at the first disagreement with everything needed to replay it.

use std::fmt::Write as _;
use std::fs::{self, OpenOptions};
use std::io::Write as _;
use std::path::{Path, PathBuf};

use anyhow::{Context, Result};
use rayon::prelude::*;

use super::tools::{keep_failed, run_tool, Tools};
use crate::check::{self, CheckFiles, Checker, Judgement};
use crate::grade::judge_run;
use crate::grade::scratch::Scratch;
use crate::lang::Executable;
use crate::model::limits::{DEFAULT_OUTPUT_LIMIT, DEFAULT_TIME_SCALE};
use crate::model::{Limits, Verdict};
use crate::package::Workspace;
use crate::sandbox::Sandbox;

#[derive(Debug, Clone)]
pub struct StressOptions {
    pub cases: u64,
    pub seed: u64,
    pub save: bool,
    pub jobs: usize,
}

/// The smallest input on which the solution and the brute force disagree.
#[derive(Debug, Clone)]
pub struct Disagreement {
    pub seed: u64,
    pub input: Vec<u8>,
    pub expected: Vec<u8>,
    pub got: Vec<u8>,
    pub verdict: Verdict,
    pub detail: String,
    /// Where the input is kept after the run (`target/harness/failed/<id>/small-SEED.in`), with the
    /// brute force's answer (`.ans`) and the solution's output (`.out`) beside it.
    pub kept: Option<PathBuf>,
}

pub enum StressOutcome {
    Agreed { cases: u64 },
    Disagreed(Box<Disagreement>),
}

pub fn stress(workspace: &Workspace, id: &str, options: &StressOptions) -> Result<StressOutcome> {
    let problem = workspace.load_problem(id)?;
    let data_id = problem.data_id.clone();
    if problem.interactor.is_some() {
        anyhow::bail!(
            "{id} is interactive: its solution is judged by playing against the interactor (`harness {id}`), not compared with brute.rs"
        );
    }
    let crate::exec::RunContext {
        pool,
        scratch,
        compiler,
        sandbox,
        ..
    } = crate::exec::RunContext::of(workspace, options.jobs)?;
    let tools = Tools::compile(workspace, &compiler, &data_id, true, true, true)?;
    // The problem's own checker: answers that are not unique are not disagreements.
    let checker = crate::exec::checker(&problem, &compiler)?.map_err(anyhow::Error::msg)?;
    let (gen, brute, solution) = (
        tools.gen.unwrap(),
        tools.brute.unwrap(),
        tools.solution.unwrap(),
    );
    let limits = Limits::for_problem(
        problem.time_limit_ms,
        problem.memory_limit_mb,
        DEFAULT_TIME_SCALE,
        DEFAULT_OUTPUT_LIMIT,
    );

    pool.install(|| -> Result<StressOutcome> {
        let seeds: Vec<u64> = (0..options.cases).map(|i| options.seed + i).collect();
        let mut inputs: Vec<(u64, usize)> = seeds
            .par_iter()
            .map(|&seed| -> Result<(u64, usize)> {
                let args = ["small".to_string(), seed.to_string()];
                let bytes = run_tool(&sandbox, &gen, "gen", &args, None, &scratch)
                    .with_context(|| replay(id, seed, None))?;
                let path = scratch.named(&format!("{seed}.in"));
                fs::write(&path, &bytes)
                    .with_context(|| format!("cannot write {}", path.display()))?;
                Ok((seed, bytes.len()))
            })
            .collect::<Result<_>>()?;
        // Smallest inputs first, so the first disagreement reported is the easiest to read.
        inputs.sort_by_key(|&(seed, len)| (len, seed));
        let chunk = (options.jobs * 8).max(16);
        for batch in inputs.chunks(chunk) {
            let found: Vec<Option<Disagreement>> = batch
                .par_iter()
                .map(|&(seed, _)| {
                    compare(
                        &sandbox, seed, &scratch, &brute, &solution, &limits, &*checker,
                    )
                    .map_err(|err| failed_run(workspace, id, seed, &scratch, err))
                })
                .collect::<Result<_>>()?;
            if let Some(mut first) = found.into_iter().flatten().next() {
                first.kept = Some(keep(workspace, id, &first)?);
                return Ok(StressOutcome::Disagreed(Box::new(first)));
            }
        }
        Ok(StressOutcome::Agreed {
            cases: options.cases,
        })
    })
}

fn compare(
    sandbox: &Sandbox,
    seed: u64,
    scratch: &Scratch,
    brute: &Executable,
    solution: &Executable,
    limits: &Limits,
    checker: &dyn Checker,
) -> Result<Option<Disagreement>> {
    let input_path = scratch.named(&format!("{seed}.in"));
    let expected = run_tool(sandbox, brute, "brute", &[], Some(&input_path), scratch)?;
    let answer = scratch.file("brute.out");
    fs::write(&answer, &expected).with_context(|| format!("cannot write {}", answer.display()))?;
    let stdout = scratch.file("solution.out");
    let command = crate::model::Invocation {
        isolate: true,
        ..solution.invocation(limits.memory_kb / 1024, &[])
    };
    let outcome = sandbox.run(&command, &input_path, &stdout, limits)?;
    let result = judge_run("stress", &outcome, limits);
    let got = fs::read(&stdout).unwrap_or_default();
    let (verdict, detail) = if result.verdict != Verdict::AC {
        (result.verdict, result.detail.unwrap_or_default())
    } else {
        let scratch_dir = scratch.worker_dir()?;
        let files = CheckFiles {
            input: &input_path,
            answer: &answer,
            output: &stdout,
            scratch: &scratch_dir,
            args: None,
        };
        let checked = checker.check(&files)?;
        if checked.judgement == Judgement::Accepted {
            return Ok(None);
        }
        let what = checked
            .first_difference
            .or(checked.message)
            .unwrap_or_default();
        (checked.judgement.verdict(), what)
    };
    let input =
        fs::read(&input_path).with_context(|| format!("cannot read {}", input_path.display()))?;
    Ok(Some(Disagreement {
        seed,
        input,
        expected,
        got,
        verdict,
        detail,
        kept: None,
    }))
}

/// The seed and the command that replays it, for messages; `kept` is where its input is kept.
fn replay(id: &str, seed: u64, kept: Option<&str>) -> String {
    let kept = kept.map(|k| format!("; {k}")).unwrap_or_default();
    format!("{id}: seed {seed} (replay: harness stress {id} --cases 1 --seed {seed}{kept})")
}

/// A run that could not be judged (the brute force or the checker failed): the input is kept, and the
/// error says where and how to replay it.
fn failed_run(
    workspace: &Workspace,
    id: &str,
    seed: u64,
    scratch: &Scratch,
    err: anyhow::Error,
) -> anyhow::Error {
    let input = fs::read(scratch.named(&format!("{seed}.in"))).unwrap_or_default();
    let kept = match keep_failed(workspace, id, &format!("small-{seed}.in"), &input) {
        Ok(path) => format!("input kept in {}", path.display()),
        Err(keep_err) => format!("{keep_err:#}"),
    };
    err.context(replay(id, seed, Some(&kept)))
}

/// Keeps the disagreement's input, expected answer and output; returns the input's path.
fn keep(workspace: &Workspace, id: &str, d: &Disagreement) -> Result<PathBuf> {
    let name = format!("small-{}", d.seed);
    keep_failed(workspace, id, &format!("{name}.ans"), &d.expected)?;
    keep_failed(workspace, id, &format!("{name}.out"), &d.got)?;
    keep_failed(workspace, id, &format!("{name}.in"), &d.input)
}

/// The disagreement for a person: the input, both outputs, and how to replay it.
pub fn describe(id: &str, d: &Disagreement) -> String {
    let mut text = String::new();
    let _ = writeln!(
        text,
        "{id}: the solution disagrees with brute.rs on `gen small {}`: {} {}",
        d.seed,
        d.verdict.name(),
        d.detail
    );
    for (title, bytes) in [
        ("input", &d.input),
        ("brute.rs (expected)", &d.expected),
        ("solution (got)", &d.got),
    ] {
        let _ = writeln!(text, "--- {title}");
        let shown = String::from_utf8_lossy(bytes);
        let lines: Vec<&str> = shown.lines().collect();
        for line in lines.iter().take(30) {
            let _ = writeln!(text, "{}", check::visible(line.as_bytes()));
        }
        if lines.len() > 30 {
            let _ = writeln!(text, "… ({} more lines)", lines.len() - 30);
        }
    }
    if let Some(kept) = &d.kept {
        let _ = writeln!(
            text,
            "kept: {} (brute.rs's answer beside it as .ans, the solution's output as .out)",
            kept.display()
        );
    }
    let _ = writeln!(
        text,
        "replay: harness stress {id} --cases 1 --seed {}",
        d.seed
    );
    text
}

/// Adds the disagreement to the data as `stress-SEED`, declared in tests.toml; never overwrites a file.
pub fn save(workspace: &Workspace, id: &str, d: &Disagreement) -> Result<String> {
    if d.verdict == Verdict::AC {
        anyhow::bail!(
            "{id}: not saving `gen small {}`: the checker accepts the solution's output there",
            d.seed
        );
    }
    let problem = workspace.load_problem(id)?;
    let data_id = problem.data_id;
    let name = format!("stress-{}", d.seed);
    let dir = workspace.testdata_dir(&data_id);
    fs::create_dir_all(&dir).with_context(|| format!("cannot create {}", dir.display()))?;
    let input = dir.join(format!("{name}.in"));
    let answer = dir.join(format!("{name}.out"));
    for path in [&input, &answer] {
        if path.exists() {
            anyhow::bail!(
                "{} already exists; not overwriting it (remove it first to save again)",
                path.display()
            );
        }
    }
    let tests_toml = workspace.problem_dir(&data_id).join("tests.toml");
    if tests_toml.is_file()
        && crate::package::load_test_specs(&workspace.problem_dir(&data_id))?
            .iter()
            .any(|spec| spec.name == name)
    {
        anyhow::bail!(
            "{} already declares `{name}`; not adding it twice (remove the entry to save again)",
            tests_toml.display()
        );
    }
    let create = |path: &Path, bytes: &[u8]| -> Result<()> {
        let mut file = OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(path)
            .with_context(|| format!("cannot create {}", path.display()))?;
        file.write_all(bytes)
            .with_context(|| format!("cannot write {}", path.display()))
    };
    create(&input, &d.input)?;
    create(&answer, &d.expected)?;
    let mut file = OpenOptions::new()
        .append(true)
        .create(true)
        .open(&tests_toml)
        .with_context(|| format!("cannot open {}", tests_toml.display()))?;
    write!(
        file,
        "\n[[test]]\nname = \"{name}\"\ninput = \"gen\"\nargs = [\"small\", \"{}\"]\nanswer = \"brute\"\nnote = \"found by harness stress: the solution gave {}\"\n",
        d.seed,
        d.verdict.name()
    )
    .with_context(|| format!("cannot append to {}", tests_toml.display()))?;
    Ok(format!(
        "saved {} and {}, declared in {}",
        input.display(),
        answer.display(),
        tests_toml.display()
    ))
}
