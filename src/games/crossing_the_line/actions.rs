//! The Actions of an activation (7): the list the active formation chooses from, and the three
//! small Actions — HQ Relocation (7.4), Refit (7.6) and Improved Defense (7.7). Movement and
//! Combat have their own modules.
//!
//! AMBIG-33 (5.8.3, 7.1): Out of Command units may only Move or make a Hasty Attack, so Refit
//! (unless the reading `out_of_command_refit` is `allowed`) and Improved Defense need In
//! Command units. AMBIG-45 (7.7): Improved Defense only for a hex whose combat units all act
//! now. AMBIG-38 (7.4): "within Command Range" is hex distance.

use super::action::Action;
use super::battle;
use super::command::{self, Standing};
use super::control::{self, HexSet};
use super::movement;
use super::ops;
use super::readings;
use super::ruleset::Ruleset;
use super::stacking;
use super::state::{bits, on_map, CheckKind, State, Step, BONUS_ONLY};

/// Step::Action: every Action the active formation can afford, and End.
pub fn action_actions(rs: &Ruleset, s: &State, out: &mut impl FnMut(Action)) {
    let acting = bits(rs.side_units[s.act().side.index()])
        .filter(|&u| ops::acts_now(s, u))
        .fold(0, |m, u| m | 1 << u);
    let standing = command::standing(rs, s, acting);
    movement::mover_actions(rs, s, &standing, out);
    battle::attack_actions(rs, s, &standing, out);
    refit_actions(rs, s, &standing, out);
    improved_defense_actions(rs, s, &standing, out);
    relocation_actions(rs, s, out);
    out(Action::End);
}

fn refit_actions(rs: &Ruleset, s: &State, standing: &Standing, out: &mut impl FnMut(Action)) {
    let side = s.act().side;
    let out_of_command_may = rs
        .charts
        .readings
        .is(&readings::OUT_OF_COMMAND_REFIT, "allowed");
    let disrupted = bits(rs.side_units[side.index()] & s.disrupted)
        .filter(|&u| ops::acts_now(s, u))
        .fold(0, |m, u| m | 1 << u);
    // 7.1: "Isolated disrupted units may not carry out any Actions at all"; `standing` does
    // not tell Isolated from Out of Command, a full trace does (needed under the reading only).
    let isolated = if out_of_command_may {
        command::isolated_units(rs, s, disrupted & !standing.in_command)
    } else {
        0
    };
    for u in bits(disrupted) {
        let bit = 1 << u;
        let may = standing.in_command & bit != 0 || (out_of_command_may && isolated & bit == 0);
        let cost = movement::action_cost(rs, standing, rs.charts.ap_costs.refit, bit);
        if may && ops::available(s, bit) >= cost {
            out(Action::Refit(u as u8));
        }
    }
}

/// 7.6: the unit checks; on a pass it recovers, on a failure nothing happens. Out of Command
/// (the reading `out_of_command_refit`), it pays double (5.8.3).
pub fn refit(rs: &Ruleset, s: &mut State, u: u8) {
    let standing = command::standing(rs, s, 1 << u);
    let cost = movement::action_cost(rs, &standing, rs.charts.ap_costs.refit, 1 << u);
    ops::pay(s, cost, 1 << u);
    s.queue = 1 << u;
    s.step = Step::Check(CheckKind::Refit);
}

pub fn refit_check(rs: &Ruleset, s: &mut State, u: usize, passed: bool) {
    if passed {
        s.disrupted &= !(1 << u);
        s.refresh(rs);
    }
}

