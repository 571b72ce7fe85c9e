//! The Reinforcements and Withdrawals Segment (8.5): each side, the German first, may hold back
//! any of its reinforcements to the next turn ("including those previously delayed"): a
//! formation's whole group, its HQ or any one unit; then the rest enter at their listed hexes
//! (8.5.1); then the withdrawals (8.5.2).

use super::action::Action;
use super::assignment;
use super::command;
use super::control::{self, HexSet};
use super::ops;
use super::readings;
use super::ruleset::{Arrival, Ruleset};
use super::side::Side;
use super::stacking;
use super::state::{
    bits, on_map, Formations, State, Step, Units, ELIMINATED, NOT_ENTERED, WITHDRAWN,
};

/// 8.5: the German side's reinforcements first.
pub(super) fn start(rs: &Ruleset, s: &mut State) {
    offer(rs, s, Side::German);
}

/// The reinforcements `side` has due this turn, with those it held back before: the side
/// decides whether to hold any back again, or they enter at once if there are none.
fn offer(rs: &Ruleset, s: &mut State, side: Side) {
    let turn = s.turn;
    let mine = |u: usize| rs.unit(u).side == side;
    let arriving = rs
        .arrivals
        .iter()
        .map(|a| usize::from(a.unit))
        .filter(|&u| mine(u) && arrives_now(rs, s, u))
        .fold(Units::default(), |m, u| m | 1 << u);
    let held = bits(s.held)
        .filter(|&u| mine(u))
        .fold(0, |m: Units, u| m | 1 << u);
    s.held &= !held;
    s.entering = arriving | held;
    let hqs = rs
        .hq_arrivals
        .iter()
        .filter(|a| a.turn == turn && rs.formation(a.formation).side == side)
        .fold(0, |m, a| m | 1 << a.formation);
    let held_hqs = (0..rs.formations.len())
        .filter(|&f| s.held_hqs & (1 << f) != 0 && rs.formation(f as u8).side == side)
        .fold(0, |m, f| m | 1 << f);
    s.held_hqs &= !held_hqs;
    s.entering_hqs = hqs | held_hqs;
    if s.entering == 0 && s.entering_hqs == 0 {
        finish(rs, s, side);
    } else {
        s.step = Step::Reinforce(side);
    }
}

/// Whether unit `u` is listed to arrive this turn: one not yet entered, or one of a formation
/// withdrawn earlier that comes back (8.5.2).
fn arrives_now(rs: &Ruleset, s: &State, u: usize) -> bool {
    rs.arrivals
        .iter()
        .any(|a| usize::from(a.unit) == u && a.turn == s.turn)
        && (s.hex[u] == NOT_ENTERED || returns(rs, s, u))
}

/// The arrival of unit `u` that is due: the latest listed up to this turn.
fn arrival(rs: &Ruleset, s: &State, u: usize) -> Arrival {
    *rs.arrivals
        .iter()
        .filter(|a| usize::from(a.unit) == u && a.turn <= s.turn)
        .max_by_key(|a| a.turn)
        .expect("a unit entering has an arrival")
}

/// The formations whose reinforcements enter now (their HQ, or units listed with them).
fn entering_formations(rs: &Ruleset, s: &State) -> Formations {
    bits(s.entering).fold(s.entering_hqs, |m, u| m | 1 << arrival(rs, s, u).formation)
}

/// The units entering now that are listed with formation `f` (its own and independents).
fn entering_with(rs: &Ruleset, s: &State, f: u8) -> Units {
    bits(s.entering)
        .filter(|&u| arrival(rs, s, u).formation == f)
        .fold(Units::default(), |m, u| m | 1 << u)
}

