//! End to end: `harness stress` and `harness gen` on a copy of the fixture workspace `fixtures/stress`
//! (sum of two numbers; the `wrong` solution is off by one once the sum reaches 100).

use std::fs;
use std::path::PathBuf;

use super::common::{harness, printed};

/// A fresh copy of the fixture workspace, private to one test.
fn workspace(test: &str) -> PathBuf {
    super::common::copy_of("stress", &format!("stress-fixtures/{test}"))
}

#[test]
fn stress_agrees_on_a_right_solution() {
    let root = workspace("agree");
    let output = harness(&root, &["stress", "right", "--cases", "40", "--seed", "7"]);
    assert_eq!(output.status.code(), Some(0), "{}", printed(&output));
    assert!(
        printed(&output).contains("agree on 40 inputs (gen small 7..=46)"),
        "{}",
        printed(&output)
    );
}

#[test]
fn stress_reports_the_smallest_disagreement_with_a_replay_command() {
    let root = workspace("disagree");
    let output = harness(&root, &["stress", "wrong", "--cases", "60"]);
    assert_eq!(output.status.code(), Some(1), "{}", printed(&output));
    let text = printed(&output);
    assert!(
        text.contains("the solution disagrees with brute.rs on `gen small "),
        "{text}"
    );
    assert!(
        text.contains("--- input")
            && text.contains("--- brute.rs (expected)")
            && text.contains("--- solution (got)")
    );
    // Smallest first: two two-digit numbers is the shortest input whose sum reaches 100.
    let input = text
        .lines()
        .skip_while(|l| *l != "--- input")
        .nth(1)
        .unwrap();
    assert_eq!(input.len(), 5, "{text}");
    // The input is kept where the message says, after the run.
    let kept = text
        .lines()
        .find_map(|l| l.strip_prefix("kept: "))
        .and_then(|l| l.split(" (").next())
        .unwrap_or_else(|| panic!("no kept line: {text}"));
    assert_eq!(fs::read_to_string(kept).unwrap().trim_end(), input);
    assert!(
        kept.contains("target/harness/failed/wrong/small-"),
        "{kept}"
    );
    assert!(PathBuf::from(kept).with_extension("ans").is_file());
    assert!(!text.contains("/dev/null"), "{text}");
    let replay = text.lines().find(|l| l.starts_with("replay: ")).unwrap();
    let seed = replay.rsplit(' ').next().unwrap();
    // The replay command reproduces the same disagreement on its own.
    let again = harness(&root, &["stress", "wrong", "--cases", "1", "--seed", seed]);
    assert_eq!(again.status.code(), Some(1));
    assert!(printed(&again).contains(&format!("`gen small {seed}`")));
}

#[test]
fn stress_save_adds_a_declared_test_and_never_overwrites() {
    let root = workspace("save");
    let output = harness(&root, &["stress", "wrong", "--cases", "60", "--save"]);
    assert_eq!(output.status.code(), Some(1), "{}", printed(&output));
    let text = printed(&output);
    let seed = text
        .lines()
        .find(|l| l.starts_with("replay: "))
        .unwrap()
        .rsplit(' ')
        .next()
        .unwrap()
        .to_string();
    let saved_in = root.join(format!("testdata/wrong/stress-{seed}.in"));
    let saved_out = root.join(format!("testdata/wrong/stress-{seed}.out"));
    assert!(saved_in.is_file() && saved_out.is_file(), "{text}");
    let tests_toml = fs::read_to_string(root.join("problems/wrong/tests.toml")).unwrap();
    assert!(
        tests_toml.contains(&format!("name = \"stress-{seed}\"")),
        "{tests_toml}"
    );
    // The saved test is declared so that `gen --check` can reproduce it.
    let check = harness(&root, &["gen", "--check", "wrong"]);
    assert_eq!(check.status.code(), Some(0), "{}", printed(&check));
    // The grading now fails on it.
    let graded = harness(&root, &["wrong", "--test", "stress-*"]);
    assert_eq!(graded.status.code(), Some(1));

    // Saving again must not overwrite: a hand edit survives, and the command says why it stopped.
    fs::write(&saved_out, "hand edit\n").unwrap();
    let again = harness(&root, &["stress", "wrong", "--cases", "60", "--save"]);
    assert_ne!(again.status.code(), Some(0));
    assert!(
        printed(&again).contains("already exists"),
        "{}",
        printed(&again)
    );
    assert_eq!(fs::read_to_string(&saved_out).unwrap(), "hand edit\n");

    // The files gone but the entry still declared: refused too, so tests.toml never declares it twice.
    fs::remove_file(&saved_in).unwrap();
    fs::remove_file(&saved_out).unwrap();
    let third = harness(&root, &["stress", "wrong", "--cases", "60", "--save"]);
    assert_ne!(third.status.code(), Some(0));
    assert!(
        printed(&third).contains("already declares"),
        "{}",
        printed(&third)
    );
    assert_eq!(
        fs::read_to_string(root.join("problems/wrong/tests.toml")).unwrap(),
        tests_toml
    );
    assert!(!saved_in.exists());
}

