//! `sandtable balance <game>`: many bot-vs-bot games in parallel, summarised per side.

use super::common::{check_writable, copy_error, load_for_run, output_error, RunArgs};
use super::{select, CliError};
use crate::bots::Bot;
use crate::engine::write::WholeFile;
use crate::engine::{Game, PlayerId};
use crate::registry::{self, Entry, Visitor};
use crate::sim::shard::{self, Shard};
use crate::sim::{records, report, GameRecord, Plan, Stop, Summary, Totals};
use clap::Args;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::io::Write;
use std::path::{Path, PathBuf};

#[derive(Debug, Args)]
pub struct BalanceArgs {
    /// Game id (see `sandtable games`).
    pub game: String,
    /// Scenario name (default: the game's only scenario). Crossing the Line has four and
    /// needs it: first-blood, stolberg-corridor, across-the-wurm or campaign (`sandtable
    /// games` lists them).
    #[arg(long)]
    pub scenario: Option<String>,
    /// Number of games to play.
    #[arg(long, default_value_t = 10_000, value_parser = super::common::game_count, allow_hyphen_values = true)]
    pub games: u64,
    /// Bots by acting side, comma-separated in the game's side order (Rudder's Line:
    /// Rangers,Germans; Aachen: Americans only, the rules play the Germans; Crossing the
    /// Line: US,Germans, and in first-blood the US only): preset names (random, scripted,
    /// mcts-fast, mcts-strong, easy, medium, hard; NAME@N for an MCTS preset at N iterations a
    /// decision) or paths of preset TOML files. Default: scripted for every acting side.
    #[arg(long, value_delimiter = ',')]
    pub bots: Vec<String>,
    /// Play in batches of 1,000 games until every side's 95% half-width of its win rate is
    /// at most this (0.01: one percentage point), with --games as the cap. Where the run
    /// stops does not depend on --threads.
    #[arg(long, value_parser = super::common::precision, allow_hyphen_values = true)]
    pub precision: Option<f64>,
    /// Play only the K-th of N equal shares of the games (1 ≤ K ≤ N) and write a shard file
    /// to --out; `sandtable merge` combines the N shard files into exactly this run's report
    /// and CSV. For a Slurm job array or a Kubernetes Indexed Job (see deploy/).
    #[arg(long, value_name = "K/N", value_parser = Shard::parse)]
    pub shard: Option<Shard>,
    #[command(flatten)]
    pub run: RunArgs,
    /// Write one CSV row per game to this file (with --shard: the shard file).
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
        balance(&game, args, &setup, |name: &str, p| {
            registry::bot(&game, name, p)
        })
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
    select::check_timed(&bot_names, args.shard.is_some())?;
    let range = match args.shard {
        None => 0..args.games,
        Some(shard) => {
            check_shard(args, &shard)?;
            shard.range(args.games)
        }
    };
    // Check the output before the run, so a bad path fails in a second, not after an hour.
    if let Some(path) = &args.out {
        check_writable(path)?;
    }
    if !setup.provenance.is_empty() {
        crate::stderr_line!(
            "note: results depend on reconstructed data: {}",
            setup.provenance.join(", ")
        );
    }

    let bots: Vec<&str> = bot_names.iter().map(String::as_str).collect();
    let names: Vec<&str> = (0..game.num_players())
        .map(|p| game.player_name(p))
        .collect();
    let run = records::Run {
        names: &names,
        columns: game.record_columns(),
        score: game
            .final_score(&game.initial_state())
            .map(|(name, _)| name),
        bots: &bots,
        run_seed: args.run.seed,
        data: &setup.data,
        provenance: setup.provenance,
    };
    let context = Context::new(game, args, setup, &bot_names)?;
    let plan = Plan {
        range,
        precision: args.precision,
    };
    let play = |each: &mut RowSink| args.run.play_folded(game, &bots, &make, &plan, each);
    let started = std::time::Instant::now();
    let (totals, stop) = match (&args.out, args.shard) {
        (Some(path), Some(shard)) => {
            let played = write_shard(path, &run, &mut |each| play(each))?;
            let share = shard::Played {
                shard,
                games: plan.range.clone(),
                rows: plan.range.end - plan.range.start,
                seconds: started.elapsed().as_secs_f64(),
                totals: vec![played.totals],
                pairs: Vec::new(),
            };
            let header = shard::Header::new("balance", &context, share).map_err(CliError::Usage)?;
            played
                .file
                .finish(&header)
                .map_err(|e| output_error(path, e))?;
            println!("{}", header.written(path));
            return Ok(());
        }
        (Some(path), None) => {
            let file = WholeFile::create(path).map_err(|e| output_error(path, e))?;
            let mut csv =
                records::Writer::new(file, "", &run).map_err(|e| output_error(path, e))?;
            let played = play(&mut |rs| write_rows(&mut csv, &run, rs, path))?;
            let file = csv.finish().map_err(|e| output_error(path, e))?;
            file.commit().map_err(|e| output_error(path, e))?;
            played
        }
        (None, _) => play(&mut |_| Ok(()))?,
    };
    let stopped = stop.map(|s| stop_text(args.precision.unwrap_or(0.0), &s, totals.games));
    print_report(&context, &totals, stopped.as_deref())
}

