//! Brute force for hdu1848: memoised win/lose search over whole positions (a, b, c), no Grundy numbers.
//! A position is won iff some move (take a Fibonacci number 1, 2, 3, 5, ... from one pile) reaches a lost
//! position; (0, 0, 0) is lost for the player to move. Cost grows like (a+1)(b+1)(c+1): small inputs only.

use std::collections::HashMap;
use std::io::{self, Read};

fn wins(pos: [u32; 3], fib: &[u32], memo: &mut HashMap<[u32; 3], bool>) -> bool {
    let mut key = pos;
    key.sort_unstable();
    if let Some(&w) = memo.get(&key) {
        return w;
    }
    let mut win = false;
    'search: for i in 0..3 {
        for &f in fib {
            if f > key[i] {
                break;
            }
            let mut next = key;
            next[i] -= f;
            if !wins(next, fib, memo) {
                win = true;
                break 'search;
            }
        }
    }
    memo.insert(key, win);
    win
}

fn main() {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input).expect("read stdin");
    let nums: Vec<u32> = input
        .split_ascii_whitespace()
        .map(|t| t.parse().expect("integer"))
        .collect();
    let mut fib = vec![1u32, 2];
    while fib[fib.len() - 1] < 100_000 {
        fib.push(fib[fib.len() - 1] + fib[fib.len() - 2]);
    }
    let mut memo = HashMap::new();
    let mut out = String::new();
    for case in nums.chunks_exact(3) {
        if case == [0, 0, 0] {
            break;
        }
        let win = wins([case[0], case[1], case[2]], &fib, &mut memo);
        out.push_str(if win { "Fibo\n" } else { "Nacci\n" });
    }
    print!("{out}");
}
