//! `sandtable crt <game>` and `sandtable initiative <game>`: exact probability tables as CSV
//! (see `analysis::table` for the columns), optionally drawn as heatmaps.

use super::common::output_error;
use super::{select, CliError};
use crate::analysis::{self, Table};
use crate::games::aachen::Aachen;
use crate::games::crossing_the_line::charts::Charts as CtlCharts;
use crate::games::rudders_line::RuddersLine;
use crate::games::GAMES;
use clap::Args;
use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::PathBuf;

#[derive(Debug, Args)]
pub struct OddsArgs {
    /// Game id (see `sandtable games`).
    pub game: String,
    /// Only these tables (comma-separated; default: all of the game's). `crt`: rudders-line
    /// assault, indirect, direct; aachen combat; crossing-the-line crt, chits. `initiative`:
    /// rudders-line initiative, turns_held; aachen random_event, supply; crossing-the-line
    /// initiative, consecutive.
    #[arg(long, value_delimiter = ',')]
    pub table: Vec<String>,
    /// Write the CSV to this file instead of stdout.
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,
    /// Also draw the tables as heatmaps into this .svg or .png file.
    #[arg(long, value_name = "FILE.svg|FILE.png")]
    pub plot: Option<PathBuf>,
    /// Game data to use instead of the embedded default: a directory of TOML tables or one
    /// TOML file holding them all.
    #[arg(long, value_name = "PATH")]
    pub data: Option<PathBuf>,
}

/// Which command: the combat tables or the initiative (turn sequence) tables.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Crt,
    Initiative,
}

impl Kind {
    fn name(self) -> &'static str {
        match self {
            Kind::Crt => "crt",
            Kind::Initiative => "initiative",
        }
    }
}

fn check_tables(kind: Kind, game: &str, wanted: &[String], known: &[&str]) -> Result<(), CliError> {
    for w in wanted {
        if !known.contains(&w.as_str()) {
            return Err(CliError::Usage(format!(
                "unknown {} table '{w}' for {game} (tables: {})",
                kind.name(),
                known.join(", ")
            )));
        }
    }
    Ok(())
}

pub fn run(kind: Kind, args: &OddsArgs) -> Result<(), CliError> {
    // Crossing the Line's charts are complete before its engine: its odds need only them.
    let info = match GAMES.iter().find(|g| g.id == args.game) {
        Some(g) if g.id == "crossing-the-line" => g,
        _ => select::implemented_game(&args.game)?,
    };
    let wanted: Vec<&str> = args.table.iter().map(String::as_str).collect();
    if let Some(p) = &args.plot {
        let ext = p.extension().and_then(|e| e.to_str()).unwrap_or("");
        if !matches!(ext, "svg" | "png") {
            return Err(CliError::Usage(format!(
                "--plot {}: the chart file must end in .svg or .png",
                p.display()
            )));
        }
    }
    let (tables, reconstructed) = match info.id {
        "rudders-line" => {
            let game = RuddersLine::load(args.data.as_deref())?;
            let reconstructed = game.data().reconstructed_tables();
            let tables = match kind {
                Kind::Crt => {
                    check_tables(
                        kind,
                        info.id,
                        &args.table,
                        &analysis::rudders_line::CRT_TABLES,
                    )?;
                    analysis::rudders_line::crt_tables(&game, &wanted)
                }
                Kind::Initiative => {
                    let known = analysis::rudders_line::INITIATIVE_TABLES;
                    check_tables(kind, info.id, &args.table, &known)?;
                    analysis::rudders_line::initiative_tables(&game, &wanted)
                }
            };
            (tables, names(&reconstructed))
        }
        "aachen" => {
            let game = Aachen::load(args.data.as_deref())?;
            let reconstructed = game.data().reconstructed_tables();
            let tables = match kind {
                Kind::Crt => {
                    check_tables(kind, info.id, &args.table, &analysis::aachen::CRT_TABLES)?;
                    analysis::aachen::crt_tables(&game, &wanted)
                }
                Kind::Initiative => {
                    let known = analysis::aachen::INITIATIVE_TABLES;
                    check_tables(kind, info.id, &args.table, &known)?;
                    analysis::aachen::initiative_tables(&game, &wanted)
                }
            };
            (tables, names(&reconstructed))
        }
        "crossing-the-line" => {
            let charts = CtlCharts::load(args.data.as_deref())?;
            let reconstructed = charts.reconstructed_tables();
            let tables = match kind {
                Kind::Crt => {
                    let known = analysis::crossing_the_line::CRT_TABLES;
                    check_tables(kind, info.id, &args.table, &known)?;
                    analysis::crossing_the_line::crt_tables(&charts, &wanted)
                }
                Kind::Initiative => {
                    let known = analysis::crossing_the_line::INITIATIVE_TABLES;
                    check_tables(kind, info.id, &args.table, &known)?;
                    analysis::crossing_the_line::initiative_tables(&charts, &wanted)
                }
            };
            (tables, names(&reconstructed))
        }
        other => return Err(CliError::NotImplemented(other.to_string())),
    };
    // The reconstructed data tables these numbers rest on (also in the provenance column).
    let used: Vec<&str> = reconstructed
        .iter()
        .filter(|t| {
            tables
                .iter()
                .any(|x| x.provenance.contains(&format!("reconstructed: {t}")))
        })
        .map(String::as_str)
        .collect();
    if !used.is_empty() {
        eprintln!(
            "note: results depend on reconstructed data: {}",
            used.join(", ")
        );
    }
    write(&tables, args)?;
    if let Some(path) = &args.plot {
        crate::analysis::plot::draw(&tables, path).map_err(|e| output_error(path, e))?;
    }
    Ok(())
}

fn names(tables: &[(&'static str, String)]) -> Vec<String> {
    tables.iter().map(|(t, _)| t.to_string()).collect()
}

fn write(tables: &[Table], args: &OddsArgs) -> Result<(), CliError> {
    match &args.out {
        Some(path) => {
            let file = File::create(path).map_err(|e| output_error(path, e))?;
            let mut w = BufWriter::new(file);
            analysis::write_csv(&mut w, tables).map_err(|e| output_error(path, e))?;
            w.flush().map_err(|e| output_error(path, e))
        }
        None => {
            let stdout = std::io::stdout();
            let mut w = BufWriter::new(stdout.lock());
            let path = PathBuf::from("stdout");
            analysis::write_csv(&mut w, tables).map_err(|e| output_error(&path, e))?;
            w.flush().map_err(|e| output_error(&path, e))
        }
    }
}