fn improved_defense_actions(
    rs: &Ruleset,
    s: &State,
    standing: &Standing,
    out: &mut impl FnMut(Action),
) {
    let side = s.act().side;
    let mut seen = HexSet::EMPTY;
    for u in bits(rs.side_units[side.index()]) {
        let h = s.hex[u];
        if !on_map(h) || seen.contains(usize::from(h)) || !ops::acts_now(s, u) {
            continue;
        }
        seen.insert(usize::from(h));
        let units = s.units_at(rs, side, h);
        let ok = units & s.disrupted == 0
            && units & !s.improved != 0
            && bits(units).all(|v| ops::acts_now(s, v))
            && ops::available(s, units) >= rs.charts.ap_costs.improved_defense
            && standing.all_in_command(units);
        if ok {
            out(Action::ImprovedDefense(h));
        }
    }
}

/// 7.7: the marker goes on the whole stack.
pub fn improved_defense(rs: &Ruleset, s: &mut State, h: u16) {
    let units = s.units_at(rs, s.act().side, h);
    ops::pay(s, rs.charts.ap_costs.improved_defense, units);
    s.improved |= units;
    ops::after_action(rs, s);
}

/// 7.4: the HQ's destinations: a Town, City or Industrial hex within Command Range, free of
/// enemy units and any other HQ, joined by a path free of enemy units and EZOC (AMBIG-38:
/// "friendly-controlled" read so; the path may be of any length).
fn relocation_actions(rs: &Ruleset, s: &State, out: &mut impl FnMut(Action)) {
    let f = s.act().formation;
    if f == BONUS_ONLY {
        return;
    }
    let info = rs.formation(f);
    let from = s.hq_hex[usize::from(f)];
    if !on_map(from) || s.act().ap < info.relocation {
        return;
    }
    let within = relocation_targets(rs, s, f);
    for to in within.iter() {
        out(Action::Relocate(to as u16));
    }
    if penalised_relocations(rs) {
        for &to in stacking::hq_places(rs, s, f).hexes() {
            if !within.contains(usize::from(to)) {
                out(Action::Relocate(to));
            }
        }
    }
}

/// 7.4 under the reading `hq_relocation_limits = "penalised"`: a Relocation beyond the limits
/// is offered too, at the penalty of HQ Displacement.
fn penalised_relocations(rs: &Ruleset) -> bool {
    rs.charts
        .readings
        .is(&readings::HQ_RELOCATION_LIMITS, "penalised")
}

/// 7.4: the case of 5.3.2 whose penalty a Relocation of the active HQ to `to` pays: `None`
/// within the limits, which is every Relocation offered under the default reading.
pub fn relocation_penalty(rs: &Ruleset, s: &State, to: u16) -> Option<u8> {
    let f = s.act().formation;
    if !penalised_relocations(rs) || relocation_targets(rs, s, f).contains(usize::from(to)) {
        return None;
    }
    Some(stacking::hq_places(rs, s, f).case_of(to).unwrap_or(3))
}

fn relocation_targets(rs: &Ruleset, s: &State, f: u8) -> HexSet {
    let info = rs.formation(f);
    let from = s.hq_hex[usize::from(f)];
    let mut obstacles = s.obstacles(rs, info.side);
    // 7.4 decision in `control`: the moving HQ does not negate its own hex's EZOC.
    if s.units_at(rs, info.side, from) == 0 {
        obstacles.friendly_units.remove(usize::from(from));
    }
    let range = u16::from(info.command_range);
    let mut wanted = HexSet::EMPTY;
    for i in rs.built_up.iter() {
        let to = i as u16;
        let near = rs.hex(from).distance(rs.hex(to)) <= range;
        if to != from && near && s.hq_at(to).is_none() && !rs.barred(info.side, s.turn, to) {
            wanted.insert(i);
        }
    }
    control::relocation_reach(&rs.map, rs.hex(from), &obstacles, &wanted).intersection(&wanted)
}

pub fn relocate(rs: &Ruleset, s: &mut State, to: u16) {
    let f = s.act().formation;
    let penalty = relocation_penalty(rs, s, to);
    ops::pay(s, rs.formation(f).relocation, 0);
    s.hq_hex[usize::from(f)] = to;
    if let Some(case) = penalty {
        stacking::penalise(s, f, case);
    }
    s.refresh(rs);
    ops::after_action(rs, s);
}
