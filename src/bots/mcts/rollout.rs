//! One rollout: the policy (uniform random without one) plays on from a state to the end, or to
//! the depth cut-off where the game's heuristic judges the position. The tree's iterations and
//! the paired root search both roll out through here.

use super::MctsConfig;
use crate::bots::Bot;
use crate::engine::{Actor, Game, GameRng};

/// Reusable buffers of the game's lists.
pub struct Buffers<G: Game> {
    pub legal: Vec<G::Action>,
    pub chance: Vec<(G::Action, u32)>,
}

impl<G: Game> Buffers<G> {
    pub fn new() -> Self {
        Buffers {
            legal: Vec::with_capacity(256),
            chance: Vec::with_capacity(64),
        }
    }
}

/// Each player's reward from playing on from `s`.
pub fn rollout<G: Game>(
    game: &G,
    config: &MctsConfig,
    mut s: G::State,
    policy: &mut Option<Box<dyn Bot<G>>>,
    buffers: &mut Buffers<G>,
    rng: &mut GameRng,
) -> [f32; 2] {
    let mut depth = 0u32;
    loop {
        let a = match game.actor(&s) {
            Actor::Terminal => return finished(game, config, &s),
            Actor::Chance => game.draw_chance(&s, &mut buffers.chance, rng),
            Actor::Player(_) => {
                if config.rollout_depth > 0 && depth >= config.rollout_depth {
                    if let Some(h) = game.heuristic(&s) {
                        return [h, 1.0 - h];
                    }
                }
                depth += 1;
                match policy {
                    Some(bot) => bot.choose(game, &s, rng),
                    None => game.random_action(&s, &mut buffers.legal, rng),
                }
            }
        };
        game.apply(&mut s, a);
    }
}

/// The rewards of a finished game: graded by the game if the config asks and the game grades.
pub fn finished<G: Game>(game: &G, config: &MctsConfig, s: &G::State) -> [f32; 2] {
    config
        .graded_rewards
        .then(|| game.graded_rewards(s))
        .flatten()
        .unwrap_or_else(|| game.outcome_rewards(&game.outcome(s).expect("terminal")))
}
