//! `harness new ID`: scaffolds a problem from the templates in `harness/templates/`: `problems/<id>/`
//! (problem.toml, statement.md, brute.rs, gen.rs, validate.rs, invalid/README.md, tests.toml),
//! `solutions/<id>/` (a cargo package with the one solution skeleton) and an empty `testdata/<id>/`, plus the
//! modules generators and validators share (`problems/.shared/gen.rs`, `validate.rs`) when the workspace has
//! none. It never overwrites: if any of the three folders exists, nothing is written.

use std::fs;
use std::path::PathBuf;

use anyhow::{bail, Context, Result};

use crate::package::Workspace;

const PROBLEM_TOML: &str = include_str!("../../templates/problem.toml");
const STATEMENT: &str = include_str!("../../templates/statement.md");
const BRUTE: &str = include_str!("../../templates/brute.rs");
const GEN: &str = include_str!("../../templates/gen.rs");
const VALIDATE: &str = include_str!("../../templates/validate.rs");
const INVALID_README: &str = include_str!("../../templates/invalid-README.md");
const TESTS_TOML: &str = include_str!("../../templates/tests.toml");
const CARGO_TOML: &str = include_str!("../../templates/Cargo.toml");
/// The module every generator shares (`#[path = "../.shared/gen.rs"] mod shared;`): the workspace's own
/// copy, written into a workspace that has none.
pub const SHARED_GEN: &str = include_str!("../../../problems/.shared/gen.rs");
/// The strict reader every input validator shares (`#[path = "../.shared/validate.rs"] mod reader;`),
/// likewise written into a workspace that has none.
pub const SHARED_VALIDATE: &str = include_str!("../../../problems/.shared/validate.rs");
/// The solution skeleton: the IO part is the one every solution shares.
pub const SOLUTION: &str = include_str!("../../templates/solution.rs");

/// Where a problem comes from, guessed from ids like `hdu1846`, `poj1067`, `bzoj2017`, `acwing891`.
#[derive(Debug, Clone, PartialEq)]
pub struct Origin {
    pub judge: String,
    pub number: String,
    pub url: String,
}

impl Origin {
    pub fn guess(id: &str) -> Origin {
        let digits = id.trim_start_matches(|c: char| c.is_ascii_lowercase());
        let prefix = &id[..id.len() - digits.len()];
        let numeric = !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit());
        let known = match prefix {
            "hdu" => Some(("HDOJ", "http://acm.hdu.edu.cn/showproblem.php?pid=")),
            "poj" => Some(("POJ", "http://poj.org/problem?id=")),
            "bzoj" => Some(("BZOJ", "https://www.lydsy.com/JudgeOnline/problem.php?id=")),
            "acwing" => Some(("AcWing", "https://www.acwing.com/problem/content/")),
            _ => None,
        };
        match (known, numeric) {
            (Some((judge, url)), true) => Origin {
                judge: judge.to_string(),
                number: digits.to_string(),
                url: format!("{url}{digits}{}", if prefix == "acwing" { "/" } else { "" }),
            },
            _ => Origin {
                judge: "TODO".to_string(),
                number: "TODO".to_string(),
                url: "TODO: the problem's page".to_string(),
            },
        }
    }
}

/// Names cargo refuses for a package or its binary: Rust keywords and cargo's build folder names.
const RESERVED: &[&str] = &[
    "abstract",
    "as",
    "async",
    "await",
    "become",
    "box",
    "break",
    "build",
    "const",
    "continue",
    "crate",
    "deps",
    "do",
    "dyn",
    "else",
    "enum",
    "examples",
    "extern",
    "false",
    "final",
    "fn",
    "for",
    "if",
    "impl",
    "in",
    "incremental",
    "let",
    "loop",
    "macro",
    "match",
    "mod",
    "move",
    "mut",
    "override",
    "priv",
    "pub",
    "ref",
    "return",
    "self",
    "static",
    "struct",
    "super",
    "test",
    "trait",
    "true",
    "try",
    "type",
    "typeof",
    "unsafe",
    "unsized",
    "use",
    "virtual",
    "where",
    "while",
    "yield",
];

/// A problem id: lowercase ASCII letters, digits and dashes, starting with a letter (it is also the name of
/// the solution's cargo package).
pub fn check_id(id: &str) -> Result<()> {
    let valid = id.chars().next().is_some_and(|c| c.is_ascii_lowercase())
        && id
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
        && !id.ends_with('-');
    if !valid {
        bail!("`{id}` is not a valid problem id: use lowercase letters, digits and dashes, starting with a letter (e.g. hdu1847)");
    }
    if RESERVED.contains(&id) {
        bail!("`{id}` cannot name a cargo package (a Rust keyword or a cargo folder name); pick another id");
    }
    Ok(())
}

