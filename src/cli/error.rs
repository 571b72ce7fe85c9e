//! The errors a command reports. Each prints as one line; bad input (a name, a file, a flag
//! value) and an output that cannot be written exit with code 2, an internal failure (a
//! rules bug caught by the simulator) with 1, a run stopped by Ctrl-C with 130.

use crate::games::rudders_line::DataError;
use crate::sim::SimError;
use std::path::PathBuf;

#[derive(Debug, thiserror::Error)]
pub enum CliError {
    #[error("unknown game '{name}' (known games: {known})")]
    UnknownGame { name: String, known: String },
    #[error("game '{0}' is not implemented yet (run `sandtable games` to see which are)")]
    NotImplemented(String),
    #[error("{game} has no scenario '{name}' (scenarios: {known})")]
    UnknownScenario {
        game: String,
        name: String,
        known: String,
    },
    #[error("{game} needs --scenario (scenarios: {known})")]
    MissingScenario { game: String, known: String },
    #[error("unknown bot '{name}' for {game} (known bots: {known})")]
    UnknownBot {
        game: String,
        name: String,
        known: String,
    },
    #[error("--bots needs one name per side ({sides}): {expected}, not {got}")]
    BotCount {
        expected: usize,
        sides: String,
        got: usize,
    },
    #[error("bad data: {0}")]
    Data(#[from] DataError),
    #[error("{0}")]
    Usage(String),
    #[error("{0}")]
    Preset(#[from] crate::bots::preset::PresetError),
    #[error("cannot write {}: {message}", path.display())]
    Output { path: PathBuf, message: String },
    #[error("{0}")]
    Sim(#[from] SimError),
}

impl CliError {
    /// 2 for bad input (and a file that cannot be written), 1 for a failure that is a bug
    /// rather than the user's mistake, 130 for a run stopped by Ctrl-C.
    pub fn exit_code(&self) -> u8 {
        match self {
            CliError::Sim(SimError::Interrupted) => crate::sim::interrupt::EXIT_CODE,
            CliError::Sim(SimError::ThreadPool { .. }) => 2,
            CliError::Sim(_) => 1,
            _ => 2,
        }
    }

    /// Standard output closed by its reader (`sandtable crt … | head -1`): the reader has
    /// what it wanted, so the run ends quietly, as Unix filters do.
    pub fn is_closed_stdout(&self) -> bool {
        let broken = std::io::Error::from(std::io::ErrorKind::BrokenPipe).to_string();
        matches!(self, CliError::Output { path, message }
            if path.as_os_str() == "stdout"
                && (message.contains("os error 32") || message.contains(&broken)))
    }

    /// A run stopped by Ctrl-C: its line is printed as it is, not as an error.
    pub fn is_interrupted(&self) -> bool {
        matches!(self, CliError::Sim(SimError::Interrupted))
    }
}

/// Collapses a message onto one line: errors from parsers (TOML, CSV) may span several lines
/// with source excerpts, but a command's error is one line a script can grep.
pub fn one_line(message: &str) -> String {
    let line = message
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect::<Vec<_>>()
        .join(" ");
    // Whatever a file put in the message (an enum value, a key) prints as itself: a control
    // character as U+XXXX, a word of thousands of characters cut (trial 23a F3: an ESC
    // sequence cleared the terminal).
    crate::engine::data::cut_long_words(&crate::engine::data::shown(&line))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn multi_line_messages_become_one_line() {
        assert_eq!(
            one_line("map.toml: [areas] 17: bad\n  |\n1 | x = \n  |\n"),
            "map.toml: [areas] 17: bad | 1 | x = |"
        );
        assert_eq!(one_line("plain"), "plain");
        // Trial 23a F3: what a data file put in the message cannot drive the terminal.
        assert_eq!(
            one_line("terrain \u{1b}[2J\u{0}: unknown"),
            "terrain U+001B[2JU+0000: unknown"
        );
        let long = format!("key {}: unknown", "k".repeat(5000));
        assert_eq!(
            one_line(&long),
            format!("key {}… (5001 characters) unknown", "k".repeat(40))
        );
    }

    #[test]
    fn bad_input_exits_2_and_bugs_exit_1() {
        assert_eq!(CliError::NotImplemented("aachen".into()).exit_code(), 2);
        let bug = SimError::NoOutcome {
            game: "x",
            index: 0,
            seed: 0,
        };
        assert_eq!(CliError::Sim(bug).exit_code(), 1);
        let stopped = CliError::Sim(SimError::Interrupted);
        assert_eq!(stopped.exit_code(), 130);
        assert!(stopped.is_interrupted());
        assert_eq!(stopped.to_string(), crate::sim::interrupt::LINE);
    }
}
