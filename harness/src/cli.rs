//! The command line: clap derive definitions.

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand, ValueEnum};

/// A judge for single-file game-theory solutions: compiles each like an online judge, runs it on every
/// test under real time, memory and output limits, and reports verdicts, diffs and timings.
///
/// With no command, grades every problem (the same as `harness run`).
#[derive(Debug, Parser)]
#[command(name = "harness", version, after_help = EXIT_CODES)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,

    #[command(flatten)]
    pub run: RunArgs,

    /// The workspace root (default: the nearest folder at or above the current one that has problems/).
    #[arg(long, global = true, value_name = "DIR")]
    pub root: Option<PathBuf>,
}

pub const EXIT_CODES: &str =
    "Exit status: 0 every test accepted; 1 some test not accepted (or a problem in error, or a submission \
whose verdict its folder does not allow); \
2 usage or setup error (bad problem.toml, unknown id, .in without .out, unreadable file).";

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Grade solutions against their test data (the default command).
    Run(RunArgs),
    /// List the problems: judge, limits, checker, number of tests.
    List(ListArgs),
    /// (Re)generate test data from problems/<id>/tests.toml; with --check, verify the committed data instead.
    Gen(GenArgs),
    /// Cross-check a solution against the brute force on random small inputs, smallest first.
    Stress(StressArgs),
    /// Scaffold a new problem: problems/<ID>/, solutions/<ID>/ and testdata/<ID>/ (never overwrites).
    New(NewArgs),
    /// Prove that each solution file is submittable alone: compiles with `rustc --edition 2021`, uses std
    /// only, declares rust-version 1.70 and passes clippy's incompatible_msrv lint.
    SubmitCheck(SubmitCheckArgs),
    /// Run each problem's input validator (problems/<id>/validate.rs) on every input of its data (each must
    /// be accepted) and on every file of problems/<id>/invalid/ (each must be rejected).
    Validate(ValidateArgs),
    /// Run rustfmt --check and clippy (-D warnings) on every Rust file of problems/ (brute forces,
    /// generators, validators, checkers, interactors, submissions): single files that cargo does not see.
    Lint(LintArgs),
    /// Judge problem packages: Kattis / ICPC (folders with a problem.yaml, legacy, 2023-07-draft or 2025-09
    /// format) and Polygon (folders with a problem.xml): every example submission must get what its folder
    /// under submissions/ or its Polygon tag says.
    Verify(VerifyArgs),
    /// Write problems of the workspace as Kattis problem packages (2023-07-draft format).
    Export(ExportArgs),
    /// Merge the JSON reports of a run's shards (`--partition K/N --format json`) into the report of the
    /// whole run, with the exit status it would have had; refuses shards of different runs, missing or
    /// overlapping ones.
    Merge(MergeArgs),
    /// Say which containment layers the programs under judgement get on this machine, as this user
    /// (control group, user and mount namespaces, Landlock, ...): each active or not, and why; which
    /// toolchain runs each language (Python 3: PyPy, or CPython where PyPy is missing); and what makes
    /// CPU times vary here (SMT siblings of the pinned CPUs, governor, turbo, ASLR, swap, huge pages,
    /// other load), each with the command that fixes it. With `--profile P`: which toolchains of that
    /// judge's profile are here and which are missing, and its rules with their sources.
    Doctor(DoctorArgs),
}

#[derive(Debug, Args)]
pub struct DoctorArgs {
    /// A judge profile (`native`, `kattis`, `domjudge`, `codeforces`, `cms`: docs/profiles.md).
    #[arg(long, value_name = "NAME")]
    pub profile: Option<String>,
}

#[derive(Debug, Args)]
pub struct ListArgs {
    /// Problems to list (default: all); an unknown id is an error, as for `harness run`.
    #[arg(value_name = "ID")]
    pub ids: Vec<String>,
}

#[derive(Debug, Args)]
pub struct ValidateArgs {
    /// Problems whose data to validate (default: all that have a validate.rs).
    #[arg(value_name = "ID")]
    pub ids: Vec<String>,

    /// Programs run in parallel (default: the number of available cores).
    #[arg(short = 'j', long = "jobs", value_name = "N")]
    pub jobs: Option<usize>,
}

#[derive(Debug, Args)]
pub struct LintArgs {
    /// Problems whose Rust files to lint (default: all).
    #[arg(value_name = "ID")]
    pub ids: Vec<String>,

    /// Files linted in parallel (default: the number of available cores).
    #[arg(short = 'j', long = "jobs", value_name = "N")]
    pub jobs: Option<usize>,
}

