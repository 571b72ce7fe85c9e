//! The `sandtable` command line: one module per subcommand, each with its clap `Args` and a
//! `run` function. `main.rs` only parses, dispatches and turns a [`CliError`] into one line
//! on stderr and an exit code. Later subcommands (`experiment`) slot in as further variants of
//! [`Command`].

pub mod balance;
pub mod board;
pub(crate) mod common;
mod error;
pub mod experiment;
pub mod games;
pub mod ladder;
pub mod merge;
pub mod odds;
pub mod play;
mod prompt;
pub(crate) mod select;

pub use error::{one_line, CliError};

use clap::{Parser, Subcommand};

/// Rules engines, bots and balance analysis for WWII board wargames.
#[derive(Debug, Parser)]
#[command(name = "sandtable", version, about, long_about = None)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// List the games, their scenarios and which data tables are reconstructed.
    Games(games::GamesArgs),
    /// Play many bot-vs-bot games in parallel and report win rates, victory levels and losses.
    Balance(balance::BalanceArgs),
    /// Compare variants of a game's data or bots with the unmodified data and bots on the same
    /// game seeds: win rates with intervals, paired differences, a CSV, a chart and a report.
    Experiment(experiment::ExperimentArgs),
    /// Combine the shard files of a `balance` or `experiment` run played with --shard K/N
    /// into exactly the report, CSV and results one machine would have written.
    Merge(merge::MergeArgs),
    /// Rank bots in a round robin on both sides: win rates and Elo ratings.
    Ladder(ladder::LadderArgs),
    /// Play a game against a bot in the terminal.
    Play(play::PlayArgs),
    /// Play a game against a bot on a page in the browser (the same as `play --web`).
    Serve(play::PlayArgs),
    /// Draw a position (a scenario's start or a saved game) as an SVG or PNG picture.
    Board(board::BoardArgs),
    /// Exact combat outcome probabilities (CRT odds) as CSV: one row per input combination
    /// and outcome, each probability as a decimal and an exact fraction.
    Crt(odds::OddsArgs),
    /// Exact initiative odds (Rudder's Line, Crossing the Line) or Random Event and Supply
    /// distributions (Aachen) as CSV.
    Initiative(odds::OddsArgs),
}

/// Runs a parsed command line. Numbers go to stdout; progress and notes to stderr.
pub fn run(cli: Cli) -> Result<(), CliError> {
    // The commands that write files stop cleanly on Ctrl-C: one line, exit code 130, no new
    // file and no temporary one (`sim::interrupt`). `play` and `serve` keep their own.
    if !matches!(
        cli.command,
        Command::Games(_) | Command::Play(_) | Command::Serve(_)
    ) {
        crate::sim::interrupt::install();
    }
    match cli.command {
        Command::Games(args) => games::run(&args),
        Command::Balance(args) => balance::run(&args),
        Command::Ladder(args) => ladder::run(&args),
        Command::Merge(args) => merge::run(&args),
        Command::Experiment(args) => experiment::run(&args),
        Command::Play(args) => play::run(&args),
        Command::Board(args) => board::run(&args),
        Command::Serve(mut args) => {
            args.web = true;
            play::run(&args)
        }
        Command::Crt(args) => odds::run(crate::registry::OddsKind::Crt, &args),
        Command::Initiative(args) => odds::run(crate::registry::OddsKind::Initiative, &args),
    }
}
