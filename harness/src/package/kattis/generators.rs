//! BAPCtools' `generators/generators.yaml`: the test data of a package as rules rather than files. Read
//! here into the cases and groups it makes (a `data:` tree of `sample`, `secret` and the invalid and valid
//! example folders, with nested groups, numbered when `data:` is a list; cases by a generator command
//! with `{seed}`, `{seed:N}`, `{count}` and `{name}`, by `copy:`, by inline `in:`/`ans:`/...; `count:`;
//! `random_salt`; `solution:`; `include:`; each group's `test_group.yaml`), then made: every generator
//! and solution run in the sandbox through `package::generated`, the files written into a data folder of
//! the cache that the loader reads as the package's `data/`.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use anyhow::{anyhow, bail, Context, Result};
use rayon::prelude::*;
use serde_norway::{Mapping, Value};
use sha2::{Digest, Sha512};

use crate::package::generated::{Comparison, Maker};

/// The folders `data:` may have at its top, in the order BAPCtools makes them.
const ROOT_FOLDERS: &[&str] = &[
    "sample",
    "secret",
    "invalid_input",
    "invalid_answer",
    "invalid_output",
    "valid_output",
];

/// The files a case may give inline, by extension.
const INLINE: &[&str] = &[
    "in",
    "ans",
    "out",
    "in.statement",
    "ans.statement",
    "in.download",
    "ans.download",
    "interaction",
    "yaml",
];

/// The files a generator may write beside its `.in`, and a copied case may have.
const BESIDE: &[&str] = &[
    "in",
    "ans",
    "out",
    "hint",
    "desc",
    "interaction",
    "yaml",
    "args",
    "in.statement",
    "ans.statement",
    "in.download",
    "ans.download",
];

/// What `generators.yaml` makes.
#[derive(Debug, Default)]
pub struct Recipe {
    pub cases: Vec<Case>,
    /// Each group's folder (relative to `data/`) and the text of its `test_group.yaml`.
    pub groups: Vec<(String, String)>,
    /// Programs made of listed files (`generators: {name: [files]}`), by their path from the package
    /// (`generators/<name>`), each file's path from the package.
    pub programs: BTreeMap<String, Vec<String>>,
    /// problem.yaml's constants, substituted in commands and in the programs' sources.
    pub constants: BTreeMap<String, String>,
}

/// One test case: its path under `data/` without extension, and how its files are made.
#[derive(Debug, Clone, PartialEq)]
pub struct Case {
    pub path: String,
    pub generate: Option<Command>,
    /// A case of the package to copy (`generators/<copy>.in`, and the files beside it).
    pub copy: Option<String>,
    /// Files given inline, by extension.
    pub inline: Vec<(String, String)>,
    /// Files that are another of the case's files (`in.download: {link: in.statement}`), by extension.
    pub links: Vec<(String, String)>,
    /// The program (relative to the package) whose output on the input is the answer, when none is given.
    pub solution: Option<String>,
}

/// A generator command as written (after `{count}`), with the seed BAPCtools derives from it.
#[derive(Debug, Clone, PartialEq)]
pub struct Command {
    pub text: String,
    pub seed: u32,
}

impl Command {
    /// The program (relative to the package: `generators/` unless the name starts with `/`) and its
    /// arguments, `{seed}`/`{seed:N}` and `{name}` filled in.
    pub fn program_and_args(&self) -> Result<(String, Vec<String>)> {
        let words = split_words(&self.text)
            .ok_or_else(|| anyhow!("`{}`: unbalanced quotes", self.text))?;
        let (program, args) = words
            .split_first()
            .ok_or_else(|| anyhow!("an empty generator command"))?;
        let program = match program.strip_prefix('/') {
            Some(rooted) => rooted.to_string(),
            None => format!("generators/{program}"),
        };
        let args = args
            .iter()
            .map(|arg| fill_seed(&arg.replace("{name}", "testcase"), self.seed))
            .collect();
        Ok((program, args))
    }
}

/// BAPCtools' seed of a command: the SHA-512 of the salt, `:<count - 1>` for a count other than 1, and
/// the command without its surrounding white space, as a number, modulo 2^31.
pub fn seed(salt: &str, count: i64, command: &str) -> u32 {
    let mut text = salt.to_string();
    if count != 1 {
        text += &format!(":{}", count - 1);
    }
    text += command.trim();
    let digest = Sha512::digest(text.as_bytes());
    let tail = u32::from_be_bytes([digest[60], digest[61], digest[62], digest[63]]);
    tail & 0x7fff_ffff
}

