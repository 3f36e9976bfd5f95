//! The data every stage shares: problems and their tests, limits, how a run ended, verdicts and results.

pub mod expected;
pub mod limits;
pub mod machine;
pub mod parity;
pub mod problem;
pub mod repeats;
pub mod result;
pub mod run;
pub mod run_verdict;
pub mod score;
pub mod shard;
pub mod verdict;

pub use expected::{judge_expectation, Expected, VerdictRule, PARTIALLY_ACCEPTED};
pub use limits::Limits;
pub use problem::{
    BuiltinChecker, CheckerSpec, NamedFiles, Problem, ProgramSpec, Protocol, Runs, Submission,
    TestCase, TestGroup, TokenOptions,
};
pub use result::{PackageInfo, Pass, ProblemResult, Report, SubmissionResult, Summary, TestResult};
pub use run::{Chunk, Direction, Exit, Invocation, RunOutcome};
pub use run_verdict::judge_run;
pub use score::{
    GroupRules, GroupScore, OnReject, Outcomes, ScoreExpectation, ScoreGroup, ScoreItem, Scoring,
    ScoringRules, SubmissionScore, ValidatorScore, SCORE_VERSION,
};
pub use shard::Shard;
pub use verdict::{Verdict, VerdictSet};
