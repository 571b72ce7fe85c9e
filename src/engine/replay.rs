//! The replay log: the run seed plus, for every step, the index of the chosen action in the
//! legal-action list (decisions) or the chance-outcome list (dice). Indices make the log
//! game-independent and compact, and replaying it reproduces the game exactly, as long as
//! the lists are the same: the log carries the game's `Game::log_version`, and a log of
//! another version is refused rather than replayed into a different game.

use super::game::{Actor, Game};
use serde::{Deserialize, Serialize};

/// A seed in a save: TOML's integers end at i64::MAX, so a larger seed (any u64 is one) is
/// written as text, `seed = "18446744073709551615"`; either form reads back (a save's, and an
/// experiment spec's: trial 13a F6).
pub mod seed_text {
    use serde::{de, Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(seed: &u64, out: S) -> Result<S::Ok, S::Error> {
        match i64::try_from(*seed) {
            Ok(small) => out.serialize_i64(small),
            Err(_) => out.serialize_str(&seed.to_string()),
        }
    }

    #[derive(Deserialize)]
    #[serde(untagged)]
    enum Written {
        Number(i64),
        Text(String),
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(input: D) -> Result<u64, D::Error> {
        let wrong = || de::Error::custom("a seed is a whole number from 0 to 18446744073709551615");
        match Written::deserialize(input).map_err(|_| wrong())? {
            Written::Number(n) => u64::try_from(n).map_err(|_| wrong()),
            // Only what `serialize` writes: the digits of a seed above i64::MAX; a smaller one
            // in quotes is told how to write it (trial 22b F2: the message said 3 was no seed).
            Written::Text(t) => {
                let digits = t.bytes().all(|b| b.is_ascii_digit());
                match digits.then(|| t.parse::<u64>().ok()).flatten() {
                    Some(n) if n > i64::MAX as u64 && !t.starts_with('0') => Ok(n),
                    Some(n) if n <= i64::MAX as u64 => Err(de::Error::custom(format!(
                        "a seed up to 9223372036854775807 is written without quotes (seed = {n}); \
                         quotes are for larger seeds"
                    ))),
                    _ => Err(wrong()),
                }
            }
        }
    }
}

/// A saved game: its identity and the index of each step's action. A key it does not know
/// (`cheat = 1`, an `[extra]` table) is refused: the save is not what Sandtable wrote.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Replay {
    /// The game id the log belongs to.
    pub game: String,
    /// The seed the game was played with (for reference; replay needs only the steps).
    #[serde(with = "seed_text")]
    pub seed: u64,
    /// The game's `log_version` when the log was written. Logs written before versions
    /// existed have none, and read as version 1.
    #[serde(default = "first_version")]
    pub version: u32,
    /// The scenario's id, for a game with several (absent in older saves).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub scenario: Option<String>,
    /// The side the person played (absent in older saves and bot logs).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub side: Option<String>,
    /// The identity of the data the game was played on (`engine::data::identity`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub data: Option<String>,
    /// A save's header (game, version, scenario, side, data, seed) hashed when it was saved
    /// (`Replay::sealed`): a header edited since (a scenario sharing its data with the
    /// saved one) is refused rather than replayed into another game.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seal: Option<String>,
    /// Index of each step's action in the list offered at that step.
    pub steps: Vec<u16>,
}

/// One step of a replay as [`Replay::replay_visiting`] shows it.
pub struct Visited<'s, G: Game> {
    /// The step's number in the log, from 0.
    pub step: usize,
    pub before: &'s G::State,
    pub action: G::Action,
    pub after: &'s G::State,
}

#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum ReplayError {
    #[error("replay is for game '{found}', not '{expected}'")]
    WrongGame { expected: String, found: String },
    #[error("step {step}: index {index} is out of range ({len} choices)")]
    BadIndex { step: usize, index: u16, len: usize },
    #[error("step {step}: the game is already over")]
    PastEnd { step: usize },
    #[error("the log was written by version {found} of the game's decision lists, not the current {expected} (a log naming no version is version 1): it cannot be replayed")]
    WrongVersion { expected: u32, found: u32 },
}

fn first_version() -> u32 {
    1
}

impl Replay {
    /// The saved game at `path`, if it is a save of `game` (an id): an error is one line
    /// naming the file and saying why not.
    pub fn read_for(path: &std::path::Path, game: &str) -> Result<Replay, String> {
        let saved = Replay::read(path)?;
        saved
            .check_seal()
            .map_err(|e| format!("{}: {e}", super::data::shown(&path.display().to_string())))?;
        if saved.game != game {
            return Err(format!(
                "{}: this is a save of '{}', not {game}",
                path.display(),
                saved.game
            ));
        }
        Ok(saved)
    }