/// Every `{seed}` and `{seed:N}` of `arg` replaced by the seed.
fn fill_seed(arg: &str, seed: u32) -> String {
    let mut out = String::new();
    let mut rest = arg;
    while let Some(at) = rest.find("{seed") {
        let after = &rest[at + 5..];
        let close = match after.strip_prefix(':') {
            Some(digits) => {
                let n = digits.chars().take_while(char::is_ascii_digit).count();
                (n > 0 && digits[n..].starts_with('}')).then_some(1 + n)
            }
            None => after.starts_with('}').then_some(0),
        };
        match close {
            Some(len) => {
                out += &rest[..at];
                out += &seed.to_string();
                rest = &after[len + 1..];
            }
            None => {
                out += &rest[..at + 5];
                rest = after;
            }
        }
    }
    out + rest
}

/// A command line split into words as a POSIX shell would, for quotes and backslashes; `None` when a
/// quote is not closed.
fn split_words(text: &str) -> Option<Vec<String>> {
    let mut words = Vec::new();
    let mut word: Option<String> = None;
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        match c {
            c if c.is_whitespace() => words.extend(word.take()),
            '\'' => {
                let word = word.get_or_insert_with(String::new);
                loop {
                    match chars.next()? {
                        '\'' => break,
                        c => word.push(c),
                    }
                }
            }
            '"' => {
                let word = word.get_or_insert_with(String::new);
                loop {
                    match chars.next()? {
                        '"' => break,
                        '\\' => word.push(chars.next()?),
                        c => word.push(c),
                    }
                }
            }
            '\\' => word.get_or_insert_with(String::new).push(chars.next()?),
            c => word.get_or_insert_with(String::new).push(c),
        }
    }
    words.extend(word);
    Some(words)
}

/// The file of a package's generators, if it has one.
pub fn file(dir: &Path) -> PathBuf {
    dir.join("generators").join("generators.yaml")
}

/// A package's `constants` (problem.yaml, 2025-09): `{{NAME}}` is its value, `{{NAME.variant}}` a
/// variant, substituted in generator commands as BAPCtools does.
pub fn constants(dir: &Path) -> Result<BTreeMap<String, String>> {
    let yaml = super::yaml::YamlMap::read(&dir.join("problem.yaml"))?;
    let mut found = BTreeMap::new();
    let Some(Value::Mapping(constants)) = yaml.get("constants") else {
        return Ok(found);
    };
    for (key, value) in constants {
        let Some(key) = key.as_str() else { continue };
        let variants = match value {
            Value::Mapping(map) => map.clone(),
            other => [(Value::from("value"), other.clone())].into_iter().collect(),
        };
        for (sub, variant) in &variants {
            let (Some(sub), Some(text)) = (sub.as_str(), super::yaml::scalar(variant)) else {
                continue;
            };
            if sub == "value" {
                found.insert(key.to_string(), text.clone());
            }
            found.insert(format!("{key}.{sub}"), text);
        }
    }
    Ok(found)
}

/// `{{NAME}}` and `{{NAME.variant}}` replaced by the constants that exist; others left as they are.
pub fn substitute(text: &str, constants: &BTreeMap<String, String>) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(at) = rest.find("{{") {
        out += &rest[..at];
        let after = &rest[at + 2..];
        match after.find("}}").map(|end| (end, &after[..end])) {
            Some((end, name)) if constants.contains_key(name) => {
                out += &constants[name];
                rest = &after[end + 2..];
            }
            _ => {
                out += "{{";
                rest = after;
            }
        }
    }
    out + rest
}

/// Reads `generators.yaml` into what it makes, with the package's constants. Errors name the file and
/// the rule.
pub fn read(path: &Path, constants: &BTreeMap<String, String>) -> Result<Recipe> {
    let text = crate::package::read_text(path)?;
    let value: Value = serde_norway::from_str(&text)
        .map_err(|e| anyhow!("{}: not valid YAML: {e}", path.display()))?;
    let root = match value {
        Value::Mapping(map) => map,
        Value::Null => Mapping::new(),
        _ => bail!("{}: expected a map at the top level", path.display()),
    };
    parse(&root, constants).map_err(|e| anyhow!("{}: {e:#}", path.display()))
}

/// The settings a folder passes down to its cases.
#[derive(Debug, Clone, Default)]
struct Config {
    salt: String,
    solution: Option<String>,
}

struct Parser {
    recipe: Recipe,
    /// The next number of a numbered case, and the width of the numbers (one counter for the whole
    /// tree, as BAPCtools numbers them).
    next_case: usize,
    width: usize,
    /// Cases and folders by their key, for `include:`.
    keys: BTreeMap<String, Vec<String>>,
    /// problem.yaml's constants, for `{{NAME}}` in commands.
    constants: BTreeMap<String, String>,
}

