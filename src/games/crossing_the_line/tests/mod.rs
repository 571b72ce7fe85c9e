//! Rule tests of the engine on hand-made positions, named by rule number: `ops` (6), `movement`
//! (7.3, 6.4), `battle` (7.5), `actions` (7.4, 7.6, 7.7, 5.3, 5.8), `admin` (8), `victory`
//! (9, 10); `playouts` checks invariants and determinism over whole random games.
//!
//! A fixture starts from a scenario's set-up with every unit and HQ off the map, then places
//! what a test needs. The south of the map (hexrows 11–16, columns 08–14) is open clear
//! ground without roads, streams or pillboxes: most positions are built there.

mod actions;
mod ambiguities;
mod battle;
mod campaign;
mod cases;
mod movement;
mod ops;
mod playouts;
mod ranges;
mod reinforcements;
mod sequence;
mod victory;

use super::action::Action;
use super::hex::Hex;
use super::ruleset::Ruleset;
use super::side::Side;
use super::state::{bits, Activation, State, Step, Units, MAX_UNITS, NOT_ENTERED};
use super::CrossingTheLine;
use crate::engine::{Actor, Game};

pub struct Fx {
    pub g: CrossingTheLine,
}

impl Fx {
    pub fn new(scenario: &str) -> Fx {
        Fx {
            g: CrossingTheLine::embedded(scenario).expect("embedded data"),
        }
    }

    pub fn s2() -> Fx {
        Fx::new("stolberg-corridor")
    }

    /// The Stolberg Corridor on the embedded data with one file edited (`from` → `to`), as
    /// a user's `--data` folder or an experiment's variant gives it.
    pub fn s2_edited(file: &str, from: &str, to: &str) -> Fx {
        Fx::edited("stolberg-corridor", file, from, to)
    }

