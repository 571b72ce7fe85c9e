//! Plain-language descriptions of actions, the board as text, and every roll explained, for
//! logs and the play screen.

use super::combat::{
    attack_value, attack_value_parts, defense_value, defense_value_parts, result, result_morale,
    success_morale, MoraleChange,
};
use super::data::DefenseStrategy;
use super::ruleset::{Ruleset, AREAS, TURNS};
use super::state::{bits, Phase, Roll, State, Step, Support, NONE, OUT_OF_ACTION, UNREVEALED};
use super::Action;
use crate::engine::words::counted;
use std::fmt::Write as _;

/// "Area 13 (Kaiserplatz)".
pub fn area(rs: &Ruleset, a: u8) -> String {
    match rs.area_names.get(usize::from(a)) {
        Some(name) => format!("Area {} ({name})", a + 1),
        None => format!("Area #{a}"),
    }
}

/// Who a Place action places: this turn's reinforcements (6.1.1), a returning Leader
/// (6.1.2) or a refitted unit (6.3.1).
fn placed(rs: &Ruleset, s: &State) -> String {
    let units = |m: u64| bits(m).map(|u| unit(rs, u)).collect::<Vec<_>>().join(", ");
    match s.step {
        Step::Reinforcements => format!(
            "the reinforcements {} (6.1.1)",
            units(u64::from(super::turn::reinforcement_group(rs, s)))
        ),
        Step::PlaceLeader => format!("the returning {} (6.1.2)", unit(rs, s.cursor)),
        Step::PlaceRefit => format!("the refitted {} (6.3.1)", unit(rs, s.cursor)),
        _ => "the unit".into(),
    }
}

pub fn unit(rs: &Ruleset, u: u8) -> String {
    let k = rs.unit(u);
    if k.is_leader() {
        format!("Leader {}", k.id)
    } else {
        format!("{} ({})", k.id, k.attack)
    }
}

pub fn action(rs: &Ruleset, s: &State, a: Action) -> String {
    let ar = |x: u8| area(rs, x);
    let u = |x: u8| unit(rs, x);
    match a {
        Action::Die(d) => format!("1d6 rolls {d}"),
        Action::Dice(d) => format!("dice total {d}"),
        Action::Draw(c) => format!(
            "German counter {} is revealed",
            rs.german_ids[usize::from(c)]
        ),
        Action::Place(x) => format!("place {} in {}", placed(rs, s), ar(x)),
        Action::Buy(k) => format!(
            "buy 1 {} Support point ({} of {} Supply Points)",
            k.name(),
            super::turn::cost(rs, k),
            s.supply
        ),
        Action::Refit(x) => format!(
            "return {} from the Out of Action Box ({} of {} Supply Points)",
            u(x),
            super::turn::refit_cost(rs, x),
            s.supply
        ),
        Action::Choose(x) => format!("{} takes the Bloody Streets result", u(x)),
        Action::Activate(x) => format!("activate {}", ar(x)),
        Action::Select(x) => format!("move {}", u(x)),
        Action::Move { to, via: NONE }
            if s.loc.get(usize::from(s.activation.mover)) == Some(&to) =>
        {
            format!("stay in {} (out and back: Spent)", ar(to))
        }
        Action::Move { to, via: NONE } => format!("move to {}", ar(to)),
        Action::Move { to, via } => format!("move into {} from {} to attack", ar(to), ar(via)),
        Action::Attack(x) => format!("attack the German unit in {}", ar(x)),
        Action::AddAttacker(x) => format!("{} joins the attack", u(x)),
        // The Ambush takes the unit chosen to lead (a reconstructed strategy, 9.4): its option
        // says so and who leads after it, so that the odds shown are plainly the next one's
        // (trial 20b F1: "K (4) leads the attack — AV 5" read as K's own value).
        Action::Lead(x) if s.attack.strategy == super::data::DefenseStrategy::Ambush => {
            let mut after = *s;
            super::combat::set_lead(rs, &mut after, x);
            let next = match after.attack.lead {
                NONE if after.step == Step::Lead => "; then you choose who leads".to_string(),
                NONE => "; no unit is left to lead: the attack ends".to_string(),
                l => format!("; then {} leads", u(l)),
            };
            format!(
                "{} leads into the Ambush and goes to the Out of Action Box (9.4){next}",
                u(x)
            )
        }
        Action::Lead(x) => format!("{} leads the attack", u(x)),
        Action::Allot(k) => format!("allot 1 {} Support point", k.name()),
        // Closing the attackers leads to the reveal, the lead and the supports; only the
        // supports' close rolls the dice (trial 22d F2: "roll" there rolled nothing).
        Action::Resolve if s.step == Step::Attackers => close_attackers_words(s),
        Action::Resolve => "roll".into(),
        Action::Retreat { unit: x, to } => format!("{} retreats to {}", u(x), ar(to)),
        // Who stays, and where (trial 21c F2: "stay" named no unit).
        Action::Stay => {
            let x = (s.must_retreat | s.may_retreat).trailing_zeros() as u8;
            match s.loc.get(usize::from(x)) {
                Some(&at) if usize::from(at) < AREAS => format!("{} stays in {}", u(x), ar(at)),
                _ => "stay".into(),
            }
        }
        // 6.3.1: "Any Supply Points not used during the Supply Phase are lost" (trial 18b F9).
        Action::Pass if s.step == Step::Supply && s.supply > 0 => format!(
            "done buying: {} left {} lost (6.3.1)",
            crate::engine::words::counted(s.supply, "Supply Point"),
            if s.supply == 1 { "is" } else { "are" }
        ),
        Action::Pass if s.step == Step::Supply => "done buying".into(),
        Action::Pass if s.step == Step::ActionRound => "end the Combat Phase".into(),
        Action::Pass => "end the activation".into(),
    }
}

