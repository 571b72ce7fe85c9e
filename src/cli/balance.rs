//! `sandtable balance <game>`: many bot-vs-bot games in parallel, summarised per side.

use super::common::{check_writable, load_for_run, output_error, write_file, RunArgs};
use super::{select, CliError};
use crate::bots::Bot;
use crate::engine::{Game, PlayerId};
use crate::registry::{self, Entry, Visitor};
use crate::sim::{records, report, Summary};
use clap::Args;
use std::io::Write;
use std::path::PathBuf;

#[derive(Debug, Args)]
pub struct BalanceArgs {
    /// Game id (see `sandtable games`).
    pub game: String,
    /// Scenario name (default: the game's only scenario). Crossing the Line has two and
    /// needs it: first-blood or stolberg-corridor.
    #[arg(long)]
    pub scenario: Option<String>,
    /// Number of games to play.
    #[arg(long, default_value_t = 10_000, value_parser = super::common::game_count)]
    pub games: u64,
    /// Bots by acting side, comma-separated in the game's side order (Rudder's Line:
    /// Rangers,Germans; Aachen: Americans only, the rules play the Germans; Crossing the
    /// Line: US,Germans, and in first-blood the US only): preset names (random, scripted,
    /// mcts-fast, mcts-strong) or paths of preset TOML files. Default: scripted for every
    /// acting side.
    #[arg(long, value_delimiter = ',')]
    pub bots: Vec<String>,
    /// Play in batches of 1,000 games until every side's 95% half-width of its win rate is
    /// at most this (0.01: one percentage point), with --games as the cap. Where the run
    /// stops does not depend on --threads.
    #[arg(long, value_parser = super::common::precision)]
    pub precision: Option<f64>,
    #[command(flatten)]
    pub run: RunArgs,
    /// Write one CSV row per game to this file.
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,
}

pub fn run(args: &BalanceArgs) -> Result<(), CliError> {
    registry::visit(&args.game, Balance(args))?
}

/// `balance` for any game of the registry.
struct Balance<'a>(&'a BalanceArgs);

impl Visitor for Balance<'_> {
    type Output = Result<(), CliError>;

    fn visit<G: Entry>(self) -> Self::Output {
        let args = self.0;
        let (game, provenance) = load_for_run::<G>(&args.run, args.scenario.as_deref())?;
        let known = crate::bots::preset::names();
        let setup = Setup {
            title: game.title(),
            known: &known,
            provenance: &provenance,
            data: game.data_identity(),
        };
        balance(&game, args, &setup, registry::bot::<G>)
    }
}

/// What the game-specific part of `run` hands to the generic part.
struct Setup<'a> {
    /// Game title and scenario, for the report's first line.
    title: String,
    /// Bot names the game accepts, for error messages.
    known: &'a [&'a str],
    /// The reconstructed tables the results depend on.
    provenance: &'a [&'a str],
    /// The identity of the data played on.
    data: String,
}

/// The game-independent part: check bots and output, run, report.
fn balance<G, M>(game: &G, args: &BalanceArgs, setup: &Setup, make: M) -> Result<(), CliError>
where
    G: Game,
    M: Fn(&str, PlayerId) -> Option<Box<dyn Bot<G>>> + Sync,
{
    let bot_names = if args.bots.is_empty() {
        vec!["scripted".to_string(); game.acting_players()]
    } else {
        args.bots.clone()
    };
    select::check_bots(game, &bot_names, &make, setup.known)?;
    // Check the output before the run, so a bad path fails in a second, not after an hour.
    if let Some(path) = &args.out {
        check_writable(path)?;
    }
    if !setup.provenance.is_empty() {
        eprintln!(
            "note: results depend on reconstructed data: {}",
            setup.provenance.join(", ")
        );
    }

    let bots: Vec<&str> = bot_names.iter().map(String::as_str).collect();
    let (records, stop) = match args.precision {
        None => (args.run.play(game, &bots, &make, args.games)?, None),
        Some(p) => {
            let (records, stop) = args
                .run
                .play_to_precision(game, &bots, &make, args.games, p)?;
            (records, Some((p, stop)))
        }
    };

    let names: Vec<&str> = (0..game.num_players())
        .map(|p| game.player_name(p))
        .collect();
    let summary =
        Summary::from_records(game.num_players(), &records).with_levels(game.victory_levels());
    // Only the acting sides have bots; a solitaire game's other side is played by the rules.
    let mut matchup = names
        .iter()
        .zip(&bot_names)
        .map(|(side, bot)| format!("{side} {bot}"))
        .collect::<Vec<_>>()
        .join(" vs ");
    if game.acting_players() < game.num_players() {
        let ruled: Vec<&str> = names[game.acting_players()..].to_vec();
        matchup.push_str(&format!(" ({} played by the rules)", ruled.join(", ")));
    }
    let stopped = match stop {
        None => String::new(),
        Some((p, s)) if s.reached => format!(
            "\nStopped after {} games: every side's 95% half-width is at most {:.2} points \
             (widest {:.2}).",
            records.len(),
            100.0 * p,
            100.0 * s.half_width
        ),
        Some((p, s)) => format!(
            "\nStopped at the cap of {} games (--games): the widest 95% half-width is {:.2} \
             points, above the {:.2} asked for.",
            records.len(),
            100.0 * s.half_width,
            100.0 * p
        ),
    };
    let text = format!(
        "{}\n{matchup}; seed {}{stopped}\n\n{}",
        setup.title,
        args.run.seed,
        report::render(&summary, &names)
    );
    std::io::stdout()
        .lock()
        .write_all(text.as_bytes())
        .map_err(|e| output_error(&PathBuf::from("stdout"), e))?;

    if let Some(path) = &args.out {
        let mut csv = Vec::new();
        let run = records::Run {
            names: &names,
            columns: game.record_columns(),
            bots: &bots,
            run_seed: args.run.seed,
            data: &setup.data,
            provenance: setup.provenance,
        };
        records::write_csv(&mut csv, &run, &records).map_err(|e| output_error(path, e))?;
        write_file(path, &csv)?;
    }
    Ok(())
}