#[test]
fn gen_check_finds_stale_data_and_gen_rewrites_only_generated_files() {
    let root = workspace("gen");
    let check = harness(&root, &["gen", "--check"]);
    assert_eq!(check.status.code(), Some(0), "{}", printed(&check));

    let generated = root.join("testdata/right/rand-01.out");
    let hand_made = root.join("testdata/right/sample-1.out");
    fs::write(&generated, "0\n").unwrap();
    fs::write(&hand_made, "3 \n").unwrap();
    let check = harness(&root, &["gen", "--check"]);
    assert_eq!(check.status.code(), Some(1));
    assert!(
        printed(&check).contains("rand-01.out differs from what tests.toml generates"),
        "{}",
        printed(&check)
    );
    assert_eq!(
        fs::read_to_string(&generated).unwrap(),
        "0\n",
        "--check writes nothing"
    );

    let gen = harness(&root, &["gen", "right"]);
    assert_eq!(gen.status.code(), Some(0), "{}", printed(&gen));
    assert_ne!(fs::read_to_string(&generated).unwrap(), "0\n");
    assert_eq!(
        fs::read_to_string(&hand_made).unwrap(),
        "3 \n",
        "hand-made files are never touched"
    );

    fs::write(root.join("testdata/right/extra.in"), "1 1\n").unwrap();
    let check = harness(&root, &["gen", "--check"]);
    assert_eq!(check.status.code(), Some(1));
    assert!(
        printed(&check).contains("extra.in is not declared"),
        "{}",
        printed(&check)
    );
}

#[test]
fn validate_accepts_the_data_and_rejects_the_invalid_examples() {
    let root = workspace("validate");
    let output = harness(&root, &["validate"]);
    assert_eq!(output.status.code(), Some(0), "{}", printed(&output));
    assert!(
        printed(&output).contains("1 problem: 2 inputs valid, 3 invalid examples rejected"),
        "{}",
        printed(&output)
    );
    // Each invalid example is named with the validator's reason for rejecting it.
    assert!(
        printed(&output).contains(
            "problems/right/invalid/three-numbers.in: rejected: line 1: 3 numbers, expected 2"
        ),
        "{}",
        printed(&output)
    );
    // A validator that accepts everything is caught by the invalid examples, in validate and gen --check.
    fs::write(
        root.join("problems/right/validate.rs"),
        "fn main() { std::process::exit(42) }\n",
    )
    .unwrap();
    for args in [&["validate"][..], &["gen", "--check"][..]] {
        let output = harness(&root, args);
        assert_eq!(
            output.status.code(),
            Some(1),
            "{args:?}: {}",
            printed(&output)
        );
        assert!(
            printed(&output).contains("invalid/too-big.in: accepted, but it is an invalid input"),
            "{}",
            printed(&output)
        );
    }
    // And one that rejects a declared input names the file and the reason.
    fs::write(
        root.join("problems/right/validate.rs"),
        "fn main() { eprintln!(\"line 1: no\"); std::process::exit(43) }\n",
    )
    .unwrap();
    let output = harness(&root, &["validate"]);
    assert_eq!(output.status.code(), Some(1));
    assert!(
        printed(&output).contains("sample-1.in: rejected: line 1: no"),
        "{}",
        printed(&output)
    );
}

#[test]
fn stress_judges_through_the_checker_and_save_keeps_nothing_it_accepts() {
    let root = workspace("checker");
    let tests_toml = fs::read_to_string(root.join("problems/between/tests.toml")).unwrap();
    // The solution prints max(a, b) and brute.rs min(a, b): byte for byte they differ on most inputs,
    // through the checker they agree.
    let output = harness(
        &root,
        &[
            "stress", "between", "--cases", "30", "--seed", "3", "--save",
        ],
    );
    assert_eq!(output.status.code(), Some(0), "{}", printed(&output));
    assert!(
        printed(&output).contains("agree on 30 inputs"),
        "{}",
        printed(&output)
    );
    assert_eq!(
        fs::read_to_string(root.join("problems/between/tests.toml")).unwrap(),
        tests_toml,
        "nothing the checker accepts is saved"
    );
    let data: Vec<_> = fs::read_dir(root.join("testdata/between"))
        .unwrap()
        .collect();
    assert_eq!(data.len(), 2, "only rand-01.in and rand-01.out");

    // A solution the checker rejects (a number outside the range) is a disagreement, and is saved.
    fs::write(
        root.join("solutions/between/src/main.rs"),
        "fn main() { println!(\"1000000\"); }\n",
    )
    .unwrap();
    let output = harness(
        &root,
        &[
            "stress", "between", "--cases", "30", "--seed", "3", "--save",
        ],
    );
    assert_eq!(output.status.code(), Some(1), "{}", printed(&output));
    assert!(printed(&output).contains("saved "), "{}", printed(&output));
}

