//! A package's custom grader (legacy `grading: custom`): a program of `graders/` that reads a group's
//! children on stdin, one `VERDICT SCORE` line each (AC, WA, TLE, RTE, JE), gets the group's
//! `grader_flags` as arguments, and writes the group's `VERDICT SCORE` on one line. It runs in the sandbox
//! under a checker's limits; a crash, a broken limit or an answer that is not one verdict and one number is
//! a judge error of the group, with the reason.

use std::ffi::OsString;
use std::fs;

use anyhow::{Context, Result};

use crate::check::program::ProgramChecker;
use crate::grade::scratch::Scratch;
use crate::lang::Executable;
use crate::model::{judge_run, Exit, Limits, Verdict};
use crate::sandbox::Sandbox;

/// The compiled grader program.
#[derive(Debug, Clone)]
pub struct ProgramGrader {
    pub executable: Executable,
    pub limits: Limits,
    pub sandbox: std::sync::Arc<Sandbox>,
}

impl ProgramGrader {
    /// The grader `executable`, run in `sandbox`.
    pub fn new(executable: Executable, sandbox: std::sync::Arc<Sandbox>) -> ProgramGrader {
        ProgramGrader {
            executable,
            limits: ProgramChecker::default_limits(),
            sandbox,
        }
    }

    /// The group's verdict and score from its children's; the inner error says why the grader gave none.
    /// The outer error is a setup problem (the scratch files).
    pub fn grade(
        &self,
        children: &[(Verdict, f64)],
        flags: &[String],
        scratch: &Scratch,
    ) -> Result<std::result::Result<(Verdict, f64), String>> {
        let input: String = children
            .iter()
            .map(|(verdict, score)| format!("{} {score}\n", kattis_name(*verdict)))
            .collect();
        let stdin = scratch.file("grader.in");
        fs::write(&stdin, input).with_context(|| format!("cannot write {}", stdin.display()))?;
        let stdout = scratch.file("grader.out");
        let args: Vec<OsString> = flags.iter().map(OsString::from).collect();
        let command = self
            .executable
            .invocation(self.limits.memory_kb / 1024, &args);
        let outcome = self.sandbox.run(&command, &stdin, &stdout, &self.limits)?;
        let run = judge_run("grader", &outcome, &self.limits);
        if matches!(run.verdict, Verdict::TLE | Verdict::MLE | Verdict::OLE) {
            return Ok(Err(run.detail.unwrap_or_else(|| run.verdict.to_string())));
        }
        if outcome.exit != Exit::Code(0) {
            return Ok(Err(format!(
                "it ended with {}, not exit code 0",
                outcome.exit
            )));
        }
        let said =
            fs::read(&stdout).with_context(|| format!("cannot read {}", stdout.display()))?;
        Ok(parse(&String::from_utf8_lossy(&said)))
    }
}

/// A verdict as problemtools gives it to a grader.
fn kattis_name(verdict: Verdict) -> &'static str {
    match verdict {
        Verdict::AC => "AC",
        Verdict::WA | Verdict::PE => "WA",
        Verdict::TLE => "TLE",
        Verdict::RE | Verdict::MLE | Verdict::OLE => "RTE",
        Verdict::JE | Verdict::CE => "JE",
    }
}

/// The grader's answer: one line, a verdict and a finite number.
pub fn parse(said: &str) -> std::result::Result<(Verdict, f64), String> {
    let shown = || {
        let mut text: String = said.chars().take(80).collect();
        if text.len() < said.len() {
            text.push('…');
        }
        format!("{text:?}")
    };
    let words: Vec<&str> = said.split_whitespace().collect();
    let one_line = said.trim_end().lines().count() == 1;
    let [verdict, score] = words[..] else {
        return Err(format!("it wrote {}, not `VERDICT SCORE`", shown()));
    };
    let verdict = match verdict {
        "AC" => Verdict::AC,
        "WA" => Verdict::WA,
        "TLE" => Verdict::TLE,
        "RTE" => Verdict::RE,
        "JE" => Verdict::JE,
        _ => {
            return Err(format!(
                "it wrote {}: `{verdict}` is not a verdict",
                shown()
            ))
        }
    };
    let number = score.strip_prefix('-').unwrap_or(score);
    let score = match number.chars().all(|c| c.is_ascii_digit() || c == '.') {
        true => score.parse::<f64>().ok().filter(|s| s.is_finite()),
        false => None,
    };
    match (score, one_line) {
        (Some(score), true) => Ok((verdict, score)),
        (None, _) => Err(format!("it wrote {}: the score is not a number", shown())),
        (_, false) => Err(format!("it wrote {}, more than one line", shown())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn answers_are_one_verdict_and_one_number() {
        assert_eq!(parse("AC 12.5\n"), Ok((Verdict::AC, 12.5)));
        assert_eq!(parse("RTE 0"), Ok((Verdict::RE, 0.0)));
        assert_eq!(parse("WA -1.5 \n"), Ok((Verdict::WA, -1.5)));
        for bad in [
            "", "AC", "12 AC", "OK 3", "AC 1e3", "AC nan", "AC 1..2", "AC 1 2", "AC\n1",
        ] {
            assert!(parse(bad).is_err(), "{bad:?} was accepted");
        }
    }
}
