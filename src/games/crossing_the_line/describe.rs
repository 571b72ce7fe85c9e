//! Actions and positions in words, for logs and the play screen.

use super::action::Action;
use super::battle;
use super::counters::Movement;
use super::hidden;
use super::ruleset::{Ruleset, ScenarioKind, UnitInfo, NO_HEX};
use super::side::Side;
use super::stacking;
use super::state::{bits, on_map, State, Step, Units};
use super::victory;
use std::fmt::Write;

fn hex(rs: &Ruleset, h: u16) -> String {
    rs.hex(h).to_string()
}

fn unit(rs: &Ruleset, u: u8) -> String {
    let info = rs.unit(usize::from(u));
    format!("{} {}", info.side.adjective(), info.name)
}

/// The units a Movement Action names (7.3.1) as `viewer` may see them (5.3.4: of an enemy
/// stack, its top unit and how many more; `None`: everything): "US 1/16", "US 1/16, US 2/16
/// and US 1 Rcn as a stack", "US 2/33 and 1 unit unseen as a stack".
fn mover(rs: &Ruleset, s: &State, from: u16, pick: u8, viewer: Option<Side>) -> String {
    let movers = super::movement::movers_of(rs, s, from, pick);
    let seen = match viewer {
        Some(v) if movers & s.on_map_units(rs, v.other()) != 0 => hidden::visible_enemy(rs, s, v),
        _ => movers,
    };
    let mut names: Vec<String> = bits(movers & seen).map(|u| unit(rs, u as u8)).collect();
    let unseen = (movers & !seen).count_ones();
    if unseen > 0 {
        names.push(format!(
            "{} unseen",
            crate::engine::words::counted(unseen, "unit")
        ));
    }
    match names.as_slice() {
        [] => "no unit".into(),
        [one] if movers.count_ones() == 1 => one.clone(),
        [one] => format!("{one} as a stack"),
        [first @ .., last] => format!("{} and {last} as a stack", first.join(", ")),
    }
}

/// "3 MP of 4": what a Move to `to` costs the selected mover of its Movement Allowance (7.3);
/// "5 MP of 4 + 2" with the leg +2 MA (7.3.5).
fn move_cost(rs: &Ruleset, s: &State, to: u16, leg_bonus: bool) -> Option<String> {
    let Step::Destination { from, pick } = s.step else {
        return None;
    };
    let half = super::movement::move_cost_half(rs, s, (from, pick), to, leg_bonus)?;
    let ma = half_points(super::movement::mover_ma_half(rs, s, (from, pick)));
    let bonus = match leg_bonus {
        true => " + 2",
        false => "",
    };
    Some(format!("{} MP of {ma}{bonus}", half_points(half)))
}

/// A count of halves as people write it: `½`, `1`, `1½`.
fn half_points(half: u8) -> String {
    match (half / 2, half % 2) {
        (0, 1) => "½".into(),
        (whole, 0) => whole.to_string(),
        (whole, _) => format!("{whole}½"),
    }
}

