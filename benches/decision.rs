//! Time a decision of each MCTS preset in every game and scenario, over the positions of real
//! games (the preset against the doctrine, seeds 0, 1, 2, …): what a player waits for, and
//! what a balance run under search costs. Run with `cargo bench --bench decision`; a preset
//! other than the defaults with `SANDTABLE_PRESETS=easy,hard cargo bench --bench decision`.

use criterion::{criterion_group, criterion_main, Criterion};
use sandtable::bots::Bot;
use sandtable::engine::{game_rng, Actor, GameRng};
use sandtable::games::aachen::Aachen;
use sandtable::games::crossing_the_line::CrossingTheLine;
use sandtable::games::rudders_line::RuddersLine;
use sandtable::registry::{self, Entry};
use std::hint::black_box;
use std::time::{Duration, Instant};

mod common;

/// Games of bot `preset` on side `searcher` against the doctrine, played on from call to
/// call (a new game, the next seed, when one ends), so the timed decisions are spread over
/// whole games rather than their openings.
struct Games<'g, G: Entry> {
    game: &'g G,
    preset: &'g str,
    searcher: usize,
    bots: Vec<Box<dyn Bot<G>>>,
    state: G::State,
    rng: GameRng,
    seed: u64,
}

impl<'g, G: Entry> Games<'g, G> {
    fn new(game: &'g G, preset: &'g str, searcher: usize) -> Self {
        let mut games = Games {
            game,
            preset,
            searcher,
            bots: Vec::new(),
            state: game.initial_state(),
            rng: game_rng(1, 0),
            seed: 0,
        };
        games.bots = games.fresh_bots();
        games
    }

    fn fresh_bots(&self) -> Vec<Box<dyn Bot<G>>> {
        (0..self.game.num_players())
            .map(|p| {
                let name = if p == self.searcher {
                    self.preset
                } else {
                    "scripted"
                };
                registry::bot(self.game, name, p).expect("an embedded preset")
            })
            .collect()
    }

    /// Plays on until `n` decisions of the searcher are timed; their total time.
    fn time(&mut self, n: u64) -> Duration {
        let (game, mut timed, mut spent) = (self.game, 0, Duration::ZERO);
        let mut buf = Vec::new();
        while timed < n {
            let s = &self.state;
            let action = match game.actor(s) {
                Actor::Terminal => {
                    self.seed += 1;
                    (self.state, self.rng) = (game.initial_state(), game_rng(1, self.seed));
                    self.bots = self.fresh_bots();
                    continue;
                }
                Actor::Chance => game.draw_chance(s, &mut buf, &mut self.rng),
                Actor::Player(p) if p == self.searcher => {
                    let started = Instant::now();
                    let a = self.bots[p].choose(game, s, &mut self.rng);
                    spent += started.elapsed();
                    timed += 1;
                    a
                }
                Actor::Player(p) => self.bots[p].choose(game, s, &mut self.rng),
            };
            for b in self.bots.iter_mut() {
                b.observe(game, s, action);
            }
            game.apply(&mut self.state, action);
        }
        black_box(&self.state);
        spent
    }
}

fn group<G: Entry>(c: &mut Criterion, name: &str, game: &G, presets: &[String]) {
    let mut group = c.benchmark_group(format!("decision/{name}"));
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(10));
    for preset in presets {
        for side in 0..game.acting_players() {
            let id = format!("{preset}/{}", game.player_name(side));
            let mut games = Games::new(game, preset, side);
            group.bench_function(id, |b| b.iter_custom(|n| games.time(n)));
        }
    }
    group.finish();
}

fn decisions(c: &mut Criterion) {
    let presets: Vec<String> = std::env::var("SANDTABLE_PRESETS")
        .unwrap_or_else(|_| "mcts-fast".into())
        .split(',')
        .map(str::to_string)
        .collect();
    let rudders = RuddersLine::embedded().expect("embedded data");
    group(c, "rudders-line", &rudders, &presets);
    let aachen = Aachen::embedded().expect("embedded data");
    group(c, "aachen", &aachen, &presets);
    for scenario in ["first-blood", "stolberg-corridor"] {
        let ctl = CrossingTheLine::embedded(scenario).expect("embedded data");
        group(c, scenario, &ctl, &presets);
    }
}

criterion_group! {
    name = benches;
    config = common::criterion();
    targets = decisions
}
criterion_main!(benches);
