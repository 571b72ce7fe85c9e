//! The game-independent core: the [`Game`] trait with explicit chance nodes, dice as exact
//! weighted outcomes, per-game seeding and the replay log. Nothing here knows about any game.

pub mod bits;
pub mod data;
pub mod dice;
pub mod game;
pub mod percent;
pub mod read;
pub mod readings;
pub mod replay;
pub mod seed;
pub mod words;
pub mod write;

pub use game::{Actor, Game, InitiativeCount, Outcome, PlayerId, RecordColumns, Tally};
pub use replay::Replay;
pub use seed::{game_rng, game_seed, search_rng, GameRng};