    /// The saved game at `path`; an error is one line saying why it is none.
    pub fn read(path: &std::path::Path) -> Result<Replay, String> {
        let text = super::read::read_text(path).map_err(|e| {
            format!(
                "cannot read {}: {e}",
                super::data::shown(&path.display().to_string())
            )
        })?;
        Replay::parse(&text)
            .map_err(|e| format!("{}: {e}", super::data::shown(&path.display().to_string())))
    }

    /// A saved game's text read back.
    pub fn parse(text: &str) -> Result<Replay, String> {
        // Another kind of file entirely: its place, not the TOML parser's expectations.
        if let Err(e) = text.parse::<toml::Table>() {
            let place = super::data::toml_place(&e, text).unwrap_or_else(|| "its end".into());
            // TOML's integers end at 2^63 − 1: a seed past it is saved in quotes (trial 12a F5).
            if e.message().contains("too large") || e.message().contains("too small") {
                // Only the seed can be that large: the advice goes with it (trial 13a F4).
                let line = e.span().map_or("", |s| {
                    let start = text[..s.start].rfind('\n').map_or(0, |i| i + 1);
                    &text[start..]
                });
                let advice = match line.trim_start().starts_with("seed") {
                    true => "; a seed above that is written in quotes, as Sandtable saves it",
                    false => ", larger than any value of a save but its seed",
                };
                return Err(format!(
                    "not a saved game: {place}: a number past TOML's integers (-2^63 to \
                     2^63 − 1){advice}"
                ));
            }
            // A save's own slip gets the parser's reason (trial 14a F3); other text only its
            // place, not the parser's expectations of TOML.
            let reason = super::data::toml_reason(&e, text);
            if reason.starts_with("duplicate key") || text.contains('\0') {
                let reason = match text.contains('\0') {
                    true => "it holds a NUL byte".to_string(),
                    false => reason,
                };
                return Err(format!("not a saved game: {place}: {reason}"));
            }
            return Err(format!("not a saved game: it is not TOML (at {place})"));
        }
        // An empty file is said to be one (trial 22b F6: "missing field `game`").
        if text.trim().is_empty() {
            return Err("not a saved game: the file is empty".into());
        }
        let saved: Replay = toml::from_str(text)
            .map_err(|e| format!("not a saved game: {}", super::data::toml_brief(&e, text)))?;
        // Its texts are quoted in errors and on screen: each must print as itself.
        let texts = [
            ("game", Some(&saved.game)),
            ("scenario", saved.scenario.as_ref()),
            ("side", saved.side.as_ref()),
            ("data", saved.data.as_ref()),
        ];
        for (field, text) in texts {
            let bad = text.and_then(|t| t.chars().find(|&c| super::data::unprintable(c)));
            if let Some(c) = bad {
                return Err(format!(
                    "not a saved game: its {field} holds a control or invisible character \
                     (U+{:04X})",
                    u32::from(c)
                ));
            }
        }
        Ok(saved)
    }

    /// Whether `saved` was played in the game, scenario and data of this log (a save loads
    /// into nothing else).
    pub fn check_same_game(&self, saved: &Replay) -> Result<(), String> {
        // The seal first: an edited header (its game, say) is told as edited, not as the
        // version or the game it was made to name (trial 16a F8, 23b F4).
        saved.check_seal()?;
        if saved.game != self.game {
            return Err(format!(
                "this is a save of '{}', not {}",
                saved.game, self.game
            ));
        }
        // A save written before seals is told by its version, not as unsealed.
        if saved.version != self.version {
            let e = ReplayError::WrongVersion {
                expected: self.version,
                found: saved.version,
            };
            return Err(e.to_string());
        }
        if saved.seal.is_none() && self.data.is_some() {
            return Err(
                "this save has no seal (`seal = …`), so its header cannot be \
                 checked (an edited save?)"
                    .into(),
            );
        }
        match (&saved.scenario, &self.scenario) {
            // Scenario names are found whatever their case; a save writes them exactly.
            (Some(theirs), Some(ours)) if theirs != ours && theirs.eq_ignore_ascii_case(ours) => {
                return Err(format!(
                    "this save names the scenario {theirs}, which {} does not have (its \
                     scenario is written {ours}; an edited save?)",
                    self.game
                ))
            }
            (Some(theirs), Some(ours)) if theirs != ours => {
                return Err(format!(
                    "this save is of the scenario {theirs}, not {ours}: open it in its own \
                     with `--load` (which reads the scenario from the save) or `--scenario \
                     {theirs}`"
                ))
            }
            (None, Some(ours)) => {
                return Err(format!(
                    "this save names no scenario, so it cannot be loaded into {ours} (an \
                     edited save?)"
                ))
            }
            (Some(theirs), None) => {
                return Err(format!(
                    "this save names the scenario {theirs}, which {} does not have",
                    self.game
                ))
            }
            _ => {}
        }
        match (&saved.data, &self.data) {
            (Some(theirs), Some(ours)) if theirs != ours => Err(format!(
                "this save was made on other data (identity {theirs}) than this game's \
                 ({ours}): give the --data it was played on"
            )),
            (None, Some(_)) => Err(
                "this save does not say which data it was played on (`data = …`), so it \
                 cannot be checked against this game's (an edited save?)"
                    .into(),
            ),
            _ => Ok(()),
        }
    }

