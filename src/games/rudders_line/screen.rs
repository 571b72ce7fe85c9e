//! The play screen's view of Rudder's Line: the board as text, and every die roll explained.

use super::data::Side;
use super::describe::{area, counter_name, printed_values, unit, weapon};
use super::ruleset::{unit_bits, Ruleset};
use super::state::{AttackKind, Phase, Roll, State, Step, NONE};
use super::Action;
use crate::engine::words::counted;
use crate::engine::Actor;
use std::fmt::Write as _;

fn phase_name(p: Phase) -> &'static str {
    match p {
        Phase::Initiative => "Initiative Determination",
        Phase::IndirectFire => "Indirect Fire Support",
        Phase::DirectFire => "Direct Fire Support",
        Phase::Action => "Action",
        Phase::Regroup => "Regroup",
        Phase::Over => "Game Over",
    }
}

/// The turn, the phase, who holds the initiative and who is to act, in one line.
pub fn headline(rs: &Ruleset, s: &State) -> String {
    let (turn, initiative) = (s.turn, s.initiative.name());
    let to_act = match super::actor(s) {
        Actor::Player(p) => Side::BOTH[p].name(),
        // 5.1: before the roll, last turn's holder would be told as this turn's.
        Actor::Chance if s.phase == Phase::Initiative => {
            return format!(
                "Turn {turn} of {}, {} Phase; to act: the dice",
                rs.turns,
                phase_name(s.phase)
            )
        }
        Actor::Chance => "the dice",
        Actor::Terminal => {
            return format!(
                "Turn {turn} of {}: the game is over; Initiative: {initiative}",
                rs.turns
            )
        }
    };
    format!(
        "Turn {turn} of {}, {} Phase; Initiative: {initiative}; to act: {to_act}",
        rs.turns,
        phase_name(s.phase),
    )
}

/// The compact board: one line per occupied area, its units grouped with their printed
/// values (Attack|Defense|Movement) and state, so a 50-line terminal shows it whole.
pub fn render_compact(rs: &Ruleset, s: &State) -> String {
    let mut out = format!("{}\n", headline(rs, s));
    for a in 0..rs.areas.len() as u8 {
        let mut groups: Vec<(String, u32)> = Vec::new();
        for u in unit_bits(s.area_units[usize::from(a)]) {
            let label = unit_label(rs, s, u);
            match groups.iter_mut().find(|(l, _)| *l == label) {
                Some((_, n)) => *n += 1,
                None => groups.push((label, 1)),
            }
        }
        let markers = s.interdiction[0][usize::from(a)].max(s.interdiction[1][usize::from(a)]);
        let lying: Vec<String> = super::board::lying_weapons(rs, s, a)
            .map(|w| weapon(rs, w))
            .collect();
        if groups.is_empty() && markers == 0 && lying.is_empty() {
            continue;
        }
        let info = &rs.areas[usize::from(a)];
        let star = if rs.victory_areas & (1 << a) != 0 {
            "★"
        } else {
            ""
        };
        let units: Vec<String> = groups
            .into_iter()
            .map(|(l, n)| if n > 1 { format!("{n}× {l}") } else { l })
            .collect();
        let mut line = format!(
            // The side after the TEM controls the area; its units follow ("held by the
            // Germans: 2× Ranger squad …" read as German squads when the name led them).
            "  {:<8}TEM+{}{star} held by the {}",
            area(rs, a),
            info.tem,
            s.controller(a).name()
        );
        if !units.is_empty() {
            let _ = write!(line, ": {}", units.join(", "));
        }
        if !lying.is_empty() {
            let _ = write!(
                line,
                "; lying here, carried by no one: {}",
                lying.join(", ")
            );
        }
        for marker in interdiction_markers(s, a) {
            let _ = write!(line, "; {}", marker_words(marker));
        }
        let _ = writeln!(out, "{line}");
    }
    let _ = writeln!(out, "{}", pending(rs, s));
    out
}

/// The interdiction markers in area `a` (8.1): each side's that fired there, with its value.
pub fn interdiction_markers(s: &State, a: u8) -> impl Iterator<Item = (super::Side, u8)> + '_ {
    (0..2).filter_map(move |side| {
        let v = s.interdiction[side][usize::from(a)];
        (v > 0).then(|| (super::Side::from_index(side), v))
    })
}

