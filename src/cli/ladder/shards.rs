//! `ladder --shard K/N`: a shard file of every pairing's share of the games (one row a game:
//! its pairing, index and winner), and `sandtable merge` of a ladder's shards into exactly the
//! report and CSVs one machine prints and writes (`crate::sim::shard`).

use super::{finish_run, pairings, Context, Matchup, Played};
use crate::cli::common::{output_error, output_folder};
use crate::cli::CliError;
use crate::engine::PlayerId;
use crate::sim::shard::{self, Shard};
use std::ops::Range;
use std::path::Path;

/// The CSV columns of a ladder shard's games.
fn shard_columns(context: &Context) -> [String; 5] {
    let [p0, p1] = context.players.clone().map(|p| p.to_lowercase());
    [
        "pairing".into(),
        format!("bot_{p0}"),
        format!("bot_{p1}"),
        "game".into(),
        "winner".into(),
    ]
}

/// Writes a shard file: its header, then one row per game (pairing by pairing, each in game
/// index order), whole or not at all.
pub(super) fn write_shard(
    context: &Context,
    played: &Played,
    (shard, games, seconds): (Shard, Range<u64>, f64),
    path: &Path,
) -> Result<(), CliError> {
    let fail = |e: &dyn std::fmt::Display| output_error(path, e);
    let mut file = shard::Writer::create(path).map_err(|e| fail(&e))?;
    let mut csv = csv::Writer::from_writer(file.rows());
    csv.write_record(shard_columns(context))
        .map_err(|e| fail(&e))?;
    let mut rows = 0;
    for (pairing, (first, second, records)) in played.iter().enumerate() {
        for r in records {
            let winner = r
                .winner
                .map_or("draw".to_string(), |p| context.players[p].to_lowercase());
            csv.write_record([
                pairing.to_string(),
                context.bots[*first].clone(),
                context.bots[*second].clone(),
                r.index.to_string(),
                winner,
            ])
            .map_err(|e| fail(&e))?;
            rows += 1;
        }
    }
    csv.flush().map_err(|e| fail(&e))?;
    drop(csv);
    let share = shard::Played {
        shard,
        games,
        rows,
        seconds,
        totals: Vec::new(),
        pairs: Vec::new(),
    };
    let header = shard::Header::new("ladder", context, share).map_err(CliError::Usage)?;
    file.finish(&header).map_err(|e| fail(&e))?;
    println!("{}", header.written(path));
    Ok(())
}

/// `sandtable merge` of a ladder's shards: the report on stdout and, with `out`, the CSVs,
/// exactly as one machine would have printed and written them.
pub fn merge(parts: &[shard::Part], out: Option<&Path>) -> Result<(), CliError> {
    let at = |part: &shard::Part, e: &dyn std::fmt::Display| {
        CliError::Usage(format!("{}: {e}", part.path.display()))
    };
    let context: Context =
        serde_json::from_value(parts[0].header.context.clone()).map_err(|e| at(&parts[0], &e))?;
    // The run's games are the shards' games: a context that says otherwise was edited.
    let end = parts.last().map_or(0, |p| p.header.end_game);
    if context.games == 0 || context.games != end || context.bots.len() < 2 {
        return Err(at(
            &parts[0],
            &format!(
                "its header's run ({} games, {} bots) does not match its shards' games 0..{end}: \
                 an edited file",
                context.games,
                context.bots.len()
            ),
        ));
    }
    let mut winners = vec![Vec::new(); pairings(context.bots.len()).len()];
    for part in parts {
        let mut rows = Vec::new();
        shard::copy_rows(std::slice::from_ref(part), &mut rows)
            .map_err(|e| CliError::Usage(e.to_string()))?;
        read_winners(&context, &rows, &mut winners).map_err(|e| at(part, &e))?;
    }
    let matchups = merged_matchups(&context, &winners).map_err(CliError::Usage)?;
    // Removed again if nothing is written into it.
    let _folder = out.map(output_folder).transpose()?;
    if !context.provenance.is_empty() {
        crate::stderr_line!(
            "note: results depend on reconstructed data: {}",
            context.provenance.join(", ")
        );
    }
    finish_run(&context, &matchups, out, "")
}

/// Adds one shard's rows to each pairing's winners; shards come in shard order, so each
/// pairing's games come in game index order, and a game out of its place is an error.
fn read_winners(
    context: &Context,
    csv_text: &[u8],
    winners: &mut [Vec<Option<PlayerId>>],
) -> Result<(), String> {
    let mut reader = csv::Reader::from_reader(csv_text);
    let lower = context.players.clone().map(|p| p.to_lowercase());
    for row in reader.records() {
        let row = row.map_err(|e| e.to_string())?;
        let bad = || {
            let fields: Vec<&str> = row.iter().collect();
            format!("a game row the ladder did not write: {}", fields.join(","))
        };
        if row.len() != 5 {
            return Err(bad());
        }
        let pairing: usize = row[0].parse().map_err(|_| bad())?;
        let game: u64 = row[3].parse().map_err(|_| bad())?;
        let list = winners.get_mut(pairing).ok_or_else(bad)?;
        if game != list.len() as u64 {
            return Err(format!(
                "pairing {pairing}: game {game} where game {} was due",
                list.len()
            ));
        }
        list.push(match &row[4] {
            "draw" => None,
            w => Some(lower.iter().position(|p| p == w).ok_or_else(bad)?),
        });
    }
    Ok(())
}

/// Every pairing's result from its winners, which must be every game of the run.
fn merged_matchups(
    context: &Context,
    winners: &[Vec<Option<PlayerId>>],
) -> Result<Vec<Matchup>, String> {
    pairings(context.bots.len())
        .iter()
        .zip(winners)
        .map(|(&(first, second), w)| {
            if w.len() as u64 != context.games {
                return Err(format!(
                    "{} against {}: {} games of the {} each pairing plays",
                    context.bots[first],
                    context.bots[second],
                    w.len(),
                    context.games
                ));
            }
            Ok(Matchup::new(first, second, w))
        })
        .collect()
}
