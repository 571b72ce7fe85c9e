//! Cross of Iron (the Squad Leader gamette, 4th edition). Its ordnance dice (63–70) and the
//! smaller dice procedures (66.3, 67.11, 75.8, 79, 86, 93, 99, 100) are rules the text states
//! in full (`gunnery`, `modifiers`, `procedures`); their odds are exact tables
//! (`analysis::cross_of_iron`). The game itself is a Design-Your-Own scenario played on a
//! reconstructed Squad Leader base: the charts, board and vehicle values the text leaves out
//! are labelled data files (`data/`), replaceable with `--data`.

mod action;
mod board;
pub mod data;
mod describe;
mod fire;
mod game;
pub mod gunnery;
mod melee;
pub mod modifiers;
mod movement;
mod odds;
mod ordnance;
mod phases;
pub mod procedures;
mod ruleset;
mod scripted;
mod state;
#[cfg(test)]
mod tests;

pub use action::Action;
pub use board::{Board, Terrain};
pub use ruleset::{Kind, Ruleset, UnitDef};
pub use scripted::ScriptedBot;
pub use state::{flag, Pending, Phase, State, Unit};

use crate::engine::bits::ones;
use crate::engine::data::DataError;
use std::path::Path;
use std::sync::Arc;

/// The game: the scenario's rules, shared by every thread.
#[derive(Clone)]
pub struct CrossOfIron {
    rules: Arc<Ruleset>,
}

impl CrossOfIron {
    /// The embedded data, or `--data` (a directory or one file).
    pub fn load(data: Option<&Path>) -> Result<CrossOfIron, DataError> {
        let (set, origins) = data::load(data)?;
        Ok(CrossOfIron {
            rules: Arc::new(Ruleset::new(set, &origins)?),
        })
    }

    /// The embedded data.
    pub fn embedded() -> Result<CrossOfIron, DataError> {
        Self::load(None)
    }

    pub fn rules(&self) -> &Ruleset {
        &self.rules
    }

    fn def(&self, u: usize) -> &UnitDef {
        &self.rules.units[u]
    }

    fn n(&self) -> usize {
        self.rules.units.len()
    }

    /// In play and not broken.
    fn good(&self, s: &State, u: usize) -> bool {
        s.units[u].in_play() && !s.units[u].has(flag::BROKEN)
    }

    /// Infantry: a squad or a leader.
    fn infantry(&self, u: usize) -> bool {
        self.rules.infantry >> u & 1 == 1
    }

