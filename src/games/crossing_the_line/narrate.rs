//! Every roll and draw in words, for the play screen and the page: which roll it was (with
//! its rule), what came up, what it was compared against, and what it did to each unit. The
//! decisions that apply combat results (7.5.2) and displacements (5.3.2, 5.3.3) are told too,
//! so that every SP lost, every retreat and every elimination has its line.
//!
//! Effectiveness and Reaction Checks are one chance outcome each, passed or failed, weighted by
//! the d10 faces that pass (5.6.1, 6.4.2): the engine draws no face, so the narration tells the
//! rating, the faces that pass and their chance, and the outcome.

use super::action::Action;
use super::charts::Hits;
use super::combat::{self, Stance};
use super::ruleset::{Ruleset, ScenarioKind};
use super::side::Side;
use super::state::{bits, on_map, CheckKind, State, Step, Units, BONUS_ONLY, ELIMINATED};
use crate::engine::words::counted;
use std::fmt::Write as _;

/// What `a` did, taking `before` to `after`: a chance outcome with its roll, or a decision's
/// effects on units where it has any the action's description does not tell; `None` otherwise.
pub fn narrate(rs: &Ruleset, before: &State, a: Action, after: &State) -> Option<String> {
    narrate_for(rs, before, a, after, None)
}

/// `narrate` as `viewer` may know it (`None`: the open view): how the enemy's losses are
/// shared among its units is not seen, only where (5.3.4).
pub fn narrate_for(
    rs: &Ruleset,
    before: &State,
    a: Action,
    after: &State,
    viewer: Option<Side>,
) -> Option<String> {
    // A roll held for the SNAFU offer (5.2) has done nothing yet: only the roll is told, and
    // the segments it closes are told once it is kept (trial 23f F1: the recovery before the
    // roll was final, with the values of before it).
    if after.step == Step::Snafu {
        return narrate_step(rs, before, a, after, viewer);
    }
    let step = narrate_step(rs, before, a, after, viewer);
    // A kept roll closes the step it was rolled for.
    let rolled = as_rolled(before);
    let before = &rolled;
    let told = [
        step,
        displaced_hqs(rs, before, after),
        battle_victory(before, after),
        bonus_forfeited(rs, before, a),
        vp_hexes_changing_hands(rs, before, after),
        phase_change(rs, before, after),
        recovery(rs, before, after),
        arrivals(rs, before, after),
        replacements_passed(rs, before, a, after),
    ];
    let told: Vec<String> = told.into_iter().flatten().collect();
    (!told.is_empty()).then(|| told.join(" — "))
}

/// 7.3.6, 5.3.2: the HQs the step displaced, so that their owner's placing them is not asked
/// for unexplained: "the 526th Infantry Division's HQ, alone in 2211, is displaced (an enemy
/// moved next to it, 7.3.6): its owner places it (5.3.2)".
fn displaced_hqs(rs: &Ruleset, before: &State, after: &State) -> Option<String> {
    let new = after.displacing & !before.displacing;
    let told: Vec<String> = (0..rs.formations.len())
        .filter(|&f| new & (1 << f) != 0)
        .map(|f| {
            let cause = match after.step {
                Step::HqDisplacement { after_battle: true } => "left alone after the combat, 7.5",
                _ => "an enemy moved next to it, 7.3.6",
            };
            format!(
                "the {} HQ, alone in {}, is displaced ({cause}): its owner places it (5.3.2)",
                rs.formations[f].name,
                rs.hex(before.hq_hex[f])
            )
        })
        .collect();
    (!told.is_empty()).then(|| told.join("; "))
}

/// 9: the VP hexes the step made change hands, with the US VP they make where both sides
/// know them ("the US take 2212 (5 VP): the US VP now 5 (rule 9)"). A Campaign hex's value depends on the
/// US's hidden Victory Plan (8.3), so there the line names the hex only.
fn vp_hexes_changing_hands(rs: &Ruleset, before: &State, after: &State) -> Option<String> {
    let changed = before.us_control ^ after.us_control;
    if changed == 0 {
        return None;
    }
    let hexes: Vec<String> = (rs.vp_hexes.iter().enumerate())
        .filter(|&(k, _)| changed & (1 << k) != 0)
        .map(|(k, &(h, vp))| {
            let who = if after.us_control & (1 << k) != 0 {
                "the US take"
            } else {
                "the Germans take back"
            };
            // 9: an empty hex a German ZOC reaches too is mutually controlled, which the
            // reading `mutual_vp_control = "us"` counts for the US (trial 22e F2).
            let i = usize::from(h);
            let mutual = after.us_control & (1 << k) != 0
                && !after.present[Side::Us.index()].contains(i)
                && after.zoc[Side::German.index()].contains(i);
            let mutual = match mutual {
                true => ", mutually controlled: a German ZOC reaches it too, which counts for the US (9, Sandtable's reading)",
                false => "",
            };
            match rs.plan {
                None => format!("{who} {} ({vp} VP{mutual})", rs.hex(h)),
                Some(_) if mutual.is_empty() => format!("{who} {}", rs.hex(h)),
                Some(_) => format!("{who} {} ({})", rs.hex(h), &mutual[2..]),
            }
        })
        .collect();
    let total = match rs.plan {
        None => format!(
            ": the US VP now {} (rule 9)",
            super::victory::us_vp(rs, after)
        ),
        Some(_) => " (9; its VP are those of the hidden Victory Plan, 8.3)".to_string(),
    };
    Some(format!("{}{total}", hexes.join(", ")))
}

/// 4: a new turn or phase, told where it begins, whoever's step led to it ("now turn 2 of 3,
/// the Admin Phase (8)"). First Blood has neither (10.1).
fn phase_change(rs: &Ruleset, before: &State, after: &State) -> Option<String> {
    if rs.kind == ScenarioKind::FirstBlood || after.is_over() {
        return None;
    }
    let ops_begins = after.step == Step::Initiative && is_admin(before.step);
    if before.turn == after.turn && !ops_begins {
        return None;
    }
    let phase = match is_admin(after.step) {
        true => "the Admin Phase (8)",
        false => "the Ops Phase (6)",
    };
    Some(format!(
        "now turn {} of {}, {phase}",
        after.turn, rs.last_turn
    ))
}

