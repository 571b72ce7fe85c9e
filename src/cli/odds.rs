//! `sandtable crt <game>` and `sandtable initiative <game>`: exact probability tables as CSV
//! (see `analysis::table` for the columns), optionally drawn as heatmaps.

use super::common::{check_writable, commit, output_error, stage};
use super::CliError;
use crate::analysis::{self, select, Table};
use crate::engine::write::WholeSet;
use crate::registry::{self, Odds as GameOdds, OddsKind, OddsVisitor, Reconstructed};
use clap::Args;
use std::io::{BufWriter, Write};
use std::path::PathBuf;

#[derive(Debug, Args)]
pub struct OddsArgs {
    /// Game id (see `sandtable games`).
    pub game: String,
    /// Only these tables (comma-separated; default: all of the game's). `crt`: rudders-line
    /// assault, indirect, direct; aachen combat; crossing-the-line crt, chits; cross-of-iron
    /// to_hit, to_kill, shots_to_kill, procedures. `initiative`:
    /// rudders-line initiative, turns_held; aachen random_event, supply; crossing-the-line
    /// initiative, consecutive.
    #[arg(long, value_delimiter = ',')]
    pub table: Vec<String>,
    /// Only the rows whose inputs have these values (comma-separated column=value, e.g.
    /// `attack_value=13,defense_value=9,air_support=1`), printed as a small table to read;
    /// with `--out`, as CSV.
    #[arg(long = "where", value_name = "COLUMN=VALUE", value_delimiter = ',')]
    pub filter: Vec<String>,
    /// One shot's TO HIT modifiers, each with its rule, and its odds (Cross of Iron):
    /// comma-separated, e.g. `to_hit=10,range=14,gun=L,target=white-front,buttoned,acquired=1`;
    /// add `kill=N,armor=N,facing=front|side_rear` for the KILL roll.
    #[arg(long, value_name = "SPEC", conflicts_with_all = ["table", "filter", "out", "plot"])]
    pub shot: Option<String>,
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

pub fn run(kind: OddsKind, args: &OddsArgs) -> Result<(), CliError> {
    if let Some(p) = &args.plot {
        if crate::analysis::plot::picture_kind(p).is_none() {
            return Err(CliError::Usage(format!(
                "--plot {}: the chart file must end in .svg or .png",
                p.display()
            )));
        }
    }
    if let Some(spec) = &args.shot {
        if kind != OddsKind::Crt {
            return Err(CliError::Usage("--shot belongs to `sandtable crt`".into()));
        }
        let text = registry::visit_odds(&args.game, Shot { spec })??;
        return to_stdout(|w| w.write_all(text.as_bytes()));
    }
    // Check the files before computing the tables: a bad folder fails at once.
    if let (Some(out), Some(plot)) = (&args.out, &args.plot) {
        if super::common::same_file(out, plot) {
            return Err(CliError::Usage(format!(
                "--out and --plot both name {}: give the table and the chart a file each",
                out.display()
            )));
        }
    }
    for path in args.out.iter().chain(&args.plot) {
        check_writable(path)?;
    }
    let conditions = args
        .filter
        .iter()
        .map(|c| select::condition(c))
        .collect::<Result<Vec<_>, _>>()
        .map_err(CliError::Usage)?;
    let wanted: Vec<&str> = args.table.iter().map(String::as_str).collect();
    let (mut tables, reconstructed) = registry::visit_odds(
        &args.game,
        Odds {
            kind,
            data: args.data.as_deref(),
            wanted: &wanted,
        },
    )??;
    if !conditions.is_empty() {
        tables = select::select(tables, &conditions).map_err(CliError::Usage)?;
    }
    // The reconstructed data tables these numbers rest on (also in the provenance column).
    let used: Vec<&str> = registry::table_names(&reconstructed)
        .into_iter()
        .filter(|t| {
            tables
                .iter()
                .any(|x| x.provenance.contains(&format!("reconstructed: {t}")))
        })
        .collect();
    if !used.is_empty() {
        crate::stderr_line!(
            "note: results depend on reconstructed data: {}",
            used.join(", ")
        );
    }
    // The chart and the CSV are written together, whole or neither: a chart that cannot be
    // drawn or written leaves no CSV behind, and a CSV that cannot be written no chart.
    let mut files = WholeSet::new();
    if let Some(path) = &args.plot {
        let png = crate::analysis::plot::is_png(path);
        let chart =
            crate::analysis::plot::chart(&tables, png).map_err(|e| output_error(path, e))?;
        stage(&mut files, path, &chart)?;
    }
    if let Some(path) = &args.out {
        let mut csv = Vec::new();
        analysis::write_csv(&mut csv, &tables).map_err(|e| output_error(path, e))?;
        stage(&mut files, path, &csv)?;
    }
    commit(files)?;
    match &args.out {
        Some(_) => Ok(()),
        None if !conditions.is_empty() => {
            to_stdout(|w| w.write_all(select::readable(&tables).as_bytes()))
        }
        None => to_stdout(|w| analysis::write_csv(w, &tables).map_err(std::io::Error::other)),
    }
}

/// The odds tables of any game of the registry.
struct Odds<'a> {
    kind: OddsKind,
    data: Option<&'a std::path::Path>,
    wanted: &'a [&'a str],
}

impl OddsVisitor for Odds<'_> {
    type Output = Result<(Vec<Table>, Reconstructed), CliError>;

    fn visit<G: GameOdds>(self) -> Self::Output {
        if G::odds_tables(self.kind).is_empty() {
            return Err(CliError::Usage(format!(
                "{} has no {} tables",
                G::INFO.id,
                self.kind.name()
            )));
        }
        registry::check_tables::<G>(self.kind, self.wanted)?;
        G::odds(self.kind, self.data, self.wanted)
    }
}

/// `--shot`: the game's shot calculator.
struct Shot<'a> {
    spec: &'a str,
}

impl OddsVisitor for Shot<'_> {
    type Output = Result<String, CliError>;

    fn visit<G: GameOdds>(self) -> Self::Output {
        G::shot_calculator(self.spec)
    }
}

/// Writes to stdout through a buffer; a failed write (a closed pipe) is an output error.
fn to_stdout(
    write: impl FnOnce(&mut BufWriter<std::io::StdoutLock>) -> std::io::Result<()>,
) -> Result<(), CliError> {
    let path = PathBuf::from("stdout");
    let mut w = BufWriter::new(std::io::stdout().lock());
    write(&mut w).map_err(|e| output_error(&path, e))?;
    w.flush().map_err(|e| output_error(&path, e))
}