/// 8.5: "Entry of reinforcements can be delayed to the next turn at the owning side's option":
/// any reinforcement, the text setting no limit by formation. For each formation with
/// reinforcements entering: hold back all of them (`Delay`, one decision for the common case);
/// where it brings two or more counters, also its HQ alone (`DelayHq`) or any one of its units
/// (`DelayUnit`), so that no two choices do the same. Each decision holds one back and the
/// side decides again; `Done` lets the rest enter.
pub fn actions(rs: &Ruleset, s: &State, out: &mut impl FnMut(Action)) {
    let formations = entering_formations(rs, s);
    for f in (0..rs.formations.len() as u8).filter(|&f| formations & (1 << f) != 0) {
        out(Action::Delay(f));
        let units = entering_with(rs, s, f);
        let hq = s.entering_hqs & (1 << f) != 0;
        if units.count_ones() + u32::from(hq) < 2 {
            continue;
        }
        if hq {
            out(Action::DelayHq(f));
        }
        for u in bits(units) {
            out(Action::DelayUnit(u as u8));
        }
    }
    out(Action::Done);
}

/// 8.5: `Delay(f)` holds formation `f`'s reinforcements back to the next turn, `DelayHq(f)` its
/// HQ and `DelayUnit(u)` unit `u`; `Done` places the rest.
pub fn decide(rs: &Ruleset, s: &mut State, side: Side, a: Action) {
    let (units, hqs) = match a {
        Action::Delay(f) => (entering_with(rs, s, f), 1 << f),
        Action::DelayHq(f) => (0, 1 << f),
        Action::DelayUnit(u) => (1 << u, 0),
        _ => return finish(rs, s, side),
    };
    let units = units & s.entering;
    s.entering &= !units;
    s.held |= units;
    let hqs = hqs & s.entering_hqs;
    s.entering_hqs &= !hqs;
    s.held_hqs |= hqs;
    if s.entering == 0 && s.entering_hqs == 0 {
        finish(rs, s, side);
    }
}

/// `side`'s reinforcements enter, each independent assigned first; then the US side's turn,
/// or the withdrawals and the Ops Phase.
fn finish(rs: &Ruleset, s: &mut State, side: Side) {
    let independents = bits(s.entering).filter(|&u| rs.unit(u).parent.is_none());
    s.queue = independents.fold(Units::default(), |m, u| m | 1 << u);
    for u in bits(s.queue) {
        s.formation[u] = listed_formation(rs, s, u);
    }
    assign_entering(rs, s, side);
}

/// 8.2: "Independent reinforcements must be assigned to a formation before entering the map"
/// (5.5.2: one of its side's, a US one of its own Corps): the owner picks for each that more
/// than one formation could take; one that only its listed formation can take goes there.
/// Then the reinforcements enter.
fn assign_entering(rs: &Ruleset, s: &mut State, side: Side) {
    while s.queue != 0 {
        let u = s.queue.trailing_zeros() as usize;
        if entering_formations_for(rs, s, u).nth(1).is_some() {
            s.step = Step::Entering(side);
            return;
        }
        s.queue &= !(1 << u);
    }
    place(rs, s, side);
    match side {
        Side::German => offer(rs, s, Side::Us),
        Side::Us => reassign_then_withdraw(rs, s),
    }
}

/// The formation the scenario lists entering independent `u` with; one withdrawn meanwhile,
/// or whose HQ left play with its last unit (3.3), passes it to the first heir (8.5.2 note).
fn listed_formation(rs: &Ruleset, s: &State, u: usize) -> u8 {
    let f = arrival(rs, s, u).formation;
    if matches!(s.hq_hex[usize::from(f)], WITHDRAWN | ELIMINATED) {
        heirs(rs, s, f).next().unwrap_or(f)
    } else {
        f
    }
}

/// The formations entering independent `u` may be assigned to: the one it is listed with
/// first (the doctrine's pick), then every other it may be attached to (5.5.2) whose HQ is
/// on the map or entering now.
fn entering_formations_for<'a>(
    rs: &'a Ruleset,
    s: &'a State,
    u: usize,
) -> impl Iterator<Item = u8> + 'a {
    let listed = s.formation[u];
    let side = rs.unit(u).side;
    let others = (0..rs.formations.len() as u8).filter(move |&f| {
        let fi = usize::from(f);
        f != listed
            && rs.formation(f).side == side
            && assignment::attachable(rs, u, f)
            && (on_map(s.hq_hex[fi]) || s.entering_hqs & (1 << f) != 0)
            && !rs.withdrawals.contains(&(s.turn, f))
    });
    std::iter::once(listed).chain(others)
}

