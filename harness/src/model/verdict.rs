//! The verdict of a test: its precedence and its short names, in one place (ARCHITECTURE.md, "Verdicts").

use serde::{Deserialize, Serialize};

/// A test's verdict. The declaration order is the precedence order: a run that is both too slow and wrong
/// is TLE. `ALL` lists them in that order; `name` and `from_name` are the only spelling of their names.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Verdict {
    /// Judge error: the checker or interactor failed (crashed, timed out, said FAIL, or exited with a code
    /// its protocol does not define). The problem is broken, not the submission.
    JE,
    /// Compile error.
    CE,
    /// Time limit exceeded (CPU time over the limit, or killed by the wall-clock backstop).
    TLE,
    /// Memory limit exceeded (peak RSS over the limit, or an allocation failed).
    MLE,
    /// Output limit exceeded.
    OLE,
    /// Runtime error: non-zero exit or a signal.
    RE,
    /// Wrong answer.
    WA,
    /// Presentation error: right tokens, wrong spacing.
    PE,
    /// Accepted.
    AC,
}

impl Verdict {
    /// Every verdict, most severe first.
    pub const ALL: [Verdict; 9] = [
        Verdict::JE,
        Verdict::CE,
        Verdict::TLE,
        Verdict::MLE,
        Verdict::OLE,
        Verdict::RE,
        Verdict::WA,
        Verdict::PE,
        Verdict::AC,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Verdict::JE => "JE",
            Verdict::CE => "CE",
            Verdict::TLE => "TLE",
            Verdict::MLE => "MLE",
            Verdict::OLE => "OLE",
            Verdict::RE => "RE",
            Verdict::WA => "WA",
            Verdict::PE => "PE",
            Verdict::AC => "AC",
        }
    }

    /// The verdict with this short name (`WA`, `TLE`, ...); names are case-sensitive.
    pub fn from_name(name: &str) -> Option<Verdict> {
        Verdict::ALL.into_iter().find(|v| v.name() == name)
    }
}

/// A set of verdicts (the verdicts a submission is permitted or required to get, as Kattis'
/// `submissions.yaml` and DOMjudge's `@EXPECTED_RESULTS@` name them).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct VerdictSet(u16);

impl VerdictSet {
    pub const EMPTY: VerdictSet = VerdictSet(0);

    pub fn of(verdicts: &[Verdict]) -> VerdictSet {
        verdicts
            .iter()
            .fold(VerdictSet::EMPTY, |set, v| set.with(*v))
    }
    pub fn with(self, verdict: Verdict) -> VerdictSet {
        VerdictSet(self.0 | 1 << verdict as u16)
    }
    pub fn contains(self, verdict: Verdict) -> bool {
        self.0 & (1 << verdict as u16) != 0
    }
    pub fn union(self, other: VerdictSet) -> VerdictSet {
        VerdictSet(self.0 | other.0)
    }
    pub fn intersection(self, other: VerdictSet) -> VerdictSet {
        VerdictSet(self.0 & other.0)
    }
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }
    /// The verdicts in the set, most severe first.
    pub fn verdicts(self) -> impl Iterator<Item = Verdict> {
        Verdict::ALL.into_iter().filter(move |v| self.contains(*v))
    }
}

impl std::fmt::Display for VerdictSet {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let names: Vec<&str> = self.verdicts().map(Verdict::name).collect();
        f.write_str(&names.join(", "))
    }
}

impl Serialize for VerdictSet {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.verdicts().map(Verdict::name))
    }
}

impl<'de> Deserialize<'de> for VerdictSet {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let verdicts = Vec::<Verdict>::deserialize(deserializer)?;
        Ok(VerdictSet::of(&verdicts))
    }
}

impl std::fmt::Display for Verdict {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_name_round_trips() {
        for verdict in Verdict::ALL {
            assert_eq!(Verdict::from_name(verdict.name()), Some(verdict));
            assert_eq!(verdict.to_string(), verdict.name());
        }
        assert_eq!(Verdict::from_name("wa"), None);
        assert_eq!(Verdict::from_name(""), None);
    }

    #[test]
    fn verdict_sets() {
        let set = VerdictSet::of(&[Verdict::WA, Verdict::AC]);
        assert!(set.contains(Verdict::AC) && set.contains(Verdict::WA));
        assert!(!set.contains(Verdict::PE));
        assert_eq!(set.to_string(), "WA, AC");
        assert!(set.intersection(VerdictSet::of(&[Verdict::TLE])).is_empty());
        assert_eq!(serde_json::to_string(&set).unwrap(), r#"["WA","AC"]"#);
        assert_eq!(
            serde_json::from_str::<VerdictSet>(r#"["WA","AC"]"#).unwrap(),
            set
        );
    }

    #[test]
    fn all_is_the_declaration_order_and_complete() {
        assert!(Verdict::ALL.windows(2).all(|w| w[0] < w[1]));
        let names: Vec<&str> = Verdict::ALL.iter().map(|v| v.name()).collect();
        assert_eq!(
            names,
            ["JE", "CE", "TLE", "MLE", "OLE", "RE", "WA", "PE", "AC"]
        );
    }
}
