//! hdu2188 — 悼念512汶川大地震遇难同胞——选拔志愿者 (HDOJ 2188), http://acm.hdu.edu.cn/showproblem.php?pid=2188
//!
//! Idea: Bash game with n stones and moves of 1..=m. A total still n short with n a multiple of m + 1 is lost for
//! the donor to move (the other answers t with m + 1 - t), so Grass (first) wins iff n % (m + 1) != 0. O(1) per case.
//! Values are parsed as u64 because the true bounds are unconfirmed; that is wide for any judge input.

use std::io::{self, Read, Write};

fn solve(input: &str) -> String {
    let mut tokens = input
        .split_ascii_whitespace()
        .map(|t| t.parse::<u64>().expect("integer"));
    let cases = tokens.next().unwrap_or(0);
    let mut out = String::new();
    for _ in 0..cases {
        let (Some(n), Some(m)) = (tokens.next(), tokens.next()) else {
            break;
        };
        out.push_str(if n % (m + 1) != 0 {
            "Grass\n"
        } else {
            "Rabbit\n"
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
        assert_eq!(solve("2\n8 10\n11 10\n"), "Grass\nRabbit\n");
    }

    #[test]
    fn donations_of_one_to_three_lose_on_multiples_of_four() {
        let got: String = (1..=8).map(|n| solve(&format!("1 {n} 3"))).collect();
        assert_eq!(
            got,
            "Grass\nGrass\nGrass\nRabbit\nGrass\nGrass\nGrass\nRabbit\n"
        );
    }

    #[test]
    fn first_player_is_grass_even_when_one_donation_suffices() {
        assert_eq!(
            solve("3\r\n1 1\r\n\r\n2 1 \r\n5 10"),
            "Grass\nRabbit\nGrass\n"
        );
    }

    #[test]
    fn stops_cleanly_when_cases_are_missing() {
        assert_eq!(solve("3\n4 3\n"), "Rabbit\n");
    }
}
