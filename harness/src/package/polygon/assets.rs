//! The assets of a Polygon package: the checker (compiled from its source with the package's
//! `testlib.h`, testlib's standard checkers too; a standard one whose source is not in the package as
//! the built-in rule it is), the interactor, and
//! the solutions with the verdicts their tags ask and the language their `type` names.

use std::path::Path;

use anyhow::{bail, Result};
use roxmltree::Node;

use super::xml::{child, children, Xml};
use crate::lang::LanguageTable;
use crate::model::{
    BuiltinChecker, CheckerSpec, Expected, ProgramSpec, Protocol, Submission, TokenOptions,
    Verdict, VerdictRule, VerdictSet,
};
use crate::package::source::Unplanned;

/// A testlib standard checker (`std::NAME.cpp`) as a built-in rule, where one is the same comparison
/// (testlib's `checkers/`): `None` for those only their own source judges as they do (`lcmp`'s lines of
/// tokens, `fcmp`'s exact lines, `uncmp`'s unordered numbers, the `case*` and `points*` ones).
pub fn standard_checker(name: &str) -> Option<BuiltinChecker> {
    let tokens = |case_sensitive, absolute, relative| {
        BuiltinChecker::Tokens(TokenOptions {
            case_sensitive,
            space_sensitive: false,
            absolute_tolerance: absolute,
            relative_tolerance: relative,
        })
    };
    let both = |eps| tokens(true, Some(eps), Some(eps));
    Some(match name {
        // Words, or whole numbers compared as they are written.
        "wcmp" | "ncmp" | "icmp" | "hcmp" => tokens(true, None, None),
        // YES or NO, in any case.
        "yesno" | "nyesno" => tokens(false, None, None),
        // Doubles within an absolute or relative error (`doubleCompare`).
        "rcmp4" => both(1e-4),
        "rcmp6" | "dcmp" => both(1e-6),
        "rcmp9" => both(1e-9),
        // Doubles within an absolute error alone.
        "rcmp" | "acmp" => tokens(true, Some(1.5e-6), None),
        "rncmp" => tokens(true, Some(1.5e-5), None),
        _ => return None,
    })
}

/// The checker of `<assets>`, and what it is, in words, for the row.
pub fn checker(
    xml: &Xml,
    assets: Node,
    dir: &Path,
    warnings: &mut Vec<String>,
) -> Result<(CheckerSpec, String)> {
    let Some(node) = child(assets, "checker") else {
        warnings.push("problem.xml: no <checker>; answers are compared as tokens (std::wcmp)".into());
        return Ok((CheckerSpec::Builtin(standard_checker("wcmp").expect("wcmp")), "std::wcmp (none given)".into()));
    };
    if let Some(kind) = node.attribute("type").filter(|t| *t != "testlib") {
        bail!(
            "{}: checker type `{kind}`; this judge runs testlib checkers",
            xml.at(node)
        );
    }
    let name = node.attribute("name");
    let standard = name
        .and_then(|n| n.strip_prefix("std::"))
        .map(|n| n.trim_end_matches(".cpp"));
    // The package's own source first, testlib's standard checkers included: compiled, it judges every
    // edge (extra tokens, a word where a number belongs: PE; `ncmp`'s numbers by value) as on Polygon.
    if let Some(spec) = source(xml, node, dir)? {
        let shown = match name {
            Some(name) => format!("{name} ({})", spec.program),
            None => spec.program.clone(),
        };
        return Ok((CheckerSpec::Program(spec), shown));
    }
    if let Some(builtin) = standard.and_then(standard_checker) {
        // wcmp's verdicts are the tokens rule's; the others' edges are not.
        if standard != Some("wcmp") {
            warnings.push(format!(
            "problem.xml: {} without its source: judged by the judge's {builtin} rule, which gives WA \
             where testlib's checker gives PE (extra or malformed tokens)",
                name.unwrap_or_default()
            ));
        }
        let shown = format!("{} as {builtin}", name.unwrap_or_default());
        return Ok((CheckerSpec::Builtin(builtin), shown));
    }
    match standard {
        Some("lcmp") => {
            warnings.push("problem.xml: std::lcmp.cpp without its source: judged by lines (spaces inside a line count, as they do not for lcmp)".into());
            Ok((CheckerSpec::Builtin(BuiltinChecker::Lines), "std::lcmp.cpp as lines".into()))
        }
        _ => bail!(
            "{}: the checker{} has no <source path=...> in the package to compile",
            xml.at(node),
            name.map(|n| format!(" {n}")).unwrap_or_default()
        ),
    }
}

