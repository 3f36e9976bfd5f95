//! play-nim interactor, Kattis protocol: `interactor INPUT ANSWER FEEDBACK_DIR`. It plays every game of
//! INPUT against the solution and exits 42 when the solution wins them all and then writes nothing more, or
//! 43 with the reason in FEEDBACK_DIR/judgemessage.txt. A bad INPUT is a judge error (exit 1). The reading,
//! the conversation and the game loop are `judge.rs`, the rules `games.rs`, the randomness `gen.rs`.
//!
//! The judge's moves: from a won position (xor != 0) a winning move, chosen at random among them; from a
//! lost one it halves a pile, rounded up (the least that lowers the pile's bit length), the pile chosen to
//! make the game long (`games::nim_longest_pile`: a pile alone at its bit length below the longest first,
//! then one of the shortest length shared; ties drawn from the seed in INPUT). Each judge move lowers B
//! (the sum of the piles' bit lengths) by one and no move raises it, so a game the solution keeps winning
//! lasts at most 2B + 1 moves (B of the start); a game still on after that many was lost by a move of the
//! solution, and is rejected as lost.

#[path = "../.shared/games.rs"]
mod games;
#[path = "../.shared/judge.rs"]
mod judge;
#[path = "../.shared/gen.rs"]
mod rng;

use judge::list;

struct Nim(Vec<u64>);

impl judge::Game for Nim {
    const ARITY: usize = 2;
    const SHAPE: &'static str = "i k";

    fn opening(&self) -> String {
        format!("{} {}", self.0.len(), list(&self.0))
    }

    fn illegal(&self, mv: &[u64]) -> Option<String> {
        games::pile_fault(&self.0, mv[0], mv[1])
    }

    fn apply(&mut self, mv: &[u64]) {
        self.0[mv[0] as usize - 1] -= mv[1];
    }

    fn result(&self) -> Option<bool> {
        self.0.iter().all(|&a| a == 0).then_some(true)
    }

    fn won(&self) -> bool {
        games::xor(&self.0) != 0
    }

    fn position(&self) -> String {
        list(&self.0)
    }
}

fn main() {
    let (channel, mut input) = judge::Channel::open();
    let mut rng = rng::Rng(input.int("the seed", 0, u64::MAX));
    let count = input.int("G", 1, 100);
    let mut piles = 0;
    let mut list = Vec::new();
    for g in 1..=count {
        let n = input.int("n", 1, 100);
        let start = input.ints(n, "a pile", 0, 1_000_000_000_000_000_000);
        if games::xor(&start) == 0 {
            input.error(&format!("game {g} is lost for the first player"));
        }
        piles += n;
        let bits: u64 = start.iter().map(|&a| games::bit_length(a)).sum();
        list.push((Nim(start), 2 * bits + 1));
    }
    input.end();
    if piles > 200 {
        input.error(&format!("{piles} piles in all, above 200"));
    }
    judge::play_all(channel, list, |game: &Nim| {
        let piles = &game.0;
        let winning = games::nim_winning_moves(piles);
        let (i, k) = if winning.is_empty() {
            let i = games::nim_longest_pile(piles, &mut |len| rng.range_usize(0, len - 1));
            (i, piles[i] - piles[i] / 2)
        } else {
            winning[rng.range_usize(0, winning.len() - 1)]
        };
        vec![i as u64 + 1, k]
    })
}
