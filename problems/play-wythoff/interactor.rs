//! play-wythoff interactor, Kattis protocol: `interactor INPUT ANSWER FEEDBACK_DIR`. It plays every game of
//! INPUT against the solution and exits 42 when the solution wins them all and then writes nothing more, or
//! 43 with the reason in FEEDBACK_DIR/judgemessage.txt. A bad INPUT is a judge error (exit 1). The reading,
//! the conversation and the game loop are `judge.rs`, the rules `games.rs` (exact: no floating point), the
//! randomness `gen.rs`.
//!
//! The judge's moves: from a won position the winning move; from a lost one, of each kind (from the first
//! pile, from the second, from both) the least that lowers a pile's bit length, and of these the one that
//! keeps the game longest against the winner's quickest answers (`games::wythoff_longest`, an exact search
//! of that game tree, its memo shared by the test's games); ties drawn from the seed in INPUT. A game the
//! solution keeps winning lasts at most 2B + 1 moves (B = the bit lengths of a and b); a game still on
//! after that many was lost by a move of the solution. In fact the winner's answers to such moves keep
//! games to about the bit length of the bigger pile (see `games.rs`).

#[path = "../.shared/games.rs"]
mod games;
#[path = "../.shared/judge.rs"]
mod judge;
#[path = "../.shared/gen.rs"]
mod rng;

struct Wythoff(u64, u64);

impl judge::Game for Wythoff {
    const ARITY: usize = 2;
    const SHAPE: &'static str = "x y";

    fn opening(&self) -> String {
        format!("{} {}", self.0, self.1)
    }

    fn illegal(&self, mv: &[u64]) -> Option<String> {
        games::wythoff_fault(self.0, self.1, mv[0], mv[1])
    }

    fn apply(&mut self, mv: &[u64]) {
        self.0 -= mv[0];
        self.1 -= mv[1];
    }

    fn result(&self) -> Option<bool> {
        (self.0 == 0 && self.1 == 0).then_some(true)
    }

    fn won(&self) -> bool {
        !games::wythoff_is_lost(self.0, self.1)
    }

    fn position(&self) -> String {
        format!("({} {})", self.0, self.1)
    }
}

fn main() {
    let (channel, mut input) = judge::Channel::open();
    let mut rng = rng::Rng(input.int("the seed", 0, u64::MAX));
    let count = input.int("G", 1, 100);
    let mut list = Vec::new();
    for g in 1..=count {
        let a = input.int("a", 0, 1_000_000_000_000_000_000);
        let b = input.int("b", 0, 1_000_000_000_000_000_000);
        if games::wythoff_is_lost(a, b) {
            input.error(&format!("game {g} ({a} {b}) is lost for the first player"));
        }
        let bits = games::bit_length(a) + games::bit_length(b);
        list.push((Wythoff(a, b), 2 * bits + 1));
    }
    input.end();
    let mut memo = games::Memo::default();
    judge::play_all(channel, list, |&Wythoff(a, b): &Wythoff| {
        let (x, y) = games::wythoff_winning_move(a, b).unwrap_or_else(|| {
            let moves: Vec<(u64, u64)> = games::wythoff_lowering_moves(a, b).collect();
            let lengths: Vec<u64> = moves
                .iter()
                .map(|&(x, y)| games::wythoff_after(a - x, b - y, &mut memo))
                .collect();
            let longest = *lengths.iter().max().expect("a pair with stones has a move");
            let best: Vec<usize> = (0..moves.len())
                .filter(|&i| lengths[i] == longest)
                .collect();
            moves[best[rng.range_usize(0, best.len() - 1)]]
        });
        vec![x, y]
    })
}
