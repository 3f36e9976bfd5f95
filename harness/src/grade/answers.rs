//! The answers grader, for output-only problems (Kattis `submit-answer`, CMS OutputOnly): a submission is a
//! folder of answer files, one per test, named after the test (`<test>.out`, else `<test>.ans`: a
//! package's `secret/1` answered by `secret/1.out`); nothing runs, the problem's checker judges the file
//! as it would a program's output. A test without its file is a wrong answer, a file over the output
//! limit OLE.

use std::fs;
use std::path::{Path, PathBuf};

use anyhow::{Context, Result};

use super::standard::input_head;
use super::Grader;
use crate::check::{CheckFiles, Checker};
use crate::grade::scratch::Scratch;
use crate::lang::Executable;
use crate::model::{Limits, TestCase, TestResult, Verdict};

/// The extensions of an answer file, in the order they are looked for.
pub const EXTENSIONS: [&str; 2] = ["out", "ans"];

pub struct Answers<'a> {
    pub checker: &'a dyn Checker,
    /// Its output limit bounds an answer file.
    pub limits: Limits,
}

/// Whether `path` is a submission of answer files: a folder holding an `.out` or `.ans` file, at any
/// depth (a program's folder holds none).
pub fn is_answers(path: &Path) -> bool {
    fn holds(dir: &Path, depth: usize) -> bool {
        let Ok(entries) = fs::read_dir(dir) else {
            return false;
        };
        entries.flatten().any(|entry| {
            let path = entry.path();
            match path.is_dir() {
                true => depth < 8 && holds(&path, depth + 1),
                false => path
                    .extension()
                    .is_some_and(|e| EXTENSIONS.iter().any(|x| e == *x)),
            }
        })
    }
    path.is_dir() && holds(path, 0)
}

/// The answer file of a test in a submission's folder.
pub fn answer_file(dir: &Path, test: &str) -> Option<PathBuf> {
    EXTENSIONS
        .iter()
        .map(|extension| dir.join(format!("{test}.{extension}")))
        .find(|path| path.is_file())
}

impl Grader for Answers<'_> {
    fn grade(
        &self,
        test: &TestCase,
        answers: &Executable,
        scratch: &Scratch,
    ) -> Result<TestResult> {
        let mut result = TestResult {
            verdict: Verdict::AC,
            ..TestResult::compile_error(&test.name)
        };
        let Some(file) = answer_file(&answers.dir, &test.name) else {
            result.verdict = Verdict::WA;
            result.first_difference = Some(format!(
                "no answer file `{}.out` (or `.ans`) in the submission",
                test.name
            ));
            return Ok(result);
        };
        let size = fs::metadata(&file)
            .with_context(|| format!("cannot read {}", file.display()))?
            .len();
        if size > self.limits.output_bytes {
            result.verdict = Verdict::OLE;
            result.detail = Some(format!(
                "the answer file has {size} bytes, over the output limit of {} bytes",
                self.limits.output_bytes
            ));
            return Ok(result);
        }
        let scratch_dir = scratch.worker_dir()?;
        let files = CheckFiles {
            input: &test.input,
            answer: &test.expected,
            output: &file,
            scratch: &scratch_dir,
            args: test.checker_args.as_deref(),
        };
        let checked = self.checker.check(&files)?;
        result.verdict = checked.judgement.verdict();
        result.first_difference = checked.first_difference;
        result.diff = checked.diff;
        result.validator_score = checked.score;
        if result.verdict != Verdict::AC {
            result.checker_message = checked.message;
            result.input_head = input_head(&test.input);
        }
        Ok(result)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn answer_files_are_found_by_the_tests_names() {
        let dir = std::env::temp_dir().join(format!("harness-answers-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(dir.join("secret")).unwrap();
        assert!(!is_answers(&dir), "an empty folder answers nothing");
        fs::write(dir.join("main.py"), "print(1)\n").unwrap();
        assert!(!is_answers(&dir), "a program's folder");
        fs::write(dir.join("secret/2.ans"), "2\n").unwrap();
        assert!(is_answers(&dir));
        assert!(!is_answers(&dir.join("main.py")), "a file is a program");
        fs::write(dir.join("secret/1.out"), "1\n").unwrap();
        fs::write(dir.join("secret/1.ans"), "one\n").unwrap();
        assert_eq!(
            answer_file(&dir, "secret/1"),
            Some(dir.join("secret/1.out"))
        );
        assert_eq!(
            answer_file(&dir, "secret/2"),
            Some(dir.join("secret/2.ans"))
        );
        assert_eq!(answer_file(&dir, "secret/3"), None);
        fs::remove_dir_all(&dir).unwrap();
    }
}
