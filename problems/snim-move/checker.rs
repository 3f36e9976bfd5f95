//! snim-move checker, testlib protocol: `checker INPUT OUTPUT ANSWER`, exit 0 AC, 1 WA, 2 PE, 3 FAIL, one line
//! on stderr saying why. For every test set it builds the Grundy table of S itself (`games.rs`), decides
//! each position (lost iff the xor of sg over its heaps is 0) and applies the contestant's move to the
//! input, so any winning move is accepted, not only the jury's; the jury's answer is held to the same rules
//! (FAIL when it breaks them). The layout, one answer per line (`lose` or `i s`, one space apart; trailing
//! spaces, `\r` and blank lines at the end ignored), is read by `judge.rs`: a fault of the layout or a
//! malformed answer is PE, a wrong answer or output after the last position WA.

#[path = "../.shared/games.rs"]
mod games;
#[path = "../.shared/judge.rs"]
mod judge;

use judge::Answer;

/// `Ok` iff the answer is right for `heaps` under `set` (sorted) with Grundy table `sg`.
fn check(set: &[u64], sg: &[u64], heaps: &[u64], answer: &Answer) -> Result<(), String> {
    let xor = games::grundy_xor(heaps, sg);
    match (answer, xor) {
        (Answer::Lose, 0) => Ok(()),
        (Answer::Lose, _) => Err(format!(
            "the position is won (Grundy xor {xor}) but the answer is `lose`"
        )),
        (Answer::Move(_), 0) => {
            Err("the position is lost (Grundy xor 0): the answer must be `lose`".into())
        }
        (&Answer::Move([Some(i), Some(s)]), _) => {
            if let Some(fault) = games::heap_fault(heaps, set, i, s) {
                return Err(fault);
            }
            let h = heaps[i as usize - 1];
            let (before, after) = (sg[h as usize], sg[(h - s) as usize]);
            match xor ^ before ^ after {
                0 => Ok(()),
                left => Err(format!(
                    "removing {s} from heap {i} ({h} -> {}, Grundy {before} -> {after}) leaves Grundy xor {left}, not 0",
                    h - s
                )),
            }
        }
        (Answer::Move([i, s]), _) => Err(format!(
            "no heap {} allows removing {} beads",
            judge::shown(*i),
            judge::shown(*s)
        )),
    }
}

fn main() {
    let (mut input, mut output, mut answer) = judge::checker_files();
    let sets = input.int("T", 1, 20);
    let mut case = 0;
    for number in 1..=sets {
        let k = input.int("k", 1, 100);
        let mut set = input.ints(k, "an element of S", 1, 10_000);
        set.sort_unstable();
        let m = input.int("m", 1, 100);
        let positions: Vec<Vec<u64>> = (0..m)
            .map(|_| {
                let l = input.int("l", 1, 100);
                input.ints(l, "a heap", 0, 10_000)
            })
            .collect();
        let sg = games::grundy(&set, 10_000);
        for (p, heaps) in positions.iter().enumerate() {
            case += 1;
            let at = format!("case {case} (test set {number}, position {})", p + 1);
            judge::check_case(&at, "i s", &mut answer, &mut output, |a| {
                check(&set, &sg, heaps, a)
            });
        }
    }
    input.end();
    judge::checker_finish(&answer, &output, case)
}
