//! Running many games in parallel, reproducibly.

use super::play::{play_game, GameRecord, SimError};
use crate::bots::Bot;
use crate::engine::{game_rng, game_seed, Game, PlayerId};
use indicatif::ProgressBar;
use rayon::prelude::*;

/// Plays games `0..n` of a run seeded with `seed` on `threads` worker threads (0: one per
/// core) and returns their records in index order.
///
/// Game `i` draws only from its own generator `engine::game_rng(seed, i)` and gets fresh bots
/// from `bots(player)` for each acting player (`Game::acting_players`: a solitaire game's
/// rules play the other side through chance, so it gets no bot), so nothing a game sees
/// depends on which thread ran it or what ran before: the records are identical for any
/// thread count. The pool is local to the call so a library user's global rayon pool is left
/// alone. `progress` is advanced once per game (pass `ProgressBar::hidden()` for none).
pub fn run_games<G, F>(
    game: &G,
    bots: F,
    n: u64,
    seed: u64,
    threads: usize,
    progress: &ProgressBar,
) -> Result<Vec<GameRecord>, SimError>
where
    G: Game,
    F: Fn(PlayerId) -> Box<dyn Bot<G>> + Sync,
{
    run_range(game, &bots, 0..n, seed, threads, progress)
}

/// Games per batch of a run to a precision: the stopping rule is looked at only after whole
/// batches of game indices, so where a run stops does not depend on the thread count.
pub const PRECISION_BATCH: u64 = 1000;

/// How a run to a precision ended.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Stop {
    /// Whether every side's half-width reached the precision (else the cap stopped it).
    pub reached: bool,
    /// The widest 95% half-width of a side's win rate when it stopped.
    pub half_width: f64,
}

/// The widest 95% Wilson half-width of any side's win rate in `records`.
pub fn widest_half_width(sides: usize, records: &[GameRecord]) -> f64 {
    let n = records.len() as u64;
    (0..sides)
        .map(|p| {
            let wins = records.iter().filter(|r| r.winner == Some(p)).count() as u64;
            let ci = super::stats::wilson(wins, n, super::stats::Z95);
            (ci.hi - ci.lo) / 2.0
        })
        .fold(0.0, f64::max)
}

/// Plays batches of [`PRECISION_BATCH`] games (indices 0, 1, … as `run_games` numbers them)
/// until every side's 95% half-width of its win rate is at most `precision`, or `cap` games.
pub fn run_to_precision<G, F>(
    game: &G,
    bots: F,
    cap: u64,
    precision: f64,
    seed: u64,
    threads: usize,
    progress: &ProgressBar,
) -> Result<(Vec<GameRecord>, Stop), SimError>
where
    G: Game,
    F: Fn(PlayerId) -> Box<dyn Bot<G>> + Sync,
{
    let mut records = Vec::new();
    loop {
        let start = records.len() as u64;
        let end = (start + PRECISION_BATCH).min(cap);
        records.extend(run_range(game, &bots, start..end, seed, threads, progress)?);
        let half_width = widest_half_width(game.num_players(), &records);
        let reached = half_width <= precision;
        if reached || end == cap {
            return Ok((
                records,
                Stop {
                    reached,
                    half_width,
                },
            ));
        }
    }
}

/// Plays the games of indices `range` (see `run_games`).
pub fn run_range<G, F>(
    game: &G,
    bots: &F,
    range: std::ops::Range<u64>,
    seed: u64,
    threads: usize,
    progress: &ProgressBar,
) -> Result<Vec<GameRecord>, SimError>
where
    G: Game,
    F: Fn(PlayerId) -> Box<dyn Bot<G>> + Sync,
{
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| SimError::ThreadPool {
            threads,
            message: e.to_string(),
        })?;
    pool.install(|| {
        range
            .into_par_iter()
            .map(|i| {
                let mut players: Vec<Box<dyn Bot<G>>> =
                    (0..game.acting_players()).map(bots).collect();
                let mut rng = game_rng(seed, i);
                let record = play_game(game, &mut players, i, game_seed(seed, i), &mut rng, None);
                progress.inc(1);
                record
            })
            .collect()
    })
}
