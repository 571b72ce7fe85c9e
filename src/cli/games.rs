//! `sandtable games`: what Sandtable can play, and how much of each game's data is the
//! published game's and how much is reconstructed.

use super::{select, CliError};
use crate::games::aachen::Aachen;
use crate::games::crossing_the_line::data::DataSet as CtlData;
use crate::games::crossing_the_line::scenario::FIRST_BLOOD;
use crate::games::rudders_line::RuddersLine;
use crate::games::GAMES;
use clap::Args;
use std::fmt::Write as _;
use std::io::Write as _;
use std::path::PathBuf;

#[derive(Debug, Args)]
pub struct GamesArgs {
    /// Rudder's Line data to describe instead of the embedded default: a directory holding
    /// map.toml, counters.toml, setup.toml and/or scenario.toml, or one TOML file with all tables.
    #[arg(long, value_name = "PATH")]
    pub data: Option<PathBuf>,
}

pub fn run(args: &GamesArgs) -> Result<(), CliError> {
    let mut s = String::new();
    let w = GAMES.iter().map(|g| g.id.len()).max().unwrap_or(0);
    for info in GAMES {
        let status = if info.implemented {
            "implemented"
        } else {
            "not implemented yet"
        };
        let _ = writeln!(s, "{:w$}  {}  ({status})", info.id, info.title);
        if info.implemented && info.id == "rudders-line" {
            let game = RuddersLine::load(args.data.as_deref())?;
            describe_rudders_line(&game, &mut s);
        }
        if info.implemented && info.id == "aachen" {
            // `--data` is Rudder's Line's: Aachen is described on its embedded data.
            let game = Aachen::embedded()?;
            describe_aachen(&game, &mut s);
        }
        if info.implemented && info.id == "crossing-the-line" {
            // `--data` is Rudder's Line's: Crossing the Line is described on its embedded data.
            describe_crossing_the_line(&CtlData::embedded()?, &mut s);
        }
    }
    std::io::stdout()
        .lock()
        .write_all(s.as_bytes())
        .map_err(|e| CliError::Output {
            path: "stdout".into(),
            message: e.to_string(),
        })
}

/// The scenario and the reconstructed tables with what each reconstruction rests on.
fn describe_rudders_line(game: &RuddersLine, s: &mut String) {
    let _ = writeln!(s, "    scenario: {}", game.data().scenario.scenario.name);
    write_reconstructed(game.data().reconstructed_tables(), s);
}

/// The optional rules of section 12, which the rulebook text gives only as titles.
const AACHEN_OPTIONAL_RULES: &str = "12.1 Parent Organization, 12.2 Historical Random Events, \
12.3 Lousberg Hill, 12.4 Rubble, 12.5 Hotel Quellenhof, 12.6 Play Balance";

/// Aachen: solitaire, its reconstructed tables, and the optional rules it lacks.
fn describe_aachen(game: &Aachen, s: &mut String) {
    let _ = writeln!(
        s,
        "    solitaire: you play the Americans, the rules play the Germans"
    );
    write_reconstructed(game.data().reconstructed_tables(), s);
    let _ = writeln!(
        s,
        "    optional rules (section 12) not available: the rulebook text has only their \
         titles: {AACHEN_OPTIONAL_RULES}"
    );
}

/// Crossing the Line: its two playable scenarios (`--scenario` is required) and its
/// reconstructed tables.
fn describe_crossing_the_line(data: &CtlData, s: &mut String) {
    let _ = writeln!(
        s,
        "    scenarios (--scenario is required): {}",
        select::CROSSING_THE_LINE_SCENARIOS
            .iter()
            .map(|&(id, _)| id)
            .collect::<Vec<_>>()
            .join(", ")
    );
    for &(id, _) in &select::CROSSING_THE_LINE_SCENARIOS {
        let Some(sc) = data.scenario(id) else {
            continue;
        };
        let what = match id {
            FIRST_BLOOD => {
                "solitaire: you play the US 1st Infantry Division against static Germans; \
                 clear 2107, 2108 and 2109 in at most five activations, rated by the \
                 activations used"
            }
            _ => {
                "two players (US, Germans), turns 1-3; victory by the VPs of the hexes the US \
                 controls, or a US unit in Aachen City at the end"
            }
        };
        let _ = writeln!(s, "      {id} ({}, {}): {what}", sc.name, sc.rule);
    }
    let others: Vec<String> = data
        .scenarios
        .scenarios
        .iter()
        .filter(|sc| {
            !select::CROSSING_THE_LINE_SCENARIOS
                .iter()
                .any(|&(id, _)| id == sc.id)
        })
        .map(|sc| format!("{} ({}, {})", sc.id, sc.name, sc.rule))
        .collect();
    if !others.is_empty() {
        let _ = writeln!(
            s,
            "    scenarios in the data that the engine does not play: {}",
            others.join(", ")
        );
    }
    write_reconstructed(data.reconstructed(), s);
}

fn write_reconstructed(tables: Vec<(&'static str, String)>, s: &mut String) {
    if tables.is_empty() {
        let _ = writeln!(s, "    reconstructed tables: none");
        return;
    }
    let _ = writeln!(
        s,
        "    reconstructed tables (not the published game's values):"
    );
    for (table, basis) in tables {
        let _ = writeln!(s, "      {table}: {basis}");
    }
}
