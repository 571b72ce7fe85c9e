//! Aachen speed: full random games per second and actions per second.
//!
//! Run with `cargo bench --bench aachen`. Kept short (20 samples, 3 s each) because the
//! machines it runs on are shared.
//!
//! The random player is measured twice: as a concrete type, so that its choice is inlined
//! into the play loop (as in the uniform rollouts of MCTS), and boxed as `dyn Bot`, the way
//! `balance` holds the bots it reads from the command line.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use sandtable::bots::{Bot, RandomBot};
use sandtable::engine::{game_rng, game_seed};
use sandtable::games::aachen::{Aachen, Action};
use sandtable::sim::play_game;
use std::hint::black_box;
use std::time::Duration;

const BATCH: u64 = 64;
const RUN_SEED: u64 = 1;

fn play_batch<B: Bot<Aachen> + ?Sized>(game: &Aachen, bots: &mut [Box<B>]) -> u64 {
    (0..BATCH)
        .map(|i| {
            let mut rng = game_rng(RUN_SEED, i);
            play_game(game, bots, i, game_seed(RUN_SEED, i), &mut rng, None)
                .expect("a random game ends")
                .steps
        })
        .sum()
}

fn full_game(c: &mut Criterion) {
    let game = Aachen::embedded().expect("the embedded data is valid");
    let mut random = vec![Box::new(RandomBot::<Action>::default())];
    let mut boxed: Vec<Box<dyn Bot<Aachen>>> = vec![Box::new(RandomBot::<Action>::default())];
    let actions = play_batch(&game, &mut random);
    let mut group = c.benchmark_group("aachen_full_game");
    group
        .sample_size(20)
        .measurement_time(Duration::from_secs(3));
    group.throughput(Throughput::Elements(BATCH));
    group.bench_function("random/games", |b| {
        b.iter(|| black_box(play_batch(&game, &mut random)))
    });
    group.bench_function("random_boxed/games", |b| {
        b.iter(|| black_box(play_batch(&game, &mut boxed)))
    });
    group.throughput(Throughput::Elements(actions.max(1)));
    group.bench_function("random/actions", |b| {
        b.iter(|| black_box(play_batch(&game, &mut random)))
    });
    group.finish();
}

criterion_group! {
    name = benches;
    // No plots: criterion's plotting backend needs system fonts this machine may not have, and
    // panics without them once a benchmark has a previous run to compare with.
    config = Criterion::default().without_plots();
    targets = full_game
}
criterion_main!(benches);