fn parse(root: &Mapping, constants: &BTreeMap<String, String>) -> Result<Recipe> {
    let config = settings(root, &Config::default())?;
    let mut programs = BTreeMap::new();
    if let Some(Value::Mapping(listed)) = root.get("generators") {
        for (name, files) in listed {
            let name = name.as_str().unwrap_or_default();
            let Value::Sequence(files) = files else {
                bail!("key `generators.{name}`: expected a list of its files");
            };
            let files = files.iter().map(|f| match f.as_str() {
                Some(file) => Ok(format!("generators/{file}")),
                None => Err(anyhow!("key `generators.{name}`: a file name is not text")),
            });
            programs.insert(format!("generators/{name}"), files.collect::<Result<_>>()?);
        }
    }
    let mut parser = Parser {
        constants: constants.clone(),
        recipe: Recipe::default(),
        next_case: 1,
        width: numbered_cases(root).to_string().len(),
        keys: BTreeMap::new(),
    };
    let data = match root.get("data") {
        Some(Value::Mapping(map)) => map.clone(),
        None | Some(Value::Null) => Mapping::new(),
        Some(_) => bail!("key `data`: the top folder's `data` must be a map (sample, secret, ...)"),
    };
    for key in data.keys() {
        let name = key.as_str().unwrap_or_default();
        if !ROOT_FOLDERS.contains(&name) {
            bail!(
                "key `data.{}`: not a folder of the data (they are {})",
                super::yaml::shown(key),
                ROOT_FOLDERS.join(", ")
            );
        }
    }
    for name in ROOT_FOLDERS {
        if let Some(value) = data.get(*name) {
            let map = match value {
                Value::Mapping(map) => map.clone(),
                Value::Null => Mapping::new(),
                _ => bail!("key `data.{name}`: expected a folder (a map with `data:`)"),
            };
            parser.folder(name, name, &map, &config)?;
        }
    }
    parser.recipe.programs = programs;
    parser.recipe.constants = constants.clone();
    Ok(parser.recipe)
}

/// A folder's own settings over those it inherits.
fn settings(map: &Mapping, inherited: &Config) -> Result<Config> {
    let mut config = inherited.clone();
    if let Some(salt) = map.get("random_salt") {
        config.salt = super::yaml::scalar(salt)
            .ok_or_else(|| anyhow!("key `random_salt`: expected a string"))?;
    }
    if let Some(solution) = map.get("solution") {
        config.solution = match solution {
            Value::Null => None,
            Value::String(path) => Some(path.trim_start_matches('/').to_string()),
            _ => bail!("key `solution`: expected a path such as /submissions/accepted/sol.py"),
        };
    }
    Ok(config)
}

fn is_case(value: &Value) -> bool {
    match value {
        Value::Null | Value::String(_) => true,
        Value::Mapping(map) => map.keys().any(|k| {
            let k = k.as_str().unwrap_or_default();
            ["copy", "generate", "count", "match"].contains(&k) || INLINE.contains(&k)
        }),
        _ => false,
    }
}

/// How many numbered cases the tree has (those in a `data:` list), for the width of their numbers.
fn numbered_cases(map: &Mapping) -> usize {
    let (entries, numbered) = match map.get("data") {
        Some(Value::Mapping(m)) => (vec![m.clone()], false),
        Some(Value::Sequence(items)) => {
            let maps = items.iter().filter_map(|i| i.as_mapping().cloned());
            (maps.collect(), true)
        }
        _ => return 0,
    };
    let mut total = 0;
    for entry in &entries {
        for value in entry.values() {
            if is_case(value) && numbered {
                total += counts(value).map(|c| c.len()).unwrap_or(1);
            } else if let Value::Mapping(sub) = value {
                if !is_case(value) {
                    total += numbered_cases(sub);
                }
            }
        }
    }
    total
}

/// The values of a case's `count:` (`[1]` without one): a number 1..=100, a list, or `a..=b`.
fn counts(value: &Value) -> Result<Vec<i64>> {
    let Some(count) = value.as_mapping().and_then(|m| m.get("count")) else {
        return Ok(vec![1]);
    };
    let list: Vec<i64> = match count {
        Value::Number(n) => {
            let n = n.as_i64().filter(|n| (1..=100).contains(n));
            let n = n.ok_or_else(|| anyhow!("count {count:?}: must be from 1 to 100"))?;
            (1..=n).collect()
        }
        Value::Sequence(items) => items
            .iter()
            .map(|i| i.as_i64().ok_or_else(|| anyhow!("count list: {i:?} is not a whole number")))
            .collect::<Result<_>>()?,
        Value::String(range) => {
            let (lo, hi) = range
                .split_once("..=")
                .and_then(|(a, b)| Some((a.trim().parse::<i64>().ok()?, b.trim().parse().ok()?)))
                .ok_or_else(|| anyhow!("count `{range}`: expected a range such as -4..=5"))?;
            if lo > hi || hi - lo >= 100 {
                bail!("count `{range}`: from 1 to 100 values");
            }
            (lo..=hi).collect()
        }
        other => bail!("count: expected a number, a list or a range, got {other:?}"),
    };
    if list.is_empty() || list.len() > 100 {
        bail!("count: from 1 to 100 values");
    }
    Ok(list)
}

