//! The `harness` binary: parses arguments, runs one command, maps the result to an exit code.

#![forbid(unsafe_code)]

use std::io::{self, Write};
use std::process::ExitCode;

use clap::Parser;

use harness::cli::Cli;
use harness::{app, sandbox, EXIT_OK, EXIT_SETUP};

fn main() -> ExitCode {
    let mut args = std::env::args_os();
    if args.nth(1).is_some_and(|arg| arg == sandbox::LAUNCHER_ARG) {
        sandbox::launcher_main();
    }
    sandbox::install_interrupt_handler(harness::grade::scratch::remove_ours);
    let cli = Cli::parse();
    let code = match app::dispatch(cli) {
        Ok(code) => code,
        Err(err) if is_broken_pipe(&err) => EXIT_OK,
        Err(err) => {
            let message = app::with_working_commands(&format!("{err:#}"));
            // An error may quote a file's name or contents: no control reaches the terminal.
            let message = harness::report::shown::block(&message);
            let _ = writeln!(io::stderr(), "harness: error: {message}");
            EXIT_SETUP
        }
    };
    ExitCode::from(code as u8)
}

fn is_broken_pipe(err: &anyhow::Error) -> bool {
    err.chain().any(|cause| {
        let io = cause
            .downcast_ref::<io::Error>()
            .is_some_and(|e| e.kind() == io::ErrorKind::BrokenPipe);
        // The JSON report is written by serde_json, which wraps the error.
        let json = cause
            .downcast_ref::<serde_json::Error>()
            .is_some_and(|e| e.io_error_kind() == Some(io::ErrorKind::BrokenPipe));
        io || json
    })
}
