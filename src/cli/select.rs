//! Turning names on the command line into games, scenarios and bots.

use super::CliError;
use crate::bots::mcts::RolloutFactory;
use crate::bots::{preset, Bot};
use crate::engine::{Game, PlayerId};
use crate::games::aachen::{self, Aachen};
use crate::games::crossing_the_line::scenario::{FIRST_BLOOD, STOLBERG_CORRIDOR};
use crate::games::crossing_the_line::{self, CrossingTheLine};
use crate::games::rudders_line::{RuddersLine, ScriptedBot};
use crate::games::{GameInfo, GAMES};
use std::sync::Arc;

/// The entry of `games::GAMES` named `name`, which must be implemented.
pub fn implemented_game(name: &str) -> Result<&'static GameInfo, CliError> {
    let info = GAMES
        .iter()
        .find(|g| g.id == name)
        .ok_or_else(|| CliError::UnknownGame {
            name: name.to_string(),
            known: GAMES.iter().map(|g| g.id).collect::<Vec<_>>().join(", "),
        })?;
    if !info.implemented {
        return Err(CliError::NotImplemented(info.id.to_string()));
    }
    Ok(info)
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

/// Checks `--scenario` against the scenarios a game offers (matched by exact name or slug).
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

/// Makes bot `name` (a preset name or a preset file, see `bots::preset`) for `player` of
/// Rudder's Line.
pub fn rudders_line_bot(
    game: &RuddersLine,
    name: &str,
    player: PlayerId,
) -> Option<Box<dyn Bot<RuddersLine>>> {
    let preset = preset::load(name).ok()?;
    game.bot("scripted", player)?;
    let scripted: RolloutFactory<RuddersLine> = Arc::new(|| Box::new(ScriptedBot::default()));
    preset.build(Some(scripted))
}

/// Makes bot `name` (a preset name or a preset file) for the American player of Aachen, with
/// Aachen's scripted doctrine as the `scripted` bot and MCTS rollout policy.
pub fn aachen_bot(name: &str, _player: PlayerId) -> Option<Box<dyn Bot<Aachen>>> {
    let preset = preset::load(name).ok()?;
    let scripted: RolloutFactory<Aachen> = Arc::new(|| Box::new(aachen::ScriptedBot::default()));
    preset.build(Some(scripted))
}

/// The scenarios of Crossing the Line the engine plays (10.1, 10.2), with their names.
pub const CROSSING_THE_LINE_SCENARIOS: [(&str, &str); 2] = [
    (FIRST_BLOOD, "First Blood"),
    (STOLBERG_CORRIDOR, "The Stolberg Corridor"),
];

/// Crossing the Line for one scenario (`--scenario`, required), on `--data` or the embedded
/// data, with `--open`; and the scenario's id.
pub fn crossing_the_line_game(
    scenario: Option<&str>,
    data: Option<&std::path::Path>,
    open: bool,
) -> Result<(CrossingTheLine, &'static str), CliError> {
    let id = crossing_the_line_scenario(scenario)?;
    Ok((CrossingTheLine::load(data, id)?.with_open(open), id))
}

/// `--scenario` for Crossing the Line, which has two and no default: the scenario's id, from
/// its id or name (matched as `slug` does).
pub fn crossing_the_line_scenario(wanted: Option<&str>) -> Result<&'static str, CliError> {
    let game = "crossing-the-line".to_string();
    let known = CROSSING_THE_LINE_SCENARIOS
        .iter()
        .map(|&(id, _)| id)
        .collect::<Vec<_>>()
        .join(", ");
    let Some(wanted) = wanted else {
        return Err(CliError::MissingScenario { game, known });
    };
    CROSSING_THE_LINE_SCENARIOS
        .iter()
        .find(|&&(id, name)| slug(id) == slug(wanted) || slug(name) == slug(wanted))
        .map(|&(id, _)| id)
        .ok_or_else(|| CliError::UnknownScenario {
            game,
            name: wanted.to_string(),
            known,
        })
}

/// Makes bot `name` (a preset name or a preset file) for either side of Crossing the Line,
/// with its scripted doctrine as the `scripted` bot and MCTS rollout policy.
pub fn crossing_the_line_bot(
    name: &str,
    _player: PlayerId,
) -> Option<Box<dyn Bot<CrossingTheLine>>> {
    let preset = preset::load(name).ok()?;
    let scripted: RolloutFactory<CrossingTheLine> =
        Arc::new(|| Box::new(crossing_the_line::ScriptedBot));
    preset.build(Some(scripted))
}

/// Checks that `names` gives one known bot per acting side (`Game::acting_players`), by
/// making each once.
pub fn check_bots<G: Game>(
    game: &G,
    names: &[String],
    make: impl Fn(&str, PlayerId) -> Option<Box<dyn Bot<G>>>,
    known: &[&str],
) -> Result<(), CliError> {
    let n = game.acting_players();
    if names.len() != n {
        return Err(CliError::BotCount {
            expected: n,
            sides: (0..n)
                .map(|p| game.player_name(p))
                .collect::<Vec<_>>()
                .join(", "),
            got: names.len(),
        });
    }
    for (p, name) in names.iter().enumerate() {
        preset::load(name)?;
        if make(name, p).is_none() {
            return Err(CliError::UnknownBot {
                game: game.id().to_string(),
                name: name.clone(),
                known: known.join(", "),
            });
        }
    }
    Ok(())
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
    fn unknown_and_unimplemented_games_are_errors() {
        assert!(matches!(
            implemented_game("nosuchgame"),
            Err(CliError::UnknownGame { .. })
        ));
        assert!(matches!(
            implemented_game("cross-of-iron"),
            Err(CliError::NotImplemented(_))
        ));
        assert!(implemented_game("rudders-line").is_ok());
        assert!(implemented_game("aachen").is_ok());
        assert!(implemented_game("crossing-the-line").is_ok());
    }

    #[test]
    fn crossing_the_line_needs_one_of_its_two_scenarios() {
        assert_eq!(
            crossing_the_line_scenario(Some("first-blood")).unwrap(),
            "first-blood"
        );
        assert_eq!(
            crossing_the_line_scenario(Some("The Stolberg Corridor")).unwrap(),
            "stolberg-corridor"
        );
        for wanted in [None, Some("across-the-wurm")] {
            let e = crossing_the_line_scenario(wanted).unwrap_err().to_string();
            assert!(e.contains("first-blood, stolberg-corridor"), "{e}");
        }
    }
}