/// 8.1: the Recovery Segment's effects, which take no decision (trial 21e F3): the US
/// formations' fixed recovery as the Admin Phase begins (8.1.1), and with the Interdiction die
/// the German recovery (8.1.3). (The disrupted units that recover, 8.1.4, are among the
/// step's changes.)
fn recovery(rs: &Ruleset, before: &State, after: &State) -> Option<String> {
    let (side, rule) = match (before.step, is_admin(after.step)) {
        (Step::Interdiction, _) => (Side::German, "8.1.3"),
        (_, true) if before.turn != after.turn => (Side::Us, "8.1.1"),
        _ => return None,
    };
    let told: Vec<String> = (0..rs.formations.len() as u8)
        .filter(|&f| rs.formation(f).side == side && on_map(after.hq_hex[usize::from(f)]))
        .map(|f| {
            let (was, now) = (before.fal[usize::from(f)], after.fal[usize::from(f)]);
            match (now > was, super::command::hq_supplied(rs, after, f)) {
                (true, _) => format!("{} FAL {was} to {now}", formation(rs, f)),
                (false, true) => format!("{} FAL stays {now}", formation(rs, f)),
                (false, false) => format!("{} HQ out of supply: no recovery", formation(rs, f)),
            }
        })
        .collect();
    (!told.is_empty()).then(|| {
        format!(
            "{} recovery ({rule}): {}",
            side.adjective(),
            told.join("; ")
        )
    })
}

/// 8.5: where the step's reinforcements entered, as the map shows them to both sides: each
/// HQ by name, the units by hex and number (5.3.4: who is under the top is not seen; trial
/// 22f F2: entries were never told).
fn arrivals(rs: &Ruleset, before: &State, after: &State) -> Option<String> {
    let mut told = Vec::new();
    for side in Side::BOTH {
        let mut hexes: Vec<(u16, u32)> = Vec::new();
        let entered = bits(after.on_map_units(rs, side)).filter(|&u| !on_map(before.hex[u]));
        for u in entered {
            match hexes.iter_mut().find(|(h, _)| *h == after.hex[u]) {
                Some((_, n)) => *n += 1,
                None => hexes.push((after.hex[u], 1)),
            }
        }
        let hqs = (0..rs.formations.len()).filter(|&f| {
            rs.formations[f].side == side && !on_map(before.hq_hex[f]) && on_map(after.hq_hex[f])
        });
        let mut here: Vec<String> = hqs
            .map(|f| {
                format!(
                    "the {} HQ at {}",
                    rs.formations[f].name,
                    rs.hex(after.hq_hex[f])
                )
            })
            .collect();
        hexes.sort_unstable();
        here.extend(
            (hexes.iter()).map(|&(h, n)| format!("{} at {}", counted(n, "unit"), rs.hex(h))),
        );
        if !here.is_empty() {
            told.push(format!(
                "{} reinforcements enter (8.5): {}",
                side.adjective(),
                here.join(", ")
            ));
        }
    }
    (!told.is_empty()).then(|| told.join("; "))
}

/// 8.4.1, when the US Replacement Points go unspent without a choice (trial 21e F4): no unit
/// could take them, or none could take the rest; they are lost.
fn replacements_passed(rs: &Ruleset, before: &State, a: Action, after: &State) -> Option<String> {
    let admin_order = |step: Step| match step {
        Step::Replace => 1,
        Step::Reorganize | Step::Reinforce(_) | Step::Heir | Step::Entering(_) => 2,
        _ if is_admin(step) => 0,
        _ => 3,
    };
    let (from, to) = (admin_order(before.step), admin_order(after.step));
    if before.turn != after.turn || from > 1 || to < 2 {
        return None;
    }
    let points = match from {
        1 => after_spending(rs, before, a),
        _ => {
            let r = &rs.charts.us_replacements;
            [r.infantry, r.armored_infantry, r.tank]
        }
    };
    let pools = ["infantry", "armored infantry", "tank"];
    let unspent: Vec<String> = (points.iter().zip(pools))
        .filter(|&(&n, _)| n > 0)
        .map(|(&n, pool)| format!("{n} {pool}"))
        .collect();
    if unspent.is_empty() {
        return None;
    }
    let why = match from {
        1 => "no unit can take the rest",
        _ => "no US unit below strength is In Command of its supplied HQ to take them",
    };
    Some(format!(
        "US Replacement Points (8.4.1): {} RP unspent, {why}: they are lost",
        unspent.join(", ")
    ))
}

/// The Replacement Points left after the US's last choice in 8.4.1 (the choice spent one).
fn after_spending(rs: &Ruleset, before: &State, a: Action) -> [u8; 3] {
    let mut left = before.replacement_points;
    if let Action::Replace(u) = a {
        if let Some(pool) = super::admin::pool_of(rs, usize::from(u)) {
            left[pool] = left[pool].saturating_sub(1);
        }
    }
    left
}

/// Whether a step is one of the Admin Phase's segments (4, 8); the Ops Phase begins with the
/// Initiative Determination after them.
fn is_admin(step: Step) -> bool {
    matches!(
        step,
        Step::Interdiction
            | Step::Attrition
            | Step::Assignment(_)
            | Step::Replace
            | Step::Reorganize
            | Step::PlanDraw
            | Step::PlanPeek
            | Step::Inspect
            | Step::Reinforce(_)
            | Step::Heir
            | Step::Entering(_)
    )
}

/// 7.5.3, when the step ended a battle and its winner got a bonus AP: "the Germans win the
/// battle (fewer hits, 7.5.3): 1 bonus AP for their 2 involved units In Command". The
/// defender's bonus is its own activation inside the attacker's; without this line its
/// action would appear in the middle of the other side's turn unexplained.
fn battle_victory(before: &State, after: &State) -> Option<String> {
    if before.fight.attackers == 0 || after.fight.attackers != 0 {
        return None;
    }
    let act = after.act();
    let granted = act.bonus == 1 && act.bonus_units != 0 && *before.act() != *act;
    granted.then(|| {
        format!(
            "the {} win the battle (fewer hits, 7.5.3): 1 bonus AP for their {} In Command",
            act.side.players(),
            counted(act.bonus_units.count_ones(), "involved unit")
        )
    })
}

/// 7.5.3, when an Action by units that were not in the battle forfeits its bonus AP: the
/// menu said so beside the Action; the log says it happened.
fn bonus_forfeited(rs: &Ruleset, before: &State, a: Action) -> Option<String> {
    let units = super::ops::action_units(rs, before, a)?;
    super::ops::bonus_lost(before, units)
        .then(|| "the bonus AP is lost: only the battle's units may use it (7.5.3)".to_string())
}