/// What an action costs: the MP of a move (7.3), the AP of an Action (7, 7.4, 7.6, 7.7:
/// doubled Out of Command, 5.8.3) or of the attack the chosen units make (7.5).
pub fn cost(rs: &Ruleset, s: &State, a: Action) -> Option<String> {
    let costs = &rs.charts.ap_costs;
    let (ap, base) = match a {
        Action::Move { to, leg_bonus } => return move_cost(rs, s, to, leg_bonus),
        Action::Select { from, pick } => (
            super::movement::select_cost(rs, s, from, pick),
            costs.movement,
        ),
        // The attackers are chosen next: the cost is known when the stack's units are all In
        // Command or all out of it (trial 21d F3: "2 if a unit is Out of Command" beside a move
        // already doubled).
        Action::Attack { kind, from, .. } => {
            let base = kind.ap_cost(costs);
            // The units acting now: the formation's, or a Battle Victory bonus's (7.5.3; trial
            // 22b F1: a bonus-only activation has no formation to look up).
            let stack = bits(s.units_at(rs, s.act().side, from))
                .filter(|&u| super::ops::acts_now(s, u))
                .fold(0, |m, u| m | 1 << u);
            let in_command = super::command::in_command_units(rs, s, stack);
            let of = super::ops::available(s, stack);
            let doubled = rs.charts.ap_cost(base, false);
            return Some(match (in_command == stack, in_command == 0 && stack != 0) {
                (true, _) => format!("{base} AP of {of}"),
                (_, true) => format!("{doubled} AP (Out of Command: doubled, 5.8.3) of {of}"),
                _ => format!("{base} AP of {of}, {doubled} if an Out of Command unit attacks"),
            });
        }
        Action::Resolve => (
            super::battle::resolve_cost(rs, s),
            s.fight.attack.ap_cost(costs),
        ),
        Action::Refit(_) => (costs.refit, costs.refit),
        Action::ImprovedDefense(_) => (costs.improved_defense, costs.improved_defense),
        Action::Relocate(_) => {
            let ap = rs.formation(s.act().formation).relocation;
            (ap, ap)
        }
        _ => return None,
    };
    let doubled = if ap > base {
        " (Out of Command: doubled, 5.8.3)"
    } else {
        ""
    };
    // 7.5.3: the bonus AP is the battle's units' only; another Action forfeits it.
    let units = super::ops::action_units(rs, s, a)?;
    let lost = match super::ops::bonus_lost(s, units) {
        true => "; the bonus AP is lost: only the battle's units may use it, 7.5.3",
        false => "",
    };
    let of = super::ops::available(s, units);
    Some(format!("{ap} AP{doubled} of {of}{lost}"))
}

/// Where an action goes in the list a person reads: destinations by hex number (leg bonus
/// after the plain move), everything else in the engine's order.
pub fn list_order(rs: &Ruleset, a: Action) -> u32 {
    match a {
        Action::Move { to, leg_bonus } => 2 * u32::from(rs.hex(to).number()) + u32::from(leg_bonus),
        Action::Infiltrate { to } | Action::RetreatTo(to) => 2 * u32::from(rs.hex(to).number()),
        // A displaced HQ's places keep the engine's order, the cheapest case and the nearest
        // first (`stacking::hq_places`; trial 22f F5: sorted by number, the first was behind
        // the enemy's lines).
        _ => 0,
    }
}

/// `a` as `viewer` learns of it: the enemy's assignment of an independent is recorded in
/// secret (5.5.2), so it shows as one, without the unit or the formation.
pub fn action_seen(rs: &Ruleset, s: &State, a: Action, viewer: Side) -> String {
    match a {
        Action::Assign(u, _) if secret_assignment(rs, u, viewer) && s.step == Step::Heir => {
            "reassign an independent of the withdrawing division in secret (8.5.2; 5.5.2: which, \
             and to which division, is not shown)"
                .into()
        }
        Action::Assign(u, _)
            if secret_assignment(rs, u, viewer) && matches!(s.step, Step::Entering(_)) =>
        {
            "assign an entering independent in secret (8.2; 5.5.2: which, and to which \
             formation, is not shown)"
                .into()
        }
        Action::Assign(u, _) if secret_assignment(rs, u, viewer) => {
            "assign an independent in secret (5.5.2: which, and to which formation, is not shown)"
                .into()
        }
        Action::Select { from, pick } => {
            let movers = mover(rs, s, from, pick, Some(viewer));
            format!("move {movers} from {}", hex(rs, from))
        }
        // 5.3.4: how an enemy side's losses and rebuilt SP are shared among its units is not
        // seen, only where (trial 23e F2, 23f F2: "to 3 of 4" told the enemy's strength).
        Action::SpLoss(u) if rs.unit(usize::from(u)).side != viewer => format!(
            "the {} take an SP loss in {} (5.3.4: on which unit is not shown)",
            rs.unit(usize::from(u)).side.players(),
            hex(rs, s.hex[usize::from(u)])
        ),
        Action::Replace(u) if rs.unit(usize::from(u)).side != viewer => format!(
            "the {} rebuild a unit in {} by 1 SP ({}; 5.3.4: which is not shown)",
            rs.unit(usize::from(u)).side.players(),
            hex(rs, s.hex[usize::from(u)]),
            if s.step == Step::Reorganize {
                "8.4.2"
            } else {
                "8.4.1"
            }
        ),
        Action::Cannibalize(u) if rs.unit(usize::from(u)).side != viewer => format!(
            "the {} cannibalise {} (8.4.2; 5.3.4: its SP are not shown)",
            rs.unit(usize::from(u)).side.players(),
            unit(rs, u)
        ),
        _ => action(rs, s, a),
    }
}

