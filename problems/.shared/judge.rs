//! The reading and talking shared by the checkers and interactors of the game problems: the test file read
//! as data (a fault there is the judge's), the contestant's output read line by line under the `lines` rule
//! with an exact reason for every fault, the answers `lose` | `INT INT`, and the interactor's side of the
//! conversation (one line per move, nothing after the last game). A checker or interactor includes it with
//!
//! ```text
//! #[path = "../.shared/judge.rs"]
//! mod judge;
//! ```
//!
//! and keeps only its problem's rules (most of them in `games.rs` beside this file). `harness export`
//! writes this module inline into the exported program, which must stand alone. The unit tests at the end
//! run with `rustc --test` (harness/tests/suite/shared_code.rs).
//!
//! The folder is hidden so that the judge does not take it for a problem.

// Each checker and interactor compiles this file as its own module and uses a part of it.
#![allow(dead_code)]

use std::fmt::Display;
use std::fs;
use std::io::{self, BufRead, Read, Write};
use std::path::PathBuf;
use std::process::exit;

/// testlib exit codes of a checker.
pub const AC: i32 = 0;
pub const WA: i32 = 1;
pub const PE: i32 = 2;
pub const FAIL: i32 = 3;
/// Kattis exit codes of an interactor; a fault of the judge's own is 1, which the protocol leaves undefined.
pub const ACCEPTED: i32 = 42;
pub const WRONG_ANSWER: i32 = 43;
pub const JUDGE_ERROR: i32 = 1;
/// Longest line an interactor reads from the solution (a move is one or two numbers).
const MAX_LINE: u64 = 200;

/// Ends the program with `code`, the message on stderr.
pub fn quit(code: i32, message: &str) -> ! {
    eprintln!("{message}");
    exit(code)
}

/// Bytes of the contestant for a message: lossy, escaped and cut short, so that garbage cannot flood or
/// garble it.
pub fn show(bytes: &[u8]) -> String {
    let text: String = String::from_utf8_lossy(&bytes[..bytes.len().min(40)])
        .chars()
        .flat_map(char::escape_debug)
        .collect();
    let more = if bytes.len() > 40 { "..." } else { "" };
    format!("`{text}{more}`")
}

/// Values joined by single spaces.
pub fn list<T: Display>(values: &[T]) -> String {
    let text: Vec<String> = values.iter().map(T::to_string).collect();
    text.join(" ")
}

/// A test file read by the judge (the input of a checker, the INPUT of an interactor): whitespace-separated
/// unsigned integers. The data was proven by the validator, so any fault here is the judge's: `fail`.
pub struct Data {
    text: String,
    pos: usize,
    name: String,
    fail: i32,
}

impl Data {
    pub fn open(path: &str, fail: i32) -> Data {
        match fs::read_to_string(path) {
            Ok(text) => Data::new(text, path, fail),
            Err(e) => quit(fail, &format!("cannot read the test file {path}: {e}")),
        }
    }

    pub fn new(text: String, name: &str, fail: i32) -> Data {
        let name = name.to_string();
        Data {
            text,
            pos: 0,
            name,
            fail,
        }
    }

    pub fn error(&self, message: &str) -> ! {
        quit(self.fail, &format!("test file {}: {message}", self.name))
    }

    fn token(&mut self) -> Option<&str> {
        let rest = &self.text[self.pos..];
        let start = self.pos + (rest.len() - rest.trim_start().len());
        let len = self.text[start..]
            .find(|c: char| c.is_ascii_whitespace())
            .unwrap_or(self.text.len() - start);
        self.pos = start + len;
        (len > 0).then(|| &self.text[start..start + len])
    }

    /// The next integer, in `lo..=hi`.
    pub fn int(&mut self, what: &str, lo: u64, hi: u64) -> u64 {
        let Some(token) = self.token().map(str::to_string) else {
            self.error(&format!("missing {what}"));
        };
        match token.parse::<u64>() {
            Ok(v) if (lo..=hi).contains(&v) => v,
            _ => self.error(&format!("{what} = `{token}` is not in {lo}..={hi}")),
        }
    }

    /// `count` integers in `lo..=hi`.
    pub fn ints(&mut self, count: u64, what: &str, lo: u64, hi: u64) -> Vec<u64> {
        (0..count).map(|_| self.int(what, lo, hi)).collect()
    }

    /// The file must end here.
    pub fn end(&mut self) {
        if let Some(extra) = self.token().map(str::to_string) {
            self.error(&format!("`{extra}` after the end of the data"));
        }
    }
}

