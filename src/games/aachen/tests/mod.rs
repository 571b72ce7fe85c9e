//! Rule tests for Aachen, named by rule number, on the embedded data.

mod cases;
mod combat;
mod components;
mod example;
mod movement;
mod odds;
mod ranges;
mod turn;

use super::state::{State, Step};
use super::{Aachen, Action};
use crate::engine::{Actor, Game};

/// A game and a state to set up by hand, with lookups by the rulebook's names.
pub struct Fixture {
    pub game: Aachen,
    pub s: State,
}

impl Fixture {
    /// Turn 2, Combat Phase, first Action Round; the American units where 5.3.1 sets them
    /// up; every German Area unrevealed; German Morale 19.
    pub fn combat() -> Fixture {
        let game = Aachen::embedded().expect("embedded data");
        let mut s = game.rules().initial;
        s.turn = 2;
        s.phase = super::Phase::Combat;
        s.step = Step::ActionRound;
        s.event = super::state::NONE;
        Fixture { game, s }
    }

    /// The combat fixture with the reading `name` (charts.toml `[readings]`) set to `value`.
    pub fn combat_reading(name: &str, value: &str) -> Fixture {
        let mut data = super::data::DataSet::embedded().expect("embedded data");
        let r = data.charts.readings.0.get_mut(name).expect("a reading");
        r.value = value.into();
        let mut f = Fixture::combat();
        f.game = Aachen::from_data(data).expect("a valid reading");
        f
    }

    pub fn unit(&self, id: &str) -> u8 {
        let rs = self.game.rules();
        rs.americans
            .iter()
            .position(|a| a.id == id)
            .unwrap_or_else(|| panic!("no unit {id}")) as u8
    }

    pub fn counter(&self, id: &str) -> u8 {
        let rs = self.game.rules();
        rs.german_ids
            .iter()
            .position(|g| g == id)
            .unwrap_or_else(|| panic!("no counter {id}")) as u8
    }

    /// A German counter of this terrain type with this Defense Strategy.
    pub fn counter_with(
        &self,
        terrain: super::data::Terrain,
        strategy: super::data::DefenseStrategy,
    ) -> u8 {
        let rs = self.game.rules();
        rs.germans
            .iter()
            .position(|g| g.terrain == terrain && g.strategy == strategy)
            .expect("such a counter") as u8
    }

    /// Moves unit `u` to `loc` (an Area index or an off-map location).
    pub fn set_loc(&mut self, u: u8, loc: u8) {
        self.s.set_loc(self.game.rules(), u, loc);
    }

    /// Puts unit `id` Fresh in Area `n` (1–27).
    pub fn put(&mut self, id: &str, n: u8) -> u8 {
        let u = self.unit(id);
        self.set_loc(u, n - 1);
        self.s.fresh |= 1 << u;
        u
    }

    /// Takes every American unit off the map (to set up a situation from scratch).
    pub fn clear_americans(&mut self) {
        for u in 0..32 {
            self.set_loc(u, super::state::NOT_ARRIVED);
        }
        self.s.fresh = 0;
    }

    /// Reveals counter `c` in Area `n`.
    pub fn reveal(&mut self, n: u8, c: u8) {
        self.s.set_german(n - 1, c);
        self.s.pool &= !(1 << c);
    }

    pub fn vacate(&mut self, n: u8) {
        self.s.set_german(n - 1, super::state::NONE);
    }

    /// Units `ids`, the only American units on the map, in Area 12 (taken), which is then
    /// activated. Returns the units.
    pub fn activated_in_area_12(&mut self, ids: &[&str]) -> Vec<u8> {
        self.clear_americans();
        self.vacate(12);
        let units = ids.iter().map(|id| self.put(id, 12)).collect();
        self.act(Action::Activate(11));
        units
    }

    /// Unit `id` alone in Area 12 (`activated_in_area_12`) moves into Area `n`, where it waits
    /// to attack. Returns the unit.
    pub fn alone_into(&mut self, id: &str, n: u8) -> u8 {
        let u = self.activated_in_area_12(&[id])[0];
        self.act(Action::Select(u));
        self.act(Action::Move { to: n - 1, via: 11 });
        u
    }

    pub fn legal(&self) -> Vec<Action> {
        let mut v = Vec::new();
        self.game.legal_actions(&self.s, &mut v);
        v
    }

    /// Applies a decision, which must be legal.
    pub fn act(&mut self, a: Action) {
        assert_eq!(
            self.game.actor(&self.s),
            Actor::Player(0),
            "not a decision: {:?}",
            self.s.step
        );
        assert!(
            self.legal().contains(&a),
            "{a:?} is not legal at {:?}: {:?}",
            self.s.step,
            self.legal()
        );
        self.game.apply(&mut self.s, a);
    }

    /// Applies a chance outcome, which must be one of the node's.
    pub fn roll(&mut self, a: Action) {
        let mut v = Vec::new();
        self.game.chance_outcomes(&self.s, &mut v);
        assert!(
            v.iter().any(|&(o, _)| o == a),
            "{a:?} is no outcome at {:?}",
            self.s.step
        );
        self.game.apply(&mut self.s, a);
    }
}
