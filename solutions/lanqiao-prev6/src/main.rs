//! lanqiao-prev6 — 历届试题 翻硬币 (Lanqiao PREV-6), http://lx.lanqiao.cn/problemset.page?code=PREV-6
//!
//! Idea: scan left to right; the left-most coin that differs from the target can only be fixed by the
//! flip of it and its right neighbour, so that flip is forced. Count the forced flips. O(L).
//! If the last coin still differs the target is unreachable (odd number of differences): print -1.

use std::io::{self, Read, Write};

fn solve(input: &str) -> String {
    let mut tokens = input.split_ascii_whitespace();
    let (Some(start), Some(target)) = (tokens.next(), tokens.next()) else {
        return String::new();
    };
    let mut differs: Vec<bool> = start
        .bytes()
        .zip(target.bytes())
        .map(|(a, b)| a != b)
        .collect();
    let mut flips: i64 = 0;
    for i in 1..differs.len() {
        if differs[i - 1] {
            differs[i - 1] = false;
            differs[i] = !differs[i];
            flips += 1;
        }
    }
    if differs.last() == Some(&true) {
        flips = -1;
    }
    format!("{flips}\n")
}

fn main() {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input).expect("read stdin");
    io::stdout()
        .write_all(solve(&input).as_bytes())
        .expect("write stdout");
}

#[cfg(test)]
mod tests {
    use super::solve;

    #[test]
    fn samples() {
        assert_eq!(solve("**********\no****o****\n"), "5\n");
        assert_eq!(solve("*o**o***o***\n*o***o**o***\n"), "1\n");
    }

    #[test]
    fn pairs_of_differences_cost_their_distance() {
        assert_eq!(solve("*\n*\n"), "0\n");
        assert_eq!(solve("**\noo\n"), "1\n");
        assert_eq!(solve("o**o\n*oo*\n"), "2\n");
        assert_eq!(solve("o******o\n********\n"), "7\n");
        assert_eq!(solve("o*o*o*\n*o*o*o\n"), "3\n");
    }

    #[test]
    fn crlf_and_unreachable() {
        assert_eq!(solve("**o \r\n\r\no*o\r\n"), "-1\n");
        assert_eq!(solve("*o\r\no*\r\n"), "1\n");
    }
}
