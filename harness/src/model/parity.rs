//! What a parity run found (`--parity`): per profile, the tests whose verdict another judge would give
//! otherwise, each with its cause, and what the profile changes that was not compared.

use serde::{Deserialize, Serialize};

use super::verdict::Verdict;

/// Every profile a run was compared under, in the order asked for.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct Parity {
    pub profiles: Vec<ProfileParity>,
}

/// One profile's differences from this judge's verdicts.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct ProfileParity {
    /// The profile's id (`codeforces`).
    pub profile: String,
    /// The judge's name (`Codeforces`).
    pub judge: String,
    /// Tests run again under the profile (its languages, its output rule); the others were judged from
    /// this run's results.
    pub reran: usize,
    pub rows: Vec<ParityRow>,
    /// What the profile changes that was not compared, each with why.
    pub not_compared: Vec<String>,
}

/// A test whose verdict differs under a profile.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct ParityRow {
    pub problem: String,
    /// `solution`, or the submission's file relative to the workspace.
    pub program: String,
    pub test: String,
    /// This judge's verdict.
    pub here: Verdict,
    /// The profile's.
    pub there: Verdict,
    /// Which rule makes the difference: `language`, `memory` or `output`.
    pub rule: String,
    /// Why, in words ("Python 3 is CPython on Codeforces ..., 1.8 s of CPU").
    pub cause: String,
}

impl Parity {
    /// Every difference, over all profiles.
    pub fn differences(&self) -> usize {
        self.profiles.iter().map(|p| p.rows.len()).sum()
    }
}

impl ParityRow {
    /// The row in a line: "AC here, TLE on Codeforces: <cause>".
    pub fn sentence(&self, judge: &str) -> String {
        format!(
            "{} here, {} on {judge}: {}",
            self.here.name(),
            self.there.name(),
            self.cause
        )
    }
}
