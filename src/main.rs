//! The `sandtable` binary: parse, dispatch, and report an error as one line with exit code 2
//! for bad input (1 for an internal failure, 130 for a run stopped by Ctrl-C). Everything
//! else lives in `sandtable::cli`.

use clap::error::ErrorKind;
use clap::Parser;
use sandtable::cli::{one_line, run, Cli};
use std::process::ExitCode;

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e)
            if matches!(
                e.kind(),
                ErrorKind::DisplayHelp
                    | ErrorKind::DisplayVersion
                    | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand
            ) =>
        {
            // Help printed nowhere (stdout full or closed) is an error like any other output's.
            use std::io::Write as _;
            match e.print().and_then(|()| std::io::stdout().flush()) {
                Ok(()) => return ExitCode::from(u8::try_from(e.exit_code()).unwrap_or(2)),
                Err(err) => {
                    sandtable::stderr_line!("error: cannot write stdout: {err}");
                    return ExitCode::from(2);
                }
            }
        }
        Err(e) => {
            // clap's message without its usage block and hint: one line, exit code 2.
            let text = e.render().to_string();
            let message: String = text
                .lines()
                .take_while(|l| !l.starts_with("Usage:") && !l.starts_with("For more information"))
                .collect::<Vec<_>>()
                .join("\n");
            sandtable::stderr_line!("{}", one_line(&message));
            return ExitCode::from(2);
        }
    };
    match run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) if e.is_closed_stdout() => ExitCode::SUCCESS,
        // Ctrl-C: "interrupted: no file written", not an error.
        Err(e) if e.is_interrupted() => {
            sandtable::stderr_line!("{e}");
            ExitCode::from(e.exit_code())
        }
        Err(e) => {
            sandtable::stderr_line!("error: {}", one_line(&e.to_string()));
            ExitCode::from(e.exit_code())
        }
    }
}
