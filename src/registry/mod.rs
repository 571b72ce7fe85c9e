//! The registry of games: one [`Entry`] per game, and [`visit`], the one place that turns a
//! game id into a game type. Every command (`balance`, `ladder`, `play`, `crt`, `games`, the
//! page, `board`) is written once, generic over [`Entry`], as a [`Visitor`]; adding a game
//! adds its `Entry` implementation and one line to [`visit`] and [`GAMES`]. A game's exact
//! odds ([`Odds`]) come before its engine: `crt` and `initiative` reach every game with odds
//! through [`visit_odds`], implemented or not (Cross of Iron's ordnance tables so far).

mod aachen;
mod cross_of_iron;
mod crossing_the_line;
mod rudders_line;

use crate::analysis::Table;
use crate::bots::mcts::RolloutFactory;
use crate::bots::{preset, Bot};
use crate::cli::CliError;
use crate::engine::{Game, PlayerId};
use crate::games::aachen::Aachen;
use crate::games::cross_of_iron::CrossOfIron;
use crate::games::crossing_the_line::CrossingTheLine;
use crate::games::rudders_line::RuddersLine;
use std::path::Path;

/// A game Sandtable knows, for `sandtable games` and argument checking.
pub struct GameInfo {
    pub id: &'static str,
    pub title: &'static str,
    pub implemented: bool,
    /// The ids of its scenarios when it has several (what a bot preset's
    /// `[games.<game>.<scenario>]` tables may name); empty for a game of one scenario.
    pub scenarios: &'static [&'static str],
}

/// Every game, implemented or not, in the order `sandtable games` lists them.
pub const GAMES: &[GameInfo] = &[
    RuddersLine::INFO,
    Aachen::INFO,
    CrossingTheLine::INFO,
    CrossOfIron::INFO,
];

/// Which of a game's exact probability tables: combat (`crt`) or turn sequence
/// (`initiative`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OddsKind {
    Crt,
    Initiative,
}

impl OddsKind {
    pub fn name(self) -> &'static str {
        match self {
            OddsKind::Crt => "crt",
            OddsKind::Initiative => "initiative",
        }
    }
}

/// The reconstructed data tables a game's numbers rest on, each with its basis.
pub type Reconstructed = Vec<(&'static str, String)>;

/// A game's exact odds tables, for `crt` and `initiative`: all a game needs before its
/// engine is built.
pub trait Odds: Sized + 'static {
    const INFO: GameInfo;

    /// The names of the game's odds tables of one kind.
    fn odds_tables(kind: OddsKind) -> &'static [&'static str];
    /// The odds tables of one kind (`wanted` empty: all, and each already checked against
    /// `odds_tables`), and the reconstructed tables of the data they were computed on. Loads
    /// only the data the tables need.
    fn odds(
        kind: OddsKind,
        data: Option<&Path>,
        wanted: &[&str],
    ) -> Result<(Vec<Table>, Reconstructed), CliError>;
    /// `crt --shot SPEC`: one shot's modifiers and odds, as text, where the game has such a
    /// calculator.
    fn shot_calculator(_spec: &str) -> Result<String, CliError> {
        Err(CliError::Usage(format!(
            "{} has no shot calculator (--shot)",
            Self::INFO.id
        )))
    }
}

