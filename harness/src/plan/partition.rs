//! Splitting a run into shards, with cargo-nextest's meaning of `--partition`: `hash:K/N` puts each unit
//! in the shard its name hashes to (a unit keeps its shard when others are added), `count:K/N` deals the
//! units round-robin in plan order (even shares). A unit is a test of a solution, a problem judged whole
//! (no tests, in error, a package), or a submission (it runs test by test up to its first failure, so it is
//! never split).

use std::fmt;
use std::str::FromStr;

use anyhow::{bail, Context, Result};
use sha2::{Digest, Sha256};

/// How the units are split.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Split {
    Hash,
    Count,
}

/// The most shards a run is split into: far more than a CI matrix (256 jobs) or a Slurm array (1001 by
/// default) runs, and few enough that naming the missing ones stays cheap.
pub const MAX_SHARDS: usize = 10_000;

/// Shard `shard` (from 1) of `total`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Partition {
    pub split: Split,
    pub shard: usize,
    pub total: usize,
}

impl FromStr for Partition {
    type Err = anyhow::Error;

    fn from_str(text: &str) -> Result<Partition> {
        let usage = "expected hash:K/N or count:K/N with 1 <= K <= N (e.g. hash:2/4)";
        let (kind, share) = text
            .split_once(':')
            .with_context(|| format!("`{text}`: {usage}"))?;
        let split = match kind {
            "hash" => Split::Hash,
            "count" => Split::Count,
            _ => bail!("`{text}`: unknown split `{kind}`; {usage}"),
        };
        let (shard, total) = share
            .split_once('/')
            .with_context(|| format!("`{text}`: {usage}"))?;
        let number = |s: &str| {
            s.parse::<usize>()
                .with_context(|| format!("`{text}`: `{s}` is not a number; {usage}"))
        };
        let (shard, total) = (number(shard)?, number(total)?);
        if shard == 0 || shard > total {
            bail!("`{text}`: shard {shard} of {total}; {usage}");
        }
        if total > MAX_SHARDS {
            bail!("`{text}`: {total} shards; a run is split into at most {MAX_SHARDS}");
        }
        Ok(Partition {
            split,
            shard,
            total,
        })
    }
}

impl fmt::Display for Partition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let kind = match self.split {
            Split::Hash => "hash",
            Split::Count => "count",
        };
        write!(f, "{kind}:{}/{}", self.shard, self.total)
    }
}

impl Partition {
    /// Whether each unit (named, in plan order) is in this shard.
    pub fn owns(&self, units: &[String]) -> Vec<bool> {
        units
            .iter()
            .enumerate()
            .map(|(i, unit)| {
                let slot = match self.split {
                    Split::Hash => (name_hash(unit) % self.total as u64) as usize,
                    Split::Count => i % self.total,
                };
                slot == self.shard - 1
            })
            .collect()
    }
}

/// A hash of a unit's name that every machine and every version of the judge agree on.
fn name_hash(name: &str) -> u64 {
    let digest = Sha256::digest(name.as_bytes());
    u64::from_le_bytes(digest[..8].try_into().expect("8 bytes"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn units(n: usize) -> Vec<String> {
        (0..n).map(|i| format!("p{}/t{i}", i % 3)).collect()
    }

    #[test]
    fn parses_nextest_spelling() {
        let p: Partition = "hash:2/4".parse().unwrap();
        assert_eq!((p.split, p.shard, p.total), (Split::Hash, 2, 4));
        assert_eq!(p.to_string(), "hash:2/4");
        assert_eq!(
            "count:1/1".parse::<Partition>().unwrap().split,
            Split::Count
        );
        for bad in [
            "hash:0/4",
            "hash:5/4",
            "count:1",
            "slice:1/2",
            "hash:a/2",
            "2/4",
        ] {
            assert!(bad.parse::<Partition>().is_err(), "{bad}");
        }
    }

    #[test]
    fn every_unit_is_in_exactly_one_shard() {
        let all = units(50);
        for split in ["hash", "count"] {
            for n in 1..=5 {
                let mut count = vec![0; all.len()];
                for k in 1..=n {
                    let p: Partition = format!("{split}:{k}/{n}").parse().unwrap();
                    for (c, owned) in count.iter_mut().zip(p.owns(&all)) {
                        *c += usize::from(owned);
                    }
                }
                assert!(count.iter().all(|c| *c == 1), "{split} {n}: {count:?}");
            }
        }
    }

    #[test]
    fn count_deals_round_robin_and_hash_is_stable_when_units_are_added() {
        let p: Partition = "count:2/3".parse().unwrap();
        assert_eq!(
            p.owns(&units(7)),
            [false, true, false, false, true, false, false]
        );
        let h: Partition = "hash:1/3".parse().unwrap();
        let before = h.owns(&units(20));
        let mut more = units(20);
        more.insert(5, "p9/new".to_string());
        let mut after = h.owns(&more);
        after.remove(5);
        assert_eq!(before, after);
    }
}
