//! Every roll and draw in words, for the play screen and the page: which roll it was (with
//! its rule), what came up, and what it did to each unit.

use super::action::Action;
use super::ruleset::Ruleset;
use super::state::{bits, on_map, CheckKind, State, Step, BONUS_ONLY};
use std::fmt::Write as _;

/// What the chance outcome `a` did, taking `before` to `after`; `None` for decisions.
pub fn narrate(rs: &Ruleset, before: &State, a: Action, after: &State) -> Option<String> {
    let mut line = roll(rs, before, a, after)?;
    let changes = changes(rs, before, after);
    if !changes.is_empty() {
        let _ = write!(line, " — {}", changes.join("; "));
    }
    Some(line)
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

fn passed(ok: bool) -> &'static str {
    if ok {
        "passed"
    } else {
        "failed"
    }
}

fn roll(rs: &Ruleset, before: &State, a: Action, after: &State) -> Option<String> {
    let checked = bits(before.queue).next().map(|u| rs.unit(u).name.clone());
    let checked = checked.unwrap_or_else(|| "the unit".into());
    Some(match (before.step, a) {
        (Step::Interdiction, Action::Die(d)) => format!(
            "Interdiction die {d}: Interdiction Level {} this turn (8.1.2)",
            after.interdiction
        ),
        (Step::Attrition, Action::Die(d)) => format!("attrition die {d} for {checked} (8.1.5)"),
        (Step::Initiative, Action::Winner(side)) => {
            format!("the {} win the Initiative (6.1)", side.players())
        }
        (Step::ApRoll { reaction }, Action::Die(d)) => {
            let act = after.act();
            let (colour, rule) = if reaction {
                ("red", "6.4.2")
            } else {
                ("black", "6.3.2")
            };
            format!(
                "AP die {d}: the {} gets {} {colour} Action Points ({rule})",
                formation(rs, act.formation),
                act.ap
            )
        }
        (Step::ReactionCheck, Action::Check(ok)) => format!(
            "Reaction Check of the {} (6.4.2): {}",
            formation(rs, before.reactor),
            passed(ok)
        ),
        (Step::Check(kind), Action::Check(ok)) => format!(
            "Effectiveness Check of {checked} ({}): {}",
            check_rule(kind),
            passed(ok)
        ),
        (Step::Chits, Action::Chits(x, y)) => {
            let c = rs.charts.chits();
            format!(
                "chits drawn (7.5.1.1): attacker {}, defender {}",
                c[usize::from(x)].id,
                c[usize::from(y)].id
            )
        }
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

/// What changed for each unit: SP lost, disruption, elimination, retreat.
fn changes(rs: &Ruleset, before: &State, after: &State) -> Vec<String> {
    let mut out = Vec::new();
    for u in 0..rs.units.len() {
        let name = || format!("{} {}", rs.unit(u).side.adjective(), rs.unit(u).name);
        let was = on_map(before.hex[u]);
        if was && !on_map(after.hex[u]) {
            out.push(format!("{} eliminated", name()));
            continue;
        }
        if !was {
            continue;
        }
        let (s0, s1) = (before.strength[u], after.strength[u]);
        if s1 < s0 {
            // 5.3.4: losses are public events; the strength left is not.
            out.push(format!("{} loses {} SP", name(), s0 - s1));
        }
        match (before.is_disrupted(u), after.is_disrupted(u)) {
            (false, true) => out.push(format!("{} disrupted", name())),
            (true, false) => out.push(format!("{} no longer disrupted", name())),
            _ => {}
        }
        if before.hex[u] != after.hex[u] && on_map(after.hex[u]) {
            out.push(format!("{} to {}", name(), rs.hex(after.hex[u])));
        }
    }
    out
}

/// The combat die with everything that read it (7.5.1.2): the battle strengths after the
/// chits, the odds column, each DRM, the modified die and the CRT result.
fn combat_die(rs: &Ruleset, before: &State, die: u8) -> String {
    let b = super::battle::battle(rs, before);
    let chits = before.fight.chits.map(usize::from);
    let (attack, defense) = b.battle_strengths(&rs.charts, chits);
    let drms = super::combat::combat_drm(&rs.charts, &b);
    let drm = drms.total();
    let line = rs.charts.terrain_line(b.terrain);
    let column = rs.charts.odds_column(line, attack, defense);
    let terms: Vec<String> = [
        ("hexside", i32::from(drms.hexside)),
        ("attacker's support", i32::from(drms.attacker_support)),
        ("defender's support", i32::from(drms.defender_support)),
        ("HQ support", i32::from(drms.hq_support)),
        ("armor superiority", i32::from(drms.armor_superiority)),
    ]
    .iter()
    .filter(|&&(_, v)| v != 0)
    .map(|&(name, v)| format!("{v:+} {name}"))
    .collect();
    let terms = if terms.is_empty() {
        "no DRM".to_string()
    } else {
        terms.join(" ")
    };
    format!(
        "combat: battle strength {attack} vs {defense} on the {} line, odds {}; die {die} {terms} \
         = {} → {} (7.5.1.2)",
        b.terrain.name().replace('_', " "),
        rs.charts.odds_label(line, column),
        super::charts::modified_die(die, drm),
        rs.charts.resolve(line, attack, defense, die, drm)
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{game_rng, Actor, Game};
    use crate::games::crossing_the_line::scenario::STOLBERG_CORRIDOR;
    use crate::games::crossing_the_line::CrossingTheLine;

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
            text.contains(", odds ") && text.contains("; die 4 "),
            "{text}"
        );
        // The result printed is the chart's for these strengths, die and DRM.
        let b = crate::games::crossing_the_line::battle::battle(game.rules(), &before);
        let (a, d) = b.battle_strengths(&game.rules().charts, before.fight.chits.map(usize::from));
        let drm = crate::games::crossing_the_line::combat::combat_drm(&game.rules().charts, &b);
        let line = game.rules().charts.terrain_line(b.terrain);
        let result = game.rules().charts.resolve(line, a, d, 4, drm.total());
        assert!(text.contains(&format!("→ {result} (7.5.1.2)")), "{text}");
    }
}
