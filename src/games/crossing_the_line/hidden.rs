//! Limited Intelligence (5.3.4): what a side sees of the enemy, and the determinization that
//! redraws the rest for information-set search, so that a bot never reads what its player
//! cannot see (unless the game is `--open`).
//!
//! What a side sees of the enemy, decided here (one line each, with the rule):
//!
//! * 5.3.4: the top unit of each enemy stack, identity and printed values; by a fixed order the
//!   top is the unit with the lowest index in the hex.
//! * 5.6.3: whether that top unit is disrupted (the counter is flipped), and 7.7 the Improved
//!   Defense marker on the hex.
//! * 5.3.4: the whole defending stack once a ground attack on it is declared, and (decided) the
//!   units that attack, whose printed values the combat reads (7.5.1); `State::revealed`, kept
//!   until the unit moves, when its stack is another one.
//! * 5.3.4 note, decided: the owner keeps an HQ under its combat units, so the HQ exception never
//!   shows more; HQ positions and Support Points are known (every change of them is a public
//!   event on a known HQ: 5.3.2, 7.4, 8.1).
//! * Stack heights are seen; the class (Infantry/AFV) and the disruption of the hidden units
//!   are treated as known, because the EZOC they project (5.4) limits the viewer's own moves.
//! * 5.3.4: strength markers never; a unit's printed strength is public, and so are the side's
//!   total losses (combat results and every other SP loss are public events): what is hidden is
//!   how the surviving units share them.
//!
//! * 5.5.2: the formation an independent is assigned to, recorded secretly, until the unit
//!   conducts an Action of that formation (`State::assignment_shown`, decided: a challenge
//!   then would show it); a new assignment is secret again. The enemy sees that the side
//!   assigns, not what (`describe_seen`). Under the reading `improved_defense_on_reassignment
//!   = "lifted"` a marker lifted by a reassignment is seen to go (7.7).
//! * Not hidden (a simplification): after a German reorganisation (8.4.2) the exact SP it
//!   moved, which the kept total implies.
//!
//! `determinize` draws the hidden part anew: the hidden units of each (class, disruption,
//! Improved Defense) group are dealt at random over that group's hidden places, each under a
//! top unit of lower index so the tops stay the tops; then the side's current SP are spread at
//! random over its units on the map, each between 1 and its printed strength; then the secret
//! assignments of its independents are drawn among the formations each may join. The draws
//! read only what the viewer sees (they are the same for two states the viewer cannot tell
//! apart) and keep every hex's occupant class and disruption, hence the ZOC (5.4), the
//! stacking (5.3.1) and all the viewer's legal actions.

use super::assignment;
use super::control::HexSet;
use super::counters::UnitClass;
use super::ruleset::Ruleset;
use super::scenario::MAX_PLAN_MARKERS;
use super::side::Side;
use super::state::{bits, on_map, Pending, State, Step, Units, MAX_UNITS};
use crate::engine::GameRng;
use rand::Rng;

/// The top unit of each stack among `units`: the lowest index in its hex (5.3.4).
fn tops(s: &State, units: Units) -> Units {
    let mut seen = HexSet::EMPTY;
    let mut out = 0;
    for u in bits(units) {
        let h = usize::from(s.hex[u]);
        if !seen.contains(h) {
            seen.insert(h);
            out |= 1 << u;
        }
    }
    out
}

/// The enemy units (of the side other than `viewer`) that `viewer` sees, wherever they are on
/// the map: the top of each stack and the revealed units (5.3.4).
pub fn visible_enemy(rs: &Ruleset, s: &State, viewer: Side) -> Units {
    let units = s.on_map_units(rs, viewer.other());
    tops(s, units) | (units & s.revealed)
}

/// Units an Action or a combat under way names (moving, fighting, rolling, with a bonus AP):
/// they stay where they are, so the state goes on as it would.
fn engaged(s: &State) -> Units {
    let mut m = s.moving.units | s.queue;
    if s.pending == Pending::Attack || s.step == Step::Attackers {
        m |= s.fight.attackers | s.fight.defenders | s.fight.failed;
    }
    for a in &s.acts[..=usize::from(s.depth)] {
        m |= a.bonus_units;
    }
    m
}

/// A state `viewer` cannot tell from `s` (5.3.4), with the enemy's hidden stack contents and
/// all its strengths drawn anew from `rng`. The viewer's own units, what it sees of the enemy
/// (see the module), and the enemy's current total SP on the map are kept; so are the
/// viewer's legal actions. No heap allocation.
pub fn determinize(rs: &Ruleset, s: &State, viewer: Side, rng: &mut GameRng) -> State {
    let mut d = *s;
    let enemy = viewer.other();
    let units = s.on_map_units(rs, enemy);
    let shown = visible_enemy(rs, s, viewer) | engaged(s);
    deal_hidden(rs, &mut d, units & !shown, rng);
    spread_strength(rs, &mut d, units, rng);
    redraw_assignments(rs, &mut d, enemy, rng);
    if viewer == Side::German {
        redraw_plan(rs, &mut d, rng);
    }
    d
}

/// 5.5.2: the enemy's independents on the map whose assignment has not been shown, each
/// assigned anew to a formation it may be attached to whose HQ is on the map (the true one
/// among them, unless its HQ is off the map: then the draw still reads only what is seen).
fn redraw_assignments(rs: &Ruleset, s: &mut State, side: Side, rng: &mut GameRng) {
    let secret = s.on_map_units(rs, side) & !s.assignment_shown;
    for u in bits(secret).filter(|&u| rs.unit(u).parent.is_none()) {
        let open = (0..rs.formations.len() as u8)
            .filter(|&f| on_map(s.hq_hex[usize::from(f)]) && assignment::attachable(rs, u, f));
        let n = open.clone().count();
        if n > 0 {
            let k = rng.random_range(0..n);
            s.formation[u] = open.clone().nth(k).expect("k < n");
        }
    }
}