fn phase_name(p: Phase) -> &'static str {
    match p {
        Phase::Dawn => "Dawn Phase",
        Phase::RandomEvent => "Random Event Phase",
        Phase::Supply => "Supply Phase",
        Phase::Combat => "Combat Phase",
        Phase::End => "End Phase",
        // Trial 14b F6: not "game over Phase".
        Phase::Over => "game over",
    }
}

/// Turn, weather, Morale, support, each Area with its units, and the Out of Action Box.
/// The turn, the phase, the weather, German Morale and the Supply Points, in one line.
pub fn headline(s: &State) -> String {
    let weather = if s.rain { "Rain" } else { "Clear" };
    format!(
        "Turn {} of {TURNS}, {}, {weather}; German Morale {}; Supply Points {}",
        s.turn,
        phase_name(s.phase),
        s.morale,
        s.supply
    )
}

/// The Support Points left of each kind (6.3, 9.5.2 C).
pub fn support_line(s: &State) -> String {
    let k = &s.support;
    format!(
        "Support: Artillery {}, Engineer {}, Armor {}, Air {}",
        k[0], k[1], k[2], k[3]
    )
}

/// The American units in the Out of Action Box (3.4), or `None`.
pub fn out_of_action_line(rs: &Ruleset, s: &State) -> Option<String> {
    let out_of_action: Vec<String> = (0..rs.americans.len() as u8)
        .filter(|&u| s.loc[usize::from(u)] == OUT_OF_ACTION)
        .map(|u| unit(rs, u))
        .collect();
    (!out_of_action.is_empty()).then(|| format!("Out of Action: {}", out_of_action.join(", ")))
}

/// The board picture's and the page's title: the headline, the support left and the Out of
/// Action Box, as the terminal's screen gives them.
pub fn board_title(rs: &Ruleset, s: &State) -> String {
    let mut title = format!("{}; {}", headline(s), support_line(s));
    if let Some(line) = out_of_action_line(rs, s) {
        title.push_str("; ");
        title.push_str(&line);
    }
    title
}

