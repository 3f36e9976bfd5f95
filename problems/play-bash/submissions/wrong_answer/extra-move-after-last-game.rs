//! play-bash, wrong: wins every game as the solution does, then writes one more move (`1`) after the last
//! game, when the interaction is over and it should exit having said nothing more.

use std::io::{self, BufRead, Write};

/// The winning move (stones to take) with `n` stones left, or `None` when every move loses.
fn winning_move(n: u64, m: u64) -> Option<u64> {
    match n % (m + 1) {
        0 => None,
        r => Some(r),
    }
}

/// Plays every game: reads the judge a line at a time and flushes each move.
fn play(input: impl BufRead, mut out: impl Write) -> io::Result<()> {
    let mut judge = Judge::new(input);
    let Some(games) = judge.next() else {
        return Ok(());
    };
    for _ in 0..games {
        let (Some(mut n), Some(m)) = (judge.next(), judge.next()) else {
            return Ok(());
        };
        loop {
            // A lost position never happens against the judge; taking one stone is still legal.
            let k = winning_move(n, m).unwrap_or(1);
            n -= k;
            writeln!(out, "{k}")?;
            out.flush()?;
            // The judge's answer: its move, or 0 when we took the last stone.
            match judge.next() {
                None => return Ok(()),
                Some(0) => break,
                Some(t) => n = n.saturating_sub(t),
            }
        }
    }
    Ok(())
}

/// The judge's numbers, read one line at a time: never waits for input that is not needed yet.
struct Judge<R> {
    input: R,
    pending: Vec<u64>,
}

impl<R: BufRead> Judge<R> {
    fn new(input: R) -> Self {
        Judge {
            input,
            pending: Vec::new(),
        }
    }

    /// The next number, or `None` once the judge's output has ended.
    fn next(&mut self) -> Option<u64> {
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
    // The interaction is over: nothing more may be written.
    println!("1");
}
