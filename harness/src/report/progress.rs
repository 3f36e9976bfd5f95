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
/// submission's, more than the tests the summary counts).
pub struct Bar {
    bar: ProgressBar,
    /// Runs planned so far; the bar has no length (and stays empty) until some are.
    planned: Mutex<u64>,
}

impl Bar {
    pub fn new() -> Bar {
        let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr());
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
            planned: Mutex::new(0),
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
            Event::RunsPlanned { runs } => {
                let mut planned = self.planned.lock().unwrap_or_else(|e| e.into_inner());
                *planned += runs as u64;
                self.bar.set_length(*planned);
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
