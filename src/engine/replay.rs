//! The replay log: the run seed plus, for every step, the index of the chosen action in the
//! legal-action list (decisions) or the chance-outcome list (dice). Indices make the log
//! game-independent and compact, and replaying it reproduces the game exactly, as long as
//! the lists are the same: the log carries the game's `Game::log_version`, and a log of
//! another version is refused rather than replayed into a different game.

use super::game::{Actor, Game};
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Replay {
    /// The game id the log belongs to.
    pub game: String,
    /// The seed the game was played with (for reference; replay needs only the steps).
    pub seed: u64,
    /// The game's `log_version` when the log was written. Logs written before versions
    /// existed have none, and read as version 1.
    #[serde(default = "first_version")]
    pub version: u32,
    /// The scenario's id, for a game with several (absent in older saves).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub scenario: Option<String>,
    /// The side the person played (absent in older saves and bot logs).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub side: Option<String>,
    /// The identity of the data the game was played on (`engine::data::identity`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub data: Option<String>,
    /// Index of each step's action in the list offered at that step.
    pub steps: Vec<u16>,
}

#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum ReplayError {
    #[error("replay is for game '{found}', not '{expected}'")]
    WrongGame { expected: String, found: String },
    #[error("step {step}: index {index} is out of range ({len} choices)")]
    BadIndex { step: usize, index: u16, len: usize },
    #[error("step {step}: the game is already over")]
    PastEnd { step: usize },
    #[error("the log was written by version {found} of the game's decision lists, not the current {expected}: it cannot be replayed")]
    WrongVersion { expected: u32, found: u32 },
}

fn first_version() -> u32 {
    1
}

impl Replay {
    /// The scenario a saved game at `path` names, so that loading it needs no `--scenario`;
    /// `None` when it names none or cannot be read (loading it then says why).
    pub fn scenario_in(path: &std::path::Path) -> Option<String> {
        let text = std::fs::read_to_string(path).ok()?;
        toml::from_str::<Replay>(&text).ok()?.scenario
    }

    /// An empty log of `game` played with `seed`.
    pub fn new<G: Game>(game: &G, seed: u64) -> Self {
        Replay {
            game: game.id().to_string(),
            seed,
            version: game.log_version(),
            scenario: None,
            side: None,
            data: None,
            steps: Vec::new(),
        }
    }

    /// Records that `a` was taken in state `s` (before applying it).
    pub fn record<G: Game>(&mut self, game: &G, s: &G::State, a: G::Action) {
        let index = match game.actor(s) {
            Actor::Chance => {
                let mut out = Vec::new();
                game.chance_outcomes(s, &mut out);
                out.iter().position(|&(x, _)| x == a)
            }
            Actor::Player(_) => {
                let mut out = Vec::new();
                game.legal_actions(s, &mut out);
                out.iter().position(|&x| x == a)
            }
            Actor::Terminal => None,
        };
        self.steps
            .push(index.expect("recorded action is not on offer") as u16);
    }

    /// The action at index `index` of the list offered in `s`.
    pub fn action_at<G: Game>(game: &G, s: &G::State, index: u16) -> Option<G::Action> {
        match game.actor(s) {
            Actor::Chance => {
                let mut out = Vec::new();
                game.chance_outcomes(s, &mut out);
                out.get(usize::from(index)).map(|&(a, _)| a)
            }
            Actor::Player(_) => {
                let mut out = Vec::new();
                game.legal_actions(s, &mut out);
                out.get(usize::from(index)).copied()
            }
            Actor::Terminal => None,
        }
    }

    /// How many choices `s` offers: decisions or chance outcomes, whichever is due (a game
    /// may not list decisions at a chance node, nor outcomes at a decision).
    fn offered<G: Game>(game: &G, s: &G::State) -> usize {
        match game.actor(s) {
            Actor::Chance => {
                let mut out = Vec::new();
                game.chance_outcomes(s, &mut out);
                out.len()
            }
            Actor::Player(_) => {
                let mut out = Vec::new();
                game.legal_actions(s, &mut out);
                out.len()
            }
            Actor::Terminal => 0,
        }
    }

    /// Replays the log from the game's initial state.
    pub fn replay<G: Game>(&self, game: &G) -> Result<G::State, ReplayError> {
        if self.game != game.id() {
            return Err(ReplayError::WrongGame {
                expected: game.id().to_string(),
                found: self.game.clone(),
            });
        }
        if self.version != game.log_version() {
            return Err(ReplayError::WrongVersion {
                expected: game.log_version(),
                found: self.version,
            });
        }
        let mut s = game.initial_state();
        for (step, &index) in self.steps.iter().enumerate() {
            if game.actor(&s) == Actor::Terminal {
                return Err(ReplayError::PastEnd { step });
            }
            let a = Self::action_at(game, &s, index).ok_or_else(|| ReplayError::BadIndex {
                step,
                index,
                len: Self::offered(game, &s),
            })?;
            game.apply(&mut s, a);
        }
        Ok(s)
    }
}
