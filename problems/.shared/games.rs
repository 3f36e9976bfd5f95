//! The rules of the game families, shared by the checkers and interactors of the game problems: Bash, Nim,
//! misère Nim, Wythoff's game and S-Nim. For each, whether a position is won, its winning moves, and why a
//! move is illegal. A checker or interactor includes it with
//!
//! ```text
//! #[path = "../.shared/games.rs"]
//! mod games;
//! ```
//!
//! Moves are written as the statements write them: piles and heaps numbered from 1. Every function here is
//! exact (integers only: u128 where a square needs it). `harness export` writes this module inline into
//! the exported program. The unit tests at the end check each rule against an exhaustive search; they run
//! with `rustc --test` (harness/tests/suite/shared_code.rs).

// Each checker and interactor compiles this file as its own module and uses a part of it.
#![allow(dead_code)]

pub fn xor(piles: &[u64]) -> u64 {
    piles.iter().fold(0, |x, &a| x ^ a)
}

/// The number of bits of `a` (0 for 0).
pub fn bit_length(a: u64) -> u64 {
    u64::from(64 - a.leading_zeros())
}

/// Bash (one pile, a move takes 1..=m): the stones the winning move takes, or `None` when `n` is lost (a
/// multiple of m + 1). m + 1 fits: m <= 10^18.
pub fn bash_winning_move(n: u64, m: u64) -> Option<u64> {
    match n % (m + 1) {
        0 => None,
        r => Some(r),
    }
}

/// Why taking `k` stones from pile `i` (1-based) is illegal, or `None`: the rule of Nim and misère Nim.
pub fn pile_fault(piles: &[u64], i: u64, k: u64) -> Option<String> {
    if i == 0 || i > piles.len() as u64 {
        Some(format!(
            "there is no pile {i}: piles are numbered 1 to {}",
            piles.len()
        ))
    } else if k == 0 {
        Some("a move takes at least one stone".to_string())
    } else if k > piles[i as usize - 1] {
        Some(format!(
            "pile {i} holds {} stones, cannot take {k}",
            piles[i as usize - 1]
        ))
    } else {
        None
    }
}

/// Nim (normal play): every winning move (0-based pile, stones taken); empty when the position is lost
/// (xor 0, Bouton).
pub fn nim_winning_moves(piles: &[u64]) -> Vec<(usize, u64)> {
    let x = xor(piles);
    (0..piles.len())
        .filter(|&i| piles[i] ^ x < piles[i])
        .map(|i| (i, piles[i] - (piles[i] ^ x)))
        .collect()
}

/// Misère Nim (whoever takes the last stone loses): every winning move; empty when the position is lost.
/// With two piles of 2 or more it is Nim; with one, cut it to leave an odd number of 1-piles; with none,
/// the player to move wins with an even number of 1-piles.
pub fn misere_winning_moves(piles: &[u64]) -> Vec<(usize, u64)> {
    let big: Vec<usize> = (0..piles.len()).filter(|&i| piles[i] >= 2).collect();
    let ones = piles.iter().filter(|&&a| a == 1).count();
    match big.len() {
        0 if ones % 2 == 0 => (0..piles.len())
            .filter(|&i| piles[i] == 1)
            .map(|i| (i, 1))
            .collect(),
        0 => Vec::new(),
        1 => {
            let i = big[0];
            vec![(i, piles[i] - u64::from(ones % 2 == 0))]
        }
        _ => nim_winning_moves(piles),
    }
}

