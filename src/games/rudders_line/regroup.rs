//! The Regroup Phase (12.1, steps 1–6) and the weapon pick-up routine (2.64).

use super::action::Action;
use super::data::Side;
use super::fire::may_carry;
use super::ruleset::{unit_bits, Ruleset};
use super::state::{Phase, Roll, State, Step, HANDLED, NONE, SPENT};
use super::{turn, victory};

pub fn start(rs: &Ruleset, s: &mut State) {
    s.phase = Phase::Regroup;
    // Step 1: victory.
    if victory::check(rs, s) {
        return;
    }
    // Step 2: markers come off; fired weapons are ready again for the next turn.
    s.interdiction = [[0; super::state::MAX_AREAS]; 2];
    for w in unit_bits(rs.weapons) {
        s.units[usize::from(w)].flags &= !(SPENT | HANDLED);
    }
    leaders_rally(rs, s);
    start_auto_rally(rs, s);
}

/// Step 3: squads and Weapons Teams with a friendly NCO, FO or BAR gunner in their area turn
/// fresh; all single-figure counters turn fresh.
fn leaders_rally(rs: &Ruleset, s: &mut State) {
    for u in unit_bits(rs.personnel) {
        if s.loc(u) < 64 && s.is_spent(u) && rallies_by_a_leader(rs, s, u) {
            s.set_spent(rs, u, false);
        }
    }
}

/// Step 3's test: `u` is a single-figure counter, or a friendly NCO, FO or BAR gunner is in
/// its area (shared with the log, which tells these rallies).
pub fn rallies_by_a_leader(rs: &Ruleset, s: &State, u: u8) -> bool {
    let side = rs.info(u).side;
    rs.leaders & (1 << u) != 0
        || unit_bits(rs.leaders & rs.side_units[side.index()]).any(|l| s.loc(l) == s.loc(u))
}

/// Spent squads and Weapons Teams still needing a rally (step 4).
fn unrallied(rs: &Ruleset, s: &State, kinds: u128) -> u128 {
    unit_bits(rs.personnel & kinds)
        .filter(|&u| s.loc(u) < 64 && s.is_spent(u))
        .fold(0, |m, u| m | 1 << u)
}

/// Step 4a: one automatic rally of a Ranger squad for each Victory Area the Rangers control.
fn start_auto_rally(rs: &Ruleset, s: &mut State) {
    let held = (rs.victory_areas & s.ranger_control).count_ones() as u8;
    let candidates = unrallied(rs, s, rs.squads & rs.side_units[Side::Rangers.index()]);
    if held > 0 && candidates.count_ones() as u8 > held {
        s.regroup.remaining = held;
        s.step = Step::AutoRally;
        return;
    }
    if held > 0 {
        for u in unit_bits(candidates) {
            s.set_spent(rs, u, false);
        }
    }
    start_rally_rolls(rs, s);
}

pub fn auto_rally_actions(rs: &Ruleset, s: &State, out: &mut impl FnMut(Action)) {
    for u in unit_bits(unrallied(
        rs,
        s,
        rs.squads & rs.side_units[Side::Rangers.index()],
    )) {
        out(Action::AutoRally(u));
    }
}

pub fn auto_rally(rs: &Ruleset, s: &mut State, u: u8) {
    s.set_spent(rs, u, false);
    s.regroup.remaining -= 1;
    if s.regroup.remaining == 0 {
        start_rally_rolls(rs, s);
    }
}

/// Step 4: every other spent squad and Weapons Team rolls 1d6.
fn start_rally_rolls(rs: &Ruleset, s: &mut State) {
    // 12.1 step 4 "an area lacking an NCO, FO or BAR Gunner": read as lacking a FRIENDLY one
    // (step 3's complement), so a unit beside only an enemy leader still rolls.
    s.regroup.to_roll = unrallied(rs, s, rs.squads_and_teams);
    next_rally(rs, s);
}

fn next_rally(rs: &Ruleset, s: &mut State) {
    if s.regroup.to_roll == 0 {
        start_pick_up(rs, s, s.initiative);
    } else {
        s.regroup.cursor = s.regroup.to_roll.trailing_zeros() as u8;
        s.step = Step::Roll(Roll::Rally);
    }
}

/// Step 4: rallied on a roll less than or equal to the Defense Value on the counter's back.
pub fn rally_roll(rs: &Ruleset, s: &mut State, die: u8) {
    let u = s.regroup.cursor;
    if die <= rs.info(u).spent_defense {
        s.set_spent(rs, u, false);
    }
    s.regroup.to_roll &= !(1 << u);
    next_rally(rs, s);
}

fn start_pick_up(_rs: &Ruleset, s: &mut State, side: Side) {
    s.regroup.side = side;
    s.step = Step::PickUp;
}

