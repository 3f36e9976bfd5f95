//! play-snim interactor, Kattis protocol: `interactor INPUT ANSWER FEEDBACK_DIR`, its stdin the solution's
//! stdout and its stdout the solution's stdin. It plays every game of INPUT against the solution and exits
//! 42 when the solution wins them all, or 43 with the reason in FEEDBACK_DIR/judgemessage.txt: a malformed
//! or illegal move, a lost game, or the solution quitting. A bad INPUT or FEEDBACK_DIR is a judge error
//! (exit 1). ANSWER only holds the number of games and is not read.
//!
//! S-Nim (the HDOJ 1536 rules): a move removes exactly s beads from one heap, s in the game's set S; a
//! player with no move loses. The player to move loses iff the xor of the heaps' Grundy values is 0. The
//! judge's moves: from a won position a winning move; from a lost one a random move, seeded by INPUT: a
//! random heap that allows a move, then a random s in S that fits. Every move removes at least min S beads,
//! so a game lasts at most W = (sum of the heaps) / min S moves, and the test bounds the sum of the W.

use std::fs;
use std::io::{self, BufRead, Read, Write};
use std::path::PathBuf;
use std::process::exit;

const ACCEPTED: i32 = 42;
const WRONG_ANSWER: i32 = 43;
/// Longest line the solution may write (a move is two numbers); a longer one is rejected unread.
const MAX_LINE: u64 = 200;
const MAX_GAMES: u64 = 100;
const MAX_K: u64 = 100;
const MAX_S: u64 = 10_000;
const MAX_HEAPS: u64 = 100;
const MAX_HEAP: u64 = 10_000;
/// The bound on the sum over the games of (sum of the heaps) / min S.
const MAX_MOVES: u64 = 20_000;