/// What the commands need of a game beyond its rules: loading it, its scenarios and sides,
/// its bots, its odds tables and its provenance. One implementation per game, in this
/// module's submodule of the game's name.
pub trait Entry: Game<State: 'static, Action: 'static> + Odds {
    /// Loads the game on `--data` or the embedded data, for `--scenario` (`None`: the
    /// game's default, where it has one), with `--open` (bots see hidden information).
    fn load(data: Option<&Path>, scenario: Option<&str>, open: bool) -> Result<Self, CliError>;
    /// The title and scenario, for the first line of a report.
    fn title(&self) -> String;
    /// The scenario's id, for a game that has several (named in labels and errors).
    fn scenario_id(&self) -> Option<&'static str> {
        None
    }
    /// The files of a `--data` directory, each with its embedded default: what an
    /// experiment's overrides edit (`experiment::overrides`).
    fn data_files() -> &'static [(&'static str, &'static str)];
    /// The reconstructed tables this game's data uses.
    fn reconstructed(&self) -> Reconstructed;
    /// The identity of the data loaded (`engine::data::identity`), recorded in saves.
    fn data_identity(&self) -> String;
    /// The scenario's last game turn: no game goes past it (the conformance suite checks).
    fn last_turn(&self) -> u32;
    /// The game's scripted doctrine, the `scripted` bot and the MCTS rollout policy.
    fn scripted() -> RolloutFactory<Self>;
    /// Other names a person may type for a side in `play --side` (alias, side name).
    fn side_aliases() -> &'static [(&'static str, &'static str)] {
        &[]
    }
    /// The position as a picture, as `viewer` may see it (`None`: everything).
    fn board(&self, s: &Self::State, viewer: Option<PlayerId>) -> crate::board::Board;
    /// The victory conditions and the standing now (who holds what, the score so far), as
    /// `viewer` may know them (`None`: everything).
    fn standing(&self, s: &Self::State, viewer: Option<PlayerId>) -> Vec<String>;
    /// What the numbers and marks on the play screen and the board mean, a line each, with
    /// their rules (`4|6|5`, `TEM+2`, `★`): the terminal's `key` and the page's key. The
    /// first line says what a counter's face shows: `sandtable board` prints it under its key.
    fn key(&self) -> &'static [&'static str] {
        &[]
    }
    /// Why the game ended as it did, when its level alone does not say ("failed": which
    /// objectives were still held), for the result line; `None` by default.
    fn result_reason(&self, _s: &Self::State) -> Option<String> {
        None
    }
    /// The play screen's text of the position as `viewer` may see it (`None`: everything);
    /// by default `Game::render`, for games without hidden information.
    fn render_seen(&self, s: &Self::State, _viewer: Option<PlayerId>) -> String {
        self.render(s)
    }
    /// The long form of the play screen's board (`board --full`): by default the same.
    fn render_full(&self, s: &Self::State, viewer: Option<PlayerId>) -> String {
        self.render_seen(s, viewer)
    }
    /// The exact odds of what an action commits to (an assault's point unit, say), in words,
    /// from the game's own odds function; `None` when it commits to no dice.
    fn action_odds(&self, _s: &Self::State, _a: Self::Action) -> Option<String> {
        None
    }
    /// Where an action goes in the list the person is offered (a stable sort: equal keys keep
    /// the engine's order). By default the engine's order.
    fn list_order(&self, _s: &Self::State, _a: Self::Action) -> u32 {
        0
    }
    /// What an action costs (`2 AP`, `3 MP`, `1 CP of 3`), for the option's text and the
    /// board; `None` when it costs nothing.
    fn action_cost(&self, _s: &Self::State, _a: Self::Action) -> Option<String> {
        None
    }
    /// The place (area or hex id) an action is about, for pointing at it on the board.
    fn action_place(&self, _s: &Self::State, _a: Self::Action) -> Option<String> {
        None
    }
    /// The lines `sandtable games` prints under the game's title: its scenarios, what is
    /// reconstructed, what is not implemented. Validates `data` if given.
    fn overview(data: Option<&Path>, out: &mut String) -> Result<(), CliError>;
}

/// A command written once for every game: `visit` calls it with the game's type.
pub trait Visitor {
    type Output;
    fn visit<G: Entry>(self) -> Self::Output;
}

/// Runs `v` on the implemented game `id`: the one place a game id becomes a type.
pub fn visit<V: Visitor>(id: &str, v: V) -> Result<V::Output, CliError> {
    let info = implemented_game(id)?;
    Ok(match info.id {
        id if id == RuddersLine::INFO.id => v.visit::<RuddersLine>(),
        id if id == Aachen::INFO.id => v.visit::<Aachen>(),
        id if id == CrossingTheLine::INFO.id => v.visit::<CrossingTheLine>(),
        id if id == CrossOfIron::INFO.id => v.visit::<CrossOfIron>(),
        other => return Err(CliError::NotImplemented(other.to_string())),
    })
}

/// A command written once for every game's odds: `visit_odds` calls it with the game's type.
pub trait OddsVisitor {
    type Output;
    fn visit<G: Odds>(self) -> Self::Output;
}

/// Runs `v` on game `id`'s odds, whether or not its engine is implemented.
pub fn visit_odds<V: OddsVisitor>(id: &str, v: V) -> Result<V::Output, CliError> {
    let info = known_game(id)?;
    Ok(match info.id {
        id if id == RuddersLine::INFO.id => v.visit::<RuddersLine>(),
        id if id == Aachen::INFO.id => v.visit::<Aachen>(),
        id if id == CrossingTheLine::INFO.id => v.visit::<CrossingTheLine>(),
        id if id == CrossOfIron::INFO.id => v.visit::<CrossOfIron>(),
        other => return Err(CliError::NotImplemented(other.to_string())),
    })
}