/// 2.64: a weapon not carried may be placed on an eligible unspent unit in an area the side
/// controls; weapons may be handed over or swapped between unspent units there. The text sets
/// no limit on swaps; the weapon a pick-up or a hand-over places is on its carrier for good
/// (`HANDLED`), the one a swap sends back is not, so every arrangement (a three-way rotation
/// too) can be reached and each decision places one more weapon: the step ends.
pub fn pick_up_actions(rs: &Ruleset, s: &State, out: &mut impl FnMut(Action)) {
    let side = s.regroup.side;
    let controlled = if side == Side::Rangers {
        s.ranger_control
    } else {
        !s.ranger_control
    };
    let eligible = |p: u8, w: u8| {
        let (pk, wk) = (rs.personnel_kind(p), rs.weapon_kind(w));
        matches!((pk, wk), (Some(pk), Some(wk)) if may_carry(pk, wk))
    };
    for w in unit_bits(rs.weapons) {
        let wu = s.unit(w);
        if wu.loc >= 64 || wu.flags & HANDLED != 0 || controlled & (1 << wu.loc) == 0 {
            continue;
        }
        // Unspent units of the side in the weapon's (controlled) area.
        let ready = unit_bits(s.personnel_in(rs, side, wu.loc)).filter(|&p| !s.is_spent(p));
        if wu.link == NONE {
            for p in ready {
                if s.carried(p) == NONE && eligible(p, w) {
                    out(Action::PickUp { weapon: w, unit: p });
                }
            }
        } else if rs.info(wu.link).side == side && !s.is_spent(wu.link) {
            let from = wu.link;
            for p in ready {
                if p == from || !eligible(p, w) {
                    continue;
                }
                let other = s.carried(p);
                let swap_ok =
                    other == NONE || (s.unit(other).flags & HANDLED == 0 && eligible(from, other));
                if swap_ok {
                    out(Action::Hand { from, to: p });
                }
            }
        }
    }
    out(Action::Pass);
}

pub fn pick_up(s: &mut State, weapon: u8, unit: u8) {
    s.carry(weapon, unit);
    s.units[usize::from(weapon)].flags |= HANDLED;
}

pub fn hand(s: &mut State, from: u8, to: u8) {
    let w = s.carried(from);
    let other = s.carried(to);
    s.units[usize::from(from)].link = NONE;
    s.units[usize::from(to)].link = NONE;
    s.carry(w, to);
    s.units[usize::from(w)].flags |= HANDLED;
    if other != NONE {
        // 2.64 sets no limit on swaps: the weapon sent back may move again.
        s.units[usize::from(other)].link = NONE;
        s.carry(other, from);
    }
}

/// The side picking up is done: the other side's turn, then fatigue (step 5).
pub fn end_pick_up(rs: &Ruleset, s: &mut State) {
    if s.regroup.side == s.initiative {
        start_pick_up(rs, s, s.initiative.enemy());
    } else {
        s.regroup.side = s.initiative;
        s.step = Step::Roll(Roll::Fatigue);
    }
}

fn fatigue_candidates(rs: &Ruleset, s: &State, side: Side) -> u128 {
    unit_bits(rs.squads_and_teams & rs.side_units[side.index()])
        .filter(|&u| s.loc(u) < 64 && !s.is_spent(u))
        .fold(0, |m, u| m | 1 << u)
}

/// Step 5: 1d6 halved, rounded down, at least 1: that many of the side's squads and Weapons
/// Teams are fatigued, chosen by the enemy.
pub fn fatigue_roll(rs: &Ruleset, s: &mut State, die: u8) {
    let n = (die / 2).max(1);
    let side = s.regroup.side;
    let candidates = fatigue_candidates(rs, s, side);
    if candidates.count_ones() as u8 <= n {
        for u in unit_bits(candidates) {
            s.set_spent(rs, u, true);
        }
        next_fatigue(rs, s);
    } else {
        s.regroup.remaining = n;
        s.step = Step::Fatigue;
    }
}

pub fn fatigue_actions(rs: &Ruleset, s: &State, out: &mut impl FnMut(Action)) {
    for u in unit_bits(fatigue_candidates(rs, s, s.regroup.side)) {
        out(Action::Fatigue(u));
    }
}

pub fn fatigue(rs: &Ruleset, s: &mut State, u: u8) {
    s.set_spent(rs, u, true);
    s.regroup.remaining -= 1;
    if s.regroup.remaining == 0 {
        next_fatigue(rs, s);
    }
}

/// First the Initiative player, then the other, checks for fatigue; then step 6.
fn next_fatigue(rs: &Ruleset, s: &mut State) {
    if s.regroup.side == s.initiative {
        s.regroup.side = s.initiative.enemy();
        s.step = Step::Roll(Roll::Fatigue);
    } else {
        // Step 6: the next game turn.
        s.turn += 1;
        turn::start_turn(rs, s);
    }
}