#[derive(Debug, Args, Default)]
pub struct RunArgs {
    /// Problems to grade (default: all).
    #[arg(value_name = "ID")]
    pub ids: Vec<String>,

    /// Tests run in parallel (default, and 0: one per available core; at most 4 per core). With more than
    /// one, the interactive problems run in as many workers again beside them (they mostly wait).
    #[arg(short = 'j', long = "jobs", value_name = "N")]
    pub jobs: Option<usize>,

    /// Only tests whose name matches this glob (`*` and `?`), e.g. 'rand-*'.
    #[arg(long = "test", value_name = "GLOB")]
    pub test: Option<String>,

    /// Multiply every time limit, for machines slower than the judge (e.g. 2 doubles them).
    #[arg(long, value_name = "F", default_value_t = 1.0)]
    pub time_scale: f64,

    #[command(flatten)]
    pub report: ReportArgs,

    #[command(flatten)]
    pub repeat: RepeatArgs,

    /// Compile and run the programs as this judge's profile does (`native`, `kattis`, `domjudge`,
    /// `codeforces`, `cms`, or one of the workspace's `profiles.toml`): its language table
    /// (docs/profiles.md). Default: the workspace's `profiles.toml` `default`, else native.
    #[arg(long, value_name = "NAME")]
    pub profile: Option<String>,

    /// Judge again under these profiles, running only what each changes, and list the tests whose verdict
    /// would differ there, with the cause: `--parity kattis,domjudge,codeforces,cms`.
    #[arg(long, value_name = "NAMES", value_delimiter = ',')]
    pub parity: Vec<String>,

    /// Output limit per test in MiB; more is OLE.
    #[arg(long, alias = "output-limit-mb", value_name = "MIB", default_value_t = crate::model::limits::DEFAULT_OUTPUT_LIMIT_MIB)]
    pub output_limit_mib: u64,

    /// Judge this program (a file, or a folder of files in one language) on the problems' tests instead
    /// of their solutions, touching nothing in the workspace; repeatable. E.g. `harness run hdu1846
    /// --submission ./a.cpp --test 'sample-*'`.
    #[arg(long, value_name = "PATH")]
    pub submission: Vec<std::path::PathBuf>,

    /// Run the time-limit-exceeded submissions under the time limit × F and warn about one that passes
    /// within it, as problemtools' `time_limit_to_tle` check does (verifyproblem: 1.5). Default 1: a TLE
    /// submission runs only as long as it takes to be sure of the TLE.
    #[arg(long, value_name = "F", default_value_t = 1.0)]
    pub tle_margin: f64,

    /// Run every test of each submission, not only up to its first failure.
    #[arg(long)]
    pub all_tests: bool,

    /// Compile every program (solutions, checkers, submissions) and run no test.
    #[arg(long)]
    pub no_run: bool,

    /// Grade only shard K of N, as cargo-nextest splits tests: `hash:K/N` by each test's name (a test
    /// keeps its shard when others are added), `count:K/N` round-robin in plan order. A submission is
    /// never split. Merge the shards' JSON reports with `harness merge`.
    #[arg(long, value_name = "hash:K/N|count:K/N")]
    pub partition: Option<crate::plan::Partition>,

    /// Grade only the problems whose files changed since this git revision (problem folder, solution, test
    /// data, submissions, the shared files they include; every problem when the judge changed), and say
    /// which were left out.
    #[arg(long, value_name = "REV")]
    pub changed_since: Option<String>,
}

/// How a report is shown and where it is written: shared by `run`, `verify` and `merge`.
#[derive(Debug, Args, Default)]
pub struct ReportArgs {
    /// Report format on stdout.
    #[arg(long, value_enum, default_value_t = Format::Human)]
    pub format: Format,

    /// When to colour the human report (auto: on a terminal, unless NO_COLOR is set or TERM is dumb).
    #[arg(long, value_enum, default_value_t = ColorChoice::Auto)]
    pub color: ColorChoice,

    /// Leave out the diffs of wrong answers.
    #[arg(long)]
    pub no_diff: bool,

    /// List every test, not only failures, and detail every failure.
    #[arg(short, long)]
    pub verbose: bool,

    /// Failed tests the human report details per problem; the others are counted (0: all).
    #[arg(long, value_name = "N", default_value_t = crate::model::limits::DEFAULT_MAX_FAILURES)]
    pub max_failures: usize,

    /// Also write a JUnit XML report here: one testsuite per problem, one testcase per test.
    #[arg(long, value_name = "FILE")]
    pub junit: Option<PathBuf>,