/// One answer of a checked problem: `lose`, or a move of two integers. A number that is well-formed but
/// outside 0..2^64 (negative, or huge) is `None`: it can never be a pile, a count or a size.
#[derive(Debug, PartialEq, Eq)]
pub enum Answer {
    Lose,
    Move([Option<u64>; 2]),
}

/// A file read line by line under the `lines` rule that the statements promise: one answer per line, its
/// tokens one space apart; spaces, tabs and `\r` at the end of a line and blank lines at the end of the
/// file are ignored. Every other fault of the layout is named with its line.
pub struct Lines {
    data: Vec<u8>,
    pos: usize,
    line: usize,
}

impl Lines {
    pub fn open(path: &str, what: &str) -> Lines {
        match fs::read(path) {
            Ok(data) => Lines::new(data),
            Err(e) => quit(FAIL, &format!("cannot read the {what} file {path}: {e}")),
        }
    }

    pub fn new(data: Vec<u8>) -> Lines {
        Lines {
            data,
            pos: 0,
            line: 0,
        }
    }

    /// The number of the line read last (1-based).
    pub fn line(&self) -> usize {
        self.line
    }

    /// True when nothing but blank lines (and trailing whitespace) is left.
    pub fn at_end(&self) -> bool {
        self.data[self.pos..].iter().all(u8::is_ascii_whitespace)
    }

    /// The next line without its line end and trailing spaces, tabs and `\r`; `None` at the end of the file.
    fn next_line(&mut self) -> Option<&[u8]> {
        if self.pos == self.data.len() {
            return None;
        }
        let rest = &self.data[self.pos..];
        let len = rest.iter().position(|&c| c == b'\n');
        self.pos += len.map_or(rest.len(), |len| len + 1);
        self.line += 1;
        let mut line = &rest[..len.unwrap_or(rest.len())];
        while let Some((&last, init)) = line.split_last() {
            if !matches!(last, b' ' | b'\t' | b'\r') {
                break;
            }
            line = init;
        }
        Some(line)
    }

    /// The next answer, `move` naming the move's shape in messages (`i k`). `Err` says what is wrong with
    /// the layout or the text, naming the line.
    pub fn answer(&mut self, shape: &str) -> Result<Answer, String> {
        let expected = format!("`lose` or a move `{shape}`");
        let Some(line) = self.next_line() else {
            return Err(format!("the output ended; expected {expected}"));
        };
        let line = line.to_vec();
        let at = format!("line {}", self.line);
        if line.is_empty() {
            return Err(format!("{at} is empty; expected {expected}"));
        }
        if line[0].is_ascii_whitespace() {
            return Err(format!("{at} starts with a space: {}", show(&line)));
        }
        let tokens: Vec<&[u8]> = line.split(|&c| c == b' ').collect();
        if tokens.iter().any(|t| t.is_empty()) {
            return Err(format!(
                "{at}: tokens must be one space apart: {}",
                show(&line)
            ));
        }
        if let Some(t) = tokens
            .iter()
            .find(|t| t.iter().any(u8::is_ascii_whitespace))
        {
            return Err(format!(
                "{at}: a token holds a tab or a control character: {}",
                show(t)
            ));
        }
        match tokens.as_slice() {
            [b"lose"] => Ok(Answer::Lose),
            [i, k] => match (integer(i), integer(k)) {
                (Some(i), Some(k)) => Ok(Answer::Move([i, k])),
                _ => Err(format!("{at}: expected {expected}, got {}", show(&line))),
            },
            [one] if integer(one).is_some() => Err(format!(
                "{at} holds one number, {}; expected {expected} on one line",
                show(one)
            )),
            [_] => Err(format!("{at}: expected {expected}, got {}", show(&line))),
            _ => Err(format!(
                "{at}: expected {expected} alone on the line, got {}",
                show(&line)
            )),
        }
    }
}

/// An integer token `-?[0-9]+`: `Some(Some(v))` for 0 <= v < 2^64, `Some(None)` for one outside that range,
/// `None` when the token is not an integer.
pub fn integer(token: &[u8]) -> Option<Option<u64>> {
    let digits = token.strip_prefix(b"-").unwrap_or(token);
    if digits.is_empty() || !digits.iter().all(u8::is_ascii_digit) {
        return None;
    }
    if token[0] == b'-' && digits.iter().any(|&d| d != b'0') {
        return Some(None);
    }
    // Only ASCII digits remain; the parse fails only on overflow.
    Some(
        std::str::from_utf8(digits)
            .ok()
            .and_then(|t| t.parse().ok()),
    )
}

