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
    /// Told the game's seed before its first decision. A bot that thinks with random numbers
    /// (a search) seeds a generator of its own from it (`engine::search_rng`) and leaves the
    /// `rng` of `choose` (the game's, which rolls the dice) to the draws the doctrine would
    /// make: a search that plays the doctrine's moves then sees the doctrine's dice, and bots
    /// compared on common seeds are paired move for move (common random numbers).
    fn start(&mut self, _game_seed: u64) {}
}