/// The pile a Nim judge halves from a lost position (xor 0) to make the game long, `pick(len)` choosing
/// among `len` equal candidates (the interactor's seeded random draw). A pile whose bit length no other pile
/// has, below the longest, first (the shortest such): halving it leaves the xor's top bit only in longer
/// piles, so every winning answer keeps every bit length and the round costs one bit of B. Otherwise one of
/// the piles of the shortest bit length that two or more share. Misère Nim plays its lost positions the
/// same way (they are Nim's, or rows of 1-piles).
pub fn nim_longest_pile(piles: &[u64], pick: &mut dyn FnMut(usize) -> usize) -> usize {
    let lengths: Vec<u64> = piles.iter().map(|&a| bit_length(a)).collect();
    let count = |l: u64| lengths.iter().filter(|&&m| m == l).count();
    let top = lengths.iter().copied().max().unwrap_or(0);
    let alone = (0..piles.len())
        .filter(|&i| piles[i] > 0 && lengths[i] < top && count(lengths[i]) == 1)
        .min_by_key(|&i| lengths[i]);
    if let Some(i) = alone {
        return i;
    }
    let shared = (0..piles.len())
        .filter(|&i| piles[i] > 0 && count(lengths[i]) >= 2)
        .map(|i| lengths[i])
        .min()
        .expect("a lost position with stones has two piles of its top length");
    let candidates: Vec<usize> = (0..piles.len())
        .filter(|&i| piles[i] > 0 && lengths[i] == shared)
        .collect();
    candidates[pick(candidates.len())]
}

/// floor(sqrt(5) · 2^62), checked by the unit tests against an exact integer square root.
const SQRT5_Q62: u128 = 10_312_043_428_088_987_146;

/// floor(m sqrt(5)), exactly and without a division (a u128 division in a square root was most of the
/// Wythoff judge's time). m · SQRT5_Q62 / 2^62 is at most m sqrt(5) and short of it by less than m / 2^62,
/// so its floor is short of floor(m sqrt(5)) by at most 1 + m / 2^62; the exact squares make up the rest.
/// For m <= 8 · 10^18 the squares fit in a u128.
pub fn floor_sqrt5_times(m: u64) -> u128 {
    let m = u128::from(m);
    let mut r = (m * SQRT5_Q62) >> 62;
    while (r + 1) * (r + 1) <= 5 * m * m {
        r += 1;
    }
    r
}

/// floor(k φ) = (k + floor(k sqrt(5))) / 2, exactly. For k <= 2 · 10^18.
pub fn wythoff_lower(k: u64) -> u64 {
    ((u128::from(k) + floor_sqrt5_times(k)) / 2) as u64
}

/// Wythoff: whether (a, b), in either order, is lost for the player to move: a <= b and a = floor((b - a) φ).
pub fn wythoff_is_lost(a: u64, b: u64) -> bool {
    let (a, b) = (a.min(b), a.max(b));
    a == wythoff_lower(b - a)
}

/// The other pile of the lost position that holds `a` (every a >= 0 is in exactly one, Beatty), from one
/// floor(a sqrt(5)). Let j0 = floor(a / φ). When a = floor(j φ), j is the one integer in (a / φ, (a + 1) / φ), so
/// j = j0 + 1 and (j0 + 1) φ < a + 1; the partner is a + j. Otherwise a = floor(j φ) + j with
/// j = a - floor((a + 1) / φ) = a - j0, and the partner is floor(j φ) = a - j = j0. For a < 8 · 10^18,
/// the squares fit in a u128.
pub fn wythoff_partner(a: u64) -> u64 {
    if a == 0 {
        return 0;
    }
    let wide = u128::from(a);
    // floor(a / φ) = floor((a sqrt(5) - a) / 2).
    let j0 = (floor_sqrt5_times(a) - wide) / 2;
    let j = j0 + 1;
    // (j0 + 1) φ < a + 1  <=>  (j0 + 1) sqrt(5) < 2 a + 1 - j0, both sides positive (j0 < a).
    if 5 * j * j < (2 * wide + 1 - j0).pow(2) {
        (wide + j) as u64
    } else {
        j0 as u64
    }
}