/// A marker in words: "the Rangers' interdiction marker 8 (8.1)".
pub fn marker_words((side, v): (super::Side, u8)) -> String {
    format!("the {}' interdiction marker {v} (8.1)", side.name())
}

/// A unit in a few words: its name, the values it has now and what it carries ("Ranger
/// squad 4|6|5", "German squad 2|3|4 spent +MG 42").
fn unit_label(rs: &Ruleset, s: &State, u: u8) -> String {
    let mut label = format!(
        "{} {}{}{}",
        counter_name(&rs.info(u).counter),
        printed_values(rs, s, u),
        if s.is_spent(u) { " spent" } else { "" },
        held_words(rs, s, u)
    );
    let w = s.carried(u);
    if w != NONE {
        let fired = if s.is_spent(w) { " fired" } else { "" };
        label.push_str(&format!(" +{}{fired}", weapon(rs, w)));
    }
    label
}

/// " held until turn 3": a unit the scenario holds back (its set-up's `released_on_turn`),
/// which may not act before then (trial 21b F3: the 914th's hold was shown nowhere).
pub fn held_words(rs: &Ruleset, s: &State, u: u8) -> String {
    match rs.released(u, s.turn) {
        true => String::new(),
        false => format!(" held until turn {}", rs.info(u).released_on_turn),
    }
}

/// Each occupied area with its units (fresh/spent, carried weapons), markers and control.
pub fn render(rs: &Ruleset, s: &State) -> String {
    let mut out = format!("{}\n", headline(rs, s));
    for a in 0..rs.areas.len() as u8 {
        let units = s.area_units[usize::from(a)];
        let lying: Vec<u8> = super::board::lying_weapons(rs, s, a).collect();
        let markers = s.interdiction[0][usize::from(a)].max(s.interdiction[1][usize::from(a)]);
        if units == 0 && lying.is_empty() && markers == 0 {
            continue;
        }
        let info = &rs.areas[usize::from(a)];
        let star = if rs.victory_areas & (1 << a) != 0 {
            " ★"
        } else {
            ""
        };
        let _ = write!(
            out,
            "  {:<8} TEM +{} {}{star} [{}]",
            area(rs, a),
            info.tem,
            info.name,
            s.controller(a).name()
        );
        for marker in interdiction_markers(s, a) {
            let _ = write!(out, "; {}", marker_words(marker));
        }
        out.push('\n');
        for u in unit_bits(units) {
            let i = rs.info(u);
            let state = if s.is_spent(u) { "spent" } else { "fresh" };
            let _ = write!(
                out,
                "      #{u:<3} {} {} ({state})",
                i.side.name(),
                counter_name(&i.counter)
            );
            let w = s.carried(u);
            if w != NONE {
                let fired = if s.is_spent(w) { ", fired" } else { "" };
                let _ = write!(out, " carrying #{w} {}{fired}", weapon(rs, w));
            }
            out.push('\n');
        }
        for w in lying {
            let _ = writeln!(out, "      #{w:<3} {} lies here", weapon(rs, w));
        }
    }
    let _ = writeln!(out, "{}", pending(rs, s));
    out
}

/// The decision being waited for, in words.
fn pending(rs: &Ruleset, s: &State) -> String {
    match s.step {
        Step::Casualties => format!(
            "{} must pay {} in {}",
            s.casualties.owner.name(),
            counted(s.casualties.cp, "Casualty Point"),
            area(rs, s.attack.area)
        ),
        Step::Group => format!("{} group in {}", s.active.name(), area(rs, s.group.area)),
        Step::Point => "choose the point unit of the assault".into(),
        Step::InitiativeChoice => format!("{} won the initiative roll", s.initiative.name()),
        Step::AutoRally => format!(
            "Rangers rally {} automatically",
            counted(s.regroup.remaining, "squad")
        ),
        Step::Fatigue => {
            let unit = format!("{} unit", s.regroup.side.adjective());
            format!("fatigue {}", counted(s.regroup.remaining, &unit))
        }
        Step::PickUp => format!("{} may pick up weapons", s.regroup.side.name()),
        _ => String::new(),
    }
}

/// "4 (point) + 2 (NCO/BAR) + ": the non-zero terms of a total, each with what it is.
fn terms(t: &[u8; 4], labels: [&str; 4]) -> String {
    t.iter()
        .zip(labels)
        .filter(|&(&x, _)| x > 0)
        .map(|(x, label)| format!("{x} ({label}) + "))
        .collect()
}

