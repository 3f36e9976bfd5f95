//! snim-move — S-Nim: a winning move (original problem on the HDOJ 1536 rules, judged by a checker),
//! http://acm.hdu.edu.cn/showproblem.php?pid=1536
//!
//! Idea: Sprague–Grundy. sg(x) = mex{ sg(x - s) : s in S, s <= x }, rebuilt for every test set (S changes)
//! up to its largest heap; a position is lost iff the xor X of sg over its heaps is 0. Otherwise some heap h
//! has sg(h) ^ X < sg(h), and by the mex some s leads from h to a heap of exactly that value: play it.
//! O(max heap · k) per test set, O(l · k) per position.

use std::fmt::Write as _;
use std::io::{self, Read, Write};

/// sg(x) for x = 0..=top under the subtraction set `set` (sorted). At most k <= 100 values are reachable
/// from x, so sg(x) <= k <= 100 fits a u8.
fn grundy(set: &[usize], top: usize) -> Vec<u8> {
    let mut sg: Vec<u8> = Vec::with_capacity(top + 1);
    // seen[v] == x + 1 marks v as reachable from x, so the array is never cleared.
    let mut seen = [0usize; 256];
    for x in 0..=top {
        for &s in set.iter().take_while(|&&s| s <= x) {
            seen[usize::from(sg[x - s])] = x + 1;
        }
        let mex = seen
            .iter()
            .position(|&v| v != x + 1)
            .expect("mex <= k < 256");
        sg.push(mex as u8);
    }
    sg
}

fn solve(input: &str) -> String {
    let mut tokens = input
        .split_ascii_whitespace()
        .map(|t| t.parse::<usize>().expect("integer"));
    let mut out = String::new();
    let sets = tokens.next().unwrap_or(0);
    for _ in 0..sets {
        let Some(k) = tokens.next() else { break };
        // S comes unsorted; sorted, the moves from x are a prefix.
        let mut set: Vec<usize> = tokens.by_ref().take(k).collect();
        set.sort_unstable();
        let Some(m) = tokens.next() else { break };
        let mut positions = Vec::with_capacity(m);
        for _ in 0..m {
            let l = tokens.next().unwrap_or(0);
            positions.push(tokens.by_ref().take(l).collect::<Vec<usize>>());
        }
        let top = positions.iter().flatten().copied().max().unwrap_or(0);
        let sg = grundy(&set, top);
        for heaps in &positions {
            let xor = heaps.iter().fold(0, |acc, &h| acc ^ sg[h]);
            let play = heaps.iter().enumerate().find_map(|(i, &h)| {
                let target = sg[h] ^ xor;
                if target >= sg[h] {
                    return None;
                }
                let s = set
                    .iter()
                    .take_while(|&&s| s <= h)
                    .find(|&&s| sg[h - s] == target)?;
                Some((i + 1, *s))
            });
            match play {
                Some((i, s)) => writeln!(out, "{i} {s}"),
                None => writeln!(out, "lose"),
            }
            .expect("write to String");
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
    use super::{grundy, solve};

    #[test]
    fn samples() {
        assert_eq!(
            solve(
                "2\n2 5 2\n3\n2 5 12\n3 2 4 7\n4 2 3 7 12\n\
                 5 1 2 3 4 5\n3\n2 5 12\n3 2 4 7\n4 2 3 7 12\n"
            ),
            "lose\n1 2\n4 5\n1 5\n2 1\nlose\n"
        );
    }

    #[test]
    fn subtraction_set_1_3_4_grundy_table() {
        // sg = 0 1 0 1 2 3 2 0 1 0 1 2 3 2 0 for x = 0..14 (period 7).
        assert_eq!(
            grundy(&[1, 3, 4], 14),
            [0, 1, 0, 1, 2, 3, 2, 0, 1, 0, 1, 2, 3, 2, 0]
        );
    }

    #[test]
    fn take_one_to_three_is_nim_mod_4() {
        // sg(x) = x mod 4. (1, 2, 3) xors to 0; (5, 6) to 1 ^ 2 = 3, and heap 2 drops from sg 2 to 2 ^ 3 = 1
        // by removing 1 (6 -> 5).
        assert_eq!(
            solve("1\n3 3 1 2\n3\n3 1 2 3\n2 5 6\n3 0 0 0\n"),
            "lose\n2 1\nlose\n"
        );
    }

    #[test]
    fn unsorted_set_and_the_right_element() {
        // S = {4, 3, 1} given unsorted. sg(2) = 0: lost. sg(5) = 3 and only 5 - 3 = 2 has sg 0.
        assert_eq!(solve("1\n3 4 3 1\n2\n1 2\n1 5\n"), "lose\n1 3\n");
    }

    #[test]
    fn grundy_values_above_100() {
        // S = {1..=100}: sg(x) = x mod 101, up to 100. Heap 100 alone is taken whole; (100, 201) xors to 0;
        // (100, 200) to 100 ^ 99 = 7, and heap 1 drops to sg 99 by removing 1.
        let set: Vec<usize> = (1..=100).rev().collect();
        assert!(grundy(
            &{
                let mut s = set.clone();
                s.sort_unstable();
                s
            },
            202
        )
        .iter()
        .enumerate()
        .all(|(x, &g)| usize::from(g) == x % 101));
        let line: Vec<String> = set.iter().map(usize::to_string).collect();
        assert_eq!(
            solve(&format!(
                "1\n100 {}\n3\n1 100\n2 100 201\n2 100 200\n",
                line.join(" ")
            )),
            "1 100\nlose\n1 1\n"
        );
    }

    #[test]
    fn zero_heaps_and_no_move_at_all() {
        assert_eq!(
            solve("1\n1 10000\n2\n3 0 9999 0\n1 10000\n"),
            "lose\n1 10000\n"
        );
    }
}
