//! wythoff-move checker, testlib protocol: `checker INPUT OUTPUT ANSWER`, exit 0 AC, 1 WA, 2 PE, 3 FAIL, one
//! line on stderr saying why. It decides every position itself, exactly (`games.rs`: (a, b) with a <= b is
//! lost iff a = floor((b - a) φ), in integers), and checks that the printed position is reachable in one
//! move and lost, so any winning move is accepted, not only the jury's; the jury's answer is held to the
//! same rules (FAIL when it breaks them). The layout, one answer per line (`lose` or `c d`, one space apart;
//! trailing spaces, `\r` and blank lines at the end ignored), is read by `judge.rs`: a fault of the layout
//! or a malformed answer is PE, a wrong answer or output after the last case WA.

#[path = "../.shared/games.rs"]
mod games;
#[path = "../.shared/judge.rs"]
mod judge;

use judge::Answer;

/// `Ok` iff the answer is right for the position (a, b); `Err` says what is wrong with it.
fn check(a: u64, b: u64, answer: &Answer) -> Result<(), String> {
    let lost = games::wythoff_is_lost(a, b);
    match answer {
        Answer::Lose if lost => Ok(()),
        Answer::Lose => Err(format!("({a}, {b}) is won but the answer is `lose`")),
        Answer::Move(_) if lost => Err(format!("({a}, {b}) is lost: the answer must be `lose`")),
        &Answer::Move([Some(c), Some(d)]) if c <= a && d <= b => {
            if let Some(fault) = games::wythoff_fault(a, b, a - c, b - d) {
                Err(format!("({a}, {b}) -> ({c}, {d}): {fault}"))
            } else if !games::wythoff_is_lost(c, d) {
                Err(format!(
                    "({a}, {b}) -> ({c}, {d}) is legal, but ({c}, {d}) is won for the opponent"
                ))
            } else {
                Ok(())
            }
        }
        Answer::Move([c, d]) => Err(format!(
            "({a}, {b}) -> ({}, {}): a pile cannot grow",
            judge::shown(*c),
            judge::shown(*d)
        )),
    }
}

fn main() {
    let (mut input, mut output, mut answer) = judge::checker_files();
    let cases = input.int("T", 1, 100_000);
    for case in 1..=cases {
        let a = input.int("a", 0, 1_000_000_000_000_000_000);
        let b = input.int("b", 0, 1_000_000_000_000_000_000);
        let at = format!("case {case}");
        judge::check_case(&at, "c d", &mut answer, &mut output, |x| check(a, b, x));
    }
    input.end();
    judge::checker_finish(&answer, &output, cases)
}