/// Whether unit `u`'s assignment is kept from `viewer` (5.5.2): an enemy independent's.
fn secret_assignment(rs: &Ruleset, u: u8, viewer: Side) -> bool {
    let info = rs.unit(usize::from(u));
    info.side != viewer && info.parent.is_none()
}

pub fn action(rs: &Ruleset, s: &State, a: Action) -> String {
    match a {
        Action::Die(d) => format!("die {d}"),
        Action::Check(true) => "check passed".into(),
        Action::Check(false) => "check failed".into(),
        Action::Winner(side) => format!("the {} win the Initiative", side.players()),
        Action::Chits(x, y) => {
            let c = rs.charts.chits();
            format!(
                "chits: attacker {}, defender {}",
                c[usize::from(x)].id,
                c[usize::from(y)].id
            )
        }
        Action::Act(f) => format!("activate the {}", rs.formation(f).name),
        Action::Transfer => "transfer the Initiative".into(),
        Action::Pass => "pass".into(),
        Action::Select { from, pick } => {
            format!(
                "move {} from {}",
                mover(rs, s, from, pick, None),
                hex(rs, from)
            )
        }
        Action::Move { to, leg_bonus } => format!(
            "to {}{}",
            hex(rs, to),
            if leg_bonus { " (leg +2 MA, 7.3.5)" } else { "" }
        ),
        Action::Infiltrate { to } => format!("infiltrate into {}", hex(rs, to)),
        Action::Attack { from, target, kind } => {
            format!(
                "{kind:?} Attack from {} on {}",
                hex(rs, from),
                hex(rs, target)
            )
        }
        Action::AddAttacker(u) => format!("{} attacks", unit(rs, u)),
        Action::Resolve => "resolve the attack".into(),
        Action::GoOn => {
            "go on with the units that passed their check (5.8.4: those that failed stay behind)"
                .into()
        }
        Action::CallOff => "call the Action off (5.8.4: its Action Points stay spent)".into(),
        Action::Refit(u) => format!("refit {}", unit(rs, u)),
        Action::ImprovedDefense(h) => format!("Improved Defense in {}", hex(rs, h)),
        Action::Relocate(h) => match super::actions::relocation_penalty(rs, s, h) {
            None => format!("relocate the HQ to {}", hex(rs, h)),
            Some(case) => format!(
                "relocate the HQ to {} beyond 7.4's limits (5.3.2, {})",
                hex(rs, h),
                displacement_penalty(case)
            ),
        },
        Action::End => "end the activation".into(),
        // Trial 12b F12: the chance before the choice, as an attack shows its odds.
        Action::React(f) => format!(
            "react with the {} (its Reaction Check {}, 6.4.2)",
            rs.formation(f).name,
            super::narrate::passing_faces(rs.formation(f).reaction_rating.min(10))
        ),
        Action::Decline => "no reaction".into(),
        Action::RetreatInstead => "retreat instead of the 2nd hit".into(),
        Action::TakeLoss => "take the 2nd hit as a loss".into(),
        Action::SpLoss(u) => format!(
            "{} takes the SP loss (to {} of {})",
            unit(rs, u),
            s.strength[usize::from(u)] - 1,
            rs.unit(usize::from(u)).strength
        ),
        Action::RetreatTo(h) => format!("retreat to {}", hex(rs, h)),
        Action::DisplaceUnit { unit: u, to } if to == NO_HEX => {
            format!("eliminate {}: it has nowhere to go (5.3.3)", unit(rs, u))
        }
        Action::DisplaceUnit { unit: u, to } => {
            format!("displace {} to {} (5.3.3)", unit(rs, u), hex(rs, to))
        }
        Action::PlaceHq(h) => {
            let f = stacking::next_displaced(s);
            let cost = displacement_penalty(stacking::hq_places(rs, s, f).case_of(h).unwrap_or(3));
            format!(
                "place the {} HQ in {} (5.3.2, {cost})",
                rs.formation(f).name,
                hex(rs, h)
            )
        }
        Action::Assign(u, f) if s.step == Step::Heir => format!(
            "{} goes to the {}: the {} withdraws (8.5.2)",
            unit(rs, u),
            rs.formation(f).name,
            rs.formation(s.formation[usize::from(u)]).name
        ),
        Action::Assign(u, f) if matches!(s.step, Step::Entering(_)) => format!(
            "{} enters assigned to the {} (8.2)",
            unit(rs, u),
            rs.formation(f).name
        ),
        Action::Assign(u, f) => format!("assign {} to the {}", unit(rs, u), rs.formation(f).name),
        Action::Replace(u) => format!(
            "rebuild {} by 1 SP (to {} of {}, {})",
            unit(rs, u),
            s.strength[usize::from(u)] + 1,
            rs.unit(usize::from(u)).strength,
            if s.step == Step::Reorganize {
                "8.4.2"
            } else {
                "8.4.1"
            }
        ),
        Action::Cannibalize(u) => {
            let (sp, taken) = super::admin::cannibal_yield(rs, s, u);
            let fate = match taken {
                0 => {
                    format!("all {sp} lost: no unit of its formation below strength can take them")
                }
                t if t == u32::from(sp) => format!("all {sp} can rebuild units of its formation"),
                t => format!("{t} of {sp} can rebuild units of its formation, the rest lost"),
            };
            format!(
                "cannibalise {} (its SP become Replacement Points: {fate}; 8.4.2)",
                unit(rs, u)
            )
        }
        // 8.3: the marker stays hidden from the German player.
        Action::Draw(_) => "a Victory Plan marker drawn (8.3)".into(),
        Action::Inspect(k) => format!("inspect the Victory Plan marker drawn {}", ordinal(k)),
        Action::Delay(f) => format!(
            "hold the {}'s reinforcements back to next turn (8.5)",
            rs.formation(f).name
        ),
        Action::DelayHq(f) => format!(
            "hold the {}'s HQ back to next turn, its units entering (8.5)",
            rs.formation(f).name
        ),
        Action::DelayUnit(u) => format!("hold {} back to next turn (8.5)", unit(rs, u)),
        Action::Done => match s.step {
            Step::Assignment(_) => "done assigning (8.2)",
            Step::Reorganize => "done: no more cannibalising (8.4.2)",
            Step::Inspect => "inspect none (8.3)",
            Step::Reinforce(_) => "done: the rest enter now (8.5)",
            _ => "done",
        }
        .into(),
        // The roll held was told in full when rolled, and is again with what follows when
        // kept: the option names it only (trial 20b F7: the same line three times).
        Action::Keep => format!(
            "keep the roll held, told above ({})",
            action(rs, s, s.snafu_roll)
        ),
        Action::Reroll => format!(
            "hand over the SNAFU token and roll again (5.2: {})",
            reroll_odds(super::snafu::reroll_odds(rs, s))
        ),
    }
}

