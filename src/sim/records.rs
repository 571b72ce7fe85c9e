//! One CSV row per game.
//!
//! Columns: `index,seed,winner,victory_level,turn`, then `losses_<side>` and
//! `initiative_<side>` for each side (side names lowercased), then the game's final score
//! when it reports one (`Game::final_score`, e.g. `german_morale`), then `provenance`: the
//! reconstructed data tables the run depended on, separated by `;` (empty when none).
//! Provenance is a trailing column rather than a `#` comment line because every CSV reader
//! (spreadsheets, pandas, R) loads it without options, and rows stay self-describing when
//! files are filtered or concatenated.

use super::play::GameRecord;
use std::io;

/// Writes the header and one row per record. `names` are the players' names by index;
/// `provenance` the reconstructed tables.
pub fn write_csv<W: io::Write>(
    w: W,
    names: &[&str],
    provenance: &[&str],
    records: &[GameRecord],
) -> csv::Result<()> {
    let mut out = csv::Writer::from_writer(w);
    let lower: Vec<String> = names.iter().map(|n| n.to_lowercase()).collect();
    let mut header: Vec<String> = ["index", "seed", "winner", "victory_level", "turn"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    header.extend(lower.iter().map(|n| format!("losses_{n}")));
    header.extend(lower.iter().map(|n| format!("initiative_{n}")));
    // The score column is named after the first record's score (a game names it one way).
    let score_name = records.iter().find_map(|r| r.score.map(|(name, _)| name));
    if let Some(name) = score_name {
        header.push(super::report::snake(name));
    }
    header.push("provenance".to_string());
    out.write_record(&header)?;
    let provenance = provenance.join(";");
    let mut row: Vec<String> = Vec::with_capacity(header.len());
    for r in records {
        row.clear();
        row.push(r.index.to_string());
        row.push(r.seed.to_string());
        row.push(match r.winner {
            Some(p) => lower[p].clone(),
            None => "draw".to_string(),
        });
        row.push(r.level.to_string());
        row.push(r.turn.to_string());
        row.extend(r.tallies.iter().map(|t| t.losses.to_string()));
        row.extend(r.tallies.iter().map(|t| t.initiative_turns.to_string()));
        if score_name.is_some() {
            row.push(r.score.map_or(String::new(), |(_, v)| v.to_string()));
        }
        row.push(provenance.clone());
        out.write_record(&row)?;
    }
    out.flush()?;
    Ok(())
}
