//! play-snim interactor, Kattis protocol: `interactor INPUT ANSWER FEEDBACK_DIR`. It plays every game of
//! INPUT against the solution and exits 42 when the solution wins them all and then writes nothing more, or
//! 43 with the reason in FEEDBACK_DIR/judgemessage.txt. A bad INPUT is a judge error (exit 1). The reading,
//! the conversation and the game loop are `judge.rs`, the rules `games.rs`, the randomness `gen.rs`.
//!
//! S-Nim (the HDOJ 1536 rules): a move removes exactly s beads from one heap, s in the game's set S; a
//! player with no move loses; the player to move loses iff the xor of the heaps' Grundy values is 0. The
//! judge's moves: from a won position a winning move, chosen at random among them; from a lost one the
//! smallest s in S, from the heap after which the biggest winning answer removes the fewest beads
//! (`games::snim_longest_heap`; ties drawn from the seed in INPUT), so that games are long. Every move removes at least min S beads, so a game lasts at most W = (sum of the heaps)
//! / min S moves, and the test bounds the sum of the W.

#[path = "../.shared/games.rs"]
mod games;
#[path = "../.shared/judge.rs"]
mod judge;
#[path = "../.shared/gen.rs"]
mod rng;

use judge::list;

struct Snim {
    /// S as the input gives it, unsorted, to hand to the solution.
    given: Vec<u64>,
    set: Vec<u64>,
    sg: Vec<u64>,
    heaps: Vec<u64>,
}

impl judge::Game for Snim {
    const ARITY: usize = 2;
    const SHAPE: &'static str = "i s";

    fn opening(&self) -> String {
        let (k, l) = (self.given.len(), self.heaps.len());
        format!("{k} {}\n{l} {}", list(&self.given), list(&self.heaps))
    }

    fn illegal(&self, mv: &[u64]) -> Option<String> {
        games::heap_fault(&self.heaps, &self.set, mv[0], mv[1])
    }

    fn apply(&mut self, mv: &[u64]) {
        self.heaps[mv[0] as usize - 1] -= mv[1];
    }

    fn result(&self) -> Option<bool> {
        self.heaps.iter().all(|&h| h < self.set[0]).then_some(true)
    }

    fn won(&self) -> bool {
        games::grundy_xor(&self.heaps, &self.sg) != 0
    }

    fn position(&self) -> String {
        format!("heaps {}, S = {{{}}}", list(&self.heaps), list(&self.set))
    }
}

fn main() {
    let (channel, mut input) = judge::Channel::open();
    let mut rng = rng::Rng(input.int("the seed", 0, u64::MAX));
    let count = input.int("G", 1, 100);
    let mut moves = 0;
    let mut list = Vec::new();
    for g in 1..=count {
        let k = input.int("k", 1, 100);
        let given = input.ints(k, "s", 1, 10_000);
        let l = input.int("l", 1, 100);
        let heaps = input.ints(l, "a heap", 0, 10_000);
        let mut set = given.clone();
        set.sort_unstable();
        set.dedup();
        if set.len() != given.len() {
            input.error(&format!("game {g}: S has a repeated element"));
        }
        let sg = games::grundy(&set, *heaps.iter().max().expect("l >= 1"));
        if games::grundy_xor(&heaps, &sg) == 0 {
            input.error(&format!("game {g} is lost for the first player"));
        }
        let most = heaps.iter().sum::<u64>() / set[0];
        moves += most;
        let game = Snim {
            given,
            set,
            sg,
            heaps,
        };
        list.push((game, most + 1));
    }
    input.end();
    if moves > 20_000 {
        input.error(&format!(
            "the sum of (heaps / min S) is {moves}, above 20000"
        ));
    }
    judge::play_all(channel, list, |game: &Snim| {
        let winning = games::snim_winning_moves(&game.heaps, &game.set, &game.sg);
        let (i, s) = if winning.is_empty() {
            let pick = &mut |len| rng.range_usize(0, len - 1);
            let i = games::snim_longest_heap(&game.heaps, &game.set, &game.sg, pick);
            (i, game.set[0])
        } else {
            winning[rng.range_usize(0, winning.len() - 1)]
        };
        vec![i as u64 + 1, s]
    })
}
