//! The parallel game runner and its statistics. Everything here is generic over the
//! [`Game`](crate::engine::Game) trait: no game-specific code, so every game gets the same
//! balance runs, summaries and CSV records.
//!
//! * [`play`] — plays one game to the end (bots at decisions, the game's RNG at chance nodes).
//! * [`runner`] — runs N games in a local rayon pool; results are identical for any thread count.
//! * [`stats`] — Wilson intervals and the [`Summary`] of a run.
//! * [`report`] — the plain-text table `sandtable balance` prints.
//! * [`totals`] — the mergeable counts and sums a run folds its games into.
//! * [`records`] — one CSV row per game.
//! * [`shard`] — a run's share played on one machine, and the merge of the shares.
//! * [`progress`] — the progress bar on stderr.
//! * [`interrupt`] — Ctrl-C: a long run stops between games and leaves no file behind.

pub mod elo;
pub mod interrupt;
pub mod play;
pub mod progress;
pub mod records;
pub mod report;
pub mod runner;
pub mod shard;
pub mod sprt;
pub mod stats;
pub mod totals;

pub use play::{play_game, play_to_end, GameRecord, SimError, MAX_STEPS};
pub use runner::{run_folded, run_games, run_range, Plan, Stop, BATCH};
pub use stats::{
    paired_difference, unpaired_difference, wilson, Difference, Interval, Rate, SideSummary,
    Summary, Z95,
};
pub use totals::{Moments, PairedWins, Totals};
