//! Outside text made safe to show. Every name and message in a report comes from outside the judge (file
//! names, package files, programs, shard reports): a control character in it could drive a terminal (set
//! its title, clear it), a line break could forge a report line of its own, and a bidirectional control
//! (U+202E, right-to-left override) could reverse what follows it on the page (a name ending in `CA` read
//! as `AC`). Here they are shown as escapes (`\x1b`, `\u{202e}`) before any report renders the text.

use std::borrow::Cow;
use std::fmt::Write as _;

use crate::model::{GroupScore, ProblemResult, Report, SubmissionResult, TestResult};

/// The Unicode bidirectional formatting characters (UAX #9: embeddings, overrides, isolates and the
/// implicit marks). They are format characters, not controls: `char::is_control` misses them.
pub fn is_bidi_control(c: char) -> bool {
    matches!(
        c,
        '\u{061c}' | '\u{200e}' | '\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}'
    )
}

/// Whether a one-line name holds a character that must not be shown as it is.
pub fn is_unsafe_in_name(c: char) -> bool {
    c.is_control() || is_bidi_control(c) || matches!(c, '\u{2028}' | '\u{2029}')
}

/// A one-line name (a test, a problem, a file, a title), every control character (line breaks and tabs
/// too) and every bidirectional control shown as an escape.
pub fn name(text: &str) -> Cow<'_, str> {
    escape(text, is_unsafe_in_name)
}

/// A block of lines (a message, a diff, an input): its line breaks, tabs and carriage returns kept (each
/// report shows them its own way), the other control characters and the bidirectional controls shown as
/// escapes.
pub fn block(text: &str) -> Cow<'_, str> {
    escape(text, |c| {
        !matches!(c, '\n' | '\t' | '\r') && is_unsafe_in_name(c)
    })
}

fn escape(text: &str, hostile: impl Fn(char) -> bool) -> Cow<'_, str> {
    if !text.chars().any(&hostile) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        match c {
            c if hostile(c) && (c as u32) < 0x100 => {
                let _ = write!(out, "\\x{:02x}", c as u32);
            }
            c if hostile(c) => {
                let _ = write!(out, "\\u{{{:04x}}}", c as u32);
            }
            c => out.push(c),
        }
    }
    Cow::Owned(out)
}

fn in_place(text: &mut String, how: fn(&str) -> Cow<'_, str>) {
    if let Cow::Owned(safe) = how(text) {
        *text = safe;
    }
}

fn in_place_opt(text: &mut Option<String>, how: fn(&str) -> Cow<'_, str>) {
    if let Some(text) = text {
        in_place(text, how);
    }
}

/// The report as every renderer for people and CI shows it: each outside name and text made safe. (The
/// JSON report keeps the text as it is, escaped by JSON itself.)
pub fn report(report: &Report) -> Report {
    let mut safe = report.clone();
    for problem in &mut safe.problems {
        problem_result(problem);
    }
    for submission in safe.submissions.iter_mut().flatten() {
        submission_result(submission);
    }
    for line in &mut safe.isolation {
        in_place(line, name);
    }
    for version in safe.toolchains.values_mut() {
        in_place(version, block);
    }
    safe
}

fn problem_result(problem: &mut ProblemResult) {
    in_place(&mut problem.id, name);
    in_place(&mut problem.title, name);
    in_place(&mut problem.checker, name);
    in_place_opt(&mut problem.same_as, name);
    in_place_opt(&mut problem.error, block);
    in_place_opt(&mut problem.compile_error, block);
    for test in &mut problem.tests {
        test_result(test);
    }
    if let Some(score) = &mut problem.score {
        in_place_opt(&mut score.mismatch, block);
        in_place_opt(&mut score.error, block);
        score.groups.iter_mut().for_each(group_score);
    }
    if let Some(package) = &mut problem.package {
        in_place(&mut package.dir, name);
        in_place(&mut package.validator, name);
        in_place_opt(&mut package.time_limit_source, name);
        for warning in &mut package.warnings {
            in_place(warning, block);
        }
    }
}

