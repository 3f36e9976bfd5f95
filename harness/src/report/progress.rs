//! The progress bar of a grading run, a consumer of its events: on an interactive stderr only, never in CI, a pipe or a dumb
//! terminal, so logs and test output stay plain.

use std::ffi::OsStr;
use std::sync::Mutex;
use std::time::Duration;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use crate::events::{Event, EventSink};

/// Whether to draw a progress bar: stderr is a terminal, CI is unset (or empty, `false`, `0`) and TERM is
/// not `dumb`.
pub fn wanted(stderr_is_terminal: bool, ci: Option<&OsStr>, term: Option<&OsStr>) -> bool {
    let in_ci = ci.is_some_and(|value| !["", "false", "0"].iter().any(|no| value == *no));
    stderr_is_terminal && !in_ci && term != Some(OsStr::new("dumb"))
}

/// An indicatif bar on stderr that counts finished test runs (`runs`: the solutions' tests and every
/// submission's, more than the tests the summary counts). Its length is the run's bound from the start
/// (`RunsAhead`), so that it fills once and never drops back when a later stage plans its runs; a skipped
/// run (a wrong submission proven, a group's rule) counts as done.
pub struct Bar {
    bar: ProgressBar,
    /// The bound given at the start, and the runs planned so far; the bar has no length (and stays
    /// empty) until one is known.
    lengths: Mutex<(u64, u64)>,
}

impl Bar {
    pub fn new() -> Bar {
        Bar::drawn_to(ProgressDrawTarget::stderr())
    }

    fn drawn_to(target: ProgressDrawTarget) -> Bar {
        let bar = ProgressBar::with_draw_target(None, target);
        let style = ProgressStyle::with_template(
            "{spinner} [{elapsed:>3}] [{bar:32}] {pos}/{len} runs  {wide_msg}",
        )
        .expect("a valid progress template")
        .progress_chars("=> ");
        bar.set_style(style);
        bar.set_message("compiling");
        bar.enable_steady_tick(Duration::from_millis(120));
        Bar {
            bar,
            lengths: Mutex::new((0, 0)),
        }
    }

    fn advance(&self, problem: &str, test: &str) {
        self.bar.set_message(format!("{problem}/{test}"));
        self.bar.inc(1);
    }

    /// Removes the bar, before the report is printed.
    pub fn finish(&self) {
        self.bar.finish_and_clear();
    }
}

impl Default for Bar {
    fn default() -> Bar {
        Bar::new()
    }
}

impl EventSink for Bar {
    fn event(&self, event: Event) {
        match event {
            Event::RunsAhead { runs } => {
                let mut lengths = self.lengths.lock().unwrap_or_else(|e| e.into_inner());
                lengths.0 = runs as u64;
                self.bar.set_length(lengths.0.max(lengths.1));
            }
            Event::RunsPlanned { runs } => {
                let mut lengths = self.lengths.lock().unwrap_or_else(|e| e.into_inner());
                lengths.1 += runs as u64;
                self.bar.set_length(lengths.0.max(lengths.1));
            }
            Event::TestFinished { problem, result } => self.advance(
                &super::shown::name(problem),
                &super::shown::name(&result.name),
            ),
            Event::TestSkipped { problem, test } => {
                self.advance(&super::shown::name(problem), &super::shown::name(test))
            }
        }
    }
}

/// The stages of a run as lines on stderr, where no bar is drawn: what is planned, as it is planned. A run
/// is a program on a test: the solutions' tests and every submission's, so more than the report's tests.
#[derive(Default)]
pub struct Stages {
    planned: Mutex<usize>,
}

impl EventSink for Stages {
    fn event(&self, event: Event) {
        if let Event::RunsPlanned { runs } = event {
            let mut planned = self.planned.lock().unwrap_or_else(|e| e.into_inner());
            *planned += runs;
            eprintln!("{}", stage_line(runs, *planned));
        }
    }
}

fn stage_line(runs: usize, planned: usize) -> String {
    format!("harness: grading: {runs} test runs planned ({planned} in all, submissions included)")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A grading run's stages plan their runs one after the other (the solutions, then the submissions,
    /// then the packages' timing phase): the bar's length is the run's bound from the start, so that it
    /// never fills at the end of a stage and drops back at the next.
    #[test]
    fn the_bar_fills_once_across_stages() {
        let bar = Bar::drawn_to(ProgressDrawTarget::hidden());
        let result = crate::model::TestResult::compile_error("t");
        let finish = |n: usize| {
            for _ in 0..n {
                bar.event(Event::TestFinished {
                    problem: "p",
                    result: &result,
                });
            }
        };
        let mut fill = Vec::new();
        bar.event(Event::RunsAhead { runs: 40 });
        for (planned, done) in [(10, 10), (25, 20), (5, 10)] {
            bar.event(Event::RunsPlanned { runs: planned });
            finish(done);
            fill.push((bar.bar.position(), bar.bar.length()));
        }
        assert_eq!(fill, [(10, Some(40)), (30, Some(40)), (40, Some(40))]);
        // Planned past the bound (it is only a bound): the bar grows rather than overflows.
        bar.event(Event::RunsPlanned { runs: 10 });
        assert_eq!(bar.bar.length(), Some(50));
    }

    #[test]
    fn stages_count_runs_not_tests() {
        assert_eq!(
            stage_line(12, 40),
            "harness: grading: 12 test runs planned (40 in all, submissions included)"
        );
    }

    #[test]
    fn only_on_an_interactive_terminal_outside_ci() {
        let xterm = Some(OsStr::new("xterm"));
        assert!(wanted(true, None, xterm));
        assert!(wanted(true, Some(OsStr::new("false")), xterm));
        assert!(!wanted(false, None, xterm));
        assert!(!wanted(true, Some(OsStr::new("true")), xterm));
        assert!(!wanted(true, Some(OsStr::new("1")), xterm));
        assert!(!wanted(true, None, Some(OsStr::new("dumb"))));
    }
}
