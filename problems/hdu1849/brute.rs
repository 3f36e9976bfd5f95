//! hdu1849 brute force: memoised win/lose search over board positions (sorted tuples of piece cells). A move
//! takes one piece to any cell further left; the player facing all pieces on cell 0 has no move and loses
//! (the opponent made the last move). Small inputs only.

use std::collections::HashMap;
use std::io::{self, Read, Write};

/// `true` iff the player to move wins with pieces on `cells` (sorted).
fn wins(cells: &[u32], memo: &mut HashMap<Vec<u32>, bool>) -> bool {
    if let Some(&w) = memo.get(cells) {
        return w;
    }
    let mut result = false;
    'moves: for i in 0..cells.len() {
        for to in 0..cells[i] {
            let mut next = cells.to_vec();
            next[i] = to;
            next.sort_unstable();
            if !wins(&next, memo) {
                result = true;
                break 'moves;
            }
        }
    }
    memo.insert(cells.to_vec(), result);
    result
}

fn main() {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input).expect("read stdin");
    let mut tokens = input
        .split_ascii_whitespace()
        .map(|t| t.parse::<u32>().expect("integer"));
    let mut memo = HashMap::new();
    let mut out = String::new();
    while let Some(m) = tokens.next() {
        if m == 0 {
            break;
        }
        let mut cells: Vec<u32> = tokens.by_ref().take(m as usize).collect();
        cells.sort_unstable();
        out.push_str(if wins(&cells, &mut memo) {
            "Rabbit Win!\n"
        } else {
            "Grass Win!\n"
        });
    }
    io::stdout()
        .write_all(out.as_bytes())
        .expect("write stdout");
}
