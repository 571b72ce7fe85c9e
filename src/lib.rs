//! Sandtable: rules engines, bots and analysis for WWII board wargames.
//!
//! * [`engine`] — the game-independent core (Game trait, chance, dice, seeding, replays).
//! * [`games`] — one module per game: state, rules, data schema, embedded default data.
//! * [`bots`] — the Bot trait and game-independent bots.
//! * [`sim`] — the parallel game runner and its statistics.
//! * [`analysis`] — exact distributions by enumerating chance.
//! * [`cli`] — the `sandtable` command line.

/// A line on stderr, as `eprintln!`, that a closed stderr (a pipe whose reader has gone)
/// does not turn into a panic.
#[macro_export]
macro_rules! stderr_line {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!(std::io::stderr(), $($arg)*);
    }};
}

pub mod analysis;
pub mod board;
pub mod bots;
pub mod cli;
pub mod engine;
pub mod experiment;
pub mod games;
pub mod registry;
pub mod session;
pub mod sim;
pub mod web;