/// The choices of `Step::Entering`: the formations the lowest independent of the queue may
/// join.
pub fn entering_actions(rs: &Ruleset, s: &State, out: &mut impl FnMut(Action)) {
    let u = s.queue.trailing_zeros() as usize;
    for f in entering_formations_for(rs, s, u) {
        out(Action::Assign(u as u8, f));
    }
}

/// 8.2: `side` assigns entering independent `u` to formation `f`; the next, or the entry.
pub fn assign_entering_to(rs: &Ruleset, s: &mut State, side: Side, u: u8, f: u8) {
    let u = usize::from(u);
    s.formation[u] = f;
    s.queue &= !(1 << u);
    assign_entering(rs, s, side);
}

/// 8.5.2 note: the independents assigned to a formation withdrawing this turn "can be assigned
/// to a different formation instead": the Germans choose where each goes when two or more
/// could take it (one: it goes there). Then the withdrawals, and the Ops Phase.
fn reassign_then_withdraw(rs: &Ruleset, s: &mut State) {
    while let Some((u, first, several)) = heir_due(rs, s) {
        if several {
            s.step = Step::Heir;
            return;
        }
        assignment::assign(s, u, first);
    }
    withdrawals(rs, s);
    ops::start_ops(rs, s);
}

/// 8.5.2 note: the German reassigns independent `u` to formation `f`.
pub fn reassign(rs: &Ruleset, s: &mut State, u: u8, f: u8) {
    assignment::assign(s, usize::from(u), f);
    reassign_then_withdraw(rs, s);
}

/// 8.5.2: the choices of `Step::Heir`, the heirs of the independent due.
pub fn heir_actions(rs: &Ruleset, s: &State, out: &mut impl FnMut(Action)) {
    if let Some((u, _, _)) = heir_due(rs, s) {
        for f in heirs(rs, s, s.formation[u]) {
            out(Action::Assign(u as u8, f));
        }
    }
}

/// The lowest independent still assigned to a formation withdrawing this turn that another
/// formation can take, its first heir, and whether there are several.
pub(super) fn heir_due(rs: &Ruleset, s: &State) -> Option<(usize, u8, bool)> {
    let turn = s.turn;
    rs.withdrawals
        .iter()
        .filter(|w| w.0 == turn)
        .flat_map(|&(_, f)| bits(s.formation_units(rs, f) & !rs.formation_units[usize::from(f)]))
        .find_map(|u| {
            let mut heirs = heirs(rs, s, s.formation[u]);
            heirs.next().map(|first| (u, first, heirs.next().is_some()))
        })
}

/// 8.5.1: the entering HQs, then units, at their listed hexes or the nearest hex free of enemy
/// units, with room, and not next to an enemy combat unit.
fn place(rs: &Ruleset, s: &mut State, side: Side) {
    let hqs = s.entering_hqs;
    for f in (0..rs.formations.len() as u8).filter(|&f| hqs & (1 << f) != 0) {
        let a = rs
            .hq_arrivals
            .iter()
            .filter(|a| a.formation == f && a.turn <= s.turn)
            .max_by_key(|a| a.turn)
            .expect("an HQ entering has an arrival");
        let fi = usize::from(f);
        let Some(hex) = nearest_open(rs, s, side, a.hex, 0, None) else {
            s.held_hqs |= 1 << f; // nowhere open: due again next turn
            continue;
        };
        s.hq_hex[fi] = hex;
        s.fal[fi] = a.activation_level.min(rs.formation(f).max_activation_level);
        // A returning HQ (8.5.2) comes back fresh: full support, supplied side up.
        s.support[fi] = rs.formation(f).support;
        s.emergency &= !(1 << f);
        s.refresh(rs);
    }
    s.entering_hqs = 0;
    for u in bits(s.entering) {
        let a = arrival(rs, s, u);
        // An independent enters assigned as its owner chose (`assign_entering`); a formation's
        // unit with its formation.
        let f = if rs.unit(u).parent.is_none() {
            s.formation[u]
        } else {
            a.formation
        };
        let area = fallback_area(rs, s, f);
        let Some(hex) = nearest_open(rs, s, side, a.hex, 1 << u, area.as_ref()) else {
            s.held |= 1 << u; // nowhere open: due again next turn
            continue;
        };
        if returns(rs, s, u) {
            // 8.5.2: back "at full strength, even if units were eliminated" (or
            // cannibalised); what they had lost stays counted (9).
            note_losses(rs, s, u);
            s.disrupted &= !(1 << u);
            s.improved &= !(1 << u);
            s.revealed &= !(1 << u);
        }
        // 7.7 EXCEPTION: the marker is "NOT removed if reinforcements are placed in the hex";
        // they join it (else the stack would no longer defend all under it).
        if s.units_at(rs, side, hex) & s.improved != 0 {
            s.improved |= 1 << u;
        }
        s.hex[u] = hex;
        assignment::assign(s, u, f);
        s.refresh(rs);
    }
    s.entering = 0;
}

