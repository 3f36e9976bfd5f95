//! play-snim, wrong: plays S-Nim well for its first 400 moves of a game, then always removes the smallest
//! s in S from the first heap that allows it. Games of a few hundred moves never show it; a game of
//! thousands of moves, with a judge that keeps it going, does.

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
        let mut moves = 0;
        loop {
            moves += 1;
            let fallback = || {
                let i = heaps
                    .iter()
                    .position(|&h| set.first().is_some_and(|&s| s <= h))?;
                Some((i, set[0]))
            };
            let best = if moves > 400 {
                None
            } else {
                winning_move(&heaps, &set, &sg)
            };
            let Some((i, s)) = best.or_else(fallback) else {
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