/// Wythoff: a winning move `(x, y)` (take x from the first pile, y from the second), or `None` when lost.
pub fn wythoff_winning_move(a: u64, b: u64) -> Option<(u64, u64)> {
    let (small, big) = (a.min(b), a.max(b));
    let f = wythoff_lower(big - small);
    let (from_small, from_big) = if small > f {
        // Down both piles to (f, f + k): the same difference.
        (small - f, small - f)
    } else if small == f {
        return None;
    } else {
        // The lost position that keeps the smaller pile; its other pile is below the bigger one.
        (0, big - wythoff_partner(small))
    };
    Some(if a <= b {
        (from_small, from_big)
    } else {
        (from_big, from_small)
    })
}

/// Wythoff: every winning move from (a, b), as the lost pair it leads to (smaller pile first), the same
/// pair possibly twice; none when (a, b) is lost. Down both piles to the pair of the same difference; the
/// bigger pile down to the partner of the smaller; the smaller down to the partner of the bigger. An
/// iterator over a fixed array: the judge's search calls this millions of times.
pub fn wythoff_answers(a: u64, b: u64) -> impl Iterator<Item = (u64, u64)> {
    let (s, big) = (a.min(b), a.max(b));
    let f = wythoff_lower(big - s);
    let won = s != f;
    let p = if won { wythoff_partner(s) } else { 0 };
    let q = if won { wythoff_partner(big) } else { 0 };
    [
        (won && s > f).then_some((f, big - s + f)),
        (won && p < big).then_some((s.min(p), s.max(p))),
        (won && q < s).then_some((q, big)),
    ]
    .into_iter()
    .flatten()
}

/// The least a move of one kind must take from a pile of `x` stones to lower its bit length: it leaves
/// 2^(l-1) - 1, l the bit length (0 for an empty pile).
pub fn least_lowering(x: u64) -> u64 {
    if x == 0 {
        0
    } else {
        x - ((1 << (bit_length(x) - 1)) - 1)
    }
}

/// The Wythoff judge's moves from (a, b): of each kind (from the first pile, from the second, from both)
/// the least that lowers a pile's bit length, `(x, y)` taken from the first and second pile, in that order.
pub fn wythoff_lowering_moves(a: u64, b: u64) -> impl Iterator<Item = (u64, u64)> {
    let t = least_lowering(a).min(least_lowering(b));
    [
        (a > 0).then_some((least_lowering(a), 0)),
        (b > 0).then_some((0, least_lowering(b))),
        (a > 0 && b > 0).then_some((t, t)),
    ]
    .into_iter()
    .flatten()
}

/// The solved pairs of `wythoff_longest`, keyed by their difference (which fixes a lost pair), hashed by
/// one multiplication (the default hasher made the search several times slower, and the keys come from the
/// judge, not from a contestant).
pub type Memo = std::collections::HashMap<u64, u64, std::hash::BuildHasherDefault<MulHasher>>;

#[derive(Default)]
pub struct MulHasher(u64);

impl std::hash::Hasher for MulHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(u64::from(b));
        }
    }

    fn write_u64(&mut self, v: u64) {
        self.0 = (self.0.rotate_left(5) ^ v).wrapping_mul(0x517c_c1b7_2722_0a95);
    }
}

/// The number of moves the winner still makes from the lost pair (s, b), s <= b, with the judge to move,
/// when the judge plays only `wythoff_lowering_moves` and picks the one that keeps the game longest and
/// the winner answers with whichever winning move ends it soonest: exact, by search over that game tree
/// (`memo` holds the pairs already solved; share it between the games of a test).
pub fn wythoff_longest(s: u64, b: u64, memo: &mut Memo) -> u64 {
    if b == 0 {
        return 0;
    }
    if let Some(&n) = memo.get(&(b - s)) {
        return n;
    }
    let n = wythoff_lowering_moves(s, b)
        .map(|(x, y)| wythoff_after(s - x, b - y, memo))
        .max()
        .expect("a pair with stones has a move");
    memo.insert(b - s, n);
    n
}