/// 6.1's two d10s with their modifiers; the engine draws the winner weighted by the rolls
/// each side wins, so the line tells those odds rather than two faces.
fn initiative_roll(rs: &Ruleset, before: &State, winner: Side) -> String {
    let mut outcomes = Vec::new();
    super::ops::initiative_outcomes(rs, before, &mut outcomes);
    let won = outcomes
        .iter()
        .find(|(a, _)| *a == Action::Winner(winner))
        .map_or(0, |(_, w)| *w);
    let drm = |side: Side| before.marker.drm_for(side);
    let interdiction = match before.interdiction {
        0 => String::new(),
        n => format!(" +{n} Interdiction Level"),
    };
    format!(
        "the {} win the Initiative (6.1: US d10 +{}{interdiction} vs German d10 +{}, ties to \
         the US; {won} of the 100 rolls go to the {})",
        winner.players(),
        drm(Side::Us),
        drm(Side::German),
        winner.players()
    )
}

/// 8.4.2: what cannibalising a unit gave: its SPs as RPs to rebuild units of its formation,
/// or lost when none can take them (trial 18b F13: the log gave no result).
fn cannibalised(before: &State, c: u8, after: &State) -> String {
    let sp = before.strength[usize::from(c)];
    let to_give = after.cannibal_points;
    let lost = sp - to_give;
    let mut line = format!("it leaves play and its {sp} SP become Replacement Points (8.4.2)");
    if to_give > 0 {
        let _ = write!(line, ": {to_give} to give to units of its formation");
    }
    if lost > 0 {
        let _ = write!(
            line,
            "; {lost} lost, no unit of its formation in good order able to take them"
        );
    }
    line
}

/// 5.2: `s` at the step a roll held for the SNAFU offer was made for (as it is otherwise).
fn as_rolled(s: &State) -> State {
    let mut rolled = *s;
    if rolled.step == Step::Snafu {
        rolled.step = rolled.snafu_step;
    }
    rolled
}

fn narrate_step(
    rs: &Ruleset,
    before: &State,
    a: Action,
    after: &State,
    viewer: Option<Side>,
) -> Option<String> {
    // 5.2: a roll kept after the SNAFU offer is told as it is applied.
    if before.step == Step::Snafu && a == Action::Keep {
        let rolled = as_rolled(before);
        return narrate_step(rs, &rolled, before.snafu_roll, after, viewer);
    }
    let context = context_rule(before.step);
    if let Action::Cannibalize(c) = a {
        // 5.3.4: the SP it had are the enemy's to know (review of 23f F2).
        let side = rs.unit(usize::from(c)).side;
        if viewer.is_some_and(|v| v != side) {
            return Some("it leaves play, its SP becoming Replacement Points (8.4.2)".into());
        }
        return Some(cannibalised(before, c, after));
    }
    if !a.is_chance() {
        let moves = matches!(
            before.step,
            Step::SecondHit
                | Step::SpLoss
                | Step::Retreat
                | Step::HqDisplacement { .. }
                | Step::UnitDisplacement
        );
        let mut changes = changes(rs, before, after, context, moves, viewer);
        // 8.4.2: RPs left when no unit can take more are lost, "expended immediately or lost".
        let lost = before
            .cannibal_points
            .saturating_sub(after.cannibal_points + 1);
        if matches!(a, Action::Replace(_)) && lost > 0 {
            let (rp, it) = match lost {
                1 => ("the other RP is".to_string(), "it"),
                n => (format!("the other {n} RP are"), "them"),
            };
            changes.push(format!(
                "{rp} lost: no unit of the formation can take {it} (8.4.2)"
            ));
        }
        return (!changes.is_empty()).then(|| changes.join("; "));
    }
    let mut line = roll(rs, before, a)?;
    if let Step::ApRoll { .. } = before.step {
        // The FAL marker moves down after the roll (6.3.2; to 0 after Emergency Supply).
        let f = usize::from(before.act().formation);
        if let (Some(was), Some(now)) = (before.fal.get(f), after.fal.get(f)) {
            if now != was {
                let _ = write!(line, "; its FAL goes down to {now}");
            }
        }
    }
    if after.step == Step::Snafu {
        let _ = write!(
            line,
            " — held: its roller may keep it or play the SNAFU token for a reroll (5.2)"
        );
        return Some(line);
    }
    let changes = match (before.step, a) {
        (Step::Check(CheckKind::Combat), Action::Check(passed)) => {
            combat_check_changes(rs, before, after, passed, viewer)
        }
        _ => changes(rs, before, after, context, true, viewer),
    };
    if !changes.is_empty() {
        let _ = write!(line, " — {}", changes.join("; "));
    }
    Some(line)
}

/// 7.5.2: a side's last EC goes on to steps 3–4 in the same step, so what the check did
/// (5.6.2: a disruption, or an SP of a unit disrupted already) is told apart from the losses
/// that follow it (trial 12b F2: the step-4 loss read as the check's).
fn combat_check_changes(
    rs: &Ruleset,
    before: &State,
    after: &State,
    passed: bool,
    viewer: Option<Side>,
) -> Vec<String> {
    let context = context_rule(before.step);
    let Some(u) = bits(before.queue).next() else {
        return changes(rs, before, after, context, true, viewer);
    };
    let mut checked = *before;
    super::battle::combat_check(rs, &mut checked, u, passed);
    let mut out = changes(rs, before, &checked, context, true, viewer);
    let then = changes(rs, &checked, after, "7.5.2", true, viewer);
    if !then.is_empty() {
        out.push(format!(
            "after the checks (7.5.2 steps 3–4): {}",
            then.join("; ")
        ));
    }
    out
}

fn formation(rs: &Ruleset, f: u8) -> String {
    if f == BONUS_ONLY {
        "Battle Victory bonus".into()
    } else {
        rs.formation(f).name.clone()
    }
}

fn check_rule(kind: CheckKind) -> &'static str {
    match kind {
        CheckKind::Isolated => "isolated unit, 5.8.4",
        CheckKind::Infiltration => "infiltration, 7.3.4",
        CheckKind::Refit => "Refit, 7.6",
        CheckKind::Combat => "red combat result, 7.5.2",
    }
}

