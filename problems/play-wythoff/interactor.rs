//! play-wythoff interactor, Kattis protocol: `interactor INPUT ANSWER FEEDBACK_DIR`, its stdin the
//! solution's stdout and its stdout the solution's stdin. It plays every game of INPUT against the solution
//! and exits 42 when the solution wins them all, or 43 with the reason in FEEDBACK_DIR/judgemessage.txt: a
//! malformed or illegal move, a lost game, or the solution quitting. A bad INPUT or FEEDBACK_DIR is a judge
//! error (exit 1). ANSWER only holds the number of games and is not read.
//!
//! Wythoff's game: with a <= b and k = b - a, the player to move loses iff a = floor(k φ), computed exactly
//! as (k + isqrt(5 k^2)) / 2 in u128. The judge's moves: from a won position a winning move; from a lost
//! one a random move, seeded by INPUT: a random kind (first pile, second pile, both) taking at least half
//! of the pile (of the smaller pile, for both). Every judge move thus lowers the bit length of a pile, so a
//! game the solution keeps winning lasts at most 2B + 1 moves (B = the bit lengths of the two starting
//! piles); a game still on after that many was lost by a move of the solution, and is rejected as lost.

use std::fs;
use std::io::{self, BufRead, Read, Write};
use std::path::PathBuf;
use std::process::exit;

const ACCEPTED: i32 = 42;
const WRONG_ANSWER: i32 = 43;
/// Longest line the solution may write (a move is two numbers); a longer one is rejected unread.
const MAX_LINE: u64 = 200;
const MAX_GAMES: u64 = 100;
const MAX_STONES: u64 = 1_000_000_000_000_000_000;

/// A fault of the test data or the judge's setup, never of the solution.
fn judge_error(message: &str) -> ! {
    eprintln!("play-wythoff interactor: {message}");
    exit(1)
}

/// splitmix64: small, deterministic in the test's seed.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in 0..n (n > 0; the modulo bias is irrelevant here).
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// The conversation with the solution, and where a rejection is explained.
struct Channel {
    from: io::StdinLock<'static>,
    to: io::Stdout,
    feedback: PathBuf,
}

impl Channel {
    /// Rejects the solution: the reason goes to judgemessage.txt, the verdict to the exit code.
    fn reject(&self, reason: &str) -> ! {
        let path = self.feedback.join("judgemessage.txt");
        if let Err(e) = fs::write(&path, format!("{reason}\n")) {
            judge_error(&format!("cannot write {}: {e}", path.display()));
        }
        exit(WRONG_ANSWER)
    }

    /// Writes one line and flushes it. A solution that no longer reads has quit.
    fn send(&mut self, line: &str, context: &str) {
        let sent = self
            .to
            .write_all(line.as_bytes())
            .and_then(|()| self.to.write_all(b"\n"))
            .and_then(|()| self.to.flush());
        if sent.is_err() {
            self.reject(&format!(
                "{context}: the solution quit (it no longer reads its input)"
            ));
        }
    }

    /// The solution's next line without its line end. Waits only for that line; never reads more than
    /// MAX_LINE bytes of it.
    fn receive(&mut self, context: &str) -> Vec<u8> {
        let mut line = Vec::new();
        match (&mut self.from)
            .take(MAX_LINE + 1)
            .read_until(b'\n', &mut line)
        {
            Ok(0) => self.reject(&format!(
                "{context}: the solution quit (its output ended) instead of moving"
            )),
            Ok(_) => {}
            Err(e) => self.reject(&format!(
                "{context}: cannot read the solution's output: {e}"
            )),
        }
        if line.last() == Some(&b'\n') {
            line.pop();
        } else if line.len() as u64 > MAX_LINE {
            self.reject(&format!(
                "{context}: expected a move, got a line longer than {MAX_LINE} bytes: {}",
                show(&line)
            ));
        }
        if line.last() == Some(&b'\r') {
            line.pop();
        }
        line
    }
}

/// A line of the solution for a message: lossy, escaped and cut short.
fn show(line: &[u8]) -> String {
    let text: String = String::from_utf8_lossy(&line[..line.len().min(60)])
        .chars()
        .flat_map(char::escape_debug)
        .collect();
    let more = if line.len() > 60 { "..." } else { "" };
    format!("`{text}{more}`")
}

