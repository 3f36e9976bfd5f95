//! Unit tests of the library's public rules, kept beside the end-to-end tests rather than in the judge's
//! sources: the verdict folders and what they ask (`model::expected`), the leading comment of a submission
//! (`package::text`), a computed time limit (`package::Timing`), the edit distance of ids and the test-name
//! globs (`plan`).

mod expected {
    use harness::model::score::{PartialRule, ScoreExpectation, SubmissionScore};
    use harness::model::{
        judge_expectation, Expected, VerdictRule, VerdictSet, PARTIALLY_ACCEPTED,
    };
    use harness::model::{Verdict, SCORE_VERSION};
    use Verdict::*;

    #[test]
    fn expected_folders() {
        for expected in Expected::ALL {
            assert_eq!(Expected::from_folder(expected.folder()), Some(expected));
        }
        assert_eq!(Expected::from_folder("wrong"), None);
        assert!(Expected::RunTimeError.allows(MLE));
        assert!(!Expected::WrongAnswer.allows(PE));
        assert!(Expected::Rejected.allows(OLE));
        assert!(!Expected::Rejected.allows(AC));
        assert!(!Expected::Rejected.allows(JE));
        assert!(Expected::Accepted.allows(AC));
    }

    #[test]
    fn verdict_rules_judge_every_test() {
        let wrong_answer = Expected::Verdicts(VerdictRule {
            folder: VerdictRule::folder_name("wrong_answer"),
            permitted: VerdictSet::of(&[AC, WA]),
            required: VerdictSet::of(&[WA]),
        });
        assert_eq!(wrong_answer.folder(), "wrong_answer");
        assert!(wrong_answer.allows_tests(&[AC, WA]));
        assert!(!wrong_answer.allows_tests(&[AC, AC]));
        assert!(!wrong_answer.allows_tests(&[WA, TLE]));
        let only_wa = Expected::Verdicts(VerdictRule {
            folder: VerdictRule::folder_name("mixed"),
            permitted: VerdictSet::of(&[WA]),
            required: VerdictSet::of(&[WA]),
        });
        assert!(!only_wa.allows_tests(&[AC, WA]));
        assert!(only_wa.allows_tests(&[WA]));
        assert!(Expected::WrongAnswer.allows_tests(&[AC, WA]));
        assert!(Expected::Accepted.allows_tests(&[]));
        assert!(std::ptr::eq(
            VerdictRule::folder_name("mixed"),
            VerdictRule::folder_name("mixed")
        ));
    }

    #[test]
    fn expectations_by_folder_and_score() {
        let scored = |verdict, score| SubmissionScore {
            version: SCORE_VERSION,
            verdict,
            score,
            max: Some(100.0),
            expected: None,
            mismatch: None,
            groups: Vec::new(),
            error: None,
        };
        let partial = Expected::Verdicts(VerdictRule {
            folder: VerdictRule::folder_name(PARTIALLY_ACCEPTED),
            permitted: Default::default(),
            required: Default::default(),
        });
        let kattis = PartialRule::AcceptedBelowFull;
        assert!(judge_expectation(Expected::Accepted, &scored(AC, 100.0), None, kattis).is_ok());
        assert!(judge_expectation(Expected::Accepted, &scored(WA, 0.0), None, kattis).is_err());
        assert!(judge_expectation(partial, &scored(AC, 50.0), None, kattis).is_ok());
        assert!(judge_expectation(partial, &scored(AC, 100.0), None, kattis).is_err());
        assert!(judge_expectation(partial, &scored(WA, 0.0), None, kattis).is_err());
        assert!(
            judge_expectation(Expected::TimeLimitExceeded, &scored(TLE, 0.0), None, kattis).is_ok()
        );
        let fifty = Some(ScoreExpectation::exactly(50.0));
        assert!(judge_expectation(partial, &scored(AC, 50.0), fifty, kattis).is_ok());
        let why = judge_expectation(partial, &scored(AC, 30.0), fifty, kattis).unwrap_err();
        assert_eq!(why, "score 30, expected 50");
        let range = Some(ScoreExpectation {
            min: 20.0,
            max: 40.0,
        });
        assert!(judge_expectation(partial, &scored(AC, 30.0), range, kattis).is_ok());
        // Our groups: some points and not all, whatever the verdict of the tests that fail.
        let points = PartialRule::PointsBelowFull;
        assert!(judge_expectation(partial, &scored(TLE, 30.0), fifty, points).is_err());
        assert!(judge_expectation(partial, &scored(TLE, 50.0), fifty, points).is_ok());
        assert!(judge_expectation(partial, &scored(WA, 0.0), None, points).is_err());
        assert!(judge_expectation(partial, &scored(AC, 100.0), None, points).is_err());
        assert!(judge_expectation(partial, &scored(JE, 50.0), None, points).is_err());
        assert!(judge_expectation(partial, &scored(TLE, 50.0), None, kattis).is_err());
    }
}

mod plan {
    use harness::package::text::glob_match;
    use harness::plan::distance;

    #[test]
    fn edit_distance() {
        assert_eq!(distance("stres", "stress"), 1);
        assert_eq!(distance("poj2234", "POJ2234".to_lowercase().as_str()), 0);
        assert_eq!(distance("hdu1846", "hdu1864"), 1);
        assert_eq!(distance("", "abc"), 3);
    }

    #[test]
    fn globs() {
        assert!(glob_match("rand-*", "rand-01"));
        assert!(glob_match("*", ""));
        assert!(glob_match("s?mple-1", "sample-1"));
        assert!(!glob_match("rand-*", "max-01"));
    }
}

mod text {
    use std::fs;

    use harness::package::text::leading_comment;

    #[test]
    fn the_leading_comment_says_what_a_submission_is() {
        let dir = std::env::temp_dir().join(format!("harness-why-{}", std::process::id()));
        fs::create_dir_all(&dir).unwrap();
        let cases = [
            (
                "a.rs",
                "//! Plain Nim on a misere game.\n//! More.\nfn main() {}\n",
                Some("Plain Nim on a misere game."),
            ),
            (
                "b.py",
                "#!/usr/bin/env python3\n# Reads lines.\nprint(1)\n",
                Some("Reads lines."),
            ),
            (
                "c.cpp",
                "// hdu1527: WRONG. Double.\n#include <cstdio>\n",
                Some("hdu1527: WRONG. Double."),
            ),
            ("d.rs", "fn main() {}\n// late\n", None),
        ];
        for (name, text, want) in cases {
            fs::write(dir.join(name), text).unwrap();
            assert_eq!(leading_comment(&dir.join(name)).as_deref(), want, "{name}");
        }
        let _ = fs::remove_dir_all(&dir);
    }
}

mod timing {
    use harness::package::Timing;

    #[test]
    fn computed_time_limits_round_up_to_the_resolution() {
        let timing = Timing {
            given: None,
            ac_to_time_limit: 2.0,
            time_limit_to_tle: 1.5,
            resolution: 1.0,
        };
        assert_eq!(timing.computed_ms(10.0), 1000, "at least one second");
        assert_eq!(timing.computed_ms(500.0), 1000);
        assert_eq!(timing.computed_ms(501.0), 2000);
        let fine = Timing {
            resolution: 0.25,
            ac_to_time_limit: 5.0,
            ..timing
        };
        assert_eq!(fine.computed_ms(120.0), 750);
    }
}