/// The rule under which a step's SP losses, disruptions and eliminations happen.
fn context_rule(step: Step) -> &'static str {
    match step {
        Step::CombatDie | Step::SecondHit | Step::SpLoss | Step::Retreat => "7.5.2",
        Step::Check(CheckKind::Combat) => "7.5.2, 5.6.2",
        Step::Check(CheckKind::Refit) => "7.6",
        Step::Check(_) => "5.6.2",
        Step::Attrition => "8.1.5",
        Step::HqDisplacement { .. } => "5.3.2",
        Step::UnitDisplacement => "5.3.3",
        Step::Reorganize => "8.4.2",
        // 8.5.2: the withdrawals follow the Reinforcement and Assignment Segments' choices; a
        // unit that cannot withdraw is eliminated.
        Step::Reinforce(_) | Step::Heir | Step::Entering(_) | Step::Assignment(_) => {
            "8.5.2 withdrawal"
        }
        _ => "",
    }
}

/// The outcome of a check at `rating` with the d10 faces it stands for: "failed (the d10
/// showed 4–10)". The engine draws the outcome, not the face (see the module's note), so the
/// faces are told as the range the die fell in.
fn passed(ok: bool, rating: u8) -> String {
    let n = combat::ec_passing_faces(rating);
    let faces = |lo: u32, hi: u32| match lo == hi {
        true => format!("a {lo}"),
        false => format!("{lo}–{hi}"),
    };
    match (ok, n) {
        (true, 1..=9) => format!("passed (the d10 showed {})", faces(1, n)),
        (false, 1..=9) => format!("failed (the d10 showed {})", faces(n + 1, 10)),
        (true, _) => "passed".into(),
        (false, _) => "failed".into(),
    }
}

/// "passes on a d10 of 3 or less (3 in 10)": the faces of a check at `rating` (5.6.1, 6.4.2).
pub fn passing_faces(rating: u8) -> String {
    let n = combat::ec_passing_faces(rating);
    match n {
        0 => "no d10 face passes".to_string(),
        10 => "every d10 face passes".to_string(),
        _ => format!("passes on a d10 of {n} or less, {n} in 10"),
    }
}

/// "3 SP": the abbreviation takes no plural.
fn sp(n: u32) -> String {
    format!("{n} SP")
}

/// A roll told: its die or check, what it was read against, and what it gives.
pub fn roll(rs: &Ruleset, before: &State, a: Action) -> Option<String> {
    let first = bits(before.queue).next();
    let checked = first.map(|u| rs.unit(u).name.clone());
    let checked = checked.unwrap_or_else(|| "the unit".into());
    Some(match (before.step, a) {
        (Step::Interdiction, Action::Die(d)) => format!(
            "Interdiction die {d}: Interdiction Level {} this turn (8.1.2)",
            rs.charts.interdiction_level(d)
        ),
        (Step::Attrition, Action::Die(d)) => match first {
            Some(u) => {
                let er = rs.unit(u).er[1];
                let loss = super::admin::attrition_loss(rs, u, d);
                format!(
                    "attrition die {d} for {checked} vs its disrupted ER {er} (8.1.5: the die \
                     minus the ER, if above 0, in SP): {}",
                    if loss == 0 {
                        "no loss".to_string()
                    } else {
                        format!("{} lost", sp(u32::from(loss)))
                    }
                )
            }
            None => format!("attrition die {d} (8.1.5)"),
        },
        (Step::Initiative, Action::Winner(side)) => initiative_roll(rs, before, side),
        (Step::ApRoll { reaction }, Action::Die(d)) => {
            let f = before.act().formation;
            let fal = before.fal.get(usize::from(f)).copied().unwrap_or(0);
            let (colour, rule) = if reaction {
                ("red", "6.4.2")
            } else {
                ("black", "6.3.2")
            };
            let ap = super::ops::action_points(rs, before, reaction, d);
            format!(
                "AP die {d} at FAL {fal}: the {} gets {} ({rule})",
                formation(rs, f),
                counted(ap, &format!("{colour} Action Point")),
            )
        }
        (Step::ReactionCheck, Action::Check(ok)) => {
            let rr = rs.formation(before.reactor).reaction_rating.min(10);
            format!(
                "Reaction Check of the {} (6.4.2): Reaction Rating {rr} — {}: {}",
                formation(rs, before.reactor),
                passing_faces(rr),
                passed(ok, rr)
            )
        }
        (Step::Check(kind), Action::Check(ok)) => {
            let er = first.map_or(0, |u| rs.unit(u).er[usize::from(before.is_disrupted(u))]);
            let side = match first {
                Some(u) if before.is_disrupted(u) => " (disrupted side)",
                _ => "",
            };
            format!(
                "Effectiveness Check of {checked} ({}): ER {er}{side} — {} (5.6.1): {}",
                check_rule(kind),
                passing_faces(er),
                passed(ok, er)
            )
        }
        (Step::Chits, Action::Chits(x, y)) => chits(rs, before, x, y),
        (Step::CombatDie, Action::Die(d)) => combat_die(rs, before, d),
        (Step::PlanDraw, Action::Draw(_)) => "the US draws a Victory Plan marker (8.3)".into(),
        (Step::PlanPeek, Action::Die(d)) => format!(
            "German Victory Plan die {d} (8.3: 9 or 10 inspects a drawn marker): {}",
            if d >= 9 { "may inspect one" } else { "no look" }
        ),
        (_, Action::Die(d)) => format!("die {d}"),
        _ => return None,
    })
}

/// 7.5.1.1: both chits, and for each side the Combat Multiplier its chit gives each unit
/// (by the unit's ER on the side it shows and the chit's column) and the strength it
/// multiplies. Where a stack's units get different multipliers, each unit's is told with the
/// stack's strength, not how the stack shares it (5.3.4: strength markers are never seen).
fn chits(rs: &Ruleset, before: &State, x: u8, y: u8) -> String {
    let c = rs.charts.chits();
    let mut s = *before;
    s.fight.chits = [x, y];
    let b = super::battle::battle(rs, &s);
    let (attack, defense) = b.battle_strengths(&rs.charts, [usize::from(x), usize::from(y)]);
    let side = |name: &str, chit: u8, units: Units, st: &combat::Stack, stance, total| {
        let id = c.get(usize::from(chit)).map_or("?", |k| k.id.as_str());
        let ids: Vec<usize> = bits(units).collect();
        let live: Vec<(String, u8, u8, u8)> = st
            .live()
            .map(|(slot, u)| {
                let m = combat::combat_multiplier(&rs.charts, usize::from(chit), stance, u);
                let name = ids
                    .get(slot)
                    .map_or(String::new(), |&v| rs.unit(v).name.clone());
                (name, m, u.strength, u.er_now())
            })
            .collect();
        let strength: u32 = live.iter().map(|l| u32::from(l.2)).sum();
        let body = match live.first() {
            None => format!("no unit left = {total}"),
            Some(l) if live.iter().all(|o| o.1 == l.1) => {
                format!("×{} × strength {strength} = {total}", l.1)
            }
            Some(_) => {
                let each: Vec<String> = live
                    .iter()
                    .map(|(n, m, _, er)| format!("{n} ×{m} (ER {er})"))
                    .collect();
                format!(
                    "{}, of strength {strength} in all = {total}",
                    each.join(", ")
                )
            }
        };
        format!("{name} chit {id}: {body}")
    };
    format!(
        "chits drawn (7.5.1.1): {}; {}",
        side(
            "attacker",
            x,
            s.fight.attackers,
            &b.attackers,
            Stance::Attack(b.attack),
            attack
        ),
        side(
            "defender",
            y,
            s.fight.defenders,
            &b.defenders,
            Stance::Defense(b.defense),
            defense
        )
    )
}

