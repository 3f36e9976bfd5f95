//! Events of a grading run, as they happen: reporters that follow a run (the progress bar, a future live
//! view) consume them; the finished report is built from the results, not from the events.

use std::sync::Arc;

use crate::model::TestResult;

/// Something that happened during a run.
#[derive(Debug, Clone, Copy)]
pub enum Event<'a> {
    /// The run starts: at most `runs` test runs in all (its stages plan what they will really run).
    RunsAhead { runs: usize },
    /// `runs` more test runs are planned.
    RunsPlanned { runs: usize },
    /// A test run finished with this result.
    TestFinished {
        problem: &'a str,
        result: &'a TestResult,
    },
    /// A planned test run was skipped (a wrong submission already proven).
    TestSkipped { problem: &'a str, test: &'a str },
}

/// Follows a run; called from the worker threads.
pub trait EventSink: Send + Sync {
    fn event(&self, event: Event);
}

/// The optional sink of a run.
#[derive(Clone, Default)]
pub struct Events(Option<Arc<dyn EventSink>>);

impl Events {
    pub fn new(sink: Arc<dyn EventSink>) -> Events {
        Events(Some(sink))
    }
    pub fn emit(&self, event: Event) {
        if let Some(sink) = &self.0 {
            sink.event(event);
        }
    }
}

impl std::fmt::Debug for Events {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(if self.0.is_some() {
            "Events(on)"
        } else {
            "Events(off)"
        })
    }
}