/// The entry of [`GAMES`] named `name`.
pub fn known_game(name: &str) -> Result<&'static GameInfo, CliError> {
    GAMES
        .iter()
        .find(|g| g.id == name)
        .ok_or_else(|| CliError::UnknownGame {
            name: name.to_string(),
            known: GAMES.iter().map(|g| g.id).collect::<Vec<_>>().join(", "),
        })
}

/// The entry of [`GAMES`] named `name`, which must be implemented.
pub fn implemented_game(name: &str) -> Result<&'static GameInfo, CliError> {
    let info = known_game(name)?;
    if !info.implemented {
        return Err(CliError::NotImplemented(info.id.to_string()));
    }
    Ok(info)
}

/// Makes bot `name` (a preset name or a preset file, see `bots::preset`) for any side of
/// `game` (its scenario chooses the preset's `[games.<id>.<scenario>]` settings), with the
/// game's doctrine as the `scripted` bot and MCTS rollout policy.
pub fn bot<G: Entry>(game: &G, name: &str, _player: PlayerId) -> Option<Box<dyn Bot<G>>> {
    preset::load(name)
        .ok()?
        .build(G::INFO.id, game.scenario_id(), Some(G::scripted()))
}

/// A decision as the play screen and the page list it: its description and, where it commits
/// to dice, their exact odds.
pub fn action_text<G: Entry>(game: &G, s: &G::State, a: G::Action) -> String {
    let mut text = game.describe(s, a);
    if let Some(cost) = game.action_cost(s, a) {
        text = format!("{text} ({cost})");
    }
    match game.action_odds(s, a) {
        Some(odds) => format!("{text} — {odds}"),
        None => text,
    }
}

/// The tables the rulebook prints that `--data` changes (`engine::data::rulebook_changes`):
/// from a folder, each data file found there; from one file, that file for each. Unreadable
/// data gives none here: loading it says why.
pub fn rulebook_changes<G: Entry>(data: Option<&Path>) -> Vec<String> {
    let Some(path) = data else {
        return Vec::new();
    };
    let read = |p: &Path| std::fs::read_to_string(p).ok();
    let given: Vec<(&str, String)> = G::data_files()
        .iter()
        .map(|&(name, text)| {
            let edited = match path.is_dir() {
                true => read(&path.join(name)),
                false => read(path),
            };
            (name, edited.unwrap_or_else(|| text.to_string()))
        })
        .collect();
    let given: Vec<(&str, &str)> = given.iter().map(|(n, t)| (*n, t.as_str())).collect();
    crate::engine::data::rulebook_changes(G::data_files(), &given)
}

/// The line that says a run's data changes what the rulebook prints, if it does.
pub fn rulebook_note<G: Entry>(data: Option<&Path>) -> Option<String> {
    let changed = rulebook_changes::<G>(data);
    (!changed.is_empty()).then(|| {
        format!(
            "note: your data changes tables the rulebook prints: {}; the results are a \
             designer's variant, not the published game",
            changed.join(", ")
        )
    })
}

/// The names of a game's reconstructed tables, for notes and `provenance` columns.
pub fn table_names(reconstructed: &Reconstructed) -> Vec<&'static str> {
    reconstructed.iter().map(|&(t, _)| t).collect()
}

/// A scenario name as typed on the command line: lowercase, runs of anything but letters and
/// digits as one `-` ("Pointe du Hoc, 6 June" → "pointe-du-hoc-6-june").
pub fn slug(name: &str) -> String {
    name.to_lowercase()
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .collect::<Vec<_>>()
        .join("-")
}

/// Checks `--scenario` against the one scenario a game offers (matched by exact name or
/// slug).
pub fn check_scenario(game: &str, wanted: Option<&str>, offered: &[&str]) -> Result<(), CliError> {
    let Some(wanted) = wanted else {
        return Ok(());
    };
    if offered
        .iter()
        .any(|s| s.eq_ignore_ascii_case(wanted) || slug(s) == slug(wanted))
    {
        return Ok(());
    }
    Err(CliError::UnknownScenario {
        game: game.to_string(),
        name: wanted.to_string(),
        known: offered
            .iter()
            .map(|s| slug(s))
            .collect::<Vec<_>>()
            .join(", "),
    })
}

/// `--scenario` for a game with several scenarios and no default: the id of the scenario
/// named by its id or name (matched as `slug` does), from `(id, name)` pairs.
pub fn pick_scenario(
    game: &str,
    wanted: Option<&str>,
    offered: &[(&'static str, &'static str)],
) -> Result<&'static str, CliError> {
    let known = offered
        .iter()
        .map(|&(id, _)| id)
        .collect::<Vec<_>>()
        .join(", ");
    let Some(wanted) = wanted else {
        return Err(CliError::MissingScenario {
            game: game.to_string(),
            known,
        });
    };
    offered
        .iter()
        .find(|&&(id, name)| slug(id) == slug(wanted) || slug(name) == slug(wanted))
        .map(|&(id, _)| id)
        .ok_or_else(|| CliError::UnknownScenario {
            game: game.to_string(),
            name: wanted.to_string(),
            known,
        })
}

