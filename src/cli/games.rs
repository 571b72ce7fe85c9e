//! `sandtable games [GAME] [--data PATH]`: what Sandtable can play, and how much of each
//! game's data is the published game's and how much is reconstructed.

use super::CliError;
use crate::registry::{self, Entry, Odds, OddsKind, OddsVisitor, Visitor, GAMES};
use clap::Args;
use std::fmt::Write as _;
use std::io::Write as _;
use std::path::{Path, PathBuf};

#[derive(Debug, Args)]
pub struct GamesArgs {
    /// Only this game (see the list without it).
    pub game: Option<String>,
    /// The game's data to describe and validate instead of its embedded default: a directory
    /// of its TOML tables, or one TOML file holding them all. Needs GAME.
    #[arg(long, value_name = "PATH", requires = "game")]
    pub data: Option<PathBuf>,
}

pub fn run(args: &GamesArgs) -> Result<(), CliError> {
    let mut s = String::new();
    if let Some(id) = &args.game {
        let info = registry::known_game(id)?;
        if !info.implemented && args.data.is_some() {
            return Err(CliError::NotImplemented(info.id.to_string()));
        }
    }
    let w = GAMES.iter().map(|g| g.id.len()).max().unwrap_or(0);
    for info in GAMES
        .iter()
        .filter(|g| args.game.as_deref().is_none_or(|id| id == g.id))
    {
        let status = if info.implemented {
            "implemented"
        } else {
            "not implemented yet"
        };
        let _ = writeln!(s, "{:w$}  {}  ({status})", info.id, info.title);
        if info.implemented {
            registry::visit(
                info.id,
                Describe {
                    data: args.data.as_deref(),
                    out: &mut s,
                },
            )??;
        } else {
            registry::visit_odds(info.id, OddsSoFar { out: &mut s })?;
        }
    }
    // The data's notes cite the reading notes' ids, which a reader of the screen has not got.
    let s = crate::engine::words::without_ambiguity_ids(&s);
    std::io::stdout()
        .lock()
        .write_all(s.as_bytes())
        .map_err(|e| CliError::Output {
            path: "stdout".into(),
            message: e.to_string(),
        })
}

/// A game's lines under its title.
struct Describe<'a> {
    data: Option<&'a Path>,
    out: &'a mut String,
}

impl Visitor for Describe<'_> {
    type Output = Result<(), CliError>;

    fn visit<G: Entry>(self) -> Self::Output {
        G::overview(self.data, self.out)?;
        let files: Vec<&str> = G::data_files().iter().map(|&(name, _)| name).collect();
        use std::fmt::Write as _;
        if let Some(note) = crate::registry::rulebook_note::<G>(self.data) {
            let _ = writeln!(self.out, "    {}", note.trim_start_matches("note: "));
        }
        let _ = writeln!(
            self.out,
            "    data files (--data folders, experiment paths): {}",
            files.join(", ")
        );
        Ok(())
    }
}

/// What a game not yet playable already offers: its exact odds tables.
struct OddsSoFar<'a> {
    out: &'a mut String,
}

impl OddsVisitor for OddsSoFar<'_> {
    type Output = ();

    fn visit<G: Odds>(self) {
        for kind in [OddsKind::Crt, OddsKind::Initiative] {
            let tables = G::odds_tables(kind);
            if !tables.is_empty() {
                let _ = writeln!(
                    self.out,
                    "    exact odds already: sandtable {} {} (tables: {})",
                    kind.name(),
                    G::INFO.id,
                    tables.join(", ")
                );
            }
        }
    }
}