/// 8.5.2: unit `u` of a formation withdrawn on an earlier turn, off the map, comes back.
fn returns(rs: &Ruleset, s: &State, u: usize) -> bool {
    let withdrawn = |f: u8| rs.withdrawals.iter().any(|&(t, w)| w == f && t < s.turn);
    (s.hex[u] == WITHDRAWN || s.hex[u] == ELIMINATED) && rs.unit(u).parent.is_some_and(withdrawn)
}

/// AMBIG-44: a reinforcement enters its listed hex unless an enemy unit is there or it is full
/// (next to the enemy is allowed); else the nearest open hex of the area not next to an enemy
/// unit, an HQ too (8.5.1, decided as for 7.3.5's "enemy unit", AMBIG-22) and, for units,
/// within `area` if given (an HQ: a built-up hex with no HQ); with none, nowhere (it is held to
/// the next turn).
fn nearest_open(
    rs: &Ruleset,
    s: &State,
    side: Side,
    want: u16,
    units: Units,
    area: Option<&HexSet>,
) -> Option<u16> {
    let enemy = &s.present[side.other().index()];
    let open = |h: u16| {
        !enemy.contains(usize::from(h))
            && !rs.barred(side, s.turn, h)
            && (units == 0 && s.hq_at(h).is_none()
                || units != 0 && stacking::has_room(rs, s, side, h, units))
    };
    if open(want) {
        return Some(want);
    }
    let target = rs.hex(want);
    rs.area
        .iter()
        .map(|i| i as u16)
        .filter(|&h| open(h) && !command::enemy_present_adjacent(rs, s, side, h))
        .filter(|&h| units != 0 || rs.built_up.contains(usize::from(h)))
        .filter(|&h| area.is_none_or(|a| a.contains(usize::from(h))))
        .min_by_key(|&h| (rs.hex(h).distance(target), h))
}

/// 8.5.1 (the reading `reinforcement_fallback`): where a unit of formation `f` may enter when
/// its listed hex is not open: "a hex nearest to the entry hex(es), whilst being in Command
/// Range" of its HQ (none with the HQ off the map), or anywhere (`None`).
fn fallback_area(rs: &Ruleset, s: &State, f: u8) -> Option<HexSet> {
    if rs
        .charts
        .readings
        .is(&readings::REINFORCEMENT_FALLBACK, "anywhere")
    {
        return None;
    }
    let hq = s.hq_hex[usize::from(f)];
    if !on_map(hq) {
        return Some(HexSet::EMPTY);
    }
    let side = rs.formation(f).side;
    let range = Some(rs.formation(f).command_range);
    let obstacles = s.obstacles(rs, side);
    Some(control::command_reach(
        &rs.map,
        side,
        rs.hex(hq),
        range,
        &obstacles,
    ))
}

