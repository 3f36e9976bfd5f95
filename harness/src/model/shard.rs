//! The stamp of a shard's report (`--partition`): what the shard belongs to and what it graded, so that
//! `harness merge` can refuse reports of different runs and find missing or overlapping shards.

use serde::{Deserialize, Serialize};

/// A shard's identity and share, in its JSON report.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Shard {
    /// The workspace: a digest of its problem ids, the same in every clone of it.
    pub workspace: String,
    /// The git commit the workspace was at (`git rev-parse HEAD`), with `-dirty` when it had uncommitted
    /// changes; `None` outside a git repository.
    pub commit: Option<String>,
    /// The judge: `harness` and its version.
    pub judge: String,
    /// The grading options every shard must share (limits, filters, submissions), in words.
    pub options: String,
    /// This shard: `hash:K/N` or `count:K/N`.
    pub partition: String,
    /// Every unit of the whole run, in plan order: `id/test` (a test of the solution), `id` (a problem
    /// without tests, in error, or a package, judged whole), `id submission FILE` (a submission, run test by
    /// test up to its first failure).
    pub planned: Vec<String>,
    /// The units this shard graded.
    pub units: Vec<String>,
}
