//! The plain-text summary table `sandtable balance` prints on stdout.

use super::stats::{Rate, Summary};
pub use crate::engine::percent::percent;
use std::fmt::Write as _;

use super::stats::LevelKey;
use std::collections::BTreeMap;

/// The turn each victory level was decided in.
fn turns_decided(s: &mut String, summary: &Summary, labels: &[(String, LevelKey, u64)]) {
    let _ = writeln!(
        s,
        "\nturn decided, by victory level (games, and percent of that level's games)"
    );
    for (label, key, count) in labels {
        let Some(turns) = summary.level_turns.get(key) else {
            continue; // no game ended at this level
        };
        let total: u64 = turns.iter().map(|(&t, &c)| u64::from(t) * c).sum();
        let mean = total as f64 / (*count).max(1) as f64;
        let _ = writeln!(s, "  {label}: mean turn {mean:.2}");
        let by_turn: Vec<String> = turns
            .iter()
            .map(|(t, c)| {
                format!(
                    "{t}: {c} ({}%)",
                    percent(*c as f64 / (*count).max(1) as f64, 1)
                )
            })
            .collect();
        let _ = writeln!(s, "    turn {}", by_turn.join(", "));
    }
}

/// `45.31% [44.34, 46.29]`: the rate and its interval, in percent, with as many decimals as
/// keep any two of the three that differ from printing alike (`0.061% [0.058, 0.064]`;
/// 3 in 20,000 is `0.015% [0.005, 0.044]`, not `0.01% [0.01, 0.04]`).
pub fn format_rate(r: &Rate) -> String {
    let d = decimals_apart(r, 2..=6);
    format!(
        "{}% [{}, {}]",
        percent(r.p, d),
        percent(r.ci.lo, d),
        percent(r.ci.hi, d)
    )
}

/// Rates as a column of a table (`format_rate` each): the percents right-aligned and their
/// intervals one space after them, padded to one width, so that "9.00%" sits under "77.00%"
/// and every cell of the column is as wide.
fn rate_column<'r>(rates: impl Iterator<Item = &'r Rate>) -> Vec<String> {
    let cells: Vec<(String, String)> = rates
        .map(|r| {
            let text = format_rate(r);
            let (pct, interval) = text.split_once(' ').unwrap_or((&text, ""));
            (pct.to_string(), interval.to_string())
        })
        .collect();
    let pw = cells.iter().map(|(p, _)| p.len()).max().unwrap_or(0);
    let iw = cells.iter().map(|(_, i)| i.len()).max().unwrap_or(0);
    cells
        .iter()
        .map(|(pct, interval)| format!("{pct:>pw$} {interval:<iw$}"))
        .collect()
}

/// The fewest decimals in `range` at which a rate and its bounds that differ also print
/// differently (the range's last when none is enough).
pub fn decimals_apart(r: &Rate, range: std::ops::RangeInclusive<usize>) -> usize {
    let alike = |a: f64, b: f64, d: usize| a < b && percent(a, d) == percent(b, d);
    let apart = |d: usize| {
        !(alike(r.ci.lo, r.p, d) || alike(r.p, r.ci.hi, d) || alike(r.ci.lo, r.ci.hi, d))
    };
    let last = *range.end();
    range.into_iter().find(|&d| apart(d)).unwrap_or(last)
}

/// `7.00 ± 0.12`: a mean and its standard error, with two significant digits of an error
/// below 0.005 (`3.6021 ± 0.0011`, not `3.60 ± 0.00`).
pub fn mean_se(m: f64, se: f64) -> String {
    let d = if se > 0.0 && se < 0.005 {
        (-se.log10()).floor() as usize + 2
    } else {
        2
    };
    format!("{m:.d$} ± {se:.d$}")
}

/// What the report calls the game's things.
pub struct Words<'a> {
    /// The players' names by index.
    pub names: &'a [&'a str],
    /// What the initiative row counts (`InitiativeCount::label`).
    pub initiative: &'a str,
    /// Whether the game has turns (`RecordColumns::turn`): without, no "turn decided".
    pub turns: bool,
    /// Victory levels in the rulebook's words where the level's name alone reads wrong
    /// (`Game::level_words`).
    pub levels: &'a BTreeMap<String, String>,
}

/// How a victory level is listed: "US: decisive", "US decisive" or "German marginal" for a
/// level that names its side (by its name or the name's adjective), "draw", "poor performance
/// (scored as a draw)" for another level scored as a draw (trial 18b F10: the rulebook says only
/// "try again").
fn level_label(words: &Words<'_>, winner: Option<usize>, level: &str) -> String {
    let level = words.levels.get(level).map_or(level, String::as_str);
    let first_word = level.split(' ').next().unwrap_or("");
    match winner {
        None if level == "draw" => level.to_string(),
        None => format!("{level} (scored as a draw)"),
        Some(p) if first_word.len() > 1 && words.names[p].starts_with(first_word) => {
            level.to_string()
        }
        Some(p) => format!("{}: {level}", words.names[p]),
    }
}

