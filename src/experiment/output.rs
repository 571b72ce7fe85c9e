//! What an experiment writes: the summary (one row per variant and side), the games (one
//! row per game), the chart and `report.md`. Every number comes with its interval or
//! standard error, and every variant's difference from the baseline twice: paired on the
//! common game seeds, and unpaired, so the reader sees what the pairing bought.

use super::spec::Variant;
use crate::analysis::plot::Heatmap;
use crate::engine::words;
use crate::sim::report::percent;
use crate::sim::stats::{
    paired_difference, paired_score_difference, unpaired_difference, Difference, Rate,
};
use crate::sim::{PairedWins, Totals};

/// One row of the summary: a variant and a side.
pub struct Row {
    pub variant: String,
    /// The sweep's values for a grid cell, else empty.
    pub cell: Vec<String>,
    pub side: String,
    pub games: u64,
    pub wins: Rate,
    pub draws: Rate,
    pub losses: Rate,
    /// Mean units lost by this side per game, with its standard error.
    pub mean_losses: (f64, f64),
    pub mean_turn: (f64, f64),
    /// The game's final score (its name, mean and standard error), if it has one.
    pub score: Option<(String, f64, f64)>,
    /// The score's paired difference from the baseline, in its own units.
    pub score_diff: Option<Difference>,
    /// This side's win rate minus the baseline's: paired on the game seeds, and unpaired.
    pub paired: Option<Difference>,
    pub unpaired: Option<Difference>,
    /// Games per victory level ("Ranger decisive victory 12; draw 30").
    pub levels: String,
    /// A variant other than the baseline whose data and bots are the baseline's: it plays the
    /// baseline's games again (a sweep's cell at the baseline's value, say).
    pub replays_baseline: bool,
}

/// The summary rows: each variant, each side, from the variants' totals and their pairs
/// with the baseline (the first variant, which has none).
pub fn rows(
    names: &[&str],
    variants: &[Variant],
    totals: &[Totals],
    pairs: &[PairedWins],
    replays_baseline: &[bool],
) -> Vec<Row> {
    let base = &totals[0];
    let mut rows = Vec::new();
    for (v, (variant, t)) in variants.iter().zip(totals).enumerate() {
        let n = t.games;
        for (p, side) in names.iter().enumerate() {
            let wins = t.wins[p];
            let paired = (v > 0).then(|| &pairs[v]);
            rows.push(Row {
                variant: variant.name.clone(),
                cell: variant.cell.iter().map(value_text).collect(),
                side: side.to_string(),
                games: n,
                wins: Rate::new(wins, n),
                draws: Rate::new(t.draws, n),
                losses: Rate::new(n - wins - t.draws, n),
                mean_losses: t.losses[p].mean_se(),
                mean_turn: t.turn.mean_se(),
                score: t
                    .mean_score()
                    .map(|(name, m, se)| (name.to_string(), m, se)),
                score_diff: paired.and_then(paired_score_difference),
                paired: paired.map(|pw| paired_difference(pw, p)),
                unpaired: paired.map(|_| unpaired_difference(wins, n, base.wins[p], base.games)),
                levels: levels(t),
                replays_baseline: replays_baseline[v],
            });
        }
    }
    rows
}

/// Where the draws a chart does not draw are told, if any game was drawn (trial 14b F5).
fn draws_told(rows: &[Row]) -> String {
    match rows.iter().any(|r| r.draws.p > 0.0) {
        true => "; the draws (not drawn here) in report.md".into(),
        false => String::new(),
    }
}

/// "Rangers'", "US's": a side's name as the owner of a rate (trial 15b F6).
fn possessive(side: &str) -> String {
    match side.ends_with('s') {
        true => format!("{side}'"),
        false => format!("{side}'s"),
    }
}

