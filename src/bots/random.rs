use super::Bot;
use crate::engine::{Game, GameRng};

/// Picks uniformly among the legal actions.
pub struct RandomBot<A> {
    buf: Vec<A>,
}

impl<A> Default for RandomBot<A> {
    fn default() -> Self {
        RandomBot {
            buf: Vec::with_capacity(256),
        }
    }
}

impl<G: Game> Bot<G> for RandomBot<G::Action> {
    fn name(&self) -> String {
        "random".to_string()
    }

    fn choose(&mut self, game: &G, s: &G::State, rng: &mut GameRng) -> G::Action {
        game.random_action(s, &mut self.buf, rng)
    }

    fn observes(&self) -> bool {
        false
    }
}
