//! Reading the YAML files of a Kattis problem package (`problem.yaml`, `testdata.yaml`, `test_group.yaml`,
//! a test case's `.yaml`, `submissions.yaml`): typed look-ups whose errors name the file and the key.

use std::path::{Path, PathBuf};

use anyhow::{anyhow, bail, Result};
use serde_norway::{Mapping, Value};

/// The deepest a package's YAML may nest (flow collections, block indentation).
const MAX_DEPTH: usize = 100;

/// Whether `text` nests flow collections (`[`, `{`) more than `MAX_DEPTH` deep, or indents a line by more
/// than that many levels (spaces and `- ` of nested block sequences, a few characters each).
fn nests_too_deep(text: &str) -> bool {
    let mut depth = 0usize;
    for line in text.lines() {
        let body = line.trim_start_matches([' ', '-', '\t']);
        if line.len() - body.len() > 4 * MAX_DEPTH {
            return true;
        }
        for c in body.split(" #").next().unwrap_or_default().chars() {
            match c {
                '[' | '{' => depth += 1,
                ']' | '}' => depth = depth.saturating_sub(1),
                _ => {}
            }
            if depth > MAX_DEPTH {
                return true;
            }
        }
    }
    false
}

/// A YAML file that is a map (an empty file is an empty map), with its path for the errors.
#[derive(Debug, Clone)]
pub struct YamlMap {
    pub path: PathBuf,
    pub map: Mapping,
    /// The keys above this map, for the errors (`limits.` under `limits`).
    prefix: String,
}

impl YamlMap {
    /// An empty map standing for `path` (a file the package may leave out).
    pub fn empty(path: &Path) -> YamlMap {
        YamlMap {
            path: path.to_path_buf(),
            map: Mapping::new(),
            prefix: String::new(),
        }
    }

    /// Reads `path`; a file that is not YAML, or whose top level is not a map, is an error naming it.
    pub fn read(path: &Path) -> Result<YamlMap> {
        let text = crate::package::read_text(path)?;
        // The parser's time grows with the square of the nesting, up to its recursion limit (minutes for
        // 100,000 levels): deep nesting is refused first, in one pass over the text.
        if nests_too_deep(&text) {
            bail!(
                "{}: nested more than {MAX_DEPTH} levels deep; no key of a package needs that, flatten it",
                path.display()
            );
        }
        let value: Value = serde_norway::from_str(&text)
            .map_err(|e| anyhow!("{}: not valid YAML: {e}", path.display()))?;
        let map = match value {
            Value::Null => Mapping::new(),
            Value::Mapping(map) => map,
            other => bail!(
                "{}: expected a map of keys at the top level, got {}",
                path.display(),
                shown(&other)
            ),
        };
        Ok(YamlMap {
            path: path.to_path_buf(),
            map,
            prefix: String::new(),
        })
    }

    /// A map read elsewhere (a group's keys with those it inherits), named by `path` in the errors.
    pub fn from_map(path: &Path, map: Mapping) -> YamlMap {
        YamlMap {
            path: path.to_path_buf(),
            map,
            prefix: String::new(),
        }
    }

    /// The file if it exists.
    pub fn read_if_exists(path: &Path) -> Result<Option<YamlMap>> {
        match path.is_file() {
            true => YamlMap::read(path).map(Some),
            false => Ok(None),
        }
    }

    pub fn get(&self, key: &str) -> Option<&Value> {
        self.map.get(key).filter(|v| !v.is_null())
    }

    /// `prefix.key`, as errors name it.
    pub fn key_name(&self, key: &str) -> String {
        format!("{}{key}", self.prefix)
    }

    /// The error for a key whose value is not what it must be.
    pub fn bad(&self, key: &str, expected: &str, got: &Value) -> anyhow::Error {
        anyhow!(
            "{}: key `{}`: expected {expected}, got {}",
            self.path.display(),
            self.key_name(key),
            shown(got)
        )
    }

    /// The keys that are not in `known`, as `prefix.key`.
    pub fn unknown_keys(&self, known: &[&str]) -> Vec<String> {
        self.map
            .keys()
            .map(|k| k.as_str().map_or_else(|| shown(k), str::to_string))
            .filter(|k| !known.contains(&k.as_str()))
            .map(|k| self.key_name(&k))
            .collect()
    }

    /// The map under `key`, if any.
    pub fn sub(&self, key: &str) -> Result<Option<YamlMap>> {
        match self.get(key) {
            None => Ok(None),
            Some(Value::Mapping(map)) => Ok(Some(YamlMap {
                path: self.path.clone(),
                map: map.clone(),
                prefix: format!("{}.", self.key_name(key)),
            })),
            Some(other) => Err(self.bad(key, "a map", other)),
        }
    }