/// "3 in 10 better, 4 in 10 worse, the rest alike": a reroll against the roll held; a combat
/// result with more hits on both sides (or fewer) is neither.
fn reroll_odds(o: super::snafu::RerollOdds) -> String {
    // Trial 20b F6: "none better, none worse, the rest alike" read as a contradiction.
    if o.better + o.worse + o.mixed == 0 {
        return "every reroll gives the same result as the roll held".to_string();
    }
    let part = |n: u32, what: &str| match n {
        0 => format!("none {what}"),
        n => format!("{n} in {} {what}", o.total),
    };
    let mut told = format!("{}, {}", part(o.better, "better"), part(o.worse, "worse"));
    if o.mixed > 0 {
        told += &format!(
            ", {} in {} more hits on both sides or fewer on both",
            o.mixed, o.total
        );
    }
    if o.better + o.worse + o.mixed < o.total {
        told += ", the rest alike";
    }
    told
}

/// "first", "second", … for draw position `k` (0-based).
/// 5.3.2: what an HQ placed by `case` pays.
fn displacement_penalty(case: u8) -> &'static str {
    match case {
        1 => "in Command Range by a clear path: Support and FAL −1",
        2 => "beyond Command Range by a clear path: Support and FAL −2",
        _ => "no clear path: Support and FAL to 0",
    }
}