/// The winner's moves left from the won position (x, y) when it ends the game soonest (see
/// `wythoff_longest`), its move included.
pub fn wythoff_after(x: u64, y: u64, memo: &mut Memo) -> u64 {
    wythoff_answers(x, y)
        .map(|(c, e)| 1 + wythoff_longest(c, e, memo))
        .min()
        .expect("a won position has a winning move")
}

/// Why taking x from the first pile and y from the second is not a move of Wythoff's game from (a, b).
pub fn wythoff_fault(a: u64, b: u64, x: u64, y: u64) -> Option<String> {
    if x == 0 && y == 0 {
        Some("a move takes at least one stone".to_string())
    } else if x != 0 && y != 0 && x != y {
        Some(format!(
            "it takes {x} and {y}: from both piles the amounts must be equal"
        ))
    } else if x > a || y > b {
        Some("it takes more stones than a pile holds".to_string())
    } else {
        None
    }
}

/// S-Nim: sg(x) for x = 0..=top under `set` (sorted, distinct): the mex of sg(x - s), s in S, s <= x. At
/// most |S| values are reachable, so every sg(x) <= |S|.
pub fn grundy(set: &[u64], top: u64) -> Vec<u64> {
    let mut sg = vec![0; top as usize + 1];
    let mut seen = vec![usize::MAX; set.len() + 2];
    for x in 1..sg.len() {
        for &s in set.iter().take_while(|&&s| s as usize <= x) {
            seen[sg[x - s as usize] as usize] = x;
        }
        sg[x] = seen.iter().position(|&v| v != x).expect("mex <= |S|") as u64;
    }
    sg
}

/// S-Nim: the xor of the heaps' Grundy values (0: lost for the player to move).
pub fn grundy_xor(heaps: &[u64], sg: &[u64]) -> u64 {
    heaps.iter().fold(0, |x, &h| x ^ sg[h as usize])
}

/// S-Nim: every winning move (0-based heap, s), `set` sorted and `sg` covering every heap; empty when lost.
/// From a won position some heap can drop to sg ^ X < sg, and by the mex some s reaches that value.
pub fn snim_winning_moves(heaps: &[u64], set: &[u64], sg: &[u64]) -> Vec<(usize, u64)> {
    let x = grundy_xor(heaps, sg);
    let mut moves = Vec::new();
    for (i, &h) in heaps.iter().enumerate() {
        let target = sg[h as usize] ^ x;
        for &s in set.iter().take_while(|&&s| s <= h) {
            if x != 0 && sg[(h - s) as usize] == target {
                moves.push((i, s));
            }
        }
    }
    moves
}

/// The heap an S-Nim judge takes min S from in a lost position to make the game long, `pick(len)` choosing
/// among `len` equal candidates: the heap after which the biggest winning answer removes the fewest beads
/// (a game lasts at most the beads over what each move removes). `set` sorted, `sg` covering every heap;
/// O(heaps * (heaps + |S|)).
pub fn snim_longest_heap(
    heaps: &[u64],
    set: &[u64],
    sg: &[u64],
    pick: &mut dyn FnMut(usize) -> usize,
) -> usize {
    let least = set[0];
    // The biggest s of a winning answer on a heap of h beads once the xor is x, for every x (0: none).
    let width = (set.len() + 1).next_power_of_two();
    let answers = |h: u64| {
        let mut most = vec![0; width];
        for &s in set.iter().take_while(|&&s| s <= h) {
            let x = (sg[h as usize] ^ sg[(h - s) as usize]) as usize;
            most[x] = most[x].max(s);
        }
        most
    };
    let tables: Vec<Vec<u64>> = heaps.iter().map(|&h| answers(h)).collect();
    let movable: Vec<usize> = (0..heaps.len()).filter(|&i| heaps[i] >= least).collect();
    let biggest: Vec<u64> = movable
        .iter()
        .map(|&i| {
            let after = heaps[i] - least;
            let x = (sg[heaps[i] as usize] ^ sg[after as usize]) as usize;
            let own = answers(after)[x];
            (0..heaps.len())
                .filter(|&j| j != i)
                .map(|j| tables[j][x])
                .fold(own, u64::max)
        })
        .collect();
    let fewest = *biggest.iter().min().expect("a lost position with a move");
    let best: Vec<usize> = (0..movable.len())
        .filter(|&k| biggest[k] == fewest)
        .map(|k| movable[k])
        .collect();
    best[pick(best.len())]
}

