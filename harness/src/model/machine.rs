//! What the machine's timing checks found (`harness doctor`, and the report's `machine` section): each
//! setting that makes CPU times vary from run to run, what was read, what it means, and the command that
//! fixes it.

use serde::{Deserialize, Serialize};

/// The checks of the machine the run timed its programs on.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Machine {
    /// The CPUs the judge pins its runs to (those it may run on).
    pub cpus: Vec<usize>,
    pub findings: Vec<Finding>,
}

/// One check.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Finding {
    /// Its short name: `smt`, `governor`, `turbo`, `aslr`, `swap`, `thp`, `load`.
    pub check: String,
    pub status: Status,
    /// What was read, in words (`cpu0: powersave`).
    pub found: String,
    /// What it means for the times measured.
    pub meaning: String,
    /// The command that fixes it (as root), when it needs fixing.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fix: Option<String>,
}

/// Whether a check passed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Status {
    /// As a judge wants it.
    Ok,
    /// Makes times vary: fix it before trusting verdicts near a limit.
    Warn,
    /// The machine does not say (a virtual machine without frequency scaling, say).
    Unknown,
}

impl Status {
    pub fn name(self) -> &'static str {
        match self {
            Status::Ok => "ok",
            Status::Warn => "warn",
            Status::Unknown => "unknown",
        }
    }
}

impl Machine {
    /// The checks that found something to fix.
    pub fn warnings(&self) -> impl Iterator<Item = &Finding> {
        self.findings.iter().filter(|f| f.status == Status::Warn)
    }
}
