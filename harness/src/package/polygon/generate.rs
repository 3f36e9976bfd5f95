//! Polygon's standard packages: the tests a package does not hold, made as Polygon's `doall` script
//! makes them. A `generated` test runs its `cmd` (`gen 10 3`: the executable of `<files>` whose source
//! is `gen.*`, with those arguments) and is what it prints, or the file it writes named by the test's
//! `from-file`; a `manual` test is its file in the package. An answer the package lacks is what the
//! main solution (tag `main`) prints on the test. Every program runs in the sandbox through
//! `package::generated`'s `Maker` (cached, and made twice when new to prove it deterministic); the
//! files go into a data folder of the cache, at the paths `problem.xml` gives them.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use anyhow::{bail, Context, Result};
use sha2::{Digest, Sha256};

use super::testset::{self, PolygonTest};
use super::xml::{child, children, Xml};
use crate::lang::Executable;
use crate::model::NamedFiles;
use crate::package::generated::Maker;

/// The package's tests with the files it lacks, its generators by name, and its main solution.
struct Recipe {
    tests: Vec<PolygonTest>,
    executables: BTreeMap<String, PathBuf>,
    main: Option<PathBuf>,
    interactive: bool,
    files: NamedFiles,
}

/// Whether the package in `dir` lacks a test's input or answer that it says how to make.
pub fn wanted(dir: &Path) -> bool {
    let Ok(recipe) = recipe(dir) else {
        return false; // loading says what is wrong
    };
    recipe
        .tests
        .iter()
        .any(|test| lacks(dir, &test.input) || (lacks(dir, &test.answer) && !recipe.interactive))
}

fn lacks(dir: &Path, relative: &str) -> bool {
    !dir.join(relative).is_file()
}

fn recipe(dir: &Path) -> Result<Recipe> {
    let xml = Xml::read(&dir.join("problem.xml"))?;
    let document = xml.parse()?;
    let root = document.root_element();
    let Some(judging) = child(root, "judging") else {
        bail!("{}: <problem> has no <judging>", xml.at(root));
    };
    let tests = testset::load(&xml, judging, dir, &mut Vec::new())?.tests;
    let files = super::named_files(&xml, judging)?;
    let mut executables = BTreeMap::new();
    let listed = child(root, "files").and_then(|files| child(files, "executables"));
    for executable in listed.into_iter().flat_map(|e| children(e, "executable")) {
        let Some(source) = child(executable, "source") else {
            continue;
        };
        let relative = xml.required(source, "path")?;
        let path = Path::new(relative);
        if let Some(stem) = path.file_stem() {
            executables.insert(stem.to_string_lossy().into_owned(), dir.join(path));
        }
    }
    let assets = child(root, "assets");
    let interactive = assets.and_then(|a| child(a, "interactor")).is_some();
    let main = assets
        .and_then(|a| child(a, "solutions"))
        .into_iter()
        .flat_map(|s| children(s, "solution"))
        .find(|s| s.attribute("tag") == Some("main"))
        .and_then(|s| child(s, "source"))
        .and_then(|s| s.attribute("path"))
        .map(|p| dir.join(p));
    Ok(Recipe {
        tests,
        executables,
        main,
        interactive,
        files,
    })
}

/// Makes the tests and answers the package in `dir` lacks into a data folder of the cache, and returns
/// it; errors name the test and the command.
pub fn generate(dir: &Path, maker: &Maker) -> Result<Option<PathBuf>> {
    let dir = &dir
        .canonicalize()
        .with_context(|| format!("{}: no such package folder", dir.display()))?;
    if !wanted(dir) {
        return Ok(None);
    }
    let recipe = recipe(dir)?;
    let mut built: BTreeMap<String, Executable> = BTreeMap::new();
    let mut made: Vec<(String, Vec<u8>)> = Vec::new();
    let mut main: Option<Executable> = None;
    for test in &recipe.tests {
        let number = test.number;
        let input = match lacks(dir, &test.input) {
            false => std::fs::read(dir.join(&test.input))
                .with_context(|| format!("cannot read {}", dir.join(&test.input).display()))?,
            true => {
                let Some(cmd) = &test.cmd else {
                    bail!("problem.xml: test {number}: {} is missing", test.input);
                };
                let bytes = run_generator(dir, &recipe, &mut built, maker, cmd, test)
                    .with_context(|| format!("problem.xml: test {number}"))?;
                made.push((test.input.clone(), bytes.clone()));
                bytes
            }
        };
        if !lacks(dir, &test.answer) || recipe.interactive {
            continue;
        }
        let Some(solution) = &recipe.main else {
            bail!(
                "problem.xml: test {number}: {} is missing, and no solution is tagged `main` to make it",
                test.answer
            );
        };
        if main.is_none() {
            main = Some(maker.compile(solution)?);
        }
        let what = format!("the main solution on test {number}");
        let given: Vec<(String, Vec<u8>)> = (recipe.files.input.iter())
            .map(|name| (name.clone(), input.clone()))
            .collect();
        let run = maker.run_with(main.as_ref().expect("built"), &what, &[], Some(&input), &given)?;
        let answer = match &recipe.files.output {
            None => run.stdout,
            Some(name) => match run.files.get(name) {
                Some(bytes) => bytes.clone(),
                None => bail!("{what} wrote no `{name}` (the problem's output-file)"),
            },
        };
        made.push((test.answer.clone(), answer));
    }
    let mut hasher = Sha256::new();
    hasher.update(dir.as_os_str().as_encoded_bytes());
    let key: String = hasher.finalize()[..12].iter().map(|b| format!("{b:02x}")).collect();
    let out = maker.cache_dir().join("polygon").join(key);
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
    std::fs::create_dir_all(&partial)
        .with_context(|| format!("cannot create {}", partial.display()))?;
    let _ = std::fs::remove_dir_all(&out);
    std::fs::rename(&partial, &out).with_context(|| format!("cannot write {}", out.display()))?;
    Ok(Some(out))
}

/// Runs a test's `cmd`: its first word names the generator, the rest are its arguments (split at
/// spaces, as Polygon does; testlib seeds its random numbers from them).
fn run_generator(
    dir: &Path,
    recipe: &Recipe,
    built: &mut BTreeMap<String, Executable>,
    maker: &Maker,
    cmd: &str,
    test: &PolygonTest,
) -> Result<Vec<u8>> {
    let mut words = cmd.split_whitespace();
    let name = words.next().unwrap_or("");
    let args: Vec<String> = words.map(str::to_string).collect();
    if !built.contains_key(name) {
        let source = match recipe.executables.get(name) {
            Some(source) => source.clone(),
            None => bail!(
                "`{cmd}`: no executable `{name}` in <files><executables> (its source would be files/{name}.cpp or the like)"
            ),
        };
        if !source.is_file() {
            bail!("`{cmd}`: {} is not in the package", source.strip_prefix(dir).unwrap_or(&source).display());
        }
        built.insert(name.to_string(), maker.compile(&source)?);
    }
    let made = maker.run(&built[name], cmd, &args, None)?;
    match &test.from_file {
        None => Ok(made.stdout),
        Some(file) => match made.files.get(file) {
            Some(bytes) => Ok(bytes.clone()),
            None => bail!("`{cmd}` wrote no file `{file}` (the test's from-file)"),
        },
    }
}
