//! What the benchmarks share: a batch of full games, and criterion's configuration.
//!
//! Each benchmark uses part of it.
#![allow(dead_code)]

use criterion::Criterion;
use sandtable::bots::Bot;
use sandtable::engine::{game_rng, game_seed, Game};
use sandtable::sim::play_game;

/// The run seed of every batch: the same games at every iteration.
const RUN_SEED: u64 = 1;

/// Plays games 0..`games` of the run and returns their actions (decisions plus chance
/// outcomes): a fixed batch of seeds, so the actions an iteration plays are known exactly and
/// an actions/s figure is no estimate.
pub fn play_batch<G: Game, B: Bot<G> + ?Sized>(game: &G, bots: &mut [Box<B>], games: u64) -> u64 {
    (0..games)
        .map(|i| {
            let mut rng = game_rng(RUN_SEED, i);
            play_game(game, bots, i, game_seed(RUN_SEED, i), &mut rng, None)
                .expect("a random game ends")
                .steps
        })
        .sum()
}

/// Criterion without plots: its plotting backend needs system fonts a machine may not have,
/// and panics without them once a benchmark has a previous run to compare with.
pub fn criterion() -> Criterion {
    Criterion::default().without_plots()
}
