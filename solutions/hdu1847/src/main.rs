//! hdu1847 — Good Luck in CET-4 Everybody! (HDOJ 1847), http://acm.hdu.edu.cn/showproblem.php?pid=1847
//!
//! Idea: subtraction game with moves 1, 2, 4, 8, ... No power of two is a multiple of 3, so from a multiple
//! of 3 every move leaves a non-multiple, and from a non-multiple taking 1 or 2 restores one. The player to
//! move loses iff n % 3 == 0. O(1) per case, read until EOF.

use std::io::{self, Read, Write};

fn solve(input: &str) -> String {
    let mut out = String::new();
    for n in input
        .split_ascii_whitespace()
        .map(|t| t.parse::<u64>().expect("integer"))
    {
        out.push_str(if n % 3 == 0 { "Cici\n" } else { "Kiki\n" });
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

#[cfg(test)]
mod tests {
    use super::solve;

    #[test]
    fn samples() {
        assert_eq!(solve("1\n3\n"), "Kiki\nCici\n");
    }

    #[test]
    fn losing_positions_are_the_multiples_of_three() {
        let got: String = (1..=12).map(|n| solve(&n.to_string())).collect();
        let expected = "Kiki\nKiki\nCici\nKiki\nKiki\nCici\nKiki\nKiki\nCici\nKiki\nKiki\nCici\n";
        assert_eq!(got, expected);
    }

    #[test]
    fn reads_to_eof_through_ragged_whitespace() {
        assert_eq!(solve("1000\r\n\r\n999 \r\n 512"), "Kiki\nCici\nKiki\n");
    }
}
