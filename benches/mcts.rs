//! MCTS speed on Rudder's Line: iterations per second with random rollouts to the end of the
//! game, one worker tree and two (root parallelism). Run with `cargo bench --bench mcts`.

mod common;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use rand::SeedableRng;
use sandtable::bots::mcts::{MctsBot, MctsConfig};
use sandtable::engine::{Game, GameRng};
use sandtable::games::rudders_line::RuddersLine;
use std::hint::black_box;
use std::time::Duration;

const ITERATIONS: u32 = 2000;

fn iterations(c: &mut Criterion) {
    let game = RuddersLine::embedded().expect("the embedded data is valid");
    let start = game.initial_state();
    let mut group = c.benchmark_group("mcts");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(8));
    for threads in [1usize, 2] {
        let config = MctsConfig {
            iterations: ITERATIONS,
            threads,
            reuse_tree: false,
            ..MctsConfig::default()
        };
        let mut bot = MctsBot::new("bench", config, None);
        let mut rng = GameRng::seed_from_u64(1);
        group.throughput(Throughput::Elements(u64::from(ITERATIONS) * threads as u64));
        group.bench_function(format!("random_rollouts/{threads}_threads"), |b| {
            b.iter(|| black_box(bot.analyse(&game, &start, &mut rng)))
        });
    }
    group.finish();
}

criterion_group! {
    name = benches;
    config = common::criterion();
    targets = iterations
}
criterion_main!(benches);
