//! Reading the files of a package: text, data files that must be readable, TOML errors that name the
//! file, the line and the key, and what a submission's own files say of it (its leading comment, a
//! tagged line such as `@EXPECTED_SCORE@`), in every format.

use std::fs;
use std::path::{Path, PathBuf};

use anyhow::{bail, Context, Result};

use crate::model::ScoreExpectation;

pub fn read_text(path: &Path) -> Result<String> {
    fs::read_to_string(path).map_err(|e| {
        anyhow::anyhow!(
            "cannot read {}: {e}; make it a readable UTF-8 text file",
            path.display()
        )
    })
}

/// Checks that a data file is a regular file that can be opened, so that a broken one is a setup error
/// found before anything runs (the judge itself opens it only when its test runs).
pub fn readable_file(path: &Path) -> Result<()> {
    let metadata = fs::metadata(path).map_err(|e| {
        anyhow::anyhow!(
            "cannot read {}: {e}; fix it (a dangling link?) or remove it",
            path.display()
        )
    })?;
    if !metadata.is_file() {
        bail!("{} is not a file: remove it or rename it", path.display());
    }
    fs::File::open(path).map_err(|e| {
        anyhow::anyhow!(
            "cannot read {}: {e}; make it readable (chmod a+r) or remove it",
            path.display()
        )
    })?;
    Ok(())
}

/// The largest limits accepted: an hour of CPU time, 1 TiB of memory. More is a typo, and would overflow
/// the arithmetic of the limits.
pub const MAX_TIME_MS: u64 = 3_600_000;
pub const MAX_MEMORY_MB: u64 = 1 << 20;

/// A limit: a positive integer no larger than `max`, or an error naming the file, the line and the key.
pub fn limit(
    path: &Path,
    text: &str,
    key: &str,
    value: &toml::Spanned<i64>,
    max: u64,
) -> Result<u64> {
    let line = line_of(text, value.span().start);
    let got = *value.get_ref();
    match u64::try_from(got) {
        Ok(v) if (1..=max).contains(&v) => Ok(v),
        Ok(v) if v > max => bail!(
            "{}:{line}: key `{key}`: {v} is more than the largest accepted, {max}; fix the value",
            path.display()
        ),
        _ => bail!(
            "{}:{line}: key `{key}`: must be a positive integer, got {got}; set the judge's limit, e.g. `{key} = {}`",
            path.display(),
            if key == "time_limit_ms" { 1000 } else { 64 }
        ),
    }
}

/// 1-based line of a byte offset.
pub fn line_of(text: &str, offset: usize) -> usize {
    text[..offset.min(text.len())]
        .bytes()
        .filter(|&b| b == b'\n')
        .count()
        + 1
}

/// A TOML error as `path:line: message; what to do`, naming the key when serde does.
pub fn toml_error(path: &Path, text: &str, err: &toml::de::Error) -> anyhow::Error {
    let message = err.message().trim_end();
    // A missing key has no line of its own; any other error points at one.
    let line = err
        .span()
        .filter(|_| !message.starts_with("missing field"))
        .map(|span| line_of(text, span.start));
    // Name the key of that line when the message does not (`invalid type: ...`).
    let key = line
        .and_then(|line| text.lines().nth(line - 1))
        .and_then(|source| source.split_once('='))
        .map(|(key, _)| key.trim())
        .filter(|key| !key.is_empty() && !key.starts_with('#') && !message.contains(*key));
    let message = match key {
        Some(key) => format!("key `{key}`: {message}"),
        None => message.to_string(),
    };
    let fix = if message.contains("missing field") {
        "add the key"
    } else if message.contains("unknown field") {
        "remove the key or correct its name"
    } else if message.contains("invalid type") || message.contains("unknown variant") {
        "correct the value"
    } else {
        "fix the TOML syntax"
    };
    let location = match line {
        Some(line) => format!("{}:{line}", path.display()),
        None => path.display().to_string(),
    };
    anyhow::anyhow!("{location}: {message}; {fix} (see docs/setter.md, \"Adding a problem\")")
}

