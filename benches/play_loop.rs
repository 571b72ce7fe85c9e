//! The floor of the play loop: a toy game whose steps do almost nothing, played by the random
//! bot through `sim::play_game` like any real game. Two versions: three options at every
//! step, and three or four depending on the previous random choice. The difference is the
//! price of one branch that depends on the last random choice, which every real game pays at
//! nearly every step (see *Performance* in the README).
//!
//! Run with `cargo bench --bench play_loop`.

mod common;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use sandtable::bots::{Bot, RandomBot};
use sandtable::engine::{Actor, Game, Outcome, PlayerId, Tally};
use std::hint::black_box;
use std::time::Duration;

/// Steps in a toy game: about as many as a random game of Aachen had (482) when a move was one
/// decision per Area entered (it has 326 now).
const STEPS: u32 = 480;
const GAMES: u64 = 64;

#[derive(Clone, Default, PartialEq)]
struct Toy {
    steps: u32,
    /// Mixes in every choice, so the next step depends on it.
    history: u32,
}

/// `choice_dependent`: whether the number of options follows the last choice.
struct ToyGame {
    choice_dependent: bool,
}

impl Game for ToyGame {
    type State = Toy;
    type Action = u8;

    fn id(&self) -> &'static str {
        "toy"
    }
    fn num_players(&self) -> usize {
        1
    }
    fn player_name(&self, _: PlayerId) -> &'static str {
        "player"
    }
    fn initial_state(&self) -> Toy {
        Toy::default()
    }
    fn actor(&self, s: &Toy) -> Actor {
        if s.steps >= STEPS {
            Actor::Terminal
        } else {
            Actor::Player(0)
        }
    }
    fn legal_actions(&self, s: &Toy, out: &mut Vec<u8>) {
        out.clear();
        let options = 3 + u8::from(self.choice_dependent && s.history & 1 == 1);
        out.extend(0..options);
    }
    fn chance_outcomes(&self, _: &Toy, out: &mut Vec<(u8, u32)>) {
        out.clear();
    }
    fn apply(&self, s: &mut Toy, a: u8) {
        s.steps += 1;
        s.history = s.history.wrapping_mul(31).wrapping_add(u32::from(a));
    }
    fn outcome(&self, s: &Toy) -> Option<Outcome> {
        (s.steps >= STEPS).then_some(Outcome {
            winner: Some(0),
            level: "end",
            turn: 1,
        })
    }
    fn tally(&self, _: &Toy, _: PlayerId) -> Tally {
        Tally::default()
    }
    fn turn(&self, _: &Toy) -> u32 {
        1
    }
    fn describe(&self, _: &Toy, a: u8) -> String {
        a.to_string()
    }
}

fn floor(c: &mut Criterion) {
    let mut group = c.benchmark_group("play_loop");
    group
        .sample_size(20)
        .measurement_time(Duration::from_secs(3));
    group.throughput(Throughput::Elements(GAMES));
    for (name, choice_dependent) in [
        ("fixed_options/games", false),
        ("choice_dependent_options/games", true),
    ] {
        let game = ToyGame { choice_dependent };
        let mut bots: Vec<Box<dyn Bot<ToyGame>>> = vec![Box::new(RandomBot::<u8>::default())];
        group.bench_function(name, |b| {
            b.iter(|| black_box(common::play_batch(&game, &mut bots, GAMES)))
        });
    }
    group.finish();
}

criterion_group! {
    name = benches;
    config = common::criterion();
    targets = floor
}
criterion_main!(benches);
