//! The floor for `scripts/bench-judge`: the least a judge must do per test, and the benchmark's workspace.
//!
//! `driver setup DIR` writes a harness workspace with four problems: `bench-small` (200 tests; the solution
//! reads two numbers and prints their sum), `bench-large` (20 tests of about 5 MB; the solution echoes its
//! input), `bench-checker` (the small tests judged by a checker program, Kattis protocol) and
//! `bench-interactive` (the small tests as an interactive problem: the interactor sends the two numbers and
//! checks the sum it gets back). Test files that already hold the right bytes are left alone, so a second
//! setup writes nothing.
//!
//! `driver run -j N PROGRAM TESTDIR` runs PROGRAM once per `TESTDIR/*.in` on N threads, with stdin from the
//! file and stdout through a pipe, and compares the output with the `.out` file byte for byte. Nothing else:
//! no limits, no CPU or memory accounting, no report beyond a count. Exit 0 when every output matched.
//! `driver checker -j N PROGRAM CHECKER TESTDIR` does the same but, instead of comparing, spawns CHECKER
//! with `IN ANS FEEDBACK_DIR` and the output on its stdin (exit 42 = accepted).
//! `driver interactive -j N PROGRAM INTERACTOR TESTDIR` spawns INTERACTOR with `IN ANS FEEDBACK_DIR` and
//! PROGRAM, each one's stdout the other's stdin, and waits for both (accepted: 42 and 0).
//! `driver pingpong DIR N` writes the workspace of `scripts/bench-interactive`: `pingpong-many` (one test of N
//! messages each way) and `pingpong-none` (one test of none), both interactive, the interactor sending a
//! number per line and the solution answering each with the next number.
//!
//! Std only, compiled by the script with `rustc -O`.

use std::fs::{self, File};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};

const SMALL_TESTS: usize = 200;
const LARGE_TESTS: usize = 20;
/// Bytes of input (and so of output) of each large test.
const LARGE_BYTES: usize = 5_000_000;

const SUM_SOLUTION: &str = r#"//! Benchmark solution: reads two integers, prints their sum.
use std::io::{self, Read, Write};

fn main() {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input).unwrap();
    let sum: i64 = input.split_ascii_whitespace().map(|t| t.parse::<i64>().unwrap()).sum();
    writeln!(io::stdout().lock(), "{sum}").unwrap();
}
"#;

const ECHO_SOLUTION: &str = r#"//! Benchmark solution: reads all of stdin, writes it back in one write.
use std::io::{self, Read, Write};

fn main() {
    let mut input = Vec::new();
    io::stdin().read_to_end(&mut input).unwrap();
    io::stdout().lock().write_all(&input).unwrap();
}
"#;

const CHECKER: &str = r#"//! Benchmark checker, Kattis protocol: `checker IN ANS FEEDBACK_DIR < OUTPUT`; 42 when OUTPUT's
//! number is ANS's, else 43.
use std::io::Read;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let answer = std::fs::read_to_string(&args[2]).unwrap();
    let mut output = String::new();
    std::io::stdin().read_to_string(&mut output).unwrap();
    let same = output.split_ascii_whitespace().eq(answer.split_ascii_whitespace());
    std::process::exit(if same { 42 } else { 43 });
}
"#;

const INTERACTOR: &str = r#"//! Benchmark interactor, Kattis protocol: `interactor IN ANS FEEDBACK_DIR`; sends IN's line to the
//! solution, reads one line back; 42 when it is ANS's number, else 43.
use std::io::{BufRead, Write};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let input = std::fs::read_to_string(&args[1]).unwrap();
    let answer = std::fs::read_to_string(&args[2]).unwrap();
    let mut out = std::io::stdout().lock();
    out.write_all(input.as_bytes()).unwrap();
    out.flush().unwrap();
    let mut reply = String::new();
    std::io::stdin().lock().read_line(&mut reply).unwrap();
    std::process::exit(if reply.trim() == answer.trim() { 42 } else { 43 });
}
"#;