    /// The side the save was played as, if it names one: an acting side of `game`.
    pub fn side_in<G: Game>(&self, game: &G) -> Result<Option<super::PlayerId>, String> {
        let Some(name) = &self.side else {
            return Ok(None);
        };
        (0..game.acting_players())
            .find(|&p| game.player_name(p).eq_ignore_ascii_case(name))
            .map(Some)
            .ok_or_else(|| format!("the save's side '{name}' does not act in this game"))
    }

    /// A save's seal holds: nothing in it was edited since it was saved (a save written before
    /// the steps were sealed, header only, still holds; one before seals has none).
    fn check_seal(&self) -> Result<(), String> {
        let broken = (self.seal.as_ref())
            .is_some_and(|seal| *seal != self.whole_seal() && *seal != self.header_seal());
        match broken {
            true => Err(
                "this save was changed after it was saved (its header — game, version, \
                 scenario, side, data or seed — or its steps): it would replay into another \
                 game"
                    .into(),
            ),
            false => Ok(()),
        }
    }

    /// The log as a save: with the seal of its header and steps.
    pub fn sealed(&self) -> Replay {
        Replay {
            seal: Some(self.whole_seal()),
            ..self.clone()
        }
    }

    /// The hash of the header and the steps (trial 17a F11: an edited step replayed into
    /// another position).
    fn whole_seal(&self) -> String {
        super::data::identity(&(self.header_seal(), &self.steps))
    }

    /// The hash of everything but the steps (`engine::data::identity`, stable across runs):
    /// the seal of saves written before the steps were sealed.
    fn header_seal(&self) -> String {
        let header = (
            &self.game,
            self.version,
            &self.scenario,
            &self.side,
            &self.data,
            self.seed,
        );
        super::data::identity(&header)
    }

    /// An empty log of `game` played with `seed`.
    pub fn new<G: Game>(game: &G, seed: u64) -> Self {
        Replay {
            game: game.id().to_string(),
            seed,
            version: game.log_version(),
            scenario: None,
            side: None,
            data: None,
            seal: None,
            steps: Vec::new(),
        }
    }

    /// Records that `a` was taken in state `s` (before applying it).
    pub fn record<G: Game>(&mut self, game: &G, s: &G::State, a: G::Action) {
        let index = match game.actor(s) {
            Actor::Chance => {
                let mut out = Vec::new();
                game.chance_outcomes(s, &mut out);
                out.iter().position(|&(x, _)| x == a)
            }
            Actor::Player(_) => {
                let mut out = Vec::new();
                game.legal_actions(s, &mut out);
                out.iter().position(|&x| x == a)
            }
            Actor::Terminal => None,
        };
        self.record_index(index.expect("recorded action is not on offer"));
    }

    /// Records that entry `index` of the list on offer was taken (for a caller that has the
    /// list at hand; `record` builds it again).
    pub fn record_index(&mut self, index: usize) {
        let index = u16::try_from(index).expect("a list on offer has at most 65,536 entries");
        self.steps.push(index);
    }

    /// The action at index `index` of the list offered in `s`.
    pub fn action_at<G: Game>(game: &G, s: &G::State, index: u16) -> Option<G::Action> {
        match game.actor(s) {
            Actor::Chance => {
                let mut out = Vec::new();
                game.chance_outcomes(s, &mut out);
                out.get(usize::from(index)).map(|&(a, _)| a)
            }
            Actor::Player(_) => {
                let mut out = Vec::new();
                game.legal_actions(s, &mut out);
                out.get(usize::from(index)).copied()
            }
            Actor::Terminal => None,
        }
    }