impl Parser {
    /// A folder at `path` (under `data/`), known by `key` to `include:`.
    fn folder(&mut self, key: &str, path: &str, map: &Mapping, inherited: &Config) -> Result<()> {
        let config = settings(map, inherited)?;
        for name in ["test_group.yaml", "testdata.yaml"] {
            if let Some(yaml) = map.get(name).filter(|v| !v.is_null()) {
                let text = serde_norway::to_string(yaml)
                    .with_context(|| format!("{path}: key `{name}`"))?;
                self.recipe.groups.push((path.to_string(), text));
            }
        }
        let first = self.recipe.cases.len();
        if let Some(includes) = map.get("include") {
            let Value::Sequence(includes) = includes else {
                bail!("{path}: key `include`: expected a list of keys of earlier cases or groups");
            };
            for include in includes {
                let include = include.as_str().unwrap_or_default();
                let Some(included) = self.keys.get(include).cloned() else {
                    bail!("{path}: key `include`: `{include}` is no earlier case or group");
                };
                for case_path in included {
                    let case = self.recipe.cases.iter().find(|c| c.path == case_path).cloned();
                    let Some(mut case) = case else { continue };
                    let name = case_path.rsplit('/').next().unwrap_or_default();
                    case.path = format!("{path}/{name}");
                    self.recipe.cases.push(case);
                }
            }
        }
        let (entries, numbered) = match map.get("data") {
            None | Some(Value::Null) => (Vec::new(), false),
            Some(Value::Mapping(m)) => (vec![m.clone()], false),
            Some(Value::Sequence(items)) => {
                let maps = items.iter().map(|i| match i {
                    Value::Mapping(m) => Ok(m.clone()),
                    _ => Err(anyhow!("{path}: `data` list: each entry is a map of one name")),
                });
                (maps.collect::<Result<_>>()?, true)
            }
            Some(_) => bail!("{path}: key `data`: expected a map or a list of maps"),
        };
        let groups: usize = entries
            .iter()
            .map(|e| e.values().filter(|v| !is_case(v)).count())
            .sum();
        let group_width = groups.to_string().len();
        let mut next_group = 1;
        for entry in &entries {
            if numbered && entry.len() != 1 {
                bail!("{path}: a numbered `data` entry must have exactly one name");
            }
            let mut children: Vec<(String, &Value)> = entry
                .iter()
                .map(|(k, v)| (super::yaml::scalar(k).unwrap_or_default(), v))
                .collect();
            children.sort_by(|a, b| a.0.cmp(&b.0));
            for (child, value) in children {
                if is_case(value) {
                    self.cases(path, &child, numbered, value, &config)?;
                } else {
                    let Value::Mapping(sub) = value else { unreachable!() };
                    let name = match numbered {
                        true => numbered_name(next_group, group_width, &child),
                        false => child.clone(),
                    };
                    next_group += 1;
                    if name.is_empty() {
                        bail!("{path}: a group without a name");
                    }
                    let at = self.recipe.cases.len();
                    self.folder(&child, &format!("{path}/{name}"), sub, &config)?;
                    let made = self.recipe.cases[at..].iter().map(|c| c.path.clone());
                    self.keys.entry(child).or_default().extend(made);
                }
            }
        }
        let made: Vec<String> = self.recipe.cases[first..].iter().map(|c| c.path.clone()).collect();
        self.keys.entry(key.to_string()).or_default().extend(made);
        Ok(())
    }

