//! Judge profiles and parity, end to end (fixture workspace `parity`): every difference of profile between
//! this judge and Kattis, DOMjudge, Codeforces and CMS that the fixture holds a submission for is a parity
//! row with its rule and cause, in the JSON, human, JUnit and HTML reports (the interpreter, ONLINE_JUDGE,
//! the Java main class, a runaway allocation, a flood of output, an interactive solution that closes its
//! output); a submission that gets the same verdict everywhere has none. A toolchain this machine lacks is skipped, saying so.

use std::fs;

use serde_json::Value;

use super::common::{copy_of, harness, json_report, printed, scratch, skipped, stdout};

/// Whether a command is on this machine.
fn have(command: &str) -> bool {
    std::process::Command::new(command)
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success())
}

/// The rows of a profile for the submission whose file ends with `file`.
fn rows<'a>(report: &'a Value, profile: &str, file: &str) -> Vec<&'a Value> {
    let profiles = report["parity"]["profiles"].as_array().unwrap();
    let profile = profiles
        .iter()
        .find(|p| p["profile"] == profile)
        .unwrap_or_else(|| panic!("no profile {profile} in {report:#}"));
    profile["rows"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|r| r["program"].as_str().unwrap().ends_with(file))
        .collect()
}

/// The one row of `file` under `profile`: its verdicts here and there, its rule, and words of its cause.
fn expect_row(
    report: &Value,
    profile: &str,
    file: &str,
    here: &str,
    there: &str,
    rule: &str,
    cause: &str,
) {
    let found = rows(report, profile, file);
    assert_eq!(found.len(), 1, "{profile} {file}: {found:#?}");
    let row = found[0];
    assert_eq!(
        (&row["here"], &row["there"], &row["rule"]),
        (&Value::from(here), &Value::from(there), &Value::from(rule)),
        "{profile} {file}: {row:#}"
    );
    let said = row["cause"].as_str().unwrap();
    assert!(said.contains(cause), "{profile} {file}: {said}");
}

fn expect_none(report: &Value, profile: &str, file: &str) {
    let found = rows(report, profile, file);
    assert!(found.is_empty(), "{profile} {file}: {found:#?}");
}

#[test]
fn every_difference_of_profile_is_a_parity_row_with_its_cause() {
    let root = copy_of("parity", "parity-rows");
    let out = scratch("parity-reports");
    let (junit, html) = (out.join("parity.xml"), out.join("parity.html"));
    let output = harness(
        &root,
        &[
            "--format",
            "json",
            "--output-limit-mib",
            "1",
            "--parity",
            "kattis,domjudge,codeforces,cms",
            "--junit",
            junit.to_str().unwrap(),
            "--html",
            html.to_str().unwrap(),
        ],
    );
    let report = json_report(&output);
    // Every submission is as expected here: parity says where it would not be, not a failure of the run.
    assert_eq!(output.status.code(), Some(0), "{}", printed(&output));
    let names: Vec<&Value> = report["parity"]["profiles"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| &p["profile"])
        .collect();
    assert_eq!(names, ["kattis", "domjudge", "codeforces", "cms"]);
    // The same verdict everywhere: no row anywhere.
    for profile in ["kattis", "domjudge", "codeforces", "cms"] {
        expect_none(&report, profile, "accepted/sum.cpp");
    }
    if have("g++") {
        // ONLINE_JUDGE: defined here (and on Codeforces), not on Kattis, DOMjudge or CMS.
        for (profile, judge) in [
            ("kattis", "Kattis"),
            ("domjudge", "DOMjudge"),
            ("cms", "CMS"),
        ] {
            let cause = match profile {
                "cms" => "CMS defines EVAL, not ONLINE_JUDGE".to_string(),
                _ => format!("ONLINE_JUDGE is not defined on {judge}"),
            };
            expect_row(
                &report,
                profile,
                "online-judge.cpp",
                "AC",
                "WA",
                "language",
                &cause,
            );
        }
        expect_none(&report, "codeforces", "online-judge.cpp");
        // A runaway allocation: MLE here, a run-time error where RLIMIT_AS or a control group ends it
        // without a memory verdict.
        for (profile, judge) in [("kattis", "Kattis"), ("domjudge", "DOMjudge")] {
            let cause = format!("memory: {judge} has no memory verdict");
            expect_row(
                &report,
                profile,
                "runaway.cpp",
                "MLE",
                "RE",
                "memory",
                &cause,
            );
        }
        expect_none(&report, "codeforces", "runaway.cpp");
        expect_none(&report, "cms", "runaway.cpp");
        // Flooding stdout: stopped at the limit here (OLE); DOMjudge and problemtools let it run on, out
        // of time (TLE); CMS's file-size limit kills it (RE).
        for (profile, judge) in [("kattis", "Kattis"), ("domjudge", "DOMjudge")] {
            let cause = format!("output: {judge} lets a program run on past the output limit");
            expect_row(
                &report,
                profile,
                "rejected/flood.cpp",
                "OLE",
                "TLE",
                "output",
                &cause,
            );
            // One that ends in time is OLE there too.
            expect_none(&report, profile, "flood-once.cpp");
        }
        for file in ["rejected/flood.cpp", "flood-once.cpp"] {
            let cause = "output: CMS kills a program at its file-size limit by SIGXFSZ";
            expect_row(&report, "cms", file, "OLE", "RE", "output", cause);
        }
    } else {
        skipped("parity: C++ rows", "`g++` is missing");
    }
    if have("javac") {
        // The Java main class: found here, the main file's name on Kattis.
        let cause = "Kattis runs the class named as the main file";
        expect_row(
            &report,
            "kattis",
            "solution.java",
            "AC",
            "RE",
            "language",
            cause,
        );
        expect_none(&report, "domjudge", "solution.java");
    } else {
        skipped("parity: Java rows", "`javac` is missing");
    }
    // PyPy here, CPython on Codeforces and CMS: accepted here only where PyPy runs it.
    match (have("pypy3"), have("python3")) {
        (true, true) => {
            for (profile, cause) in [
                ("codeforces", "Python 3 is CPython on Codeforces"),
                ("cms", "Python 3 is CPython in CMS"),
            ] {
                expect_row(&report, profile, "loop.py", "AC", "TLE", "language", cause);
            }
            expect_none(&report, "kattis", "loop.py");
            expect_none(&report, "domjudge", "loop.py");
        }
        _ => skipped(
            "parity: PyPy vs CPython",
            "`pypy3` or `python3` is missing: both run the same interpreter here",
        ),
    }
    // An interactive solution that closes its output and sleeps: the interactor rejects it here at once
    // (WA); problemtools passes its end of output on only when it ends, and it is stopped first (TLE).
    let cause = "interactive: Kattis passes a solution's closed output on to the interactor only when the solution ends";
    expect_row(
        &report,
        "kattis",
        "closes-stdout.rs",
        "WA",
        "TLE",
        "interactive",
        cause,
    );
    expect_none(&report, "domjudge", "closes-stdout.rs");
    // What a profile changes and this run did not compare is said, not silently left out.
    let kattis = &report["parity"]["profiles"][0];
    let left: Vec<&str> = kattis["not_compared"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l.as_str().unwrap())
        .collect();
    assert!(
        left.iter().any(|l| l.starts_with("time-limit rounding:")),
        "{left:?}"
    );
    let domjudge = &report["parity"]["profiles"][1];
    let scoring = domjudge["not_compared"].to_string();
    assert!(scoring.contains("scoring: DOMjudge's scoring"), "{scoring}");

    // The other reports list the same rows.
    let parsed: harness::model::Report = serde_json::from_str(&stdout(&output)).unwrap();
    let mut human = Vec::new();
    harness::report::render_human(&parsed, &Default::default(), &mut human).unwrap();
    let human = String::from_utf8(human).unwrap();
    assert!(human.contains("Parity with other judges"), "{human}");
    let rows = report["parity"]["profiles"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["rows"].as_array().unwrap().len())
        .sum::<usize>();
    let junit = fs::read_to_string(&junit).unwrap();
    assert!(junit.contains("<testsuite name=\"parity\""), "{junit}");
    assert_eq!(junit.matches("type=\"parity-").count(), rows, "{junit}");
    let html = fs::read_to_string(&html).unwrap();
    assert!(html.contains("<section id=\"parity\">"));
    if have("g++") {
        let sentence = "OLE here, TLE on DOMjudge: output: DOMjudge lets a program run on";
        assert!(human.contains(sentence), "{human}");
        assert!(junit.contains(sentence), "{junit}");
        // The page has a table: the verdicts in their cells, then the cause.
        let cause =
            "<td>output</td><td>output: DOMjudge lets a program run on past the output limit";
        assert!(html.contains(cause), "{html}");
    }
}

