//! `sandtable ladder <game> --bots a,b,c`: a round robin in which every pair of bots meets on
//! both sides, with win rates (95% Wilson intervals), Elo ratings (95% intervals) and each
//! pair's score paired on the common seeds; or, with `--sprt`, a sequential test of two bots
//! (`sprt`).

mod shards;
mod sprt;

pub use shards::merge;

use super::common::{check_writable, load_for_run, output_error, output_folder, RunArgs};
use super::{select, CliError};
use crate::bots::{preset, Bot};
use crate::engine::{Game, PlayerId};
use crate::registry::{self, Entry, Visitor};
use crate::sim::elo::{ratings, Results};
use crate::sim::shard::Shard;
use crate::sim::sprt::Sprt;
use crate::sim::{progress, run_range, wilson, GameRecord, Moments, Z95};
use clap::Args;
use serde::{Deserialize, Serialize};
use std::fmt::Write as _;
use std::ops::Range;
use std::path::{Path, PathBuf};

#[derive(Debug, Args)]
pub struct LadderArgs {
    /// Game id (see `sandtable games`).
    pub game: String,
    /// Bots to rank, comma-separated: preset names or preset files (at least two).
    #[arg(
        long,
        value_delimiter = ',',
        default_value = "random,scripted,mcts-fast"
    )]
    pub bots: Vec<String>,
    /// Scenario name (default: the game's only scenario; Crossing the Line needs one of its
    /// two-player scenarios: stolberg-corridor, across-the-wurm or campaign).
    #[arg(long)]
    pub scenario: Option<String>,
    /// Games per pairing and side assignment.
    #[arg(long, default_value_t = 100, value_parser = super::common::game_count, allow_hyphen_values = true)]
    pub games: u64,
    /// Seeds, threads and data; every pairing plays the same seeds (common random numbers).
    #[command(flatten)]
    pub run: RunArgs,
    /// Two bots only: a sequential probability ratio test that the first is `elo1` Elo
    /// stronger than the second rather than `elo0` (e.g. 0,10; α = β = 5%). They play game
    /// pairs on common seeds (each seed with each bot on each side) until the evidence
    /// decides, or --games pairs. A negative bound is written as is: --sprt -5,5.
    // Trial 21a F6: clap took "-5,5" for a flag and advised "-- -5", which does not work.
    #[arg(long, value_name = "ELO0,ELO1", value_parser = Sprt::parse, allow_hyphen_values = true)]
    pub sprt: Option<Sprt>,
    /// Play only the K-th of N equal shares of every pairing's games (1 ≤ K ≤ N) and write a
    /// shard file to --out; `sandtable merge` combines the N shard files into exactly this
    /// run's report and CSVs. For long ladders, on one machine or a cluster (see deploy/)
    #[arg(long, value_name = "K/N", value_parser = Shard::parse)]
    pub shard: Option<Shard>,
    /// Directory to write `matchups.csv` and `ratings.csv` into (created if missing). With
    /// --shard: the shard file.
    #[arg(long, value_name = "DIR")]
    pub out: Option<PathBuf>,
}

/// What defines a ladder run besides its shard, and what its report and CSVs need: a shard
/// file carries it, so `merge` prints and writes exactly what one machine would have.
#[derive(Serialize, Deserialize)]
pub struct Context {
    /// The game, with its scenario where it has several (`crossing-the-line --scenario …`).
    label: String,
    /// The game's and scenario's titles, for the report's first line (a shard written before
    /// it was kept has none: the label is printed then).
    #[serde(default)]
    title: String,
    /// The two sides' names, in the game's order.
    players: [String; 2],
    bots: Vec<String>,
    /// Games per pairing and side assignment in the whole run.
    games: u64,
    seed: u64,
    /// Each bot's preset, as read (`preset::identity`).
    presets: Vec<String>,
    /// Whether the bots saw hidden information (`--open`).
    open: bool,
    /// The data's identity, and its reconstructed tables.
    data: String,
    provenance: Vec<String>,
    version: String,
}

