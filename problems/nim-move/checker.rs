//! nim-move checker, testlib protocol: `checker INPUT OUTPUT ANSWER`, exit 0 AC, 1 WA, 2 PE, 3 FAIL, one line
//! on stderr saying why. It decides every position itself (lost iff the xor of the piles is 0) and applies
//! the contestant's move to the input, so any winning move is accepted, not only the jury's; the jury's
//! answer is held to the same rules (FAIL when it breaks them). The layout, one answer per line (`lose` or
//! `i k`, one space apart; trailing spaces, `\r` and blank lines at the end ignored), is read by
//! `judge.rs`: a fault of the layout or a malformed answer is PE, a wrong answer or output after the last
//! case WA. The rules are `games.rs`.

#[path = "../.shared/games.rs"]
mod games;
#[path = "../.shared/judge.rs"]
mod judge;

use judge::Answer;

/// `Ok` iff the answer is right for `piles`; `Err` says what is wrong with it.
fn check(piles: &[u64], answer: &Answer) -> Result<(), String> {
    let xor = games::xor(piles);
    match (answer, xor) {
        (Answer::Lose, 0) => Ok(()),
        (Answer::Lose, _) => Err(format!(
            "the position is won (xor {xor}) but the answer is `lose`"
        )),
        (Answer::Move(_), 0) => {
            Err("the position is lost (xor 0): the answer must be `lose`".into())
        }
        (Answer::Move([Some(i), Some(k)]), _) => {
            if let Some(fault) = games::pile_fault(piles, *i, *k) {
                return Err(fault);
            }
            let a = piles[*i as usize - 1];
            match xor ^ a ^ (a - k) {
                0 => Ok(()),
                left => Err(format!(
                    "taking {k} from pile {i} ({a} -> {}) leaves xor {left}, not 0",
                    a - k
                )),
            }
        }
        (Answer::Move([i, k]), _) => Err(format!(
            "no pile {} holds {} stones to take",
            judge::shown(*i),
            judge::shown(*k)
        )),
    }
}

fn main() {
    let (mut input, mut output, mut answer) = judge::checker_files();
    let cases = input.int("T", 1, 100_000);
    for case in 1..=cases {
        let n = input.int("n", 1, 100_000);
        let piles = input.ints(n, "a pile", 0, 1_000_000_000_000_000_000);
        let at = format!("case {case}");
        judge::check_case(&at, "i k", &mut answer, &mut output, |a| check(&piles, a));
    }
    input.end();
    judge::checker_finish(&answer, &output, cases)
}
