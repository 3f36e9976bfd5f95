//! Brute force for hdu1079: lists every real date from 1900-01-01 to 2001-11-04 (Gregorian leap years) and
//! solves the game graph backwards from the end date, which is lost for the player to move. A move goes to
//! the next day, or to the same day of the next month when that date exists and is not after 2001-11-04.
//! Every move goes forward in time, so one backward pass over the list settles every date.

use std::collections::HashMap;
use std::io::{self, Read};

type Date = (u32, u32, u32);

const START: Date = (1900, 1, 1);
const END: Date = (2001, 11, 4);

fn is_leap(y: u32) -> bool {
    (y % 4 == 0 && y % 100 != 0) || y % 400 == 0
}

fn days_in_month(y: u32, m: u32) -> u32 {
    match m {
        2 if is_leap(y) => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

fn next_day((y, m, d): Date) -> Date {
    if d < days_in_month(y, m) {
        (y, m, d + 1)
    } else if m < 12 {
        (y, m + 1, 1)
    } else {
        (y + 1, 1, 1)
    }
}

fn same_day_next_month((y, m, d): Date) -> Option<Date> {
    let (ny, nm) = if m < 12 { (y, m + 1) } else { (y + 1, 1) };
    (d <= days_in_month(ny, nm)).then_some((ny, nm, d))
}

fn main() {
    let mut dates = vec![START];
    while *dates.last().expect("non-empty") != END {
        dates.push(next_day(*dates.last().expect("non-empty")));
    }
    let index: HashMap<Date, usize> = dates.iter().enumerate().map(|(i, &d)| (d, i)).collect();
    let mut wins = vec![false; dates.len()];
    for i in (0..dates.len() - 1).rev() {
        let mut moves = vec![index[&next_day(dates[i])]];
        if let Some(j) = same_day_next_month(dates[i]).and_then(|d| index.get(&d)) {
            moves.push(*j);
        }
        wins[i] = moves.iter().any(|&j| !wins[j]);
    }

    let mut input = String::new();
    io::stdin().read_to_string(&mut input).expect("read stdin");
    let mut tokens = input
        .split_ascii_whitespace()
        .map(|t| t.parse::<u32>().expect("integer"));
    let cases = tokens.next().unwrap_or(0);
    let mut out = String::new();
    for _ in 0..cases {
        let (Some(y), Some(m), Some(d)) = (tokens.next(), tokens.next(), tokens.next()) else {
            break;
        };
        let i = *index.get(&(y, m, d)).expect("date in range");
        out.push_str(if wins[i] { "YES\n" } else { "NO\n" });
    }
    print!("{out}");
}
