//! play-bash interactor, Kattis protocol: `interactor INPUT ANSWER FEEDBACK_DIR`, its stdin the solution's
//! stdout and its stdout the solution's stdin. It plays every game of INPUT against the solution and exits
//! 42 when the solution wins them all, or 43 with the reason in FEEDBACK_DIR/judgemessage.txt: a malformed
//! or illegal move, a lost game, or the solution quitting. A bad INPUT or FEEDBACK_DIR is a judge error
//! (exit 1). ANSWER only holds the number of games and is not read.
//!
//! The judge's moves: from a won position (stones left not a multiple of m + 1) the winning move, which
//! takes the remainder; from a lost one a uniformly random count in 1..=m, seeded by INPUT. Every round of
//! the solution's move and the judge's answer then takes m + 1 stones, whoever plays well, so a game lasts
//! at most 2 (n / (m + 1) + 2) moves and the test's bound on the sum of n / (m + 1) bounds the exchange.

use std::fs;
use std::io::{self, BufRead, Read, Write};
use std::path::PathBuf;
use std::process::exit;

const ACCEPTED: i32 = 42;
const WRONG_ANSWER: i32 = 43;
/// Longest line the solution may write (a move is one number); a longer one is rejected unread.
const MAX_LINE: u64 = 200;
const MAX_GAMES: u64 = 1000;
const MAX_N: u64 = 1_000_000_000_000_000_000;
/// The bound on the sum over the games of n / (m + 1), the number of full rounds.
const MAX_ROUNDS: u64 = 3000;

/// A fault of the test data or the judge's setup, never of the solution.
fn judge_error(message: &str) -> ! {
    eprintln!("play-bash interactor: {message}");
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

/// The seed and the games `(n, m)`, checked against the constraints.
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
    let mut rounds = 0;
    let mut positions = Vec::new();
    for g in 1..=games {
        let n = next("n", 1, MAX_N);
        let m = next("m", 1, MAX_N);
        // m + 1 <= 10^18 + 1 fits in u64.
        if n % (m + 1) == 0 {
            judge_error(&format!(
                "INPUT {path}: game {g} ({n} {m}) is lost for the first player"
            ));
        }
        rounds += n / (m + 1);
        positions.push((n, m));
    }
    if rounds > MAX_ROUNDS {
        judge_error(&format!(
            "INPUT {path}: the sum of n / (m + 1) is {rounds}, above {MAX_ROUNDS}"
        ));
    }
    if tokens.next().is_some() {
        judge_error(&format!("INPUT {path}: more than {games} games"));
    }
    (seed, positions)
}

/// Plays one game; returns when the solution has won it, rejects otherwise.
fn play(channel: &mut Channel, rng: &mut Rng, game: u64, n: u64, m: u64) {
    let context = format!("game {game}");
    channel.send(&format!("{n} {m}"), &context);
    let mut left = n;
    let mut moves = 0;
    // The first move of the solution that handed the judge a won position: why a game was lost.
    let mut blunder = String::new();
    loop {
        moves += 1;
        let context = format!("game {game}, move {moves}");
        let line = channel.receive(&context);
        let Some(&[k]) = numbers(&line, 1).as_deref() else {
            channel.reject(&format!(
                "{context}: expected a move `k` (one integer), got {}",
                show(&line)
            ));
        };
        if k == 0 || k > m || k > left {
            channel.reject(&format!(
                "{context}: illegal move `{k}`: a move takes 1 to m = {m} stones, and {left} are left"
            ));
        }
        left -= k;
        if left == 0 {
            channel.send("0", &context);
            return;
        }
        // The judge wins from here unless the remainder is 0.
        let remainder = left % (m + 1);
        if blunder.is_empty() && remainder > 0 {
            blunder = format!(
                "; your move {moves} (`{k}`) left the judge {left} stones, not a multiple of m + 1 = {}",
                m + 1
            );
        }
        moves += 1;
        let t = match remainder {
            0 => 1 + rng.below(m),
            r => r,
        };
        left -= t;
        if left == 0 {
            channel.reject(&format!(
                "game {game} ({n} {m}): lost: the judge took the last stone with move {moves} (`{t}`){blunder}"
            ));
        }
        channel.send(&t.to_string(), &context);
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
    for (g, &(n, m)) in games.iter().enumerate() {
        play(&mut channel, &mut rng, g as u64 + 1, n, m);
    }
    exit(ACCEPTED)
}