/// Renders the summary.
pub fn render(summary: &Summary, words: &Words<'_>) -> String {
    let names = words.names;
    let initiative = words.initiative;
    let w = names.iter().map(|n| n.len()).max().unwrap_or(0).max(8);
    let mut s = String::new();
    // Writing to a String cannot fail.
    let _ = writeln!(
        s,
        "{} games; rates in percent with 95% Wilson intervals",
        summary.games
    );
    let sides = &summary.sides;
    let columns = [
        rate_column(sides.iter().map(|side| &side.wins)),
        rate_column(sides.iter().map(|side| &side.draws)),
        rate_column(sides.iter().map(|side| &side.losses)),
    ];
    // As wide as the widest rate, "100.00% [100.00, 100.00]" or a rare one with more digits.
    let rate = columns.iter().flatten().map(|r| r.len()).max().unwrap_or(0);
    let _ = writeln!(
        s,
        "{:w$}  {:>rate$}  {:>rate$}  {:>rate$}",
        "side", "wins", "draws", "losses"
    );
    for (k, name) in names.iter().enumerate() {
        let [wins, draws, losses] = [0, 1, 2].map(|c| &columns[c][k]);
        let _ = writeln!(
            s,
            "{name:w$}  {wins:>rate$}  {draws:>rate$}  {losses:>rate$}"
        );
    }

    let _ = writeln!(
        s,
        "\nvictory levels (games, percent with 95% Wilson interval)"
    );
    // Each side's levels in side order, draws last; within a side in the game's own order
    // of its levels when it gives one (best first), else by name.
    let mut levels: Vec<_> = summary.levels.iter().collect();
    let rank = |key: &LevelKey| {
        summary
            .level_order
            .iter()
            .position(|k| k == key)
            .unwrap_or(usize::MAX)
    };
    levels.sort_by_key(|(key, _)| (key.0.unwrap_or(usize::MAX), rank(key)));
    let labels: Vec<(String, LevelKey, u64)> = levels
        .into_iter()
        .map(|((winner, level), &count)| {
            let label = level_label(words, *winner, level);
            (label, (*winner, level.clone()), count)
        })
        .collect();
    let lw = labels.iter().map(|(l, _, _)| l.len()).max().unwrap_or(0);
    let rates: Vec<Rate> = labels
        .iter()
        .map(|(_, _, count)| Rate::new(*count, summary.games))
        .collect();
    for ((label, _, count), rate) in labels.iter().zip(rate_column(rates.iter())) {
        let _ = writeln!(s, "  {label:lw$}  {count:>8}  {}", rate.trim_end());
    }
    if words.turns {
        turns_decided(&mut s, summary, &labels);
    }
    if let Some((name, counts)) = &summary.scores {
        let n: u64 = counts.values().sum();
        let (mean, se) = super::totals::Moments::of_counts(counts).mean_se();
        let _ = writeln!(
            s,
            "\nfinal {name} (mean {} standard error; values that occurred)",
            mean_se(mean, se)
        );
        let _ = writeln!(s, "  {:>6}  {:>8}  {:>7}", "value", "games", "percent");
        for (value, count) in counts {
            let pct = *count as f64 / n.max(1) as f64;
            let _ = writeln!(s, "  {value:>6}  {count:>8}  {:>6}%", percent(pct, 2));
        }
    }
    if words.turns {
        let _ = writeln!(
            s,
            "\nmean turn decided: {}",
            mean_se(summary.mean_turn, summary.mean_turn_se)
        );
    }
    // Each mean with its standard error.
    let w = w.max(13);
    let _ = write!(s, "\n{:24}", "mean per game ± s.e.");
    for name in names {
        let _ = write!(s, "  {name:>w$}");
    }
    let pm = mean_se;
    let _ = write!(s, "\n{:24}", "casualties (units lost)");
    for side in &summary.sides {
        let _ = write!(s, "  {:>w$}", pm(side.mean_losses, side.mean_losses_se));
    }
    // A game without initiative (Aachen: solitaire) shows no initiative row.
    if summary.sides.iter().any(|side| side.mean_initiative > 0.0) {
        let _ = write!(s, "\n{initiative:24}");
        for side in &summary.sides {
            let _ = write!(
                s,
                "  {:>w$}",
                pm(side.mean_initiative, side.mean_initiative_se)
            );
        }
    }
    s.push('\n');
    s
}

/// A name as a CSV column: lowercase, runs of anything but letters and digits as one `_`
/// ("German Morale" → "german_morale").
pub fn snake(name: &str) -> String {
    name.to_lowercase()
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .collect::<Vec<_>>()
        .join("_")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_rate_that_rounds_to_0_or_100_percent_prints_enough_digits_to_show_it_does_not() {
        let rare = format_rate(&Rate::new(3, 1_000_000));
        assert!(rare.starts_with("0.00030% [0.0001"), "{rare}");
    }

    /// 1,823 games in 3,000,000: the interval 0.058–0.064% is not printed as [0.06, 0.06],
    /// nor a standard error of 0.0011 as 0.00.
    #[test]
    fn an_interval_that_is_not_a_point_never_prints_as_one() {
        let r = Rate::new(1_823, 3_000_000);
        assert_eq!(format_rate(&r), "0.061% [0.058, 0.064]");
        assert_eq!(
            format_rate(&Rate::new(4_531, 10_000)),
            "45.31% [44.34, 46.29]"
        );
        // 3 in 20,000: the rate is not printed as its own lower bound (trial 11b F11).
        let three = format_rate(&Rate::new(3, 20_000));
        assert!(three.starts_with("0.015% [0.00"), "{three}");
        assert_eq!(mean_se(3.602_1, 0.001_1), "3.6021 ± 0.0011");
        assert_eq!(mean_se(7.0, 0.12), "7.00 ± 0.12");
        assert_eq!(mean_se(7.0, 0.0), "7.00 ± 0.00");
    }

    /// A column of rates lines up its percents, "9.00%" under "77.00%", each interval one
    /// space after its percent, every cell as wide.
    #[test]
    fn a_rate_column_lines_up_its_percents() {
        let rates = [Rate::new(154, 200), Rate::new(18, 200)];
        let column = rate_column(rates.iter());
        assert_eq!(column[0].find('%'), column[1].find('%'), "{column:?}");
        assert_eq!(column[0].len(), column[1].len(), "{column:?}");
        assert_eq!(column[1], " 9.00% [5.77, 13.78] ", "{column:?}");
    }
}