const LINE_SOLUTION: &str = r#"//! Benchmark interactive solution: reads one line of two integers, prints their sum, flushes.
use std::io::{self, BufRead, Write};

fn main() {
    let mut line = String::new();
    io::stdin().lock().read_line(&mut line).unwrap();
    let sum: i64 = line.split_ascii_whitespace().map(|t| t.parse::<i64>().unwrap()).sum();
    let mut out = io::stdout().lock();
    writeln!(out, "{sum}").unwrap();
    out.flush().unwrap();
}
"#;

const PINGPONG_INTERACTOR: &str = r#"//! Benchmark interactor, Kattis protocol: `interactor IN ANS FEEDBACK_DIR`; IN holds N. Sends 0 .. N,
//! one line each, and reads after each line the solution's answer, which must be the next number; then
//! sends -1. 42 when every answer was right, else 43.
use std::io::{BufRead, Write};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let n: u64 = std::fs::read_to_string(&args[1]).unwrap().trim().parse().unwrap();
    let mut out = std::io::stdout().lock();
    let mut input = std::io::stdin().lock();
    let mut reply = String::new();
    for i in 0..n {
        writeln!(out, "{i}").unwrap();
        out.flush().unwrap();
        reply.clear();
        input.read_line(&mut reply).unwrap();
        if reply.trim().parse::<u64>().ok() != Some(i + 1) {
            std::process::exit(43);
        }
    }
    writeln!(out, "-1").unwrap();
    out.flush().unwrap();
    std::process::exit(42);
}
"#;

const PINGPONG_SOLUTION: &str = r#"//! Benchmark interactive solution: answers each number with the next one, until -1.
use std::io::{self, BufRead, Write};

fn main() {
    let mut input = io::stdin().lock();
    let mut out = io::stdout().lock();
    let mut line = String::new();
    loop {
        line.clear();
        if input.read_line(&mut line).unwrap() == 0 {
            return;
        }
        let i: i64 = line.trim().parse().unwrap();
        if i < 0 {
            return;
        }
        writeln!(out, "{}", i + 1).unwrap();
        out.flush().unwrap();
    }
}
"#;

