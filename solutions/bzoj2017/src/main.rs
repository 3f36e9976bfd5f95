//! bzoj2017 — [Usaco2009 Nov] 硬币游戏 (BZOJ 2017), https://www.lydsy.com/JudgeOnline/problem.php?id=2017
//!
//! Idea: F(i, j) = best total for the player to move when the bottom i coins remain and the opponent just
//! took j, i.e. max over k ≤ min(2j, i) of (sum of those i coins − F(i − k, k)); the answer is F(N, 1).
//! F(i, j) only adds k = 2j − 1, 2j to F(i, j − 1), so each entry is O(1): O(N²) time. For 2j ≥ i every k is
//! allowed, so only j ≤ ⌈i/2⌉ is stored: N²/4 u32 entries, 4 MB for N = 2000 (the limit is 20 MB).
//! Totals are at most 2000 · 10^5 = 2·10^8, so u32 is wide enough.

use std::io::{self, Read, Write};

/// F(i, j) for 1 ≤ j ≤ ⌈i/2⌉, row after row; larger j behave like j = ⌈i/2⌉.
struct Table {
    start: Vec<usize>,
    best: Vec<u32>,
}

impl Table {
    fn width(i: usize) -> usize {
        (i + 1) / 2
    }

    fn get(&self, i: usize, j: usize) -> u32 {
        if i == 0 {
            return 0;
        }
        self.best[self.start[i] + j.min(Self::width(i)) - 1]
    }
}

/// First player's best total; `coins[0]` is the top of the stack.
fn first_player_total(coins: &[u32]) -> u32 {
    let n = coins.len();
    // below[i] = sum of the bottom i coins.
    let mut below = vec![0u32; n + 1];
    for i in 1..=n {
        below[i] = below[i - 1] + coins[n - i];
    }
    let mut start = vec![0usize; n + 2];
    for i in 1..=n {
        start[i + 1] = start[i] + Table::width(i);
    }
    let mut table = Table {
        best: Vec::with_capacity(start[n + 1]),
        start,
    };
    for (i, &total) in below.iter().enumerate().skip(1) {
        let mut best = 0;
        for j in 1..=Table::width(i) {
            for k in [2 * j - 1, 2 * j] {
                if k <= i {
                    best = best.max(total - table.get(i - k, k));
                }
            }
            table.best.push(best);
        }
    }
    table.get(n, 1)
}

fn solve(input: &str) -> String {
    let mut tokens = input
        .split_ascii_whitespace()
        .map(|t| t.parse::<u32>().expect("integer"));
    let Some(n) = tokens.next() else {
        return String::new();
    };
    // A file cut short is played with the coins it has.
    let coins: Vec<u32> = tokens.take(n as usize).collect();
    format!("{}\n", first_player_total(&coins))
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
    use super::{first_player_total, solve};

    #[test]
    fn samples() {
        assert_eq!(solve("5\n1\n3\n1\n7\n2\n"), "9\n");
    }

    /// Straight from the rules: the mover may take 1..=2·last coins; returns (mover's, other's) totals.
    fn minimax(coins: &[u32], last: usize) -> (u32, u32) {
        if coins.is_empty() {
            return (0, 0);
        }
        (1..=(2 * last).min(coins.len()))
            .map(|k| {
                let (them, me) = minimax(&coins[k..], k);
                (me + coins[..k].iter().sum::<u32>(), them)
            })
            .max_by_key(|&(me, _)| me)
            .expect("at least one move")
    }

    #[test]
    fn agrees_with_plain_minimax_on_short_stacks() {
        let stacks: [&[u32]; 6] = [
            &[1, 3, 1, 7, 2],
            &[5, 5, 5, 5, 5],
            &[1, 1, 1, 1, 1, 1, 1, 100],
            &[100_000, 1, 1, 1, 100_000, 1, 100_000],
            &[2, 7, 1, 8, 2, 8, 1, 8, 2, 8],
            &[9, 8, 7, 6, 5, 4, 3, 2, 1],
        ];
        for coins in stacks {
            // The first move is "as if the opponent had taken 1": 1 or 2 coins.
            assert_eq!(first_player_total(coins), minimax(coins, 1).0, "{coins:?}");
        }
    }

    #[test]
    fn first_move_is_one_or_two_coins() {
        // Five equal coins. Taking 2 lets the opponent take the other 3. Taking 1 leaves 4: if the
        // opponent takes 2, the first player takes the last 2; if 1, the first player takes 2 of the last 3.
        assert_eq!(solve("5 1 1 1 1 1"), "3\n");
        // The two valuable coins are on top: the first player's opening may take both.
        assert_eq!(solve("5 50 50 1 1 1"), "100\n");
    }

    #[test]
    fn tolerates_crlf_and_short_files() {
        assert_eq!(solve("5\r\n1\r\n3\r\n1\r\n7\r\n2\r\n\r\n"), "9\n");
        assert_eq!(solve(""), "");
        assert_eq!(solve("5\n4\n"), "4\n");
    }
}