/// What the hits of one side of a CRT result call for (7.5.2): the 1st an SP loss, a red
/// result an EC of each unit left, the 2nd a retreat or an SP loss (a forced retreat if an EC
/// failed), each further hit an SP loss spread evenly.
fn hits_plan(side: &str, h: Hits) -> String {
    if h.hits == 0 {
        return format!("no hit on the {side}");
    }
    let mut parts = vec!["the 1st an SP loss (step 1)".to_string()];
    if h.red {
        parts.push("red: an EC for each unit left (step 2)".into());
    }
    if h.hits >= 2 {
        parts.push(
            "the 2nd a retreat or an SP loss (step 3; a forced retreat if an EC failed)".into(),
        );
    }
    if h.hits > 2 {
        let more = h.hits - 2;
        parts.push(format!(
            "{more} more SP loss{} spread evenly (step 4)",
            if more == 1 { "" } else { "es" }
        ));
    }
    let n = h.hits;
    format!(
        "the {side}'s {n} hit{}: {}",
        if n == 1 { "" } else { "s" },
        parts.join(", ")
    )
}

/// `changes` under the rule of `before`'s step, joined, for tests of what the log says.
#[cfg(test)]
pub(super) fn changes_for_test(rs: &Ruleset, before: &State, after: &State) -> String {
    changes(rs, before, after, context_rule(before.step), false, None).join("; ")
}

/// What changed for each unit and HQ: SP lost, disruption, elimination (its own entry, with
/// `rule`), leaving the map, and with `moves` where it went (a retreat, a displacement).
fn changes(
    rs: &Ruleset,
    before: &State,
    after: &State,
    rule: &str,
    moves: bool,
    viewer: Option<Side>,
) -> Vec<String> {
    let mut out = Vec::new();
    // 5.3.4: an enemy's SP losses told by hex, not by unit (trial 23e F2, 23f F2).
    let mut hidden_losses: Vec<(u16, Side, u32)> = Vec::new();
    let mut lose = |out: &mut Vec<String>, u: usize, n: u8| {
        let side = rs.unit(u).side;
        if viewer.is_some_and(|v| v != side) {
            let h = before.hex[u];
            match hidden_losses
                .iter_mut()
                .find(|(x, s, _)| (*x, *s) == (h, side))
            {
                Some((_, _, total)) => *total += u32::from(n),
                None => hidden_losses.push((h, side, u32::from(n))),
            }
        } else {
            out.push(format!(
                "{} {} loses {}",
                side.adjective(),
                rs.unit(u).name,
                sp(u32::from(n))
            ));
        }
    };
    let rule = if rule.is_empty() {
        String::new()
    } else {
        format!(" ({rule})")
    };
    for u in 0..rs.units.len() {
        let name = || format!("{} {}", rs.unit(u).side.adjective(), rs.unit(u).name);
        let was = on_map(before.hex[u]);
        if !was {
            continue;
        }
        let (s0, s1) = (before.strength[u], after.strength[u]);
        if !on_map(after.hex[u]) {
            if after.hex[u] == ELIMINATED {
                if s1 < s0 {
                    lose(&mut out, u, s0 - s1);
                }
                // 8.5.2: which test the withdrawing unit failed.
                let why = match rule.contains("8.5.2") {
                    true => super::reinforcements::withdrawal_bar(rs, before, u)
                        .map_or(String::new(), |b| format!(": {b}")),
                    false => String::new(),
                };
                out.push(format!("{} is eliminated{why}{rule}", name()));
            } else {
                out.push(format!("{} leaves the map{rule}", name()));
            }
            continue;
        }
        if s1 < s0 {
            // 5.3.4: losses are public events; the strength left is not.
            lose(&mut out, u, s0 - s1);
        }
        match (before.is_disrupted(u), after.is_disrupted(u)) {
            (false, true) => out.push(format!("{} disrupted", name())),
            (true, false) => out.push(format!("{} no longer disrupted", name())),
            _ => {}
        }
        if moves && before.hex[u] != after.hex[u] {
            out.push(format!("{} to {}", name(), rs.hex(after.hex[u])));
        }
    }
    for (h, side, n) in hidden_losses {
        let (who, lose) = match before.units_at(rs, side, h).count_ones() > 1 {
            true => ("units", "lose"),
            false => ("unit", "loses"),
        };
        out.push(format!(
            "{} {who} in {} {lose} {} (5.3.4: on which is not shown)",
            side.adjective(),
            rs.hex(h),
            sp(n)
        ));
    }
    if rule.starts_with(" (7.5.2") {
        for (side, units, hits) in [
            (
                "defender",
                before.fight.defenders,
                after.fight.result.defender,
            ),
            (
                "attacker",
                before.fight.attackers,
                after.fight.result.attacker,
            ),
        ] {
            let was = bits(units).any(|u| on_map(before.hex[u]));
            let is = bits(units).any(|u| on_map(after.hex[u]));
            if hits.hits > 0 && was && !is {
                out.push(format!(
                    "no {side} unit is left: any of its hits not yet taken are void (7.5.2)"
                ));
            }
        }
    }
    for f in 0..rs.formations.len() {
        let (h0, h1) = (before.hq_hex[f], after.hq_hex[f]);
        if !on_map(h0) || h0 == h1 {
            continue;
        }
        let hq = format!("the {} HQ", rs.formation(f as u8).name);
        if h1 == ELIMINATED {
            out.push(format!("{hq} leaves play with its last unit (3.3)"));
        } else if on_map(h1) && moves {
            out.push(format!("{hq} to {}", rs.hex(h1)));
        }
    }
    out
}