/// Why removing `s` beads from heap `i` (1-based) is not an S-Nim move (`set` sorted), or `None`.
pub fn heap_fault(heaps: &[u64], set: &[u64], i: u64, s: u64) -> Option<String> {
    if i == 0 || i > heaps.len() as u64 {
        Some(format!(
            "there is no heap {i}: heaps are numbered 1 to {}",
            heaps.len()
        ))
    } else if set.binary_search(&s).is_err() {
        Some(format!("{s} is not in S"))
    } else if s > heaps[i as usize - 1] {
        Some(format!(
            "heap {i} holds {} beads, cannot remove {s}",
            heaps[i as usize - 1]
        ))
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    /// Whether the player to move wins, by exhaustive search over the moves `moves` gives.
    fn wins<P: Clone + Eq + std::hash::Hash>(
        p: &P,
        moves: &dyn Fn(&P) -> Vec<P>,
        lost_when_no_move: bool,
        memo: &mut HashMap<P, bool>,
    ) -> bool {
        if let Some(&w) = memo.get(p) {
            return w;
        }
        let next = moves(p);
        let w = if next.is_empty() {
            !lost_when_no_move
        } else {
            next.iter()
                .any(|q| !wins(q, moves, lost_when_no_move, memo))
        };
        memo.insert(p.clone(), w);
        w
    }

    fn pile_moves(p: &Vec<u64>) -> Vec<Vec<u64>> {
        let mut out = Vec::new();
        for i in 0..p.len() {
            for k in 1..=p[i] {
                let mut q = p.clone();
                q[i] -= k;
                out.push(q);
            }
        }
        out
    }

    fn positions(piles: usize, top: u64) -> Vec<Vec<u64>> {
        let mut all = vec![vec![]];
        for _ in 0..piles {
            all = all
                .into_iter()
                .flat_map(|p: Vec<u64>| {
                    (0..=top).map(move |a| {
                        let mut q = p.clone();
                        q.push(a);
                        q
                    })
                })
                .collect();
        }
        all
    }

    fn after(p: &[u64], (i, k): (usize, u64)) -> Vec<u64> {
        let mut q = p.to_vec();
        q[i] -= k;
        q
    }

    #[test]
    fn nim_and_misere_agree_with_exhaustive_search() {
        let mut normal = HashMap::new();
        // Misère: a position without stones is won for the player to move (the other took the last one).
        let mut misere = HashMap::new();
        for p in positions(3, 6) {
            let won = wins(&p, &pile_moves, true, &mut normal);
            let moves = nim_winning_moves(&p);
            assert_eq!(!moves.is_empty(), won, "{p:?}");
            for &m in &moves {
                assert!(pile_fault(&p, m.0 as u64 + 1, m.1).is_none());
                assert!(!wins(&after(&p, m), &pile_moves, true, &mut normal));
            }
            if p.iter().sum::<u64>() == 0 {
                continue;
            }
            let won = wins(&p, &pile_moves, false, &mut misere);
            let moves = misere_winning_moves(&p);
            assert_eq!(!moves.is_empty(), won, "misère {p:?}");
            for &m in &moves {
                let q = after(&p, m);
                assert!(q.iter().sum::<u64>() > 0 && !wins(&q, &pile_moves, false, &mut misere));
            }
        }
        assert_eq!(nim_winning_moves(&[14, 21, 39]), vec![(2, 12)]);
        assert!(pile_fault(&[3, 4], 3, 1).is_some());
        assert!(pile_fault(&[3, 4], 1, 0).is_some());
        assert!(pile_fault(&[3, 4], 1, 4).is_some());
    }

    #[test]
    fn bash_agrees_with_exhaustive_search() {
        for m in 1..6 {
            let moves = move |&n: &u64| (1..=m.min(n)).map(|k| n - k).collect::<Vec<u64>>();
            let mut memo = HashMap::new();
            for n in 0..40 {
                let won = wins(&n, &moves, true, &mut memo);
                assert_eq!(bash_winning_move(n, m).is_some(), won);
                if let Some(k) = bash_winning_move(n, m) {
                    assert!(k <= m && !wins(&(n - k), &moves, true, &mut memo));
                }
            }
        }
    }

    #[test]
    fn wythoff_agrees_with_exhaustive_search_and_the_textbook_pairs() {
        let moves = |&(a, b): &(u64, u64)| {
            let mut out = Vec::new();
            for t in 1..=a.max(b) {
                for (x, y) in [(t, 0), (0, t), (t, t)] {
                    if wythoff_fault(a, b, x, y).is_none() {
                        out.push((a - x, b - y));
                    }
                }
            }
            out
        };
        let mut memo = HashMap::new();
        for a in 0..30 {
            for b in 0..30 {
                let won = wins(&(a, b), &moves, true, &mut memo);
                assert_eq!(!wythoff_is_lost(a, b), won, "{a} {b}");
                match wythoff_winning_move(a, b) {
                    Some((x, y)) => {
                        assert!(wythoff_fault(a, b, x, y).is_none(), "{a} {b}");
                        assert!(wythoff_is_lost(a - x, b - y), "{a} {b}");
                    }
                    None => assert!(!won),
                }
            }
        }
        let pairs = [
            (0, 0),
            (1, 2),
            (3, 5),
            (4, 7),
            (6, 10),
            (8, 13),
            (9, 15),
            (11, 18),
            (12, 20),
        ];
        for (a, b) in pairs {
            assert!(wythoff_is_lost(a, b) && wythoff_partner(a) == b && wythoff_partner(b) == a);
        }
        // The first pair that double precision gets wrong, and piles of 10^18.
        assert!(wythoff_is_lost(165_580_140, 267_914_295));
        let big = 1_000_000_000_000_000_000;
        let (x, y) = wythoff_winning_move(big, big).unwrap();
        assert!(wythoff_is_lost(big - x, big - y));
        assert_eq!(isqrt(u128::MAX), u128::from(u64::MAX));
    }

    /// floor(sqrt(n)), exactly: Newton's method on integers from a start above the root. Slow (a u128
    /// division a step): the oracle of `floor_sqrt5_times`.
    fn isqrt(n: u128) -> u128 {
        if n < 2 {
            return n;
        }
        let mut x = 1u128 << (64 - n.leading_zeros() / 2);
        loop {
            let y = (x + n / x) / 2;
            if y >= x {
                return x;
            }
            x = y;
        }
    }

    #[test]
    fn floor_sqrt5_times_is_exact_and_the_piles_of_each_lost_pair_are_partners() {
        assert_eq!(SQRT5_Q62, isqrt(5 << 124));
        // Small m, m next to powers of two, and a stream of large ones up to 8 · 10^18.
        let mut ms: Vec<u64> = (0..100_000).collect();
        for e in 1..63 {
            for d in 0..3 {
                ms.extend([(1 << e) - d, (1 << e) + d]);
            }
        }
        let mut x = 1u64;
        for _ in 0..100_000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            ms.push(x % 8_000_000_000_000_000_000);
        }
        for &m in &ms {
            let wide = u128::from(m);
            assert_eq!(floor_sqrt5_times(m), isqrt(5 * wide * wide), "{m}");
        }
        // The lost pair (floor(k φ), floor(k φ) + k), by the slow root.
        for &k in ms.iter().filter(|&&k| k <= 3_000_000_000_000_000_000) {
            let wide = u128::from(k);
            let a = ((wide + isqrt(5 * wide * wide)) / 2) as u64;
            assert_eq!(wythoff_lower(k), a, "{k}");
            assert_eq!(wythoff_partner(a), a + k, "{k}");
            assert_eq!(wythoff_partner(a + k), a, "{k}");
        }
    }

    #[test]
    fn the_nim_judge_halves_a_lone_shorter_pile_so_that_no_answer_lowers_a_bit_length() {
        let mut lone_rounds = 0;
        for p in positions(4, 15) {
            if xor(&p) != 0 || p.iter().all(|&a| a == 0) {
                continue;
            }
            for choice in 0..3 {
                let i = nim_longest_pile(&p, &mut |len| choice % len);
                assert!(p[i] > 0, "{p:?}");
                let lengths: Vec<u64> = p.iter().map(|&a| bit_length(a)).collect();
                let top = *lengths.iter().max().unwrap();
                let lone =
                    lengths[i] < top && lengths.iter().filter(|&&l| l == lengths[i]).count() == 1;
                let alone_exists = (0..p.len()).any(|j| {
                    p[j] > 0
                        && lengths[j] < top
                        && lengths.iter().filter(|&&l| l == lengths[j]).count() == 1
                });
                assert_eq!(lone, alone_exists, "{p:?}: a lone shorter pile goes first");
                let q = after(&p, (i, p[i] - p[i] / 2));
                for m in nim_winning_moves(&q) {
                    if lone {
                        let r = after(&q, m);
                        assert_eq!(bit_length(r[m.0]), bit_length(q[m.0]), "{p:?} {m:?}");
                    }
                }
                lone_rounds += usize::from(lone);
            }
        }
        assert!(lone_rounds > 0);
    }

    #[test]
    fn wythoff_answers_are_every_winning_move() {
        // Exhaustive: a position is lost when no move leads to a lost one.
        let mut table = vec![vec![false; 25]; 25];
        for a in 0..25usize {
            for b in 0..25usize {
                let down = (1..=a).any(|t| table[a - t][b])
                    || (1..=b).any(|t| table[a][b - t])
                    || (1..=a.min(b)).any(|t| table[a - t][b - t]);
                table[a][b] = !down;
            }
        }
        let lost = |x: u64, y: u64| table[x as usize][y as usize];
        for a in 0..25u64 {
            for b in 0..25u64 {
                let mut want = Vec::new();
                for t in 1..=a.max(b) {
                    for (x, y) in [(t, 0), (0, t), (t, t)] {
                        if wythoff_fault(a, b, x, y).is_none() && lost(a - x, b - y) {
                            let (c, e) = (a - x, b - y);
                            want.push((c.min(e), c.max(e)));
                        }
                    }
                }
                want.sort_unstable();
                want.dedup();
                let mut got: Vec<(u64, u64)> = wythoff_answers(a, b).collect();
                got.sort_unstable();
                got.dedup();
                assert_eq!(got, want, "{a} {b}");
            }
        }
    }

    #[test]
    fn the_wythoff_judge_search_is_exact_and_a_game_lasts_about_a_bit_length() {
        // Independently: the judge's options by counting up to the first take that lowers a bit length,
        // the winner's answers by trying every move, the game tree searched without a memo.
        fn options(a: u64, b: u64) -> Vec<(u64, u64)> {
            let lowers = |x: u64, t: u64| bit_length(x - t) < bit_length(x);
            let mut out = Vec::new();
            if let Some(t) = (1..=a).find(|&t| lowers(a, t)) {
                out.push((a - t, b));
            }
            if let Some(t) = (1..=b).find(|&t| lowers(b, t)) {
                out.push((a, b - t));
            }
            if let Some(t) = (1..=a.min(b)).find(|&t| lowers(a, t) || lowers(b, t)) {
                out.push((a - t, b - t));
            }
            out
        }
        fn longest(a: u64, b: u64) -> u64 {
            options(a, b)
                .into_iter()
                .map(|(x, y)| {
                    let mut best = u64::MAX;
                    for t in 1..=x.max(y) {
                        for (u, v) in [(t, 0), (0, t), (t, t)] {
                            if wythoff_fault(x, y, u, v).is_none() && wythoff_is_lost(x - u, y - v)
                            {
                                best = best.min(1 + longest(x - u, y - v));
                            }
                        }
                    }
                    best
                })
                .max()
                .unwrap_or(0)
        }
        let mut memo = Memo::default();
        for k in 0..12 {
            let (s, b) = (wythoff_lower(k), wythoff_lower(k) + k);
            assert_eq!(wythoff_longest(s, b, &mut memo), longest(s, b), "pair {k}");
        }
        // Every lost pair below 2^12: the judge keeps the winner at most the bit length of the bigger pile.
        let mut k = 0;
        while wythoff_lower(k) + k < 1 << 12 {
            let (s, b) = (wythoff_lower(k), wythoff_lower(k) + k);
            assert!(
                wythoff_longest(s, b, &mut memo) <= bit_length(b),
                "pair {k}"
            );
            k += 1;
        }
    }

    #[test]
    fn the_snim_judge_leaves_the_smallest_biggest_answer() {
        let mut checked = 0;
        for set in [vec![1, 3, 4], vec![2, 5], vec![1, 2, 3], vec![2, 3, 7]] {
            let sg = grundy(&set, 12);
            for p in positions(3, 12) {
                let movable: Vec<usize> = (0..3).filter(|&i| p[i] >= set[0]).collect();
                if grundy_xor(&p, &sg) != 0 || movable.is_empty() {
                    continue;
                }
                // Independently: the biggest s among every winning answer after each judge move.
                let biggest = |i: usize| {
                    let q = after(&p, (i, set[0]));
                    let answers = snim_winning_moves(&q, &set, &sg);
                    answers
                        .iter()
                        .map(|&(_, s)| s)
                        .max()
                        .expect("a won position")
                };
                let fewest = movable.iter().map(|&i| biggest(i)).min().unwrap();
                for choice in 0..3 {
                    let i = snim_longest_heap(&p, &set, &sg, &mut |len| choice % len);
                    assert!(p[i] >= set[0], "{set:?} {p:?}");
                    assert_eq!(biggest(i), fewest, "{set:?} {p:?}");
                }
                checked += 1;
            }
        }
        assert!(checked > 100);
    }

    #[test]
    fn snim_agrees_with_exhaustive_search() {
        for set in [vec![1, 3, 4], vec![2, 5], vec![1, 2, 3], vec![3]] {
            let sg = grundy(&set, 20);
            let moves = |p: &Vec<u64>| {
                let mut out = Vec::new();
                for i in 0..p.len() {
                    for &s in set.iter().filter(|&&s| s <= p[i]) {
                        out.push(after(p, (i, s)));
                    }
                }
                out
            };
            let mut memo = HashMap::new();
            for p in positions(2, 12) {
                let won = wins(&p, &moves, true, &mut memo);
                let winning = snim_winning_moves(&p, &set, &sg);
                assert_eq!(!winning.is_empty(), won, "{set:?} {p:?}");
                for &(i, s) in &winning {
                    assert!(heap_fault(&p, &set, i as u64 + 1, s).is_none());
                    assert!(!wins(&after(&p, (i, s)), &moves, true, &mut memo));
                }
            }
        }
        // The textbook table for S = {1, 3, 4}: P N P N N N N P N P N N N N P.
        let sg = grundy(&[1, 3, 4], 14);
        let lost: String = sg.iter().map(|&g| if g == 0 { 'P' } else { 'N' }).collect();
        assert_eq!(lost, "PNPNNNNPNPNNNNP");
        assert_eq!(grundy(&(1..=100).collect::<Vec<u64>>(), 100)[100], 100);
        assert!(heap_fault(&[5], &[2, 3], 1, 4).is_some());
        assert!(heap_fault(&[2], &[2, 3], 1, 3).is_some());
    }
}