/// Creates the problem's folders and files; returns the created paths, relative to the workspace root.
pub fn new_problem(workspace: &Workspace, id: &str, title: Option<&str>) -> Result<Vec<String>> {
    check_id(id)?;
    let problem_dir = workspace.problem_dir(id);
    let solution_dir = workspace.root.join("solutions").join(id);
    let data_dir = workspace.testdata_dir(id);
    for dir in [&problem_dir, &solution_dir, &data_dir] {
        if dir.exists() {
            bail!(
                "{} already exists; `harness new` never overwrites: pick another id or remove it first",
                dir.display()
            );
        }
    }
    let origin = Origin::guess(id);
    // One line of plain spaces: the title also goes into comments and a markdown heading.
    let title = match title {
        Some(title) => title.split_whitespace().collect::<Vec<_>>().join(" "),
        None => "TODO: the problem's title".to_string(),
    };
    let title = title.as_str();
    let fill = |template: &str| {
        template
            .replace("{TITLE_Q}", &toml_string(title))
            .replace("{JUDGE_Q}", &toml_string(&origin.judge))
            .replace("{NUMBER_Q}", &toml_string(&origin.number))
            .replace("{URL_Q}", &toml_string(&origin.url))
            .replace("{ID}", id)
            .replace("{TITLE}", title)
            .replace("{JUDGE}", &origin.judge)
            .replace("{NUMBER}", &origin.number)
            .replace("{URL}", &origin.url)
    };
    let files: [(PathBuf, &str); 9] = [
        (problem_dir.join("problem.toml"), PROBLEM_TOML),
        (problem_dir.join("statement.md"), STATEMENT),
        (problem_dir.join("brute.rs"), BRUTE),
        (problem_dir.join("gen.rs"), GEN),
        (problem_dir.join("validate.rs"), VALIDATE),
        (
            problem_dir.join("invalid").join("README.md"),
            INVALID_README,
        ),
        (problem_dir.join("tests.toml"), TESTS_TOML),
        (solution_dir.join("Cargo.toml"), CARGO_TOML),
        (solution_dir.join("src").join("main.rs"), SOLUTION),
    ];
    let mut created = Vec::new();
    for (path, template) in &files {
        let dir = path.parent().context("a scaffolded file has a folder")?;
        fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
        fs::write(path, align_comments(&fill(template)))
            .with_context(|| format!("cannot write {}", path.display()))?;
        created.push(relative(workspace, path));
    }
    fs::create_dir_all(&data_dir)
        .with_context(|| format!("cannot create {}", data_dir.display()))?;
    created.push(relative(workspace, &data_dir) + "/");
    // The shared modules of the generator and of the validator, when the workspace does not have them yet
    // (never overwritten).
    let shared = workspace.root.join("problems").join(".shared");
    for (name, text) in [("gen.rs", SHARED_GEN), ("validate.rs", SHARED_VALIDATE)] {
        let path = shared.join(name);
        if !path.exists() {
            fs::create_dir_all(&shared)
                .with_context(|| format!("cannot create {}", shared.display()))?;
            fs::write(&path, text).with_context(|| format!("cannot write {}", path.display()))?;
            created.push(relative(workspace, &path));
        }
    }
    Ok(created)
}

/// What to do after `harness new`, in order.
pub fn next_steps(id: &str) -> String {
    format!(
        "next:
  1. problems/{id}/problem.toml: title, judge, number, url and the judge's limits
  2. problems/{id}/statement.md: the statement in your own words
  3. testdata/{id}/sample-1.in and sample-1.out: the statement's sample (declared in tests.toml)
  4. solutions/{id}/src/main.rs: the solution; problems/{id}/brute.rs and gen.rs for the random tests;
     problems/{id}/validate.rs and three inputs it must reject in problems/{id}/invalid/
  5. run `harness stress {id}`, then `harness gen {id}` writes the generated tests
  6. run `harness {id}` to grade it: it fails until it has data and a solution, and warns
     while brute.rs, gen.rs or validate.rs has a todo!() or invalid/ has fewer than three inputs
"
    )
}

/// Lines `code<TAB># comment` (the templates mark trailing comments with a tab) with every comment in one
/// column, two spaces after the longest code.
fn align_comments(text: &str) -> String {
    let width = text
        .lines()
        .filter_map(|line| line.split_once('\t'))
        .map(|(code, _)| code.chars().count())
        .max()
        .unwrap_or(0);
    let mut out = String::new();
    for line in text.lines() {
        match line.split_once('\t') {
            Some((code, comment)) => {
                let pad = width - code.chars().count() + 2;
                out.push_str(&format!("{code}{:pad$}{comment}\n", ""));
            }
            None => {
                out.push_str(line);
                out.push('\n');
            }
        }
    }
    out
}

/// A TOML string with quotes and escapes.
fn toml_string(text: &str) -> String {
    toml::Value::String(text.to_string()).to_string()
}

fn relative(workspace: &Workspace, path: &std::path::Path) -> String {
    path.strip_prefix(&workspace.root)
        .unwrap_or(path)
        .to_string_lossy()
        .into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn origins_from_ids() {
        let hdu = Origin::guess("hdu1847");
        assert_eq!((hdu.judge.as_str(), hdu.number.as_str()), ("HDOJ", "1847"));
        assert_eq!(hdu.url, "http://acm.hdu.edu.cn/showproblem.php?pid=1847");
        assert_eq!(
            Origin::guess("acwing893").url,
            "https://www.acwing.com/problem/content/893/"
        );
        assert_eq!(Origin::guess("lanqiao-prev34").judge, "TODO");
        assert_eq!(Origin::guess("hdu").judge, "TODO");
    }

    #[test]
    fn ids() {
        for id in ["hdu1847", "lanqiao-prev34", "a"] {
            assert!(check_id(id).is_ok(), "{id}");
        }
        for id in [
            "", "1847", "HDU1847", "hdu 1847", "hdu_1847", "../x", "hdu-", "deps", "fn",
        ] {
            assert!(check_id(id).is_err(), "{id}");
        }
    }

    #[test]
    fn trailing_comments_line_up() {
        assert_eq!(
            align_comments("# head\na = 1\t# one\nlonger = 2\t# two\n"),
            "# head\na = 1       # one\nlonger = 2  # two\n"
        );
    }

    #[test]
    fn titles_are_toml_escaped() {
        for title in [r#"a "b" \ c"#, "it's", "取石子游戏", "tab\tand 'both\""] {
            let line = format!("title = {}", toml_string(title));
            let table: toml::Table = line.parse().unwrap();
            assert_eq!(table["title"].as_str(), Some(title), "{line}");
        }
    }
}
