//! The Admin Phase (8), every turn but a scenario's first: Recovery (8.1: supply, FAL
//! recovery, Interdiction, refit in Command Range, attrition of the isolated), Assignment
//! (8.2), the Victory Plan (8.3, Campaign only), Replacements (8.4) and Reinforcements and
//! Withdrawals (8.5).
//!
//! Assignment (`assignment.rs`), the unit each US Replacement Point rebuilds (8.4.1), German
//! reorganisation and the unit each of its RPs rebuilds (8.4.2), and delaying reinforcements
//! (`reinforcements.rs`) are decisions.

use super::action::Action;
use super::assignment;
use super::charts::InitiativeMarker;
use super::command;
use super::control::CommandStatus;
use super::counters::{UnitClass, UnitKind};
use super::readings;
use super::reinforcements;
use super::ruleset::Ruleset;
use super::side::Side;
use super::stacking;
use super::state::{bits, on_map, Formations, State, Step, Units, WITHDRAWN};

/// 8: the marker to the 0 box, then the Recovery Segment up to the Interdiction roll.
pub fn start(rs: &Ruleset, s: &mut State) {
    s.marker = InitiativeMarker::ZERO;
    for f in 0..rs.formations.len() as u8 {
        let fi = usize::from(f);
        if !on_map(s.hq_hex[fi]) || !command::hq_supplied(rs, s, f) {
            continue;
        }
        // 8.1 a: a supplied HQ flips back from Emergency Supply.
        s.emergency &= !(1 << f);
        // 8.1.1: US formations recover their fixed rating.
        let info = rs.formation(f);
        if info.side == Side::Us {
            s.fal[fi] = (s.fal[fi] + info.recovery).min(info.max_activation_level);
        }
    }
    s.step = Step::Interdiction;
}

/// 8.1.2–8.1.5: the Interdiction Level, German recovery, refit in Command Range, and the
/// attrition checks of disrupted isolated units.
pub fn interdiction(rs: &Ruleset, s: &mut State, die: u8) {
    s.interdiction = rs.charts.interdiction_level(die);
    for f in 0..rs.formations.len() as u8 {
        let info = rs.formation(f);
        let fi = usize::from(f);
        if info.side == Side::German && on_map(s.hq_hex[fi]) && command::hq_supplied(rs, s, f) {
            let gain = rs.charts.german_recovery(info.recovery, s.interdiction);
            s.fal[fi] = (s.fal[fi] + gain).min(info.max_activation_level);
        }
    }
    // 8.1.4: disrupted units In Command of their parent or assigned HQ recover, whatever its
    // supply.
    let disrupted = s.disrupted;
    for u in bits(disrupted) {
        if command::in_command_of_parent_or_assigned(rs, s, u) {
            s.disrupted &= !(1 << u);
        }
    }
    s.refresh(rs);
    s.queue = bits(s.disrupted)
        .filter(|&u| command::status(rs, s, u) == CommandStatus::Isolated)
        .fold(0, |m, u| m | 1 << u);
    if s.queue == 0 {
        finish(rs, s);
    } else {
        s.step = Step::Attrition;
    }
}

/// 8.1.5: d10 minus the disrupted ER, if positive, is the SP lost.
pub fn attrition_loss(rs: &Ruleset, u: usize, die: u8) -> u8 {
    die.saturating_sub(rs.unit(u).er[1])
}

/// 8.1.5: the Attrition Check of unit `u`.
pub fn attrition(rs: &Ruleset, s: &mut State, u: usize, die: u8) {
    stacking::lose(rs, s, u, attrition_loss(rs, u, die));
    if s.queue == 0 {
        finish(rs, s);
    }
}

/// The Assignment Segment (8.2) after Recovery (AMBIG-2: the digest's "Organization" segment).
fn finish(rs: &Ruleset, s: &mut State) {
    assignment::start(rs, s);
}

/// 8.3 after the Assignment Segment: "Starting with game turn 2, the US player draws one
/// Victory Plan marker each turn" (Campaign only); then 8.4.
pub fn after_assignment(rs: &Ruleset, s: &mut State) {
    let drawn = s.plan_draws.iter().filter(|&&d| d != 0).count();
    let cup = rs.plan.as_ref().map_or(0, |p| p.markers.len());
    if s.turn >= 2 && drawn < cup {
        s.step = Step::PlanDraw;
    } else {
        replacement_segment(rs, s);
    }
}

