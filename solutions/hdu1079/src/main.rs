//! hdu1079 — Calendar Game (HDOJ 1079), http://acm.hdu.edu.cn/showproblem.php?pid=1079
//!
//! Idea: both moves usually flip the parity of month + day, and the end date 11-04 has odd parity, so the
//! player to move wins iff month + day is even. The only odd dates with a parity-keeping move are 09-30 and
//! 11-30 (next day is 10-01 / 12-01, both odd), so they win too. The year does not matter. O(1) per case.

use std::io::{self, Read, Write};

fn adam_wins(month: u32, day: u32) -> bool {
    (month + day) % 2 == 0 || (day == 30 && (month == 9 || month == 11))
}

fn solve(input: &str) -> String {
    let mut tokens = input
        .split_ascii_whitespace()
        .map(|t| t.parse::<u32>().expect("integer"));
    let cases = tokens.next().unwrap_or(0);
    let mut out = String::new();
    for _ in 0..cases {
        let (Some(_year), Some(month), Some(day)) = (tokens.next(), tokens.next(), tokens.next())
        else {
            break;
        };
        out.push_str(if adam_wins(month, day) {
            "YES\n"
        } else {
            "NO\n"
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
            solve("3\n2001 11 3\n2001 11 2\n2001 10 3\n"),
            "YES\nNO\nNO\n"
        );
    }

    #[test]
    fn the_end_date_is_lost_for_the_player_to_move() {
        assert_eq!(solve("1\n2001 11 4\n"), "NO\n");
    }

    #[test]
    fn october_31_has_only_the_move_to_november_1() {
        // 11-31 does not exist, and 11-01 (even) is a win for the opponent.
        assert_eq!(solve("1\n2001 10 31\n"), "NO\n");
    }

    #[test]
    fn september_30_and_november_30_win_although_odd() {
        assert_eq!(
            solve("4 \r\n1999 9 30 \r\n2000 11 30\r\n1900 9 29\r\n1900 10 1\r\n"),
            "YES\nYES\nYES\nNO\n"
        );
    }

    #[test]
    fn stops_cleanly_when_input_ends_early() {
        assert_eq!(solve("3\n2001 11 3\n2001 11"), "YES\n");
    }
}
