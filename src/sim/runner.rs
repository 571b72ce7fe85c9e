//! Running many games in parallel, reproducibly.

use super::play::{play_game, GameRecord, SimError};
use super::stats::Summary;
use super::totals::Totals;
use crate::bots::Bot;
use crate::engine::{game_rng, game_seed, Game, PlayerId};
use indicatif::ProgressBar;
use rayon::prelude::*;
use std::sync::{Arc, Mutex};

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

/// Games per batch: a long run plays its game indices in batches, folding each into its
/// totals and handing its records on (to a CSV) before the next, so its memory does not grow
/// with its games; a run to a precision looks at its stopping rule only between batches, so
/// where it stops does not depend on the thread count.
pub const BATCH: u64 = 1000;

/// The precision a run may stop at, a 95% half-width of a win rate: at least 0.01
/// percentage points (about 10^8 games for a rate near 50%, the most a run is sized for; the
/// reports print half-widths to 0.01 points) and below 0.5.
pub fn check_precision(p: f64) -> Result<f64, String> {
    if (0.0001..0.5).contains(&p) {
        Ok(p)
    } else {
        // 1e-300 as typed, not as 300 digits.
        let plain = p.to_string();
        let shown = if plain.len() > 12 {
            format!("{p:e}")
        } else {
            plain
        };
        Err(format!(
            "{shown} is not a half-width from 0.0001 to below 0.5 (0.01 is one percentage point)"
        ))
    }
}

/// Which games a run plays: the game indices (all of them, or a shard's share), and whether
/// it stops early once every side's 95% half-width of its win rate is at most `precision`.
#[derive(Clone, Debug, PartialEq)]
pub struct Plan {
    pub range: std::ops::Range<u64>,
    pub precision: Option<f64>,
}

/// How a run to a precision ended.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Stop {
    /// Whether every side's half-width reached the precision (else the cap stopped it).
    pub reached: bool,
    /// The widest 95% half-width of a side's win rate when it stopped.
    pub half_width: f64,
}

/// Plays the games of `plan` in batches of [`BATCH`] in index order, handing each batch's
/// records, in index order, to `each` (to write them) and folding them into the totals it
/// returns, with how a run to a precision stopped.
pub fn run_folded<G, F, E>(
    game: &G,
    bots: &F,
    plan: &Plan,
    seed: u64,
    threads: usize,
    progress: &ProgressBar,
    mut each: impl FnMut(&[GameRecord]) -> Result<(), E>,
) -> Result<(Totals, Option<Stop>), E>
where
    G: Game,
    F: Fn(PlayerId) -> Box<dyn Bot<G>> + Sync,
    E: From<SimError>,
{
    let mut totals = Totals::new(game.num_players());
    let mut start = plan.range.start;
    while start < plan.range.end {
        // Saturating: a shard may end at u64::MAX.
        let end = start.saturating_add(BATCH).min(plan.range.end);
        let records = run_range(game, bots, start..end, seed, threads, progress)?;
        records.iter().for_each(|r| totals.add(r));
        each(&records)?;
        start = end;
        if let Some(precision) = plan.precision {
            let half_width = Summary::from_totals(&totals).widest_half_width();
            let reached = half_width <= precision;
            if reached || start == plan.range.end {
                let stop = Stop {
                    reached,
                    half_width,
                };
                return Ok((totals, Some(stop)));
            }
        }
    }
    Ok((totals, None))
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
    // Ctrl-C stops the run between games (`sim::interrupt`).
    let _watch = super::interrupt::Watch::start();
    let play = |i: u64| -> Result<GameRecord, SimError> {
        super::interrupt::check()?;
        let mut players: Vec<Box<dyn Bot<G>>> = (0..game.acting_players()).map(bots).collect();
        let mut rng = game_rng(seed, i);
        let record = play_game(game, &mut players, i, game_seed(seed, i), &mut rng, None);
        progress.inc(1);
        record
    };
    // One thread plays on the caller's: no pool to build for every batch.
    if threads == 1 {
        return range.map(play).collect();
    }
    pool(threads)?.install(|| range.into_par_iter().map(play).collect())
}

/// The run's pool for `threads` workers, built once and kept. Its workers are at most the
/// machine's cores: more only spin waiting for work (`--threads 1024` on 2 cores ran 30 times
/// slower), and the results are the same with any number (each game has its own dice).
fn pool(threads: usize) -> Result<Arc<rayon::ThreadPool>, SimError> {
    static POOLS: Mutex<Vec<(usize, Arc<rayon::ThreadPool>)>> = Mutex::new(Vec::new());
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let workers = threads.min(cores);
    let mut pools = POOLS.lock().unwrap_or_else(|e| e.into_inner());
    if let Some((_, pool)) = pools.iter().find(|(n, _)| *n == workers) {
        return Ok(Arc::clone(pool));
    }
    if workers < threads {
        crate::stderr_line!(
            "note: --threads {threads}: this machine runs {cores} at once, so {workers} play \
             (the results are the same with any number)"
        );
    }
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(workers)
        .build()
        .map_err(|e| SimError::ThreadPool {
            threads,
            message: e.to_string(),
        })?;
    let pool = Arc::new(pool);
    pools.push((workers, Arc::clone(&pool)));
    Ok(pool)
}

#[cfg(test)]
mod tests {
    use super::check_precision;

    /// A half-width finer than a report prints (1e-320 was "the 0.00 asked for"), or one no
    /// rate needs, is refused in words.
    #[test]
    fn a_precision_is_from_a_hundredth_of_a_point_to_below_half() {
        for bad in [0.0, -0.01, 1e-320, 0.00009, 0.5, f64::NAN, f64::INFINITY] {
            let e = check_precision(bad).unwrap_err();
            assert!(e.contains("from 0.0001 to below 0.5"), "{bad}: {e}");
        }
        assert!(check_precision(1e-300)
            .unwrap_err()
            .starts_with("1e-300 is not"));
        for good in [0.0001, 0.01, 0.49] {
            assert_eq!(check_precision(good), Ok(good));
        }
    }
}