    /// Also write the report as one self-contained HTML page here (default: $HARNESS_HTML when set).
    #[arg(long, value_name = "FILE")]
    pub html: Option<PathBuf>,
}

/// Repeated runs, to see how steady the times and verdicts are: shared by `run` and `verify`.
#[derive(Debug, Args, Clone, Copy)]
pub struct RepeatArgs {
    /// Run every test of every program N times, pass after pass (so that other load weighs on all
    /// alike); report the least, median and spread of each test's CPU time, judge each test by its
    /// median run, compute package time limits from the medians, and flag every test whose verdict
    /// changed between repeats ("AC 4 of 5, TLE 1 of 5"): a flip fails the run.
    #[arg(long, value_name = "N", default_value_t = 1)]
    pub repeat: usize,

    /// With --repeat: a verdict that changes between repeats is reported, but does not fail the run.
    #[arg(long, requires = "repeat")]
    pub allow_flips: bool,
}

impl Default for RepeatArgs {
    fn default() -> Self {
        RepeatArgs {
            repeat: 1,
            allow_flips: false,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum, Default)]
pub enum Format {
    #[default]
    Human,
    Json,
}

pub use crate::report::ColorChoice;

#[derive(Debug, Args)]
pub struct GenArgs {
    /// Problems whose data to generate (default: all that have a tests.toml).
    #[arg(value_name = "ID")]
    pub ids: Vec<String>,

    /// Verify that the committed data is exactly what tests.toml generates; write nothing.
    #[arg(long)]
    pub check: bool,

    /// Programs run in parallel (default: the number of available cores).
    #[arg(short = 'j', long = "jobs", value_name = "N")]
    pub jobs: Option<usize>,
}

#[derive(Debug, Args)]
pub struct StressArgs {
    /// The problem to stress.
    #[arg(value_name = "ID")]
    pub id: String,

    /// Number of random inputs (`gen small SEED` for consecutive seeds).
    #[arg(long, default_value_t = 1000)]
    pub cases: u64,

    /// The first seed.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,

    /// Add the smallest disagreeing input to the data as stress-SEED (never overwrites a file).
    #[arg(long)]
    pub save: bool,

    /// Programs run in parallel (default: the number of available cores).
    #[arg(short = 'j', long = "jobs", value_name = "N")]
    pub jobs: Option<usize>,
}

#[derive(Debug, Args)]
pub struct NewArgs {
    /// The new problem's id: lowercase letters, digits and dashes, starting with a letter (e.g. hdu1847).
    #[arg(value_name = "ID")]
    pub id: String,

    /// The problem's title, for problem.toml, the statement and the solution's header.
    #[arg(long)]
    pub title: Option<String>,
}

#[derive(Debug, Args)]
pub struct SubmitCheckArgs {
    /// Problems whose solution to check (default: all).
    #[arg(value_name = "ID")]
    pub ids: Vec<String>,
}

#[derive(Debug, Args)]
pub struct VerifyArgs {
    /// Problem package folders, each with a problem.yaml or a problem.xml.
    #[arg(value_name = "DIR", required = true)]
    pub dirs: Vec<PathBuf>,

    /// Tests run in parallel (default: the number of available cores).
    #[arg(short = 'j', long = "jobs", value_name = "N")]
    pub jobs: Option<usize>,

    /// Multiply every time limit, for machines slower than the judge.
    #[arg(long, value_name = "F", default_value_t = 1.0)]
    pub time_scale: f64,

    #[command(flatten)]
    pub report: ReportArgs,

    #[command(flatten)]
    pub repeat: RepeatArgs,

    /// Run the time-limit-exceeded submissions under the time limit × F and warn about one that passes
    /// within it, as problemtools' `time_limit_to_tle` check does (verifyproblem: 1.5). Default 1: a TLE
    /// submission runs only as long as it takes to be sure of the TLE.
    #[arg(long, value_name = "F", default_value_t = 1.0)]
    pub tle_margin: f64,

    /// Run every test of each submission, not only up to its first failure.
    #[arg(long)]
    pub all_tests: bool,

    /// Whose rules score a scoring package's groups: the format's specification (as problemtools), or
    /// DOMjudge's (a group's accept_score once, not per test; only groups with their own testdata.yaml;
    /// a validator's score.txt whatever problem.yaml says); docs/formats.md says where they differ.
    #[arg(long, value_name = "RULES", default_value = "specification")]
    pub scoring_rules: crate::model::ScoringRules,
    /// Judge without first running the packages' input and answer validators on their data (and their
    /// output validator on the invalid and valid outputs), as problemtools' verifyproblem does.
    #[arg(long)]
    pub no_validate: bool,