/// A shard's games played: the shard file with its rows written, and their totals.
struct ShardPlayed {
    file: shard::Writer,
    totals: Totals,
}

/// Plays with `play`, streaming the rows into a new shard file; the header comes after.
fn write_shard(
    path: &Path,
    run: &records::Run,
    play: &mut Player,
) -> Result<ShardPlayed, CliError> {
    let mut file = shard::Writer::create(path).map_err(|e| output_error(path, e))?;
    let mut csv = records::Writer::new(file.rows(), "", run).map_err(|e| output_error(path, e))?;
    let (totals, _) = play(&mut |rs| write_rows(&mut csv, run, rs, path))?;
    csv.finish().map_err(|e| output_error(path, e))?;
    Ok(ShardPlayed { file, totals })
}

/// Takes one batch of a run's records, in index order.
type RowSink<'a> = dyn FnMut(&[GameRecord]) -> Result<(), CliError> + 'a;

/// Plays a run, handing its batches to a sink; its totals, and how a precision stopped it.
type Player<'a> = dyn FnMut(&mut RowSink) -> Result<(Totals, Option<Stop>), CliError> + 'a;

/// A shard needs a file to go to, and a fixed number of games.
fn check_shard(args: &BalanceArgs, shard: &Shard) -> Result<(), CliError> {
    super::common::shard_needs_out(&args.out)?;
    if args.precision.is_some() {
        return Err(CliError::Usage(
            "--precision decides when to stop from all the games played so far, so it \
             cannot be split into shards: give --games instead"
                .into(),
        ));
    }
    shard.check(args.games).map_err(CliError::Usage)
}

fn write_rows<W: std::io::Write>(
    csv: &mut records::Writer<W>,
    run: &records::Run,
    records: &[GameRecord],
    path: &Path,
) -> Result<(), CliError> {
    records
        .iter()
        .try_for_each(|r| csv.write("", run, r))
        .map_err(|e| output_error(path, e))
}

/// What defines a balance run besides its shard, and what its report needs: a shard file
/// carries it, so `merge` prints the report one machine would have printed.
#[derive(Serialize, Deserialize)]
pub struct Context {
    /// The report's first lines: the game, the matchup and the seed.
    heading: String,
    names: Vec<String>,
    /// The game's victory levels, in its order.
    levels: Vec<(Option<PlayerId>, String)>,
    /// Games in the whole run.
    games: u64,
    /// Each bot's preset, as read (`preset::identity`), and whether they saw hidden
    /// information (`--open`): the same names may play other games on another machine.
    presets: Vec<String>,
    open: bool,
    /// The data's identity, and its reconstructed tables.
    data: String,
    provenance: Vec<String>,
    version: String,
    /// What the initiative row counts (`InitiativeCount::label`).
    #[serde(default = "turns_with_initiative")]
    initiative: String,
    /// Whether the game has turns to report the turn decided in (`RecordColumns::turn`).
    #[serde(default = "has_turns")]
    turns: bool,
    /// The levels in the rulebook's words, where their names alone read wrong.
    #[serde(default)]
    level_words: BTreeMap<String, String>,
}

fn has_turns() -> bool {
    true
}

fn turns_with_initiative() -> String {
    crate::engine::InitiativeCount::TURNS.label.to_string()
}

