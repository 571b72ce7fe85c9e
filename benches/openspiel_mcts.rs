//! `bots::mcts` on two of OpenSpiel's games (Connect Four, and Pig with its chance nodes),
//! set up as OpenSpiel's C++ `MCTSBot` with a `RandomRolloutEvaluator` is in
//! `benches/openspiel.sh`: one random rollout per simulation, UCT constant 2, one thread, chance
//! outcomes sampled, a fresh tree for every search, from each game's initial state.
//!
//! `cargo bench --bench openspiel_mcts` measures simulations per second with criterion. With
//! `SANDTABLE_SIMS_ONLY=1` it instead checks the games' rules, times `SANDTABLE_SEARCHES`
//! searches (default 200, after a twentieth as many untimed) of `SANDTABLE_SIMS` simulations
//! each (default 1000) per game with a plain clock, and prints one line per game,
//! `sandtable <game> <simulations per second>`, for the script to read.
//! `SANDTABLE_EXPLORATION` replaces the UCT constant (default 2).

mod common;
#[path = "openspiel/games.rs"]
mod games;

use criterion::{criterion_group, Criterion, Throughput};
use games::{ConnectFour, Pig};
use rand::SeedableRng;
use sandtable::bots::mcts::{ChanceMode, MctsBot, MctsConfig, RolloutPolicy};
use sandtable::engine::{Game, GameRng};
use std::hint::black_box;
use std::time::{Duration, Instant};

/// Simulations per search in the criterion run.
const SIMULATIONS: u32 = 1000;

/// A setting from the environment, or its default.
fn setting<T: std::str::FromStr>(name: &str, default: T) -> T {
    match std::env::var(name) {
        Ok(v) => v
            .parse()
            .unwrap_or_else(|_| panic!("{name}={v} is not a valid value")),
        Err(_) => default,
    }
}

/// OpenSpiel's `MCTSBot` settings in our terms.
fn config(simulations: u32) -> MctsConfig {
    MctsConfig {
        iterations: simulations,
        exploration: setting("SANDTABLE_EXPLORATION", 2.0),
        rollout: RolloutPolicy::Random,
        rollout_depth: 0,
        threads: 1,
        chance: ChanceMode::Sampled,
        reuse_tree: false,
        ..MctsConfig::default()
    }
}

/// Simulations per second over `searches` searches from the initial state, each with a fresh
/// tree, after a few untimed ones.
fn rate<G: Game>(game: &G, simulations: u32, searches: u32) -> f64 {
    let start = game.initial_state();
    let mut bot = MctsBot::new("bench", config(simulations), None);
    let mut rng = GameRng::seed_from_u64(1);
    let mut search = |bot: &mut MctsBot<G>| {
        black_box(bot.analyse(game, &start, &mut rng));
        assert_eq!(bot.last_iterations, u64::from(simulations));
    };
    for _ in 0..searches.div_ceil(20) {
        search(&mut bot);
    }
    let clock = Instant::now();
    for _ in 0..searches {
        search(&mut bot);
    }
    f64::from(simulations) * f64::from(searches) / clock.elapsed().as_secs_f64()
}

fn sims_only() {
    games::check_rules();
    let simulations = setting("SANDTABLE_SIMS", 1000u32);
    let searches = setting("SANDTABLE_SEARCHES", 200u32);
    println!(
        "sandtable connect_four {:.0}",
        rate(&ConnectFour, simulations, searches)
    );
    println!("sandtable pig {:.0}", rate(&Pig, simulations, searches));
}

fn bench_game<G: Game>(c: &mut Criterion, game: &G) {
    let start = game.initial_state();
    let mut bot = MctsBot::new("bench", config(SIMULATIONS), None);
    let mut rng = GameRng::seed_from_u64(1);
    let mut group = c.benchmark_group("openspiel_mcts");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(5))
        .throughput(Throughput::Elements(u64::from(SIMULATIONS)));
    group.bench_function(game.id(), |b| {
        b.iter(|| black_box(bot.analyse(game, &start, &mut rng)))
    });
    group.finish();
}

fn simulations(c: &mut Criterion) {
    bench_game(c, &ConnectFour);
    bench_game(c, &Pig);
}

criterion_group! {
    name = benches;
    config = common::criterion();
    targets = simulations
}

fn main() {
    if std::env::var_os("SANDTABLE_SIMS_ONLY").is_some_and(|v| v == "1") {
        sims_only();
        return;
    }
    benches();
    common::criterion().configure_from_args().final_summary();
}
