//! play-misere interactor, Kattis protocol: `interactor INPUT ANSWER FEEDBACK_DIR`, its stdin the
//! solution's stdout and its stdout the solution's stdin. It plays every game of INPUT against the solution
//! and exits 42 when the solution wins them all, or 43 with the reason in FEEDBACK_DIR/judgemessage.txt: a
//! malformed or illegal move, a lost game, or the solution quitting. A bad INPUT or FEEDBACK_DIR is a judge
//! error (exit 1). ANSWER only holds the number of games and is not read.
//!
//! Misère rules: whoever takes the last stone loses. The player to move loses iff every pile holds at most
//! one stone and the number of 1-piles is odd, or some pile holds two or more and the xor is 0. When only
//! one stone is left on the judge's turn, the judge resigns (`0 0`) instead of taking it.
//!
//! The judge's moves: from a won position a winning move, chosen at random among them; from a lost one a
//! random move, seeded by INPUT, that takes at least half of a random non-empty pile. Every judge move on a
//! pile thus lowers its bit length, so a game the solution keeps winning lasts at most 2B + 1 moves (B =
//! the sum of the starting piles' bit lengths); a game still on after that many was lost by a move of the
//! solution, and is rejected as lost.

use std::fs;
use std::io::{self, BufRead, Read, Write};
use std::path::PathBuf;
use std::process::exit;

const ACCEPTED: i32 = 42;
const WRONG_ANSWER: i32 = 43;
/// Longest line the solution may write (a move is two numbers); a longer one is rejected unread.
const MAX_LINE: u64 = 200;
const MAX_GAMES: usize = 100;
const MAX_PILES: usize = 100;
const MAX_TOTAL_PILES: usize = 200;
const MAX_STONES: u64 = 1_000_000_000_000_000_000;

/// A fault of the test data or the judge's setup, never of the solution.
fn judge_error(message: &str) -> ! {
    eprintln!("play-misere interactor: {message}");
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

    fn pick<T: Copy>(&mut self, items: &[T]) -> T {
        items[self.below(items.len() as u64) as usize]
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

fn list(piles: &[u64]) -> String {
    piles
        .iter()
        .map(u64::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

fn bit_length(a: u64) -> u64 {
    u64::from(64 - a.leading_zeros())
}

/// Every winning move (0-based pile, stones) of the player to move; empty when the position is lost.
fn winning_moves(piles: &[u64]) -> Vec<(usize, u64)> {
    let big: Vec<usize> = (0..piles.len()).filter(|&i| piles[i] >= 2).collect();
    let ones = piles.iter().filter(|&&a| a == 1).count();
    match big.len() {
        // Only 1-piles: with an even number of them, taking one leaves an odd number.
        0 if ones % 2 == 0 => (0..piles.len())
            .filter(|&i| piles[i] == 1)
            .map(|i| (i, 1))
            .collect(),
        0 => Vec::new(),
        // One big pile: cut it to 1 or 0 so that an odd number of 1-piles is left.
        1 => {
            let i = big[0];
            let keep = if ones % 2 == 0 { 1 } else { 0 };
            vec![(i, piles[i] - keep)]
        }
        // Two big piles or more: the Nim move to xor 0, which leaves two big piles or more.
        _ => {
            let xor = piles.iter().fold(0, |x, &a| x ^ a);
            (0..piles.len())
                .filter(|&i| piles[i] ^ xor < piles[i])
                .map(|i| (i, piles[i] - (piles[i] ^ xor)))
                .collect()
        }
    }
}

/// The seed and the starting positions, checked against the constraints.
fn read_input(path: &str) -> (u64, Vec<Vec<u64>>) {
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
    let games = next("G", 1, MAX_GAMES as u64) as usize;
    let mut positions = Vec::with_capacity(games);
    let mut total = 0;
    for g in 1..=games {
        let n = next("n", 1, MAX_PILES as u64) as usize;
        let piles: Vec<u64> = (0..n).map(|_| next("a pile", 1, MAX_STONES)).collect();
        total += n;
        if winning_moves(&piles).is_empty() {
            judge_error(&format!(
                "INPUT {path}: game {g} is not won for the first player"
            ));
        }
        positions.push(piles);
    }
    if total > MAX_TOTAL_PILES {
        judge_error(&format!(
            "INPUT {path}: {total} piles in all, above {MAX_TOTAL_PILES}"
        ));
    }
    if tokens.next().is_some() {
        judge_error(&format!("INPUT {path}: more than {games} games"));
    }
    (seed, positions)
}

/// The judge's move (0-based pile, stones), on a position with at least two stones.
fn judge_move(piles: &[u64], rng: &mut Rng) -> (usize, u64) {
    let winning = winning_moves(piles);
    if !winning.is_empty() {
        return rng.pick(&winning);
    }
    // A lost position with two stones or more has two non-empty piles: no move here takes the last stone.
    let nonempty: Vec<usize> = (0..piles.len()).filter(|&i| piles[i] > 0).collect();
    let i = rng.pick(&nonempty);
    let left = rng.below(piles[i] / 2 + 1);
    (i, piles[i] - left)
}

/// Plays one game; returns when the solution has won it, rejects otherwise.
fn play(channel: &mut Channel, rng: &mut Rng, game: usize, start: &[u64]) {
    let mut piles = start.to_vec();
    let context = format!("game {game}");
    channel.send(&format!("{} {}", piles.len(), list(&piles)), &context);
    let limit = 2 * piles.iter().map(|&a| bit_length(a)).sum::<u64>() + 1;
    let mut moves = 0;
    // The first move of the solution that handed the judge a won position: why a game was lost.
    let mut blunder = String::new();
    loop {
        moves += 1;
        let context = format!("game {game}, move {moves}");
        let line = channel.receive(&context);
        let Some(&[i, k]) = numbers(&line, 2).as_deref() else {
            channel.reject(&format!(
                "{context}: expected a move `i k` (two integers), got {}",
                show(&line)
            ));
        };
        let fault = if i == 0 || i > piles.len() as u64 {
            format!(
                "there is no pile {i}: piles are numbered 1 to {}",
                piles.len()
            )
        } else if k == 0 {
            "a move takes at least one stone".to_string()
        } else if k > piles[i as usize - 1] {
            format!("pile {i} holds only {} stones", piles[i as usize - 1])
        } else {
            String::new()
        };
        if !fault.is_empty() {
            channel.reject(&format!(
                "{context}: illegal move `{i} {k}`: {fault} (position: {})",
                list(&piles)
            ));
        }
        piles[i as usize - 1] -= k;
        let stones: u64 = piles.iter().sum();
        if stones == 0 {
            channel.reject(&format!(
                "game {game}: lost: your move {moves} (`{i} {k}`) took the last stone{blunder}"
            ));
        }
        if stones == 1 {
            // The judge's only move would take the last stone: it resigns.
            channel.send("0 0", &context);
            return;
        }
        if blunder.is_empty() && !winning_moves(&piles).is_empty() {
            blunder = format!(
                "; your move {moves} (`{i} {k}`) left the judge the won position {}",
                list(&piles)
            );
        }
        if moves >= limit {
            channel.reject(&format!(
                "game {game}: lost: not over after {moves} moves, more than a winning player ever needs here{blunder}"
            ));
        }
        moves += 1;
        let (j, t) = judge_move(&piles, rng);
        piles[j] -= t;
        channel.send(&format!("{} {t}", j + 1), &context);
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
    for (g, start) in games.iter().enumerate() {
        play(&mut channel, &mut rng, g + 1, start);
    }
    exit(ACCEPTED)
}
