//! play-bash interactor, Kattis protocol: `interactor INPUT ANSWER FEEDBACK_DIR`. It plays every game of
//! INPUT against the solution and exits 42 when the solution wins them all and then writes nothing more, or
//! 43 with the reason in FEEDBACK_DIR/judgemessage.txt. A bad INPUT is a judge error (exit 1). The reading,
//! the conversation and the game loop are `judge.rs`, the rule `games.rs`, the randomness `gen.rs`.
//!
//! The judge's moves: from a won position (stones left not a multiple of m + 1) the winning move, which
//! takes the remainder; from a lost one a uniformly random count in 1..=m, seeded by INPUT. Every round of
//! the solution's move and the judge's answer then takes m + 1 stones, whoever plays well, so a game lasts
//! at most 2 (n / (m + 1) + 2) moves and the test's bound on the sum of n / (m + 1) bounds the exchange.

#[path = "../.shared/games.rs"]
mod games;
#[path = "../.shared/judge.rs"]
mod judge;
#[path = "../.shared/gen.rs"]
mod rng;

const MAX_N: u64 = 1_000_000_000_000_000_000;

struct Bash {
    left: u64,
    m: u64,
}

impl judge::Game for Bash {
    const ARITY: usize = 1;
    const SHAPE: &'static str = "k";

    fn opening(&self) -> String {
        format!("{} {}", self.left, self.m)
    }

    fn illegal(&self, mv: &[u64]) -> Option<String> {
        let (k, m, left) = (mv[0], self.m, self.left);
        (k == 0 || k > m || k > left)
            .then(|| format!("a move takes 1 to m = {m} stones, and {left} are left"))
    }

    fn apply(&mut self, mv: &[u64]) {
        self.left -= mv[0];
    }

    fn result(&self) -> Option<bool> {
        (self.left == 0).then_some(true)
    }

    fn won(&self) -> bool {
        games::bash_winning_move(self.left, self.m).is_some()
    }

    fn position(&self) -> String {
        format!("{} stones, m = {}", self.left, self.m)
    }
}

fn main() {
    let (channel, mut input) = judge::Channel::open();
    let mut rng = rng::Rng(input.int("the seed", 0, u64::MAX));
    let count = input.int("G", 1, 1000);
    let mut rounds = 0;
    let mut list = Vec::new();
    for g in 1..=count {
        let n = input.int("n", 1, MAX_N);
        let m = input.int("m", 1, MAX_N);
        if games::bash_winning_move(n, m).is_none() {
            input.error(&format!("game {g} ({n} {m}) is lost for the first player"));
        }
        rounds += n / (m + 1);
        list.push((Bash { left: n, m }, 2 * (n / (m + 1) + 2)));
    }
    input.end();
    if rounds > 3000 {
        input.error(&format!("the sum of n / (m + 1) is {rounds}, above 3000"));
    }
    judge::play_all(channel, list, |game: &Bash| {
        let t = games::bash_winning_move(game.left, game.m).unwrap_or_else(|| rng.range(1, game.m));
        vec![t]
    })
}