fn submission_result(submission: &mut SubmissionResult) {
    in_place(&mut submission.problem, name);
    in_place(&mut submission.file, name);
    in_place_opt(&mut submission.language, name);
    in_place_opt(&mut submission.why, block);
    in_place_opt(&mut submission.stopped_at, name);
    in_place_opt(&mut submission.skipped, block);
    in_place_opt(&mut submission.compile_error, block);
    in_place_opt(&mut submission.time_warning, block);
    for test in &mut submission.tests {
        test_result(test);
    }
    if let Some(score) = &mut submission.score {
        in_place_opt(&mut score.mismatch, block);
        in_place_opt(&mut score.error, block);
        score.groups.iter_mut().for_each(group_score);
    }
}

fn group_score(group: &mut GroupScore) {
    in_place(&mut group.group, name);
    in_place_opt(&mut group.first_failure, name);
    in_place_opt(&mut group.error, block);
    group.groups.iter_mut().for_each(group_score);
}

fn test_result(test: &mut TestResult) {
    in_place(&mut test.name, name);
    in_place_opt(&mut test.input_path, name);
    in_place_opt(&mut test.detail, block);
    in_place_opt(&mut test.first_difference, block);
    in_place_opt(&mut test.diff, block);
    in_place_opt(&mut test.stderr_tail, block);
    in_place_opt(&mut test.checker_message, block);
    in_place_opt(&mut test.input_head, block);
    for chunk in test.transcript.iter_mut().flatten() {
        in_place(&mut chunk.text, block);
    }
    for pass in test.passes.iter_mut().flatten() {
        in_place_opt(&mut pass.input_head, block);
        in_place_opt(&mut pass.output_head, block);
        in_place_opt(&mut pass.feedback, block);
        in_place_opt(&mut pass.detail, block);
        for chunk in pass.transcript.iter_mut().flatten() {
            in_place(&mut chunk.text, block);
        }
    }
}

/// A JSON formatter that writes the bidirectional controls of strings as `\uXXXX` escapes: the document
/// means the same text, and no viewer of the file reorders it.
pub struct JsonFormatter<'a>(pub serde_json::ser::PrettyFormatter<'a>);