/// One pairing on one side assignment.
struct Matchup {
    first: usize,
    second: usize,
    games: u64,
    first_wins: u64,
    draws: u64,
    /// The first bot's half-points (win 2, draw 1, loss 0) by game seed: the common seeds
    /// pair this game with the one in which the sides are swapped.
    halves: Vec<u8>,
}

impl Matchup {
    /// From each game's winner (`None`: a draw), in game index order.
    fn new(first: usize, second: usize, winners: &[Option<PlayerId>]) -> Matchup {
        Matchup {
            first,
            second,
            games: winners.len() as u64,
            first_wins: winners.iter().filter(|&&w| w == Some(0)).count() as u64,
            draws: winners.iter().filter(|w| w.is_none()).count() as u64,
            halves: winners.iter().map(|&w| half_points(w, 0)).collect(),
        }
    }
}

fn winners(records: &[GameRecord]) -> Vec<Option<PlayerId>> {
    records.iter().map(|r| r.winner).collect()
}

/// Side `p`'s points in a game won by `winner`, in halves: a win 2, a draw 1, a loss 0.
fn half_points(winner: Option<PlayerId>, p: PlayerId) -> u8 {
    match winner {
        Some(w) if w == p => 2,
        None => 1,
        Some(_) => 0,
    }
}

/// The pairings of a round robin, in play order: every ordered pair of distinct bots, the
/// first bot on the first side.
fn pairings(bots: usize) -> Vec<(usize, usize)> {
    (0..bots)
        .flat_map(|first| {
            (0..bots)
                .filter(move |&second| second != first)
                .map(move |second| (first, second))
        })
        .collect()
}

pub fn run(args: &LadderArgs) -> Result<(), CliError> {
    registry::visit(&args.game, Ladder(args))?
}

/// `ladder` for any game of the registry.
struct Ladder<'a>(&'a LadderArgs);

impl Visitor for Ladder<'_> {
    type Output = Result<(), CliError>;

    fn visit<G: Entry>(self) -> Self::Output {
        let args = self.0;
        let (game, provenance) = load_for_run::<G>(&args.run, args.scenario.as_deref())?;
        let data = game.data_identity();
        ladder(
            &game,
            (game.scenario_id(), &game.title()),
            args,
            (&data, &provenance),
            |name: &str, p| registry::bot(&game, name, p),
        )
    }
}

impl Context {
    fn new<G: Game>(
        game: &G,
        (label, title): (&str, &str),
        args: &LadderArgs,
        data: (&str, &[&str]),
    ) -> Result<Context, CliError> {
        let presets = args.bots.iter().map(|b| preset::identity(b));
        Ok(Context {
            label: label.to_string(),
            title: title.to_string(),
            players: [0, 1].map(|p| game.player_name(p).to_string()),
            bots: args.bots.clone(),
            presets: presets.collect::<Result<_, _>>()?,
            open: args.run.open,
            games: args.games,
            seed: args.run.seed,
            data: data.0.to_string(),
            provenance: data.1.iter().map(|s| s.to_string()).collect(),
            version: env!("CARGO_PKG_VERSION").to_string(),
        })
    }
}