/// A number of an answer for a message.
pub fn shown(v: Option<u64>) -> String {
    v.map_or("a number outside 0..2^64".to_string(), |v| v.to_string())
}

/// A testlib checker: `checker INPUT OUTPUT ANSWER`. Its files: the test, the contestant's output, the
/// jury's answer.
pub fn checker_files() -> (Data, Lines, Lines) {
    let args: Vec<String> = std::env::args().collect();
    if args.len() < 4 {
        quit(FAIL, "usage: checker INPUT OUTPUT ANSWER");
    }
    let input = Data::open(&args[1], FAIL);
    (
        input,
        Lines::open(&args[2], "output"),
        Lines::open(&args[3], "answer"),
    )
}

/// Judges one case: the jury's answer first (FAIL when it breaks the rules), then the contestant's (PE when
/// the layout or the text is malformed, WA when `judge` finds it wrong). `case` names it in messages.
pub fn check_case(
    case: &str,
    shape: &str,
    answer: &mut Lines,
    output: &mut Lines,
    judge: impl Fn(&Answer) -> Result<(), String>,
) {
    if let Err(e) = answer.answer(shape).and_then(|a| judge(&a)) {
        quit(FAIL, &format!("answer file, {case}: {e}"));
    }
    match output.answer(shape) {
        Err(e) => quit(PE, &format!("{case}: {e}")),
        Ok(got) => {
            if let Err(e) = judge(&got) {
                quit(WA, &format!("{case} (line {}): {e}", output.line()));
            }
        }
    }
}

/// After the last case: AC, unless the output goes on (WA) or the answer file does (FAIL).
pub fn checker_finish(answer: &Lines, output: &Lines, cases: u64) -> ! {
    if !answer.at_end() {
        quit(FAIL, "answer file: more lines after the last case");
    }
    if !output.at_end() {
        quit(
            WA,
            &format!(
                "more output after the last case (line {})",
                output.line() + 1
            ),
        );
    }
    quit(AC, &format!("ok: {cases} cases"))
}

/// The interactor's side of the conversation (Kattis protocol: `interactor INPUT ANSWER FEEDBACK_DIR`, its
/// stdin the solution's stdout and its stdout the solution's stdin), and where a rejection is explained.
/// Lines sent are buffered and flushed only before the judge waits for the solution: the end of a game
/// and the start of the next go out in one write.
pub struct Channel {
    from: io::StdinLock<'static>,
    to: io::BufWriter<io::StdoutLock<'static>>,
    feedback: PathBuf,
}

impl Channel {
    /// The channel and INPUT, from the arguments. ANSWER holds only the number of games and is not read.
    pub fn open() -> (Channel, Data) {
        let args: Vec<String> = std::env::args().collect();
        if args.len() < 4 {
            quit(JUDGE_ERROR, "usage: interactor INPUT ANSWER FEEDBACK_DIR");
        }
        let feedback = PathBuf::from(&args[3]);
        if !feedback.is_dir() {
            quit(
                JUDGE_ERROR,
                &format!("FEEDBACK_DIR {} is not a directory", feedback.display()),
            );
        }
        let channel = Channel {
            from: io::stdin().lock(),
            to: io::BufWriter::new(io::stdout().lock()),
            feedback,
        };
        (channel, Data::open(&args[1], JUDGE_ERROR))
    }

    fn verdict(&self, code: i32, message: &str) -> ! {
        let path = self.feedback.join("judgemessage.txt");
        if let Err(e) = fs::write(&path, format!("{message}\n")) {
            quit(
                JUDGE_ERROR,
                &format!("cannot write {}: {e}", path.display()),
            );
        }
        exit(code)
    }

    /// Rejects the solution: the reason goes to judgemessage.txt, the verdict to the exit code.
    pub fn reject(&self, reason: &str) -> ! {
        self.verdict(WRONG_ANSWER, reason)
    }

    /// Writes one line; it goes out before the judge next waits for the solution.
    pub fn send(&mut self, line: &str, context: &str) {
        if writeln!(self.to, "{line}").is_err() {
            self.quit_reading(context);
        }
    }

    /// Sends what is buffered. A solution that no longer reads has quit.
    fn flush(&mut self, context: &str) {
        if self.to.flush().is_err() {
            self.quit_reading(context);
        }
    }

