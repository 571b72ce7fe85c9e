//! Stacking and displacement (5.3), and the Improved Defense marker's removal (7.7).
//!
//! The opponent's choices in a displacement (5.3.3) and the owner's choice of an HQ's new hex
//! (5.3.2) are made by fixed rules, written below, rather than asked: they are forced moves
//! in all but rare positions, and asking would stall every search on them.

use super::command;
use super::control::{self, HexSet};
use super::counters::UnitClass;
use super::readings;
use super::ruleset::{Ruleset, NO_HEX};
use super::side::Side;
use super::state::{bits, State, Units, ELIMINATED};

/// 5.3.1: whether `units` may end in `to` beside `side`'s combat units already there.
pub fn has_room(rs: &Ruleset, s: &State, side: Side, to: u16, units: Units) -> bool {
    let all = s.units_at(rs, side, to) | units;
    within_limits(rs, all)
}

fn within_limits(rs: &Ruleset, units: Units) -> bool {
    let limits = &rs.charts.stacking;
    let afv = bits(units)
        .filter(|&u| rs.unit(u).class == UnitClass::Afv)
        .count();
    units.count_ones() <= u32::from(limits.combat_units) && afv <= usize::from(limits.afv_units)
}

/// 7.7: the marker leaves the hex (every unit there loses it).
pub fn lift_improved_defense(rs: &Ruleset, s: &mut State, h: u16) {
    for side in Side::BOTH {
        s.improved &= !s.units_at(rs, side, h);
    }
}

/// A unit loses `n` SP (5.6.2, 7.5.2); at 0 it is eliminated.
pub fn lose(rs: &Ruleset, s: &mut State, u: usize, n: u8) {
    let n = n.min(s.strength[u]);
    s.strength[u] -= n;
    s.losses[rs.unit(u).side.index()] += u16::from(n);
    if s.strength[u] == 0 {
        let h = s.hex[u];
        s.hex[u] = ELIMINATED;
        s.disrupted &= !(1 << u);
        s.improved &= !(1 << u);
        s.refresh(rs);
        // 7.7: a unit eliminated removes the marker from its hex.
        if h != NO_HEX {
            lift_improved_defense(rs, s, h);
        }
    }
}

/// A unit disrupts (5.6.2): it leaves Improved Defense with its hex (7.7); if it already was
/// disrupted it loses one SP (combat and overstacking, 5.6.2).
pub fn disrupt(rs: &Ruleset, s: &mut State, u: usize) {
    if s.is_disrupted(u) {
        lose(rs, s, u, 1);
        return;
    }
    s.disrupted |= 1 << u;
    lift_improved_defense(rs, s, s.hex[u]);
    s.refresh(rs);
}

/// 5.3.1–5.3.3: `side`'s stack in `h` over the limits: every combat unit disrupts (AMBIG-13,
/// the reading `overstacked_disrupted`: a disrupted one loses an SP), then the surplus is displaced one unit at a time, cascading.
/// Fixed choices for the opponent (5.3.3): the last units in index order go, each to the
/// adjacent hex with the fewest friendly units (not full if any is not), nearest the owner's
/// supply edge; a unit with no hex free of enemy units is eliminated. AMBIG-14: 5.3.3 (the
/// opponent displaces) over 5.3.1 (the owner); only enemy units block a hex, and a hex in an
/// enemy ZOC may be entered. Prohibited terrain is not checked: the Roer, the only such
/// hexside, lies outside the shipped map's area.
pub fn resolve_overstack(rs: &Ruleset, s: &mut State, h: u16, side: Side) {
    let mut pending = [NO_HEX; 8];
    pending[0] = h;
    let mut n = 1;
    while n > 0 {
        n -= 1;
        let hex = pending[n];
        let units = s.units_at(rs, side, hex);
        if within_limits(rs, units) {
            continue;
        }
        let keep_sp = rs
            .charts
            .readings
            .is(&readings::OVERSTACKED_DISRUPTED, "stays_disrupted");
        for u in bits(units) {
            if !(keep_sp && s.is_disrupted(u)) {
                disrupt(rs, s, u);
            }
        }
        let mut stay = s.units_at(rs, side, hex);
        while !within_limits(rs, stay) {
            let u = (Units::BITS - 1 - stay.leading_zeros()) as usize;
            stay &= !(1 << u);
            match displacement_hex(rs, s, side, hex, u) {
                Some(to) => {
                    s.hex[u] = to;
                    s.improved &= !(1 << u);
                    s.revealed &= !(1 << u); // 5.3.4: a unit that moves is seen afresh.
                    s.refresh(rs);
                    if n < pending.len() {
                        pending[n] = to;
                        n += 1;
                    }
                }
                None => lose(rs, s, u, s.strength[u]),
            }
        }
    }
}

