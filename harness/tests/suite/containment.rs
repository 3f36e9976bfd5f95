//! Submissions written to misbehave (fixture workspace `hostile`): each gets the verdict of its folder, and
//! nothing is left behind: no file in /tmp or /dev/shm, no daemon, the judge unharmed by a submission that
//! kills its launcher. The full containment (another uid, hidden data, a control group) needs root; as
//! another user the judge falls back to what it can, and this test says what it skipped.

use serde_json::Value;

use super::common::{fixtures, harness, json_report};

fn is_root() -> bool {
    // SAFETY: getuid has no preconditions.
    unsafe { libc::getuid() == 0 }
}

#[test]
fn hostile_submissions_get_their_verdicts_and_leave_nothing_behind() {
    if !is_root() {
        eprintln!("containment: skipped, the judge runs as root only in this test (see README, \"Containment\")");
        return;
    }
    let marks = ["/tmp/harness-hostile-mark", "/dev/shm/harness-hostile-mark"];
    for mark in marks {
        let _ = std::fs::remove_file(mark);
    }
    let daemons_before = processes_with_args(&["sleep", "3601"]);
    let output = harness(&fixtures("hostile"), &["--format", "json"]);
    let report = json_report(&output);
    assert_eq!(output.status.code(), Some(0), "{report:#}");
    let got: Vec<(String, String)> = report["submissions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| {
            (
                s["file"]
                    .as_str()
                    .unwrap()
                    .rsplit('/')
                    .next()
                    .unwrap()
                    .to_string(),
                s["verdict"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    let want: Vec<(String, String)> = [
        ("kills-the-launcher.rs", "AC"),
        ("leaves-a-daemon.rs", "AC"),
        ("leaves-files.rs", "AC"),
        ("allocation-bomb.rs", "MLE"),
        ("children-share-the-work.rs", "MLE"),
        ("erases-its-peak.rs", "MLE"),
        ("fork-bomb.rs", "RE"),
        ("child-burns-cpu.rs", "TLE"),
        ("reads-the-answer.rs", "WA"),
    ]
    .iter()
    .map(|(f, v)| (f.to_string(), v.to_string()))
    .collect();
    assert_eq!(got, want);
    for mark in marks {
        assert!(
            !std::path::Path::new(mark).exists(),
            "{mark} was left behind"
        );
    }
    assert_eq!(
        processes_with_args(&["sleep", "3601"]),
        daemons_before,
        "a daemon survived"
    );
    let memory = submission(&report, "allocation-bomb.rs");
    let peak = memory["tests"][0]["peak_kib"].as_u64().unwrap();
    assert!(
        peak < 2 * 64 * 1024,
        "stopped near the limit, not far past it: {peak} KiB"
    );
}

fn submission<'a>(report: &'a Value, name: &str) -> &'a Value {
    report["submissions"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["file"].as_str().unwrap().ends_with(name))
        .unwrap()
}

/// Processes whose command line starts with these arguments (the program by its file name).
fn processes_with_args(args: &[&str]) -> usize {
    std::fs::read_dir("/proc")
        .unwrap()
        .flatten()
        .filter(|e| {
            std::fs::read(e.path().join("cmdline")).is_ok_and(|c| {
                let found: Vec<&[u8]> = c.split(|&b| b == 0).collect();
                found.len() > args.len()
                    && found[0].ends_with(args[0].as_bytes())
                    && found[1..args.len()]
                        .iter()
                        .zip(&args[1..])
                        .all(|(a, b)| *a == b.as_bytes())
            })
        })
        .count()
}
