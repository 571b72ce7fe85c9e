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