impl serde_json::ser::Formatter for JsonFormatter<'_> {
    fn write_string_fragment<W: ?Sized + std::io::Write>(
        &mut self,
        writer: &mut W,
        fragment: &str,
    ) -> std::io::Result<()> {
        let mut rest = fragment;
        while let Some(at) =
            rest.find(|c| is_bidi_control(c) || matches!(c, '\u{2028}' | '\u{2029}'))
        {
            writer.write_all(&rest.as_bytes()[..at])?;
            let c = rest[at..].chars().next().expect("a character was found");
            write!(writer, "\\u{:04x}", c as u32)?;
            rest = &rest[at + c.len_utf8()..];
        }
        writer.write_all(rest.as_bytes())
    }

    fn begin_array<W: ?Sized + std::io::Write>(&mut self, w: &mut W) -> std::io::Result<()> {
        self.0.begin_array(w)
    }
    fn end_array<W: ?Sized + std::io::Write>(&mut self, w: &mut W) -> std::io::Result<()> {
        self.0.end_array(w)
    }
    fn begin_array_value<W: ?Sized + std::io::Write>(
        &mut self,
        w: &mut W,
        first: bool,
    ) -> std::io::Result<()> {
        self.0.begin_array_value(w, first)
    }
    fn end_array_value<W: ?Sized + std::io::Write>(&mut self, w: &mut W) -> std::io::Result<()> {
        self.0.end_array_value(w)
    }
    fn begin_object<W: ?Sized + std::io::Write>(&mut self, w: &mut W) -> std::io::Result<()> {
        self.0.begin_object(w)
    }
    fn end_object<W: ?Sized + std::io::Write>(&mut self, w: &mut W) -> std::io::Result<()> {
        self.0.end_object(w)
    }
    fn begin_object_key<W: ?Sized + std::io::Write>(
        &mut self,
        w: &mut W,
        first: bool,
    ) -> std::io::Result<()> {
        self.0.begin_object_key(w, first)
    }
    fn begin_object_value<W: ?Sized + std::io::Write>(&mut self, w: &mut W) -> std::io::Result<()> {
        self.0.begin_object_value(w)
    }
    fn end_object_value<W: ?Sized + std::io::Write>(&mut self, w: &mut W) -> std::io::Result<()> {
        self.0.end_object_value(w)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_show_controls_line_breaks_and_bidi_controls_as_escapes() {
        assert_eq!(name("plain-1"), "plain-1");
        assert_eq!(
            name("t\u{1b}]0;PWNED\u{7}\u{1b}[2J"),
            "t\\x1b]0;PWNED\\x07\\x1b[2J"
        );
        assert_eq!(
            name("a\nzn-forged  AC  (cpu 1 ms)"),
            "a\\x0azn-forged  AC  (cpu 1 ms)"
        );
        assert_eq!(name("x\u{202e}CA"), "x\\u{202e}CA");
        assert_eq!(name("\u{2067}a\u{2069}\t"), "\\u{2067}a\\u{2069}\\x09");
        assert_eq!(name("渡辺 ö"), "渡辺 ö");
        assert_eq!(block("a\n\tb\u{202e}\r\0"), "a\n\tb\\u{202e}\r\\x00");
    }

    #[test]
    fn json_keeps_the_text_and_escapes_the_bidi_controls() {
        let mut out = Vec::new();
        let mut serializer = serde_json::Serializer::with_formatter(
            &mut out,
            JsonFormatter(serde_json::ser::PrettyFormatter::new()),
        );
        serde::Serialize::serialize(&vec!["a\u{202e}CA\u{1b}"], &mut serializer).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert!(text.contains(r#""a\u202eCA\u001b""#), "{text}");
        let back: Vec<String> = serde_json::from_str(&text).unwrap();
        assert_eq!(back, ["a\u{202e}CA\u{1b}"]);
    }

    /// Every report for people and CI, rendered from a report whose names are hostile: a test name that
    /// sets the terminal's title and clears it, one that forges a report line, a title with a
    /// right-to-left override, a submission file with a bell. None of them reaches the output raw.
    #[test]
    fn no_report_shows_a_control_or_a_bidi_control_from_outside() {
        let mut report = crate::report::html::tests::hand_made();
        let bad = &mut report.problems[1];
        bad.title = "Bad\u{202e}CA".into();
        bad.tests[1].name = "t\u{1b}]0;PWNED\u{7}\u{1b}[2J".into();
        bad.tests[0].name = "a\nzn-forged  AC  (cpu 1 ms)".into();
        bad.tests[0].verdict = crate::model::Verdict::WA;
        bad.tests[0].first_difference = Some("line 1: \u{202e}expected".into());
        let submissions = report.submissions.as_mut().unwrap();
        submissions[1].file = "problems/bad/submissions/accepted/x\u{7}\u{202e}.rs".into();
        let hostile = |text: &str| {
            text.chars()
                .filter(|&c| c != '\n' && c != '\t')
                .find(|&c| is_unsafe_in_name(c))
        };
        let mut human = Vec::new();
        let options = crate::report::HumanOptions {
            verbose: true,
            ..Default::default()
        };
        crate::report::render_human(&report, &options, &mut human).unwrap();
        let human = String::from_utf8(human).unwrap();
        assert_eq!(hostile(&human), None, "{human}");
        assert!(
            human.contains("bad/t\\x1b]0;PWNED\\x07\\x1b[2J  WA"),
            "{human}"
        );
        assert!(
            !human.lines().any(|l| l.starts_with("zn-forged")),
            "a line of its own: {human}"
        );
        assert!(human.contains("Bad\\u{202e}CA"), "{human}");
        let mut html = Vec::new();
        crate::report::render_html(&report, &Default::default(), &mut html).unwrap();
        let html = String::from_utf8(html).unwrap();
        assert_eq!(hostile(&html), None);
        assert!(html.contains("Bad\\u{202e}CA"));
        let mut junit = Vec::new();
        crate::report::render_junit(&report, &mut junit).unwrap();
        let junit = String::from_utf8(junit).unwrap();
        assert_eq!(hostile(&junit), None, "{junit}");
        let mut json = Vec::new();
        crate::report::render_json(&report, &mut json).unwrap();
        let json = String::from_utf8(json).unwrap();
        assert_eq!(hostile(&json), None, "{json}");
        let back: Report = serde_json::from_str(&json).unwrap();
        assert_eq!(
            back.problems[1].title, "Bad\u{202e}CA",
            "JSON keeps the text"
        );
    }
}
