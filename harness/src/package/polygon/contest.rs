//! A Polygon contest package: a folder with `contest.xml`, whose `<problems>` list each problem by its
//! `index` and its Polygon `url` (the url's last part is the problem's short name), the packages of the
//! problems in `problems/` beside it, each in a folder named by its short name (or by its index).

use std::path::{Path, PathBuf};

use anyhow::{bail, Context, Result};

use super::xml::{child, children};

/// The problem folders of the contest in `dir`, in the contest's order; `None` when `dir` has no
/// `contest.xml` (or also a `problem.xml`: then it is a problem). Errors name `contest.xml`'s line.
pub fn problems(dir: &Path) -> Result<Option<Vec<PathBuf>>> {
    let file = dir.join("contest.xml");
    if !file.is_file() || dir.join("problem.xml").is_file() {
        return Ok(None);
    }
    let text = crate::package::read_text(&file)?;
    let document = roxmltree::Document::parse(&text)
        .with_context(|| format!("{}: not well-formed XML", file.display()))?;
    let root = document.root_element();
    let at = |node: roxmltree::Node| {
        format!(
            "{}:{}",
            file.display(),
            document.text_pos_at(node.range().start).row
        )
    };
    if !root.has_tag_name("contest") {
        bail!(
            "{}: the root element is <{}>; a Polygon contest.xml has <contest>",
            at(root),
            root.tag_name().name()
        );
    }
    let Some(list) = child(root, "problems") else {
        bail!("{}: <contest> has no <problems>", at(root));
    };
    let mut dirs = Vec::new();
    for problem in children(list, "problem") {
        let index = problem.attribute("index").unwrap_or("");
        let name = problem
            .attribute("url")
            .and_then(|url| url.trim_end_matches('/').rsplit('/').next())
            .unwrap_or("");
        let tried: Vec<PathBuf> = [name, index, &index.to_lowercase()]
            .into_iter()
            .filter(|n| !n.is_empty() && !n.contains(['.', '\\']))
            .map(|n| dir.join("problems").join(n))
            .collect();
        match tried.iter().find(|d| d.join("problem.xml").is_file()) {
            Some(found) => dirs.push(found.clone()),
            None => bail!(
                "{}: problem {index} ({name}): no package in {}",
                at(problem),
                tried
                    .iter()
                    .map(|d| d.display().to_string())
                    .collect::<Vec<_>>()
                    .join(" nor ")
            ),
        }
    }
    if dirs.is_empty() {
        bail!("{}: <problems> lists no <problem>", at(list));
    }
    Ok(Some(dirs))
}