impl Context {
    fn new<G: Game>(
        game: &G,
        args: &BalanceArgs,
        setup: &Setup,
        bots: &[String],
    ) -> Result<Context, CliError> {
        let names = (0..game.num_players()).map(|p| game.player_name(p).to_string());
        let presets = bots.iter().map(|b| crate::bots::preset::identity(b));
        Ok(Context {
            heading: heading(game, &setup.title, bots, args.run.seed),
            names: names.collect(),
            levels: game
                .victory_levels()
                .iter()
                .map(|&(p, l)| (p, l.to_string()))
                .collect(),
            games: args.games,
            presets: presets.collect::<Result<_, _>>()?,
            open: args.run.open,
            data: setup.data.clone(),
            provenance: setup.provenance.iter().map(|s| s.to_string()).collect(),
            version: env!("CARGO_PKG_VERSION").to_string(),
            initiative: game
                .record_columns()
                .initiative
                .map_or_else(turns_with_initiative, |i| i.label.to_string()),
            turns: game.record_columns().turn,
            level_words: game
                .victory_levels()
                .iter()
                .filter_map(|&(_, l)| Some((l.to_string(), game.level_words(l)?.to_string())))
                .collect(),
        })
    }
}

/// The report's heading: the game, who played whom, the seed.
fn heading<G: Game>(game: &G, title: &str, bots: &[String], seed: u64) -> String {
    let names: Vec<&str> = (0..game.num_players())
        .map(|p| game.player_name(p))
        .collect();
    // Only the acting sides have bots; a solitaire game's other side is played by the rules.
    let mut matchup = names
        .iter()
        .zip(bots)
        .map(|(side, bot)| format!("{side} {bot}"))
        .collect::<Vec<_>>()
        .join(" vs ");
    if game.acting_players() < game.num_players() {
        let ruled: Vec<&str> = names[game.acting_players()..].to_vec();
        matchup.push_str(&format!(" ({} played by the rules)", ruled.join(", ")));
    }
    format!("{title}\n{matchup}; seed {seed}")
}

fn stop_text(precision: f64, s: &Stop, games: u64) -> String {
    if s.reached {
        format!(
            "Stopped after {games} games: every side's 95% half-width is at most {:.2} points \
             (widest {:.2}).",
            100.0 * precision,
            100.0 * s.half_width
        )
    } else {
        format!(
            "Stopped at the cap of {games} games (--games): the widest 95% half-width is {:.2} \
             points, above the {:.2} asked for.",
            100.0 * s.half_width,
            100.0 * precision
        )
    }
}

/// Prints the report on stdout: the same for one machine and for merged shards.
fn print_report(context: &Context, totals: &Totals, stopped: Option<&str>) -> Result<(), CliError> {
    let summary = Summary::from_totals(totals).with_levels(
        &context
            .levels
            .iter()
            .map(|(p, l)| (*p, l.as_str()))
            .collect::<Vec<_>>(),
    );
    let names: Vec<&str> = context.names.iter().map(String::as_str).collect();
    let stopped = stopped.map_or(String::new(), |s| format!("\n{s}"));
    let text = format!(
        "{}{stopped}\n\n{}",
        context.heading,
        report::render(
            &summary,
            &report::Words {
                names: &names,
                initiative: &context.initiative,
                turns: context.turns,
                levels: &context.level_words,
            }
        )
    );
    std::io::stdout()
        .lock()
        .write_all(text.as_bytes())
        .map_err(|e| output_error(&PathBuf::from("stdout"), e))
}

/// `sandtable merge` of a balance run's shards: the report on stdout and, with `out`, the
/// games' CSV, exactly as one machine would have printed and written them.
pub fn merge(parts: &[shard::Part], out: Option<&Path>) -> Result<(), CliError> {
    let context: Context = serde_json::from_value(parts[0].header.context.clone())
        .map_err(|e| CliError::Usage(format!("{}: {e}", parts[0].path.display())))?;
    let shape = shard::Shape {
        players: context.names.len(),
        variants: 1,
        paired: false,
    };
    // The rows first: they check each shard's seal, before its totals are believed.
    let csv = match out {
        Some(path) => {
            check_writable(path)?;
            let mut file = WholeFile::create(path).map_err(|e| output_error(path, e))?;
            shard::copy_rows(parts, &mut file).map_err(|e| copy_error(path, e))?;
            Some((path, file))
        }
        // Read the rows all the same: a truncated shard is refused, CSV or not.
        None => {
            shard::copy_rows(parts, &mut std::io::sink())
                .map_err(|e| copy_error(Path::new("-"), e))?;
            None
        }
    };
    let (totals, _) = shard::merged_totals(parts, shape).map_err(CliError::Usage)?;
    if let Some((path, file)) = csv {
        file.commit().map_err(|e| output_error(path, e))?;
    }
    if !context.provenance.is_empty() {
        crate::stderr_line!(
            "note: results depend on reconstructed data: {}",
            context.provenance.join(", ")
        );
    }
    print_report(&context, &totals[0], None)
}
