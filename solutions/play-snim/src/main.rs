//! play-snim — Play S-Nim (original interactive problem, the rules of HDOJ 1536),
//! http://acm.hdu.edu.cn/showproblem.php?pid=1536
//!
//! Idea: Sprague–Grundy. sg(x) = mex { sg(x - s) : s in S, s <= x }; the player to move loses iff the xor
//! X of the heaps' values is 0. From X != 0 some heap has sg(h) ^ X < sg(h), and by the mex some s leaves
//! exactly that value there. The table is built once per game (S changes), up to the largest heap:
//! O(max heap · k); then O(l · k) per move.

use std::io::{self, BufRead, Write};

/// sg[x] for x in 0..=max_heap under `set` (sorted ascending). At most k values are reachable from x, so
/// sg(x) <= k and the `seen` array of k + 2 stamps always holds the mex.
fn grundy(set: &[usize], max_heap: usize) -> Vec<usize> {
    let mut sg = vec![0; max_heap + 1];
    let mut seen = vec![usize::MAX; set.len() + 2];
    for x in 1..=max_heap {
        for &s in set.iter().take_while(|&&s| s <= x) {
            seen[sg[x - s]] = x;
        }
        sg[x] = seen.iter().position(|&v| v != x).expect("mex <= k");
    }
    sg
}

/// A winning move (0-based heap, s), or `None` when every move loses. `set` is sorted, `sg` covers every heap.
fn winning_move(heaps: &[usize], set: &[usize], sg: &[usize]) -> Option<(usize, usize)> {
    let xor = heaps.iter().fold(0, |x, &h| x ^ sg[h]);
    if xor == 0 {
        return None;
    }
    (0..heaps.len()).find_map(|i| {
        let target = sg[heaps[i]] ^ xor;
        if target >= sg[heaps[i]] {
            return None;
        }
        set.iter()
            .take_while(|&&s| s <= heaps[i])
            .find(|&&s| sg[heaps[i] - s] == target)
            .map(|&s| (i, s))
    })
}

/// Plays every game: reads the judge a line at a time and flushes each move.
fn play(input: impl BufRead, mut out: impl Write) -> io::Result<()> {
    let mut judge = Judge::new(input);
    let Some(games) = judge.next() else {
        return Ok(());
    };
    for _ in 0..games {
        let Some(k) = judge.next() else {
            return Ok(());
        };
        // S comes unsorted; sorted, the moves from a heap are a prefix of it.
        let mut set: Vec<usize> = (0..k).map_while(|_| judge.next()).collect();
        set.sort_unstable();
        let Some(l) = judge.next() else {
            return Ok(());
        };
        let mut heaps: Vec<usize> = (0..l).map_while(|_| judge.next()).collect();
        let sg = grundy(&set, heaps.iter().copied().max().unwrap_or(0));
        loop {
            // Never happens against the judge, which hands out won positions only; still a legal move.
            let fallback = || {
                let i = heaps
                    .iter()
                    .position(|&h| set.first().is_some_and(|&s| s <= h))?;
                Some((i, set[0]))
            };
            let Some((i, s)) = winning_move(&heaps, &set, &sg).or_else(fallback) else {
                return Ok(());
            };
            heaps[i] -= s;
            writeln!(out, "{} {s}", i + 1)?;
            out.flush()?;
            // The judge's answer: its move `j t`, or `0 0` when it has no move left.
            let (Some(j), Some(t)) = (judge.next(), judge.next()) else {
                return Ok(());
            };
            if j == 0 {
                break;
            }
            if let Some(heap) = heaps.get_mut(j - 1) {
                *heap = heap.saturating_sub(t);
            }
        }
    }
    Ok(())
}

/// The judge's numbers, read one line at a time: never waits for input that is not needed yet.
struct Judge<R> {
    input: R,
    pending: Vec<usize>,
}

impl<R: BufRead> Judge<R> {
    fn new(input: R) -> Self {
        Judge {
            input,
            pending: Vec::new(),
        }
    }

    /// The next number, or `None` once the judge's output has ended.
    fn next(&mut self) -> Option<usize> {
        while self.pending.is_empty() {
            let mut line = String::new();
            if self.input.read_line(&mut line).ok()? == 0 {
                return None;
            }
            self.pending = line
                .split_ascii_whitespace()
                .rev()
                .map(|t| t.parse().expect("integer"))
                .collect();
        }
        self.pending.pop()
    }
}

fn main() {
    play(io::stdin().lock(), io::stdout().lock()).expect("write to the judge");
}

#[cfg(test)]
mod tests {
    use super::{grundy, play, winning_move};

    #[test]
    fn sample_interaction() {
        let judge =
            "2\n2 5 2\n3 2 4 7\n2 2\n3 2\n0 0\n3 4 1 3\n2 10 6\n2 1\n1 1\n2 1\n1 1\n1 1\n0 0\n";
        let mut moves = Vec::new();
        play(judge.as_bytes(), &mut moves).unwrap();
        assert_eq!(
            String::from_utf8(moves).unwrap(),
            "1 2\n2 2\n3 5\n2 3\n1 1\n1 1\n2 1\n1 4\n1 1\n"
        );
    }

    #[test]
    fn subtraction_set_1_3_4_pn_table() {
        // P N P N N N N P N P N N N N P for x = 0..14.
        let sg = grundy(&[1, 3, 4], 14);
        let lost: Vec<bool> = sg.iter().map(|&v| v == 0).collect();
        let p = [0, 2, 7, 9, 14];
        for (x, &is_lost) in lost.iter().enumerate() {
            assert_eq!(is_lost, p.contains(&x), "heap {x}");
        }
        assert_eq!(winning_move(&[14], &[1, 3, 4], &sg), None);
        assert_eq!(winning_move(&[10], &[1, 3, 4], &sg), Some((0, 1)));
    }

    #[test]
    fn hdoj_1536_sample_positions() {
        // S = {2, 5}: (5, 12) lost, (2, 4, 7) and (2, 3, 7, 12) won.
        let set = [2, 5];
        let sg = grundy(&set, 12);
        assert_eq!(winning_move(&[5, 12], &set, &sg), None);
        for heaps in [&[2, 4, 7][..], &[2, 3, 7, 12]] {
            let (i, s) = winning_move(heaps, &set, &sg).expect("won");
            let mut after = heaps.to_vec();
            after[i] -= s;
            assert_eq!(after.iter().fold(0, |x, &h| x ^ sg[h]), 0, "{heaps:?}");
        }
    }

    #[test]
    fn grundy_values_reach_k() {
        // S = {1..100}: sg(x) = x mod 101, so heap 100 has value 100 = k.
        let set: Vec<usize> = (1..=100).collect();
        let sg = grundy(&set, 300);
        for (x, &v) in sg.iter().enumerate() {
            assert_eq!(v, x % 101);
        }
        let (i, s) = winning_move(&[100, 57], &set, &sg).expect("won");
        assert_eq!((i, s), (0, 43));
    }

    #[test]
    fn every_small_won_position_gets_a_move_to_xor_zero() {
        let set = [2, 3, 7];
        let sg = grundy(&set, 15);
        for a in 0..=15 {
            for b in 0..=15 {
                let heaps = [a, b];
                match winning_move(&heaps, &set, &sg) {
                    None => assert_eq!(sg[a] ^ sg[b], 0),
                    Some((i, s)) => {
                        assert!(set.contains(&s) && s <= heaps[i]);
                        let mut after = heaps;
                        after[i] -= s;
                        assert_eq!(sg[after[0]] ^ sg[after[1]], 0);
                    }
                }
            }
        }
    }
}