pub fn render(rs: &Ruleset, s: &State) -> String {
    let mut out = format!("{}\n{}\n", headline(s), support_line(s));
    out.push_str(&situation(rs, s));
    for a in 0..AREAS as u8 {
        let units = s.units_in(a);
        let german = s.german[usize::from(a)];
        let g = match german {
            NONE => "American".to_string(),
            UNREVEALED => "German: unrevealed".to_string(),
            c => {
                let g = rs.germans[usize::from(c)];
                format!("German: DF {}", g.defense)
            }
        };
        let tem = rs.terrain[usize::from(a)].tem();
        let mut line = format!("  {} TEM +{tem}, {g}", area(rs, a));
        if units != 0 {
            let names: Vec<String> = bits(u64::from(units))
                .map(|u| {
                    let side = if s.fresh & 1 << u != 0 { "" } else { ", spent" };
                    format!("{}{side}", unit(rs, u))
                })
                .collect();
            let _ = write!(line, "; {}", names.join(", "));
        }
        let _ = writeln!(out, "{line}");
    }
    if let Some(line) = out_of_action_line(rs, s) {
        let _ = writeln!(out, "  {line}");
    }
    out
}

/// What is being decided: the Active Area, the moving unit, the attack.
fn situation(rs: &Ruleset, s: &State) -> String {
    let act = &s.activation;
    let mut out = String::new();
    if act.area != NONE {
        let _ = write!(out, "Active Area: {}", area(rs, act.area));
        if act.mover != NONE {
            let _ = write!(out, "; moving: {}", unit(rs, act.mover));
        }
        out.push('\n');
    }
    let a = &s.attack;
    if a.area != NONE {
        let units: Vec<String> = bits(u64::from(a.units)).map(|u| unit(rs, u)).collect();
        let _ = write!(out, "Attack on {}: {}", area(rs, a.area), units.join(", "));
        if a.lead != NONE {
            let _ = write!(out, "; lead {}", unit(rs, a.lead));
        }
        let allotted: Vec<&str> = Support::ALL
            .iter()
            .filter(|k| a.support & k.bit() != 0)
            .map(|k| k.name())
            .collect();
        if !allotted.is_empty() {
            let _ = write!(out, "; support: {}", allotted.join(", "));
        }
        out.push('\n');
    }
    out
}

/// Every roll and draw with its result: combat as `AV 15 + 2d6(5) = 20 vs DV 13 + 2d6(6) = 19`.
pub fn narrate(rs: &Ruleset, before: &State, a: Action, after: &State) -> Option<String> {
    let told = [
        what_was_rolled(rs, before, a, after),
        what_followed(rs, before, a, after),
    ];
    let mut told: Vec<String> = told.into_iter().flatten().collect();
    told.extend(phase_change(rs, before, after));
    (!told.is_empty()).then(|| told.join("; "))
}

/// A new phase or turn, told where it begins, whoever's step led to it; a new turn says
/// what the End Phase did (6.5).
fn phase_change(rs: &Ruleset, before: &State, after: &State) -> Option<String> {
    if after.phase == Phase::Over && before.phase != Phase::Over {
        return automatic_victory(rs, after);
    }
    if (before.turn, before.phase) == (after.turn, after.phase) || after.phase == Phase::Over {
        return None;
    }
    let end = if after.turn > before.turn {
        let support = if rs.support_carries_over {
            ""
        } else {
            ", unused support lapses"
        };
        let rain = if before.rain { ", the Rain ends" } else { "" };
        format!("End Phase: every Spent unit is flipped to Fresh{support}{rain} (6.5) — ")
    } else {
        String::new()
    };
    Some(format!("{end}now {}", headline(after)))
}

/// 10.1: an Automatic Victory, told with the check that gave it (trial 14b F6: the German
/// one ended the log at the Combat Phase); a surrender roll (10.2) tells its own result.
fn automatic_victory(rs: &Ruleset, after: &State) -> Option<String> {
    match after.result.1 {
        0 => Some(format!(
            "every Area is American Controlled at the end of the Combat Phase of Turn {}: \
             American Automatic Victory (10.1)",
            after.turn
        )),
        2 => Some(format!(
            "End Phase of Turn {}: German Morale {} is {} or higher: German Automatic Victory \
             (10.1)",
            after.turn, after.morale, rs.charts.morale.german_victory
        )),
        _ => None,
    }
}

