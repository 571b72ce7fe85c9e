//! Checking the bots named on the command line against a game's sides.

use super::CliError;
use crate::bots::{preset, Bot};
use crate::engine::{Game, PlayerId};

/// Checks that `names` gives one known bot per acting side (`Game::acting_players`), by
/// making each once.
pub fn check_bots<G: Game>(
    game: &G,
    names: &[String],
    make: impl Fn(&str, PlayerId) -> Option<Box<dyn Bot<G>>>,
    known: &[&str],
) -> Result<(), CliError> {
    // An unknown name is the mistake to report first, whatever the count.
    for (p, name) in names.iter().enumerate() {
        preset::load(name)?;
        if make(name, p.min(game.acting_players().saturating_sub(1))).is_none() {
            return Err(CliError::UnknownBot {
                game: game.id().to_string(),
                name: name.clone(),
                known: known.join(", "),
            });
        }
    }
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
    Ok(())
}

/// Determinism: a bot that searches by wall time (`time_ms`) plays as far as the machine's
/// speed and load allow, so the seed does not fix its games. A shard's games must be the ones
/// any machine plays (`merge` joins them as one run): refused. Any other run: a note.
pub fn check_timed(names: &[String], sharded: bool) -> Result<(), CliError> {
    let Some(name) = names
        .iter()
        .find(|n| preset::load(n).is_ok_and(|p| p.searches_by_time()))
    else {
        return Ok(());
    };
    if sharded {
        return Err(CliError::Usage(format!(
            "bot '{name}' searches by time (time_ms), so a shard's games would depend on its \
             machine's speed and could not be merged as one run: give the preset iterations"
        )));
    }
    crate::stderr_line!(
        "note: bot '{name}' searches by time (time_ms): its games depend on this machine's \
         speed and load, so the same seed may not repeat them"
    );
    Ok(())
}