/// Games per victory level by the level's name: "decisive 12; draw 30".
fn levels(t: &Totals) -> String {
    let mut counts: std::collections::BTreeMap<&str, u64> = Default::default();
    for l in &t.levels {
        *counts.entry(l.level.as_str()).or_insert(0) += l.turns.values().sum::<u64>();
    }
    counts
        .iter()
        .map(|(k, c)| format!("{k} {c}"))
        .collect::<Vec<_>>()
        .join("; ")
}

/// A swept value as written in the CSV and on the chart (`2`, `0.5`, `true`).
pub fn value_text(v: &toml::Value) -> String {
    match v {
        toml::Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

fn f(x: f64) -> String {
    format!("{x:.4}")
}

/// The summary CSV: long format, one row per variant and side, with a column per swept path;
/// the mean turn only where the game has turns (`turns`).
pub fn summary_csv(axes: &[&str], rows: &[Row], turns: bool) -> csv::Result<Vec<u8>> {
    let mut w = csv::Writer::from_writer(Vec::new());
    let mut header: Vec<String> = vec!["variant".into()];
    header.extend(axes.iter().map(|a| a.to_string()));
    header.extend(
        [
            "side",
            "games",
            "wins",
            "win_rate",
            "win_lo",
            "win_hi",
            "draw_rate",
            "draw_lo",
            "draw_hi",
            "loss_rate",
            "loss_lo",
            "loss_hi",
            "win_diff",
            "win_diff_paired_lo",
            "win_diff_paired_hi",
            "win_diff_unpaired_lo",
            "win_diff_unpaired_hi",
            "mean_losses",
            "mean_losses_se",
            "mean_turn",
            "mean_turn_se",
            "score",
            "mean_score",
            "mean_score_se",
            "score_diff_paired",
            "score_diff_paired_lo",
            "score_diff_paired_hi",
            "victory_levels",
        ]
        .map(String::from),
    );
    if !turns {
        header.retain(|h| !h.starts_with("mean_turn"));
    }
    w.write_record(&header)?;
    for r in rows {
        let mut rec = vec![r.variant.clone()];
        rec.extend((0..axes.len()).map(|i| r.cell.get(i).cloned().unwrap_or_default()));
        rec.push(r.side.clone());
        rec.push(r.games.to_string());
        rec.push(r.wins.count.to_string());
        for rate in [r.wins, r.draws, r.losses] {
            rec.extend([f(rate.p), f(rate.ci.lo), f(rate.ci.hi)]);
        }
        match (r.paired, r.unpaired) {
            (Some(p), Some(u)) => {
                rec.extend([f(p.diff), f(p.ci.lo), f(p.ci.hi), f(u.ci.lo), f(u.ci.hi)])
            }
            _ => rec.extend(std::iter::repeat_n(String::new(), 5)),
        }
        rec.extend([f(r.mean_losses.0), f(r.mean_losses.1)]);
        if turns {
            rec.extend([f(r.mean_turn.0), f(r.mean_turn.1)]);
        }
        match &r.score {
            Some((name, m, se)) => rec.extend([name.clone(), f(*m), f(*se)]),
            None => rec.extend(std::iter::repeat_n(String::new(), 3)),
        }
        match &r.score_diff {
            Some(d) => rec.extend([f(d.diff), f(d.ci.lo), f(d.ci.hi)]),
            None => rec.extend(std::iter::repeat_n(String::new(), 3)),
        }
        rec.push(r.levels.clone());
        w.write_record(&rec)?;
    }
    w.into_inner().map_err(|e| e.into_error().into())
}

/// `12.3% [10.1–14.6]` (a rate) or `+2.1 [−0.4, +4.6]` points (a difference).
pub fn pct(rate: &Rate) -> String {
    format!(
        "{}% [{}–{}]",
        percent(rate.p, 1),
        percent(rate.ci.lo, 1),
        percent(rate.ci.hi, 1)
    )
}

pub fn points(d: &Difference) -> String {
    let p = |x: f64| signed(100.0 * x, 1);
    format!("{} [{}, {}]", p(d.diff), p(d.ci.lo), p(d.ci.hi))
}

/// `x` with its sign and `decimals` decimals; a value that rounds to zero is "+0.0", never
/// "-0.0" (trial 13b F8: a bound printed as "-0.00").
pub fn signed(x: f64, decimals: usize) -> String {
    match (x * 10f64.powi(decimals as i32)).round() {
        0.0 => format!("+{:.*}", decimals, 0.0),
        _ => format!("{:+.*}", decimals, x),
    }
}

/// The decimals a chart's cells share: as many as the cell that needs most, so that equal
/// rates print alike (trial 13b F8: "30% [29–31]" beside "29.6% [28.7–30.5]").
fn cell_decimals<'a>(rates: impl Iterator<Item = &'a Rate>) -> usize {
    rates
        .map(|r| crate::sim::report::decimals_apart(r, 0..=2))
        .max()
        .unwrap_or(0)
}

/// A chart cell's rate and interval with `d` decimals: whole percents, or the decimals that
/// keep a bound that is not the rate from printing as it (`0% [0–0.38]`, not `0% [0–0]`).
fn cell_rate(r: &Rate, d: usize) -> String {
    format!(
        "{}% [{}–{}]",
        percent(r.p, d),
        percent(r.ci.lo, d),
        percent(r.ci.hi, d)
    )
}

/// The chart: without a sweep, every variant's win rate by side; with one, the first side's
/// win rate over the grid (one axis: a row). Each cell shows the rate and its interval.
pub fn chart(title: &str, names: &[&str], axes: &[&str], rows: &[Row]) -> Heatmap {
    let d = cell_decimals(rows.iter().map(|r| &r.wins));
    let cell_text = |r: &Row| cell_rate(&r.wins, d);
    if axes.is_empty() {
        let variants: Vec<String> = rows
            .iter()
            .filter(|r| r.side == names[0])
            .map(|r| r.variant.clone())
            .collect();
        let grid = |f: &dyn Fn(&Row) -> Option<String>| -> Vec<Vec<String>> {
            names
                .iter()
                .map(|side| {
                    variants
                        .iter()
                        .map(|v| {
                            rows.iter()
                                .find(|r| &r.variant == v && r.side == *side)
                                .and_then(f)
                                .unwrap_or_default()
                        })
                        .collect()
                })
                .collect()
        };
        let values = grid(&|r| Some(r.wins.p.to_string()))
            .into_iter()
            .map(|row| row.iter().map(|v| v.parse().ok()).collect())
            .collect();
        return Heatmap {
            title: format!("{title}: win rate by variant{}", draws_told(rows)),
            x_label: "variant".into(),
            y_label: "side".into(),
            x: variants.clone(),
            y: names.iter().map(|s| s.to_string()).collect(),
            values,
            legend: "win rate".into(),
            percent: true,
            notes: Some(grid(&|r| Some(cell_text(r)))),
        };
    }
    let cells: Vec<&Row> = rows
        .iter()
        .filter(|r| r.side == names[0] && r.cell.len() == axes.len())
        .collect();
    let distinct = |i: usize| {
        let mut v: Vec<String> = Vec::new();
        for r in &cells {
            if !v.contains(&r.cell[i]) {
                v.push(r.cell[i].clone());
            }
        }
        v
    };
    let x = distinct(0);
    let y = if axes.len() > 1 {
        distinct(1)
    } else {
        vec![String::new()]
    };
    let find = |xi: &str, yi: &str| {
        cells
            .iter()
            .find(|r| r.cell[0] == xi && (axes.len() == 1 || r.cell[1] == yi))
    };
    // A cell that plays the baseline's own games again says so.
    let cell_text = |r: &Row| match r.replays_baseline {
        true => format!("{} = baseline", cell_text(r)),
        false => cell_text(r),
    };
    // The rows off the grid (the baseline first, then the named variants) are told in the
    // title, so that the chart does not silently leave them out.
    let off_grid: Vec<&Row> = rows
        .iter()
        .filter(|r| r.side == names[0] && r.cell.is_empty())
        .collect();
    let mut title = format!(
        "{title}: the {} win rate over the sweep",
        possessive(names[0])
    );
    if let Some(baseline) = off_grid.first() {
        title.push_str(&format!("; baseline {}", cell_text(baseline)));
    }
    // What the chart leaves out is said in one clause (trial 15b F1: a title cut at the
    // picture's width lost it): the other sides' rates, the draws, the named variants.
    let mut left_out: Vec<String> = names[1..]
        .iter()
        .map(|side| format!("the {} win rate", possessive(side)))
        .collect();
    if rows.iter().any(|r| r.draws.p > 0.0) {
        left_out.push("the draws".into());
    }
    match off_grid.len().saturating_sub(1) {
        0 => {}
        1 => left_out.push("1 named variant".into()),
        n => left_out.push(format!("{n} named variants")),
    }
    if !left_out.is_empty() {
        title.push_str(&format!("; {} in report.md", words::and_list(&left_out)));
    }
    Heatmap {
        title,
        x_label: axes[0].to_string(),
        y_label: axes.get(1).map_or(String::new(), |a| a.to_string()),
        values: y
            .iter()
            .map(|yi| x.iter().map(|xi| find(xi, yi).map(|r| r.wins.p)).collect())
            .collect(),
        notes: Some(
            y.iter()
                .map(|yi| {
                    x.iter()
                        .map(|xi| find(xi, yi).map(|r| cell_text(r)).unwrap_or_default())
                        .collect()
                })
                .collect(),
        ),
        x,
        y,
        legend: format!("{} win rate", possessive(names[0])),
        percent: true,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::stats::Interval;

    /// Trial 15b F6, F1: a side owns its rate ("the Rangers' win rate"), and what a chart
    /// leaves out is listed as a sentence lists.
    #[test]
    fn a_sides_rate_reads_as_its_own_and_left_outs_as_a_list() {
        assert_eq!(possessive("Rangers"), "Rangers'");
        assert_eq!(possessive("US"), "US's");
        let list = |items: &[&str]| {
            words::and_list(&items.iter().map(|s| s.to_string()).collect::<Vec<_>>())
        };
        assert_eq!(list(&["a"]), "a");
        assert_eq!(list(&["a", "b", "c"]), "a, b and c");
    }

    /// Trial 11b F12 and F19: a chart cell keeps the digits that show a bound is not the
    /// rate, and a difference that rounds to zero is never "-0.0".
    #[test]
    fn small_bounds_and_zero_differences_print_as_they_are() {
        let alone = |r: Rate| cell_rate(&r, cell_decimals([&r].into_iter()));
        assert_eq!(alone(Rate::new(0, 1000)), "0% [0–0.38]");
        assert!(alone(Rate::new(1000, 1000)).starts_with("100% [99.6"));
        assert_eq!(alone(Rate::new(450, 1000)), "45% [42–48]");
        // Trial 13b F8: the cells of one chart share their decimals, so equal rates print
        // alike; a score difference's bound that rounds to zero is "+0.00", not "-0.00".
        let needs = |k: u64| crate::sim::report::decimals_apart(&Rate::new(k, 1000), 0..=2);
        let k = (0..=1000)
            .find(|&k| needs(k) == 1)
            .expect("a rate needing a decimal");
        let (a, b) = (Rate::new(k, 1000), Rate::new(450, 1000));
        let d = cell_decimals([&a, &b].into_iter());
        assert_eq!(d, 1);
        assert!(
            cell_rate(&b, d).starts_with("45.0% ["),
            "{}",
            cell_rate(&b, d)
        );
        assert_eq!(signed(-0.001, 2), "+0.00");
        assert_eq!(signed(-0.02, 2), "-0.02");
        let d = Difference {
            diff: 0.015,
            ci: Interval {
                lo: -0.0001,
                hi: 0.03,
            },
        };
        assert_eq!(points(&d), "+1.5 [+0.0, +3.0]");
    }
}
