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
//! * Stack heights are seen, and the enemy ZOC (5.4) in every hex without enemy combat units:
//!   the viewer's moves, retreats, HQ placements and paths stop at or avoid it (5.4.1), and
//!   its units enter no other hex. Which stack projects it is not seen, nor, under a top, the
//!   class (Infantry/AFV) or disruption of any unit (5.3.4): the draw deals those with the
//!   unit, bound only by the ZOC seen, the AFV stacking limit (5.3.1) and the markers (7.7).
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
//! `determinize` draws the hidden part anew. The hidden units (neither tops nor revealed,
//! nor named by an Action or combat under way) are dealt at random over all the side's hidden
//! places, each under a top unit of lower index so the tops stay the tops, and each keeps its
//! class, disruption and strength; a deal is kept only if the viewer could see it: the enemy
//! ZOC outside the enemy's hexes unchanged (5.4.1), every stack within the AFV limit (5.3.1),
//! no disrupted unit under an Improved Defense marker (7.7: disruption lifts it; a marker stays
//! on its hex and covers whoever is dealt there). Deals are drawn until one is kept, up to 64,
//! so the one kept is uniform among the deals the viewer cannot tell from the true one; then
//! (never in playouts of the scenarios, where at least one deal in eight was kept in every
//! state measured) the units are dealt within their class and disruption groups, which tells
//! the classes. While the enemy's overstacked units are displaced, the stacks there stay
//! (5.3.3: the displacing side handles them), and so, under the reading `displacement_room =
//! "told"`, do those next to them (the owner tells which have room for an AFV). Then the
//! side's current SP are spread at random over its units on the map, each between 1 and its
//! printed strength; then the secret assignments of its independents are drawn among the
//! formations each may join.
//! The draws read only what the viewer sees (they are the same for two states the viewer
//! cannot tell apart, the rare fallback aside), and keep the viewer's legal actions.

use super::assignment;
use super::control::HexSet;
use super::counters::UnitClass;
use super::readings;
use super::ruleset::{Ruleset, NO_HEX};
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

/// 5.3.3: while `side`'s overstacked stacks are displaced, the units there (the displacing
/// side handles them) and, under the reading `displacement_room = "told"`, in the hexes next
/// to the one displaced from: the displacing side's choices then read whether those hexes
/// have room for the unit it displaces, an AFV too (5.3.1, `stacking::has_room`), so they stay.
fn displacing(rs: &Ruleset, s: &State, side: Side) -> Units {
    let o = &s.overstack;
    if o.side != side {
        return 0;
    }
    let at = |h: u16| s.units_at(rs, side, h);
    let mut m = o.queue[..usize::from(o.queued)]
        .iter()
        .fold(0, |m, &h| m | at(h));
    if o.hex != NO_HEX {
        m |= at(o.hex);
        if rs.charts.readings.is(&readings::DISPLACEMENT_ROOM, "told") {
            m |= rs.neighbours(o.hex).fold(0, |m, n| m | at(n));
        }
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
    let shown = visible_enemy(rs, s, viewer) | engaged(s) | displacing(rs, s, enemy);
    deal_hidden(rs, &mut d, enemy, units & !shown, rng);
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

/// Deals tried before falling back to the class groups (`deal_by_class`).
const DEAL_TRIES: u32 = 64;

/// The hidden units of `side`, dealt at random over all their places, each with its own
/// class, disruption and strength (5.3.4: what is hidden is which unit is where). A deal is
/// drawn uniformly among those that keep the tops (`deal`) and kept only if it keeps what the
/// viewer sees (`fits_stacks`, `SeenZoc::kept_by`); up to `DEAL_TRIES` deals are drawn, so the
/// deal kept is uniform among those the viewer cannot tell from the true one. If none is
/// found, the units are dealt within their (class, disruption) groups (`deal_by_class`), which
/// keeps it all but tells the classes: rare, and the only place the draw reads what is hidden.
fn deal_hidden(rs: &Ruleset, s: &mut State, side: Side, hidden: Units, rng: &mut GameRng) {
    if hidden.count_ones() < 2 {
        return;
    }
    let mut buffer = [Place::default(); MAX_UNITS];
    let places = places_of(rs, s, side, hidden, &mut buffer);
    let zoc = SeenZoc::of(rs, s, side, hidden);
    let mut dealt = [0u8; MAX_UNITS];
    let dealt = &mut dealt[..places.len()];
    let found = (0..DEAL_TRIES).any(|_| {
        deal(hidden, places, dealt, rng);
        fits_stacks(rs, s, places, dealt) && zoc.kept_by(rs, s, places, dealt)
    });
    let before = (s.occupied, s.present, zoc.seen);
    if found {
        put(s, hidden, places, dealt);
    } else {
        deal_by_class(rs, s, hidden, rng);
    }
    s.refresh(rs);
    let seen = s.zoc[side.index()].difference(&s.occupied[side.index()]);
    debug_assert!(before == (s.occupied, s.present, seen), "EZOC kept");
}

/// A place a hidden unit may be dealt to: a slot under the top unit of `hex` (5.3.4), with
/// what the viewer sees of the hex. The places of a hex are equal and sort together.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord)]
struct Place {
    /// The top unit: only a unit of higher index goes under it, so the tops stay the tops.
    top: u8,
    hex: u16,
    /// 7.7: the hex's Improved Defense marker, which is seen and covers every unit there.
    marker: bool,
    /// 5.3.1: the AFVs of the hex not dealt (units moving through are not counted).
    kept_afvs: u8,
}

/// The places of `hidden` (of `side`), highest top first, in `out`.
fn places_of<'a>(
    rs: &Ruleset,
    s: &State,
    side: Side,
    hidden: Units,
    out: &'a mut [Place; MAX_UNITS],
) -> &'a [Place] {
    let kept = !hidden & !s.moving.units;
    for (place, u) in out.iter_mut().zip(bits(hidden)) {
        let here = s.units_at(rs, side, s.hex[u]);
        *place = Place {
            top: here.trailing_zeros() as u8,
            hex: s.hex[u],
            // All or nothing (7.7): the hidden unit's own marker is the hex's.
            marker: s.improved & (1 << u) != 0,
            kept_afvs: afvs(rs, here & kept),
        };
    }
    let places = &mut out[..hidden.count_ones() as usize];
    // Equal places are interchangeable, so the order is canonical: it reads no unit.
    places.sort_unstable_by(|a, b| b.cmp(a));
    places
}