#[test]
fn an_unknown_profile_is_a_setup_error_naming_the_known_ones() {
    let root = copy_of("parity", "parity-unknown");
    let output = harness(&root, &["--parity", "kattis,uva"]);
    assert_eq!(output.status.code(), Some(2), "{}", printed(&output));
    let said = printed(&output);
    assert!(
        said.contains(
            "no profile named \"uva\"; the profiles are: native, kattis, domjudge, codeforces, cms"
        ),
        "{said}"
    );
}

#[test]
fn a_profile_compiles_as_its_judge_and_doctor_lists_its_toolchains() {
    if !have("g++") {
        skipped("parity: --profile", "`g++` is missing");
        return;
    }
    // Under Kattis's table, the C++ that needs ONLINE_JUDGE is wrong, and the submission is not as its
    // folder says: the run fails.
    let root = copy_of("parity", "parity-profile");
    let program = root.join("problems/sum/submissions/accepted/online-judge.cpp");
    let program = program.to_str().unwrap();
    let run = |profile: &[&str]| {
        let mut args = vec!["--format", "json", "--submission", program];
        args.extend_from_slice(profile);
        args.push("sum");
        json_report(&harness(&root, &args))
    };
    let report = run(&["--profile", "kattis"]);
    assert_eq!(report["profile"], "kattis", "{report:#}");
    assert_eq!(report["submissions"][0]["verdict"], "WA", "{report:#}");
    assert_eq!(run(&[])["submissions"][0]["verdict"], "AC");
    // A workspace default: the same run without --profile.
    fs::write(root.join("profiles.toml"), "default = \"kattis\"\n").unwrap();
    assert_eq!(run(&[])["submissions"][0]["verdict"], "WA");
    assert_eq!(
        run(&["--profile", "native"])["submissions"][0]["verdict"],
        "AC"
    );

    let output = harness(&root, &["doctor", "--profile", "codeforces"]);
    assert_eq!(output.status.code(), Some(0), "{}", printed(&output));
    let said = stdout(&output);
    let python = said
        .lines()
        .find(|l| l.starts_with("* python3 "))
        .unwrap_or_else(|| panic!("{said}"));
    match have("python3") {
        true => assert!(python.contains("here: Python 3"), "{python}"),
        false => assert!(python.contains("missing:"), "{python}"),
    }
    assert!(said.contains("toolchains here,"), "{said}");
    assert!(
        said.contains("memory         Mle (https://codeforces.com/blog/entry/79"),
        "{said}"
    );
}
