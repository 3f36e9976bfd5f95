//! The subcommands, one file each: each takes its parsed arguments and the workspace, prints its output,
//! and returns the exit status.

pub mod doctor;
pub mod export;
pub mod gen;
pub mod grade;
pub mod lint;
pub mod list;
pub mod merge;
pub mod new;
pub mod stress;
pub mod submit_check;
pub mod validate;
pub mod verify;

use std::path::{Path, PathBuf};

use anyhow::{Context, Result};

use crate::cli::{Cli, Command, ReportArgs};
use crate::model::Report;
use crate::package::Workspace;
use crate::report::{self, HtmlOptions, HumanOptions};

/// Runs the command `cli` names; the exit status, or a setup error.
pub fn dispatch(cli: Cli) -> Result<i32> {
    let start = match &cli.root {
        Some(root) => root.clone(),
        None => std::env::current_dir().context("cannot read the current folder")?,
    };
    if let Some(Command::Doctor(args)) = &cli.command {
        // About the machine, not a workspace (whose profiles count when there is one).
        return match &args.profile {
            Some(profile) => doctor::profile(Workspace::find(&start).ok().as_ref(), profile),
            None => doctor::doctor(),
        };
    }
    if let Some(Command::Merge(args)) = &cli.command {
        // Reports carry all it needs: it may run where no workspace is.
        return merge::merge(args);
    }
    if let Some(Command::Verify(args)) = &cli.command {
        // A package may be anywhere: a workspace, when there is one, only lends its cache and languages.
        return verify::verify(Workspace::find(&start).ok().as_ref(), args);
    }
    let workspace = Workspace::find(&start)?;
    match cli.command {
        None => grade::grade(&workspace, &cli.run),
        Some(Command::Run(args)) => grade::grade(&workspace, &args),
        Some(Command::List(args)) => list::list(&workspace, &args.ids),
        Some(Command::Gen(args)) => gen::generate(&workspace, &args),
        Some(Command::Stress(args)) => stress::stress_command(&workspace, &args),
        Some(Command::New(args)) => new::new_problem(&workspace, &args),
        Some(Command::SubmitCheck(args)) => submit_check::submit_check(&workspace, &args),
        Some(Command::Validate(args)) => validate::validate(&workspace, &args),
        Some(Command::Lint(args)) => lint::lint(&workspace, &args),
        Some(Command::Verify(_) | Command::Doctor(_) | Command::Merge(_)) => {
            unreachable!("dispatched above")
        }
        Some(Command::Export(args)) => export::export(&workspace, &args),
    }
}

/// Worker threads: as asked, or one per available core.
pub fn jobs(requested: Option<usize>) -> usize {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    // More workers than this only costs memory and launchers: each runs one program at a time.
    let most = (4 * cores).max(16);
    match requested {
        None | Some(0) => cores,
        Some(n) if n > most => {
            eprintln!("harness: warning: -j {n} is more than {most} (4 per core); using {most}");
            most
        }
        Some(n) => n,
    }
}

/// How the human report looks on this stdout, by the flags.
pub fn human_options(args: &ReportArgs) -> HumanOptions {
    use std::io::IsTerminal;
    HumanOptions {
        color: report::use_color(
            args.color,
            std::io::stdout().is_terminal(),
            std::env::var_os("NO_COLOR").as_deref(),
            std::env::var_os("TERM").as_deref(),
        ),
        no_diff: args.no_diff,
        verbose: args.verbose,
        max_failures: args.max_failures,
    }
}

/// Where to write the HTML report: `--html FILE`, else `$HARNESS_HTML` when set and not empty (for CI).
pub fn html_path(args: &ReportArgs) -> Option<PathBuf> {
    args.html.clone().or_else(|| {
        std::env::var_os("HARNESS_HTML")
            .filter(|value| !value.is_empty())
            .map(PathBuf::from)
    })
}

/// A report file that cannot be written is found before the run, not after it.
pub fn check_writable(path: &Path, what: &str) -> Result<()> {
    let existed = path.exists();
    std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)
        .with_context(|| format!("cannot write the {what} report to {}", path.display()))?;
    // Tried, not kept: a run that stops at a setup error leaves no empty report behind.
    if !existed {
        let _ = std::fs::remove_file(path);
    }
    Ok(())
}

/// Writes the HTML report of `report` to `path`.
pub fn write_html(report: &Report, path: &Path) -> Result<()> {
    let options = HtmlOptions {
        machine: Some(machine()),
    };
    let mut html = Vec::new();
    report::render_html(report, &options, &mut html)?;
    std::fs::write(path, html)
        .with_context(|| format!("cannot write the HTML report to {}", path.display()))
}

/// The machine in words: its processor, how many cores the judge may use, and the kernel.
fn machine() -> String {
    let cpuinfo = std::fs::read_to_string("/proc/cpuinfo").unwrap_or_default();
    let model = cpuinfo
        .lines()
        .find_map(|line| line.strip_prefix("model name"))
        .and_then(|rest| rest.split_once(':'))
        .map_or("unknown processor", |(_, name)| name.trim());
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let kernel = std::fs::read_to_string("/proc/sys/kernel/osrelease").unwrap_or_default();
    format!(
        "{model}, {cores} cores available; {} {} {}",
        std::env::consts::OS,
        kernel.trim(),
        std::env::consts::ARCH
    )
}

/// How to run the judge from a shell here: `harness` when one is on PATH (`cargo install --path harness`),
/// else `cargo run -p harness --`, which works in any clone.
pub fn judge_command() -> &'static str {
    static COMMAND: std::sync::OnceLock<&'static str> = std::sync::OnceLock::new();
    COMMAND.get_or_init(|| {
        let on_path = std::env::var_os("PATH").is_some_and(|path| {
            std::env::split_paths(&path).any(|dir| dir.join("harness").is_file())
        });
        match on_path {
            true => "harness",
            false => "cargo run -p harness --",
        }
    })
}

/// `text` with every `harness COMMAND` it suggests written as the command that works here.
pub fn with_working_commands(text: &str) -> String {
    suggest(text, judge_command())
}

/// The words that introduce a command to run, not a mention of one (`` `harness new` wrote ``).
const SUGGESTIONS: [&str; 6] = [
    "run `harness ",
    "see `harness ",
    "mean `harness ",
    "with `harness ",
    "then `harness ",
    "replay: harness ",
];

fn suggest(text: &str, command: &str) -> String {
    let mut text = text.to_string();
    if command != "harness" {
        for words in SUGGESTIONS {
            text = text.replace(words, &words.replace("harness ", &format!("{command} ")));
        }
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hints_name_the_command_that_works() {
        let hint = "no tests (or run `harness gen x`); replay: harness stress x --seed 3";
        assert_eq!(suggest(hint, "harness"), hint);
        assert_eq!(
            suggest(hint, "cargo run -p harness --"),
            "no tests (or run `cargo run -p harness -- gen x`); replay: cargo run -p harness -- stress x --seed 3"
        );
        let mention = "the placeholder that `harness new` wrote";
        assert_eq!(suggest(mention, "cargo run -p harness --"), mention);
    }
}