    fn quit_reading(&self, context: &str) -> ! {
        self.reject(&format!(
            "{context}: the solution quit (it no longer reads its input)"
        ))
    }

    /// The solution's next line without its line end (`\n`, or `\r\n`), once the lines sent have gone out.
    /// Waits only for that line and never reads more than MAX_LINE bytes of it.
    pub fn receive(&mut self, context: &str) -> Vec<u8> {
        self.flush(context);
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

    /// The solution's next line as a move of `count` unsigned integers below 2^64 (spaces around them are
    /// allowed), named `shape` in the rejection when it is not.
    pub fn numbers(&mut self, count: usize, shape: &str, context: &str) -> Vec<u64> {
        let line = self.receive(context);
        match numbers(&line, count) {
            Some(values) => values,
            None => self.reject(&format!(
                "{context}: expected a move `{shape}` ({count} integers), got {}",
                show(&line)
            )),
        }
    }

    /// After the last game: the solution's output must end here, without one more byte. Waits for the
    /// solution to close it (to exit), then accepts with `summary`.
    pub fn finish(mut self, summary: &str) -> ! {
        self.flush("after the last game");
        let mut rest = Vec::new();
        if let Err(e) = (&mut self.from).take(64).read_to_end(&mut rest) {
            self.reject(&format!(
                "after the last game: cannot read the solution's output: {e}"
            ));
        }
        if !rest.is_empty() {
            self.reject(&format!(
                "the interaction is over after the last game, but the solution wrote more: {}",
                show(&rest)
            ));
        }
        self.verdict(ACCEPTED, summary)
    }
}

/// The integers of a line, if it is exactly `count` unsigned decimal integers below 2^64 separated by
/// whitespace.
pub fn numbers(line: &[u8], count: usize) -> Option<Vec<u64>> {
    let words: Vec<&[u8]> = line
        .split(u8::is_ascii_whitespace)
        .filter(|w| !w.is_empty())
        .collect();
    if words.len() != count {
        return None;
    }
    words
        .iter()
        .map(|w| match integer(w) {
            Some(Some(v)) if w[0] != b'-' => Some(v),
            _ => None,
        })
        .collect()
}

/// A game as an interactor plays it: the position, the moves as the solution writes them (and as the
/// judge answers them), and who has won.
pub trait Game {
    /// The numbers of a move, and the move's shape in the statement (`k`, `i k`, `x y`).
    const ARITY: usize;
    const SHAPE: &'static str;
    /// The lines that open the game (the starting position as the statement writes it).
    fn opening(&self) -> String;
    /// Why `mv` is not a legal move here, or `None`.
    fn illegal(&self, mv: &[u64]) -> Option<String>;
    fn apply(&mut self, mv: &[u64]);
    /// After a move: `Some(true)` when the player who made it has won, `Some(false)` when they have lost,
    /// `None` while the game goes on.
    fn result(&self) -> Option<bool>;
    /// Whether the player to move can force a win.
    fn won(&self) -> bool;
    /// The position, for messages.
    fn position(&self) -> String;
}

/// Plays game `number` to its end, the judge's moves from `judge` (called on positions where the game goes
/// on). Returns the solution's number of moves when it has won; rejects a malformed or illegal move, a
/// lost game, and a game still going after `limit` moves in all (more than a winning player ever needs).
pub fn play<G: Game>(
    channel: &mut Channel,
    number: usize,
    game: &mut G,
    limit: u64,
    mut judge: impl FnMut(&G) -> Vec<u64>,
) -> u64 {
    channel.send(&game.opening(), &format!("game {number}"));
    let mut moves = 0;
    // The first move of the solution that handed the judge a won position: why a game was lost.
    let mut blunder = String::new();
    loop {
        moves += 1;
        let context = format!("game {number}, move {moves}");
        let mv = channel.numbers(G::ARITY, G::SHAPE, &context);
        let text = list(&mv);
        if let Some(fault) = game.illegal(&mv) {
            channel.reject(&format!(
                "{context}: illegal move `{text}`: {fault} (position: {})",
                game.position()
            ));
        }
        game.apply(&mv);
        match game.result() {
            Some(true) => {
                channel.send(&list(&vec![0; G::ARITY]), &context);
                return (moves + 1) / 2;
            }
            Some(false) => channel.reject(&format!(
                "game {number}: lost: your move {moves} (`{text}`) lost the game (position: {}){blunder}",
                game.position()
            )),
            None => {}
        }
        if blunder.is_empty() && game.won() {
            blunder = format!(
                "; your move {moves} (`{text}`) left the judge the won position {}",
                game.position()
            );
        }
        if moves >= limit {
            channel.reject(&format!(
                "game {number}: lost: not over after {moves} moves, more than a winning player ever needs here{blunder}"
            ));
        }
        moves += 1;
        let reply = judge(game);
        game.apply(&reply);
        let reply = list(&reply);
        if game.result().is_some() {
            channel.reject(&format!(
                "game {number}: lost: the judge won with move {moves} (`{reply}`, position: {}){blunder}",
                game.position()
            ));
        }
        channel.send(&reply, &context);
    }
}

/// Plays every game of `games` in order (after writing their number) and accepts when the solution has won
/// them all and written nothing more; the summary names the longest game.
pub fn play_all<G: Game>(
    mut channel: Channel,
    games: Vec<(G, u64)>,
    mut judge: impl FnMut(&G) -> Vec<u64>,
) -> ! {
    channel.send(&games.len().to_string(), "the number of games");
    let (mut total, mut longest) = (0, 0);
    let count = games.len();
    for (i, (mut game, limit)) in games.into_iter().enumerate() {
        let moves = play(&mut channel, i + 1, &mut game, limit, &mut judge);
        total += moves;
        longest = longest.max(moves);
    }
    channel.finish(&format!(
        "ok: {count} games won in {total} moves of yours, {longest} in the longest game"
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn answers(text: &str, count: usize) -> Vec<Result<Answer, String>> {
        let mut lines = Lines::new(text.as_bytes().to_vec());
        (0..count).map(|_| lines.answer("i k")).collect()
    }

    #[test]
    fn answers_one_per_line_with_trailing_spaces_and_crlf_ignored() {
        let got = answers("1 2\nlose \r\n3 4\t\n", 3);
        assert_eq!(
            got,
            vec![
                Ok(Answer::Move([Some(1), Some(2)])),
                Ok(Answer::Lose),
                Ok(Answer::Move([Some(3), Some(4)]))
            ]
        );
        let mut lines = Lines::new(b"lose\n\n\n".to_vec());
        assert_eq!(lines.answer("i k"), Ok(Answer::Lose));
        assert!(lines.at_end());
    }

    #[test]
    fn every_fault_of_the_layout_is_named_with_its_line() {
        let cases = [
            (
                "1 2 3 4\n",
                "line 1: expected `lose` or a move `i k` alone on the line",
            ),
            (
                "lose lose\n",
                "line 1: expected `lose` or a move `i k`, got `lose lose`",
            ),
            ("1\n2\n", "line 1 holds one number, `1`"),
            ("\n1 2\n", "line 1 is empty"),
            (" 1 2\n", "line 1 starts with a space"),
            ("1  2\n", "line 1: tokens must be one space apart"),
            ("1\t2\n", "line 1: a token holds a tab"),
            ("", "the output ended"),
            (
                "win\n",
                "line 1: expected `lose` or a move `i k`, got `win`",
            ),
            (
                "1 x\n",
                "line 1: expected `lose` or a move `i k`, got `1 x`",
            ),
        ];
        for (text, expected) in cases {
            let got = answers(text, 1).remove(0).unwrap_err();
            assert!(got.starts_with(expected), "{text:?}: {got}");
        }
    }

    #[test]
    fn numbers_outside_u64_are_well_formed_but_none() {
        assert_eq!(integer(b"18446744073709551615"), Some(Some(u64::MAX)));
        assert_eq!(integer(b"18446744073709551616"), Some(None));
        assert_eq!(integer(b"-3"), Some(None));
        assert_eq!(integer(b"-0"), Some(Some(0)));
        assert_eq!(integer(b"3a"), None);
        assert_eq!(integer(b"-"), None);
        assert_eq!(numbers(b" 3  4 ", 2), Some(vec![3, 4]));
        assert_eq!(numbers(b"3 -4", 2), None);
        assert_eq!(numbers(b"3", 2), None);
        assert_eq!(show(&[b'a'; 50]), format!("`{}...`", "a".repeat(40)));
    }

    #[test]
    fn data_reads_integers_in_range() {
        let mut data = Data::new("7 \n 8\n".to_string(), "t", FAIL);
        assert_eq!(data.ints(2, "x", 0, 9), vec![7, 8]);
        data.end();
    }
}