/// Writes the reconstructed tables and their bases, for `sandtable games`.
pub fn write_reconstructed(tables: Reconstructed, s: &mut String) {
    use std::fmt::Write as _;
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

/// The readings of ambiguous rule text in play (`[readings]` of the game's data), one line
/// each: the option, its value, the alternatives, the rule and why the default was chosen.
pub fn write_readings(readings: &crate::engine::readings::Readings, file: &str, s: &mut String) {
    use std::fmt::Write as _;
    let _ = writeln!(
        s,
        "    readings of the text (switch in {file} [readings] or an experiment's set):"
    );
    for line in readings.lines() {
        let _ = writeln!(s, "      {line}");
    }
}

/// The reconstructed tables plus the map's drawing positions, which no result depends on
/// but which are reconstructed all the same.
pub fn with_layout(
    mut tables: Reconstructed,
    layout: &Option<crate::engine::data::Provenance>,
) -> Reconstructed {
    if let Some(l) = layout.as_ref().filter(|l| l.is_reconstructed()) {
        tables.push(("layout", l.basis.clone().unwrap_or_default()));
    }
    tables
}

/// Checks that each of `wanted` names one of the game's odds tables of `kind`.
pub fn check_tables<G: Odds>(kind: OddsKind, wanted: &[&str]) -> Result<(), CliError> {
    let known = G::odds_tables(kind);
    if wanted.iter().any(|w| w.trim().is_empty()) {
        return Err(CliError::Usage(
            "--table names an empty table (two commas, or one at an end?)".into(),
        ));
    }
    let twice = wanted
        .iter()
        .enumerate()
        .find(|&(i, w)| wanted[..i].contains(w));
    if let Some((_, w)) = twice {
        return Err(CliError::Usage(format!(
            "--table names '{w}' twice: name each table once"
        )));
    }
    match wanted.iter().find(|w| !known.contains(w)) {
        None => Ok(()),
        Some(w) => Err(CliError::Usage(format!(
            "unknown {} table '{w}' for {} (tables: {})",
            kind.name(),
            G::INFO.id,
            known.join(", ")
        ))),
    }
}

/// Tests: plays `game` to its end on `seed`, every side random or every side the doctrine,
/// through the simulator's own loop (debug builds refuse any action not on offer).
#[cfg(test)]
pub(crate) fn play_out<G: Entry>(game: &G, seed: u64, scripted: bool) -> G::State {
    let doctrine = G::scripted();
    let mut bots: Vec<Box<dyn Bot<G>>> = (0..game.acting_players())
        .map(|_| match scripted {
            true => doctrine(),
            false => Box::new(crate::bots::RandomBot::<G::Action>::default()) as Box<dyn Bot<G>>,
        })
        .collect();
    let mut rng = crate::engine::game_rng(seed, 0);
    crate::sim::play::play_to_end(game, &mut bots, 0, seed, &mut rng, None)
        .expect("the game ends")
        .0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scenario_names_match_by_slug() {
        assert_eq!(
            slug("Pointe du Hoc, 6–8 June 1944"),
            "pointe-du-hoc-6-8-june-1944"
        );
        let offered = ["Pointe du Hoc"];
        assert!(check_scenario("g", Some("pointe-du-hoc"), &offered).is_ok());
        assert!(check_scenario("g", Some("POINTE DU HOC"), &offered).is_ok());
        assert!(check_scenario("g", None, &offered).is_ok());
        assert!(check_scenario("g", Some("omaha"), &offered).is_err());
    }

    #[test]
    fn unknown_games_are_errors_and_implemented_games_are_found() {
        assert!(matches!(
            implemented_game("nosuchgame"),
            Err(CliError::UnknownGame { .. })
        ));
        for g in GAMES.iter().filter(|g| g.implemented) {
            assert!(implemented_game(g.id).is_ok());
        }
    }

    /// Every implemented game of `GAMES` reaches its own type through `visit`.
    #[test]
    fn visit_reaches_every_implemented_game() {
        struct Id;
        impl Visitor for Id {
            type Output = &'static str;
            fn visit<G: Entry>(self) -> &'static str {
                G::INFO.id
            }
        }
        for g in GAMES.iter().filter(|g| g.implemented) {
            assert_eq!(visit(g.id, Id).unwrap(), g.id);
        }
    }
}
