//! Formations and assignment (5.5) in the Assignment Segment (8.2): each side, the US first,
//! assigns and reassigns units one decision at a time, then says it is done.
//!
//! - 5.5.2: an independent unit, undisrupted, goes to a formation whose HQ has it in Command
//!   Range (and, when reassigned, its current HQ too); US independents only within their Corps.
//! - 5.5.1: up to three battalions of one regiment of a US infantry division may go to an
//!   armored division of its Corps, and up to two tank units of an armored division to an
//!   infantry division; an armored division is one with tank units of its own. They may go back.
//! - 5.5.1: a German formation unit may be attached to another formation only while isolated
//!   and in that formation's Command Range; it returns by itself in the next Assignment Segment
//!   if it traces a Command Path of any length to its own HQ.
//!
//! Decisions: "Command Range" is an In Command Command Path (AMBIG-5). Reinforcing independents
//! are assigned by their owner before they enter (8.2, `reinforcements::assign_entering`).

use super::action::Action;
use super::control::{self, HexSet};
use super::counters::UnitKind;
use super::readings;
use super::ruleset::Ruleset;
use super::side::Side;
use super::stacking;
use super::state::{bits, on_map, State, Step, Units, BONUS_ONLY, MAX_FORMATIONS};

/// 5.5.1: cross-assigned battalions of one regiment, and tank units, at most.
const MAX_BATTALIONS: u32 = 3;
const MAX_TANKS: u32 = 2;

/// The Assignment Segment begins with the US.
pub fn start(rs: &Ruleset, s: &mut State) {
    return_attached(rs, s);
    s.assigned_this_segment = 0;
    s.step = Step::Assignment(Side::Us);
}

/// Where each formation's Command Paths reach: within its Command Range, and at any length.
struct Reach {
    near: [HexSet; MAX_FORMATIONS],
    any: [HexSet; MAX_FORMATIONS],
}

impl Reach {
    fn of(rs: &Ruleset, s: &State, side: Side) -> Reach {
        let mut r = Reach {
            near: [HexSet::EMPTY; MAX_FORMATIONS],
            any: [HexSet::EMPTY; MAX_FORMATIONS],
        };
        let obstacles = s.obstacles(rs, side);
        for (f, info) in rs
            .formations
            .iter()
            .enumerate()
            .filter(|(_, i)| i.side == side)
        {
            let hq = s.hq_hex[f];
            if !on_map(hq) {
                continue;
            }
            let at = rs.hex(hq);
            // Only German units ask for a path of any length (5.5.1).
            if side == Side::German {
                (r.near[f], r.any[f]) = control::command_reach_near_and_any(
                    &rs.map,
                    side,
                    at,
                    info.command_range,
                    &obstacles,
                );
            } else {
                let range = Some(info.command_range);
                r.near[f] = control::command_reach(&rs.map, side, at, range, &obstacles);
            }
        }
        r
    }

    /// Unit `u` is within formation `f`'s Command Range (an In Command path, AMBIG-5).
    fn in_range(&self, s: &State, u: usize, f: u8) -> bool {
        on_map(s.hex[u]) && self.near[usize::from(f)].contains(usize::from(s.hex[u]))
    }

    /// Unit `u` traces a Command Path of any length to formation `f`'s HQ.
    fn traces_to(&self, s: &State, u: usize, f: u8) -> bool {
        on_map(s.hex[u]) && self.any[usize::from(f)].contains(usize::from(s.hex[u]))
    }
}

/// 5.5.1: attached German units that can trace a Command Path to their own HQ go back.
fn return_attached(rs: &Ruleset, s: &mut State) {
    let reach = Reach::of(rs, s, Side::German);
    for u in bits(s.on_map_units(rs, Side::German)) {
        let Some(parent) = rs.unit(u).parent else {
            continue;
        };
        if s.formation[u] != parent && reach.traces_to(s, u, parent) {
            s.formation[u] = parent;
            lift_on_reassignment(rs, s, u);
        }
    }
}

/// 5.5.1: the infantry and the armored division of each Corps between which units may be
/// reassigned ("VII Corps": 1st ID and 3rd AD; "XIX Corps": 30th ID and 2nd AD). No other
/// pair (the 29th ID of XIX Corps is not named).
const RULE_5_5_1_PAIRS: [(&str, &str); 2] = [("1ID", "3AD"), ("30ID", "2AD")];

/// Whether 5.5.1 pairs infantry division `infantry` with armored division `armored`.
fn paired(rs: &Ruleset, infantry: u8, armored: u8) -> bool {
    let id = |f: u8| rs.formations[usize::from(f)].id.as_str();
    RULE_5_5_1_PAIRS
        .iter()
        .any(|&(i, a)| id(infantry) == i && id(armored) == a)
}

