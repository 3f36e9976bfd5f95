//! bzoj2017 brute force: negamax over game states (coins taken so far, size of the opponent's last move),
//! memoised. The value is the mover's lead (own total minus the opponent's) over the rest of the game; the
//! first player's total is then (all coins + lead) / 2. Small N only (O(N^3) states × moves).

use std::collections::HashMap;
use std::io::{self, Read, Write};

struct Game {
    coins: Vec<i64>,
    memo: HashMap<(usize, usize), i64>,
}

impl Game {
    /// Best lead for the player to move when the top `taken` coins are gone and the opponent took `last`.
    fn lead(&mut self, taken: usize, last: usize) -> i64 {
        if taken == self.coins.len() {
            return 0;
        }
        if let Some(&v) = self.memo.get(&(taken, last)) {
            return v;
        }
        let mut best = i64::MIN;
        let mut grabbed = 0;
        for k in 1..=2 * last {
            if taken + k > self.coins.len() {
                break;
            }
            grabbed += self.coins[taken + k - 1];
            best = best.max(grabbed - self.lead(taken + k, k));
        }
        self.memo.insert((taken, last), best);
        best
    }
}

fn main() {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input).expect("read stdin");
    let mut tokens = input
        .split_ascii_whitespace()
        .map(|t| t.parse::<i64>().expect("integer"));
    let Some(n) = tokens.next() else {
        return;
    };
    let coins: Vec<i64> = tokens.take(n as usize).collect();
    let total: i64 = coins.iter().sum();
    let mut game = Game {
        coins,
        memo: HashMap::new(),
    };
    // The first player may take 1 or 2 coins: as if the opponent had just taken 1.
    let lead = game.lead(0, 1);
    io::stdout()
        .write_all(format!("{}\n", (total + lead) / 2).as_bytes())
        .expect("write stdout");
}
