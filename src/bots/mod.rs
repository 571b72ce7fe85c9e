//! Bots: one trait shared by every bot, the simulator and the play screen.

mod random;

pub use random::RandomBot;

use crate::engine::{Game, GameRng};

/// A player program. `choose` is called only when `game.actor(s)` is `Actor::Player`.
pub trait Bot<G: Game>: Send {
    fn name(&self) -> String;
    fn choose(&mut self, game: &G, s: &G::State, rng: &mut GameRng) -> G::Action;
}
