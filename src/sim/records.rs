//! One CSV row per game.
//!
//! Columns: `index,seed,winner,victory_level`, `turn` (where the game has turns), then
//! `losses_<side>` and, where the game has an initiative, `<what it counts>_<side>` for each
//! side (side names lowercased; `Game::record_columns`), then the game's final score when it
//! reports one (`Game::final_score`, e.g. `german_morale`), then the run: `bots` (by side,
//! separated by `;`), `run_seed`, `data` (the data's identity), and `provenance`: the
//! reconstructed data tables the run depended on, separated by `;` (empty when none).
//! Provenance is a trailing column rather than a `#` comment line because every CSV reader
//! (spreadsheets, pandas, R) loads it without options, and rows stay self-describing when
//! files are filtered or concatenated.

use super::play::GameRecord;
use crate::engine::RecordColumns;
use std::io;

/// What every row of a run repeats: how it was made.
pub struct Run<'a> {
    /// The players' names by index.
    pub names: &'a [&'a str],
    pub columns: RecordColumns,
    /// The bots by acting side.
    pub bots: &'a [&'a str],
    pub run_seed: u64,
    /// The data's identity (`engine::data::identity`).
    pub data: &'a str,
    /// The reconstructed tables.
    pub provenance: &'a [&'a str],
}

/// Writes the header and one row per record.
pub fn write_csv<W: io::Write>(w: W, run: &Run, records: &[GameRecord]) -> csv::Result<()> {
    write_labelled(w, "", &[("", run, records)])
}

/// Writes several runs into one CSV, each row led by its run's label in a first column named
/// `label` (an experiment's variants); with an empty `label`, no such column. The runs must
/// be of one game: the first run's columns name them all.
pub fn write_labelled<W: io::Write>(
    w: W,
    label: &str,
    runs: &[(&str, &Run, &[GameRecord])],
) -> csv::Result<()> {
    let mut out = csv::Writer::from_writer(w);
    let Some(&(_, first, _)) = runs.first() else {
        return Ok(());
    };
    // The score column is named after the first record's score (a game names it one way).
    let score_name = runs
        .iter()
        .flat_map(|(_, _, records)| records.iter())
        .find_map(|r| r.score.map(|(name, _)| name));
    let mut header = if label.is_empty() {
        Vec::new()
    } else {
        vec![label.to_string()]
    };
    header.extend(columns(first, score_name));
    out.write_record(&header)?;
    let mut row: Vec<String> = Vec::with_capacity(header.len());
    for &(name, run, records) in runs {
        let lower: Vec<String> = run.names.iter().map(|n| n.to_lowercase()).collect();
        let provenance = run.provenance.join(";");
        let bots = run.bots.join(";");
        for r in records {
            row.clear();
            if !label.is_empty() {
                row.push(name.to_string());
            }
            row.push(r.index.to_string());
            row.push(r.seed.to_string());
            row.push(match r.winner {
                Some(p) => lower[p].clone(),
                None => "draw".to_string(),
            });
            row.push(r.level.to_string());
            if run.columns.turn {
                row.push(r.turn.to_string());
            }
            row.extend(r.tallies.iter().map(|t| t.losses.to_string()));
            if run.columns.initiative.is_some() {
                row.extend(r.tallies.iter().map(|t| t.initiative_turns.to_string()));
            }
            if score_name.is_some() {
                row.push(r.score.map_or(String::new(), |(_, v)| v.to_string()));
            }
            row.push(bots.clone());
            row.push(run.run_seed.to_string());
            row.push(run.data.to_string());
            row.push(provenance.clone());
            out.write_record(&row)?;
        }
    }
    out.flush()?;
    Ok(())
}

/// The columns of a run's rows.
fn columns(run: &Run, score_name: Option<&str>) -> Vec<String> {
    let lower: Vec<String> = run.names.iter().map(|n| n.to_lowercase()).collect();
    let mut header: Vec<String> = ["index", "seed", "winner", "victory_level"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    if run.columns.turn {
        header.push("turn".into());
    }
    header.extend(lower.iter().map(|n| format!("losses_{n}")));
    if let Some(what) = run.columns.initiative {
        header.extend(lower.iter().map(|n| format!("{what}_{n}")));
    }
    if let Some(name) = score_name {
        header.push(super::report::snake(name));
    }
    header.extend(["bots", "run_seed", "data", "provenance"].map(String::from));
    header
}
