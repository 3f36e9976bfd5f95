//! plays Conway's misère rule (removing the last digit loses) instead of normal play.

use std::io::{self, Read, Write};

fn key(s: &[u8]) -> usize {
    let offset: usize = (0..s.len()).map(|l| 10usize.pow(l as u32)).sum();
    offset + s.iter().fold(0, |v, &c| v * 10 + usize::from(c - b'0'))
}

fn wins(s: &mut Vec<u8>, memo: &mut [u8]) -> bool {
    if s.is_empty() {
        // Misère: the opponent just removed the last digit and so lost.
        return true;
    }
    let k = key(s);
    if memo[k] != 0 {
        return memo[k] == 2;
    }
    let mut win = false;
    for i in 0..s.len() {
        let digit = s[i];
        for lower in b'0'..digit {
            s[i] = lower;
            win |= !wins(s, memo);
            s[i] = digit;
        }
        if digit == b'0' {
            win |= !wins(&mut s[..i].to_vec(), memo);
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
        let win = wins(&mut token.as_bytes().to_vec(), &mut memo);
        out.push_str(if win { "Yes\n" } else { "No\n" });
    }
    io::stdout()
        .write_all(out.as_bytes())
        .expect("write stdout");
}