/// What is done per test.
#[derive(Clone, Copy)]
enum Mode<'a> {
    Compare,
    Checker(&'a Path),
    Interactive(&'a Path),
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args
        .iter()
        .map(String::as_str)
        .collect::<Vec<_>>()
        .as_slice()
    {
        ["setup", dir] => setup(Path::new(dir)).map(|()| true),
        ["pingpong", dir, n] => match n.parse::<u64>() {
            Ok(n) => pingpong(Path::new(dir), n).map(|()| true),
            Err(_) => Err(io::Error::other(format!("N must be a count, got `{n}`"))),
        },
        ["run", "-j", jobs, program, tests] => {
            jobs_of(jobs).and_then(|j| run(j, Path::new(program), Path::new(tests), Mode::Compare))
        }
        ["checker", "-j", jobs, program, checker, tests] => jobs_of(jobs).and_then(|j| {
            let mode = Mode::Checker(Path::new(checker));
            run(j, Path::new(program), Path::new(tests), mode)
        }),
        ["interactive", "-j", jobs, program, interactor, tests] => jobs_of(jobs).and_then(|j| {
            let mode = Mode::Interactive(Path::new(interactor));
            run(j, Path::new(program), Path::new(tests), mode)
        }),
        _ => {
            eprintln!(
                "usage: driver setup DIR | driver pingpong DIR N | driver run -j N PROGRAM TESTDIR\n       \
                 driver checker -j N PROGRAM CHECKER TESTDIR | \
                 driver interactive -j N PROGRAM INTERACTOR TESTDIR"
            );
            return ExitCode::from(2);
        }
    };
    match result {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::from(1),
        Err(err) => {
            eprintln!("driver: error: {err}");
            ExitCode::from(2)
        }
    }
}

fn jobs_of(jobs: &str) -> io::Result<usize> {
    match jobs.parse::<usize>() {
        Ok(jobs) if jobs > 0 => Ok(jobs),
        _ => Err(io::Error::other(format!(
            "-j wants a positive number, got `{jobs}`"
        ))),
    }
}

/// One test: whether it passed.
fn one(mode: Mode, program: &Path, input: &Path, feedback: &Path) -> io::Result<bool> {
    let answer = input.with_extension("out");
    match mode {
        Mode::Compare => {
            let output = Command::new(program)
                .stdin(File::open(input)?)
                .stderr(Stdio::null())
                .output()?;
            let expected = fs::read(answer)?;
            Ok(output.status.success() && output.stdout == expected)
        }
        Mode::Checker(checker) => {
            let output = Command::new(program)
                .stdin(File::open(input)?)
                .stderr(Stdio::null())
                .output()?;
            let mut check = Command::new(checker)
                .args([input, &answer, feedback])
                .stdin(Stdio::piped())
                .spawn()?;
            check
                .stdin
                .take()
                .expect("piped")
                .write_all(&output.stdout)?;
            Ok(output.status.success() && check.wait()?.code() == Some(42))
        }
        Mode::Interactive(interactor) => {
            let mut judge = Command::new(interactor)
                .args([input, &answer, feedback])
                .stdin(Stdio::piped())
                .stdout(Stdio::piped())
                .spawn()?;
            let to_judge = judge.stdin.take().expect("piped");
            let from_judge = judge.stdout.take().expect("piped");
            let status = Command::new(program)
                .stdin(from_judge)
                .stdout(to_judge)
                .stderr(Stdio::null())
                .status()?;
            Ok(status.success() && judge.wait()?.code() == Some(42))
        }
    }
}

fn run(jobs: usize, program: &Path, tests: &Path, mode: Mode) -> io::Result<bool> {
    let mut inputs: Vec<PathBuf> = fs::read_dir(tests)?
        .map(|entry| entry.map(|e| e.path()))
        .collect::<io::Result<_>>()?;
    inputs.retain(|p| p.extension().is_some_and(|e| e == "in"));
    inputs.sort();
    let next = AtomicUsize::new(0);
    let failed = AtomicUsize::new(0);
    std::thread::scope(|scope| {
        let workers: Vec<_> = (0..jobs)
            .map(|worker| {
                let (inputs, next, failed) = (&inputs, &next, &failed);
                scope.spawn(move || -> io::Result<()> {
                    let feedback = std::env::temp_dir()
                        .join(format!("bench-driver-{}-{worker}", std::process::id()));
                    fs::create_dir_all(&feedback)?;
                    let result = loop {
                        let Some(input) = inputs.get(next.fetch_add(1, Ordering::Relaxed)) else {
                            break Ok(());
                        };
                        match one(mode, program, input, &feedback) {
                            Ok(true) => {}
                            Ok(false) => {
                                failed.fetch_add(1, Ordering::Relaxed);
                            }
                            Err(e) => break Err(e),
                        }
                    };
                    let _ = fs::remove_dir_all(&feedback);
                    result
                })
            })
            .collect();
        workers
            .into_iter()
            .try_for_each(|w| w.join().expect("worker panicked"))
    })?;
    let failed = failed.into_inner();
    println!("{} passed, {failed} failed", inputs.len() - failed);
    Ok(failed == 0)
}

fn setup(root: &Path) -> io::Result<()> {
    problem(
        root,
        "bench-small",
        "Benchmark: sum of two numbers",
        SUM_SOLUTION,
    )?;
    problem(root, "bench-large", "Benchmark: echo 5 MB", ECHO_SOLUTION)?;
    let checker = "[checker]\nprogram = \"checker.rs\"\nprotocol = \"kattis\"\nargs = []\n";
    let interactor = "[interactor]\nprogram = \"interactor.rs\"\nprotocol = \"kattis\"\nargs = []\n";
    let with_checker = ("checker.rs", CHECKER, checker);
    let with_interactor = ("interactor.rs", INTERACTOR, interactor);
    for (id, title, solution, (file, source, section)) in [
        ("bench-checker", "Benchmark: sum, checker program", SUM_SOLUTION, with_checker),
        ("bench-interactive", "Benchmark: sum, interactive", LINE_SOLUTION, with_interactor),
    ] {
        judged_by(root, id, title, solution, 1000, section)?;
        write_if_changed(&root.join("problems").join(id).join(file), source.as_bytes())?;
    }
    let mut rng = Lcg(0x9e37_79b9_7f4a_7c15);
    let small = root.join("testdata").join("bench-small");
    for i in 1..=SMALL_TESTS {
        let (a, b) = (
            rng.below(2_000_000_000) as i64 - 1_000_000_000,
            rng.below(1_000_000_000) as i64,
        );
        let name = format!("small-{i:03}");
        for id in ["bench-small", "bench-checker", "bench-interactive"] {
            let dir = small.with_file_name(id);
            write_if_changed(&dir.join(format!("{name}.in")), format!("{a} {b}\n").as_bytes())?;
            let sum = format!("{}\n", a + b);
            write_if_changed(&dir.join(format!("{name}.out")), sum.as_bytes())?;
        }
    }
    let large = root.join("testdata").join("bench-large");
    for i in 1..=LARGE_TESTS {
        let mut text = Vec::with_capacity(LARGE_BYTES + 16);
        // Lines of eight numbers below 10^9, like a judge's large input.
        while text.len() < LARGE_BYTES {
            for k in 0..8 {
                if k > 0 {
                    text.push(b' ');
                }
                text.extend_from_slice(rng.below(1_000_000_000).to_string().as_bytes());
            }
            text.push(b'\n');
        }
        let name = format!("large-{i:02}");
        write_if_changed(&large.join(format!("{name}.in")), &text)?;
        write_if_changed(&large.join(format!("{name}.out")), &text)?;
    }
    Ok(())
}

fn pingpong(root: &Path, n: u64) -> io::Result<()> {
    let interactor = "[interactor]\nprogram = \"interactor.rs\"\nprotocol = \"kattis\"\nargs = []\n";
    for (id, count) in [("pingpong-many", n), ("pingpong-none", 0)] {
        let title = format!("Benchmark: {count} interactive messages");
        // A limit far above what the exchange takes, so that only the relay's speed is measured.
        judged_by(root, id, &title, PINGPONG_SOLUTION, 60_000, interactor)?;
        let problem = root.join("problems").join(id);
        write_if_changed(&problem.join("interactor.rs"), PINGPONG_INTERACTOR.as_bytes())?;
        let tests = root.join("testdata").join(id);
        write_if_changed(&tests.join("exchange.in"), format!("{count}\n").as_bytes())?;
        write_if_changed(&tests.join("exchange.out"), b"")?;
    }
    Ok(())
}

fn problem(root: &Path, id: &str, title: &str, solution: &str) -> io::Result<()> {
    judged_by(root, id, title, solution, 1000, "checker = \"lines\"\n")
}

/// A problem whose `problem.toml` ends with `judge` (how outputs are judged).
fn judged_by(
    root: &Path,
    id: &str,
    title: &str,
    solution: &str,
    time_limit_ms: u64,
    judge: &str,
) -> io::Result<()> {
    let toml = format!(
        "title = \"{title}\"\njudge = \"bench\"\nnumber = \"0\"\nurl = \"\"\ntime_limit_ms = {time_limit_ms}\n\
         memory_limit_mb = 256\n{judge}"
    );
    write_if_changed(
        &root.join("problems").join(id).join("problem.toml"),
        toml.as_bytes(),
    )?;
    write_if_changed(
        &root.join("solutions").join(id).join("src").join("main.rs"),
        solution.as_bytes(),
    )
}

fn write_if_changed(path: &Path, bytes: &[u8]) -> io::Result<()> {
    if fs::read(path).is_ok_and(|old| old == bytes) {
        return Ok(());
    }
    fs::create_dir_all(path.parent().expect("a file in a folder"))?;
    let mut file = File::create(path)?;
    file.write_all(bytes)
}

/// A small deterministic generator, so that every run benchmarks the same bytes.
struct Lcg(u64);

impl Lcg {
    fn below(&mut self, n: u64) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (self.0 >> 33) % n
    }
}
