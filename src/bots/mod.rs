//! Bots: one trait shared by every bot, the simulator and the play screen.

pub mod mcts;
pub mod preset;
mod random;

pub use random::RandomBot;

use crate::engine::{Game, GameRng};

/// A player program. `choose` is called only when `game.actor(s)` is `Actor::Player`.
pub trait Bot<G: Game>: Send {
    fn name(&self) -> String;
    fn choose(&mut self, game: &G, s: &G::State, rng: &mut GameRng) -> G::Action;
    /// Told of every action applied to the game (anyone's decision or a chance outcome), in
    /// order, with the state before it: lets a searching bot keep its tree across moves.
    fn observe(&mut self, _game: &G, _before: &G::State, _action: G::Action) {}
    /// Whether `observe` does anything: a bot that ignores it says so, and the game loop
    /// then skips the call at every step (it is the hot path of random play).
    fn observes(&self) -> bool {
        true
    }
    /// Whether the bot thinks with random numbers of its own (a search): the game loop then
    /// gives it a stream apart from the game's dice, so its thinking never moves the rolls.
    /// Two bots that choose alike then see the same dice on the same seed, and a comparison
    /// of bots on common seeds is paired move for move (common random numbers).
    fn searches(&self) -> bool {
        false
    }
}