/// The interactor of `<assets>`, if there is one: a testlib program.
pub fn interactor(xml: &Xml, assets: Node, dir: &Path) -> Result<Option<ProgramSpec>> {
    let Some(node) = child(assets, "interactor") else {
        return Ok(None);
    };
    match source(xml, node, dir)? {
        Some(spec) => Ok(Some(spec)),
        None => bail!(
            "{}: the interactor has no <source path=...> in the package",
            xml.at(node)
        ),
    }
}

/// A checker's or interactor's `<source path=...>` as a testlib program, when its file is there.
fn source(xml: &Xml, node: Node, dir: &Path) -> Result<Option<ProgramSpec>> {
    let Some(source) = child(node, "source") else {
        return Ok(None);
    };
    let relative = xml.required(source, "path")?;
    let path = dir.join(relative);
    if !path.is_file() {
        return Ok(None);
    }
    Ok(Some(ProgramSpec {
        program: relative.to_string(),
        path,
        protocol: Protocol::Testlib,
        args: Vec::new(),
        limits: None,
    }))
}

/// The solutions of `<assets>`: those judged, and those not with why.
pub fn solutions(
    xml: &Xml,
    assets: Node,
    dir: &Path,
    id: &str,
    warnings: &mut Vec<String>,
) -> Result<(Vec<Submission>, Vec<Unplanned>)> {
    let mut planned = Vec::new();
    let mut unplanned = Vec::new();
    let Some(solutions) = child(assets, "solutions") else {
        return Ok((planned, unplanned));
    };
    let table = LanguageTable::builtin();
    let mut main = Vec::new();
    for solution in children(solutions, "solution") {
        let tag = xml.required(solution, "tag")?;
        let Some(source) = child(solution, "source") else {
            bail!("{}: <solution> has no <source>", xml.at(solution));
        };
        let relative = xml.required(source, "path")?.to_string();
        let path = dir.join(&relative);
        let mut skip = |reason: String| {
            unplanned.push(Unplanned {
                relative: relative.clone(),
                folder: tag.to_string(),
                reason,
            })
        };
        if !path.is_file() {
            skip(format!("{relative} is not in the package"));
            continue;
        }
        let Some(expected) = expected(tag) else {
            match tag {
                "do-not-run" => skip("tagged do-not-run".into()),
                other => {
                    warnings.push(format!("{}: unknown solution tag `{other}`", xml.at(solution)));
                    skip(format!("unknown tag `{other}`"));
                }
            }
            continue;
        };
        let kind = source.attribute("type").unwrap_or("");
        if let Err(reason) = language_agrees(&table, kind, &path) {
            skip(reason);
            continue;
        }
        if tag == "main" {
            main.push(path.clone());
        }
        planned.push(Submission {
            problem: id.to_string(),
            why: crate::package::text::leading_comment(&path),
            path,
            relative,
            expected,
            given: false,
        });
    }
    // The main solution first: a package judged by its submissions takes its first accepted one for its
    // row.
    planned.sort_by_key(|s: &Submission| !main.contains(&s.path));
    Ok((planned, unplanned))
}

/// Every verdict a test can get but a judge error or a compile error.
fn any() -> VerdictSet {
    use Verdict::*;
    VerdictSet::of(&[TLE, MLE, OLE, RE, WA, PE, AC])
}

/// What a solution's tag asks, as Polygon's invocations judge it: `main` and `accepted` every test AC;
/// `wrong-answer`, `presentation-error`, `time-limit-exceeded`, `memory-limit-exceeded` that verdict on
/// some test and AC on the others (a wrong answer may be a presentation error: testlib's checkers give
/// either); the `-or-` tags either; `rejected` and `failed` anything but AC. `None`: not judged
/// (`do-not-run`, or a tag this judge does not know).
pub fn expected(tag: &str) -> Option<Expected> {
    use Verdict::*;
    let rule = |permitted: &[Verdict], required: &[Verdict]| {
        Expected::Verdicts(VerdictRule {
            folder: VerdictRule::folder_name(tag),
            permitted: VerdictSet::of(permitted),
            required: VerdictSet::of(required),
        })
    };
    Some(match tag {
        "main" | "accepted" => Expected::Accepted,
        "wrong-answer" => rule(&[AC, WA, PE], &[WA, PE]),
        "presentation-error" => rule(&[AC, PE], &[PE]),
        "time-limit-exceeded" => rule(&[AC, TLE], &[TLE]),
        "memory-limit-exceeded" => rule(&[AC, MLE], &[MLE]),
        "time-limit-exceeded-or-accepted" => rule(&[AC, TLE], &[AC, TLE]),
        "time-limit-exceeded-or-memory-limit-exceeded" => rule(&[AC, TLE, MLE], &[TLE, MLE]),
        "rejected" | "failed" => Expected::Verdicts(VerdictRule {
            folder: VerdictRule::folder_name(tag),
            permitted: any(),
            required: VerdictSet::of(&[TLE, MLE, OLE, RE, WA, PE]),
        }),
        _ => return None,
    })
}

