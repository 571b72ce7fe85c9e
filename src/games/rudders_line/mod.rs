//! Rudder's Line: The Battle of Normandy 1944 — the 2nd Ranger Battalion at Pointe du Hoc.
//! (STUB: the rules are being written; this file's public API is fixed.)

pub mod data;

pub use data::{DataError, DataSet, Side};

use crate::bots::Bot;
use crate::engine::{Actor, Game, Outcome, PlayerId, Tally};
use std::path::Path;

/// The ruleset + scenario, immutable and shared by all threads.
pub struct RuddersLine {
    data: DataSet,
}

#[derive(Clone, Copy, Debug, Default)]
pub struct State {}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    Pass,
}

impl RuddersLine {
    /// The game on the embedded default (reconstructed) data.
    pub fn embedded() -> Result<Self, DataError> {
        Self::from_data(DataSet::embedded()?)
    }

    /// The game on a user's data (`--data`), or the embedded default when `path` is `None`.
    pub fn load(path: Option<&Path>) -> Result<Self, DataError> {
        match path {
            Some(p) => Self::from_data(DataSet::load(p)?),
            None => Self::embedded(),
        }
    }

    pub fn from_data(data: DataSet) -> Result<Self, DataError> {
        Ok(RuddersLine { data })
    }

    pub fn data(&self) -> &DataSet {
        &self.data
    }

    /// Bot names this game offers besides the generic ones: `scripted`.
    pub fn bot(&self, name: &str, player: PlayerId) -> Option<Box<dyn Bot<RuddersLine>>> {
        let _ = (name, player);
        None
    }
}

impl Game for RuddersLine {
    type State = State;
    type Action = Action;
    fn id(&self) -> &'static str {
        "rudders-line"
    }
    fn num_players(&self) -> usize {
        2
    }
    fn player_name(&self, p: PlayerId) -> &'static str {
        Side::from_index(p).name()
    }
    fn initial_state(&self) -> State {
        State {}
    }
    fn actor(&self, _s: &State) -> Actor {
        Actor::Terminal
    }
    fn legal_actions(&self, _s: &State, out: &mut Vec<Action>) {
        out.clear();
    }
    fn chance_outcomes(&self, _s: &State, out: &mut Vec<(Action, u32)>) {
        out.clear();
    }
    fn apply(&self, _s: &mut State, _a: Action) {}
    fn outcome(&self, _s: &State) -> Option<Outcome> {
        Some(Outcome {
            winner: None,
            level: "stub",
            turn: 1,
        })
    }
    fn tally(&self, _s: &State, _p: PlayerId) -> Tally {
        Tally::default()
    }
    fn turn(&self, _s: &State) -> u32 {
        1
    }
    fn describe(&self, _s: &State, a: Action) -> String {
        format!("{a:?}")
    }
}