    pub fn string(&self, key: &str) -> Result<Option<String>> {
        match self.get(key) {
            None => Ok(None),
            Some(value) => scalar(value)
                .map(Some)
                .ok_or_else(|| self.bad(key, "a string", value)),
        }
    }

    pub fn number(&self, key: &str) -> Result<Option<f64>> {
        match self.get(key) {
            None => Ok(None),
            Some(value) => match value.as_f64() {
                Some(n) if n.is_finite() => Ok(Some(n)),
                _ => Err(self.bad(key, "a number", value)),
            },
        }
    }

    /// A number that must be above zero, and at most `max`: more is a typo, and would overflow the
    /// arithmetic of the limits (seconds: an hour, `MAX_TIME_MS`; a factor of time limits: a thousand).
    pub fn positive(&self, key: &str, unit: &str) -> Result<Option<f64>> {
        let max = match unit {
            "seconds" => (crate::package::text::MAX_TIME_MS / 1000) as f64,
            _ => 1000.0,
        };
        match self.number(key)? {
            Some(n) if n <= 0.0 || n > max => {
                let expected = format!("a number above 0 and at most {max} ({unit})");
                Err(self.bad(key, &expected, &n.into()))
            }
            other => Ok(other),
        }
    }

    /// A whole number above zero (MiB, seconds).
    pub fn whole(&self, key: &str, unit: &str) -> Result<Option<u64>> {
        match self.number(key)? {
            Some(n) if n.fract() != 0.0 || !(1.0..=1e9).contains(&n) => {
                Err(self.bad(key, &format!("a whole number above 0 ({unit})"), &n.into()))
            }
            other => Ok(other.map(|n| n as u64)),
        }
    }

    /// A list of strings, or one string of words separated by spaces.
    pub fn words(&self, key: &str) -> Result<Option<Vec<String>>> {
        let Some(value) = self.get(key) else {
            return Ok(None);
        };
        let expected = "a list of strings (or a string of words)";
        match value {
            Value::Sequence(items) => items
                .iter()
                .map(|item| scalar(item).ok_or_else(|| self.bad(key, expected, value)))
                .collect::<Result<Vec<_>>>()
                .map(Some),
            other => scalar(other)
                .map(|text| Some(text.split_whitespace().map(String::from).collect()))
                .ok_or_else(|| self.bad(key, expected, value)),
        }
    }

    /// A string, or a list of strings.
    pub fn one_or_many(&self, key: &str) -> Result<Option<Vec<String>>> {
        match self.get(key) {
            None => Ok(None),
            Some(Value::Sequence(items)) if !items.is_empty() => items
                .iter()
                .map(|item| scalar(item).ok_or_else(|| self.bad(key, "strings", item)))
                .collect::<Result<Vec<_>>>()
                .map(Some),
            Some(value) => scalar(value)
                .map(|s| Some(vec![s]))
                .ok_or_else(|| self.bad(key, "a string or a non-empty list of strings", value)),
        }
    }
}

/// A scalar as text: strings as they are, numbers and booleans as written.
pub fn scalar(value: &Value) -> Option<String> {
    match value {
        Value::String(s) => Some(s.clone()),
        Value::Number(n) => Some(n.to_string()),
        Value::Bool(b) => Some(b.to_string()),
        _ => None,
    }
}

/// A value, short, for an error message.
pub fn shown(value: &Value) -> String {
    let text = serde_norway::to_string(value).unwrap_or_default();
    let text = text.trim().replace('\n', " ");
    match text.chars().count() > 60 {
        true => format!("{}…", text.chars().take(60).collect::<String>()),
        false => format!("`{text}`"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn yaml(text: &str) -> YamlMap {
        YamlMap {
            path: PathBuf::from("problem.yaml"),
            map: serde_norway::from_str(text).unwrap(),
            prefix: String::new(),
        }
    }

    #[test]
    fn typed_lookups_name_the_file_and_key() {
        let doc = yaml("limits:\n  memory: 512\n  time_limit: -1\nvalidator_flags: case_sensitive float_tolerance 1e-6\nargs: [a, 2]\n");
        let limits = doc.sub("limits").unwrap().unwrap();
        assert_eq!(limits.whole("memory", "MiB").unwrap(), Some(512));
        let err = limits
            .positive("time_limit", "seconds")
            .unwrap_err()
            .to_string();
        assert!(
            err.contains("problem.yaml: key `limits.time_limit`"),
            "{err}"
        );
        assert_eq!(
            doc.words("validator_flags").unwrap().unwrap(),
            ["case_sensitive", "float_tolerance", "1e-6"]
        );
        assert_eq!(doc.words("args").unwrap().unwrap(), ["a", "2"]);
        assert!(doc.sub("validator_flags").is_err());
        assert_eq!(doc.unknown_keys(&["limits", "args"]), ["validator_flags"]);
    }
}