/// What the rules did on their own after `a`, with no choice to make: a lone Lead Attacking
/// Unit (9.5.2A), units lost (3.4), and units that had one Area to retreat to (9.5.5).
fn what_followed(rs: &Ruleset, before: &State, a: Action, after: &State) -> Option<String> {
    let mut told = Vec::new();
    let lead = after.attack.lead;
    // After an Ambush (9.4) the one left to lead is not the one the player chose: told after
    // the unit it took (trial 20b F1: the new leader came first).
    let chosen_lead = matches!(a, Action::Lead(u) if u == lead);
    let new_lead = (lead != NONE && lead != before.attack.lead && !chosen_lead)
        .then(|| format!("{} leads the attack", unit(rs, lead)));
    // The unit moved or retreated by the action itself is told of by its description.
    let chosen = match a {
        Action::Move { .. } => before.activation.mover,
        Action::Retreat { unit, .. } => unit,
        _ => NONE,
    };
    for u in (0..rs.americans.len() as u8).filter(|&u| u != chosen) {
        let (from, to) = (before.loc[usize::from(u)], after.loc[usize::from(u)]);
        if from == to || from >= AREAS as u8 {
            continue;
        }
        if to == OUT_OF_ACTION {
            told.push(format!("{} to the Out of Action Box", unit(rs, u)));
        } else if to < AREAS as u8 {
            told.push(format!("{} falls back to {}", unit(rs, u), area(rs, to)));
        }
    }
    // A strategy that takes a unit and finds none is told to have done nothing (trial 21c
    // F3: a Panzerfaust with no Armor attacking went unmentioned).
    let lost_any = (0..rs.americans.len())
        .any(|u| before.loc[u] != OUT_OF_ACTION && after.loc[u] == OUT_OF_ACTION);
    let revealed = before.attack.strategy == DefenseStrategy::None;
    match after.attack.strategy {
        DefenseStrategy::Panzerfaust if revealed && !lost_any => {
            told.push("no Armor unit is in the attack: the Panzerfaust has no effect (9.4)".into())
        }
        DefenseStrategy::Sniper if revealed && !lost_any => {
            told.push("no Leader is in the attack: the Sniper has no effect (9.4)".into())
        }
        _ => {}
    }
    told.extend(new_lead);
    (!told.is_empty()).then(|| told.join("; "))
}

/// Closing the attackers, in words: what comes next, and who is left out and spent (8.2.1).
fn close_attackers_words(s: &State) -> String {
    let x = s.attack.area;
    let next = match s.german[usize::from(x)] == UNREVEALED {
        true => "reveal the defender, then choose who leads (9.3, 9.4)",
        false => "choose who leads (9.3)",
    };
    let left_out = super::combat::left_out(s);
    let spent = match left_out {
        0 => String::new(),
        m => format!(
            "; {} of the activation, not joining, become spent (8.2.1)",
            counted(m.count_ones(), "unit")
        ),
    };
    format!("no more units join: {next}{spent}")
}