/// The combat die with everything that read it (7.5.1.2): the battle strengths after the
/// chits, the odds column, each DRM, the modified die and the CRT result; then what the
/// result's hits call for on each side (7.5.2).
fn combat_die(rs: &Ruleset, before: &State, die: u8) -> String {
    let b = super::battle::battle(rs, before);
    let chits = before.fight.chits.map(usize::from);
    let (attack, defense) = b.battle_strengths(&rs.charts, chits);
    let drms = super::combat::combat_drm(&rs.charts, &b);
    let drm = drms.total();
    let line = rs.charts.terrain_line(b.terrain);
    let column = rs.charts.odds_column(line, attack, defense);
    // Each DRM with what gives it ("-1 for the defender's support"; trial 18b F14).
    let terms: Vec<String> = [
        ("the hexside", i32::from(drms.hexside)),
        ("the attacker's support", i32::from(drms.attacker_support)),
        ("the defender's support", i32::from(drms.defender_support)),
        ("HQ support", i32::from(drms.hq_support)),
        ("armor superiority", i32::from(drms.armor_superiority)),
    ]
    .iter()
    .filter(|&&(_, v)| v != 0)
    .map(|&(name, v)| format!(", {v:+} for {name}"))
    .collect();
    let terms = match terms.is_empty() {
        true => ", no DRM".to_string(),
        false => terms.concat(),
    };
    let result = rs.charts.resolve(line, attack, defense, die, drm);
    // The die as the CRT reads it: clamped to 1–20 (trial 21e F8: "= 1" for a −1), or not
    // read at all below the line's leftmost odds (7.5.1 D.2; trial 21d F5).
    let sum = i32::from(die) + drm;
    let modified = super::charts::modified_die(die, drm);
    let read = match column {
        super::charts::OddsColumn::BelowLeftmost => format!(
            "{sum} → {result} whatever the die, the odds being below the line's leftmost \
             (7.5.1 D.2)"
        ),
        _ if i32::from(modified) != sum => {
            format!("{sum}, read as {modified} (the CRT's rows run 1–20) → {result}")
        }
        _ => format!("{modified} → {result}"),
    };
    format!(
        "combat: battle strength {attack} vs {defense}, the defender in {}: the CRT's {} line, \
         odds {}; die {die}{terms} = {read} (7.5.1.2); {}; {} (7.5.2)",
        b.terrain.name().replace('_', " "),
        rs.charts.line_name(line).replace('_', " "),
        rs.charts.odds_label(line, column),
        hits_plan("defender", result.defender),
        hits_plan("attacker", result.attacker),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{game_rng, Actor, Game};
    use crate::games::crossing_the_line::scenario::{CAMPAIGN, FIRST_BLOOD, STOLBERG_CORRIDOR};
    use crate::games::crossing_the_line::victory;
    use crate::games::crossing_the_line::CrossingTheLine;
    use rand::Rng;

    /// Random play until the first combat die; the state before it.
    fn before_a_combat_die(game: &CrossingTheLine) -> State {
        for seed in 0..50 {
            let mut rng = game_rng(seed, 0);
            let (mut s, mut buf, mut chance) = (game.initial_state(), Vec::new(), Vec::new());
            while game.actor(&s) != Actor::Terminal {
                if s.step == Step::CombatDie {
                    return s;
                }
                let a = match game.actor(&s) {
                    Actor::Chance => game.draw_chance(&s, &mut chance, &mut rng),
                    _ => game.random_action(&s, &mut buf, &mut rng),
                };
                game.apply(&mut s, a);
            }
        }
        panic!("no combat in 50 random games");
    }

    #[test]
    fn rule_7_5_1_2_the_combat_die_is_told_with_strengths_odds_drms_and_the_result() {
        let game = CrossingTheLine::embedded(STOLBERG_CORRIDOR).unwrap();
        let before = before_a_combat_die(&game);
        let mut after = before;
        game.apply(&mut after, Action::Die(4));
        let text = narrate(game.rules(), &before, Action::Die(4), &after).unwrap();
        assert!(text.starts_with("combat: battle strength "), "{text}");
        assert!(
            text.contains(" line, odds ") && text.contains("; die 4, "),
            "{text}"
        );
        // The result printed is the chart's for these strengths, die and DRM.
        let b = crate::games::crossing_the_line::battle::battle(game.rules(), &before);
        let (a, d) = b.battle_strengths(&game.rules().charts, before.fight.chits.map(usize::from));
        let drm = crate::games::crossing_the_line::combat::combat_drm(&game.rules().charts, &b);
        let line = game.rules().charts.terrain_line(b.terrain);
        let line_name = game.rules().charts.line_name(line);
        assert!(
            text.contains(&format!("the CRT's {line_name} line")),
            "{text}"
        );
        // Each DRM says what gives it.
        if drm.total() != 0 {
            assert!(text.contains(" for "), "{text}");
        }
        let result = game.rules().charts.resolve(line, a, d, 4, drm.total());
        let column = game.rules().charts.odds_column(line, a, d);
        let read = match column {
            crate::games::crossing_the_line::charts::OddsColumn::BelowLeftmost => {
                format!("→ {result} whatever the die, the odds being below the line's leftmost (7.5.1 D.2)")
            }
            _ => format!("→ {result} (7.5.1.2)"),
        };
        assert!(text.contains(&read), "{text}");
        // A die past the CRT's rows says how it is read.
        let sum = 4 + drm.total();
        assert_eq!(
            text.contains(", read as "),
            !(1..=20).contains(&sum) && !read.contains("whatever the die"),
            "{text}"
        );
    }

    /// One step of random play: the state before, the action, the state after, the narration.
    type Seen<'a> = dyn FnMut(&Ruleset, &State, Action, &State, Option<String>) + 'a;

    /// Random play of `scenario` over `seeds`, at most `steps` steps a game: `seen` gets each
    /// step's state before, action, state after and narration.
    fn each_step(scenario: &str, seeds: std::ops::Range<u64>, steps: usize, seen: &mut Seen) {
        let game = CrossingTheLine::embedded(scenario).unwrap();
        for seed in seeds {
            let mut rng = game_rng(seed, 0);
            let (mut s, mut buf, mut chance) = (game.initial_state(), Vec::new(), Vec::new());
            for _ in 0..steps {
                if game.actor(&s) == Actor::Terminal {
                    break;
                }
                let a = match game.actor(&s) {
                    Actor::Chance => game.draw_chance(&s, &mut chance, &mut rng),
                    _ => {
                        // Random play that attacks whenever it may, for many combats.
                        game.legal_actions(&s, &mut buf);
                        let fights: Vec<Action> = buf
                            .iter()
                            .copied()
                            .filter(|a| matches!(a, Action::Attack { .. } | Action::Resolve))
                            .collect();
                        if fights.is_empty() {
                            game.random_action(&s, &mut buf, &mut rng)
                        } else {
                            fights[rng.random_range(0..fights.len())]
                        }
                    }
                };
                let before = s;
                game.apply(&mut s, a);
                let text = game.narrate(&before, a, &s);
                seen(game.rules(), &before, a, &s, text);
            }
        }
    }

    #[test]
    fn rule_9_a_vp_hex_changing_hands_is_told_with_the_us_vp() {
        for (scenario, hidden_plan) in [(STOLBERG_CORRIDOR, false), (CAMPAIGN, true)] {
            let mut told = 0;
            each_step(scenario, 0..30, 400, &mut |rs, before, _, after, text| {
                let changed = before.us_control ^ after.us_control;
                if changed == 0 {
                    return;
                }
                let text = text.expect("a change of control is told");
                let k = changed.trailing_zeros() as usize;
                let hex = rs.hex(rs.vp_hexes[k].0).to_string();
                assert!(text.contains(&hex), "{scenario}: {hex} not in «{text}»");
                let total = format!("the US VP now {} (rule 9)", victory::us_vp(rs, after));
                assert_eq!(!text.contains(&total), hidden_plan, "{scenario}: «{text}»");
                assert_eq!(
                    text.contains("hidden Victory Plan, 8.3"),
                    hidden_plan,
                    "{text}"
                );
                told += 1;
            });
            assert!(told > 0, "{scenario}: no VP hex changed hands");
        }
    }

    #[test]
    fn rule_7_5_2_a_failed_check_disrupts_and_the_losses_after_the_checks_are_told_apart() {
        let (mut told, mut then) = (0, 0);
        each_step(
            STOLBERG_CORRIDOR,
            0..200,
            600,
            &mut |rs, before, a, after, text| {
                if before.step != Step::Check(CheckKind::Combat) || a != Action::Check(false) {
                    return;
                }
                let u = bits(before.queue).next().unwrap();
                // A roll held for the SNAFU offer (5.2) is applied, and told, when kept.
                if before.is_disrupted(u) || after.step == Step::Snafu {
                    return;
                }
                let text = text.expect("a check is told");
                let own = text.split("after the checks").next().unwrap();
                let name = unit_name(rs, u);
                assert!(own.contains(": failed ("), "{text}");
                assert!(own.contains(&format!("{name} disrupted")), "5.6.2: {text}");
                assert!(!own.contains(&format!("{name} loses")), "5.6.2: {text}");
                if after.strength[u] < before.strength[u] || !on_map(after.hex[u]) {
                    assert!(
                        text.contains("after the checks (7.5.2 steps 3–4): "),
                        "{text}"
                    );
                    then += 1;
                }
                told += 1;
            },
        );
        assert!(told > 5 && then > 0, "{told} {then}");
    }

    fn unit_name(rs: &Ruleset, u: usize) -> String {
        format!("{} {}", rs.unit(u).side.adjective(), rs.unit(u).name)
    }

    #[test]
    fn rule_5_6_1_every_effectiveness_and_reaction_check_is_told_with_its_rating_and_faces() {
        let (mut ecs, mut reactions) = (0, 0);
        type Told = Option<String>;
        let mut seen =
            |rs: &Ruleset, before: &State, a: Action, _: &State, text: Told| match (before.step, a)
            {
                (Step::Check(_), Action::Check(ok)) => {
                    ecs += 1;
                    let text = text.expect("an EC is told");
                    let u = before.queue.trailing_zeros() as usize;
                    let er = rs.unit(u).er[usize::from(before.is_disrupted(u))];
                    let n = combat::ec_passing_faces(er);
                    assert!(text.contains(&format!(": ER {er}")), "{text}");
                    assert!(
                        text.contains(" — passes on a d10 ") || n == 0 || n == 10,
                        "{text}"
                    );
                    assert!(
                        text.contains(&format!("passes on a d10 of {n} or less, {n} in 10"))
                            || (n == 0 && text.contains("no d10 face passes"))
                            || (n == 10 && text.contains("every d10 face passes")),
                        "{text}"
                    );
                    assert!(
                        text.contains(if ok { ": passed" } else { ": failed" }),
                        "{text}"
                    );
                }
                (Step::ReactionCheck, Action::Check(ok)) => {
                    reactions += 1;
                    let text = text.expect("a Reaction Check is told");
                    let rr = rs.formation(before.reactor).reaction_rating.min(10);
                    assert!(text.contains(&format!("Reaction Rating {rr} — ")), "{text}");
                    assert!(
                        text.contains(if ok { ": passed" } else { ": failed" }),
                        "{text}"
                    );
                }
                _ => {}
            };
        each_step(STOLBERG_CORRIDOR, 0..30, 4000, &mut seen);
        each_step(FIRST_BLOOD, 0..30, 4000, &mut seen);
        assert!(
            ecs > 0 && reactions > 0,
            "{ecs} ECs, {reactions} Reaction Checks"
        );
    }

    #[test]
    fn rule_8_1_5_the_attrition_die_is_told_with_the_disrupted_er_and_the_loss() {
        let rs = CrossingTheLine::embedded(STOLBERG_CORRIDOR).unwrap();
        let rs = rs.rules();
        let mut before = rs.initial;
        let u = bits(rs.side_units[0])
            .find(|&u| on_map(before.hex[u]))
            .unwrap();
        before.step = Step::Attrition;
        before.queue = 1 << u;
        let er = rs.unit(u).er[1];
        let text = roll(rs, &before, Action::Die(10)).unwrap();
        let loss = 10 - er;
        assert!(
            text.starts_with(&format!(
                "attrition die 10 for {} vs its disrupted ER {er} (8.1.5",
                rs.unit(u).name
            )),
            "{text}"
        );
        assert!(
            text.ends_with(&format!(": {} lost", sp(u32::from(loss)))),
            "{text}"
        );
        let text = roll(rs, &before, Action::Die(1)).unwrap();
        assert!(text.ends_with(": no loss"), "{text}");
    }

    #[test]
    fn rule_6_3_2_the_ap_die_names_the_fal_column_it_was_read_on() {
        let mut told = 0;
        each_step(
            STOLBERG_CORRIDOR,
            0..2,
            1500,
            &mut |rs, before, a, after, text| {
                if let (Step::ApRoll { reaction }, Action::Die(d)) = (before.step, a) {
                    if after.step == Step::Snafu {
                        return;
                    }
                    told += 1;
                    let text = text.unwrap();
                    let f = usize::from(before.act().formation);
                    let fal = before.fal[f];
                    let ap = rs.charts.action_points(fal, d).map_or(0, |p| {
                        if reaction {
                            p.red
                        } else {
                            p.black
                        }
                    });
                    assert_eq!(ap, after.act().ap, "{text}");
                    assert!(
                        text.starts_with(&format!("AP die {d} at FAL {fal}: ")),
                        "{text}"
                    );
                    assert!(text.contains(&format!(" gets {ap} ")), "{text}");
                }
            },
        );
        assert!(told > 0);
    }

    /// 7.5.2: every SP lost and every unit eliminated, by a roll or by the decision that
    /// applies a combat result or a displacement, has its entry in the log.
    #[test]
    fn rule_7_5_2_every_sp_loss_and_every_elimination_is_told() {
        let mut eliminations = 0;
        for scenario in [STOLBERG_CORRIDOR, FIRST_BLOOD] {
            each_step(scenario, 0..8, 4000, &mut |rs, before, a, after, text| {
                if matches!(a, Action::Cannibalize(_)) || after.step == Step::Snafu {
                    return;
                }
                for u in 0..rs.units.len() {
                    if !on_map(before.hex[u]) {
                        continue;
                    }
                    let name = unit_name(rs, u);
                    let text = text.clone().unwrap_or_default();
                    if after.hex[u] == ELIMINATED {
                        eliminations += 1;
                        assert!(
                            text.contains(&format!("{name} is eliminated")),
                            "{a:?} at {:?}: no elimination line for {name} in {text:?}",
                            before.step
                        );
                    } else if after.strength[u] < before.strength[u] {
                        let lost = before.strength[u] - after.strength[u];
                        assert!(
                            text.contains(&format!("{name} loses {}", sp(u32::from(lost)))),
                            "{a:?} at {:?}: {name}'s loss untold in {text:?}",
                            before.step
                        );
                    }
                }
            });
        }
        assert!(eliminations > 0);
    }

    /// 7.5.2: the combat die tells how many hits each side takes and what each calls for.
    #[test]
    fn rule_7_5_2_the_combat_result_accounts_for_every_hit_of_each_side() {
        let mut told = 0;
        each_step(
            STOLBERG_CORRIDOR,
            0..6,
            4000,
            &mut |_, before, a, after, text| {
                if before.step != Step::CombatDie || after.step == Step::Snafu {
                    return;
                }
                let Action::Die(_) = a else { return };
                told += 1;
                let text = text.unwrap();
                let r = after.fight.result;
                for (side, h) in [("defender", r.defender), ("attacker", r.attacker)] {
                    let want = match h.hits {
                        0 => format!("no hit on the {side}"),
                        1 => format!("the {side}'s 1 hit: the 1st an SP loss"),
                        n => format!("the {side}'s {n} hits: the 1st an SP loss"),
                    };
                    assert!(text.contains(&want), "{want:?} not in {text}");
                    if h.hits >= 2 {
                        assert!(text.contains("the 2nd a retreat or an SP loss"), "{text}");
                    }
                    if h.hits > 2 {
                        assert!(
                            text.contains(&format!("{} more SP loss", h.hits - 2)),
                            "{text}"
                        );
                    }
                }
            },
        );
        assert!(told > 0);
    }

    /// 7.5.1.1: the chits are told with the Combat Multiplier each gives and the strength it
    /// multiplies, ending in the battle strengths the combat die reads.
    #[test]
    fn rule_7_5_1_1_the_chits_are_told_with_their_multipliers_and_strengths() {
        let game = CrossingTheLine::embedded(STOLBERG_CORRIDOR).unwrap();
        let rs = game.rules();
        let die = before_a_combat_die(&game);
        let mut before = die;
        before.step = Step::Chits;
        let [x, y] = die.fight.chits;
        let text = roll(rs, &before, Action::Chits(x, y)).unwrap();
        let b = crate::games::crossing_the_line::battle::battle(rs, &die);
        let (a, d) = b.battle_strengths(&rs.charts, die.fight.chits.map(usize::from));
        let ids = (
            &rs.charts.chits()[usize::from(x)].id,
            &rs.charts.chits()[usize::from(y)].id,
        );
        assert!(
            text.starts_with(&format!(
                "chits drawn (7.5.1.1): attacker chit {}: ×",
                ids.0
            )),
            "{text}"
        );
        assert!(
            text.contains(&format!(" = {a}; defender chit {}: ×", ids.1))
                || text.contains(&format!(" = {a}; defender chit {}: ", ids.1)),
            "{text}"
        );
        assert!(text.ends_with(&format!(" = {d}")), "{text}");
        // One attacking unit: its multiplier and strength, as the rule multiplies them.
        if die.fight.attackers.count_ones() == 1 {
            let u = die.fight.attackers.trailing_zeros() as usize;
            let (_, c) = b.attackers.live().next().unwrap();
            let m =
                combat::combat_multiplier(&rs.charts, usize::from(x), Stance::Attack(b.attack), c);
            assert!(
                text.contains(&format!("×{m} × strength {} = {a}", die.strength[u])),
                "{text}"
            );
        }
    }

    /// 5.2: a roll held for the SNAFU offer is told as held, and told in full when kept.
    #[test]
    fn rule_5_2_a_kept_roll_is_told_when_it_is_applied() {
        let mut kept = 0;
        each_step(
            STOLBERG_CORRIDOR,
            0..6,
            4000,
            &mut |_, before, a, after, text| {
                if before.step == Step::Snafu && a == Action::Keep {
                    kept += 1;
                    let text = text.clone().unwrap_or_default();
                    assert!(!text.is_empty() && !text.contains("held"), "{text}");
                    // The Interdiction die kept: the recovery it closes is told now.
                    if before.snafu_step == Step::Interdiction {
                        assert!(text.contains("German recovery (8.1.3)"), "{text}");
                    }
                }
                if a.is_chance() && after.step == Step::Snafu {
                    // Held: nothing it closes is told yet (trial 23f F1).
                    let text = text.unwrap();
                    assert!(
                        text.contains("held") && !text.contains("recovery"),
                        "{text}"
                    );
                }
            },
        );
        assert!(kept > 0);
    }
}
