//! `sandtable merge SHARD...`: the shard files of one `balance`, `experiment` or `ladder` run, played
//! with `--shard K/N` on any number of machines, combined into exactly what one machine would
//! have printed and written (see `crate::sim::shard`).

use super::CliError;
use crate::sim::shard;
use clap::Args;
use std::path::PathBuf;

#[derive(Debug, Args)]
pub struct MergeArgs {
    /// The shard files, in any order: every shard of one run, each once.
    #[arg(required = true)]
    pub shards: Vec<PathBuf>,
    /// A balance run: the games' CSV (as `balance --out`). An experiment: the results folder
    /// (default: results/<name>/). A ladder: the folder of its CSVs (as `ladder --out`).
    #[arg(long, value_name = "PATH")]
    pub out: Option<PathBuf>,
}

pub fn run(args: &MergeArgs) -> Result<(), CliError> {
    let parts = shard::read_set(&args.shards).map_err(CliError::Usage)?;
    let out = args.out.as_deref();
    match parts[0].header.kind.as_str() {
        "balance" => super::balance::merge(&parts, out),
        "experiment" => crate::experiment::merge(&parts, out),
        "ladder" => super::ladder::merge(&parts, out),
        other => Err(CliError::Usage(format!(
            "{}: a shard of a `{other}` run, which merge does not know",
            parts[0].path.display()
        ))),
    }
}