    /// Judge only shard K of N of the packages (each package is judged whole, in one shard): `hash:K/N`
    /// by its folder's name, `count:K/N` round-robin in the order given.
    #[arg(long, value_name = "hash:K/N|count:K/N")]
    pub partition: Option<crate::plan::Partition>,
}

#[derive(Debug, Args)]
pub struct MergeArgs {
    /// The shards' JSON reports (`harness run --partition K/N --format json`), one per shard.
    #[arg(value_name = "REPORT.json", required = true)]
    pub reports: Vec<PathBuf>,

    #[command(flatten)]
    pub report: ReportArgs,
}

#[derive(Debug, Args)]
pub struct ExportArgs {
    /// Problems to export (default: all).
    #[arg(value_name = "ID")]
    pub ids: Vec<String>,

    /// The folder the packages are written into, one folder per problem.
    #[arg(long, value_name = "DIR")]
    pub to: PathBuf,

    /// Replace packages that already exist there.
    #[arg(long)]
    pub force: bool,
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    #[test]
    fn cli_definition_is_valid() {
        Cli::command().debug_assert();
    }

    #[test]
    fn bare_ids_mean_run() {
        let cli = Cli::try_parse_from(["harness", "hdu1846", "-j", "2"]).unwrap();
        assert!(cli.command.is_none());
        assert_eq!(cli.run.ids, ["hdu1846"]);
        assert_eq!(cli.run.jobs, Some(2));
        let cli = Cli::try_parse_from(["harness", "stress", "hdu1536", "--cases", "5"]).unwrap();
        assert!(matches!(
            cli.command,
            Some(Command::Stress(StressArgs { cases: 5, .. }))
        ));
    }

    #[test]
    fn the_output_limit_is_in_mib_and_keeps_its_old_spelling_hidden() {
        for flag in ["--output-limit-mib", "--output-limit-mb"] {
            let cli = Cli::try_parse_from(["harness", flag, "3"]).unwrap();
            assert_eq!(cli.run.output_limit_mib, 3, "{flag}");
        }
        let help = Cli::command().render_long_help().to_string();
        assert!(help.contains("--output-limit-mib"), "{help}");
        assert!(!help.contains("--output-limit-mb"), "{help}");
        assert!(!help.contains("MB"), "one unit everywhere: {help}");
    }

    #[test]
    fn workflow_commands_parse() {
        let cli =
            Cli::try_parse_from(["harness", "--junit", "out.xml", "--color", "never"]).unwrap();
        assert_eq!(
            cli.run.report.junit.as_deref(),
            Some(std::path::Path::new("out.xml"))
        );
        assert_eq!(cli.run.report.color, ColorChoice::Never);
        let cli = Cli::try_parse_from(["harness", "run", "--partition", "count:2/3"]).unwrap();
        assert!(
            matches!(cli.command, Some(Command::Run(RunArgs { partition: Some(p), .. })) if p.to_string() == "count:2/3")
        );
        assert!(Cli::try_parse_from(["harness", "--partition", "hash:4/3"]).is_err());
        let cli = Cli::try_parse_from(["harness", "merge", "a.json", "b.json", "--junit", "j.xml"])
            .unwrap();
        assert!(
            matches!(cli.command, Some(Command::Merge(MergeArgs { ref reports, .. })) if reports.len() == 2)
        );
        let cli =
            Cli::try_parse_from(["harness", "new", "hdu1847", "--title", "Good Luck"]).unwrap();
        assert!(
            matches!(cli.command, Some(Command::New(NewArgs { ref id, .. })) if id == "hdu1847")
        );
        let cli = Cli::try_parse_from(["harness", "--repeat", "5", "--allow-flips"]).unwrap();
        assert_eq!(
            (cli.run.repeat.repeat, cli.run.repeat.allow_flips),
            (5, true)
        );
        assert_eq!(
            Cli::try_parse_from(["harness"]).unwrap().run.repeat.repeat,
            1
        );
        assert!(Cli::try_parse_from(["harness", "--allow-flips"]).is_err());
        let cli = Cli::try_parse_from(["harness", "submit-check", "hdu1846", "hdu1944"]).unwrap();
        assert!(
            matches!(cli.command, Some(Command::SubmitCheck(SubmitCheckArgs { ref ids })) if ids.len() == 2)
        );
    }
}