/// The text of a failed command, with the checks every failure message must pass: no `/dev/null` as an
/// input, no stray space at the end of a command line (`brute `).
fn failure_text(output: &std::process::Output) -> String {
    assert_ne!(output.status.code(), Some(0), "{}", printed(output));
    let text = printed(output);
    assert!(!text.contains("/dev/null"), "{text}");
    assert!(!text.contains(" ` "), "{text}");
    text
}

/// The path after `marker` in `text`, up to the next `)`, `: ` or end of line.
fn path_after<'a>(text: &'a str, marker: &str) -> &'a str {
    let start = text
        .find(marker)
        .unwrap_or_else(|| panic!("no `{marker}` in {text}"))
        + marker.len();
    let rest = text[start..].split([')', '\n']).next().unwrap();
    rest.split(": ").next().unwrap()
}

#[test]
fn a_failing_brute_force_keeps_its_input_and_names_the_replay() {
    let root = workspace("brute-fails");
    fs::write(
        root.join("problems/wrong/brute.rs"),
        "fn main() { panic!(\"brute gave up\"); }\n",
    )
    .unwrap();
    let text = failure_text(&harness(&root, &["stress", "wrong", "--cases", "5"]));
    assert!(text.contains("`brute` failed with"), "{text}");
    assert!(text.contains("brute gave up"), "{text}");
    assert!(
        text.contains("replay: harness stress wrong --cases 1 --seed "),
        "{text}"
    );
    let kept = path_after(&text, "input kept in ");
    assert!(
        kept.contains("target/harness/failed/wrong/small-"),
        "{kept}"
    );
    assert!(!fs::read(kept).unwrap().is_empty(), "{kept} is the input");

    // gen runs brute.rs on a generated input too: that input is kept as well.
    let text = failure_text(&harness(&root, &["gen", "wrong"]));
    assert!(text.contains("test `rand-01` of tests.toml"), "{text}");
    let kept = path_after(&text, ", on ");
    assert!(kept.ends_with("failed/wrong/rand-01.in"), "{text}");
    assert!(!fs::read(kept).unwrap().is_empty());
}

#[test]
fn a_failing_generator_is_named_with_its_arguments() {
    let root = workspace("gen-fails");
    fs::write(
        root.join("problems/wrong/gen.rs"),
        "fn main() { panic!(\"gen gave up\"); }\n",
    )
    .unwrap();
    let text = failure_text(&harness(
        &root,
        &["stress", "wrong", "--cases", "3", "--seed", "9"],
    ));
    assert!(text.contains("`gen small "), "{text}");
    assert!(text.contains("gen gave up"), "{text}");
    assert!(
        text.contains("replay: harness stress wrong --cases 1 --seed "),
        "{text}"
    );
    let text = failure_text(&harness(&root, &["gen", "wrong"]));
    assert!(
        text.contains("test `rand-01` of tests.toml: `gen small 1` failed"),
        "{text}"
    );
}

#[test]
fn gen_prints_the_answers_of_each_group_and_warns_about_degenerate_ones() {
    let root = workspace("stats");
    let tests_toml = root.join("problems/right/tests.toml");
    let mut declared = fs::read_to_string(&tests_toml).unwrap();
    // Two max tests with the same input (one answer everywhere, and below the edge test's value).
    for name in ["max-01", "max-02"] {
        declared.push_str(&format!(
            "\n[[test]]\nname = \"{name}\"\ninput = \"gen\"\nargs = [\"small\", \"1\"]\nanswer = \"brute\"\n"
        ));
    }
    declared.push_str("\n[[test]]\nname = \"edge-big\"\ninput = \"hand\"\nanswer = \"hand\"\n");
    fs::write(&tests_toml, declared).unwrap();
    fs::write(root.join("testdata/right/edge-big.in"), "999 1\n").unwrap();
    fs::write(root.join("testdata/right/edge-big.out"), "1000\n").unwrap();

    let output = harness(&root, &["gen", "right"]);
    assert_eq!(output.status.code(), Some(0), "{}", printed(&output));
    let text = printed(&output);
    let expected = [
        "right sample-* (1 test): 1 case, `3` 1; largest input value 2",
        "right rand-* (1 generated test): 1 case, `116` 1; largest input value 93",
        "right max-* (2 generated tests): 2 cases, `116` 2; largest input value 93",
        "right edge-* (1 test): 1 case, `1000` 1; largest input value 999",
        "WARNING: right max-*: one answer everywhere (`116` in all 2 cases)",
        "WARNING: right max-*: largest input value 93, below 999 found elsewhere in the data",
    ];
    for line in expected {
        assert!(text.contains(line), "missing `{line}` in:\n{text}");
    }
    // A group with one case and a hand-made group are never degenerate.
    assert_eq!(text.matches("WARNING").count(), 2, "{text}");
    // gen --check prints the same statistics.
    let check = harness(&root, &["gen", "--check", "right"]);
    assert!(printed(&check).contains(expected[2]), "{}", printed(&check));
}