/// 8.3: the US lines up its Victory Plan markers hidden; the German knows how many were drawn
/// and the ones he inspected. The others are drawn anew from the markers he has not seen (a
/// shuffle of the unseen draws with the cup, so each arrangement is as likely).
fn redraw_plan(rs: &Ruleset, s: &mut State, rng: &mut GameRng) {
    let Some(p) = &rs.plan else {
        return;
    };
    let seen = s.plan_seen;
    let mut pool = [0u8; MAX_PLAN_MARKERS];
    let mut n = 0;
    for m in 1..=p.markers.len() as u8 {
        let shown = s
            .plan_draws
            .iter()
            .enumerate()
            .any(|(k, &d)| d == m && seen & (1 << k) != 0);
        if !shown {
            pool[n] = m;
            n += 1;
        }
    }
    for k in 0..MAX_PLAN_MARKERS {
        if s.plan_draws[k] == 0 || seen & (1 << k) != 0 {
            continue;
        }
        let pick = rng.random_range(0..n);
        s.plan_draws[k] = pool[pick];
        pool[pick] = pool[n - 1];
        n -= 1;
    }
}

/// The hidden units of each group, dealt at random over the group's places. A place in hex
/// `h` takes only a unit of higher index than the top of `h`, so the tops stay; places are
/// filled from the highest top down, each by a unit drawn uniformly among those left that fit,
/// which draws uniformly among the deals that keep the tops and never runs out (the true deal
/// is one). Units of a group share class, disruption and Improved Defense, so each hex keeps
/// its ZOC, stacking and markers.
fn deal_hidden(rs: &Ruleset, s: &mut State, hidden: Units, rng: &mut GameRng) {
    if hidden.count_ones() < 2 {
        return;
    }
    let all = s.on_map_units(rs, rs.unit(hidden.trailing_zeros() as usize).side);
    let top_of = |s: &State, u: usize| -> u8 {
        bits(all & (((1 as Units) << u) - 1))
            .find(|&t| s.hex[t] == s.hex[u])
            .map_or(0, |t| t as u8)
    };
    let mut groups = [Units::default(); 8];
    for u in bits(hidden) {
        let g = usize::from(rs.unit(u).class == UnitClass::Afv)
            | usize::from(s.is_disrupted(u)) << 1
            | usize::from(s.improved & (1 << u) != 0) << 2;
        groups[g] |= 1 << u;
    }
    let mut places = [(0u8, 0u16); MAX_UNITS];
    for group in groups.into_iter().filter(|g| g.count_ones() >= 2) {
        let n = group.count_ones() as usize;
        for (place, u) in places.iter_mut().zip(bits(group)) {
            *place = (top_of(s, u), s.hex[u]);
        }
        let places = &mut places[..n];
        // Highest top first; equal places are interchangeable, so the order is canonical.
        places.sort_unstable_by(|a, b| b.cmp(a));
        let mut left = group;
        for &(top, hex) in places.iter() {
            let fit = left & Units::MAX.checked_shl(u32::from(top) + 1).unwrap_or(0);
            debug_assert!(fit != 0, "the true deal fits");
            let u = nth_bit(fit, rng.random_range(0..fit.count_ones()));
            s.hex[u] = hex;
            left &= !(1 << u);
        }
    }
    let before = (s.occupied, s.present, s.zoc);
    s.refresh(rs);
    debug_assert!(before == (s.occupied, s.present, s.zoc), "ZOC kept");
}

/// The index of the `k`-th set bit of `mask`.
fn nth_bit(mask: Units, k: u32) -> usize {
    bits(mask).nth(k as usize).expect("k < popcount")
}

/// The side's current SP on the map, spread anew over `units`: each keeps 1 SP, and the rest
/// fill the SP each unit may hold above 1 (up to its printed strength), one SP at a time,
/// every free SP equally likely: losses fall on each unit in proportion to what it can lose.
fn spread_strength(rs: &Ruleset, s: &mut State, units: Units, rng: &mut GameRng) {
    let total: u32 = bits(units).map(|u| u32::from(s.strength[u])).sum();
    let room: u32 = bits(units)
        .map(|u| u32::from(rs.unit(u).strength.max(1)) - 1)
        .sum();
    let n = units.count_ones();
    let extra = total.saturating_sub(n).min(room);
    // Draw the fewer of the kept and the lost SP: fill from 1 up, or take from printed down.
    let (fill, mut draws) = if extra <= room - extra {
        (true, extra)
    } else {
        (false, room - extra)
    };
    let mut free = [0u8; MAX_UNITS];
    for u in bits(units) {
        let printed = rs.unit(u).strength.max(1);
        s.strength[u] = if fill { 1 } else { printed };
        free[u] = printed - 1;
    }
    let mut left = room;
    while draws > 0 {
        let mut pick = rng.random_range(0..left);
        for u in bits(units) {
            let f = u32::from(free[u]);
            if pick < f {
                free[u] -= 1;
                if fill {
                    s.strength[u] += 1;
                } else {
                    s.strength[u] -= 1;
                }
                break;
            }
            pick -= f;
        }
        left -= 1;
        draws -= 1;
    }
}

#[cfg(test)]
mod tests;