fn ordinal(k: u8) -> &'static str {
    [
        "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth",
    ]
    .get(usize::from(k))
    .copied()
    .unwrap_or("last")
}

/// What the game is waiting for, in the rulebook's words.
pub fn step_name(step: Step) -> String {
    match step {
        Step::Interdiction => "Interdiction die (8.1.2)".into(),
        Step::Attrition => "attrition (8.1.5)".into(),
        Step::Assignment(side) => format!("the {} assign independents (5.5, 8.2)", side.players()),
        Step::Replace => "the US spends its Replacement Points (8.4.1)".into(),
        Step::Reorganize => "German reorganisation (8.4.2)".into(),
        Step::PlanDraw => "the US draws a Victory Plan marker (8.3)".into(),
        Step::PlanPeek => "the German Victory Plan die: 9 or 10 inspects a marker (8.3)".into(),
        Step::Inspect => "the Germans may inspect a drawn Victory Plan marker (8.3)".into(),
        Step::Reinforce(side) => format!(
            "the {} may hold reinforcements back to next turn (8.5)",
            side.players()
        ),
        Step::Heir => {
            "the Germans reassign an independent of a withdrawing division (8.5.2)".into()
        }
        Step::Entering(side) => format!(
            "the {} assign an independent reinforcement before it enters (8.2)",
            side.players()
        ),
        Step::Initiative => "Initiative roll (6.1)".into(),
        Step::Choose => "the Initiative player activates, transfers or passes (6.2)".into(),
        Step::ApRoll { .. } => "Action Point die (6.3.2)".into(),
        Step::Action => "an Action (7)".into(),
        Step::Destination { .. } => "where the move goes (7.3)".into(),
        Step::ReactionOffer => "a Formation Reaction may be attempted (6.4)".into(),
        Step::ReactionCheck => "Reaction Check (6.4.2)".into(),
        Step::Check(_) => "Effectiveness Check (5.6)".into(),
        Step::Attackers => "the attacking units (7.5)".into(),
        Step::CallOff => {
            "isolated units failed their check: go on with the rest or call the Action off (5.8.4)"
                .into()
        }
        Step::Chits => "chits (7.5.1.1)".into(),
        Step::CombatDie => "combat die (7.5.1.2)".into(),
        Step::SecondHit => "retreat or take the 2nd hit (7.5.2)".into(),
        Step::SpLoss => {
            "the unit that takes the next SP loss (7.5.2: none takes two before each takes one)"
                .into()
        }
        Step::Retreat => "the retreat hex (7.5.2)".into(),
        Step::HqDisplacement { .. } => "where the displaced HQ goes (5.3.2)".into(),
        Step::UnitDisplacement => "the opponent displaces an overstacked unit (5.3.3)".into(),
        Step::Snafu => "keep the roll or play the SNAFU token (5.2)".into(),
        Step::Over => "game over".into(),
    }
}

/// "3 AP", or "0 AP + 1 bonus AP (7.5.3)": what the active formation has left to spend, in
/// the headline and the terminal alike (trial 13b F5).
fn points_left(s: &State) -> String {
    let act = s.act();
    match act.bonus {
        0 => format!("{} AP", act.ap),
        b => format!("{} AP + {b} bonus AP (7.5.3)", act.ap),
    }
}

/// The scenario, the turn, who is active and the US VP, in one line, as `viewer` may know
/// them (`None`: everything).
pub fn headline(rs: &Ruleset, s: &State, viewer: Option<Side>) -> String {
    let active = match s.step {
        Step::Action | Step::Destination { .. } | Step::Attackers | Step::CallOff => {
            let side = match s.act().side {
                Side::Us => "US",
                Side::German => "Germans",
            };
            format!("; {side} active, {}", points_left(s))
        }
        _ => String::new(),
    };
    // Trial 14b F2: the page and the pictures name the step too, as the terminal does.
    format!(
        "{}{}, {}{active}; {}",
        rs.scenario_name,
        turn_text(rs, s),
        step_words(rs, s),
        victory::known_vp(rs, s, viewer)
    )
}