/// The integers of a line, if it is exactly `count` unsigned decimal integers below 2^64.
fn numbers(line: &[u8], count: usize) -> Option<Vec<u64>> {
    let words: Vec<&[u8]> = line
        .split(u8::is_ascii_whitespace)
        .filter(|w| !w.is_empty())
        .collect();
    if words.len() != count {
        return None;
    }
    words
        .iter()
        .map(|w| {
            if w.iter().all(u8::is_ascii_digit) {
                std::str::from_utf8(w).ok()?.parse().ok()
            } else {
                None
            }
        })
        .collect()
}

/// floor(sqrt(n)), exactly: Newton's method on integers, started above the root so that it decreases to it.
fn isqrt(n: u128) -> u128 {
    if n < 2 {
        return n;
    }
    // 2^ceil(bits / 2) > sqrt(n), with bits = 128 - leading zeros.
    let mut x = 1u128 << (64 - n.leading_zeros() / 2);
    loop {
        let y = (x + n / x) / 2;
        if y >= x {
            return x;
        }
        x = y;
    }
}

/// floor(k φ) = floor((k + sqrt(5 k^2)) / 2) = (k + isqrt(5 k^2)) / 2. For k <= 2 * 10^18, 5 k^2 < 2^125.
fn lower(k: u64) -> u64 {
    let k = u128::from(k);
    ((k + isqrt(5 * k * k)) / 2) as u64
}

/// The other coordinate of the lost position (P-position) that contains `a`: a + j when a = floor(j φ),
/// floor(j φ) when a = floor(j φ) + j (every a >= 1 is exactly one of them, Beatty), 0 for a = 0.
fn partner(a: u64) -> u64 {
    if a == 0 {
        return 0;
    }
    let wide = u128::from(a);
    // floor(a / φ) = floor((sqrt(5 a^2) - a) / 2): j is next to it in the first case, next to a - it in
    // the second.
    let j0 = ((isqrt(5 * wide * wide) - wide) / 2) as u64;
    if let Some(j) = (j0.saturating_sub(2)..=j0 + 2).find(|&j| lower(j) == a) {
        return a + j;
    }
    let j1 = a - j0;
    match (j1.saturating_sub(2)..=j1 + 2).find(|&j| j >= 1 && lower(j) + j == a) {
        Some(j) => lower(j),
        None => judge_error(&format!("no lost position contains {a}")),
    }
}

/// A winning move `(x, y)` (take x from the first pile, y from the second) or `None` when the position
/// is lost.
fn winning_move(a: u64, b: u64) -> Option<(u64, u64)> {
    let (small, big) = (a.min(b), a.max(b));
    let f = lower(big - small);
    let (from_small, from_big) = if small > f {
        // Down both piles to (f, f + k): same difference.
        (small - f, small - f)
    } else if small == f {
        return None;
    } else {
        // The lost position with the smaller pile kept; its other pile is below the bigger one.
        (0, big - partner(small))
    };
    Some(if a <= b {
        (from_small, from_big)
    } else {
        (from_big, from_small)
    })
}

/// The seed and the starting positions, checked against the constraints.
fn read_input(path: &str) -> (u64, Vec<(u64, u64)>) {
    let text = fs::read_to_string(path)
        .unwrap_or_else(|e| judge_error(&format!("cannot read INPUT {path}: {e}")));
    let mut tokens = text.split_ascii_whitespace();
    let mut next = |what: &str, lo: u64, hi: u64| -> u64 {
        let token = tokens
            .next()
            .unwrap_or_else(|| judge_error(&format!("INPUT {path}: missing {what}")));
        match token.parse::<u64>() {
            Ok(v) if (lo..=hi).contains(&v) => v,
            _ => judge_error(&format!(
                "INPUT {path}: {what} = `{token}` is not in {lo}..={hi}"
            )),
        }
    };
    let seed = next("the seed", 0, u64::MAX);
    let games = next("G", 1, MAX_GAMES);
    let mut positions = Vec::new();
    for g in 1..=games {
        let a = next("a", 0, MAX_STONES);
        let b = next("b", 0, MAX_STONES);
        if winning_move(a, b).is_none() {
            judge_error(&format!(
                "INPUT {path}: game {g} ({a} {b}) is lost for the first player"
            ));
        }
        positions.push((a, b));
    }
    if tokens.next().is_some() {
        judge_error(&format!("INPUT {path}: more than {games} games"));
    }
    (seed, positions)
}