fn displacement_hex(rs: &Ruleset, s: &State, side: Side, from: u16, u: usize) -> Option<u16> {
    let enemy = &s.present[side.other().index()];
    let dist = &rs.supply_distance[side.index()];
    rs.neighbours(from)
        .filter(|&n| !enemy.contains(usize::from(n)))
        .filter(|&n| {
            !(side == Side::German && s.turn <= 3 && rs.german_restricted.contains(usize::from(n)))
        })
        .min_by_key(|&n| {
            let full = !has_room(rs, s, side, n, 1 << u);
            (
                full,
                s.units_at(rs, side, n).count_ones(),
                dist[usize::from(n)],
                n,
            )
        })
}

/// 5.3.2: an HQ displaced to a friendly Town, City or Industrial hex: within its Command
/// Range by a clear path (Support and FAL −1), else beyond it by a clear path (−2), else
/// anywhere (both to 0). The owner's choice, made by a fixed rule: the best case, then the
/// nearest hex. AMBIG-11: "friendly" is a hex without enemy units outside a live EZOC
/// (unless a friendly combat unit is there, 3.3); an HQ with nowhere to go stays, at 0.
pub fn displace_hq(rs: &Ruleset, s: &mut State, f: u8) {
    let fi = usize::from(f);
    let from = s.hq_hex[fi];
    let side = rs.formation(f).side;
    // The HQ negates the EZOC of the hex it leaves (5.3.2: friendly units negate EZOC).
    let obstacles = s.obstacles(rs, side);
    let open = HexSet::all(&rs.map)
        .difference(&obstacles.enemy_units)
        .difference(&obstacles.live_ezoc().difference(&s.occupied[side.index()]));
    let range = u16::from(rs.formation(f).command_range);
    let towns = rs.built_up.intersection(&open);
    let reach = control::relocation_reach(&rs.map, rs.hex(from), &obstacles, &towns);
    let mut best: Option<(u8, u16, u16)> = None;
    for i in towns.iter() {
        let to = i as u16;
        if to == from || s.hq_at(to).is_some() {
            continue;
        }
        let distance = rs.hex(from).distance(rs.hex(to));
        let case = match (reach.contains(i), distance <= range) {
            (true, true) => 1,
            (true, false) => 2,
            (false, _) => 3,
        };
        if best.is_none_or(|b| (case, distance, to) < b) {
            best = Some((case, distance, to));
        }
    }
    let (case, to) = best.map_or((3, from), |(c, _, to)| (c, to));
    s.hq_hex[fi] = to;
    let penalty = match case {
        1 => 1,
        2 => 2,
        _ => u8::MAX,
    };
    s.support[fi] = s.support[fi].saturating_sub(penalty);
    s.fal[fi] = s.fal[fi].saturating_sub(penalty);
    s.refresh(rs);
}

/// 7.5: an HQ left alone in a hex after combat is displaced.
pub fn displace_lone_hq_at(rs: &Ruleset, s: &mut State, h: u16) {
    if let Some(f) = s.hq_at(h) {
        let side = rs.formation(f).side;
        if s.units_at(rs, side, h) == 0 && command::enemy_adjacent(rs, s, side, h) {
            displace_hq(rs, s, f);
        }
    }
}
