//! Interactive problems end to end, on the fixture workspace `interactive`: every verdict of the
//! problemtools order, every fault of either side (an interactor that exits at once, never reads, floods or
//! crashes; a solution that never flushes, quits, writes without reading, closes its stdin and spins,
//! leaves a child holding the pipe), each a definite verdict within 2 × (3 × limit + 1) s, with nothing
//! left running.

use std::time::{Duration, Instant};

use serde_json::Value;

use super::common::{fixtures, harness, json_report};

/// 2 × (3 × 500 ms + 1 s): the most any test of the fixture may take, with the grace after the interactor.
const BOUND: Duration = Duration::from_millis(2 * (3 * 500 + 1000) + 1000);

fn verdicts(report: &Value, id: &str) -> Vec<(String, String)> {
    let mut found: Vec<(String, String)> = report["problems"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["id"] == id)
        .unwrap()["tests"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| {
            let wall = t["wall_ms"].as_f64().unwrap();
            assert!(wall < BOUND.as_millis() as f64, "{t}");
            (
                t["name"].as_str().unwrap().to_string(),
                t["verdict"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    found.sort();
    found
}

#[test]
fn every_interactor_fault_gets_a_definite_verdict() {
    let started = Instant::now();
    let output = harness(
        &fixtures("interactive"),
        &["echo-faults", "--format", "json", "-j", "3"],
    );
    assert_eq!(output.status.code(), Some(1));
    let report = json_report(&output);
    let want: Vec<(String, String)> = [
        ("crash", "JE"),
        ("exit-at-once", "AC"),
        // The solution keeps the flood as one line: stopped at its memory limit.
        ("flood", "MLE"),
        ("never-reads", "TLE"),
        ("normal", "AC"),
        ("reject-first", "WA"),
    ]
    .iter()
    .map(|(n, v)| (n.to_string(), v.to_string()))
    .collect();
    assert_eq!(verdicts(&report, "echo-faults"), want);
    assert!(started.elapsed() < 4 * BOUND, "{:?}", started.elapsed());
    let tests = report["problems"][0]["tests"].as_array().unwrap();
    let reject = tests.iter().find(|t| t["name"] == "reject-first").unwrap();
    assert_eq!(
        reject["checker_message"],
        "round 1: sent 10, expected 11, got `11`"
    );
    let transcript = reject["transcript"].as_array().unwrap();
    let said: Vec<(&str, &str)> = transcript
        .iter()
        .map(|c| (c["dir"].as_str().unwrap(), c["text"].as_str().unwrap()))
        .collect();
    assert_eq!(said, [(">", "10\n"), ("<", "11\n")]);
}

#[test]
fn every_solution_fault_gets_the_verdict_of_its_folder() {
    let output = harness(&fixtures("interactive"), &["echo", "--format", "json"]);
    let report = json_report(&output);
    assert_eq!(output.status.code(), Some(0), "{report}");
    let submissions = report["submissions"].as_array().unwrap();
    let got: Vec<(String, String)> = submissions
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
        ("writes-without-reading.rs", "OLE"),
        ("panics.rs", "RE"),
        ("closes-stdin-and-loops.rs", "TLE"),
        ("never-flushes.rs", "TLE"),
        // Its output closed, the interactor rejects it at once; the sleep after is not its verdict.
        ("closes-stdout-and-sleeps.rs", "WA"),
        ("fork-holds-pipe.rs", "WA"),
        ("off-by-one.rs", "WA"),
        ("quits.rs", "WA"),
        // Rejected first, then it died writing to the closed pipe: still WA.
        ("wrong-then-crash.rs", "WA"),
        // Rejected first, then it spins: WA, as problemtools says.
        ("wrong-then-spins.rs", "WA"),
    ]
    .iter()
    .map(|(n, v)| (n.to_string(), v.to_string()))
    .collect();
    assert_eq!(got, want);
    // Waiting for an answer it never asked for: both sides idle, called TLE once that lasts as long as the
    // limit, not at the wall backstop.
    let never = submissions
        .iter()
        .find(|s| s["file"].as_str().unwrap().ends_with("never-flushes.rs"))
        .unwrap();
    let last = never["tests"].as_array().unwrap().last().unwrap();
    let detail = last["detail"].as_str().unwrap_or_default();
    assert!(detail.starts_with("no progress for 500 ms"), "{never}");
    // Rejected while it still ran, it is stopped then: the grace after the interactor's end is for a
    // solution whose verdict is still open.
    let spins = submissions
        .iter()
        .find(|s| s["file"].as_str().unwrap().ends_with("wrong-then-spins.rs"))
        .unwrap();
    assert_eq!(
        spins["tests"][0]["detail"],
        "still running when the interactor had decided, and stopped then",
        "{spins}"
    );
    for s in submissions {
        for t in s["tests"].as_array().unwrap() {
            assert!(
                t["wall_ms"].as_f64().unwrap() < BOUND.as_millis() as f64,
                "{t}"
            );
        }
    }
    // The interactor's verdict comes with the interactor's reason, and nothing about the wall clock.
    let closed = submissions
        .iter()
        .find(|s| {
            s["file"]
                .as_str()
                .unwrap()
                .ends_with("closes-stdout-and-sleeps.rs")
        })
        .unwrap();
    let test = &closed["tests"][0];
    assert_eq!(
        test["checker_message"], "round 1: the solution quit before answering",
        "{closed}"
    );
    assert!(!test.to_string().contains("wall-clock"), "{closed}");
}

/// 20,000 round trips of 211 bytes each way (4.2 MB): the exchange runs to its end, and a rejection at the
/// very end keeps a transcript no larger than its first and last 64 KiB of each direction.
#[test]
fn a_long_exchange_ends_with_its_verdict_and_a_bounded_transcript() {
    let output = harness(&fixtures("interactive"), &["chatter", "--format", "json"]);
    let report = json_report(&output);
    assert_eq!(output.status.code(), Some(0), "{report}");
    assert_eq!(report["problems"][0]["verdict"], "AC", "{report}");
    let wrong = &report["submissions"][0];
    assert_eq!(wrong["verdict"], "WA", "{wrong}");
    let test = &wrong["tests"][0];
    assert_eq!(test["name"], "long", "{test}");
    assert_eq!(
        test["checker_message"], "round 20000: a different line came back",
        "{test}"
    );
    let transcript = test["transcript"].as_array().unwrap();
    for dir in [">", "<"] {
        let bytes: usize = transcript
            .iter()
            .filter(|c| c["dir"] == dir)
            .map(|c| c["text"].as_str().unwrap().len())
            .sum();
        assert!(bytes <= 2 * 64 * 1024, "{dir}: {bytes} bytes");
        assert!(bytes >= 32 * 1024, "{dir}: {bytes} bytes");
    }
    let last_from_solution = transcript.iter().rev().find(|c| c["dir"] == "<").unwrap();
    assert!(
        last_from_solution["text"].as_str().unwrap().contains('!'),
        "the end of the exchange is kept: {last_from_solution}"
    );
}

#[test]
fn no_process_is_left_behind() {
    let marker = "3600";
    let before = sleepers(marker);
    let output = harness(
        &fixtures("interactive"),
        &["echo", "--format", "json", "--all-tests"],
    );
    // The fork-holds-pipe child (sleep 3600) and the never-reads interactor went with their runs.
    assert_eq!(sleepers(marker), before);
    let verdicts = format!("exit status {:?}", output.status.code());
    if output.status.code() != Some(0)
        && super::common::coarse_cpu("interactive verdicts", &verdicts)
    {
        return;
    }
    assert_eq!(output.status.code(), Some(0));
}

/// Processes whose command line is `sleep <marker>`.
fn sleepers(marker: &str) -> usize {
    std::fs::read_dir("/proc")
        .unwrap()
        .flatten()
        .filter(|e| {
            std::fs::read(e.path().join("cmdline")).is_ok_and(|c| {
                let args: Vec<&[u8]> = c.split(|&b| b == 0).collect();
                args.first().is_some_and(|a| a.ends_with(b"sleep"))
                    && args.get(1) == Some(&marker.as_bytes())
            })
        })
        .count()
}
