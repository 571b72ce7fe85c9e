//! Stacking and displacement (5.3), and the Improved Defense marker's removal (7.7).
//!
//! The owner chooses where a displaced HQ goes (5.3.2, `Step::HqDisplacement`); the opponent
//! chooses which overstacked unit goes where, one at a time (5.3.3, `Step::UnitDisplacement`),
//! through every hex a displacement overstacks in turn (`State::overstack`). The doctrine's
//! picks, listed first, are the fixed rules the engine used before asking.

use super::action::Action;
use super::command;
use super::control::{self, HexSet};
use super::counters::UnitClass;
use super::map::HexsideFeatures;
use super::readings;
use super::ruleset::{Ruleset, NO_HEX};
use super::side::Side;
use super::state::{bits, on_map, AfterOverstack, Overstack, State, Step, Units, ELIMINATED};

/// 5.3.2: the most hexes a displaced HQ is offered: every Town, City and Industrial hex of the
/// map, which loading holds to this many.
pub const MAX_HQ_PLACES: usize = 128;

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
        remove_hq_without_units(rs, s, s.formation[u]);
        if let Some(parent) = rs.unit(u).parent {
            remove_hq_without_units(rs, s, parent);
        }
    }
}

/// 3.3: "HQ units are only removed from play when all their subordinate or currently assigned
/// units have been eliminated" (a unit withdrawn or still to enter keeps it in play).
fn remove_hq_without_units(rs: &Ruleset, s: &mut State, f: u8) {
    let fi = usize::from(f);
    let subordinates_gone = bits(rs.formation_units[fi]).all(|v| s.hex[v] == ELIMINATED);
    if on_map(s.hq_hex[fi]) && subordinates_gone && s.formation_units(rs, f) == 0 {
        s.hq_hex[fi] = ELIMINATED;
        s.refresh(rs);
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
/// the reading `overstacked_disrupted`: a disrupted one loses an SP), then the opponent
/// displaces the surplus one unit at a time (`Step::UnitDisplacement`), and a hex a
/// displacement overstacks suffers the same in turn. AMBIG-14: 5.3.3 (the opponent displaces)
/// over 5.3.1 (the owner); only enemy units block a hex, and a hex in an enemy ZOC may be
/// entered. Prohibited terrain is that of a retreat (`forced_into`): no displacement crosses the
/// Roer. Whether it is all resolved; if not, the opponent's decision is due and `then` goes on
/// after it.
pub fn resolve_overstack(
    rs: &Ruleset,
    s: &mut State,
    h: u16,
    side: Side,
    then: AfterOverstack,
) -> bool {
    if within_limits(rs, s.units_at(rs, side, h)) {
        return true;
    }
    s.overstack = Overstack {
        side,
        queued: 1,
        then,
        ..Overstack::NONE
    };
    s.overstack.queue[0] = h;
    run_overstack(rs, s)
}

/// Goes on with the overstacked hexes until the opponent must choose (`false`) or none is
/// left (`true`). The static Germans of First Blood are no player (10.1): their choices go by
/// the doctrine's rule, the first listed.
fn run_overstack(rs: &Ruleset, s: &mut State) -> bool {
    loop {
        let o = s.overstack;
        if o.hex != NO_HEX {
            let units = s.units_at(rs, o.side, o.hex);
            if within_limits(rs, units) {
                s.overstack.hex = NO_HEX;
                continue;
            }
            if rs.kind.is_static(o.side.other()) {
                let mut first = None;
                unit_displacement_actions(rs, s, &mut |a| {
                    first.get_or_insert(a);
                });
                if let Some(Action::DisplaceUnit { unit, to }) = first {
                    displace(rs, s, usize::from(unit), to);
                }
                continue;
            }
            // 5.3.3: the opponent sees the stack he displaces from (5.3.4).
            s.revealed |= units;
            s.step = Step::UnitDisplacement;
            return false;
        }
        if o.queued == 0 {
            return true;
        }
        s.overstack.queued -= 1;
        let hex = o.queue[usize::from(o.queued - 1)];
        let units = s.units_at(rs, o.side, hex);
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
        s.overstack.hex = hex;
    }
}

/// The choices of `Step::UnitDisplacement`: each unit of the overstacked hex (the last in
/// index order first) into each adjacent hex free of enemy units, a hex not fully stacked
/// unless there is no other (5.3.3; "fully stacked" by the reading `displacement_room`), the
/// emptiest and nearest the owner's supply edge first: the first is the doctrine's. A unit
/// with nowhere to go may be chosen: it is eliminated.
pub fn unit_displacement_actions(rs: &Ruleset, s: &State, out: &mut impl FnMut(Action)) {
    let o = &s.overstack;
    let mut units = s.units_at(rs, o.side, o.hex);
    while units != 0 {
        let u = (Units::BITS - 1 - units.leading_zeros()) as usize;
        units &= !(1 << u);
        let (hexes, n) = displacement_hexes(rs, s, o.side, o.hex, u);
        if n == 0 {
            out(Action::DisplaceUnit {
                unit: u as u8,
                to: NO_HEX,
            });
        }
        for &to in &hexes[..n] {
            out(Action::DisplaceUnit { unit: u as u8, to });
        }
    }
}

/// 7.5.2, 5.3.1: the hex across hexside `dir` of `from` into which `side`'s units may be forced
/// by a retreat or a displacement, if any: inside the scenario's area, free of enemy units (a
/// lone HQ too), not across the Roer and, for German units on turns 1–3, not north-west of the
/// pillbox line (7.3.8). The Roer: 7.5.2 forbids retreats every "Roer River hexside", its two
/// road crossings too (they are the road rate's, 7.3.7, and neither a retreat nor a
/// displacement moves along a road), and 5.3.1 names "prohibited terrain" for displacement,
/// which this one rule serves for both.
pub fn forced_into(rs: &Ruleset, s: &State, side: Side, from: u16, dir: usize) -> Option<u16> {
    let to = rs.neighbour(from, dir);
    let blocked = to == NO_HEX
        || s.present[side.other().index()].contains(usize::from(to))
        || rs.hexside(from, dir).contains(HexsideFeatures::ROER)
        || rs.barred(side, s.turn, to);
    (!blocked).then_some(to)
}

/// The hexes `u` may be displaced into from `from` (`forced_into`), best first.
fn displacement_hexes(
    rs: &Ruleset,
    s: &State,
    side: Side,
    from: u16,
    u: usize,
) -> ([u16; 6], usize) {
    let dist = &rs.supply_distance[side.index()];
    let told = rs.charts.readings.is(&readings::DISPLACEMENT_ROOM, "told");
    let most = u32::from(rs.charts.stacking.combat_units);
    let mut ranked = [(false, 0u32, 0u8, NO_HEX); 6];
    let mut n = 0;
    for to in (0..6).filter_map(|dir| forced_into(rs, s, side, from, dir)) {
        let count = s.units_at(rs, side, to).count_ones();
        // 5.3.3, 5.3.4: "fully stacked" as the owner tells it, or as the stack's height shows.
        let full = if told {
            !has_room(rs, s, side, to, 1 << u)
        } else {
            count >= most
        };
        ranked[n] = (full, count, dist[usize::from(to)], to);
        n += 1;
    }
    ranked[..n].sort_unstable();
    // 5.3.3: a fully stacked hex only when no other is open.
    if ranked[..n].iter().any(|r| !r.0) {
        n = ranked[..n].iter().filter(|r| !r.0).count();
    }
    let mut hexes = [NO_HEX; 6];
    for (h, r) in hexes.iter_mut().zip(&ranked[..n]) {
        *h = r.3;
    }
    (hexes, n)
}

/// 5.3.3: the opponent displaces `unit` into `to` (one of `unit_displacement_actions`); the
/// overstacked hexes go on. What goes on next once none is left.
pub fn displace_unit(rs: &Ruleset, s: &mut State, unit: u8, to: u16) -> Option<AfterOverstack> {
    displace(rs, s, usize::from(unit), to);
    run_overstack(rs, s).then_some(s.overstack.then)
}

/// `u` goes to `to`, which may be overstacked in turn; with nowhere to go, it is eliminated.
fn displace(rs: &Ruleset, s: &mut State, u: usize, to: u16) {
    if to == NO_HEX {
        lose(rs, s, u, s.strength[u]);
        return;
    }
    // 7.7: a unit leaving its hex lifts the marker there; decided: one displaced into a hex
    // lifts it there too, as one ending a retreat does (the marker is all or nothing).
    lift_improved_defense(rs, s, s.hex[u]);
    s.hex[u] = to;
    s.improved &= !(1 << u);
    s.revealed &= !(1 << u); // 5.3.4: a unit that moves is seen afresh.
    s.refresh(rs);
    lift_improved_defense(rs, s, to);
    let o = &mut s.overstack;
    if usize::from(o.queued) < o.queue.len() {
        o.queue[usize::from(o.queued)] = to;
        o.queued += 1;
    }
}

/// The hexes a displaced HQ is offered, each with its case of 5.3.2.
#[derive(Clone, Copy, Debug)]
pub struct HqPlaces {
    len: usize,
    hexes: [u16; MAX_HQ_PLACES],
    cases: [u8; MAX_HQ_PLACES],
}

impl HqPlaces {
    /// The hexes offered, the least costly case first, then nearest, then lowest index.
    pub fn hexes(&self) -> &[u16] {
        &self.hexes[..self.len]
    }

    /// The case (1-3) of hex `h`, if it is offered.
    pub fn case_of(&self, h: u16) -> Option<u8> {
        let i = self.hexes().iter().position(|&x| x == h)?;
        Some(self.cases[i])
    }

    /// The case of the first hex offered (3 when none is).
    pub fn least_case(&self) -> u8 {
        self.hexes().first().map_or(3, |_| self.cases[0])
    }
}

/// 5.3.2: where a displaced HQ may go, the owner's choice: a friendly Town, City or
/// Industrial hex, within its Command Range by a clear path (case 1: Support and FAL −1),
/// beyond it by a clear path (case 2: −2), or with no clear path (case 3: both to 0; the
/// text names only "not in the HQ's Command Range" there, and is silent on a hex in range with
/// no clear path: decided as case 3, since case 2 already pays for range and case 3 for the
/// missing path, and a hex in range is no better reached through the enemy). Every
/// such hex is offered at its case's penalty, the least costly first and nearest first (the
/// doctrine's fixed rule takes the first); under the reading `hq_displacement =
/// "least_costly"` only those of the least costly case. AMBIG-11: "friendly" is a hex without
/// enemy units outside a live EZOC (unless a friendly combat unit is there, 3.3); an HQ with
/// nowhere to go stays, at 0.
pub fn hq_places(rs: &Ruleset, s: &State, f: u8) -> HqPlaces {
    let from = s.hq_hex[usize::from(f)];
    let side = rs.formation(f).side;
    // The HQ negates the EZOC of the hex it leaves (5.3.2: friendly units negate EZOC).
    let obstacles = s.obstacles(rs, side);
    let open = HexSet::all(&rs.map)
        .difference(&obstacles.enemy_units)
        .difference(&obstacles.live_ezoc().difference(&s.occupied[side.index()]));
    let range = u16::from(rs.formation(f).command_range);
    // Within the scenario's map area (AMBIG-28).
    let towns = rs.built_up.intersection(&open).intersection(&rs.area);
    let reach = control::relocation_reach(&rs.map, rs.hex(from), &obstacles, &towns);
    let least_costly_only = rs
        .charts
        .readings
        .is(&readings::HQ_DISPLACEMENT, "least_costly");
    let mut places = HqPlaces {
        len: 0,
        hexes: [NO_HEX; MAX_HQ_PLACES],
        cases: [0; MAX_HQ_PLACES],
    };
    let mut ranks = [(0u8, 0u16, 0u16); MAX_HQ_PLACES];
    let mut n = 0;
    for i in towns.iter() {
        let to = i as u16;
        if to == from || s.hq_at(to).is_some() || rs.barred(side, s.turn, to) {
            continue;
        }
        let distance = rs.hex(from).distance(rs.hex(to));
        let case = match (reach.contains(i), distance <= range) {
            (true, true) => 1,
            (true, false) => 2,
            (false, _) => 3,
        };
        debug_assert!(
            n < MAX_HQ_PLACES,
            "loading holds the built-up hexes to this"
        );
        ranks[n] = (case, distance, to);
        n += 1;
    }
    // The least costly case first, then nearest, then lowest hex index.
    ranks[..n].sort_unstable();
    for (i, &(case, _, to)) in ranks[..n].iter().enumerate() {
        places.hexes[i] = to;
        places.cases[i] = case;
    }
    places.len = n;
    if least_costly_only {
        let least = places.least_case();
        places.len = places.cases[..places.len].partition_point(|&c| c == least);
    }
    places
}

/// 5.3.2: formation `f`'s HQ is displaced: its owner places it (`Step::HqDisplacement`) once
/// the step under way pauses; with nowhere to go it stays where it is, at 0. The static
/// Germans of First Blood are no player (10.1): theirs goes by the fixed rule at once.
pub fn displace_hq(rs: &Ruleset, s: &mut State, f: u8) {
    let places = hq_places(rs, s, f);
    match places.hexes().first() {
        None => penalise(s, f, 3),
        Some(&to) if rs.kind.is_static(rs.formation(f).side) => {
            put_hq(rs, s, f, to, places.least_case())
        }
        Some(_) => s.displacing |= 1 << f,
    }
}

/// The HQ placed next: the lowest formation of `State::displacing`.
pub fn next_displaced(s: &State) -> u8 {
    s.displacing.trailing_zeros() as u8
}

/// The side placing a displaced HQ.
pub fn displacing_side(rs: &Ruleset, s: &State) -> Side {
    rs.formation(next_displaced(s)).side
}

/// The choices of `Step::HqDisplacement`.
pub fn hq_place_actions(rs: &Ruleset, s: &State, out: &mut impl FnMut(Action)) {
    for &h in hq_places(rs, s, next_displaced(s)).hexes() {
        out(Action::PlaceHq(h));
    }
}

/// Places the next displaced HQ in `to` (one of `hq_place_actions`) with its case's
/// penalties; whether every displaced HQ is now placed.
pub fn place_hq(rs: &Ruleset, s: &mut State, to: u16) -> bool {
    let f = next_displaced(s);
    // The case of the hex chosen, found before the HQ leaves its hex.
    let case = hq_places(rs, s, f).case_of(to).unwrap_or(3);
    s.displacing &= !(1 << f);
    put_hq(rs, s, f, to, case);
    s.displacing == 0
}

/// Formation `f`'s HQ goes to `to`, with the penalties of `case`.
fn put_hq(rs: &Ruleset, s: &mut State, f: u8, to: u16, case: u8) {
    s.hq_hex[usize::from(f)] = to;
    penalise(s, f, case);
    s.refresh(rs);
}

/// 5.3.2 a, b: Support and FAL down by 1 (case 1) or 2 (case 2), or to 0 (case 3).
pub fn penalise(s: &mut State, f: u8, case: u8) {
    let fi = usize::from(f);
    let penalty = match case {
        1 => 1,
        2 => 2,
        _ => u8::MAX,
    };
    s.support[fi] = s.support[fi].saturating_sub(penalty);
    s.fal[fi] = s.fal[fi].saturating_sub(penalty);
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