/// `scenario`: the scenario's id, for a game that has several (named in the errors), and
/// the title the report names; `data`: the data's identity and its reconstructed tables.
fn ladder<G, M>(
    game: &G,
    (scenario, title): (Option<&str>, &str),
    args: &LadderArgs,
    data: (&str, &[&str]),
    make: M,
) -> Result<(), CliError>
where
    G: Game,
    M: Fn(&str, PlayerId) -> Option<Box<dyn Bot<G>>> + Sync,
{
    let label = match scenario {
        Some(id) => format!("{} --scenario {id}", game.id()),
        None => game.id().to_string(),
    };
    if game.acting_players() < 2 {
        let acting: Vec<&str> = (0..game.acting_players())
            .map(|p| game.player_name(p))
            .collect();
        return Err(CliError::Usage(format!(
            "a ladder needs two sides that make decisions; in {} only the {} act (the rules \
             play the rest): compare bots with `sandtable balance {} --bots NAME` instead",
            label,
            acting.join(", "),
            label
        )));
    }
    // Trial 17a F17: one message for two causes read wrong for a two-player game.
    if game.num_players() != 2 {
        return Err(CliError::Usage("a ladder needs a two-player game".into()));
    }
    if args.bots.len() < 2 {
        return Err(CliError::Usage(format!(
            "a ladder needs at least two bots (--bots a,b); {} given",
            args.bots.len()
        )));
    }
    // Two bots may be one: a bot against itself is the null test of a ladder or SPRT. In a
    // longer ladder a bot named twice is a slip, ranked twice in rows no one can tell apart.
    if args.bots.len() > 2 {
        if let Some(i) = crate::engine::data::first_repeat(&args.bots) {
            return Err(CliError::Usage(format!(
                "--bots names '{}' twice: a ladder of more than two bots ranks each once \
                 (two bots may be one, the null test)",
                args.bots[i]
            )));
        }
    }
    for name in &args.bots {
        preset::load(name)?;
        select::check_bots(game, &[name.clone(), name.clone()], &make, &preset::names())?;
    }
    if args.sprt.is_some() && args.bots.len() != 2 {
        return Err(CliError::Usage(format!(
            "--sprt tests one bot against another: give exactly two bots (--bots A,B), not {}",
            args.bots.len()
        )));
    }
    let range = check_shard(args)?;
    select::check_timed(&args.bots, args.shard.is_some())?;
    // Checked before the run; a folder made for it is removed again if the run writes
    // nothing into it (an error, Ctrl-C).
    let _folder = match (&args.out, args.shard) {
        (Some(path), Some(_)) => {
            check_writable(path)?;
            None
        }
        (Some(dir), None) => Some(output_folder(dir)?),
        (None, _) => None,
    };
    let (_, provenance) = data;
    if !provenance.is_empty() {
        crate::stderr_line!(
            "note: results depend on reconstructed data: {}",
            provenance.join(", ")
        );
    }
    let context = Context::new(game, (&label, title), args, data)?;
    if let Some(sprt) = args.sprt {
        return sprt::run(game, &context, args, &make, sprt);
    }
    let started = std::time::Instant::now();
    let played = play_pairings(game, &context, &args.run, &make, range.clone())?;
    if let (Some(path), Some(shard)) = (&args.out, args.shard) {
        let seconds = started.elapsed().as_secs_f64();
        return shards::write_shard(&context, &played, (shard, range, seconds), path);
    }
    let matchups: Vec<Matchup> = played
        .iter()
        .map(|(first, second, records)| Matchup::new(*first, *second, &winners(records)))
        .collect();
    finish_run(&context, &matchups, args.out.as_deref(), "")
}

/// With `dir`, writes the CSVs, then prints the report: the same for one machine and for
/// merged shards. `extra`: what follows the head-to-head table (the SPRT's verdict).
fn finish_run(
    context: &Context,
    matchups: &[Matchup],
    dir: Option<&Path>,
    extra: &str,
) -> Result<(), CliError> {
    if let Some(dir) = dir {
        write_csvs(context, matchups, dir)?;
    }
    let mut text = report(context, matchups);
    text.push_str(&head_to_head(context, matchups));
    text.push_str(extra);
    print!("{text}");
    Ok(())
}

/// The game indices this run plays: all, or its shard's share. A shard needs a file to go
/// to and cannot be a sequential test (which stops on all the games played so far).
fn check_shard(args: &LadderArgs) -> Result<Range<u64>, CliError> {
    let Some(shard) = args.shard else {
        return Ok(0..args.games);
    };
    super::common::shard_needs_out(&args.out)?;
    if args.sprt.is_some() {
        return Err(CliError::Usage(
            "--sprt decides when to stop from all the game pairs played so far, so it cannot \
             be split into shards: leave out --shard"
                .into(),
        ));
    }
    shard.check(args.games).map_err(CliError::Usage)?;
    Ok(shard.range(args.games))
}

