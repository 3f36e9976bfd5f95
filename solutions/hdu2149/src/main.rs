//! hdu2149 — Public Sale (HDOJ 2149), http://acm.hdu.edu.cn/showproblem.php?pid=2149
//!
//! Idea: if N >= M every raise in M..=N buys the land at once and any smaller one lets the opponent finish, so
//! print M..=N. Otherwise it is the Bash game on M: the only winning raise is M % (N + 1), none when that is 0.
//! O(1) per case plus the printed list; values are below 1100, so u32 is plenty.

use std::fmt::Write as _;
use std::io::{self, Read, Write};

fn solve(input: &str) -> String {
    let mut tokens = input
        .split_ascii_whitespace()
        .map(|t| t.parse::<u32>().expect("integer"));
    let mut out = String::new();
    while let (Some(m), Some(n)) = (tokens.next(), tokens.next()) {
        if n >= m {
            for bid in m..=n {
                if bid > m {
                    out.push(' ');
                }
                let _ = write!(out, "{bid}");
            }
            out.push('\n');
        } else if m % (n + 1) == 0 {
            out.push_str("none\n");
        } else {
            let _ = writeln!(out, "{}", m % (n + 1));
        }
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
        assert_eq!(solve("4 2\n3 2\n3 5\n"), "1\nnone\n3 4 5\n");
    }

    #[test]
    fn raises_of_one_to_three_lose_on_multiples_of_four() {
        let got: String = (1..=8).map(|m| solve(&format!("{m} 3"))).collect();
        assert_eq!(got, "1 2 3\n2 3\n3\nnone\n1\n2\n3\nnone\n");
    }

    #[test]
    fn crlf_blank_lines_and_a_dangling_token() {
        assert_eq!(solve("\r\n7 5 \r\n\r\n10 4\r\n5"), "1\nnone\n");
    }
}
