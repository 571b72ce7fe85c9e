//! Flags and helpers shared by the commands that run games.

use super::CliError;
use clap::Args;
use std::path::{Path, PathBuf};

/// `--seed`, `--threads` and `--data`, for every command that plays games.
#[derive(Debug, Args)]
pub struct RunArgs {
    /// Run seed: game i is seeded from (seed, i), so the same seed gives the same results.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Worker threads for games (0: one per core). Results do not depend on it.
    #[arg(long, default_value_t = 0)]
    pub threads: usize,
    /// Game data to use instead of the embedded default: a directory of TOML tables or one
    /// TOML file holding them all.
    #[arg(long, value_name = "PATH")]
    pub data: Option<PathBuf>,
}

/// An output file that could not be written.
pub fn output_error(path: &Path, e: impl std::fmt::Display) -> CliError {
    CliError::Output {
        path: path.to_path_buf(),
        message: e.to_string(),
    }
}