/// Whether unit `u` may be assigned to formation `f` now.
fn may_assign(rs: &Ruleset, s: &State, reach: &Reach, u: usize, f: u8) -> bool {
    let in_range = |f| reach.in_range(s, u, f);
    let info = rs.unit(u);
    let current = s.formation[u];
    // 5.5, 8.2 (decided): a unit is assigned at most once a segment. The text sets no limit,
    // but a unit moved to and fro ends where its last move put it, and without one a player
    // could keep the segment (and the game) from ever ending.
    let once = s.assigned_this_segment & (1 << u) != 0;
    if once || f == current || rs.formation(f).side != info.side || !on_map(s.hex[u]) {
        return false;
    }
    match (info.side, info.parent) {
        (_, None) => attachable(rs, u, f) && !s.is_disrupted(u) && in_range(f) && in_range(current),
        // 5.5.1 gives no conditions of its own for reassigning a formation's unit: it is read
        // as an assignment, with 5.5.2's (undisrupted, in range of the new HQ) and 5.8.1's
        // (Command Range checked to "Assign/Reassign": of the HQ it leaves too).
        (Side::Us, Some(parent)) => {
            !s.is_disrupted(u)
                && in_range(f)
                && in_range(current)
                && (f == parent || cross_assignment_open(rs, s, u, parent, f))
        }
        // AMBIG-43: German temporary attachment only here, in the Assignment Segment, for a
        // unit that traces no path of any length to its own HQ and is in the new HQ's range.
        (Side::German, Some(parent)) => {
            f != parent && !reach.traces_to(s, u, parent) && in_range(f)
        }
    }
}

/// 5.5.2 Assignment restrictions: independent `u` may be attached to formation `f` of its
/// side (a US one only within its own Corps).
pub fn attachable(rs: &Ruleset, u: usize, f: u8) -> bool {
    let (info, formation) = (rs.unit(u), rs.formation(f));
    formation.side == info.side && (info.side == Side::German || info.def.corps == formation.corps)
}

/// 5.5.1: the limits of US cross-assignment from `parent` to `f`.
fn cross_assignment_open(rs: &Ruleset, s: &State, u: usize, parent: u8, f: u8) -> bool {
    let info = rs.unit(u);
    if rs.formations[usize::from(parent)].corps != rs.formations[usize::from(f)].corps {
        return false;
    }
    // A mask, not a list: legal_actions allocates nothing.
    let already = bits(rs.formation_units[usize::from(parent)])
        .filter(|&v| s.formation[v] == f && on_map(s.hex[v]))
        .fold(Units::default(), |m, v| m | 1 << v);
    match info.kind {
        UnitKind::Infantry if paired(rs, parent, f) => {
            already.count_ones() < MAX_BATTALIONS
                && bits(already).all(|v| rs.unit(v).def.regiment == info.def.regiment)
        }
        UnitKind::Tank if paired(rs, f, parent) => already.count_ones() < MAX_TANKS,
        _ => false,
    }
}

pub fn actions(rs: &Ruleset, s: &State, side: Side, out: &mut impl FnMut(Action)) {
    let reach = Reach::of(rs, s, side);
    for u in bits(s.on_map_units(rs, side)) {
        for f in 0..rs.formations.len() as u8 {
            if may_assign(rs, s, &reach, u, f) {
                out(Action::Assign(u as u8, f));
            }
        }
    }
    out(Action::Done);
}

/// Puts unit `u` in formation `f`. 5.5.2: the assignment is recorded secretly, "not shown
/// to the enemy player unless it is challenged" (`State::assignment_shown`).
pub fn assign(s: &mut State, u: usize, f: u8) {
    s.formation[u] = f;
    s.assignment_shown &= !(1 << u);
}

/// 7.7 (the reading `improved_defense_on_reassignment`): reassignment is none of the marker's
/// triggers, but a marker covers one formation's stack (AMBIG-45): under "lifted" a unit
/// changing formation lifts its hex's marker, whatever changed it (a choice, a return, a
/// withdrawal's heir).
pub fn lift_on_reassignment(rs: &Ruleset, s: &mut State, u: usize) {
    let lifted = rs
        .charts
        .readings
        .is(&readings::IMPROVED_DEFENSE_ON_REASSIGNMENT, "lifted");
    if lifted && s.improved & (1 << u) != 0 {
        stacking::lift_improved_defense(rs, s, s.hex[u]);
    }
}

/// 5.5.2 (decided): units that conduct an Action of their formation show their assignment,
/// as a challenge then would (the engine allows only true ones); not so with a Battle
/// Victory's bonus AP alone, which any unit may use.
pub fn show(s: &mut State, units: Units) {
    if s.act().formation != BONUS_ONLY {
        s.assignment_shown |= units;
    }
}

/// One assignment, or the side is done (the US hands over to the Germans); `true` when the
/// segment is over.
pub fn apply(rs: &Ruleset, s: &mut State, side: Side, a: Action) -> bool {
    match a {
        Action::Assign(u, f) => {
            assign(s, usize::from(u), f);
            s.assigned_this_segment |= 1 << u;
            lift_on_reassignment(rs, s, usize::from(u));
            false
        }
        _ if side == Side::Us => {
            s.step = Step::Assignment(Side::German);
            false
        }
        _ => true,
    }
}
