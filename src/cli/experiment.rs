//! `sandtable experiment experiments/<name>.toml`: the baseline and every variant of a spec,
//! on the same game seeds, written to `results/<name>/` (see `crate::experiment`).

use super::common::thread_count;
use super::CliError;
use crate::experiment::{self, spec::Spec, Context};
use crate::registry::{self, Entry, Visitor};
use clap::Args;
use std::path::PathBuf;

#[derive(Debug, Args)]
pub struct ExperimentArgs {
    /// The spec: a TOML file naming the game, scenario, bots, games, seed, and the variants
    /// and sweeps to compare with the unmodified data (see the README).
    pub spec: PathBuf,
    /// The results folder (default: results/<name>/, the name being the spec's `name` or
    /// its file's stem).
    #[arg(long, value_name = "DIR")]
    pub out: Option<PathBuf>,
    /// Worker threads for games (0: one per core; at most 1,024). Results do not depend on it.
    #[arg(long, default_value_t = 0, value_parser = thread_count)]
    pub threads: usize,
}

pub fn run(args: &ExperimentArgs) -> Result<(), CliError> {
    let spec = Spec::load(&args.spec).map_err(CliError::Usage)?;
    let game = spec.game.clone();
    registry::visit(&game, Experiment { args, spec })?
}

struct Experiment<'a> {
    args: &'a ExperimentArgs,
    spec: Spec,
}

impl Visitor for Experiment<'_> {
    type Output = Result<(), CliError>;

    fn visit<G: Entry>(self) -> Self::Output {
        let out = self
            .args
            .out
            .clone()
            .unwrap_or_else(|| PathBuf::from("results").join(self.spec.name()));
        let ctx = Context {
            spec_path: &self.args.spec,
            out_dir: &out,
            threads: self.args.threads,
            command: std::env::args().collect::<Vec<_>>().join(" "),
        };
        experiment::run::<G>(&self.spec, &ctx)
    }
}