/// 8.3: the markers still in the cup, each as likely.
pub fn plan_outcomes(rs: &Ruleset, s: &State, out: &mut Vec<(Action, u32)>) {
    let n = rs.plan.as_ref().map_or(0, |p| p.markers.len());
    for m in 0..n as u8 {
        if !s.plan_draws.contains(&(m + 1)) {
            out.push((Action::Draw(m), 1));
        }
    }
}

/// 8.3: the marker joins the US's hidden line; then the German die.
pub fn draw_plan(s: &mut State, marker: u8) {
    let slot = s
        .plan_draws
        .iter()
        .position(|&d| d == 0)
        .expect("room for a draw");
    s.plan_draws[slot] = marker + 1;
    s.step = Step::PlanPeek;
}

/// 8.3: "On a die roll of 9 or 10, the German player may inspect any single drawn Victory Plan
/// marker currently held by the US player."
pub const PEEK_AT_LEAST: u8 = 9;

/// 8.3: the German's roll to inspect a marker.
pub fn plan_peek(rs: &Ruleset, s: &mut State, die: u8) {
    if die >= PEEK_AT_LEAST {
        s.step = Step::Inspect;
    } else {
        replacement_segment(rs, s);
    }
}

/// 8.3: the drawn markers the German may inspect (any one, seen before or not), or none.
pub fn inspect_actions(s: &State, out: &mut impl FnMut(Action)) {
    for (k, _) in s.plan_draws.iter().enumerate().filter(|(_, &d)| d != 0) {
        out(Action::Inspect(k as u8));
    }
    out(Action::Done);
}

/// 8.3: the German looks at the marker (he knows it from now on), or does not; then 8.4.
pub fn inspect(rs: &Ruleset, s: &mut State, a: Action) {
    if let Action::Inspect(k) = a {
        s.plan_seen |= 1 << k;
    }
    replacement_segment(rs, s);
}

/// 8.4: US replacements, then the German reorganisations.
fn replacement_segment(rs: &Ruleset, s: &mut State) {
    let r = &rs.charts.us_replacements;
    s.replacement_points = [r.infantry, r.armored_infantry, r.tank];
    s.step = Step::Replace;
    if rebuildable(rs, s) == 0 {
        after_replacements(rs, s);
    }
}

/// 8.4.2 after 8.4.1: RPs no unit could take are lost.
fn after_replacements(rs: &Ruleset, s: &mut State) {
    s.replacement_points = [0; 3];
    s.step = Step::Reorganize;
    if cannibals(rs, s) == 0 {
        after_reorganization(rs, s);
    }
}

/// 8.5 (then the Ops Phase).
fn after_reorganization(rs: &Ruleset, s: &mut State) {
    reinforcements::start(rs, s);
}

/// 8.4.2: every name the reorganisation table may give a unit type (`reorganization_type`).
pub const REORGANIZATION_TYPES: [&str; 9] = [
    "non_motorized_infantry",
    "bicycle_infantry",
    "machine_gun",
    "non_motorized_engineers",
    "motorized_infantry",
    "motorized_engineers",
    "armored_infantry",
    "armored_engineers",
    "recce",
];

/// 8.4.2: the reorganisation table's name for a unit type (`None`: never cannibalised nor
/// reinforced: HQ and support types, tanks and guns).
fn reorganization_type(kind: UnitKind) -> Option<&'static str> {
    use UnitKind::*;
    Some(match kind {
        Infantry => "non_motorized_infantry",
        Bicycle => "bicycle_infantry",
        Mg => "machine_gun",
        InfantryEngineers => "non_motorized_engineers",
        MotorizedInfantry => "motorized_infantry",
        MotorizedEngineers => "motorized_engineers",
        ArmoredInfantry => "armored_infantry",
        ArmoredEngineers => "armored_engineers",
        Recce => "recce",
        Tank | TankDestroyer | AssaultGun => return None,
    })
}

