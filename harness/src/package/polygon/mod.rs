//! Codeforces Polygon packages (a folder with `problem.xml`), judged in place: the testset `tests`
//! with its limits and files (`testset`) and its points and groups (`groups`), the checker, the interactor and the solutions with their tags
//! (`assets`), read into a `ProblemSource`; a standard package's missing tests and answers made by its
//! generators and main solution (`generate`). What is not read yet makes the problem unsupported with
//! the reason, rather than misjudged.

pub mod assets;
pub mod contest;
pub mod generate;
pub mod groups;
pub mod testset;
pub mod validators;
pub mod xml;

use std::path::Path;

use anyhow::{Context, Result};

use crate::model::limits::DEFAULT_OUTPUT_LIMIT_MIB;
use crate::model::{NamedFiles, PackageInfo, Problem};
use crate::package::source::ProblemSource;
use xml::{child, children, Xml};

/// The format: a folder with a `problem.xml`.
pub struct Polygon;

impl crate::package::Format for Polygon {
    fn describe(&self) -> &'static str {
        "a Polygon package (problem.xml)"
    }
    fn detects(&self, dir: &Path) -> bool {
        dir.join("problem.xml").is_file()
    }
    fn load(&self, dir: &Path, _submissions: bool) -> Result<ProblemSource> {
        load(dir)
    }
    fn input_validation(&self, dir: &Path) -> Result<Option<crate::package::InputValidation>> {
        validators::load(dir)
    }
    fn contest(&self, dir: &Path) -> Result<Option<Vec<std::path::PathBuf>>> {
        contest::problems(dir)
    }
    fn generates(&self, dir: &Path) -> bool {
        generate::wanted(dir)
    }
    fn generate(
        &self,
        dir: &Path,
        maker: &crate::package::generated::Maker,
    ) -> Result<Option<std::path::PathBuf>> {
        generate::generate(dir, maker)
    }
}

/// Reads the Polygon package in `dir`. Errors name `problem.xml`, the line and what is wrong.
pub fn load(dir: &Path) -> Result<ProblemSource> {
    let dir = dir
        .canonicalize()
        .with_context(|| format!("{}: no such package folder", dir.display()))?;
    crate::package::links::check_inside(&dir)?;
    let xml = Xml::read(&dir.join("problem.xml"))?;
    let document = xml.parse()?;
    let root = document.root_element();
    let id = dir
        .file_name()
        .unwrap_or_default()
        .to_string_lossy()
        .into_owned();
    let mut warnings = Vec::new();
    let Some(judging) = child(root, "judging") else {
        anyhow::bail!(
            "{}: <problem> has no <judging>, where the tests and limits are",
            xml.at(root)
        );
    };
    let mut testset = testset::load(&xml, judging, &dir, &mut warnings)?;
    let mut unsupported = testset.unsupported.clone();
    // Tests its generators or main solution could not make: a row saying why, judged no further.
    if let Some(why) = crate::package::generated::failure_of(&dir) {
        unsupported = Some(format!("its tests could not be made: {why}"));
        testset.tests.clear();
    }
    let files = named_files(&xml, judging)?;
    let (checker, interactor, shown, solutions) = match child(root, "assets") {
        Some(assets) => {
            let (checker, shown) = assets::checker(&xml, assets, &dir, &mut warnings)?;
            let interactor = assets::interactor(&xml, assets, &dir)?;
            let solutions = assets::solutions(&xml, assets, &dir, &id, &mut warnings)?;
            (checker, interactor, shown, solutions)
        }
        None => {
            let (checker, shown) = assets::checker(&xml, root, &dir, &mut warnings)?;
            (checker, None, shown, Default::default())
        }
    };
    let (planned, unplanned) = solutions;
    let scoring = groups::load(&xml, testset.node, &testset.tests, &mut warnings)?;
    if interactor.is_some() && files.any() {
        unsupported = Some(
            "an interactive problem with named input or output files: its program talks to the interactor on stdin and stdout".into(),
        );
    }
    let kind = match (&interactor, &scoring) {
        (Some(_), Some(_)) => "interactive, scoring",
        (Some(_), None) => "interactive",
        (None, Some(_)) => "scoring",
        (None, None) => "pass-fail",
    };
    let tests: Vec<_> = testset.tests.into_iter().map(|t| t.case).collect();
    let facts = PackageInfo {
        dir: dir.to_string_lossy().into_owned(),
        format: "polygon".to_string(),
        kind: kind.to_string(),
        validator: shown,
        tests: tests.len(),
        output_limit_mib: DEFAULT_OUTPUT_LIMIT_MIB,
        time_limit_source: Some("problem.xml testset `tests` time-limit".to_string()),
        warnings,
    };
    let problem = Problem {
        title: title(root).unwrap_or_else(|| id.clone()),
        judge: "polygon".to_string(),
        number: String::new(),
        url: root.attribute("url").unwrap_or("").to_string(),
        time_limit_ms: testset.time_limit_ms,
        memory_limit_mb: testset.memory_limit_bytes.div_ceil(1 << 20),
        output_limit_mib: None,
        checker,
        interactor,
        grader: None,
        data_id: id.clone(),
        id,
        dir,
        runs: Default::default(),
        scoring: scoring.map(std::sync::Arc::new),
        groups: Vec::new(),
        files,
    };
    Ok(ProblemSource {
        submissions: planned.into_iter().map(|s| (s, false)).collect(),
        unplanned,
        facts: Some(facts),
        unsupported,
        ..ProblemSource::of(problem, tests)
    })
}

/// `<judging>`'s `input-file` and `output-file`: the files the program reads and writes in its working
/// folder (empty: stdin, stdout). A name must be a plain file name.
pub fn named_files(xml: &Xml, judging: roxmltree::Node) -> Result<NamedFiles> {
    let name = |key: &str| -> Result<Option<String>> {
        let file = judging.attribute(key).unwrap_or("").trim();
        if file.is_empty() {
            return Ok(None);
        }
        let plain = Path::new(file).file_name().is_some_and(|n| n == file);
        if !plain || file == "." || file == ".." {
            anyhow::bail!(
                "{}: {key} `{file}`: expected a file name such as `input.txt`",
                xml.at(judging)
            );
        }
        Ok(Some(file.to_string()))
    };
    Ok(NamedFiles {
        input: name("input-file")?,
        output: name("output-file")?,
    })
}

/// The problem's name: the English one, else the first, else its short name.
fn title(root: roxmltree::Node) -> Option<String> {
    let names: Vec<_> = child(root, "names")
        .map(|names| children(names, "name").collect())
        .unwrap_or_default();
    let english = names
        .iter()
        .find(|n| n.attribute("language") == Some("english"));
    english
        .or(names.first())
        .and_then(|n| n.attribute("value"))
        .or(root.attribute("short-name"))
        .map(str::to_string)
}
