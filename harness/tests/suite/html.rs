//! The HTML report (`--html FILE`, `HARNESS_HTML`) in a real browser: headless Chromium opens the page,
//! runs its script, and the DOM it ends with has the rows expected; a screenshot is taken. Where no
//! Chromium can be found the browser half says it skipped (`common::skipped`), and the page's text is
//! still checked.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::Value;

use super::common::{command, fixtures, scratch, skipped};

/// The page may not grow past this for the whole workspace.
const MAX_BYTES: u64 = 3 << 20;

/// Chromium: `$CHROMIUM` (when it names a file), else the first of the usual names on PATH.
fn chromium() -> Option<PathBuf> {
    if let Some(path) = std::env::var_os("CHROMIUM").filter(|p| !p.is_empty()) {
        return Some(PathBuf::from(path)).filter(|p| p.is_file());
    }
    let path = std::env::var_os("PATH")?;
    ["chromium", "chromium-browser", "google-chrome"]
        .iter()
        .flat_map(|name| std::env::split_paths(&path).map(move |dir| dir.join(name)))
        .find(|candidate| candidate.is_file())
}

/// Headless Chromium on `page` with `action` (`--dump-dom`, `--screenshot=FILE`): what it printed on stdout.
/// No network, no profile of the user's, at most two minutes.
fn headless(browser: &Path, page: &Path, action: &str) -> String {
    let profile = scratch(&format!(
        "chromium-profile-{}",
        page.file_stem().unwrap().to_string_lossy()
    ));
    let output = Command::new("timeout")
        .arg("120")
        .arg(browser)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--no-first-run",
            "--window-size=1280,2000",
        ])
        .arg(format!("--user-data-dir={}", profile.display()))
        .arg(action)
        .arg(format!("file://{}", page.display()))
        .output()
        .expect("run chromium");
    assert!(
        output.status.success(),
        "chromium failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8_lossy(&output.stdout).into_owned()
}

/// The DOM Chromium ends with, after the page's script ran, and a screenshot next to the page; `None`
/// (said) without Chromium.
fn in_browser(test: &str, page: &Path) -> Option<String> {
    let Some(browser) = chromium() else {
        skipped(
            test,
            "no Chromium (apt-get install chromium, or set CHROMIUM to its path): the page was checked as text only",
        );
        return None;
    };
    let dom = headless(&browser, page, "--dump-dom");
    let png = page.with_extension("png");
    headless(&browser, page, &format!("--screenshot={}", png.display()));
    let image = fs::read(&png).unwrap();
    assert!(image.starts_with(b"\x89PNG\r\n\x1a\n"), "a PNG screenshot");
    assert!(image.len() > 10_000, "the screenshot shows something");
    Some(dom)
}

/// The rows of the overview (`data-problem`) and of every verdict matrix (`data-program`) of a page.
fn rows(dom: &str, attribute: &str) -> Vec<String> {
    let marker = format!("<tr {attribute}=\"");
    dom.split(&marker)
        .skip(1)
        .map(|rest| rest.split('"').next().unwrap().to_string())
        .collect()
}

/// The section of one problem in a page.
fn section<'a>(dom: &'a str, id: &str) -> &'a str {
    let start = dom
        .find(&format!("id=\"p-{id}\""))
        .unwrap_or_else(|| panic!("no section for {id}"));
    let end = dom[start..]
        .find("</section>")
        .map_or(dom.len(), |e| start + e);
    &dom[start..end]
}

#[test]
fn the_workflow_report_in_a_browser() {
    let dir = scratch("html-workflow");
    let page = dir.join("workflow.html");
    let output = command(&fixtures("workflow"), &["--html", page.to_str().unwrap()])
        .output()
        .unwrap();
    assert_eq!(
        output.status.code(),
        Some(1),
        "three submissions are not as declared"
    );
    let html = fs::read_to_string(&page).unwrap();
    assert!(html.starts_with("<!DOCTYPE html>"));
    assert!(
        !html.contains("http://") && !html.contains("https://"),
        "no network asset"
    );
    // Without a script the tables are all there: every problem and every program has its row.
    let problems = rows(&html, "data-problem");
    assert_eq!(problems, ["slow", "sum", "weak", "weak-copy"], "{html}");
    let programs = rows(section(&html, "sum"), "data-program");
    assert_eq!(programs[0], "solution");
    assert!(programs.len() > 1, "{programs:?}");
    for part in ["not-as-expected", "CPU time per test", "limit ", "The run"] {
        assert!(html.contains(part), "{part}");
    }
    let Some(dom) = in_browser("the_workflow_report_in_a_browser", &page) else {
        return;
    };
    assert_eq!(rows(&dom, "data-problem"), problems);
    assert_eq!(rows(section(&dom, "sum"), "data-program"), programs);
    assert!(
        dom.contains("<nav id=\"filter\">"),
        "the script ran: the filter shows"
    );
    assert!(dom.contains("<svg class=\"chart\""));
}