/// 8.4: the units of `side` in good order to receive RPs (those below their printed strength
/// do): on the map, undisrupted, In Command of their HQ, which is in supply (AMBIG-36: the
/// recipients of cannibalised SPs too). (8.4.2 cannibalises from the same units.) No unit's
/// strength counts here: `reorganize` relies on it.
///
/// AMBIG-36, VP: `reorganize` leaves the cannibalised unit out of play at strength 0, so where
/// German SP losses score (the Campaign, `victory::loss_vp`, 9) its whole printed strength
/// counts as lost, offset only by the SPs its RPs rebuild (each at the loss value of the unit
/// it rebuilds); SPs no unit takes stay lost. Scenarios 2 and 3 score VP hexes only.
fn in_good_order(rs: &Ruleset, s: &State, side: Side) -> Units {
    let units = s.on_map_units(rs, side) & !s.disrupted;
    // Only the formations with such units need their HQ's supply line traced.
    let with_units = bits(units).fold(Formations::default(), |m, u| m | 1 << s.formation[u]);
    let supplied = (0..rs.formations.len() as u8)
        .filter(|&f| with_units & (1 << f) != 0 && command::hq_supplied(rs, s, f))
        .fold(Formations::default(), |m, f| m | 1 << f);
    let of_supplied = bits(units)
        .filter(|&u| supplied & (1 << s.formation[u]) != 0)
        .fold(0, |m, u| m | 1 << u);
    command::in_command_units(rs, s, of_supplied)
}

fn below_strength(rs: &Ruleset, s: &State, units: Units) -> Units {
    bits(units)
        .filter(|&u| s.strength[u] < rs.unit(u).strength)
        .fold(0, |m, u| m | 1 << u)
}

/// 8.4.2: the German units that may be cannibalised: infantry type (or, under the reading
/// `german_cannibals = "listed_types"`, of any type the table lists as cannibalised),
/// undisrupted, In Command Range of their HQ, which is in supply.
fn cannibals(rs: &Ruleset, s: &State) -> Units {
    cannibals_among(rs, in_good_order(rs, s, Side::German))
}

/// The cannibals among the German units `in_good_order`.
fn cannibals_among(rs: &Ruleset, in_good_order: Units) -> Units {
    // 8.4.2: "removes an infantry type unit", or any type the table lists (`german_cannibals`).
    let listed_types = rs
        .charts
        .readings
        .is(&readings::GERMAN_CANNIBALS, "listed_types");
    let listed = |u: usize| {
        let kind = reorganization_type(rs.unit(u).kind);
        rs.charts
            .german_reorganization
            .iter()
            .any(|(sources, _)| sources.iter().any(|x| Some(x.as_str()) == kind))
    };
    bits(in_good_order)
        .filter(|&u| match listed_types {
            true => listed(u),
            false => rs.unit(u).class == UnitClass::Infantry,
        })
        .filter(|&u| reorganization_type(rs.unit(u).kind).is_some())
        .fold(0, |m, u| m | 1 << u)
}

/// 8.4.2: with RPs of a cannibalised unit to spend, the units they may rebuild; else another
/// unit to cannibalise, or `Done`.
pub fn reorganize_actions(rs: &Ruleset, s: &State, out: &mut impl FnMut(Action)) {
    if s.cannibal_points > 0 {
        for u in bits(receivers(rs, s)) {
            out(Action::Replace(u as u8));
        }
        return;
    }
    for u in bits(cannibals(rs, s)) {
        out(Action::Cannibalize(u as u8));
    }
    out(Action::Done);
}

/// 8.4.2: the unit leaves play and each of its SPs becomes an RP, "expended immediately or
/// lost": the German chooses the unit of its formation each rebuilds (`Replace`), of a type
/// the table allows. `Done` ends the segment.
pub fn reorganize(rs: &Ruleset, s: &mut State, a: Action) {
    match a {
        Action::Cannibalize(c) => {
            let c = usize::from(c);
            s.cannibal = c as u8;
            s.cannibal_points = s.strength[c];
            s.hex[c] = WITHDRAWN;
            s.strength[c] = 0;
            s.improved &= !(1 << c);
            s.refresh(rs);
        }
        Action::Replace(u) => {
            s.strength[usize::from(u)] += 1;
            s.cannibal_points -= 1;
        }
        _ => return after_reorganization(rs, s),
    }
    if s.cannibal_points > 0 && receivers(rs, s) != 0 {
        return;
    }
    s.cannibal_points = 0; // none can take them: lost
    if cannibals(rs, s) == 0 {
        after_reorganization(rs, s);
    }
}