/// `*` matches any run of characters, `?` one character; everything else literally.
pub fn glob_match(pattern: &str, text: &str) -> bool {
    fn go(p: &[char], t: &[char]) -> bool {
        match p.split_first() {
            None => t.is_empty(),
            Some(('*', rest)) => (0..=t.len()).any(|i| go(rest, &t[i..])),
            Some(('?', rest)) => !t.is_empty() && go(rest, &t[1..]),
            Some((c, rest)) => t.first() == Some(c) && go(rest, &t[1..]),
        }
    }
    let p: Vec<char> = pattern.chars().collect();
    let t: Vec<char> = text.chars().collect();
    go(&p, &t)
}

/// The entries of a folder (none when it is not one), hidden ones aside, sorted.
pub fn entries(dir: &Path) -> Result<Vec<PathBuf>> {
    let mut paths = Vec::new();
    if dir.is_dir() {
        let listing = || format!("cannot list {}", dir.display());
        for entry in fs::read_dir(dir).with_context(listing)? {
            let path = entry.with_context(listing)?.path();
            let name = path.file_name().unwrap_or_default().to_string_lossy();
            if !name.starts_with('.') {
                paths.push(path);
            }
        }
    }
    paths.sort();
    Ok(paths)
}

/// The first line of a file's leading comment (`//!`, `//`, or `#` but not a `#!` line).
pub fn leading_comment(path: &Path) -> Option<String> {
    let text = fs::read_to_string(path).ok()?;
    text.lines()
        .map(str::trim)
        .take_while(|line| line.starts_with("//") || line.starts_with('#'))
        .filter(|line| !line.starts_with("#!") && !line.starts_with("#include"))
        .map(|line| line.trim_start_matches(['/', '!', '#']).trim())
        .find(|line| !line.is_empty())
        .map(|line| line.chars().take(200).collect())
}

/// The first line of the submission's files (a file, or a folder's files by name) that holds `tag`: the
/// file, and what follows the tag on that line.
pub fn tagged_line(path: &Path, tag: &str) -> Option<(PathBuf, String)> {
    let files: Vec<PathBuf> = match path.is_dir() {
        true => walkdir::WalkDir::new(path)
            .sort_by_file_name()
            .into_iter()
            .filter_map(|e| e.ok())
            .filter(|e| e.file_type().is_file())
            .map(|e| e.into_path())
            .collect(),
        false => vec![path.to_path_buf()],
    };
    files.into_iter().find_map(|file| {
        let bytes = std::fs::read(&file).ok()?;
        let text = String::from_utf8_lossy(&bytes);
        let line = text.lines().find(|l| l.contains(tag))?;
        let rest = line[line.find(tag)? + tag.len()..].to_string();
        Some((file, rest))
    })
}

/// `@EXPECTED_SCORE@: 50` (or two numbers, a range) in one of the submission's files.
pub fn expected_score_tag(path: &Path) -> Result<Option<ScoreExpectation>> {
    const TAG: &str = "@EXPECTED_SCORE@";
    if let Some((file, rest)) = tagged_line(path, TAG) {
        let numbers: Vec<f64> = rest
            .trim_start_matches(':')
            .split(|c: char| c.is_whitespace() || c == ',')
            .filter(|w| !w.is_empty())
            .map_while(|w| w.parse::<f64>().ok())
            .collect();
        return match numbers[..] {
            [score] => Ok(Some(ScoreExpectation::exactly(score))),
            [min, max] if min <= max => Ok(Some(ScoreExpectation { min, max })),
            _ => bail!(
                "{}: {TAG}: expected a score or two (a range), got `{}`",
                file.display(),
                rest.trim()
            ),
        };
    }
    Ok(None)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_numbers_are_one_based() {
        assert_eq!(line_of("a\nb\nc", 0), 1);
        assert_eq!(line_of("a\nb\nc", 2), 2);
        assert_eq!(line_of("a\nb\nc", 4), 3);
    }
}