    /// How many choices `s` offers: decisions or chance outcomes, whichever is due (a game
    /// may not list decisions at a chance node, nor outcomes at a decision).
    fn offered<G: Game>(game: &G, s: &G::State) -> usize {
        match game.actor(s) {
            Actor::Chance => {
                let mut out = Vec::new();
                game.chance_outcomes(s, &mut out);
                out.len()
            }
            Actor::Player(_) => {
                let mut out = Vec::new();
                game.legal_actions(s, &mut out);
                out.len()
            }
            Actor::Terminal => 0,
        }
    }

    /// Replays the log from the game's initial state.
    pub fn replay<G: Game>(&self, game: &G) -> Result<G::State, ReplayError> {
        self.replay_visiting(game, |_| {})
    }

    /// `replay`, showing `visit` each step as it is taken: its number, the state before, the
    /// action and the state after.
    pub fn replay_visiting<G: Game>(
        &self,
        game: &G,
        mut visit: impl FnMut(Visited<'_, G>),
    ) -> Result<G::State, ReplayError> {
        if self.game != game.id() {
            return Err(ReplayError::WrongGame {
                expected: game.id().to_string(),
                found: self.game.clone(),
            });
        }
        if self.version != game.log_version() {
            return Err(ReplayError::WrongVersion {
                expected: game.log_version(),
                found: self.version,
            });
        }
        let mut s = game.initial_state();
        for (step, &index) in self.steps.iter().enumerate() {
            if game.actor(&s) == Actor::Terminal {
                return Err(ReplayError::PastEnd { step });
            }
            let a = Self::action_at(game, &s, index).ok_or_else(|| ReplayError::BadIndex {
                step,
                index,
                len: Self::offered(game, &s),
            })?;
            let before = s.clone();
            game.apply(&mut s, a);
            visit(Visited {
                step,
                before: &before,
                action: a,
                after: &s,
            });
        }
        Ok(s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn log(game: &str, scenario: Option<&str>, data: Option<&str>) -> Replay {
        Replay {
            game: game.into(),
            scenario: scenario.map(str::to_string),
            data: data.map(str::to_string),
            ..Replay::default()
        }
        .sealed()
    }

    /// A save loads only into the game, scenario and data it was played on: one that does not
    /// name its scenario or data (edited by hand) is refused, not taken for any.
    #[test]
    fn a_save_loads_only_into_its_own_game_scenario_and_data() {
        let ours = log("g", Some("s1"), Some("d1"));
        assert!(ours
            .check_same_game(&log("g", Some("s1"), Some("d1")))
            .is_ok());
        // A save sealed before the steps were (its header only) still loads.
        let older = Replay {
            steps: vec![2, 0],
            ..log("g", Some("s1"), Some("d1"))
        };
        let older = Replay {
            seal: Some(older.header_seal()),
            ..older
        };
        assert!(ours.check_same_game(&older).is_ok());
        for (saved, words) in [
            (log("h", Some("s1"), Some("d1")), "a save of 'h'"),
            (
                Replay {
                    version: 7,
                    ..log("g", Some("s1"), None)
                }
                .sealed(),
                "version 7",
            ),
            // Another game's save edited to name this one: told as edited, not by its version
            // (trial 16a F8).
            (
                Replay {
                    game: "g".into(),
                    version: 7,
                    ..log("h", Some("s1"), Some("d1"))
                },
                "was changed after it was saved (its header",
            ),
            // The Stolberg Corridor's save edited to name the Campaign: the same data.
            (
                Replay {
                    scenario: Some("s2".into()),
                    ..log("g", Some("s1"), Some("d1"))
                },
                "was changed after it was saved (its header",
            ),
            (
                Replay {
                    seal: None,
                    ..log("g", Some("s1"), Some("d1"))
                },
                "has no seal",
            ),
            // An edited step (trial 17a F11).
            (
                Replay {
                    steps: vec![1],
                    ..log("g", Some("s1"), Some("d1"))
                },
                "or its steps",
            ),
            (log("g", Some("s2"), Some("d1")), "scenario s2"),
            // Not "give --scenario S1", which would load s1 and refuse the save again.
            (
                log("g", Some("S1"), Some("d1")),
                "names the scenario S1, which g does not have",
            ),
            (log("g", None, Some("d1")), "names no scenario"),
            (log("g", Some("s1"), Some("d2")), "other data"),
            (log("g", Some("s1"), None), "which data"),
        ] {
            let e = ours.check_same_game(&saved).unwrap_err();
            assert!(e.contains(words), "{e}");
        }
        let hidden = Replay::parse("game = \"g\"\nseed = 1\nside = \"\\u202Eg\"\nsteps = []\n");
        let e = hidden.unwrap_err();
        assert!(e.contains("its side holds") && e.contains("U+202E"), "{e}");
        let single = log("g", None, Some("d1"));
        let e = single
            .check_same_game(&log("g", Some("s1"), Some("d1")))
            .unwrap_err();
        assert!(e.contains("does not have"), "{e}");
        // A key Sandtable does not write makes it another file, not a save.
        for extra in ["cheat = 1\n", "[extra]\nx = 1\n"] {
            let text = format!("game = \"g\"\nseed = 1\nsteps = []\n{extra}");
            let e = Replay::parse(&text).unwrap_err();
            assert!(e.contains("unknown field"), "{e}");
        }
        // A file that is not TOML at all is told by its place, not the parser's expectations.
        let e = Replay::parse("#!/bin/sh\necho hello\n").unwrap_err();
        assert_eq!(e, "not a saved game: it is not TOML (at line 2, column 6)");
        // A key written twice, or a NUL byte, is told as what it is (trial 14a F3).
        let e = Replay::parse("game = \"g\"\nseed = 1\nsteps = []\nseed = 1\n").unwrap_err();
        assert!(
            e.starts_with("not a saved game: line 4, column 1: duplicate key `seed`"),
            "{e}"
        );
        let e = Replay::parse("game = \"g\"\nseed = 1\nsteps = []\n\0").unwrap_err();
        assert_eq!(e, "not a saved game: line 4, column 1: it holds a NUL byte");
        // A seed past TOML's integers is told as such, and how a save writes it.
        let e =
            Replay::parse("game = \"g\"\nseed = 18446744073709551615\nsteps = []\n").unwrap_err();
        assert!(
            e.contains("line 2, column 8: a number past TOML's integers") && e.contains("quotes"),
            "{e}"
        );
        // A step as large gets no advice about seeds (trial 13a F4).
        let e = Replay::parse("game = \"g\"\nseed = 1\nsteps = [0, 18446744073709551615]\n")
            .unwrap_err();
        assert!(
            e.contains("line 3") && e.contains("but its seed") && !e.contains("quotes"),
            "{e}"
        );
    }

    /// A save whose game was edited is told as edited, not as another game's save (trial 23b
    /// F4); another game's genuine save is told as that.
    #[test]
    fn an_edited_game_field_is_told_as_an_edit() {
        let log = |game: &str| Replay {
            game: game.into(),
            seed: 4,
            ..Replay::default()
        };
        let mut edited = log("rudders-line").sealed();
        edited.game = "aachen".into();
        for playing in ["aachen", "rudders-line"] {
            let e = log(playing).check_same_game(&edited).unwrap_err();
            assert!(e.contains("changed after it was saved"), "{playing}: {e}");
        }
        let other = log("aachen").sealed();
        let e = log("rudders-line").check_same_game(&other).unwrap_err();
        assert_eq!(e, "this is a save of 'aachen', not rudders-line");
    }

    /// Any u64 seed saves and loads back: above TOML's i64::MAX as text; a seed below 0 or
    /// not a number is refused with its range.
    #[test]
    fn every_seed_saves_and_loads_back() {
        for seed in [0, 7, i64::MAX as u64, i64::MAX as u64 + 1, u64::MAX] {
            let saved = Replay {
                game: "g".into(),
                seed,
                ..Replay::default()
            };
            let text = toml::to_string(&saved).expect("every seed is written");
            assert_eq!(Replay::parse(&text).unwrap(), saved, "{text}");
        }
        for bad in [
            "-1",
            "\"x\"",
            "1.5",
            "\"-3\"",
            "\"+5\"",
            "\"09223372036854775808\"",
        ] {
            let e = Replay::parse(&format!("game = \"g\"\nseed = {bad}\nsteps = []\n"));
            let e = e.unwrap_err();
            assert!(e.contains("from 0 to 18446744073709551615"), "{bad}: {e}");
        }
        // An empty file is said to be empty (trial 22b F6).
        for empty in ["", "\n  \n"] {
            assert_eq!(
                Replay::parse(empty).unwrap_err(),
                "not a saved game: the file is empty"
            );
        }
        // A small seed in quotes is told how to write it (trial 22b F2).
        let e = Replay::parse("game = \"g\"\nseed = \"5\"\nsteps = []\n").unwrap_err();
        assert!(e.contains("written without quotes (seed = 5)"), "{e}");
    }
}
