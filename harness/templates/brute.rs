//! {ID} brute force: an obviously correct exhaustive search of the game, for small inputs only; answers the
//! `rand-*` tests. Same input and output format as the solution.

use std::collections::HashMap;
use std::io::{self, Read, Write};

/// A position of the game.
type Position = Vec<u64>;

/// Every position reachable from `position` in one move.
fn moves(position: &Position) -> Vec<Position> {
    todo!("list the moves from {position:?}")
}

/// Whether the player to move wins from `position` (normal play: some move leads to a lost position).
fn wins(position: &Position, memo: &mut HashMap<Position, bool>) -> bool {
    if let Some(&known) = memo.get(position) {
        return known;
    }
    let result = moves(position).iter().any(|next| !wins(next, memo));
    memo.insert(position.clone(), result);
    result
}

fn solve(input: &str) -> String {
    let numbers: Vec<u64> = input
        .split_ascii_whitespace()
        .map(|t| t.parse().expect("integer"))
        .collect();
    let mut memo = HashMap::new();
    // TODO: split `numbers` into cases as the input format says; here every number is one position.
    let mut out = String::new();
    for &n in &numbers {
        out.push_str(if wins(&vec![n], &mut memo) {
            "first\n"
        } else {
            "second\n"
        });
    }
    out
}

fn main() {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input).expect("read stdin");
    io::stdout()
        .write_all(solve(&input).as_bytes())
        .expect("write stdout");
}
