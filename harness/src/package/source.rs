//! The format-neutral problem source: what every format loads a folder into, and all that the plan,
//! `harness list` and the setter tools see of a problem. A format knows how it spells things on disk;
//! nothing outside its folder does.

use std::path::PathBuf;

use crate::model::{PackageInfo, Problem, Submission, TestCase};

/// A problem as its format reads it.
#[derive(Debug, Clone)]
pub struct ProblemSource {
    /// Its limits, checker, interactor, grader and scoring; under the probe limit
    /// (`model::limits::PROBE_TIME_LIMIT_MS`) while its time limit is still to be computed.
    pub problem: Problem,
    /// Its tests, samples first, each with its group and its validator arguments.
    pub tests: Vec<TestCase>,
    /// Its solution apart from its submissions (ours: `solutions/<id>/src/main.rs`), whose tests are its
    /// row; `None`: it is judged by its submissions, and its first accepted one's tests are its row.
    pub solution: Option<PathBuf>,
    /// Its submissions in its order, each with whether it bounds a computed time limit from below.
    pub submissions: Vec<(Submission, bool)>,
    /// The submissions it does not judge, and why.
    pub unplanned: Vec<Unplanned>,
    /// `None` when it gives its time limit; else how the limit is computed from its submissions.
    pub timing: Option<Timing>,
    /// What it says of itself on its row (a package's format, validator, warnings).
    pub facts: Option<PackageInfo>,
    /// Why it cannot be judged (a kind of problem the judge does not run yet), when it cannot.
    pub unsupported: Option<String>,
}

impl ProblemSource {
    /// The source of a problem with its tests alone, which the caller fills in.
    pub fn of(problem: Problem, tests: Vec<TestCase>) -> ProblemSource {
        ProblemSource {
            problem,
            tests,
            solution: None,
            submissions: Vec::new(),
            unplanned: Vec::new(),
            timing: None,
            facts: None,
            unsupported: None,
        }
    }

    /// Called `id` in reports (`harness verify`'s second `a` is `a#2`).
    pub fn rename(&mut self, id: &str) {
        if self.problem.data_id == self.problem.id {
            self.problem.data_id = id.to_string();
        }
        self.problem.id = id.to_string();
        for (submission, _) in &mut self.submissions {
            submission.problem = id.to_string();
        }
    }
}

/// A submission that is not judged, and why.
#[derive(Debug, Clone)]
pub struct Unplanned {
    /// Relative to the problem's folder.
    pub relative: String,
    pub folder: String,
    pub reason: String,
}

/// A time limit computed from the submissions that bound it from below (problemtools' rule).
#[derive(Debug, Clone)]
pub struct Timing {
    /// Seconds, with where it was found.
    pub given: Option<(f64, String)>,
    /// The slowest bounding submission times this is the lowest time limit (`ac_to_time_limit`, legacy
    /// `time_multiplier`).
    pub ac_to_time_limit: f64,
    /// A time-limit-exceeded submission must still fail with the limit times this (`time_limit_to_tle`,
    /// legacy `time_safety_margin`).
    pub time_limit_to_tle: f64,
    /// A computed limit is a whole multiple of this, in seconds.
    pub resolution: f64,
}

impl Timing {
    /// The time limit problemtools computes from the slowest accepted run: that times
    /// `ac_to_time_limit`, rounded up to a whole multiple of the resolution, at least one of it.
    pub fn computed_ms(&self, slowest_ms: f64) -> u64 {
        let exact_s = slowest_ms / 1000.0 * self.ac_to_time_limit;
        // A hair below a multiple is that multiple: floating-point products are not exact.
        let steps = ((exact_s / self.resolution) - 1e-9).ceil().max(1.0);
        (steps * self.resolution * 1000.0).round() as u64
    }
}

/// What `harness validate` checks of a problem: its input validators (programs reading one input on
/// stdin, exiting 42 when it is valid and 43 with a message when not) and the inputs they must judge.
#[derive(Debug, Default)]
pub struct InputValidation {
    pub validators: Vec<PathBuf>,
    pub checks: Vec<InputCheck>,
    /// The validators are testlib's (Polygon's): exit 0 when the input is valid, another code when not.
    pub testlib: bool,
    /// Programs reading an answer on stdin, with the input's path as their first argument and the
    /// test's output validator arguments after it (BAPCtools' `answer_validators/`): 42 valid, 43 not.
    pub answer_validators: Vec<PathBuf>,
    /// The answers and outputs the answer validators and the output validator must judge.
    pub outputs: Vec<OutputCheck>,
}

/// An answer or an output, and what must be said of it (the 2025-09 `data/invalid_answer/`,
/// `invalid_output/` and `valid_output/`, and every test's answer).
#[derive(Debug, Clone)]
pub struct OutputCheck {
    /// The test case: its input and answer, and its output validator arguments.
    pub test: TestCase,
    pub kind: OutputKind,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OutputKind {
    /// A test's answer: every answer validator accepts it.
    Answer,
    /// An invalid answer: an answer validator rejects it, or the output validator, given it as the
    /// output with `case_sensitive space_change_sensitive`.
    InvalidAnswer,
    /// An invalid output (the `.out` beside it): the output validator rejects it.
    InvalidOutput,
    /// A valid output (the `.out` beside it): the output validator accepts it.
    ValidOutput,
}

impl OutputKind {
    /// The folder of `data/` its examples are in.
    pub fn folder(self) -> &'static str {
        match self {
            OutputKind::Answer => "",
            OutputKind::InvalidAnswer => "invalid_answer",
            OutputKind::InvalidOutput => "invalid_output",
            OutputKind::ValidOutput => "valid_output",
        }
    }
}

/// An input and what every validator must say of it, with the arguments they get.
#[derive(Debug, Clone)]
pub struct InputCheck {
    pub input: PathBuf,
    pub must: Must,
    /// Its group's arguments (after `--relaxed`, when it is relaxed).
    pub args: Vec<String>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Must {
    /// Every validator accepts it.
    Accept,
    /// Every validator accepts it with `--relaxed` (our generated data beyond the statement's bounds).
    AcceptRelaxed,
    /// An invalid example: some validator rejects it.
    Reject,
    /// Not checked.
    Exempt,
}