fn afvs(rs: &Ruleset, units: Units) -> u8 {
    bits(units)
        .filter(|&u| rs.unit(u).class == UnitClass::Afv)
        .count() as u8
}

/// One deal of `hidden` over `places` (highest top first) into `dealt`: each place takes a
/// unit drawn uniformly among those left of higher index than its top. Every unit left that
/// fits a later place fits this one, so the draw never runs out (the true deal is one) and
/// has as many choices at each place whatever was drawn before: every deal that keeps the
/// tops is as likely.
fn deal(hidden: Units, places: &[Place], dealt: &mut [u8], rng: &mut GameRng) {
    let mut left = hidden;
    for (p, d) in places.iter().zip(dealt.iter_mut()) {
        let fit = left & Units::MAX.checked_shl(u32::from(p.top) + 1).unwrap_or(0);
        debug_assert!(fit != 0, "the true deal fits");
        let u = nth_bit(fit, rng.random_range(0..fit.count_ones()));
        *d = u as u8;
        left &= !(1 << u);
    }
}

/// 5.3.1, 7.7: every hex of the deal within the AFV stacking limit, and no disrupted unit
/// under an Improved Defense marker (a unit that disrupts lifts it), as the viewer knows.
fn fits_stacks(rs: &Ruleset, s: &State, places: &[Place], dealt: &[u8]) -> bool {
    let limit = rs.charts.stacking.afv_units;
    let mut afvs = 0;
    let mut hex = NO_HEX;
    for (p, &u) in places.iter().zip(dealt) {
        let u = usize::from(u);
        if p.hex != hex {
            (hex, afvs) = (p.hex, p.kept_afvs);
        }
        afvs += u8::from(rs.unit(u).class == UnitClass::Afv);
        if afvs > limit || (p.marker && s.is_disrupted(u)) {
            return false;
        }
    }
    true
}

/// The enemy ZOC as the viewer's legal actions read it (5.4.1): in every hex but the enemy's
/// own, where no unit of the viewer moves, retreats, is displaced or traces a path (they hold
/// enemy units), so whether those are controlled is never read. Which enemy stack projects it,
/// and so each hidden unit's class and disruption, is not seen (5.3.4).
struct SeenZoc {
    /// The ZOC of the side's units not dealt (tops, revealed and engaged).
    kept: HexSet,
    /// The side's hexes with combat units, which a deal keeps.
    own: HexSet,
    /// The side's ZOC outside them.
    seen: HexSet,
}

impl SeenZoc {
    fn of(rs: &Ruleset, s: &State, side: Side, hidden: Units) -> SeenZoc {
        let mut kept = HexSet::EMPTY;
        // 5.4 note, 5.6.3: disrupted units project no ZOC.
        for u in bits(s.on_map_units(rs, side) & !hidden & !s.disrupted) {
            rs.zoc_of(s.hex[u], rs.unit(u).class, &mut kept);
        }
        let own = s.occupied[side.index()];
        let seen = s.zoc[side.index()].difference(&own);
        SeenZoc { kept, own, seen }
    }

    /// Whether the deal projects the ZOC seen.
    fn kept_by(&self, rs: &Ruleset, s: &State, places: &[Place], dealt: &[u8]) -> bool {
        let mut zoc = self.kept;
        for (p, &u) in places.iter().zip(dealt) {
            let u = usize::from(u);
            if !s.is_disrupted(u) {
                rs.zoc_of(p.hex, rs.unit(u).class, &mut zoc);
            }
        }
        zoc.difference(&self.own) == self.seen
    }
}

/// Puts each dealt unit in its place, under the place's marker or none (7.7).
fn put(s: &mut State, hidden: Units, places: &[Place], dealt: &[u8]) {
    s.improved &= !hidden;
    for (p, &u) in places.iter().zip(dealt) {
        let u = usize::from(u);
        s.hex[u] = p.hex;
        s.improved |= Units::from(p.marker) << u;
    }
}

/// The fallback of `deal_hidden`: the hidden units of each (class, disruption, Improved
/// Defense) group dealt over the group's places by `deal`, so each hex keeps its occupants'
/// classes, hence its ZOC and stacking, whatever the viewer sees.
fn deal_by_class(rs: &Ruleset, s: &mut State, hidden: Units, rng: &mut GameRng) {
    let side = rs.unit(hidden.trailing_zeros() as usize).side;
    let mut groups = [Units::default(); 8];
    for u in bits(hidden) {
        let g = usize::from(rs.unit(u).class == UnitClass::Afv)
            | usize::from(s.is_disrupted(u)) << 1
            | usize::from(s.improved & (1 << u) != 0) << 2;
        groups[g] |= 1 << u;
    }
    let mut buffer = [Place::default(); MAX_UNITS];
    let mut dealt = [0u8; MAX_UNITS];
    for group in groups.into_iter().filter(|g| g.count_ones() >= 2) {
        let places = places_of(rs, s, side, group, &mut buffer);
        let dealt = &mut dealt[..places.len()];
        deal(group, places, dealt, rng);
        put(s, group, places, dealt);
    }
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