/// The dice and the counters drawn, explained.
fn what_was_rolled(rs: &Ruleset, before: &State, a: Action, after: &State) -> Option<String> {
    match (before.step, a) {
        (Step::Roll(Roll::Defense | Roll::Air), Action::Dice(_) | Action::Die(_))
            if after.step != Step::Roll(Roll::Air) =>
        {
            let mut rolled = *before;
            // The last Air die is told as the others are, then the combat it closes.
            let mut last_air = String::new();
            match before.step {
                Step::Roll(Roll::Air) => {
                    rolled.attack.air_die += die(a);
                    last_air = air_die(before, die(a)) + "; ";
                }
                _ => rolled.attack.defense_dice = die(a),
            }
            let av = attack_value(rs, &rolled);
            let dv = defense_value(rs, &rolled);
            let at = av + i16::from(rolled.attack.attack_dice);
            let dt = dv + i16::from(rolled.attack.defense_dice);
            let outcome = result(rs, &rolled);
            // 11.4: a Fanatic defender turns a Success into a Stalemate; said on the result,
            // which otherwise reads as wrong (trial 21c F1). Only a Fanatic defense: another
            // strategy's own terms (Mines' −2) are part of the dice read (trial 22d F1).
            let mut plain = rolled;
            plain.attack.strategy = super::data::DefenseStrategy::None;
            let is_fanatic = rolled.attack.strategy == super::data::DefenseStrategy::Fanatic;
            let fanatic = match result(rs, &plain) {
                was if was != outcome && is_fanatic => {
                    let name = result_name(was);
                    let name = name.trim_end_matches(" (9.5.4)");
                    let article = if name.starts_with(['A', 'E', 'I', 'O', 'U']) {
                        "an"
                    } else {
                        "a"
                    };
                    format!(
                        ": the dice gave {article} {name}, made a Stalemate by the Fanatic \
                         defense (11.4)"
                    )
                }
                _ => String::new(),
            };
            Some(format!(
                "{last_air}AV {av} ({}) + 2d6({}) = {at} vs DV {dv} ({}{}) + 2d6({}) = {dt}: {}{fanatic}; {}",
                value_terms(|part| attack_value_parts(rs, &rolled, part)),
                rolled.attack.attack_dice,
                value_terms(|part| defense_value_parts(rs, &rolled, part)),
                air(rolled.attack.air_points, rolled.attack.air_die),
                rolled.attack.defense_dice,
                result_name(outcome),
                morale_told(before, &result_morale(rs, &rolled, outcome), after)
            ))
        }
        // A row past its last turn gives no event (6.2), told as `initiative aachen` tells
        // it (trial 17b F4: the name was left blank).
        // Trial 21c F5: which row, its last turn, and that the table is a reconstruction.
        (Step::Roll(Roll::RandomEvent), Action::Dice(t)) if after.event == NONE => {
            let row = rs.event(rs.event_of_roll[usize::from(t)]);
            Some(format!(
                "Random Event 3d6 = {t}: no event (its row, {}, applies only up to turn {}; \
                 this is turn {}: the reconstructed Random Events table, 6.2)",
                row.name,
                row.last_turn.unwrap_or_default(),
                after.turn
            ))
        }
        (Step::Roll(Roll::RandomEvent), Action::Dice(t)) => {
            let event = rs.event(after.event);
            let effects = event_effects(event);
            // "Rain: Movement Factor 4, …" after an event named Rain says its name once.
            let effects = match effects.strip_prefix(&format!("{}: ", event.name)) {
                Some(rest) => rest.to_string(),
                None => effects,
            };
            Some(if effects.is_empty() {
                format!("Random Event 3d6 = {t}: {} (6.2)", event.name)
            } else {
                format!("Random Event 3d6 = {t}: {} (6.2): {effects}", event.name)
            })
        }
        (Step::Roll(Roll::Supply), Action::Dice(t)) => Some(format!(
            "Supply 3d6 = {t}: {} Supply Points (6.3)",
            after.supply
        )),
        (Step::Reveal, Action::Draw(c)) => {
            let g = rs.germans[usize::from(c)];
            let surrender = g.strategy == super::data::DefenseStrategy::Surrender;
            let change = success_morale(rs, before, before.attack.area);
            Some(format!(
                "revealed (9.4): Defense Factor {}, Defense Strategy: {}{}",
                g.defense,
                strategy_name(g.strategy),
                if surrender {
                    format!("; {}", morale_told(before, &[change], after))
                } else {
                    String::new()
                }
            ))
        }
        (Step::Roll(r), Action::Die(d)) => Some(one_die(rs, before, r, d, after)),
        _ => None,
    }
}

/// What a Random Event does this turn, in words (the chart's columns).
fn event_effects(e: &super::data::RandomEvent) -> String {
    let mut out = Vec::new();
    if e.rain {
        out.push("Rain: Movement Factor 4, no Air Support, DV +2".to_string());
    }
    if e.no_air {
        out.push("no Air Support this turn".into());
    }
    if e.no_armor {
        out.push("no Armor Support this turn".into());
    }
    if let Some(n) = e.artillery_limit {
        out.push(format!(
            "at most {} may be bought",
            counted(n, "Artillery Support point")
        ));
    }
    if e.morale != 0 {
        out.push(format!("German Morale {:+}", e.morale));
    }
    if e.supply != 0 {
        out.push(format!("Supply Points {:+} this turn", e.supply));
    }
    for (n, what) in [
        (e.free_artillery, "Artillery"),
        (e.free_air, "Air"),
        (e.free_engineer, "Engineer"),
    ] {
        if n > 0 {
            out.push(format!(
                "{} free",
                counted(n, &format!("{what} Support point"))
            ));
        }
    }
    out.join("; ")
}

