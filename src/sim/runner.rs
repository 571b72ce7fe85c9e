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
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| SimError::ThreadPool {
            threads,
            message: e.to_string(),
        })?;
    pool.install(|| {
        (0..n)
            .into_par_iter()
            .map(|i| {
                let mut players: Vec<Box<dyn Bot<G>>> =
                    (0..game.acting_players()).map(&bots).collect();
                let mut rng = game_rng(seed, i);
                let record = play_game(game, &mut players, i, game_seed(seed, i), &mut rng, None);
                progress.inc(1);
                record
            })
            .collect()
    })
}