/// Each pairing's games of `range`, in play order: (first bot, second bot, records).
type Played = Vec<(usize, usize, Vec<GameRecord>)>;

fn play_pairings<G, M>(
    game: &G,
    context: &Context,
    run: &RunArgs,
    make: &M,
    range: Range<u64>,
) -> Result<Played, CliError>
where
    G: Game,
    M: Fn(&str, PlayerId) -> Option<Box<dyn Bot<G>>> + Sync,
{
    let [p0, p1] = &context.players;
    let mut played = Vec::new();
    for (first, second) in pairings(context.bots.len()) {
        let names = [&context.bots[first], &context.bots[second]];
        crate::stderr_line!("{} ({p0}) vs {} ({p1})", names[0], names[1]);
        let bots = |p: PlayerId| make(names[p], p).expect("bot names were checked");
        let bar = progress::games_bar(range.end - range.start);
        let records = run_range(game, &bots, range.clone(), run.seed, run.threads, &bar)?;
        bar.finish_and_clear();
        played.push((first, second, records));
    }
    Ok(played)
}

/// Each pair of bots over both sides, paired on the common seeds: the first bot's score with
/// its 95% interval from the per-seed pairs of games (each seed once with each bot on each
/// side), beside the interval that treats the games as independent, so the reader sees what
/// the common seeds bought.
fn head_to_head(context: &Context, matchups: &[Matchup]) -> String {
    let mut s = String::from("\nhead to head over both sides, on common seeds (score [95%])\n");
    let bots = &context.bots;
    let w = bots.iter().map(|b| b.len()).max().unwrap_or(8).max(8);
    for a in matchups.iter().filter(|m| m.first < m.second) {
        let Some(b) = matchups
            .iter()
            .find(|m| m.first == a.second && m.second == a.first)
        else {
            continue;
        };
        let (paired, unpaired) = pair_scores(a, b);
        let (mean, se) = paired.mean_se();
        let interval = match se > 0.0 {
            true => format!(
                "{} paired by seed ({} as independent games)",
                score_bounds(mean / 4.0, Z95 * se / 4.0),
                independent_bounds(&unpaired),
            ),
            false => alike_interval(mean / 4.0, paired.n),
        };
        let _ = writeln!(
            s,
            "  {:w$} vs {:w$}  {} {interval}",
            bots[a.first],
            bots[a.second],
            pct(mean / 4.0),
        );
    }
    s
}

/// The score's 95% interval treating the games as independent: Wilson's, on the half points
/// won out of those played, so a bot that scored never reads a bound of 0.0% (trial 17b F8).
fn independent_bounds(games: &Moments) -> String {
    let halves = u64::try_from(games.sum).unwrap_or(0);
    let i = wilson(halves, 2 * games.n, Z95);
    let bound = |x: f64| crate::sim::report::percent(x, 1);
    format!("[{}%, {}%]", bound(i.lo), bound(i.hi))
}

/// A score's normal 95% interval as its bounds, kept within 0–100% (trial 15b F4: "2.5% ±
/// 3.6" reached below 0%); "[0.0%, 6.1%]".
fn score_bounds(score: f64, half: f64) -> String {
    let bound = |x: f64| crate::sim::report::percent(x.clamp(0.0, 1.0), 1);
    format!("[{}%, {}%]", bound(score - half), bound(score + half))
}

