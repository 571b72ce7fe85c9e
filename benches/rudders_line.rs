//! Rudder's Line speed: full random games per second and actions per second, plus the two
//! calls every bot and the simulator make at each step, `legal_actions` and `apply`.
//!
//! Run with `cargo bench --bench rudders_line`. Kept short (20 samples, 3 s each) because the
//! machines it runs on are shared.

mod common;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use rand::SeedableRng;
use sandtable::bots::{Bot, RandomBot};
use sandtable::engine::game::sample_chance;
use sandtable::engine::{game_seed, Actor, Game, GameRng};
use sandtable::games::rudders_line::{Action, RuddersLine, State};
use std::hint::black_box;
use std::time::Duration;

/// Games played per benchmark iteration: a fixed batch of seeds, so the actions per
/// iteration are known exactly and the actions/s figure is not an estimate.
const BATCH: u64 = 16;
const RUN_SEED: u64 = 1;

fn random_bots() -> Vec<Box<dyn Bot<RuddersLine>>> {
    (0..2)
        .map(|_| Box::new(RandomBot::<Action>::default()) as Box<dyn Bot<RuddersLine>>)
        .collect()
}

fn full_game(c: &mut Criterion) {
    let game = RuddersLine::embedded().expect("the embedded data is valid");
    let mut bots = random_bots();
    let actions = common::play_batch(&game, &mut bots, BATCH);

    let mut group = c.benchmark_group("full_game");
    group
        .sample_size(20)
        .measurement_time(Duration::from_secs(3));
    group.throughput(Throughput::Elements(BATCH));
    group.bench_function("random_vs_random/games", |b| {
        b.iter(|| black_box(common::play_batch(&game, &mut bots, BATCH)))
    });
    group.throughput(Throughput::Elements(actions.max(1)));
    group.bench_function("random_vs_random/actions", |b| {
        b.iter(|| black_box(common::play_batch(&game, &mut bots, BATCH)))
    });
    group.finish();
}

/// Games of the command-path group: enough that the process's start-up is noise.
const COMMAND_GAMES: u64 = 4000;

/// The command path against the game loop (issue 18: `balance --bots random,random
/// --threads 1` ran at about 60–70% of `full_game`). All three play the same 4,000 seeds, so
/// the differences are the runner's own cost (fresh boxed bots per game, the records, the
/// totals, batches and their thread pool) and then the whole process's (start-up, data,
/// summary), not a different mix of games: `full_game` replays 16 seeds, whose games may be
/// shorter or longer than the average.
fn command_path(c: &mut Criterion) {
    let game = RuddersLine::embedded().expect("the embedded data is valid");
    let mut bots = random_bots();
    let mut group = c.benchmark_group("command_path");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(5))
        .throughput(Throughput::Elements(COMMAND_GAMES));
    group.bench_function("game_loop", |b| {
        b.iter(|| black_box(common::play_batch(&game, &mut bots, COMMAND_GAMES)))
    });
    let plan = sandtable::sim::Plan {
        range: 0..COMMAND_GAMES,
        precision: None,
    };
    let hidden = indicatif::ProgressBar::hidden();
    let make = |_p| Box::new(RandomBot::<Action>::default()) as Box<dyn Bot<RuddersLine>>;
    group.bench_function("run_folded_1_thread", |b| {
        b.iter(|| {
            let none = |_: &[sandtable::sim::GameRecord]| Ok::<(), sandtable::sim::SimError>(());
            sandtable::sim::run_folded(&game, &make, &plan, RUN_SEED, 1, &hidden, none)
                .expect("random games end")
        })
    });
    let games = COMMAND_GAMES.to_string();
    let args = [
        "balance",
        "rudders-line",
        "--bots",
        "random,random",
        "--threads",
        "1",
        "--seed",
        "1",
        "--games",
        &games,
    ];
    group.bench_function("balance_process_1_thread", |b| {
        b.iter(|| {
            let out = std::process::Command::new(env!("CARGO_BIN_EXE_sandtable"))
                .args(args)
                .output()
                .expect("sandtable runs");
            assert!(
                out.status.success(),
                "{}",
                String::from_utf8_lossy(&out.stderr)
            );
        })
    });
    group.finish();
}

/// Every non-terminal state of one random game: a fixed, realistic mix of decision and
/// chance states for the micro-benchmarks.
fn sample_states(game: &RuddersLine) -> Vec<State> {
    let mut rng = GameRng::seed_from_u64(game_seed(RUN_SEED, 0));
    let mut bot = RandomBot::<Action>::default();
    let mut chance = Vec::new();
    let mut s = game.initial_state();
    let mut states = Vec::new();
    loop {
        let a = match game.actor(&s) {
            Actor::Terminal => return states,
            Actor::Chance => {
                game.chance_outcomes(&s, &mut chance);
                sample_chance(&chance, &mut rng)
            }
            Actor::Player(_) => bot.choose(game, &s, &mut rng),
        };
        states.push(snapshot(&s));
        game.apply(&mut s, a);
    }
}

/// A copy of a state. The trait promises only `Clone` (the state may or may not be `Copy`),
/// so the copy goes through a generic function that compiles either way.
fn snapshot<S: Clone>(s: &S) -> S {
    s.clone()
}

/// The first action on offer in `s`: a decision or a chance outcome.
fn first_action(game: &RuddersLine, s: &State) -> Action {
    match game.actor(s) {
        Actor::Chance => {
            let mut out = Vec::new();
            game.chance_outcomes(s, &mut out);
            out[0].0
        }
        _ => {
            let mut out = Vec::new();
            game.legal_actions(s, &mut out);
            out[0]
        }
    }
}

fn steps(c: &mut Criterion) {
    let game = RuddersLine::embedded().expect("the embedded data is valid");
    let states = sample_states(&game);
    if states.is_empty() {
        eprintln!("rudders_line: the sample game has no steps; skipping micro-benchmarks");
        return;
    }
    let decisions: Vec<&State> = states
        .iter()
        .filter(|s| matches!(game.actor(s), Actor::Player(_)))
        .collect();
    let moves: Vec<(State, Action)> = states
        .iter()
        .map(|s| (snapshot(s), first_action(&game, s)))
        .collect();

    let mut group = c.benchmark_group("step");
    group
        .sample_size(20)
        .measurement_time(Duration::from_secs(3));
    group.throughput(Throughput::Elements(decisions.len() as u64));
    let mut out = Vec::with_capacity(256);
    group.bench_function("legal_actions", |b| {
        b.iter(|| {
            for s in &decisions {
                game.legal_actions(s, &mut out);
                black_box(out.len());
            }
        })
    });
    group.throughput(Throughput::Elements(moves.len() as u64));
    // Each state is copied into a local first (a memcpy of the fixed-size state, as search
    // does), so the figure is apply on a warm state, not a stream of cache misses.
    group.bench_function("apply", |b| {
        b.iter(|| {
            for (s, a) in &moves {
                let mut t = *s;
                game.apply(&mut t, *a);
                black_box(&t);
            }
        })
    });
    group.finish();
}

criterion_group! {
    name = benches;
    config = common::criterion();
    targets = full_game, steps, command_path
}
criterion_main!(benches);