    /// The cases of one rule (several with `count:`) in the folder `path`.
    fn cases(
        &mut self,
        path: &str,
        key: &str,
        numbered: bool,
        value: &Value,
        inherited: &Config,
    ) -> Result<()> {
        let rule = match value {
            Value::Null => bail!("{path}/{key}: an empty rule; give a command, copy: or in:"),
            Value::String(text) => match text.strip_suffix(".in") {
                Some(copy) => [("copy", copy)].into_iter().map(|(k, v)| (k.into(), v.into())).collect(),
                None => [("generate", text.as_str())].into_iter().map(|(k, v)| (k.into(), v.into())).collect(),
            },
            Value::Mapping(map) => map.clone(),
            _ => unreachable!("is_case"),
        };
        let config = settings(&rule, inherited)?;
        let list = counts(value).with_context(|| format!("{path}/{key}"))?;
        let consecutive = list.iter().max().unwrap_or(&1) - list.iter().min().unwrap_or(&1)
            == list.len() as i64 - 1;
        let padding = match consecutive {
            true => list.iter().map(|v| v.to_string().len()).max().unwrap_or(1),
            false => 0,
        };
        let has_count = rule.contains_key("count");
        for count in list {
            let mut name = match numbered {
                true => numbered_name(self.next_case, self.width, key),
                false => key.to_string(),
            };
            if numbered {
                self.next_case += 1;
            }
            if has_count {
                name += &format!("-{count:0padding$}");
            }
            if name.is_empty() {
                bail!("{path}: a case without a name");
            }
            let at = format!("{path}/{name}");
            let generate = match rule.get("generate") {
                None | Some(Value::Null) => None,
                Some(Value::String(text)) => {
                    let text = substitute(text, &self.constants);
                    let text = match has_count {
                        true => text.replace("{count}", &count.to_string()),
                        false => text.clone(),
                    };
                    let seed = seed(&config.salt, count, &text);
                    Some(Command { text, seed })
                }
                Some(_) => bail!("{at}: key `generate`: expected a command"),
            };
            let copy = match rule.get("copy") {
                None | Some(Value::Null) => None,
                Some(Value::String(copy)) => Some(copy.trim_end_matches(".in").to_string()),
                Some(_) => bail!("{at}: key `copy`: expected a path"),
            };
            let mut inline = Vec::new();
            let mut links = Vec::new();
            for ext in INLINE {
                match rule.get(*ext) {
                    None | Some(Value::Null) => {}
                    Some(Value::Mapping(link)) if link.len() == 1 && link.contains_key("link") => {
                        let target = link.get("link").and_then(Value::as_str);
                        let target = target.filter(|t| INLINE.contains(t)).ok_or_else(|| {
                            anyhow!("{at}: key `{ext}`: `link` names another file of the case (in, ans, ...)")
                        })?;
                        links.push((ext.to_string(), target.to_string()));
                    }
                    // As BAPCtools: a text that does not end a line is given its newline.
                    Some(Value::String(text)) if !text.is_empty() && !text.ends_with('\n') => {
                        inline.push((ext.to_string(), format!("{text}\n")))
                    }
                    Some(Value::String(text)) => inline.push((ext.to_string(), text.clone())),
                    Some(map @ Value::Mapping(_)) if *ext == "yaml" => {
                        inline.push((ext.to_string(), serde_norway::to_string(map)?))
                    }
                    Some(other) => inline.push((
                        ext.to_string(),
                        super::yaml::scalar(other)
                            .ok_or_else(|| anyhow!("{at}: key `{ext}`: expected text"))?,
                    )),
                }
            }
            let given = |ext: &str| inline.iter().chain(&links).any(|(e, _)| e == ext);
            // A sample may give only what the statement shows (`in.statement` or `in.download`).
            let sample = path == "sample" || path.starts_with("sample/");
            let statement = sample && (given("in.statement") || given("in.download"));
            if generate.is_none() && copy.is_none() && !given("in") && !statement {
                bail!("{at}: needs one of generate, copy or in");
            }
            self.recipe.cases.push(Case {
                path: at.clone(),
                generate,
                copy,
                inline,
                links,
                solution: config.solution.clone(),
            });
            self.keys.entry(name).or_default().push(at);
        }
        Ok(())
    }
}

fn numbered_name(number: usize, width: usize, key: &str) -> String {
    match key.is_empty() {
        true => format!("{number:0width$}"),
        false => format!("{number:0width$}-{key}"),
    }
}

/// Makes the data of the package in `dir` into a folder of the cache and returns it, when it has a
/// `generators.yaml` and no committed `data/secret/` (committed data is judged as it is; `harness gen
/// --check` compares it with what the generators make).
pub fn generate(dir: &Path, maker: &Maker) -> Result<Option<PathBuf>> {
    if !wanted(dir) {
        return Ok(None);
    }
    make(dir, maker).map(Some)
}

/// Whether the package's data is to be generated: it has a `generators.yaml` and no `data/secret/`.
pub fn wanted(dir: &Path) -> bool {
    file(dir).is_file() && !dir.join("data").join("secret").is_dir()
}

