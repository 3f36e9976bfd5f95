//! play-misere interactor, Kattis protocol: `interactor INPUT ANSWER FEEDBACK_DIR`. It plays every game of
//! INPUT against the solution and exits 42 when the solution wins them all and then writes nothing more, or
//! 43 with the reason in FEEDBACK_DIR/judgemessage.txt. A bad INPUT is a judge error (exit 1). The reading,
//! the conversation and the game loop are `judge.rs`, the rules `games.rs`, the randomness `gen.rs`.
//!
//! Misère rules: whoever takes the last stone loses; when one stone is left on the judge's turn, it resigns
//! (`0 0`) instead of taking it. The judge's moves: from a won position a winning move, chosen at random
//! among them; from a lost one (never a single pile, so never the last stone) it halves a pile, rounded up
//! (the least that lowers the pile's bit length), the pile chosen to make the game long
//! (`games::nim_longest_pile`, ties drawn from the seed in INPUT). A game the solution keeps winning lasts
//! at most 2B + 1 moves (B = the sum of the starting piles' bit lengths); a game still on after that many
//! was lost by a move of the solution, and is rejected as lost.

#[path = "../.shared/games.rs"]
mod games;
#[path = "../.shared/judge.rs"]
mod judge;
#[path = "../.shared/gen.rs"]
mod rng;

use judge::list;

struct Misere(Vec<u64>);

impl judge::Game for Misere {
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
        // Stones counted up to 2 per pile: the sum of 200 piles of 10^18 would not fit.
        match self.0.iter().map(|&a| a.min(2)).sum::<u64>() {
            0 => Some(false),
            1 => Some(true),
            _ => None,
        }
    }

    fn won(&self) -> bool {
        !games::misere_winning_moves(&self.0).is_empty()
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
        let start = input.ints(n, "a pile", 1, 1_000_000_000_000_000_000);
        if games::misere_winning_moves(&start).is_empty() {
            input.error(&format!("game {g} is lost for the first player"));
        }
        piles += n;
        let bits: u64 = start.iter().map(|&a| games::bit_length(a)).sum();
        list.push((Misere(start), 2 * bits + 1));
    }
    input.end();
    if piles > 200 {
        input.error(&format!("{piles} piles in all, above 200"));
    }
    judge::play_all(channel, list, |game: &Misere| {
        let piles = &game.0;
        let winning = games::misere_winning_moves(piles);
        let (i, k) = if winning.is_empty() {
            let i = games::nim_longest_pile(piles, &mut |len| rng.range_usize(0, len - 1));
            (i, piles[i] - piles[i] / 2)
        } else {
            winning[rng.range_usize(0, winning.len() - 1)]
        };
        vec![i as u64 + 1, k]
    })
}
