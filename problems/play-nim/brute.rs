//! play-nim answer writer: prints the ANSWER file the interactor is given, the number of games G (the
//! interactor does not read it). On the way it proves, by exhaustive search where the game is small enough,
//! that every start is won for the first player, without Bouton's theorem: a start that is not panics, so
//! `harness gen` fails rather than write data the judge would reject.

use std::collections::HashMap;
use std::io::{self, Read};

/// `true` iff the player to move wins from `piles` (sorted): the last stone wins.
fn wins(piles: &[u64], memo: &mut HashMap<Vec<u64>, bool>) -> bool {
    if let Some(&w) = memo.get(piles) {
        return w;
    }
    let mut result = false;
    'moves: for i in 0..piles.len() {
        for left in 0..piles[i] {
            let mut next = piles.to_vec();
            next[i] = left;
            next.sort_unstable();
            if !wins(&next, memo) {
                result = true;
                break 'moves;
            }
        }
    }
    // No stone left: the previous player took the last one and won, result stays false.
    memo.insert(piles.to_vec(), result);
    result
}

fn main() {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input).expect("read stdin");
    let mut tokens = input
        .split_ascii_whitespace()
        .map(|t| t.parse::<u64>().expect("integer"));
    let _seed = tokens.next().expect("seed");
    let games = tokens.next().expect("G");
    let mut memo = HashMap::new();
    for g in 1..=games {
        let n = tokens.next().expect("n") as usize;
        let mut piles: Vec<u64> = tokens.by_ref().take(n).collect();
        let states = piles
            .iter()
            .try_fold(1u64, |acc, &a| acc.checked_mul(a + 1))
            .unwrap_or(u64::MAX);
        if states <= 20_000 {
            piles.sort_unstable();
            assert!(
                wins(&piles, &mut memo),
                "game {g} is lost for the first player"
            );
        }
    }
    println!("{games}");
}
