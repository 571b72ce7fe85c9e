//! Rule tests, one or more per rule case, named after the rule number. Each builds a small
//! situation on the embedded map with a [`Fixture`], applies actions through the Game trait
//! and checks the rulebook's result.

mod assault;
mod casualties;
mod fire;
mod initiative;
mod movement;
mod ranges;
mod regroup;
mod scripted;
mod weapons;

use super::data::Side;
use super::state::{Phase, State, Step, ELIMINATED, NONE};
use super::{Action, RuddersLine};
use crate::engine::{Actor, Game};

/// A test situation: the embedded game with an empty map, units placed one by one.
pub struct Fixture {
    pub g: RuddersLine,
    pub s: State,
    used: u128,
}

impl Fixture {
    /// Turn 2, Action Phase, Rangers active with the Initiative, nobody on the map.
    pub fn new() -> Fixture {
        Fixture::with(RuddersLine::embedded().expect("embedded data loads"))
    }

    /// `new` with the reading `name` (scenario.toml `[readings]`) set to `value`.
    pub fn with_reading(name: &str, value: &str) -> Fixture {
        let mut data = super::data::DataSet::embedded().expect("embedded data loads");
        let r = data.scenario.readings.0.get_mut(name).expect("a reading");
        r.value = value.into();
        Fixture::with(RuddersLine::from_data(data).expect("a valid reading"))
    }

    fn with(g: RuddersLine) -> Fixture {
        let mut s = g.rules.initial;
        for u in 0..g.rules.units.len() as u8 {
            if g.rules.is_personnel(u) && s.loc(u) != ELIMINATED {
                s.take(&g.rules, u);
            }
            let unit = &mut s.units[usize::from(u)];
            unit.loc = ELIMINATED;
            unit.link = NONE;
            unit.began = ELIMINATED;
        }
        s.turn = 2;
        s.phase = Phase::Action;
        s.step = Step::Segment;
        s.initiative = Side::Rangers;
        s.active = Side::Rangers;
        Fixture { g, s, used: 0 }
    }

    pub fn area(&self, id: &str) -> u8 {
        self.g
            .rules
            .area_index(id)
            .unwrap_or_else(|| panic!("no area {id}"))
    }

    pub fn tem(&self, id: &str) -> u8 {
        self.g.rules.tem(self.area(id))
    }

    fn unused(&mut self, counter: &str) -> u8 {
        self.unused_where(counter, |_| true)
    }

    fn unused_where(
        &mut self,
        counter: &str,
        pred: impl Fn(&super::ruleset::UnitInfo) -> bool,
    ) -> u8 {
        let rs = &self.g.rules;
        let u = (0..rs.units.len() as u8)
            .find(|&u| {
                let i = rs.info(u);
                i.counter == counter && self.used & (1 << u) == 0 && pred(i)
            })
            .unwrap_or_else(|| panic!("no unused {counter}"));
        self.used |= 1 << u;
        u
    }

    /// Places a fresh personnel counter of type `counter` in area `id`, where it began the
    /// turn (11.4).
    pub fn place(&mut self, counter: &str, id: &str) -> u8 {
        let u = self.unused(counter);
        let a = self.area(id);
        self.s.put(&self.g.rules, u, a);
        self.s.units[usize::from(u)].began = a;
        u
    }

    /// Places a counter of type `counter` that the Set Up Card holds back until a later turn.
    pub fn place_held_back(&mut self, counter: &str, id: &str) -> u8 {
        let u = self.unused_where(counter, |i| i.released_on_turn > 1);
        let a = self.area(id);
        self.s.put(&self.g.rules, u, a);
        u
    }

    /// Gives `unit` a weapon counter of type `counter` to carry.
    pub fn arm(&mut self, unit: u8, counter: &str) -> u8 {
        let w = self.unused(counter);
        self.s.carry(w, unit);
        w
    }

    /// A weapon of type `counter` lying in area `id`.
    pub fn lay(&mut self, counter: &str, id: &str) -> u8 {
        let w = self.unused(counter);
        self.s.units[usize::from(w)].loc = self.area(id);
        w
    }

    /// An interdiction marker of `side` worth `value` in area `id` (8.1).
    pub fn marker(&mut self, side: Side, id: &str, value: u8) {
        let a = self.area(id);
        self.s.interdiction[side.index()][usize::from(a)] = value;
    }

    pub fn spend(&mut self, u: u8) {
        self.s.set_spent(&self.g.rules, u, true);
    }

    pub fn is_spent(&self, u: u8) -> bool {
        self.s.is_spent(u)
    }

    pub fn loc(&self, u: u8) -> u8 {
        self.s.loc(u)
    }

    pub fn phase(&mut self, phase: Phase, active: Side) {
        self.s.phase = phase;
        self.s.active = active;
        self.s.step = Step::Segment;
    }

    pub fn legal(&self) -> Vec<Action> {
        let mut v = Vec::new();
        self.g.legal_actions(&self.s, &mut v);
        v
    }

    pub fn can(&self, a: Action) -> bool {
        self.legal().contains(&a)
    }

    /// Applies a decision, checking that it is legal.
    pub fn act(&mut self, a: Action) {
        assert!(self.can(a), "{a:?} is not legal; legal: {:?}", self.legal());
        self.g.apply(&mut self.s, a);
    }

    /// Applies a die result at a chance node.
    pub fn roll(&mut self, die: u8) {
        assert_eq!(
            self.g.actor(&self.s),
            Actor::Chance,
            "no chance node: {:?}",
            self.s.step
        );
        self.g.apply(&mut self.s, Action::Die(die));
    }

    /// Activates area `id` and forms a group of `units` (they join in index order, 10.2).
    pub fn group(&mut self, id: &str, units: &[u8]) {
        self.act(Action::Activate(self.area(id)));
        let mut sorted = units.to_vec();
        sorted.sort();
        for u in sorted {
            self.act(Action::AddUnit(u));
        }
    }

    pub fn actor(&self) -> Actor {
        self.g.actor(&self.s)
    }
}
