//! Reading `problem.xml`: its elements and attributes, each error naming the file, the line and what is
//! wrong.

use std::path::{Path, PathBuf};

use anyhow::{bail, Context, Result};
use roxmltree::{Document, Node};

/// The text of `problem.xml`, kept to parse and to name lines in errors.
pub struct Xml {
    pub path: PathBuf,
    pub text: String,
}

impl Xml {
    pub fn read(path: &Path) -> Result<Xml> {
        let text = crate::package::read_text(path)?;
        Ok(Xml {
            path: path.to_path_buf(),
            text,
        })
    }

    pub fn parse(&self) -> Result<Document<'_>> {
        let document = Document::parse(&self.text)
            .with_context(|| format!("{}: not well-formed XML", self.path.display()))?;
        if !document.root_element().has_tag_name("problem") {
            bail!(
                "{}: the root element is <{}>; a Polygon package's problem.xml has <problem>",
                self.path.display(),
                document.root_element().tag_name().name()
            );
        }
        Ok(document)
    }

    /// `problem.xml:LINE` of a node, for errors and warnings.
    pub fn at(&self, node: Node) -> String {
        let line = node.document().text_pos_at(node.range().start).row;
        format!("{}:{line}", self.path.display())
    }

    /// An attribute that must be there.
    pub fn required<'a>(&self, node: Node<'a, '_>, name: &str) -> Result<&'a str> {
        node.attribute(name).with_context(|| {
            format!(
                "{}: <{}> needs a `{name}` attribute",
                self.at(node),
                node.tag_name().name()
            )
        })
    }

    /// The whole number an element holds (`<time-limit>1000</time-limit>`), if the element is there.
    pub fn number(&self, parent: Node, name: &str) -> Result<Option<u64>> {
        let Some(node) = child(parent, name) else {
            return Ok(None);
        };
        let text = node.text().unwrap_or("").trim();
        match text.parse::<u64>() {
            Ok(n) => Ok(Some(n)),
            Err(_) => bail!(
                "{}: <{name}> must hold a whole number, not `{text}`",
                self.at(node)
            ),
        }
    }

    /// A number an attribute holds (`points="10"`, `points="2.5"`), if it is there.
    pub fn decimal(&self, node: Node, name: &str) -> Result<Option<f64>> {
        let Some(text) = node.attribute(name) else {
            return Ok(None);
        };
        match text.trim().parse::<f64>() {
            Ok(n) if n.is_finite() && n >= 0.0 => Ok(Some(n)),
            _ => bail!(
                "{}: <{}>: `{name}` must be a non-negative number, not `{text}`",
                self.at(node),
                node.tag_name().name()
            ),
        }
    }
}

/// The first child element of that name.
pub fn child<'a, 'i>(node: Node<'a, 'i>, name: &str) -> Option<Node<'a, 'i>> {
    node.children().find(|c| c.has_tag_name(name))
}

/// Every child element of that name.
pub fn children<'a, 'i: 'a>(
    node: Node<'a, 'i>,
    name: &'a str,
) -> impl Iterator<Item = Node<'a, 'i>> + 'a {
    node.children().filter(move |c| c.has_tag_name(name))
}

/// The text of a child element, trimmed, if it is there.
pub fn child_text<'a>(node: Node<'a, '_>, name: &str) -> Option<&'a str> {
    child(node, name).and_then(|c| c.text()).map(str::trim)
}

/// `tests/%02d` with the test's number: printf's `%d` with an optional zero flag and width, `%%` a
/// percent sign.
pub fn path_of(pattern: &str, number: usize) -> Result<String, String> {
    let mut out = String::new();
    let mut chars = pattern.chars().peekable();
    let mut formatted = false;
    while let Some(c) = chars.next() {
        if c != '%' {
            out.push(c);
            continue;
        }
        if chars.peek() == Some(&'%') {
            chars.next();
            out.push('%');
            continue;
        }
        let mut spec = String::new();
        while let Some(&d) = chars.peek().filter(|d| d.is_ascii_digit()) {
            spec.push(d);
            chars.next();
        }
        if chars.next() != Some('d') || formatted {
            return Err(format!(
                "path pattern `{pattern}`: expected one `%d` (as `tests/%02d`)"
            ));
        }
        formatted = true;
        let width: usize = spec.parse().unwrap_or(0);
        match spec.starts_with('0') {
            true => out.push_str(&format!("{number:0width$}")),
            false => out.push_str(&format!("{number:width$}")),
        }
    }
    match formatted {
        true => Ok(out),
        false => Err(format!(
            "path pattern `{pattern}` has no `%d` for the test's number"
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn path_patterns_as_printf_writes_them() {
        assert_eq!(path_of("tests/%02d", 3).unwrap(), "tests/03");
        assert_eq!(path_of("tests/%02d.a", 12).unwrap(), "tests/12.a");
        assert_eq!(path_of("tests/%03d", 100).unwrap(), "tests/100");
        assert_eq!(path_of("t/%d", 7).unwrap(), "t/7");
        assert_eq!(path_of("t/%3d", 7).unwrap(), "t/  7");
        assert_eq!(path_of("t/%%/%d", 1).unwrap(), "t/%/1");
        assert!(path_of("tests/01", 1).is_err());
        assert!(path_of("tests/%s", 1).is_err());
        assert!(path_of("tests/%d-%d", 1).is_err());
    }
}
