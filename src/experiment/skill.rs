//! The skill curve: an experiment whose every variant after the baseline gives every acting
//! side one MCTS preset at a budget (`mcts-fast@100`, `mcts-fast@400`, …) is drawn as each
//! side's win rate over the budget, so a designer sees whether the balance settles as the
//! bots get stronger (a heatmap of variants would hide the order of the steps).

use super::output::Row;
use super::spec::Variant;
use crate::analysis::curve::{Curve, Point, Series};
use crate::bots::preset::with_budget;

/// The steps of a skill curve: the preset searched at every step, and each step's budget.
#[derive(Debug, PartialEq)]
pub struct Steps {
    pub preset: String,
    pub budgets: Vec<u32>,
}

/// The steps if the experiment is a skill curve: no variant changes the data, and each one
/// after the baseline plays one preset at one budget on every acting side (`bots[v]`: variant
/// v's bots, the baseline's first), the budgets rising.
pub fn steps(variants: &[Variant], bots: &[Vec<String>]) -> Option<Steps> {
    if variants.len() < 2
        || variants
            .iter()
            .any(|v| !v.set.is_empty() || !v.cell.is_empty())
    {
        return None;
    }
    let mut preset: Option<&str> = None;
    let mut budgets = Vec::new();
    for sides in bots.get(1..)? {
        let (name, budget) = one_budget(sides)?;
        if preset.is_some_and(|p| p != name) || budgets.last().is_some_and(|&b| b >= budget) {
            return None;
        }
        preset = Some(name);
        budgets.push(budget);
    }
    Some(Steps {
        preset: preset?.to_string(),
        budgets,
    })
}

/// The preset and budget every side plays (`None` if they differ or have none).
fn one_budget(sides: &[String]) -> Option<(&str, u32)> {
    let mut found = None;
    for bot in sides {
        let (name, budget) = with_budget(bot)?;
        let step = (name, budget?);
        if found.is_some_and(|f| f != step) {
            return None;
        }
        found = Some(step);
    }
    found
}

/// The chart: each acting side's win rate with its 95% interval at the baseline (first, by
/// its bots' name) and at every budget.
pub fn chart(title: &str, acting: &[&str], baseline: &str, steps: &Steps, rows: &[Row]) -> Curve {
    let variants: Vec<&str> = rows
        .iter()
        .filter(|r| Some(&r.side.as_str()) == acting.first())
        .map(|r| r.variant.as_str())
        .collect();
    let games = rows.first().map_or(0, |r| r.games);
    let series = acting
        .iter()
        .map(|side| Series {
            name: side.to_string(),
            points: variants
                .iter()
                .map(|v| {
                    let r = rows.iter().find(|r| r.variant == *v && r.side == *side)?;
                    Some(Point {
                        rate: r.wins.p,
                        lo: r.wins.ci.lo,
                        hi: r.wins.ci.hi,
                    })
                })
                .collect(),
        })
        .collect();
    let mut x = vec![baseline.to_string()];
    x.extend(steps.budgets.iter().map(u32::to_string));
    let who = if acting.len() > 1 {
        "every side"
    } else {
        "the player"
    };
    Curve {
        title: format!("{title}: win rate as the search grows"),
        subtitle: format!(
            "{games} games a step on the same game seeds; bars: 95% Wilson intervals{}",
            if rows.iter().any(|r| r.draws.count > 0) {
                "; the rest of the games are draws"
            } else {
                ""
            }
        ),
        x_label: format!(
            "{}'s iterations a decision, {who} (first: the baseline, {baseline})",
            steps.preset
        ),
        y_label: "win rate".into(),
        x,
        first_apart: true,
        series,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn variant(name: &str) -> Variant {
        Variant {
            name: name.into(),
            set: Vec::new(),
            cell: Vec::new(),
            bots: None,
        }
    }

    fn sides(bots: &[&[&str]]) -> Vec<Vec<String>> {
        bots.iter()
            .map(|b| b.iter().map(|s| s.to_string()).collect())
            .collect()
    }

    #[test]
    fn one_preset_at_rising_budgets_on_every_side_is_a_skill_curve() {
        let variants = [variant("baseline"), variant("a"), variant("b")];
        let bots = sides(&[
            &["scripted", "scripted"],
            &["mcts-fast@25", "mcts-fast@25"],
            &["mcts-fast@400", "mcts-fast@400"],
        ]);
        let expected = Steps {
            preset: "mcts-fast".into(),
            budgets: vec![25, 400],
        };
        assert_eq!(steps(&variants, &bots), Some(expected));
    }

    #[test]
    fn other_experiments_are_not_skill_curves() {
        let variants = [variant("baseline"), variant("a"), variant("b")];
        let not = |bots: &[&[&str]]| assert_eq!(steps(&variants, &sides(bots)), None);
        let base: &[&str] = &["scripted", "scripted"];
        // One side searches, the other keeps the doctrine.
        not(&[
            base,
            &["mcts-fast@25", "scripted"],
            &["mcts-fast@50", "scripted"],
        ]);
        // The budgets fall, or the sides differ, or the presets do.
        not(&[
            base,
            &["mcts-fast@50", "mcts-fast@50"],
            &["mcts-fast@25", "mcts-fast@25"],
        ]);
        not(&[
            base,
            &["mcts-fast@25", "mcts-fast@50"],
            &["mcts-fast@50", "mcts-fast@50"],
        ]);
        not(&[base, &["easy@25", "easy@25"], &["hard@50", "hard@50"]]);
        // A variant that changes the data is not a step of skill.
        let mut set = variants.clone();
        set[1].set.push(("x".into(), toml::Value::Integer(1)));
        let bots = sides(&[base, &["easy@25", "easy@25"], &["easy@50", "easy@50"]]);
        assert_eq!(steps(&set, &bots), None);
    }
}
