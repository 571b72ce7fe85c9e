//! The `sandtable` binary: parse, dispatch, and report an error as one line with exit code 2
//! for bad input (1 for an internal failure). Everything else lives in `sandtable::cli`.

use clap::Parser;
use sandtable::cli::{one_line, run, Cli};
use std::process::ExitCode;

fn main() -> ExitCode {
    match run(Cli::parse()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {}", one_line(&e.to_string()));
            ExitCode::from(e.exit_code())
        }
    }
}