/// The judge's languages a Polygon `type` is (`cpp.g++17`, `python.3`, `java11`...): `None` for one it
/// does not run.
fn languages_of(kind: &str) -> Option<&'static [&'static str]> {
    let family = kind.split(['.', ' ']).next().unwrap_or("");
    Some(match family {
        "cpp" => &["cpp"],
        "c" => &["c"],
        "rust" => &["rust"],
        "python" if version(kind).starts_with('2') => &["python2"],
        "python" => &["python3", "python3-cpython"],
        "js" | "javascript" | "node" => &["javascript"],
        "bash" | "sh" => &["bash"],
        _ if family.starts_with("java") => &["java"],
        _ => return None,
    })
}

/// The version of a Python type: `2` of `python.2` and `python.pypy2`, `3-64` of `python.pypy3-64`.
fn version(kind: &str) -> &str {
    let rest = kind.strip_prefix("python.").unwrap_or("");
    rest.strip_prefix("pypy").unwrap_or(rest)
}

/// Whether the judge builds the file in the language its `type` names (it goes by the extension, and a
/// `#!` line for Python 2); `Err` says why not.
fn language_agrees(table: &LanguageTable, kind: &str, path: &Path) -> Result<(), String> {
    let found = table.language_of(path).map(|l| l.id.as_str());
    if kind.is_empty() {
        return match found {
            Some(_) => Ok(()),
            None => Err("no type given, and no language the judge knows by its extension".into()),
        };
    }
    let Some(wanted) = languages_of(kind) else {
        return Err(format!("type `{kind}`: not a language this judge runs"));
    };
    match found {
        Some(id) if wanted.contains(&id) => Ok(()),
        Some(id) => Err(format!(
            "type `{kind}`, but the judge would build it as `{id}` (from its extension{})",
            if id.starts_with("python") { "; a first line `#!/usr/bin/env python2` makes it Python 2" } else { "" }
        )),
        None => Err(format!(
            "type `{kind}`, but its extension names no language the judge knows"
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tags_ask_the_verdicts_polygon_judges_them_by() {
        let allows = |tag: &str, verdicts: &[Verdict]| expected(tag).unwrap().allows_tests(verdicts);
        use Verdict::*;
        assert!(allows("main", &[AC, AC]));
        assert!(!allows("accepted", &[AC, WA]));
        assert!(allows("wrong-answer", &[AC, WA]));
        assert!(!allows("wrong-answer", &[AC, AC]));
        assert!(!allows("wrong-answer", &[AC, TLE]));
        assert!(allows("time-limit-exceeded", &[AC, TLE]));
        assert!(!allows("time-limit-exceeded", &[WA]));
        assert!(allows("time-limit-exceeded-or-accepted", &[AC, AC]));
        assert!(allows("time-limit-exceeded-or-accepted", &[AC, TLE]));
        assert!(!allows("time-limit-exceeded-or-accepted", &[AC, RE]));
        assert!(allows("time-limit-exceeded-or-memory-limit-exceeded", &[MLE]));
        assert!(!allows("time-limit-exceeded-or-memory-limit-exceeded", &[AC]));
        assert!(allows("memory-limit-exceeded", &[AC, MLE]));
        assert!(allows("presentation-error", &[PE]));
        assert!(allows("rejected", &[AC, RE]));
        assert!(!allows("rejected", &[AC, AC]));
        assert!(!allows("failed", &[JE]));
        assert!(expected("do-not-run").is_none());
    }

    #[test]
    fn polygon_types_and_extensions_agree() {
        let table = LanguageTable::builtin();
        assert!(language_agrees(&table, "cpp.g++17", Path::new("a.cpp")).is_ok());
        assert!(language_agrees(&table, "java11", Path::new("A.java")).is_ok());
        assert!(language_agrees(&table, "python.3", Path::new("a.py")).is_ok());
        assert!(language_agrees(&table, "python.pypy3-64", Path::new("a.py")).is_ok());
        assert!(language_agrees(&table, "cpp.g++17", Path::new("a.py")).is_err());
        assert!(language_agrees(&table, "pas.fpc", Path::new("a.pas")).is_err());
        assert!(language_agrees(&table, "kotlin.19", Path::new("a.kt")).is_err());
    }

    #[test]
    fn standard_checkers_and_their_rules() {
        assert_eq!(standard_checker("wcmp").unwrap().to_string(), "tokens");
        assert_eq!(standard_checker("rcmp6").unwrap().to_string(), "float:0.000001");
        assert_eq!(standard_checker("yesno").unwrap().to_string(), "default");
        assert!(standard_checker("lcmp").is_none());
        assert!(standard_checker("uncmp").is_none());
    }
}
