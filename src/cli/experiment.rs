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
    /// (values to set, bots to play) and sweeps to compare with the baseline (see the README).
    pub spec: PathBuf,
    /// The results folder (default: results/<name>/, the name being the spec's `name` or
    /// its file's stem). With --shard: the shard file (default:
    /// results/<name>/shard-K-of-N.shard).
    #[arg(long, value_name = "DIR")]
    pub out: Option<PathBuf>,
    /// Play only the K-th of N equal shares of every variant's games (1 ≤ K ≤ N) and write a
    /// shard file; `sandtable merge` combines the N shard files into exactly the results
    /// one machine would have written. For a Slurm job array or a Kubernetes Indexed Job
    /// (see deploy/).
    #[arg(long, value_name = "K/N", value_parser = crate::sim::shard::Shard::parse)]
    pub shard: Option<crate::sim::shard::Shard>,
    /// Worker threads for games (0: one per core; at most 1,024). Results do not depend on it.
    #[arg(long, default_value_t = 0, value_parser = thread_count, allow_hyphen_values = true)]
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
        let results = PathBuf::from("results").join(self.spec.name());
        // The default shard file's folder, made if missing: removed again if the shard file is
        // not written into it (an error, Ctrl-C).
        let (out, _folder) = match (&self.args.out, self.args.shard) {
            (Some(out), _) => (out.clone(), None),
            (None, None) => (results, None),
            (None, Some(s)) => {
                let folder = crate::engine::write::Folder::create(&results)
                    .map_err(|e| super::common::output_error(&results, e))?;
                let file = results.join(format!("shard-{}-of-{}.shard", s.k, s.n));
                (file, Some(folder))
            }
        };
        let ctx = Context {
            spec_path: &self.args.spec,
            out: &out,
            threads: self.args.threads,
            command: std::env::args().collect::<Vec<_>>().join(" "),
            shard: self.args.shard,
        };
        experiment::run::<G>(&self.spec, &ctx)
    }
}