/// What each term of an attack's totals is, by the kind of attack (7.3, 9.4, 11.1, 8.2).
fn term_labels(kind: AttackKind) -> ([&'static str; 4], [&'static str; 4]) {
    match kind {
        AttackKind::Assault => (
            ["point", "NCO/BAR", "supporters", "weapons"],
            ["defender", "NCO/BAR", "other defenders", "TEM"],
        ),
        AttackKind::Direct => (["weapons", "NCO/BAR", "", ""], ["TEM", "", "", ""]),
        AttackKind::Indirect => (["fire", "", "", ""], ["TEM doubled", "", "", ""]),
        AttackKind::Interdiction => (["marker", "", "", ""], ["TEM", "", "", ""]),
    }
}

/// The rule that builds an attack's Offensive and Defensive Totals.
fn totals_rule(kind: AttackKind) -> &'static str {
    match kind {
        AttackKind::Indirect => "7.5",
        AttackKind::Direct => "9.5",
        AttackKind::Assault => "11.1",
        AttackKind::Interdiction => "8.2",
    }
}

/// What OT − DT = `cp` does (7.6, 7.61, 9.6, 11.2, 11.21): Casualty Points, nothing, or a
/// failed assault's price.
fn attack_result(kind: AttackKind, cp: i16) -> String {
    match (kind, cp > 0) {
        (AttackKind::Assault, true) => format!("{cp} CP on the defenders (11.21)"),
        (_, true) => format!("{cp} CP (7.61)"),
        (AttackKind::Assault, false) => "the assault fails: the lead attacker is eliminated, the \
            supporters are spent and go back where they came from if they entered this turn \
            (11.2, 11.3)"
            .into(),
        (AttackKind::Direct, false) => "no effect (9.6, 7.6)".into(),
        (_, false) => "no effect (7.6)".into(),
    }
}

/// 10.1c: a failed assault passes the Action Phase; told, so that play coming straight back
/// (the enemy has no fresh unit, 10.1b) is not taken for no pass at all (trial 13b F11).
fn failed_assault_pass(before: &State, after: &State) -> String {
    let (attacker, enemy) = (before.attack.attacker, before.attack.attacker.enemy());
    if (before.turn, before.phase) != (after.turn, after.phase) {
        return "; the Action Phase passes (10.1c)".into();
    }
    match after.active == attacker {
        true => format!(
            "; the Action Phase passes to the {} (10.1c), who have no fresh unit, so it comes \
             back to the {} (10.1b)",
            enemy.name(),
            attacker.name()
        ),
        false => format!("; the Action Phase passes to the {} (10.1c)", enemy.name()),
    }
}

/// The die rolls explained: totals, dice and the result.
pub fn narrate(rs: &Ruleset, before: &State, a: Action, after: &State) -> Option<String> {
    let told = narrate_step(rs, before, a, after);
    // The guns' deadline passed with no Ranger there: told when it happens (trial 21b F7).
    let told = match (guns_missed(rs, before, after), told) {
        (Some(g), Some(t)) => Some(format!("{t}; {g}")),
        (g, t) => t.or(g),
    };
    // A new phase (or turn, or the end) is told where it happens, whoever's step led to it:
    // after the person's own last decision of a phase the screen is not drawn again.
    if (before.turn, before.phase) == (after.turn, after.phase) {
        return told;
    }
    let mut now = format!("now {}", headline(rs, after));
    if after.phase == Phase::Regroup && before.phase != Phase::Regroup {
        now.push_str(&rallies_without_a_roll(rs, before, after));
    }

    Some(told.map_or(now.clone(), |t| format!("{t} — {now}")))
}

/// "no Ranger reached the guns in area 33 by the end of turn 3 …" on the step that found it.
fn guns_missed(rs: &Ruleset, before: &State, after: &State) -> Option<String> {
    let v = &rs.victory;
    (after.guns_missed && !before.guns_missed).then(|| {
        format!(
            "no Ranger reached the guns in {} by the end of turn {}: the Rangers' result will be \
             one level lower",
            area(rs, v.guns_area),
            v.guns_deadline_turn
        )
    })
}