/// What the game waits for now, in the rulebook's words; First Blood's activation is the
/// 1st Infantry Division's alone (10.1).
fn step_words(rs: &Ruleset, s: &State) -> String {
    match (rs.kind, s.step) {
        // 10.1: the 1st Infantry Division just activates; no transfer, no pass.
        (ScenarioKind::FirstBlood, Step::Choose) => {
            "the US activates the 1st Infantry Division (10.1)".to_string()
        }
        // 10: the scenario's first Initiative is the US's without a roll; said, for no 6.1
        // line tells it (trial 21d F1).
        (_, Step::Choose) if s.turn == rs.first_turn && s.initiatives == [1, 0] => format!(
            "the Initiative player, the {}, activates, transfers or passes (6.2); the scenario's \
             first Initiative is theirs without a roll, the +DRM marker starting at +{} German (10)",
            s.initiative.players(),
            s.marker.value
        ),
        // 6.2: who holds the Initiative is said, not left to the log.
        (_, Step::Choose) => format!(
            "the Initiative player, the {}, activates, transfers or passes (6.2)",
            s.initiative.players()
        ),
        (_, step) => step_name(step),
    }
}

/// " — turn 2 of 3" after the scenario's name; First Blood has no turns (10.1).
fn turn_text(rs: &Ruleset, s: &State) -> String {
    match rs.kind {
        ScenarioKind::FirstBlood => String::new(),
        _ => format!(" — turn {} of {}", s.turn, rs.last_turn),
    }
}

/// The play screen's text of the position as `viewer` sees it (`None`: everything): of the
/// enemy, the top unit of each stack and the revealed ones without their strength, and how
/// many more each stack holds (5.3.4).
pub fn render(rs: &Ruleset, s: &State, viewer: Option<Side>) -> String {
    render_with(rs, s, viewer, false)
}

/// `render` with each unit's printed values, movement class and formation (`board --full`).
pub fn render_full(rs: &Ruleset, s: &State, viewer: Option<Side>) -> String {
    render_with(rs, s, viewer, true)
}

/// A unit's printed values as its counter shows them (3.2): "tank (AFV type): printed
/// strength 4, ER 5 (3 disrupted), MA 8, Tank Points 4 (2 disrupted)" (trial 22e F1: the type
/// and the Tank or Anti-Tank Points were shown nowhere).
pub fn printed_values(info: &UnitInfo) -> String {
    let (class, points) = match info.class {
        super::counters::UnitClass::Afv => ("AFV type", "Tank Points"),
        super::counters::UnitClass::Infantry => ("infantry type", "Anti-Tank Points"),
    };
    format!(
        "{} ({class}): printed strength {}, ER {} ({} disrupted), MA {}, {points} {} ({} \
         disrupted)",
        info.kind.words(),
        info.strength,
        info.er[0],
        info.er[1],
        info.ma,
        info.armor[0],
        info.armor[1]
    )
}

/// An HQ's printed values (3.3) beside its FAL and Support Points now: "FAL 3 of 5, 4
/// Support Points; Command Range 5, Reaction Rating 6, Relocation 3 AP" (trial 22e F1).
pub fn hq_values(rs: &Ruleset, s: &State, f: usize) -> String {
    let info = &rs.formations[f];
    format!(
        "FAL {} of {}, {}; Command Range {}, Reaction Rating {}, Relocation {} AP",
        s.fal[f],
        info.max_activation_level,
        crate::engine::words::counted(s.support[f], "Support Point"),
        info.command_range,
        info.reaction_rating,
        info.relocation
    )
}

/// `board --full`'s words after a unit: its printed values, leg or motorized (7.3.5) and its
/// formation or "independent" (5.5.2).
fn unit_card(rs: &Ruleset, info: &UnitInfo) -> String {
    let movement = match info.movement {
        Movement::Leg => "leg",
        Movement::Motorized => "motorized",
    };
    let formation = info.parent.map_or("independent".to_string(), |f| {
        rs.formations[usize::from(f)].name.clone()
    });
    format!("; {}, {movement}; {formation}", printed_values(info))
}