/// Every seed's pair scored alike (0%, say), so the normal interval has no width: a Wilson
/// interval over the seeds instead (trial 12b F6: "0.0% ± 0.0").
fn alike_interval(score: f64, seeds: u64) -> String {
    let ci = wilson((score * seeds as f64).round() as u64, seeds, Z95);
    format!(
        "[{:.1}%, {:.1}%] (every seed's pair scored alike: a Wilson interval over its {seeds} \
         seeds)",
        100.0 * ci.lo,
        100.0 * ci.hi
    )
}

/// The first bot of `a` (which is `b`'s second): its pair scores in quarters (0–4, one per
/// seed) and its game scores in halves (0–2, one per game).
fn pair_scores(a: &Matchup, b: &Matchup) -> (Moments, Moments) {
    let (mut pairs, mut games) = (Moments::default(), Moments::default());
    for (&x, &y) in a.halves.iter().zip(&b.halves) {
        let (x, y) = (i64::from(x), 2 - i64::from(y));
        pairs.add(x + y);
        games.add(x);
        games.add(y);
    }
    (pairs, games)
}

fn pct(x: f64) -> String {
    format!("{:>5}%", crate::sim::report::percent(x, 1))
}

fn report(context: &Context, matchups: &[Matchup]) -> String {
    let [p0, p1] = &context.players;
    let bots = &context.bots;
    let games = matchups.first().map_or(context.games, |m| m.games);
    // Trial 13b F10: the report names the game by its title; the ids are the command's.
    let name = match context.title.is_empty() {
        true => &context.label,
        false => &context.title,
    };
    let mut s = format!(
        "{name} ladder: {games} games per pairing and side, seed {}\n\n",
        context.seed
    );
    let w = bots.iter().map(|b| b.len()).max().unwrap_or(8).max(8);
    let _ = writeln!(
        s,
        "{:w$} ({p0})  {:w$} ({p1})  {p0} wins [95%]          draws",
        "bot", "bot"
    );
    for m in matchups {
        let ci = wilson(m.first_wins, m.games, Z95);
        let _ = writeln!(
            s,
            "{:w$} {:pad0$}  {:w$} {:pad1$}  {} [{}, {}]  {}",
            bots[m.first],
            "",
            bots[m.second],
            "",
            pct(m.first_wins as f64 / m.games as f64),
            pct(ci.lo),
            pct(ci.hi),
            pct(m.draws as f64 / m.games as f64),
            pad0 = p0.len() + 2,
            pad1 = p1.len() + 2,
        );
    }
    let (results, score) = tally(bots.len(), matchups);
    let elo = ratings(&results);
    let _ = writeln!(s, "\n{:w$}  score [95%]                     Elo", "bot");
    let mut order: Vec<usize> = (0..bots.len()).collect();
    order.sort_by(|&a, &b| elo[b].elo.total_cmp(&elo[a].elo));
    for i in order {
        let (points, games) = score[i];
        let ci = wilson((points).round() as u64, games as u64, Z95);
        let rating = if elo[i].plus_minus.is_finite() {
            format!("{:+6.0} ± {:.0}", elo[i].elo, elo[i].plus_minus)
        } else {
            format!("{:+6.0} (all or no points: unbounded)", elo[i].elo)
        };
        let _ = writeln!(
            s,
            "{:w$}  {} [{}, {}]   {rating}",
            bots[i],
            pct(points / games),
            pct(ci.lo),
            pct(ci.hi),
        );
    }
    s
}

/// Head-to-head points for the Elo fit, and each bot's (points, games) over the ladder.
fn tally(n: usize, matchups: &[Matchup]) -> (Results, Vec<(f64, f64)>) {
    let mut results = Results::new(n);
    let mut score = vec![(0.0, 0.0); n];
    for m in matchups {
        let games = m.games as f64;
        let first = m.first_wins as f64 + 0.5 * m.draws as f64;
        results.add(m.first, m.second, first, games);
        score[m.first].0 += first;
        score[m.first].1 += games;
        score[m.second].0 += games - first;
        score[m.second].1 += games;
    }
    (results, score)
}