/// 12.1 steps 3 and 4a: the units the Regroup Phase turned fresh on its own as it began, by
/// a friendly leader in their area or for the Victory Areas the Rangers control, without a
/// roll or a choice (trial 14b F1: the log said nothing of them).
fn rallies_without_a_roll(rs: &Ruleset, before: &State, after: &State) -> String {
    let rallied = unit_bits(rs.personnel).filter(|&u| before.is_spent(u) && !after.is_spent(u));
    let (led, automatic): (Vec<u8>, Vec<u8>) =
        rallied.partition(|&u| super::regroup::rallies_by_a_leader(rs, after, u));
    let names = |units: &[u8]| -> String {
        let names: Vec<String> = units.iter().map(|&u| unit(rs, after, u)).collect();
        names.join(", ")
    };
    let mut told = String::new();
    if !led.is_empty() {
        let _ = write!(
            told,
            "; fresh again with a leader in their area, or a leader themselves (12.1 step 3): {}",
            names(&led)
        );
    }
    if !automatic.is_empty() {
        let held = (rs.victory_areas & after.ranger_control).count_ones();
        let _ = write!(
            told,
            "; rallied automatically, a squad for each Victory Area the Rangers control ({}, \
             12.1 step 4a): {}",
            held,
            names(&automatic)
        );
    }
    told
}

fn narrate_step(rs: &Ruleset, before: &State, a: Action, after: &State) -> Option<String> {
    if let Action::Dice(sum) = a {
        // Which weapon, and the ranges the roll was read against (trial 20b F2).
        let w = before.survival;
        let fate = match sum <= 7 {
            true => "eliminated".to_string(),
            false => format!("left lying in {}", area(rs, before.loc(w))),
        };
        return Some(format!(
            "weapon survival for {}: 2d6 = {sum}, {fate} (2.63: 2–7 eliminated, 8–12 left in \
             the area)",
            unit(rs, before, w)
        ));
    }
    let Action::Die(d) = a else { return None };
    let Step::Roll(roll) = before.step else {
        return None;
    };
    let at = &before.attack;
    Some(match roll {
        Roll::InitiativeRangers => format!("Rangers roll {d} for the initiative (5.1)"),
        Roll::InitiativeGermans => format!(
            "Germans roll {d}: Rangers {}{:+} vs Germans {d}{:+}, each die plus its side's \
             modifier of the scenario's special rules (5.1)",
            before.initiative_die,
            rs.initiative_modifier(before, super::Side::Rangers),
            rs.initiative_modifier(before, super::Side::Germans)
        ),
        Roll::Offense => format!(
            "{} roll {d}: the attacker's die of the Offensive Total ({})",
            at.attacker.name(),
            totals_rule(at.kind)
        ),
        Roll::Defense => {
            let (ot, dt) = (at.offense + at.offense_die, at.defense + d);
            let cp = i16::from(ot) - i16::from(dt);
            let kind = match at.kind {
                AttackKind::Indirect => "indirect fire",
                AttackKind::Direct => "direct fire",
                AttackKind::Assault => "assault",
                AttackKind::Interdiction => "interdiction",
            };
            let kind = format!("{kind} ({})", totals_rule(at.kind));
            let mut result = attack_result(at.kind, cp);
            if at.kind == AttackKind::Assault && cp <= 0 {
                result += &failed_assault_pass(before, after);
            }
            let (offense, defense) = term_labels(at.kind);
            format!(
                "{kind} on {}: OT {}1d6 ({}) = {ot} vs DT {}1d6 ({d}) = {dt} → {result}",
                area(rs, at.area),
                terms(&at.offense_terms, offense),
                at.offense_die,
                terms(&at.defense_terms, defense)
            )
        }
        Roll::Accuracy if d == 6 => "accuracy roll 6: friendly fire! (7.7)".into(),
        Roll::Accuracy => format!("accuracy roll {d}: the fire is accurate (7.7)"),
        Roll::FriendlyFire => format!("friendly fire: {d} CP on the firer's own units (7.7)"),
        Roll::Rally => {
            let u = before.regroup.cursor;
            let ok = !after.is_spent(u);
            let dv = rs.info(u).spent_defense;
            format!(
                "rally roll for #{u} {} (12.1 step 4): 1d6 = {d} vs its spent side's Defense \
                 Value {dv} → {} (rallies on {dv} or less)",
                counter_name(&rs.info(u).counter),
                if ok { "rallied" } else { "stays spent" }
            )
        }
        Roll::Fatigue => format!(
            "{} fatigue roll {d}: {} to fatigue (12.1 step 5)",
            before.regroup.side.name(),
            counted((d / 2).max(1), "unit")
        ),
    })
}
