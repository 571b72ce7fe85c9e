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
    /// The name of the game's final score (`Game::final_score`), if it reports one.
    pub score: Option<&'a str>,
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
    let mut out = Writer::new(w, "", run)?;
    records.iter().try_for_each(|r| out.write("", run, r))?;
    out.finish().map(drop)
}

/// Writes rows as games finish, so a run's memory does not grow with its games. With a
/// `label` column (an experiment's variant), each row is led by its run's label. The runs
/// written must be of one game: the first run's columns name them all.
pub struct Writer<W: io::Write> {
    out: csv::Writer<W>,
    labelled: bool,
    row: Vec<String>,
}

impl<W: io::Write> Writer<W> {
    /// Starts the file with its header; an empty `label` means no label column.
    pub fn new(w: W, label: &str, run: &Run) -> csv::Result<Self> {
        let mut out = csv::Writer::from_writer(w);
        let mut header = if label.is_empty() {
            Vec::new()
        } else {
            vec![label.to_string()]
        };
        header.extend(columns(run));
        out.write_record(&header)?;
        Ok(Writer {
            out,
            labelled: !label.is_empty(),
            row: Vec::with_capacity(header.len()),
        })
    }

    /// Writes the row of one game of `run`, led by `label` if the file has a label column.
    pub fn write(&mut self, label: &str, run: &Run, r: &GameRecord) -> csv::Result<()> {
        let row = &mut self.row;
        row.clear();
        if self.labelled {
            row.push(label.to_string());
        }
        row.push(r.index.to_string());
        row.push(r.seed.to_string());
        row.push(match r.winner {
            Some(p) => run.names[p].to_lowercase(),
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
        if run.score.is_some() {
            row.push(r.score.map_or(String::new(), |(_, v)| v.to_string()));
        }
        row.push(run.bots.join(";"));
        row.push(run.run_seed.to_string());
        row.push(run.data.to_string());
        row.push(run.provenance.join(";"));
        self.out.write_record(&*row)
    }

    /// Flushes the rows and hands back the underlying writer.
    pub fn finish(self) -> csv::Result<W> {
        self.out.into_inner().map_err(|e| e.into_error().into())
    }
}

/// The columns of a run's rows.
fn columns(run: &Run) -> Vec<String> {
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
        header.extend(lower.iter().map(|n| format!("{}_{n}", what.column)));
    }
    if let Some(name) = run.score {
        header.push(super::report::snake(name));
    }
    header.extend(["bots", "run_seed", "data", "provenance"].map(String::from));
    header
}