/// Writes matchups.csv and ratings.csv into `dir`: both whole, or neither.
fn write_csvs(context: &Context, matchups: &[Matchup], dir: &Path) -> Result<(), CliError> {
    let mut files = crate::engine::write::WholeSet::new();
    let prov = context.provenance.join(";");
    let bots = &context.bots;
    let path = dir.join("matchups.csv");
    let mut w = csv::Writer::from_writer(Vec::new());
    let [p0, p1] = context.players.clone().map(|p| p.to_lowercase());
    let header = [
        format!("bot_{p0}"),
        format!("bot_{p1}"),
        "games".into(),
        format!("wins_{p0}"),
        "draws".into(),
        format!("wins_{p1}"),
        format!("win_rate_{p0}"),
        "ci_low".into(),
        "ci_high".into(),
        "seed".into(),
        "provenance".into(),
    ];
    w.write_record(&header)
        .map_err(|e| output_error(&path, e))?;
    for m in matchups {
        let ci = wilson(m.first_wins, m.games, Z95);
        let second_wins = m.games - m.first_wins - m.draws;
        w.write_record([
            bots[m.first].clone(),
            bots[m.second].clone(),
            m.games.to_string(),
            m.first_wins.to_string(),
            m.draws.to_string(),
            second_wins.to_string(),
            format!("{:.4}", m.first_wins as f64 / m.games as f64),
            format!("{:.4}", ci.lo),
            format!("{:.4}", ci.hi),
            context.seed.to_string(),
            prov.clone(),
        ])
        .map_err(|e| output_error(&path, e))?;
    }
    finish(w, &path, &mut files)?;
    let path = dir.join("ratings.csv");
    let mut w = csv::Writer::from_writer(Vec::new());
    w.write_record(["bot", "score", "games", "elo", "elo_95"])
        .map_err(|e| output_error(&path, e))?;
    let (results, score) = tally(bots.len(), matchups);
    for (i, r) in ratings(&results).iter().enumerate() {
        w.write_record([
            bots[i].clone(),
            format!("{:.4}", score[i].0 / score[i].1),
            score[i].1.to_string(),
            format!("{:.1}", r.elo),
            // All or no points: no interval bounds the rating, and "inf" is no figure.
            match r.plus_minus.is_finite() {
                true => format!("{:.1}", r.plus_minus),
                false => String::new(),
            },
        ])
        .map_err(|e| output_error(&path, e))?;
    }
    finish(w, &path, &mut files)?;
    super::common::commit(files)
}

/// Adds a CSV built in memory, as the file `path`, to files written together.
fn finish(
    w: csv::Writer<Vec<u8>>,
    path: &Path,
    files: &mut crate::engine::write::WholeSet,
) -> Result<(), CliError> {
    let bytes = w.into_inner().map_err(|e| output_error(path, e))?;
    super::common::stage(files, path, &bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A head-to-head score whose seeds all scored alike gets a Wilson interval, not "± 0.0".
    #[test]
    fn a_score_alike_on_every_seed_has_an_interval_of_some_width() {
        let text = alike_interval(0.0, 50);
        assert!(text.starts_with("[0.0%, 7.1%] "), "{text}");
        assert!(alike_interval(1.0, 50).starts_with("[92.9%, 100.0%] "));
        // In the same form as the other pairs' bounds (trial 16b F11).
        assert!(score_bounds(0.175, 0.063).starts_with("[11.2%, 23.8%]"));
    }

    /// A bot that scored a win in 40 games reads a lower bound above 0 as independent games
    /// (trial 17b F8: the normal interval, clamped, read 0.0%).
    #[test]
    fn a_bot_that_scored_has_an_independent_games_bound_above_zero() {
        let mut games = Moments::default();
        games.add(2);
        (1..40).for_each(|_| games.add(0));
        let text = independent_bounds(&games);
        assert!(!text.starts_with("[0.0%"), "{text}");
        assert!(text.starts_with("[0.") && text.ends_with("%]"), "{text}");
    }
}
