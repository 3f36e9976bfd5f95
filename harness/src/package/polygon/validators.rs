//! Polygon's validators (`<assets><validators>`): testlib programs reading one input on stdin, exiting 0
//! when it is valid and another code when not. Each judges every test of the testset `tests` (with
//! `--testset tests` and the test's `--group`, as Polygon runs them), and its own tests
//! (`files/tests/validator-tests/NN`, each with the `verdict` it must get).

use std::path::Path;

use anyhow::{bail, Result};

use super::testset;
use super::xml::{child, child_text, children, path_of, Xml};
use crate::package::source::{InputCheck, InputValidation, Must};

/// The validators of the package in `dir` and the inputs they judge; `None` when it lists none.
pub fn load(dir: &Path) -> Result<Option<InputValidation>> {
    let dir = &dir.canonicalize()?;
    let xml = Xml::read(&dir.join("problem.xml"))?;
    let document = xml.parse()?;
    let root = document.root_element();
    let listed: Vec<_> = child(root, "assets")
        .and_then(|assets| child(assets, "validators"))
        .map(|v| children(v, "validator").collect())
        .unwrap_or_default();
    if listed.is_empty() {
        return Ok(None);
    }
    let args = |testset: &str, group: Option<&str>| {
        let mut args = vec!["--testset".to_string(), testset.to_string()];
        if let Some(group) = group.filter(|g| !g.is_empty()) {
            args.extend(["--group".to_string(), group.to_string()]);
        }
        args
    };
    let mut validators = Vec::new();
    let mut checks = Vec::new();
    for validator in &listed {
        let Some(source) = child(*validator, "source") else {
            bail!("{}: the validator has no <source>", xml.at(*validator));
        };
        validators.push(dir.join(xml.required(source, "path")?));
        // Its own tests, each valid or invalid.
        let Some(own) = child(*validator, "testset") else {
            continue;
        };
        let pattern = child_text(own, "input-path-pattern").unwrap_or("files/tests/validator-tests/%02d");
        let tests = child(own, "tests").into_iter().flat_map(|t| children(t, "test"));
        for (index, test) in tests.enumerate() {
            let input = path_of(pattern, index + 1).map_err(|e| anyhow::anyhow!("{}: {e}", xml.at(own)))?;
            let must = match test.attribute("verdict").map(str::to_ascii_lowercase).as_deref() {
                Some("valid") => Must::Accept,
                Some("invalid") => Must::Reject,
                other => bail!(
                    "{}: validator test {}: verdict `{}`; expected valid or invalid",
                    xml.at(test),
                    index + 1,
                    other.unwrap_or("")
                ),
            };
            checks.push(InputCheck {
                input: dir.join(input),
                must,
                args: args(test.attribute("testset").unwrap_or("tests"), test.attribute("group")),
            });
        }
    }
    // Tests that could not be made are not there to validate (the package's row says why).
    let made = crate::package::generated::failure_of(dir).is_none();
    if let Some(judging) = child(root, "judging").filter(|_| made) {
        for test in testset::load(&xml, judging, dir, &mut Vec::new())?.tests {
            checks.push(InputCheck {
                input: test.case.input,
                must: Must::Accept,
                args: args("tests", test.group.as_deref()),
            });
        }
    }
    Ok(Some(InputValidation {
        validators,
        checks,
        testlib: true,
        ..Default::default()
    }))
}
