//! hdu1536 — S-Nim (HDOJ 1536), http://acm.hdu.edu.cn/showproblem.php?pid=1536
//!
//! Idea: Sprague–Grundy. For the subtraction set S, sg(x) = mex{ sg(x - s) : s in S, s <= x }; a position
//! wins iff the xor of sg over its heaps is non-zero. The table is rebuilt for every test set (S changes) and
//! grown only as far as the largest heap asked: O(max heap · k) per test set.

use std::io::{self, Read, Write};

fn solve(input: &str) -> String {
    let mut tokens = input
        .split_ascii_whitespace()
        .map(|t| t.parse::<usize>().expect("integer"));
    let mut out = String::new();
    // sg[x] for x in 0..sg.len(), valid for the current S only. At most k values are reachable from x, so
    // sg(x) <= k <= 100 fits a u8 (and the whole table fits in L1).
    let mut sg: Vec<u8> = Vec::new();
    'sets: while let Some(k) = tokens.next() {
        if k == 0 {
            break;
        }
        let mut set: Vec<usize> = tokens.by_ref().take(k).collect();
        if set.len() < k {
            break;
        }
        // S comes unsorted; sorted, the moves from x are a prefix (and the loop branch predictable).
        set.sort_unstable();
        sg.clear();
        // seen[v] == x + 1 marks v as reachable from x; fresh per test set, so no stale marks survive.
        let mut seen = [0usize; 256];
        let Some(m) = tokens.next() else { break };
        for _ in 0..m {
            let Some(l) = tokens.next() else {
                out.push('\n');
                break 'sets;
            };
            let mut xor = 0;
            for _ in 0..l {
                let Some(h) = tokens.next() else {
                    out.push('\n');
                    break 'sets;
                };
                while sg.len() <= h {
                    let x = sg.len();
                    let stamp = x + 1;
                    for &s in set.iter().take_while(|&&s| s <= x) {
                        seen[usize::from(sg[x - s])] = stamp;
                    }
                    let mex = seen
                        .iter()
                        .position(|&v| v != stamp)
                        .expect("mex <= k < 256");
                    sg.push(mex as u8);
                }
                xor ^= sg[h];
            }
            out.push(if xor != 0 { 'W' } else { 'L' });
        }
        out.push('\n');
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
            solve(
                "2 2 5\n3\n2 5 12\n3 2 4 7\n4 2 3 7 12\n\
                 5 1 2 3 4 5\n3\n2 5 12\n3 2 4 7\n4 2 3 7 12\n0\n"
            ),
            "LWW\nWWL\n"
        );
    }

    /// One query per heap size 0..=14 for the set S.
    fn single_heaps(set: &str) -> String {
        let queries: String = (0..=14).map(|x| format!("1 {x}\n")).collect();
        format!("{set}\n15\n{queries}")
    }

    #[test]
    fn subtraction_set_1_3_4_pn_table() {
        // P N P N N N N P N P N N N N P for x = 0..14; P = L, N = W.
        assert_eq!(
            solve(&format!("{}0\n", single_heaps("3 1 3 4"))),
            "LWLWWWWLWLWWWWL\n"
        );
    }

    #[test]
    fn unsorted_set_gives_the_same_table() {
        assert_eq!(
            solve(&format!("{}0\n", single_heaps("3 4 3 1"))),
            "LWLWWWWLWLWWWWL\n"
        );
    }

    #[test]
    fn table_is_reset_between_test_sets() {
        // Take 1..=3 has sg(x) = x mod 4; after {1,3,4} it must not reuse the old table.
        let input = format!("{}{}0\n", single_heaps("3 1 3 4"), single_heaps("3 3 2 1"));
        assert_eq!(solve(&input), "LWLWWWWLWLWWWWL\nLWWWLWWWLWWWLWW\n");
    }

    #[test]
    fn sums_xor_the_grundy_values() {
        // Take 1..=3: sg = x mod 4, so (1, 2, 3) xors to 0 and (5, 6) to 1 ^ 2 = 3; a zero heap adds nothing.
        assert_eq!(solve("3 1 2 3\n3\n3 1 2 3\n2 5 6\n3 0 0 0\n0\n"), "LWL\n");
    }
}