/// 8.4.2: what cannibalising `c` would give, for its option: the SP it has, and how many
/// of them units of its formation below strength could take now (trial 21e F6: the option
/// said neither, and every choice was a pure loss).
pub fn cannibal_yield(rs: &Ruleset, s: &State, c: u8) -> (u8, u32) {
    let mut t = *s;
    t.cannibal = c;
    let sp = s.strength[usize::from(c)];
    let room: u32 = bits(receivers(rs, &t))
        .map(|u| u32::from(rs.unit(u).strength.saturating_sub(s.strength[u])))
        .sum();
    (sp, room.min(u32::from(sp)))
}

/// 8.4.2: the units the cannibalised unit's RPs may rebuild: of its formation, in good order,
/// below strength, of a type the German Unit Reorganization table allows for it.
fn receivers(rs: &Ruleset, s: &State) -> Units {
    let c = usize::from(s.cannibal);
    let from = reorganization_type(rs.unit(c).kind);
    let takes = |u: usize| {
        let to = reorganization_type(rs.unit(u).kind);
        rs.charts
            .german_reorganization
            .iter()
            .any(|(sources, target)| {
                Some(target.as_str()) == to && sources.iter().any(|x| Some(x.as_str()) == from)
            })
    };
    let of_formation = in_good_order(rs, s, Side::German) & s.formation_units(rs, s.formation[c]);
    bits(below_strength(rs, s, of_formation))
        .filter(|&u| takes(u))
        .fold(0, |m, u| m | 1 << u)
}

/// 8.4.1: the Replacement Point type a US unit takes. AMBIG-37 (the reading
/// `us_replacement_types`): the text names the three RP types but not every unit type each
/// serves; `broad` gives infantry RPs to every infantry type and tank RPs to every AFV, and
/// none to armored engineers (the note of 8.4.1); `named` only to the three types named.
fn replacement_pool(kind: UnitKind, named: bool) -> Option<usize> {
    use UnitKind::*;
    match kind {
        Infantry => Some(0),
        ArmoredInfantry => Some(1),
        Tank => Some(2),
        _ if named => None,
        Mg | InfantryEngineers | Bicycle | MotorizedInfantry | MotorizedEngineers => Some(0),
        ArmoredEngineers => None,
        TankDestroyer | AssaultGun | Recce => Some(2),
    }
}

/// 8.4.1: the pool of RPs (infantry, armored infantry, tank) that rebuilds unit `u`, under
/// the reading in force.
pub fn pool_of(rs: &Ruleset, u: usize) -> Option<usize> {
    let named = rs
        .charts
        .readings
        .is(&readings::US_REPLACEMENT_TYPES, "named");
    replacement_pool(rs.unit(u).kind, named)
}

/// 8.4.1: the US units an RP left may rebuild now: undisrupted, In Command, with their HQ in
/// supply, below their printed strength, of a type whose RPs are not all spent.
fn rebuildable(rs: &Ruleset, s: &State) -> Units {
    bits(below_strength(rs, s, in_good_order(rs, s, Side::Us)))
        .filter(|&u| pool_of(rs, u).is_some_and(|p| s.replacement_points[p] > 0))
        .fold(0, |m, u| m | 1 << u)
}

/// 8.4.1: the units the US may rebuild by 1 SP with the next RP; the RPs "must be spent", so
/// there is no declining while a unit can take one.
pub fn replace_actions(rs: &Ruleset, s: &State, out: &mut impl FnMut(Action)) {
    for u in bits(rebuildable(rs, s)) {
        out(Action::Replace(u as u8));
    }
}

/// 8.4.1: one RP of its type restores 1 SP to unit `u`; the segment ends when no unit can
/// take the RPs left.
pub fn replace(rs: &Ruleset, s: &mut State, u: u8) {
    let u = usize::from(u);
    let pool = pool_of(rs, u).expect("a listed unit takes RPs");
    s.replacement_points[pool] -= 1;
    s.strength[u] += 1;
    if rebuildable(rs, s) == 0 {
        after_replacements(rs, s);
    }
}