/// 8.5.2 note: the formations that may take over the independents of withdrawing formation
/// `f`: the others of its side with an HQ on the map and not withdrawing this turn, in order
/// (the doctrine's choice, and the rule of `withdrawals` for any left, is the first).
fn heirs<'a>(rs: &'a Ruleset, s: &'a State, f: u8) -> impl Iterator<Item = u8> + 'a {
    let side = rs.formation(f).side;
    let turn = s.turn;
    (0..rs.formations.len() as u8).filter(move |&g| {
        g != f
            && rs.formation(g).side == side
            && on_map(s.hq_hex[usize::from(g)])
            && !rs.withdrawals.contains(&(turn, g))
    })
}

/// 8.5.2: why unit `u` of a withdrawing formation cannot withdraw (and is eliminated), or
/// `None` when it withdraws: its HQ out of supply, the unit disrupted, or out of Command. One
/// test for the withdrawal and its log line (trial 21e F5: no reason was given).
pub fn withdrawal_bar(rs: &Ruleset, s: &State, u: usize) -> Option<&'static str> {
    if !command::hq_supplied(rs, s, s.formation[u]) {
        Some("its HQ out of supply")
    } else if s.is_disrupted(u) {
        Some("disrupted")
    } else if !command::in_command(rs, s, u) {
        Some("out of its HQ's Command Range")
    } else {
        None
    }
}

/// 8.5.2: a withdrawing formation's units leave if In Command, undisrupted and with their HQ
/// in supply, else they are eliminated; assigned independents stay (the Germans reassigned
/// them before, `reassign_then_withdraw`; any left go to the first heir).
/// The SP the leaving units had lost are noted for the VP (9: "They should be noted at the
/// time of withdrawal"), and they leave at full strength (the 116th Panzer comes back so,
/// 8.5.2). Its reinforcements held back (8.5) leave with it.
pub(super) fn withdrawals(rs: &Ruleset, s: &mut State) {
    let turn = s.turn;
    for &(_, f) in rs.withdrawals.iter().filter(|w| w.0 == turn) {
        let units = s.formation_units(rs, f);
        let side = rs.formation(f).side;
        let heir = heirs(rs, s, f).next();
        let own = units & rs.formation_units[usize::from(f)];
        for u in bits(units & !own) {
            if let Some(g) = heir {
                assignment::assign(s, u, g);
                assignment::lift_on_reassignment(rs, s, u);
            }
        }
        let ok = bits(own)
            .filter(|&u| withdrawal_bar(rs, s, u).is_none())
            .fold(Units::default(), |m, u| m | 1 << u);
        for u in bits(own) {
            // 7.7: a unit leaving the hex "for any reason", or eliminated, lifts its marker.
            if on_map(s.hex[u]) {
                stacking::lift_improved_defense(rs, s, s.hex[u]);
            }
            if ok & (1 << u) != 0 {
                note_losses(rs, s, u);
                s.hex[u] = WITHDRAWN;
            } else {
                s.losses[side.index()] += u16::from(s.strength[u]);
                s.strength[u] = 0;
                s.hex[u] = ELIMINATED;
            }
        }
        let held = s.held & rs.formation_units[usize::from(f)];
        for u in bits(held) {
            s.hex[u] = WITHDRAWN;
        }
        s.held &= !held;
        s.held_hqs &= !(1 << f);
        s.hq_hex[usize::from(f)] = WITHDRAWN;
        s.refresh(rs);
    }
}

/// 9, 8.5.2: the SP unit `u` lost so far, noted for the VP; it is at full strength again.
pub(super) fn note_losses(rs: &Ruleset, s: &mut State, u: usize) {
    if let Some(p) = &rs.plan {
        let lost = rs.unit(u).strength.saturating_sub(s.strength[u]);
        // ≤ 15 SP × 34 quarters a unit (`scenario::MAX_SP_LOSS_QUARTER_VP`); saturating, since
        // a formation withdrawn, returned and withdrawn again is noted twice.
        let quarters = u16::from(lost) * u16::from(p.loss_quarters[u]);
        s.noted_loss_quarters = s.noted_loss_quarters.saturating_add(quarters);
    }
    s.strength[u] = rs.unit(u).strength;
}