    /// The good-order counters of `side` in `hex` among `these` (a set of counters).
    fn good_in_hex<'a>(
        &self,
        s: &'a State,
        hex: u8,
        side: u8,
        these: u64,
    ) -> impl Iterator<Item = usize> + 'a {
        let candidates = self.rules.sides[side as usize] & s.in_play & these;
        ones(candidates).filter(move |&u| s.units[u].hex == hex && !s.units[u].has(flag::BROKEN))
    }

    fn vehicle(&self, u: usize) -> bool {
        self.rules.vehicles >> u & 1 == 1
    }

    /// The counters of `side` in play, in counter order.
    fn side_in_play(&self, s: &State, side: u8) -> impl Iterator<Item = usize> {
        debug_assert_eq!(
            s.in_play,
            self.find_in_play(s),
            "State::in_play is stale: a counter left play without `refresh`"
        );
        ones(self.rules.sides[side as usize] & s.in_play)
    }

    /// The counters of `side` in play in `hex`.
    fn in_hex<'a>(&self, s: &'a State, hex: u8, side: u8) -> impl Iterator<Item = usize> + 'a {
        let side = if self.occupied_by(s, hex, side) {
            self.rules.sides[side as usize] & s.in_play
        } else {
            0
        };
        ones(side).filter(move |&u| s.units[u].hex == hex)
    }

    fn occupied_by(&self, s: &State, hex: u8, side: u8) -> bool {
        self.occupied(s, side) >> hex & 1 == 1
    }

    /// The hexes holding counters of `side`, as a set.
    fn occupied(&self, s: &State, side: u8) -> u128 {
        debug_assert_eq!(
            s.occupied[side as usize],
            self.find_occupied(s, side),
            "State::occupied is stale: a counter moved or left play without `refresh`"
        );
        s.occupied[side as usize]
    }

    /// The hexes holding counters of `side`, found from the counters (`in_play` current).
    fn find_occupied(&self, s: &State, side: u8) -> u128 {
        ones(self.rules.sides[side as usize] & s.in_play)
            .fold(0, |set, u| set | 1 << s.units[u].hex)
    }

    fn find_in_play(&self, s: &State) -> u64 {
        (0..self.n())
            .filter(|&u| s.units[u].in_play())
            .fold(0, |set, u| set | 1 << u)
    }

    /// Brings `State::in_play` and `State::occupied` up to date after counters moved or left
    /// play.
    pub fn refresh(&self, s: &mut State) {
        s.in_play = self.find_in_play(s);
        s.occupied = [self.find_occupied(s, 0), self.find_occupied(s, 1)];
        s.due = s.find_due();
        self.retarget(s);
    }

    /// Puts `u` in `hex`.
    fn relocate(&self, s: &mut State, u: usize, hex: u8) {
        let from = s.units[u].hex;
        s.units[u].hex = hex;
        let side = self.def(u).side as usize;
        if s.in_play >> u & 1 == 0 {
            return;
        }
        let others = self.rules.sides[side] & s.in_play & !(1 << u);
        if !ones(others).any(|o| s.units[o].hex == from) {
            s.occupied[side] &= !(1 << from);
        }
        s.occupied[side] |= 1 << hex;
        if self.vehicle(u) {
            self.lose_sight(s, u);
        }
        self.retarget(s);
    }

    /// 69.3: every enemy firer that has acquired `u` and no longer sees it (the move just
    /// applied took it out of the firer's LOS) loses the acquisition. A move is applied whole,
    /// so only the hex it ends in is checked, not the hexes passed on the way.
    fn lose_sight(&self, s: &mut State, u: usize) {
        let (hex, side) = (s.units[u].hex, self.def(u).side as usize);
        let board = &self.rules.board;
        for f in ones(self.rules.sides[1 - side] & s.in_play) {
            let firer = &mut s.units[f];
            if firer.acquired == u as u8 && !board.sees(firer.hex, hex) {
                firer.acquired = u8::MAX;
                firer.acquisition = 0;
            }
        }
    }

    /// A hex holding counters of both sides: a melee (SL 20), or an overrunning AFV.
    fn contested(&self, s: &State, hex: u8) -> bool {
        self.occupied_by(s, hex, 0) && self.occupied_by(s, hex, 1)
    }

    /// The best modifier of a good-order leader of `side` in `hex` other than `except`
    /// (SL 12.x leadership, reconstructed: it modifies his stack's fire, morale checks,
    /// rallies and close combat).
    fn leadership(&self, s: &State, hex: u8, side: u8, except: usize) -> i8 {
        // `except` may be no counter at all (past the last).
        let except = 1u64.checked_shl(except as u32).unwrap_or(0);
        self.good_in_hex(s, hex, side, self.rules.leaders & !except)
            .map(|u| self.def(u).leadership)
            .min()
            .unwrap_or(0)
    }

    /// The armour leader's modifier of AFV `u` (76.6), while he is with it (64.44: lost with
    /// a failed crew morale check).
    pub(super) fn armour_leader_drm(&self, s: &State, u: usize) -> i8 {
        let d = self.def(u);
        if d.armor_leader && !s.units[u].has(flag::LEADER_LOST) {
            d.leadership
        } else {
            0
        }
    }

    /// The leadership DRM of `u`'s IFT attack: the best leader in its hex directing it; none
    /// for an AFV's MGs (76.1: "Only armor leaders may affect armor performance", and 76.6
    /// does not let the armour leader modify them).
    pub(super) fn fire_leadership(&self, s: &State, u: usize) -> i8 {
        if self.vehicle(u) {
            return 0;
        }
        self.leadership(s, s.units[u].hex, self.def(u).side, u)
    }

    /// A good-order enemy counter next to `hex`: infantry, an AFV, or a gun, whose crew is
    /// infantry (SL 13's rout and 83.2's Desperation Morale; trial 21f F2: a broken leader next
    /// to a manned 45mm gun neither routed nor rallied at +4).
    fn enemy_adjacent(&self, s: &State, hex: u8, side: u8) -> bool {
        self.enemy_adjacent_where(s, hex, side, |_| true)
    }

    /// A good-order enemy counter for which `kind` holds next to `hex`.
    fn enemy_adjacent_where(
        &self,
        s: &State,
        hex: u8,
        side: u8,
        kind: impl Fn(usize) -> bool,
    ) -> bool {
        let next_to = self.rules.board.within(hex, 1) & !(1 << hex);
        self.side_in_play(s, 1 - side)
            .any(|u| next_to >> s.units[u].hex & 1 == 1 && self.good(s, u) && kind(u))
    }

    /// A unit's morale now: 93's battlefield-integrity loss applied.
    fn morale(&self, s: &State, u: usize) -> i8 {
        let d = self.def(u);
        let mut m = d.morale as i8;
        if d.kind == Kind::Vehicle && (!d.armor_leader || s.units[u].has(flag::LEADER_LOST)) {
            m = 7; // SL crew morale 7 (reconstructed); 76: an armour leader's own morale
        }
        // 93.2: "all units on that side drop their morale one level": an AFV's crew too (its
        // morale is used for its own morale checks), though 93.8 never counts it in the tally.
        m - self.integrity_levels_lost(s, d.side) as i8
    }

    /// 93.2-93.6: the morale levels a side has lost by its infantry losses, 0 when rule 93 is
    /// out of play.
    pub(super) fn integrity_levels_lost(&self, s: &State, side: u8) -> u8 {
        match self.rules.options.battlefield_integrity {
            true => self.integrity_loss(s, side),
            false => 0,
        }
    }

    /// 93.2-93.6: the morale levels a side has lost by its infantry losses.
    fn integrity_loss(&self, s: &State, side: u8) -> u8 {
        use procedures::{morale_levels_lost, Support};
        let count = |side: u8| {
            self.side_in_play(s, side)
                .filter(|&u| self.vehicle(u))
                .count()
        };
        let (mine, theirs) = (count(side), count(1 - side));
        // 93.6: "any functioning AT Guns": a gun whose crew is in good order and whose gun is
        // not malfunctioned or disabled.
        let guns = self.side_in_play(s, side).any(|u| {
            self.def(u).kind == Kind::Gun
                && !s.units[u].has(flag::BROKEN | flag::GUN_BROKEN | flag::DISABLED)
        });
        let support = if mine > 0 && theirs <= 2 * mine {
            Support::Armor
        } else if theirs > 0 && mine == 0 && !guns {
            Support::FacingArmorAlone
        } else {
            Support::Normal
        };
        morale_levels_lost(
            u32::from(s.lost_points[side as usize]),
            u32::from(self.rules.infantry_points[side as usize]),
            support,
        )
    }

    /// Removes a counter from play (89: taken prisoner), counting the loss.
    pub(super) fn eliminate(&self, s: &mut State, u: usize, captured: bool) {
        let d = self.def(u);
        let side = d.side as usize;
        s.units[u].flags |= flag::GONE | if captured { flag::CAPTURED } else { 0 };
        s.clear_due(u, flag::MC_DUE);
        s.in_play &= !(1 << u);
        s.occupied[side] = self.find_occupied(s, d.side);
        self.retarget(s);
        s.losses[side] += 1;
        if self.infantry(u) {
            // 93.2: the infantry counter's own points, its support weapon not counted (93.1).
            s.lost_points[side] = s.lost_points[side].saturating_add(d.points);
        }
        // 93.1: a gun's crew is an infantry counter too (its points apart from the gun's).
        s.lost_points[side] = s.lost_points[side].saturating_add(d.crew_points);
        let points = d.points + d.crew_points + if d.sw.is_some() { self.sw_points(u) } else { 0 };
        let cp = if captured { 2 * points } else { points };
        s.casualty_points[side] = s.casualty_points[side].saturating_add(cp);
    }

    fn sw_points(&self, u: usize) -> u16 {
        let d = self.def(u);
        let side = data::SIDES[d.side as usize];
        let id = d.sw.as_ref().map(|w| w.id.as_str());
        self.rules
            .data
            .counters
            .support_weapons
            .weapons
            .iter()
            .find(|w| Some(w.id.as_str()) == id && w.side == side)
            .map_or(0, |w| w.points)
    }
}