fn render_with(rs: &Ruleset, s: &State, viewer: Option<Side>, full: bool) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{}{}, {}; {}",
        rs.scenario_name,
        turn_text(rs, s),
        step_words(rs, s),
        victory::known_vp(rs, s, viewer)
    );
    if let Step::Destination { from, pick } = s.step {
        let _ = writeln!(
            out,
            "moving {} from {}: where to?",
            mover(rs, s, from, pick, viewer),
            hex(rs, from)
        );
    }
    if matches!(
        s.step,
        Step::Action | Step::Destination { .. } | Step::Attackers | Step::CallOff
    ) {
        let _ = writeln!(out, "{} active, {}", s.act().side.players(), points_left(s));
    }
    if matches!(s.step, Step::SecondHit | Step::SpLoss | Step::Retreat) {
        let _ = writeln!(
            out,
            "the {} apply combat results",
            battle::applying_side(rs, s).players()
        );
    }
    for side in Side::BOTH {
        let _ = writeln!(out, "{}:", side.players());
        for (f, info) in rs
            .formations
            .iter()
            .enumerate()
            .filter(|(_, i)| i.side == side)
        {
            if on_map(s.hq_hex[f]) {
                let _ = writeln!(
                    out,
                    "  HQ {} at {}: {}",
                    info.id,
                    hex(rs, s.hq_hex[f]),
                    hq_values(rs, s, f)
                );
            }
        }
        let enemy = viewer.is_some_and(|v| v != side);
        let seen = viewer.map_or(!0, |v| hidden::visible_enemy(rs, s, v));
        for u in bits(s.on_map_units(rs, side)) {
            if enemy && seen & (1 << u) == 0 {
                continue;
            }
            // As the counter's face on the board: the SP left, or an enemy's printed strength
            // (5.3.4: its markers are hidden), and the ER of the side it shows (3.2).
            let info = rs.unit(u);
            let er = info.er[usize::from(s.is_disrupted(u))];
            let strength = match (enemy, full) {
                (true, true) => String::new(), // the card gives the printed values
                (true, false) => format!(" printed strength {}, ER {er}", info.strength),
                (false, _) => format!(" strength {}, ER {er}", s.strength[u]),
            };
            let card = match full {
                true => unit_card(rs, rs.unit(u)),
                false => String::new(),
            };
            let _ = writeln!(
                out,
                "  {:<10} {}{strength}{}{}{}{card}",
                rs.unit(u).name,
                hex(rs, s.hex[u]),
                if s.is_disrupted(u) { " disrupted" } else { "" },
                if s.improved & (1 << u) != 0 {
                    " improved"
                } else {
                    ""
                },
                if enemy {
                    hidden_under(rs, s, side, u, seen)
                } else {
                    String::new()
                }
            );
        }
    }
    out
}

/// 5.3.4: the stack heights are seen; how many unseen units share the hex of `u`, the top of
/// its stack, in words (empty under any other unit, or when there are none).
fn hidden_under(rs: &Ruleset, s: &State, side: Side, u: usize, seen: Units) -> String {
    let stack = s.units_at(rs, side, s.hex[u]);
    if stack.trailing_zeros() as usize != u {
        return String::new();
    }
    match (stack & !seen).count_ones() {
        0 => String::new(),
        1 => ", and 1 unit unseen under it".into(),
        n => format!(", and {n} units unseen under it"),
    }
}

#[cfg(test)]
mod tests {
    /// 7.3: a road hex costs ½ MP, written so, not "0½".
    #[test]
    fn rule_7_3_half_mp_costs_are_written_as_people_write_them() {
        let shown: Vec<String> = [1, 2, 3, 4].map(super::half_points).to_vec();
        assert_eq!(shown, ["½", "1", "1½", "2"]);
    }

    /// 5.2: the SNAFU reroll's odds against the roll held, said plainly when no face changes
    /// the result (trial 20b F6: "none better, none worse, the rest alike").
    #[test]
    fn rule_5_2_a_reroll_that_changes_nothing_is_said_plainly() {
        use crate::games::crossing_the_line::snafu::RerollOdds;
        let odds = |better, worse, mixed| {
            super::reroll_odds(RerollOdds {
                better,
                worse,
                mixed,
                total: 10,
            })
        };
        assert_eq!(
            odds(0, 0, 0),
            "every reroll gives the same result as the roll held"
        );
        assert_eq!(odds(3, 0, 0), "3 in 10 better, none worse, the rest alike");
        assert_eq!(odds(6, 4, 0), "6 in 10 better, 4 in 10 worse");
    }
}