/// A fault of the test data or the judge's setup, never of the solution.
fn judge_error(message: &str) -> ! {
    eprintln!("play-snim interactor: {message}");
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

fn list(values: &[usize]) -> String {
    values
        .iter()
        .map(usize::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

/// One game: the set S (sorted, distinct) and the starting heaps.
struct Game {
    set: Vec<usize>,
    /// S as the input gives it, unsorted, to hand to the solution.
    set_line: String,
    heaps: Vec<usize>,
}

/// sg[x] for x in 0..=max_heap under `set` (sorted): sg(x) = mex { sg(x - s) : s in S, s <= x } <= k.
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

/// A winning move (0-based heap, s), or `None` when the xor of the Grundy values is 0.
fn winning_move(heaps: &[usize], set: &[usize], sg: &[usize]) -> Option<(usize, usize)> {
    let xor = heaps.iter().fold(0, |x, &h| x ^ sg[h]);
    if xor == 0 {
        return None;
    }
    // A heap whose value can drop to sg ^ xor (below sg, so some s reaches it, by the mex).
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

/// The seed and the games, checked against the constraints.
fn read_input(path: &str) -> (u64, Vec<Game>) {
    let text = fs::read_to_string(path)
        .unwrap_or_else(|e| judge_error(&format!("cannot read INPUT {path}: {e}")));
    let mut tokens = text.split_ascii_whitespace();
    let mut next = |what: &str, lo: u64, hi: u64| -> usize {
        let token = tokens
            .next()
            .unwrap_or_else(|| judge_error(&format!("INPUT {path}: missing {what}")));
        match token.parse::<u64>() {
            Ok(v) if (lo..=hi).contains(&v) => v as usize,
            _ => judge_error(&format!(
                "INPUT {path}: {what} = `{token}` is not in {lo}..={hi}"
            )),
        }
    };
    let seed = next("the seed", 0, u64::MAX) as u64;
    let count = next("G", 1, MAX_GAMES);
    let mut games = Vec::new();
    let mut moves = 0;
    for g in 1..=count {
        let k = next("k", 1, MAX_K);
        let given: Vec<usize> = (0..k).map(|_| next("s", 1, MAX_S)).collect();
        let mut set = given.clone();
        set.sort_unstable();
        set.dedup();
        let l = next("l", 1, MAX_HEAPS);
        let heaps: Vec<usize> = (0..l).map(|_| next("a heap", 0, MAX_HEAP)).collect();
        if set.len() != k {
            judge_error(&format!("INPUT {path}: game {g}: S has a repeated element"));
        }
        let sg = grundy(&set, *heaps.iter().max().expect("l >= 1"));
        if winning_move(&heaps, &set, &sg).is_none() {
            judge_error(&format!(
                "INPUT {path}: game {g} is lost for the first player"
            ));
        }
        moves += heaps.iter().sum::<usize>() / set[0];
        games.push(Game {
            set_line: format!("{k} {}", list(&given)),
            set,
            heaps,
        });
    }
    if moves as u64 > MAX_MOVES {
        judge_error(&format!(
            "INPUT {path}: the sum of (heaps / min S) is {moves}, above {MAX_MOVES}"
        ));
    }
    if tokens.next().is_some() {
        judge_error(&format!("INPUT {path}: more than {count} games"));
    }
    (seed, games)
}

/// The judge's move (0-based heap, s), on a position where it has a move.
fn judge_move(heaps: &[usize], set: &[usize], sg: &[usize], rng: &mut Rng) -> (usize, usize) {
    if let Some(best) = winning_move(heaps, set, sg) {
        return best;
    }
    let movable: Vec<usize> = (0..heaps.len()).filter(|&i| heaps[i] >= set[0]).collect();
    let i = rng.pick(&movable);
    let fitting = set.partition_point(|&s| s <= heaps[i]);
    (i, set[rng.below(fitting as u64) as usize])
}

/// Plays one game; returns when the solution has won it, rejects otherwise.
fn play(channel: &mut Channel, rng: &mut Rng, number: u64, game: &Game) {
    let set = &game.set;
    let mut heaps = game.heaps.clone();
    let sg = grundy(set, *heaps.iter().max().expect("l >= 1"));
    let context = format!("game {number}");
    channel.send(&game.set_line, &context);
    channel.send(&format!("{} {}", heaps.len(), list(&heaps)), &context);
    let mut moves = 0;
    // The first move of the solution that handed the judge a won position: why a game was lost.
    let mut blunder = String::new();
    loop {
        moves += 1;
        let context = format!("game {number}, move {moves}");
        let line = channel.receive(&context);
        let Some(&[i, s]) = numbers(&line, 2).as_deref() else {
            channel.reject(&format!(
                "{context}: expected a move `i s` (two integers), got {}",
                show(&line)
            ));
        };
        let fault = if i == 0 || i > heaps.len() as u64 {
            format!(
                "there is no heap {i}: heaps are numbered 1 to {}",
                heaps.len()
            )
        } else if set.binary_search(&(s as usize)).is_err() {
            format!("{s} is not in S = {{{}}}", list(set))
        } else if s as usize > heaps[i as usize - 1] {
            format!("heap {i} holds only {} beads", heaps[i as usize - 1])
        } else {
            String::new()
        };
        if !fault.is_empty() {
            channel.reject(&format!(
                "{context}: illegal move `{i} {s}`: {fault} (heaps: {})",
                list(&heaps)
            ));
        }
        heaps[i as usize - 1] -= s as usize;
        if heaps.iter().all(|&h| h < set[0]) {
            channel.send("0 0", &context);
            return;
        }
        if blunder.is_empty() && winning_move(&heaps, set, &sg).is_some() {
            blunder = format!(
                "; your move {moves} (`{i} {s}`) left the judge the won position {}",
                list(&heaps)
            );
        }
        moves += 1;
        let (j, t) = judge_move(&heaps, set, &sg, rng);
        heaps[j] -= t;
        if heaps.iter().all(|&h| h < set[0]) {
            channel.reject(&format!(
                "game {number}: lost: after the judge's move {moves} (`{} {t}`) you have no move (heaps: {}){blunder}",
                j + 1,
                list(&heaps)
            ));
        }
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
    for (g, game) in games.iter().enumerate() {
        play(&mut channel, &mut rng, g as u64 + 1, game);
    }
    exit(ACCEPTED)
}
