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
            format!("the {} win the Initiative (6.1)", side.name())
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
        (Step::CombatDie, Action::Die(d)) => format!("combat die {d} (7.5.1.2)"),
        (_, Action::Die(d)) => format!("die {d}"),
        _ => return None,
    })
}

/// What changed for each unit: SP lost, disruption, elimination, retreat.
fn changes(rs: &Ruleset, before: &State, after: &State) -> Vec<String> {
    let mut out = Vec::new();
    for u in 0..rs.units.len() {
        let name = || format!("{} {}", rs.unit(u).side.name(), rs.unit(u).name);
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