/// "(after the Air Support die, 4 off)" when Air Support dice were rolled (9.5.3D).
fn air(dice: u8, total: u8) -> String {
    match dice {
        0 => String::new(),
        1 => format!(", the Air Support die -{total}"),
        n => format!(", {n} Air Support dice -{total}"),
    }
}

/// 9.5.4's results in the rulebook's words.
fn result_name(r: super::CombatResult) -> &'static str {
    use super::CombatResult::*;
    match r {
        Repulse => "Repulse (9.5.4)",
        Stalemate => "Stalemate (9.5.4)",
        Success => "Success (9.5.4)",
        Overrun => "Overrun (9.5.4)",
    }
}

/// The Defense Strategies (9.4). The rulebook names only Fanatic (example 11.4) and Barrage
/// (9.5.5); the others are the reconstructed counter mix's, and say so.
fn strategy_name(d: super::data::DefenseStrategy) -> String {
    use super::data::DefenseStrategy as D;
    let reconstructed = |what: &str| format!("{what}; a reconstructed strategy, 9.4)");
    match d {
        D::None => "none".into(),
        D::Fanatic => "Fanatic (a Success becomes a Stalemate, 11.4)".into(),
        D::Barrage => "Barrage (the attackers retreat and are Spent; no combat, 9.5.5)".into(),
        D::Surrender => {
            reconstructed("Surrender (the unit is removed as a Success; the attackers stay Fresh")
        }
        D::Ambush => reconstructed("Ambush (the Lead Attacking Unit goes to the Out of Action Box"),
        D::Panzerfaust => {
            reconstructed("Panzerfaust (an attacking Armor unit goes to the Out of Action Box")
        }
        D::Mines => reconstructed("Mines (AV −2 unless an Engineer Support point is allotted"),
        D::Sniper => reconstructed("Sniper (one participating Leader goes Out of Action"),
        D::Strongpoint => reconstructed("Strongpoint (Defense Factor +2 for this combat"),
        D::Counterattack => {
            reconstructed("Counterattack (German Morale +1 more on a Repulse or Stalemate")
        }
    }
}

/// "German Morale 19 → 18 (−1 for the turn's first Suburban Success, 9.5.4)": the value,
/// and each change with its cause; the track holds Morale within 0–19 (5.2).
fn morale_told(before: &State, changes: &[MoraleChange], after: &State) -> String {
    let (from, to) = (before.morale, after.morale);
    let causes: Vec<String> = changes
        .iter()
        .filter(|c| !c.cause.is_empty())
        .map(|c| match c.delta {
            0 => c.cause.to_string(),
            d => format!("{} for {}", signed(d), c.cause),
        })
        .collect();
    if causes.is_empty() {
        return format!("German Morale {to}");
    }
    let sum: i16 = changes.iter().map(|c| i16::from(c.delta)).sum();
    let held = if i16::from(to) - i16::from(from) != sum {
        format!("; the track stops at {to}, 5.2")
    } else {
        String::new()
    };
    let value = if from == to {
        format!("{to}")
    } else {
        format!("{from} → {to}")
    };
    format!("German Morale {value} ({}, 9.5.4{held})", causes.join(", "))
}

/// "+1", "−2" (a true minus sign).
fn signed(d: i8) -> String {
    if d < 0 {
        format!("−{}", d.unsigned_abs())
    } else {
        format!("+{d}")
    }
}

