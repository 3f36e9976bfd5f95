//! lanqiao-prev6 brute force: breadth-first search over all 2^L coin rows (L <= 20), a move flipping any two
//! adjacent coins; prints the distance from the start row to the target row, or -1 if it is unreachable.

use std::collections::VecDeque;
use std::io::{self, Read, Write};

fn mask(row: &str) -> usize {
    row.bytes()
        .enumerate()
        .filter(|&(_, c)| c == b'*')
        .map(|(i, _)| 1 << i)
        .sum()
}

fn main() {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input).expect("read stdin");
    let mut tokens = input.split_ascii_whitespace();
    let (start, target) = (
        tokens.next().expect("start"),
        tokens.next().expect("target"),
    );
    let len = start.len();
    assert!(
        len <= 20 && target.len() == len,
        "brute force: rows too long or unequal"
    );
    let mut dist = vec![-1i64; 1 << len];
    let mut queue = VecDeque::from([mask(start)]);
    dist[mask(start)] = 0;
    while let Some(m) = queue.pop_front() {
        for i in 0..len.saturating_sub(1) {
            let next = m ^ (0b11 << i);
            if dist[next] < 0 {
                dist[next] = dist[m] + 1;
                queue.push_back(next);
            }
        }
    }
    io::stdout()
        .write_all(format!("{}\n", dist[mask(target)]).as_bytes())
        .expect("write stdout");
}
