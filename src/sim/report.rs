//! The plain-text summary table `sandtable balance` prints on stdout.

use super::stats::{Rate, Summary};
use std::fmt::Write as _;

/// `45.31% [44.33, 46.29]`: the rate and its interval, in percent.
pub fn format_rate(r: &Rate) -> String {
    format!(
        "{:.2}% [{:.2}, {:.2}]",
        100.0 * r.p,
        100.0 * r.ci.lo,
        100.0 * r.ci.hi
    )
}

/// Renders the summary; `names` are the players' names by index.
pub fn render(summary: &Summary, names: &[&str]) -> String {
    let w = names.iter().map(|n| n.len()).max().unwrap_or(0).max(8);
    let mut s = String::new();
    // Writing to a String cannot fail.
    let _ = writeln!(
        s,
        "{} games; rates in percent with 95% Wilson intervals",
        summary.games
    );
    let _ = writeln!(
        s,
        "{:w$}  {:>22}  {:>22}  {:>22}",
        "side", "wins", "draws", "losses"
    );
    for (name, side) in names.iter().zip(&summary.sides) {
        let _ = writeln!(
            s,
            "{name:w$}  {:>22}  {:>22}  {:>22}",
            format_rate(&side.wins),
            format_rate(&side.draws),
            format_rate(&side.losses)
        );
    }

    let _ = writeln!(s, "\nvictory levels");
    // Each side's levels in side order, draws last.
    let mut levels: Vec<_> = summary.levels.iter().collect();
    levels.sort_by_key(|(&(winner, _), _)| winner.unwrap_or(usize::MAX));
    let labels: Vec<(String, u64)> = levels
        .into_iter()
        .map(|(&(winner, level), &count)| {
            let who = winner.map_or("draw", |p| names[p]);
            let label = if winner.is_none() && level == "draw" {
                who.to_string()
            } else {
                format!("{who}: {level}")
            };
            (label, count)
        })
        .collect();
    let lw = labels.iter().map(|(l, _)| l.len()).max().unwrap_or(0);
    for (label, count) in &labels {
        let pct = 100.0 * *count as f64 / summary.games.max(1) as f64;
        let _ = writeln!(s, "  {label:lw$}  {count:>8}  {pct:6.2}%");
    }

    let _ = writeln!(s, "\nmean turn decided: {:.2}", summary.mean_turn);
    let _ = write!(s, "\n{:24}", "mean per game");
    for name in names {
        let _ = write!(s, "  {name:>w$}");
    }
    let _ = write!(s, "\n{:24}", "casualties (units lost)");
    for side in &summary.sides {
        let _ = write!(s, "  {:>w$.2}", side.mean_losses);
    }
    let _ = write!(s, "\n{:24}", "turns with initiative");
    for side in &summary.sides {
        let _ = write!(s, "  {:>w$.2}", side.mean_initiative);
    }
    s.push('\n');
    s
}
