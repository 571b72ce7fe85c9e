//! Cross of Iron speed (the Kolkhoz, two players): full random games per second and actions
//! per second.
//!
//! Run with `cargo bench --bench cross_of_iron`. Kept short (20 samples, 3 s each) because the
//! machines it runs on are shared.
//!
//! The random player is measured twice: as a concrete type, so that its choice is inlined
//! into the play loop (as in the uniform rollouts of MCTS), and boxed as `dyn Bot`, the way
//! `balance` holds the bots it reads from the command line.

mod common;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use sandtable::bots::{Bot, RandomBot};
use sandtable::games::cross_of_iron::{Action, CrossOfIron};
use std::hint::black_box;
use std::time::Duration;

const BATCH: u64 = 16;

fn full_game(c: &mut Criterion) {
    let game = CrossOfIron::embedded().expect("the embedded data is valid");
    let mut random = vec![
        Box::new(RandomBot::<Action>::default()),
        Box::new(RandomBot::<Action>::default()),
    ];
    let mut boxed: Vec<Box<dyn Bot<CrossOfIron>>> = vec![
        Box::new(RandomBot::<Action>::default()),
        Box::new(RandomBot::<Action>::default()),
    ];
    let actions = common::play_batch(&game, &mut random, BATCH);
    let mut group = c.benchmark_group("cross_of_iron_full_game");
    group
        .sample_size(20)
        .measurement_time(Duration::from_secs(3));
    group.throughput(Throughput::Elements(BATCH));
    group.bench_function("random/games", |b| {
        b.iter(|| black_box(common::play_batch(&game, &mut random, BATCH)))
    });
    group.bench_function("random_boxed/games", |b| {
        b.iter(|| black_box(common::play_batch(&game, &mut boxed, BATCH)))
    });
    group.throughput(Throughput::Elements(actions.max(1)));
    group.bench_function("random/actions", |b| {
        b.iter(|| black_box(common::play_batch(&game, &mut random, BATCH)))
    });
    group.finish();
}

criterion_group! {
    name = benches;
    config = common::criterion();
    targets = full_game
}
criterion_main!(benches);