/// The judge's move `(x, y)`, on a position with at least one stone.
fn judge_move(a: u64, b: u64, rng: &mut Rng) -> (u64, u64) {
    if let Some(best) = winning_move(a, b) {
        return best;
    }
    let mut kinds = Vec::new();
    for (kind, pile) in [(0, a), (1, b), (2, a.min(b))] {
        if pile > 0 {
            kinds.push(kind);
        }
    }
    let kind = kinds[rng.below(kinds.len() as u64) as usize];
    let pile = [a, b, a.min(b)][kind];
    let take = pile - rng.below(pile / 2 + 1);
    [(take, 0), (0, take), (take, take)][kind]
}

fn bit_length(a: u64) -> u64 {
    u64::from(64 - a.leading_zeros())
}

/// Plays one game; returns when the solution has won it, rejects otherwise.
fn play(channel: &mut Channel, rng: &mut Rng, game: u64, start: (u64, u64)) {
    let (mut a, mut b) = start;
    let context = format!("game {game}");
    channel.send(&format!("{a} {b}"), &context);
    let limit = 2 * (bit_length(a) + bit_length(b)) + 1;
    let mut moves = 0;
    // The first move of the solution that handed the judge a won position: why a game was lost.
    let mut blunder = String::new();
    loop {
        moves += 1;
        let context = format!("game {game}, move {moves}");
        let line = channel.receive(&context);
        let Some(&[x, y]) = numbers(&line, 2).as_deref() else {
            channel.reject(&format!(
                "{context}: expected a move `x y` (two integers), got {}",
                show(&line)
            ));
        };
        let fault = if x == 0 && y == 0 {
            "a move takes at least one stone"
        } else if x != 0 && y != 0 && x != y {
            "a move takes from one pile, or the same number from both"
        } else if x > a || y > b {
            "it takes more stones than the pile holds"
        } else {
            ""
        };
        if !fault.is_empty() {
            channel.reject(&format!(
                "{context}: illegal move `{x} {y}` from ({a} {b}): {fault}"
            ));
        }
        a -= x;
        b -= y;
        if a == 0 && b == 0 {
            channel.send("0 0", &context);
            return;
        }
        if blunder.is_empty() && winning_move(a, b).is_some() {
            blunder = format!(
                "; your move {moves} (`{x} {y}`) left the judge the won position ({a} {b})"
            );
        }
        if moves >= limit {
            channel.reject(&format!(
                "game {game}: lost: not over after {moves} moves, more than a winning player ever needs here{blunder}"
            ));
        }
        moves += 1;
        let (x, y) = judge_move(a, b, rng);
        a -= x;
        b -= y;
        if a == 0 && b == 0 {
            channel.reject(&format!(
                "game {game} ({} {}): lost: the judge took the last stones with move {moves} (`{x} {y}`){blunder}",
                start.0, start.1
            ));
        }
        channel.send(&format!("{x} {y}"), &context);
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.len() < 4 {
        judge_error("usage: interactor INPUT ANSWER FEEDBACK_DIR");
    }
    let (seed, games) = read_input(&args[1]);
    let feedback = PathBuf::from(&args[3]);
    if !feedback.is_dir() {
        judge_error(&format!(
            "FEEDBACK_DIR {} is not a directory",
            feedback.display()
        ));
    }
    let mut channel = Channel {
        from: io::stdin().lock(),
        to: io::stdout(),
        feedback,
    };
    let mut rng = Rng(seed);
    channel.send(&games.len().to_string(), "the number of games");
    for (g, &start) in games.iter().enumerate() {
        play(&mut channel, &mut rng, g as u64 + 1, start);
    }
    exit(ACCEPTED)
}