#[test]
fn harness_html_names_the_page_for_ci() {
    let dir = scratch("html-env");
    let page = dir.join("from-env.html");
    let output = command(&fixtures("verdicts"), &["ac", "wa"])
        .env("HARNESS_HTML", &page)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1));
    let html = fs::read_to_string(&page).unwrap();
    assert_eq!(rows(&html, "data-problem"), ["ac", "wa"]);
    // The wrong answer is detailed: its first difference, its input and where the input is.
    let wa = section(&html, "wa");
    assert!(
        wa.contains("<details class=\"failure\" open id=\"f-wa-"),
        "{wa}"
    );
    assert!(wa.contains("<code>testdata/wa/"), "{wa}");
    // A report that cannot be written is a setup error before anything runs.
    let output = command(
        &fixtures("verdicts"),
        &["ac", "--html", "/nonexistent/dir/r.html"],
    )
    .output()
    .unwrap();
    assert_eq!(output.status.code(), Some(2));
    let message = String::from_utf8_lossy(&output.stderr);
    assert!(
        message.contains("cannot write the HTML report to /nonexistent/dir/r.html"),
        "{message}"
    );
}

/// Called by the test that grades the whole workspace (`e2e`), with its JSON report and the page it
/// wrote: one overview row per problem, in each problem's matrix the solution and every submission.
pub fn check_workspace_page(report: &Value, page: &Path) {
    let size = fs::metadata(page).unwrap().len();
    assert!(size < MAX_BYTES, "the workspace's page is {size} bytes");
    let html = fs::read_to_string(page).unwrap();
    let ids: Vec<String> = report["problems"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["id"].as_str().unwrap().to_string())
        .collect();
    let expected_programs = |id: &str| -> Vec<String> {
        let mut programs = vec!["solution".to_string()];
        for s in report["submissions"].as_array().unwrap() {
            if s["problem"] == id {
                let file = s["file"].as_str().unwrap();
                let name = file.rsplit('/').next().unwrap();
                programs.push(format!("{}/{name}", folder(s)));
            }
        }
        programs
    };
    let check = |page_text: &str| {
        assert_eq!(rows(page_text, "data-problem"), ids);
        for id in &ids {
            assert_eq!(
                rows(section(page_text, id), "data-program"),
                expected_programs(id),
                "{id}"
            );
        }
    };
    check(&html);
    if let Some(dom) = in_browser("the_workspace_is_all_accepted (its HTML page)", page) {
        check(&dom);
        assert!(dom.contains("<nav id=\"filter\">"), "the script ran");
    }
}

/// The folder a submission of the JSON report is in.
fn folder(submission: &Value) -> String {
    match &submission["expected"] {
        Value::String(folder) => folder.clone(),
        // partially_accepted/ of a problem with groups: a rule of its own.
        Value::Object(rule) if rule["verdicts"]["folder"].is_string() => {
            rule["verdicts"]["folder"].as_str().unwrap().to_string()
        }
        other => panic!("a workspace submission is in a folder: {other}"),
    }
}

#[test]
fn verify_writes_the_page_of_a_package() {
    let page = scratch("html-verify").join("addition.html");
    let package = fixtures("packages").join("addition");
    let output = command(
        &fixtures("workflow"),
        &[
            "verify",
            package.to_str().unwrap(),
            "--html",
            page.to_str().unwrap(),
        ],
    )
    .output()
    .unwrap();
    assert_eq!(
        output.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&output.stdout)
    );
    let html = fs::read_to_string(&page).unwrap();
    let programs = rows(section(&html, "addition"), "data-program");
    assert_eq!(programs.first().map(String::as_str), Some("solution"));
    assert!(
        programs.iter().any(|p| p == "wrong_answer/integers.py"),
        "{programs:?}"
    );
    // A test not accepted names its input in the package.
    let json = command(
        &fixtures("workflow"),
        &["verify", package.to_str().unwrap(), "--format", "json"],
    )
    .output()
    .unwrap();
    let report: Value = serde_json::from_slice(&json.stdout).unwrap();
    let inputs: Vec<&str> = report["submissions"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|s| s["tests"].as_array().unwrap())
        .filter_map(|t| t["input_path"].as_str())
        .collect();
    assert!(
        !inputs.is_empty()
            && inputs
                .iter()
                .all(|p| p.contains("addition/data/") && p.ends_with(".in")),
        "{inputs:?}"
    );
    // Columns grouped by the package's folders.
    for group in ["sample", "secret/small", "secret/large"] {
        assert!(
            html.contains(&format!("class=\"group\">{group}</th>")),
            "{group}"
        );
    }
}
