//! hdu2147 — kiki's game (HDOJ 2147), http://acm.hdu.edu.cn/showproblem.php?pid=2147
//!
//! Idea: with a = n - 1 and b = m - 1 steps still to go, (a, b) both even is lost for the mover: every move makes one
//! of them odd, and from any other position some move makes both even. So kiki loses iff n and m are both odd.
//! O(1) per case and no table, which matters under the 10 MB memory limit.

use std::io::{self, Read, Write};

fn solve(input: &str) -> String {
    let mut tokens = input
        .split_ascii_whitespace()
        .map(|t| t.parse::<u32>().expect("integer"));
    let mut out = String::new();
    while let (Some(n), Some(m)) = (tokens.next(), tokens.next()) {
        if n == 0 && m == 0 {
            break;
        }
        out.push_str(if n % 2 == 1 && m % 2 == 1 {
            "What a pity!\n"
        } else {
            "Wonderful!\n"
        });
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
        assert_eq!(
            solve("5 3\n5 4\n6 6\n0 0\n"),
            "What a pity!\nWonderful!\nWonderful!\n"
        );
    }

    #[test]
    fn one_by_one_board_is_lost_and_its_neighbours_are_won() {
        assert_eq!(
            solve("1 1\n1 2\n2 1\n2 2\n3 3\n0 0\n"),
            "What a pity!\nWonderful!\nWonderful!\nWonderful!\nWhat a pity!\n"
        );
    }

    #[test]
    fn stops_at_the_sentinel_or_at_end_of_input() {
        assert_eq!(solve("1 1\r\n\r\n0 0 \r\n2 2\r\n"), "What a pity!\n");
        assert_eq!(solve("2000 1999\n1999"), "Wonderful!\n");
    }
}
