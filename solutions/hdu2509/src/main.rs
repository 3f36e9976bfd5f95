//! hdu2509 — Be the Winner (HDOJ 2509), http://acm.hdu.edu.cn/showproblem.php?pid=2509
//!
//! Idea: taking a block of consecutive apples (possibly splitting the row) gives a row of x apples Grundy value x,
//! so this is misère Nim: the first player wins iff (XOR != 0 and some row > 1) or (XOR == 0 and all rows <= 1).
//! O(n) per case; rows are at most 100, so u32 holds every XOR.

use std::io::{self, Read, Write};

fn solve(input: &str) -> String {
    let mut tokens = input
        .split_ascii_whitespace()
        .map(|t| t.parse::<u32>().expect("integer"));
    let mut out = String::new();
    'cases: while let Some(n) = tokens.next() {
        let (mut xor, mut big) = (0, false);
        for _ in 0..n {
            let Some(row) = tokens.next() else {
                break 'cases;
            };
            xor ^= row;
            big |= row > 1;
        }
        out.push_str(if (xor != 0) == big { "Yes\n" } else { "No\n" });
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
        assert_eq!(solve("2\n2 2\n\n1\n3\n"), "No\nYes\n");
    }

    #[test]
    fn rows_of_single_apples_win_iff_their_count_is_even() {
        assert_eq!(
            solve("1\n1\n2\n1 1\n3\n1 1 1\n4\n1 1 1 1\n"),
            "No\nYes\nNo\nYes\n"
        );
    }

    #[test]
    fn with_a_big_row_it_is_nim() {
        // (1, 2, 3) has XOR 0 and is lost; (1, 2) and (2, 1, 1) are won; (2, 2) is lost.
        assert_eq!(
            solve("3 1 2 3\n2 1 2\n3 2 1 1\n2 2 2\n"),
            "No\nYes\nYes\nNo\n"
        );
    }

    #[test]
    fn crlf_and_a_truncated_last_case() {
        assert_eq!(solve("\r\n1\r\n\r\n1 \r\n3\r\n5 5"), "No\n");
    }
}
