//! The floor for `scripts/bench-judge`: the least a judge must do per test, and the benchmark's workspace.
//!
//! `driver setup DIR` writes a harness workspace with two problems: `bench-small` (200 tests; the solution
//! reads two numbers and prints their sum) and `bench-large` (20 tests of about 5 MB; the solution echoes its
//! input). Test files that already hold the right bytes are left alone, so a second setup writes nothing.
//!
//! `driver run -j N PROGRAM TESTDIR` runs PROGRAM once per `TESTDIR/*.in` on N threads, with stdin from the
//! file and stdout through a pipe, and compares the output with the `.out` file byte for byte. Nothing else:
//! no limits, no CPU or memory accounting, no report beyond a count. Exit 0 when every output matched.
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

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args
        .iter()
        .map(String::as_str)
        .collect::<Vec<_>>()
        .as_slice()
    {
        ["setup", dir] => setup(Path::new(dir)).map(|()| true),
        ["run", "-j", jobs, program, tests] => match jobs.parse::<usize>() {
            Ok(jobs) if jobs > 0 => run(jobs, Path::new(program), Path::new(tests)),
            _ => Err(io::Error::other(format!(
                "-j wants a positive number, got `{jobs}`"
            ))),
        },
        _ => {
            eprintln!("usage: driver setup DIR | driver run -j N PROGRAM TESTDIR");
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

fn run(jobs: usize, program: &Path, tests: &Path) -> io::Result<bool> {
    let mut inputs: Vec<PathBuf> = fs::read_dir(tests)?
        .map(|entry| entry.map(|e| e.path()))
        .collect::<io::Result<_>>()?;
    inputs.retain(|p| p.extension().is_some_and(|e| e == "in"));
    inputs.sort();
    let next = AtomicUsize::new(0);
    let failed = AtomicUsize::new(0);
    std::thread::scope(|scope| {
        let workers: Vec<_> = (0..jobs)
            .map(|_| {
                scope.spawn(|| -> io::Result<()> {
                    loop {
                        let Some(input) = inputs.get(next.fetch_add(1, Ordering::Relaxed)) else {
                            return Ok(());
                        };
                        let output = Command::new(program)
                            .stdin(File::open(input)?)
                            .stderr(Stdio::null())
                            .output()?;
                        let expected = fs::read(input.with_extension("out"))?;
                        if !output.status.success() || output.stdout != expected {
                            failed.fetch_add(1, Ordering::Relaxed);
                        }
                    }
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
    let mut rng = Lcg(0x9e37_79b9_7f4a_7c15);
    let small = root.join("testdata").join("bench-small");
    for i in 1..=SMALL_TESTS {
        let (a, b) = (
            rng.below(2_000_000_000) as i64 - 1_000_000_000,
            rng.below(1_000_000_000) as i64,
        );
        let name = format!("small-{i:03}");
        write_if_changed(
            &small.join(format!("{name}.in")),
            format!("{a} {b}\n").as_bytes(),
        )?;
        write_if_changed(
            &small.join(format!("{name}.out")),
            format!("{}\n", a + b).as_bytes(),
        )?;
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

fn problem(root: &Path, id: &str, title: &str, solution: &str) -> io::Result<()> {
    let toml = format!(
        "title = \"{title}\"\njudge = \"bench\"\nnumber = \"0\"\nurl = \"\"\ntime_limit_ms = 1000\n\
         memory_limit_mb = 256\nchecker = \"lines\"\n"
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