    /// Scenario `scenario` on the embedded data with one file edited (`from` → `to`).
    pub fn edited(scenario: &str, file: &str, from: &str, to: &str) -> Fx {
        // One folder per call: tests run in parallel in one process.
        static NEXT: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
        let text = match file {
            "charts.toml" => super::charts::CHARTS_TOML,
            "scenarios.toml" => super::scenario::EMBEDDED,
            "counters.toml" => super::counters::EMBEDDED,
            "map.toml" => super::map::MAP_TOML,
            other => panic!("no embedded {other}"),
        };
        assert!(text.contains(from), "{from:?} not in {file}");
        let dir = std::env::temp_dir().join(format!(
            "sandtable-ctl-fx-{}-{}",
            std::process::id(),
            NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed)
        ));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join(file), text.replacen(from, to, 1)).unwrap();
        let g = CrossingTheLine::load(Some(&dir), scenario);
        let _ = std::fs::remove_dir_all(&dir);
        Fx {
            g: g.expect("the edited data loads"),
        }
    }

    pub fn rs(&self) -> &Ruleset {
        self.g.rules()
    }

    /// The scenario's state with every unit and HQ off the map, at `step`.
    pub fn bare(&self) -> State {
        let mut s = self.rs().initial;
        s.hex = [NOT_ENTERED; MAX_UNITS];
        s.hq_hex = [NOT_ENTERED; super::state::MAX_FORMATIONS];
        s.refresh(self.rs());
        s
    }

    pub fn hex(&self, number: u16) -> u16 {
        self.rs()
            .index(Hex::from_number(number).expect("a hex number"))
            .expect("a hex of the map")
    }

    pub fn number(&self, h: u16) -> u16 {
        self.rs().hex(h).number()
    }

    pub fn unit(&self, name: &str) -> usize {
        let rs = self.rs();
        rs.units
            .iter()
            .position(|u| u.name == name)
            .unwrap_or_else(|| panic!("unit {name} in play"))
    }

    pub fn formation(&self, id: &str) -> u8 {
        self.rs().formation_index(id).expect("formation in play")
    }

    /// Puts unit `name` in hex `number`.
    pub fn put(&self, s: &mut State, name: &str, number: u16) -> usize {
        let u = self.unit(name);
        s.hex[u] = self.hex(number);
        s.refresh(self.rs());
        u
    }

    /// Puts formation `id`'s HQ in hex `number`.
    pub fn hq(&self, s: &mut State, id: &str, number: u16) -> u8 {
        let f = self.formation(id);
        s.hq_hex[usize::from(f)] = self.hex(number);
        s.refresh(self.rs());
        f
    }

    /// Formation `id` is activated with `ap` Action Points, choosing its next Action.
    pub fn activate(&self, s: &mut State, id: &str, ap: u8) {
        let f = self.formation(id);
        s.depth = 0;
        s.acts[0] = Activation {
            side: self.rs().formation(f).side,
            formation: f,
            ap,
            bonus: 0,
            bonus_units: 0,
            reaction: false,
        };
        s.step = Step::Action;
    }

    /// Through the Reinforcements Segment (8.5): nothing held back, each entering independent
    /// to the first formation offered (the one it is listed with).
    pub fn enter_all(&self, s: &mut State) {
        loop {
            match s.step {
                Step::Reinforce(_) => self.decide(s, Action::Done),
                Step::Entering(_) => {
                    let first = self.legal(s)[0];
                    self.decide(s, first);
                }
                _ => return,
            }
        }
    }

    pub fn legal(&self, s: &State) -> Vec<Action> {
        let mut out = Vec::new();
        self.g.legal_actions(s, &mut out);
        out
    }

    /// Applies a decision, which must be legal.
    pub fn decide(&self, s: &mut State, a: Action) {
        assert!(
            matches!(self.g.actor(s), Actor::Player(_)),
            "no decision at {:?}",
            s.step
        );
        assert!(
            self.legal(s).contains(&a),
            "{a:?} is not legal at {:?}",
            s.step
        );
        self.g.apply(s, a);
    }

    /// Applies a chance outcome, which must be possible; the SNAFU token's owner keeps the
    /// roll (5.2; tests of the token use `roll`).
    pub fn chance(&self, s: &mut State, a: Action) {
        self.roll(s, a);
        if s.step == Step::Snafu {
            self.g.apply(s, Action::Keep);
        }
    }

    /// Applies a chance outcome, which must be possible.
    pub fn roll(&self, s: &mut State, a: Action) {
        assert_eq!(self.g.actor(s), Actor::Chance, "no chance at {:?}", s.step);
        let mut out = Vec::new();
        self.g.chance_outcomes(s, &mut out);
        assert!(
            out.iter().any(|&(x, w)| x == a && w > 0),
            "{a:?} cannot happen at {:?}: {out:?}",
            s.step
        );
        self.g.apply(s, a);
    }

    /// The chance outcomes with their weights.
    pub fn outcomes(&self, s: &State) -> Vec<(Action, u32)> {
        let mut out = Vec::new();
        self.g.chance_outcomes(s, &mut out);
        out
    }

    /// The hexes (as numbers) where `Move` actions of `unit` (alone) may end; none if the unit
    /// cannot be selected to move.
    pub fn destinations(&self, s: &State, unit: usize) -> Vec<(u16, bool)> {
        let select = self.select_action(s, unit, false);
        if !self.legal(s).contains(&select) {
            return Vec::new();
        }
        let mut s = *s;
        self.decide(&mut s, select);
        let mut out: Vec<(u16, bool)> = self
            .legal(&s)
            .into_iter()
            .filter_map(|a| match a {
                Action::Move { to, leg_bonus } => Some((self.number(to), leg_bonus)),
                _ => None,
            })
            .collect();
        out.sort();
        out
    }

    /// The `Select` of `unit` for a Movement Action (7.3): alone, or with `stack` with every
    /// unit of its formation in its hex that can move now (7.3.1).
    pub fn select_action(&self, s: &State, unit: usize, stack: bool) -> Action {
        let rs = self.rs();
        let units = if stack {
            bits(s.units_at(rs, rs.unit(unit).side, s.hex[unit]))
                .filter(|&v| {
                    s.formation[v] == s.formation[unit]
                        && super::ops::acts_now(s, v)
                        && !s.is_disrupted(v)
                        && rs.unit(v).ma > 0
                })
                .fold(0, |m: Units, v| m | 1 << v)
        } else {
            1 << unit
        };
        super::movement::select_of(rs, s, units)
    }

    /// Selects `unit` (with its stack if `stack`) for a Movement Action (7.3), which must be
    /// legal.
    pub fn select(&self, s: &mut State, unit: usize, stack: bool) {
        let a = self.select_action(s, unit, stack);
        self.decide(s, a);
    }

    /// Every mover a Movement Action may name now (7.3, 7.3.1), with the units it moves, in
    /// the order offered.
    pub fn movers(&self, s: &State) -> Vec<(Action, Units)> {
        self.legal(s)
            .into_iter()
            .filter_map(|a| match a {
                Action::Select { from, pick } => {
                    Some((a, super::movement::movers_of(self.rs(), s, from, pick)))
                }
                _ => None,
            })
            .collect()
    }

    /// The mover that moves exactly `units` (by name), if one is offered.
    pub fn mover(&self, s: &State, units: &[&str]) -> Option<Action> {
        let mask = units
            .iter()
            .fold(0, |m: Units, name| m | 1 << self.unit(name));
        self.movers(s)
            .into_iter()
            .find(|&(_, m)| m == mask)
            .map(|(a, _)| a)
    }

    /// Moves `unit` alone to hex `number` without the leg bonus: selection, then destination.
    pub fn move_to(&self, s: &mut State, unit: usize, number: u16) {
        self.select(s, unit, false);
        let to = self.hex(number);
        self.decide(
            s,
            Action::Move {
                to,
                leg_bonus: false,
            },
        );
    }

    /// The six neighbours of hex `number`, as numbers.
    pub fn ring(&self, number: u16) -> Vec<u16> {
        let rs = self.rs();
        rs.neighbours(self.hex(number))
            .map(|n| self.number(n))
            .collect()
    }

    pub fn at(&self, s: &State, unit: usize) -> u16 {
        self.number(s.hex[unit])
    }

    /// The units of `side` in hex `number`, by name.
    pub fn names_at(&self, s: &State, side: Side, number: u16) -> Vec<String> {
        bits(s.units_at(self.rs(), side, self.hex(number)))
            .map(|u| self.rs().unit(u).name.clone())
            .collect()
    }
}