/// A single die of the turn: Leader Mortality, Bloody Streets, the Air Support die, the
/// surrender roll; with whom it concerned and what it did.
fn one_die(rs: &Ruleset, before: &State, r: Roll, d: u8, after: &State) -> String {
    match r {
        Roll::LeaderMortality => {
            let fate = match d {
                1 | 2 => "Killed in Action, out for the rest of the game",
                3 | 4 => "lightly wounded, back in the next Turn's Reinforcement Phase",
                _ => "returns to play at once",
            };
            format!(
                "Leader Mortality 1d6 = {d} for {}: {fate} (6.1.2)",
                unit(rs, before.cursor)
            )
        }
        Roll::BloodyStreets => {
            let result = rs.charts.bloody_streets.results[usize::from(d - 1)];
            format!(
                "Bloody Streets 1d6 = {d} in {}: {} (6.4.1)",
                area(rs, before.cursor),
                match result {
                    super::data::BloodyStreetsResult::None => "no effect",
                    super::data::BloodyStreetsResult::Loss => "a unit there goes Out of Action",
                    super::data::BloodyStreetsResult::Spent => "a Fresh unit there is Spent",
                }
            )
        }
        Roll::Air => air_die(before, d),
        Roll::Surrender => format!(
            "surrender roll 1d6 = {d} against German Morale {}: {} (10.2)",
            before.morale,
            if after.result.0 {
                "the garrison surrenders"
            } else {
                "the garrison refuses"
            }
        ),
        other => format!("{other:?} 1d6 = {d}"),
    }
}

/// One Air Support die (9.5.3D), numbered when the combat rolls more than one
/// (`air_support = "die_per_point"`).
fn air_die(before: &State, d: u8) -> String {
    match before.attack.air_points {
        0 | 1 => format!("Air Support 1d6 = {d}: the DV is {d} lower (9.5.3D)"),
        n => format!(
            "Air Support die {} of {n}: 1d6 = {d}, the DV is {d} lower (9.5.3D)",
            before.attack.air_rolled + 1
        ),
    }
}

fn die(a: Action) -> u8 {
    match a {
        Action::Die(d) | Action::Dice(d) => d,
        _ => 0,
    }
}

/// "lead unit 3, Armor +3": a value's terms that are not 0, the first as it stands (9.5.2,
/// 9.5.3; trial 18b F4: the totals alone were told).
fn value_terms(parts: impl FnOnce(&mut dyn FnMut(&'static str, i16))) -> String {
    let mut terms: Vec<String> = Vec::new();
    parts(&mut |name, v| {
        if terms.is_empty() {
            terms.push(format!("{name} {v}"));
        } else if v != 0 {
            terms.push(format!("{name} {v:+}"));
        }
    });
    terms.join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::aachen::Aachen;

    #[test]
    fn rule_6_1_2_and_6_4_1_rolls_say_whom_they_concern_and_what_they_did() {
        let game = Aachen::embedded().unwrap();
        let rs = game.rules();
        let mut s = rs.initial;
        s.cursor = bits(u64::from(rs.leaders())).next().unwrap();
        let kia = one_die(rs, &s, Roll::LeaderMortality, 2, &s);
        assert!(
            kia.starts_with("Leader Mortality 1d6 = 2 for Leader "),
            "{kia}"
        );
        assert!(
            kia.contains("Killed in Action") && kia.contains("(6.1.2)"),
            "{kia}"
        );
        let back = one_die(rs, &s, Roll::LeaderMortality, 6, &s);
        assert!(back.contains("returns to play at once"), "{back}");
        s.cursor = 12;
        let streets = one_die(rs, &s, Roll::BloodyStreets, 1, &s);
        assert!(
            streets.starts_with("Bloody Streets 1d6 = 1 in Area 13") && streets.contains("(6.4.1)"),
            "{streets}"
        );
    }

    #[test]
    fn rule_6_2_the_random_event_says_what_it_does() {
        let game = Aachen::embedded().unwrap();
        let rs = game.rules();
        let rain = (0..rs.charts.random_events.events.len())
            .map(|i| &rs.charts.random_events.events[i])
            .find(|e| e.rain)
            .expect("the chart has Rain");
        assert!(event_effects(rain).starts_with("Rain: Movement Factor 4"));
        let quiet = super::super::data::RandomEvent::default();
        assert_eq!(event_effects(&quiet), "");
    }
}
