//! Brute force for hdu1404: memoised win/lose search over the digit strings themselves. A move lowers one
//! digit, or erases a 0 together with everything to its right; the empty string is lost for the player to
//! move (the opponent removed the last digit). Strings of length <= 6, memo indexed by (length, digits).

use std::io::{self, Read};

/// Index of a digit string among all strings of length 0..=6: shorter strings first, then by value.
fn key(s: &[u8]) -> usize {
    let offset: usize = (0..s.len()).map(|l| 10usize.pow(l as u32)).sum();
    offset + s.iter().fold(0, |v, &c| v * 10 + usize::from(c - b'0'))
}

/// memo: 0 unknown, 1 lost, 2 won (for the player to move).
fn wins(s: &mut Vec<u8>, memo: &mut [u8]) -> bool {
    if s.is_empty() {
        return false;
    }
    let k = key(s);
    if memo[k] != 0 {
        return memo[k] == 2;
    }
    let mut win = false;
    'search: for i in 0..s.len() {
        let digit = s[i];
        for lower in b'0'..digit {
            s[i] = lower;
            let opponent_wins = wins(s, memo);
            s[i] = digit;
            if !opponent_wins {
                win = true;
                break 'search;
            }
        }
        if digit == b'0' {
            let mut prefix = s[..i].to_vec();
            if !wins(&mut prefix, memo) {
                win = true;
                break 'search;
            }
        }
    }
    memo[k] = if win { 2 } else { 1 };
    win
}

fn main() {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input).expect("read stdin");
    let mut memo = vec![0u8; 1_111_111];
    let mut out = String::new();
    for token in input.split_ascii_whitespace() {
        assert!(token.len() <= 6 && token.bytes().all(|c| c.is_ascii_digit()));
        let mut s = token.as_bytes().to_vec();
        out.push_str(if wins(&mut s, &mut memo) {
            "Yes\n"
        } else {
            "No\n"
        });
    }
    print!("{out}");
}