/// Makes every file `generators.yaml` names into a fresh data folder of the cache and returns it.
pub fn make(dir: &Path, maker: &Maker) -> Result<PathBuf> {
    let path = file(dir);
    let recipe = read(&path, &constants(dir)?)?;
    let made = files(dir, &recipe, maker).with_context(|| format!("{}", path.display()))?;
    let mut hasher = Sha512::new();
    hasher.update(dir.as_os_str().as_encoded_bytes());
    let key: String = hasher.finalize()[..12].iter().map(|b| format!("{b:02x}")).collect();
    let out = maker.cache_dir().join("data").join(key);
    let partial = out.with_extension(format!("partial-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&partial);
    for (relative, bytes) in &made {
        let file = partial.join(relative);
        if let Some(parent) = file.parent() {
            std::fs::create_dir_all(parent)
                .with_context(|| format!("cannot create {}", parent.display()))?;
        }
        std::fs::write(&file, bytes).with_context(|| format!("cannot write {}", file.display()))?;
    }
    for name in ROOT_FOLDERS.iter().take(2) {
        std::fs::create_dir_all(partial.join(name))
            .with_context(|| format!("cannot create {}", partial.display()))?;
    }
    let _ = std::fs::remove_dir_all(&out);
    std::fs::rename(&partial, &out).with_context(|| format!("cannot write {}", out.display()))?;
    Ok(out)
}

/// The package's committed `data/` compared with what its `generators.yaml` makes: each file made that
/// is missing or differs (a `test_group.yaml` as YAML, not as text), and each committed `.in` or `.ans`
/// that it does not make.
pub fn compare(dir: &Path, maker: &Maker) -> Result<Comparison> {
    let made_dir = make(dir, maker)?;
    let committed = dir.join("data");
    let mut comparison = Comparison::default();
    let walk = |root: &Path| -> Result<Vec<String>> {
        let mut found = Vec::new();
        for entry in walkdir::WalkDir::new(root).sort_by_file_name() {
            let entry = entry.with_context(|| format!("cannot list {}", root.display()))?;
            if entry.file_type().is_file() {
                let relative = entry.path().strip_prefix(root).unwrap_or(entry.path());
                found.push(relative.to_string_lossy().into_owned());
            }
        }
        Ok(found)
    };
    let made = walk(&made_dir)?;
    for relative in &made {
        let ours = committed.join(relative);
        let theirs = std::fs::read(made_dir.join(relative))
            .with_context(|| format!("cannot read {}", made_dir.join(relative).display()))?;
        let equal = match std::fs::read(&ours) {
            Err(_) => {
                comparison
                    .differences
                    .push(format!("{} is missing", ours.display()));
                continue;
            }
            Ok(bytes) if relative.ends_with(".yaml") => {
                let parse = |b: &[u8]| serde_norway::from_slice::<Value>(b).ok();
                parse(&bytes) == parse(&theirs)
            }
            Ok(bytes) => bytes == theirs,
        };
        match equal {
            true => comparison.current += 1,
            false => comparison.differences.push(format!(
                "{} differs from what generators/generators.yaml makes",
                ours.display()
            )),
        }
    }
    if committed.is_dir() {
        for relative in walk(&committed)? {
            let data = relative.ends_with(".in") || relative.ends_with(".ans");
            if data && !made.contains(&relative) {
                comparison.differences.push(format!(
                    "{} is not made by generators/generators.yaml",
                    committed.join(&relative).display()
                ));
            }
        }
    }
    Ok(comparison)
}

/// The bytes of every file the recipe makes, by its path under `data/`.
pub fn files(dir: &Path, recipe: &Recipe, maker: &Maker) -> Result<BTreeMap<String, Vec<u8>>> {
    let mut programs: BTreeMap<String, crate::lang::Executable> = BTreeMap::new();
    let default_solution = default_solution(dir);
    for case in &recipe.cases {
        if let Some(command) = &case.generate {
            let (program, _) = command.program_and_args()?;
            if let std::collections::btree_map::Entry::Vacant(entry) = programs.entry(program) {
                let binary = compile(dir, entry.key(), recipe, maker)?;
                entry.insert(binary);
            }
        }
        let solution = case.solution.clone().or_else(|| default_solution.clone());
        if let Some(solution) = solution.filter(|_| wants_answer(case)) {
            if let std::collections::btree_map::Entry::Vacant(entry) = programs.entry(solution) {
                let binary = compile(dir, entry.key(), recipe, maker)?;
                entry.insert(binary);
            }
        }
    }
    let made: Vec<Vec<(String, Vec<u8>)>> = recipe
        .cases
        .par_iter()
        .map(|case| make_case(dir, case, &programs, default_solution.as_deref(), maker))
        .collect::<Result<_>>()?;
    let mut files: BTreeMap<String, Vec<u8>> = made.into_iter().flatten().collect();
    for (group, text) in &recipe.groups {
        files.insert(format!("{group}/test_group.yaml"), text.clone().into_bytes());
    }
    Ok(files)
}

/// Compiles a program of the package (`program`: its path from the package). A program listed under
/// `generators:` is its files; where problem.yaml has constants, `{{NAME}}` in its sources is replaced
/// first, as BAPCtools does: both are built from a copy in the cache.
fn compile(dir: &Path, program: &str, recipe: &Recipe, maker: &Maker) -> Result<crate::lang::Executable> {
    let listed = recipe.programs.get(program);
    if listed.is_none() && recipe.constants.is_empty() {
        return maker.compile(&dir.join(program));
    }
    let mut hasher = Sha512::new();
    hasher.update(dir.as_os_str().as_encoded_bytes());
    hasher.update(program.as_bytes());
    let key: String = hasher.finalize()[..12].iter().map(|b| format!("{b:02x}")).collect();
    let name = program.rsplit('/').next().unwrap_or(program);
    // Outside the cache: a compiler sees no file of the cache beside the one it builds (`seal`).
    let copy = maker.programs_dir().join(key).join(name);
    let _ = std::fs::remove_dir_all(&copy);
    let _ = std::fs::remove_file(&copy);
    let sources: Vec<(PathBuf, PathBuf)> = match listed {
        Some(files) => files
            .iter()
            .map(|f| {
                let file = f.rsplit('/').next().unwrap_or(f);
                (dir.join(f), copy.join(file))
            })
            .collect(),
        None if dir.join(program).is_dir() => walkdir::WalkDir::new(dir.join(program))
            .into_iter()
            .filter_map(|e| e.ok())
            .filter(|e| e.file_type().is_file())
            .map(|e| {
                let relative = e.path().strip_prefix(dir.join(program)).unwrap_or(e.path());
                (e.path().to_path_buf(), copy.join(relative))
            })
            .collect(),
        None => vec![(dir.join(program), copy.clone())],
    };
    for (from, to) in &sources {
        let bytes = std::fs::read(from).with_context(|| format!("cannot read {}", from.display()))?;
        let bytes = match String::from_utf8(bytes) {
            Ok(text) => substitute(&text, &recipe.constants).into_bytes(),
            Err(raw) => raw.into_bytes(),
        };
        if let Some(parent) = to.parent() {
            std::fs::create_dir_all(parent)
                .with_context(|| format!("cannot create {}", parent.display()))?;
        }
        std::fs::write(to, bytes).with_context(|| format!("cannot write {}", to.display()))?;
        #[cfg(unix)]
        if let Ok(meta) = std::fs::metadata(from) {
            let _ = std::fs::set_permissions(to, meta.permissions());
        }
    }
    maker.compile(&copy)
}

/// Whether a case's answer is made by a solution: a case without its `.ans` in a folder that has answers.
fn wants_answer(case: &Case) -> bool {
    !case.path.starts_with("invalid_input/")
}

fn make_case(
    dir: &Path,
    case: &Case,
    programs: &BTreeMap<String, crate::lang::Executable>,
    default_solution: Option<&str>,
    maker: &Maker,
) -> Result<Vec<(String, Vec<u8>)>> {
    let mut files: BTreeMap<String, Vec<u8>> = BTreeMap::new();
    if let Some(copy) = &case.copy {
        let base = dir.join("generators").join(copy);
        for ext in BESIDE {
            let from = PathBuf::from(format!("{}.{ext}", base.display()));
            if from.is_file() {
                let bytes =
                    std::fs::read(&from).with_context(|| format!("cannot read {}", from.display()))?;
                files.insert(ext.to_string(), bytes);
            }
        }
        if !files.contains_key("in") {
            bail!("{}: `copy: {copy}` names no file {}.in", case.path, base.display());
        }
    }
    if let Some(command) = &case.generate {
        let (program, args) = command.program_and_args()?;
        let made = maker
            .run(&programs[&program], &command.text, &args, None)
            .with_context(|| format!("{}: generating", case.path))?;
        for (name, bytes) in made.files {
            if let Some(ext) = name.strip_prefix("testcase.") {
                if BESIDE.contains(&ext) {
                    files.insert(ext.to_string(), bytes);
                }
            }
        }
        if !files.contains_key("in") {
            files.insert("in".to_string(), made.stdout);
        }
    }
    for (ext, text) in &case.inline {
        files.insert(ext.clone(), text.clone().into_bytes());
    }
    for (ext, target) in &case.links {
        let Some(bytes) = files.get(target).cloned() else {
            bail!("{}: `{ext}` links to `{target}`, which the case does not have", case.path);
        };
        files.insert(ext.clone(), bytes);
    }
    if !files.contains_key("ans") && files.contains_key("in") && wants_answer(case) {
        let solution = case.solution.as_deref().or(default_solution);
        let Some(solution) = solution else {
            bail!(
                "{}: no answer, and no solution to make it (give `solution:` or an accepted submission)",
                case.path
            );
        };
        let made = maker
            .run(&programs[solution], solution, &[], Some(&files["in"]))
            .with_context(|| format!("{}: making the answer", case.path))?;
        files.insert("ans".to_string(), made.stdout);
    }
    Ok(files
        .into_iter()
        .map(|(ext, bytes)| (format!("{}.{ext}", case.path), bytes))
        .collect())
}

/// The package's first accepted submission (relative to the package), BAPCtools' default solution.
fn default_solution(dir: &Path) -> Option<String> {
    let accepted = dir.join("submissions").join("accepted");
    let entries = crate::package::text::entries(&accepted).ok()?;
    let mut names: Vec<String> = entries
        .iter()
        .filter_map(|p| p.file_name().map(|n| n.to_string_lossy().into_owned()))
        .collect();
    names.sort();
    names.first().map(|n| format!("submissions/accepted/{n}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn recipe(text: &str) -> Recipe {
        let value: Value = serde_norway::from_str(text).unwrap();
        parse(value.as_mapping().unwrap(), &BTreeMap::new()).unwrap()
    }

    /// The values BAPCtools' formula gives in Python (`int(sha512(text).hexdigest(), 16) % 2**31`).
    #[test]
    fn seeds_are_bapctools_seeds() {
        assert_eq!(seed("", 1, "stdout.py {seed}"), 162981470);
        assert_eq!(seed("", 1, "  stdout.py {seed}\n"), 162981470);
        assert_eq!(seed("bob", 1, "stdout.py {seed:42}"), 593058468);
        assert_eq!(seed("", 5, "stdout.py {seed} 5"), 498227416);
        assert_eq!(seed("", 1, "stdout.py {seed:42}"), 1750401614);
    }

    #[test]
    fn constants_are_substituted_by_name_and_unknown_ones_kept() {
        let constants: BTreeMap<String, String> = [("FIVE", "5"), ("FIVE.WORD", "five")]
            .into_iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect();
        assert_eq!(
            substitute("gen.py {{FIVE}} {{FIVE.WORD}} {{SIX}} {seed}", &constants),
            "gen.py 5 five {{SIX}} {seed}"
        );
    }

    #[test]
    fn seeds_placeholders_are_filled_once_each() {
        assert_eq!(fill_seed("{seed}", 7), "7");
        assert_eq!(fill_seed("a{seed:12}b", 7), "a7b");
        assert_eq!(fill_seed("{seed:}", 7), "{seed:}");
        assert_eq!(fill_seed("{seedx}", 7), "{seedx}");
    }

    #[test]
    fn words_are_split_as_a_shell_splits_them() {
        assert_eq!(
            split_words(r#"gen.py 'a b' "c d" e\ f  g"#).unwrap(),
            ["gen.py", "a b", "c d", "e f", "g"]
        );
        assert!(split_words("gen.py 'open").is_none());
    }

    #[test]
    fn numbered_cases_share_one_counter_and_counts_get_a_suffix() {
        let recipe = recipe(
            "data:\n  sample:\n    data:\n      - '': gen.py 1\n  secret:\n    data:\n      - a: gen.py {seed}\n      - b:\n          generate: gen.py {count}\n          count: 10\n",
        );
        let paths: Vec<&str> = recipe.cases.iter().map(|c| c.path.as_str()).collect();
        assert_eq!(paths[0], "sample/01");
        assert_eq!(paths[1], "secret/02-a");
        assert_eq!(paths[2], "secret/03-b-01");
        assert_eq!(paths[11], "secret/12-b-10");
        assert_eq!(recipe.cases[2].generate.as_ref().unwrap().text, "gen.py 1");
    }

    #[test]
    fn named_cases_are_sorted_and_includes_copy_them() {
        let recipe = recipe(
            "data:\n  sample:\n    data:\n      z: {in: '1'}\n      a: {in: '2', ans: '2'}\n  secret:\n    include: [sample]\n    test_group.yaml: {input_validator_args: [small]}\n    data:\n      g:\n        data:\n          c: {copy: manual/c}\n",
        );
        let paths: Vec<&str> = recipe.cases.iter().map(|c| c.path.as_str()).collect();
        assert_eq!(paths, ["sample/a", "sample/z", "secret/a", "secret/z", "secret/g/c"]);
        assert_eq!(recipe.groups.len(), 1);
        assert_eq!(recipe.groups[0].0, "secret");
        assert!(recipe.groups[0].1.contains("small"));
    }

    #[test]
    fn generator_programs_are_under_generators_unless_rooted() {
        let command = Command {
            text: "gen.py {seed:3} {name}".into(),
            seed: 42,
        };
        let (program, args) = command.program_and_args().unwrap();
        assert_eq!(program, "generators/gen.py");
        assert_eq!(args, ["42", "testcase"]);
        let rooted = Command {
            text: "/submissions/accepted/a.py".into(),
            seed: 1,
        };
        assert_eq!(rooted.program_and_args().unwrap().0, "submissions/accepted/a.py");
    }
}
