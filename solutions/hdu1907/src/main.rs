//! hdu1907 — John (HDOJ 1907), http://acm.hdu.edu.cn/showproblem.php?pid=1907
//!
//! Idea: misère Nim (whoever takes the last candy loses). By the Anti-Nim (SJ) theorem the first player wins
//! iff (xor != 0 and some pile > 1) or (xor == 0 and every pile <= 1): with only 1-piles the parity of their
//! count decides. O(N) per case.

use std::io::{self, Read, Write};

fn solve(input: &str) -> String {
    let mut tokens = input
        .split_ascii_whitespace()
        .map(|t| t.parse::<u32>().expect("integer"));
    let cases = tokens.next().unwrap_or(0);
    let mut out = String::new();
    for _ in 0..cases {
        let Some(n) = tokens.next() else { break };
        let piles: Vec<u32> = tokens.by_ref().take(n as usize).collect();
        if piles.len() < n as usize {
            break;
        }
        let xor = piles.iter().fold(0, |acc, &a| acc ^ a);
        let all_small = piles.iter().all(|&a| a <= 1);
        let john = if all_small { xor == 0 } else { xor != 0 };
        out.push_str(if john { "John\n" } else { "Brother\n" });
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
        assert_eq!(solve("2\n3\n3 5 1\n1\n1\n"), "John\nBrother\n");
    }

    #[test]
    fn all_ones_parity_decides() {
        // Odd count of 1-piles: the first player eats the last candy. Even count: the second does.
        let case = |k: usize| format!("{k}\n{}\n", vec!["1"; k].join(" "));
        let input = format!("4\n{}{}{}{}", case(1), case(2), case(3), case(47));
        assert_eq!(solve(&input), "Brother\nJohn\nBrother\nBrother\n");
    }

    #[test]
    fn a_big_pile_makes_it_plain_nim() {
        // (1, 1, 2): xor 2, John takes the whole 2 and leaves two 1-piles. (2, 2): xor 0, Brother mirrors.
        // (3, 5, 6): xor 0, a losing Nim position stays losing. (4747): John leaves one candy.
        assert_eq!(
            solve("4\n3\n1 1 2\n2\n2 2\n3\n3 5 6\n1\n4747\n"),
            "John\nBrother\nBrother\nJohn\n"
        );
    }
}
