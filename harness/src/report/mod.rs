//! Reports: a `Report` rendered for people (`human`, `html`), machines (`json`) or CI (`junit`), written to
//! any `io::Write`; the reports of a run's shards merged into one (`merge`); and the live progress bar of a
//! run (`progress`).

pub mod html;
pub mod human;
pub mod json;
pub mod junit;
pub mod merge;
mod parity;
pub mod progress;
mod repeats;
pub mod shown;
mod submissions;

use std::ffi::OsStr;

pub use html::{render_html, HtmlOptions};
pub use human::{render_human, HumanOptions};
pub use json::render_json;
pub use junit::render_junit;

/// `n` and the noun, plural unless `n` is 1: "1 problem", "3 tests".
pub fn count(n: usize, noun: &str) -> String {
    match n {
        1 => format!("1 {noun}"),
        n => format!("{n} {noun}s"),
    }
}

/// When to colour the human report (`--color`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum, Default)]
pub enum ColorChoice {
    /// Colour on a terminal, unless NO_COLOR is set or TERM is dumb.
    #[default]
    Auto,
    Always,
    Never,
}

/// The colour policy: `always` and `never` as said; `auto` colours a terminal, unless NO_COLOR is set to
/// anything non-empty or TERM is `dumb`.
pub fn use_color(
    choice: ColorChoice,
    is_terminal: bool,
    no_color: Option<&OsStr>,
    term: Option<&OsStr>,
) -> bool {
    match choice {
        ColorChoice::Always => true,
        ColorChoice::Never => false,
        ColorChoice::Auto => {
            let no_color_set = no_color.is_some_and(|value| !value.is_empty());
            is_terminal && !no_color_set && term != Some(OsStr::new("dumb"))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn color_policy() {
        let dumb = Some(OsStr::new("dumb"));
        let xterm = Some(OsStr::new("xterm-256color"));
        let set = Some(OsStr::new("1"));
        assert!(use_color(ColorChoice::Auto, true, None, xterm));
        assert!(use_color(
            ColorChoice::Auto,
            true,
            Some(OsStr::new("")),
            None
        ));
        assert!(!use_color(ColorChoice::Auto, false, None, xterm));
        assert!(!use_color(ColorChoice::Auto, true, set, xterm));
        assert!(!use_color(ColorChoice::Auto, true, None, dumb));
        assert!(use_color(ColorChoice::Always, false, set, dumb));
        assert!(!use_color(ColorChoice::Never, true, None, xterm));
    }
}
